import AutoLayout

extension IBCellImporter {
    /// A view's `semanticContentAttribute="..."` (UIKit's names; absent is `unspecified`). A value
    /// the import does not know is `unspecified`, with a warning.
    mutating func semanticContentAttribute(of e: IBElement) -> CellSpec.SemanticContentAttribute {
        guard let name = e["semanticContentAttribute"] else { return .unspecified }
        guard let attribute = CellSpec.SemanticContentAttribute(rawValue: name) else {
            let known = CellSpec.SemanticContentAttribute.allCases.map(\.rawValue).joined(separator: ", ")
            warn("semanticContentAttribute=\"\(name)\" is not one of \(known); using unspecified", at: e)
            return .unspecified
        }
        return attribute
    }

    /// The content view's attribute, else the cell's when the cell is another element (the
    /// content view inherits the cell's direction).
    mutating func contentViewSemanticContentAttribute() -> CellSpec.SemanticContentAttribute {
        let own = semanticContentAttribute(of: contentElement)
        guard own == .unspecified, contentElement !== cell.element else { return own }
        return semanticContentAttribute(of: cell.element)
    }
}
