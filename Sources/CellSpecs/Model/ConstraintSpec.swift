import AutoLayout
import Cassowary
import Foundation

extension CellSpec {
    /// One constraint of the template, held as its parts rather than as text:
    /// `firstItem.firstAttribute (relation) multiplier * secondItem.secondAttribute + constant @priority`.
    ///
    /// Equations and visual format strings are one way of writing constraints; a reader parses
    /// them into these (a visual format line into several), with metrics resolved and `|` or
    /// `superview` replaced by the parent's id. Other readers, and code, make them directly.
    public struct ConstraintSpec: Hashable, Sendable {
        /// An item a constraint relates.
        public enum Item: Hashable, Sendable {
            /// A view by id; `contentView` is the cell's content view.
            case view(String)
            /// A view's layout margins guide (UIView.layoutMarginsGuide): its edges and centres
            /// are the view's margin attributes (`leading` is the view's `leadingMargin`).
            case layoutMargins(of: String)
        }

        public var firstItem: Item
        public var firstAttribute: LayoutAttribute
        public var relation: LayoutRelation
        /// nil for a constraint on a constant (a size), whose second attribute is `.notAnAttribute`.
        public var secondItem: Item?
        public var secondAttribute: LayoutAttribute
        public var multiplier: CGFloat
        public var constant: CGFloat
        public var priority: LayoutPriority
        /// Where the constraint was written (for an equation its first item, for a visual format
        /// string the string), which errors and the built `LayoutConstraint.sourceLocation` name;
        /// nil for a constraint made in code.
        public var location: SourceLocation?

        public init(_ firstItem: Item, _ firstAttribute: LayoutAttribute, _ relation: LayoutRelation = .equal,
                    _ secondItem: Item? = nil, _ secondAttribute: LayoutAttribute = .notAnAttribute,
                    multiplier: CGFloat = 1, constant: CGFloat = 0, priority: LayoutPriority = .required,
                    location: SourceLocation? = nil) {
            self.firstItem = firstItem
            self.firstAttribute = firstAttribute
            self.relation = relation
            self.secondItem = secondItem
            self.secondAttribute = secondAttribute
            self.multiplier = multiplier
            self.constant = constant
            self.priority = priority
            self.location = location
        }
    }
}

extension CellSpec.ConstraintSpec.Item: CustomStringConvertible {
    /// `id`, or `id.layoutMarginsGuide`.
    public var description: String {
        switch self {
        case let .view(id): id
        case let .layoutMargins(of: id): "\(id).layoutMarginsGuide"
        }
    }
}

extension CellSpec.ConstraintSpec: CustomStringConvertible {
    /// The constraint as an equation: `a.top == contentView.top + 8 @750`.
    public var description: String {
        func n(_ x: CGFloat) -> String { x == x.rounded() && abs(x) < 1e15 ? String(Int64(x)) : "\(x)" }
        var s = "\(firstItem).\(firstAttribute) \(relation)"
        if let secondItem {
            s += multiplier == 1 ? " " : " \(n(multiplier)) * "
            s += "\(secondItem).\(secondAttribute)"
            if constant != 0 { s += constant < 0 ? " - \(n(-constant))" : " + \(n(constant))" }
        } else {
            s += " \(n(constant))"
        }
        if priority != .required { s += " @\(priority)" }
        return s
    }
}
