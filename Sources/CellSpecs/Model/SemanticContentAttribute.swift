import AutoLayout

extension CellSpec {
    /// How a view's content is laid out in either layout direction, as UIKit's
    /// `UISemanticContentAttribute`: a forced attribute fixes the view's direction (and so how its
    /// leading and trailing resolve), the others leave it to the direction around the view.
    ///
    /// Rules (``CellTemplate`` applies them when it builds the views):
    /// 1. `forceLeftToRight` and `forceRightToLeft` set the view's `layoutDirection`.
    /// 2. `unspecified`, `playback` and `spatial` set none: the view inherits its superview's
    ///    direction, and the content view the cell's ``CellSpec/layoutDirection`` (the app's
    ///    direction, which UIKit resolves them with). `playback` and `spatial` differ from
    ///    `unspecified` in UIKit only for controls that draw media and directional symbols, which
    ///    a cell spec does not draw.
    public enum SemanticContentAttribute: String, Sendable, Hashable, CaseIterable {
        /// The direction around the view (UIKit's default).
        case unspecified
        /// Playback controls (play, pause, rewind); laid out as `unspecified`.
        case playback
        /// Directional controls (a D-pad, segmented control for alignment); laid out as `unspecified`.
        case spatial
        /// Always left to right.
        case forceLeftToRight
        /// Always right to left.
        case forceRightToLeft

        /// The direction the attribute forces, or nil when it inherits (rule 1 and 2).
        public var forcedDirection: LayoutDirection? {
            switch self {
            case .forceLeftToRight: return .leftToRight
            case .forceRightToLeft: return .rightToLeft
            case .unspecified, .playback, .spatial: return nil
            }
        }
    }
}
