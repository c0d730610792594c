import AutoLayout
import Foundation

extension CellTemplate {
    /// A spec constraint as a layout constraint between the template's views, carrying its
    /// location for diagnostics.
    func makeConstraint(_ c: CellSpec.ConstraintSpec) throws(SpecError) -> LayoutConstraint {
        let (first, firstAttribute) = try resolve(c.firstItem, c.firstAttribute, c)
        var second: View?
        var secondAttribute = c.secondAttribute
        if let item = c.secondItem { (second, secondAttribute) = try resolve(item, secondAttribute, c) }
        let constraint: LayoutConstraint
        do {
            constraint = try LayoutConstraint(item: first, attribute: firstAttribute, relatedBy: c.relation, toItem: second,
                                              attribute: secondAttribute, multiplier: c.multiplier, constant: c.constant)
        } catch {
            throw self.error(error.description, at: c)
        }
        constraint.priority = c.priority
        constraint.sourceLocation = c.location
        return constraint
    }

    /// An item's view, and the attribute of the view that the item's attribute is: a margins
    /// guide's edges are its view's margin attributes.
    func resolve(_ item: CellSpec.ConstraintSpec.Item, _ attribute: LayoutAttribute,
                         _ c: CellSpec.ConstraintSpec) throws(SpecError) -> (View, LayoutAttribute) {
        switch item {
        case let .view(id):
            guard let view = views[id] else { throw error("Unknown view '\(id)'", at: c) }
            return (view, attribute)
        case let .layoutMargins(of: id):
            guard let view = views[id] else { throw error("Unknown view '\(id)'", at: c) }
            let margin: LayoutAttribute? = switch attribute {
            case .left: .leftMargin
            case .right: .rightMargin
            case .top: .topMargin
            case .bottom: .bottomMargin
            case .leading: .leadingMargin
            case .trailing: .trailingMargin
            case .centerX: .centerXWithinMargins
            case .centerY: .centerYWithinMargins
            default: nil
            }
            guard let margin else { throw error("a layout margins guide has no attribute \(attribute)", at: c) }
            return (view, margin)
        }
    }

    func error(_ message: String, at c: CellSpec.ConstraintSpec) -> SpecError {
        guard let l = c.location else { return SpecError(file: spec.file, line: 0, column: 0, message: message) }
        return SpecError(file: l.file, line: l.line, column: l.column, message: message)
    }
}
