import Cassowary
import Foundation

/// A constraint by its parts, naming its items rather than holding views:
/// `firstItem.firstAttribute (relation) multiplier * secondItem.secondAttribute + constant @priority`.
///
/// What format strings parse into before any view is looked up (``FormatConstraint``), and what
/// cell specs keep as data; the item type says what a description may name. With no second item,
/// ``secondAttribute`` is `.notAnAttribute` and the constant stands alone.
public struct ConstraintDescription<Subject: Hashable & Sendable>: Hashable, Sendable {
    /// What the description names its items by.
    public typealias Item = Subject

    public var firstItem: Item
    public var firstAttribute: LayoutAttribute
    public var relation: LayoutRelation
    /// nil for a constraint on a constant (a size).
    public var secondItem: Item?
    public var secondAttribute: LayoutAttribute
    public var multiplier: CGFloat
    public var constant: CGFloat
    public var priority: LayoutPriority
    /// Where the constraint was written, which errors and the built
    /// ``LayoutConstraint/sourceLocation`` name; nil for a constraint made in code.
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

extension ConstraintDescription: CustomStringConvertible where Subject: CustomStringConvertible {
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
