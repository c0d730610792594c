import AutoLayout
import Yams

extension SpecReader {
    /// The names a spec writes for ``CellSpec/SemanticContentAttribute``: UIKit's.
    static let semanticContentAttributes: [String: CellSpec.SemanticContentAttribute] =
        Dictionary(uniqueKeysWithValues: CellSpec.SemanticContentAttribute.allCases.map { ($0.rawValue, $0) })

    /// `semanticContentAttribute: unspecified | playback | spatial | forceLeftToRight | forceRightToLeft`.
    func semanticContentAttribute(_ node: Node) throws(SpecError) -> CellSpec.SemanticContentAttribute {
        try choice(node, SpecReader.semanticContentAttributes, "semantic content attribute")
    }

    /// The cell's `layoutDirection: leftToRight | rightToLeft` (the app's direction).
    func layoutDirection(_ node: Node) throws(SpecError) -> LayoutDirection {
        try choice(node, ["leftToRight": .leftToRight, "rightToLeft": .rightToLeft], "layout direction")
    }
}
