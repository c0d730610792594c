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

    public var description: String {
        switch self {
        case let .layout(d): return d.description
        case let .selfSizing(p): return p.description
        case let .ambiguous(id, attributes):
            return "\(id) has an ambiguous layout: \(attributes.map(\.description).joined(separator: ", ")) not determined"
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
        /// The engine's diagnostics, the self-sizing problem, then ambiguous views in spec order.
        public var diagnostics: [CellDiagnostic]
    }

    /// Fits the configured cell at `width`, lays it out at the fitted size and reports its frames
    /// and diagnostics, as `selfsizing layout` prints them.
    /// - Complexity: the ambiguity check builds a scratch copy of the constraints per view.
    public func report(width: CGFloat) -> Report {
        let size = fittingSize(width: width)
        var diagnostics = contentView.layoutDiagnostics.map(CellDiagnostic.layout)
        if let problem = contentView.selfSizingProblem(width: width) { diagnostics.append(.selfSizing(problem)) }
        layout(size: size)
        for id in spec.views.map(\.id) {
            let attributes = views[id]!.ambiguousAttributes()
            if !attributes.isEmpty { diagnostics.append(.ambiguous(viewID: id, attributes: attributes)) }
        }
        var frames: [(id: String, frame: CGRect)] = [("contentView", CGRect(origin: .zero, size: size))]
        for id in spec.views.map(\.id) {
            let view = views[id]!
            frames.append((id, view.convert(CGRect(origin: .zero, size: view.frame.size), to: contentView)))
        }
        return Report(size: size, frames: frames, diagnostics: diagnostics)
    }
}
