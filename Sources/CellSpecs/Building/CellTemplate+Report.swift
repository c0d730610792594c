import AutoLayout
import Foundation

/// Something `CellTemplate.report(width:)` found wrong with a cell's layout. Its text is made in
/// one place, ``description``.
public enum CellDiagnostic: CustomStringConvertible {
    /// A constraint the engine broke or a generated constraint that failed.
    case layout(LayoutDiagnostic)
    /// The cell does not take its height from its content.
    case selfSizing(SelfSizingProblem)
    /// A view whose frame the constraints leave undetermined.
    case ambiguous(viewID: String, attributes: [LayoutAttribute])
    /// A view whose width or height the required constraints make negative: its frame is reported
    /// with 0 instead, which breaks them.
    case negativeSize(viewID: String, attribute: LayoutAttribute, value: CGFloat)
    /// The ambiguity check was not run: the cell has more views than
    /// ``CellTemplate/ambiguityCheckLimit``.
    case ambiguityNotChecked(views: Int, limit: Int)

    public var description: String {
        switch self {
        case let .layout(d): return d.description
        case let .selfSizing(p): return p.description
        case let .ambiguous(id, attributes):
            return "\(id) has an ambiguous layout: \(attributes.map(\.description).joined(separator: ", ")) not determined"
        case let .ambiguityNotChecked(views, limit):
            return "ambiguity not checked: the cell has \(views) views, more than \(limit) (the check's cost grows "
                + "faster than the number of views)"
        case let .negativeSize(id, attribute, value):
            return "the required constraints make the \(attribute) of \(id) \(SpecLimits.format(value)); reported as 0, "
                + "which breaks them (a frame has no negative size)"
        }
    }
}

extension CellTemplate {
    /// A cell laid out at a width as a self-sizing table row: its fitted size, every view's frame
    /// in content-view coordinates, and what is wrong with it.
    public struct Report {
        /// The fitted size (`systemLayoutSizeFitting` with the width required, the height compressed).
        public var size: CGSize
        /// `contentView` first, then the spec's views in its order.
        public var frames: [(id: String, frame: CGRect)]
        /// The engine's diagnostics, the self-sizing problem, ambiguous views in spec order, then
        /// views with negative sizes.
        public var diagnostics: [CellDiagnostic]
    }

    /// The most views ``report(width:)`` checks for ambiguity. Each probe of the check reads
    /// rows whose length grows with the depth of a chain of views, so that the check of a chain
    /// of n views grows as n^2: 0.45 s for 2,000 views (release build), 15 s for 10,000.
    public static let ambiguityCheckLimit = 2_000

    /// Fits the configured cell at `width`, lays it out at the fitted size and reports its frames
    /// and diagnostics, as `selfsizing layout` prints them.
    /// - Complexity: a few layouts and the ambiguity check (`View.ambiguousAttributes(of:)`),
    ///   all views probed in one scratch copy of the constraints, up to ``ambiguityCheckLimit``
    ///   views; beyond that the check is skipped and a diagnostic says so.
    public func report(width: CGFloat) -> Report {
        // Fitting gives a size of at least 0; laid out at it, the engine reports a required
        // constraint that asked for less (diagnostics are read after the layout for that).
        let size = fittingSize(width: width)
        let problem = contentView.selfSizingProblem(width: width)
        layout(size: size)
        var diagnostics = contentView.layoutDiagnostics.map(CellDiagnostic.layout)
        if let problem { diagnostics.append(.selfSizing(problem)) }
        let ids = spec.views.map(\.id)
        let specViews = ids.map { views[$0]! }
        if specViews.count > Self.ambiguityCheckLimit {
            diagnostics.append(.ambiguityNotChecked(views: specViews.count, limit: Self.ambiguityCheckLimit))
        } else {
            for (id, attributes) in zip(ids, View.ambiguousAttributes(of: specViews)) where !attributes.isEmpty {
                diagnostics.append(.ambiguous(viewID: id, attributes: attributes))
            }
        }
        // Origins in content-view coordinates, each from its parent's (spec views come after
        // their parents), so that deep nesting costs no walk up the hierarchy per view.
        var origins: [ObjectIdentifier: CGPoint] = [ObjectIdentifier(contentView): .zero]
        var frames: [(id: String, frame: CGRect)] = [("contentView", CGRect(origin: .zero, size: size))]
        frames.reserveCapacity(ids.count + 1)
        for (id, view) in zip(ids, specViews) {
            let origin: CGPoint
            if let parent = view.superview, let o = origins[ObjectIdentifier(parent)] {
                origin = CGPoint(x: o.x + view.frame.origin.x, y: o.y + view.frame.origin.y)
            } else {
                origin = view.convert(CGRect.zero, to: contentView).origin
            }
            origins[ObjectIdentifier(view)] = origin
            // A negative size is reported as 0 and said (CGRect would standardize it silently).
            var frameSize = view.frame.size
            for (attribute, value) in [(LayoutAttribute.width, frameSize.width), (.height, frameSize.height)] where !(value >= 0) {
                diagnostics.append(.negativeSize(viewID: id, attribute: attribute, value: value))
            }
            frameSize = CGSize(width: max(0, frameSize.width), height: max(0, frameSize.height))
            frames.append((id, CGRect(origin: origin, size: frameSize)))
        }
        return Report(size: size, frames: frames, diagnostics: diagnostics)
    }
}
