import Cassowary
import Foundation

/// A constraint as a format string describes it (an equation or a Visual Format Language string),
/// naming its items rather than holding views: what the parsers read before any view is looked
/// up, so that a spec reader can keep constraints as data and build views from them later.
///
/// `firstItem.firstAttribute (relation) multiplier * secondItem.secondAttribute + constant @priority`;
/// with no second item, `secondAttribute` is `.notAnAttribute` and the constant stands alone.
public struct FormatConstraint: Hashable, Sendable {
    /// An item a format string names.
    public enum Item: Hashable, Sendable {
        /// A view by its name in the format's views.
        case view(String)
        /// The superview of the named view: the Visual Format Language's `|`, an equation's `superview`.
        case superview(of: String)
    }

    public var firstItem: Item
    public var firstAttribute: LayoutAttribute
    public var relation: LayoutRelation
    public var secondItem: Item?
    public var secondAttribute: LayoutAttribute
    public var multiplier: CGFloat
    public var constant: CGFloat
    public var priority: LayoutPriority

    public init(_ firstItem: Item, _ firstAttribute: LayoutAttribute, _ relation: LayoutRelation,
                _ secondItem: Item?, _ secondAttribute: LayoutAttribute, multiplier: CGFloat = 1, constant: CGFloat = 0,
                priority: LayoutPriority = .required) {
        self.firstItem = firstItem
        self.firstAttribute = firstAttribute
        self.relation = relation
        self.secondItem = secondItem
        self.secondAttribute = secondAttribute
        self.multiplier = multiplier
        self.constant = constant
        self.priority = priority
    }
}
