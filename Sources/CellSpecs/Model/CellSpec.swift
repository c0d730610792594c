import AutoLayout
import Foundation

/// A cell template, like a nib: its views, their properties, and its constraints, as data.
///
/// The model knows nothing of any file format. A reader makes one from a file — the YAML and
/// JSON reader (``init(yaml:file:)``, ``init(contentsOf:)``) from text such as
///
/// ```yaml
/// views:
///   - {id: number, type: label, text: "Line {row}", font: {style: caption1},
///      hugging: {horizontal: 251, vertical: 252}, compressionResistance: {vertical: 749}}
///   - {id: line, type: label, text: "{text}", font: {style: body}, numberOfLines: 0}
/// contentView: {layoutMargins: [20, 20, 20, 20]}
/// size: [320, 96]
/// constraints:
///   - "H:|-[number]-|"
///   - "V:|-[number]-(gap)-[line]-|"
///   - "line.leading == number.leading"
/// metrics: {gap: 8}
/// ```
///
/// — or code makes one directly; ``CellTemplate`` builds the views and constraints from it.
/// Readers' errors name the file, line and column and what was expected; an unknown key or view
/// id is an error, never ignored.
public struct CellSpec: Sendable {
    /// Where the spec came from, for errors.
    public var file: String
    /// The views, each after its parent.
    public var views: [ViewSpec]
    /// The constraints, their items named and their metrics resolved.
    public var constraints: [ConstraintSpec]
    /// The metrics the constraints were written with (already resolved in ``constraints``).
    public var metrics: [String: CGFloat]
    public var contentViewMargins: DirectionalEdgeInsets?
    public var contentViewBackground: Color?
    /// The template's recorded size, as a nib records its top view's size (nil: none recorded).
    /// Fitting ignores it; size calculators that scale a template to its container (AppDevKit's
    /// nib size calculator) start from it, and a template laid out at it shows the margins its
    /// designer drew. Both dimensions are above 0.
    public var size: CGSize?
    /// The content view's semantic content attribute (a forced one fixes the cell's direction).
    public var contentViewSemanticContentAttribute = SemanticContentAttribute.unspecified
    /// The app's layout direction (the trait collection's), which views whose semantic content
    /// attribute is not forced resolve to: left to right unless the spec or the caller says otherwise.
    public var layoutDirection = LayoutDirection.leftToRight

    /// A spec made in code.
    /// - Parameters:
    ///   - file: the name errors use.
    ///   - views: the views, each after its parent (`contentView` is there already).
    ///   - constraints: the constraints between them.
    ///   - metrics: the metrics the constraints were written with, if any (for the record).
    ///   - contentViewMargins: the content view's layout margins (nil keeps UIKit's default).
    ///   - contentViewBackground: the content view's background colour.
    ///   - size: the template's recorded size, as a nib has one (nil for none).
    public init(file: String = "<spec>", views: [ViewSpec], constraints: [ConstraintSpec], metrics: [String: CGFloat] = [:],
                contentViewMargins: DirectionalEdgeInsets? = nil, contentViewBackground: Color? = nil, size: CGSize? = nil) {
        self.file = file
        self.views = views
        self.constraints = constraints
        self.metrics = metrics
        self.contentViewMargins = contentViewMargins
        self.contentViewBackground = contentViewBackground
        self.size = size
    }

    /// A position in the spec file: 1-based line and column, 0 when not known.
    public struct Location: Hashable, Sendable {
        public var line: Int
        public var column: Int

        public init(line: Int, column: Int) {
            self.line = line
            self.column = column
        }
    }

    /// The kinds of view a spec holds, each made as its AutoLayout class (UIKit's in brackets).
    public enum ViewType: String, Sendable, CaseIterable {
        /// A plain `View` (UIView).
        case view
        /// A `Label` (UILabel).
        case label
        /// An `ImageView` (UIImageView).
        case image
        /// A `StackView` (UIStackView); its children are its arranged subviews.
        case stack
        /// A `Button` (UIButton, system type): its title plus insets.
        case button
        /// A `Switch` (UISwitch): 51 x 31.
        case `switch`
        /// An `ActivityIndicatorView` (UIActivityIndicatorView): 20 x 20 or 37 x 37 by its style.
        case activityIndicator
        /// A `SegmentedControl` (UISegmentedControl): 32 high, as wide as its titles need.
        case segmentedControl
        /// A `Slider` (UISlider): 31 high.
        case slider
        /// A `ProgressView` (UIProgressView): 4 high.
        case progressView
        /// A `TextView` (UITextView, not scrolling): sized by its text.
        case textView
    }
}
