import Cassowary
import Foundation

/// An item a format string names.
public enum FormatItem: Hashable, Sendable {
    /// A view by its name in the format's views.
    case view(String)
    /// The superview of the named view: the Visual Format Language's `|`, an equation's `superview`.
    case superview(of: String)
}

/// A constraint as a format string describes it (an equation or a Visual Format Language string),
/// naming its items rather than holding views: what the parsers read before any view is looked
/// up, so that a spec reader can keep constraints as data and build views from them later.
public typealias FormatConstraint = ConstraintDescription<FormatItem>
