import AutoLayout
import Cassowary
import Foundation

extension CellSpec {
    /// An item a spec constraint relates.
    public enum ConstraintItem: Hashable, Sendable {
        /// A view by id; `contentView` is the cell's content view.
        case view(String)
        /// A view's layout margins guide (UIView.layoutMarginsGuide): its edges and centres
        /// are the view's margin attributes (`leading` is the view's `leadingMargin`).
        case layoutMargins(of: String)
    }

    /// One constraint of the template, held as its parts rather than as text (its `location`
    /// is where it was written: for an equation its first item, for a visual format string the
    /// string).
    ///
    /// Equations and visual format strings are one way of writing constraints; a reader parses
    /// them into these (a visual format line into several), with metrics resolved and `|` or
    /// `superview` replaced by the parent's id. Other readers, and code, make them directly.
    public typealias ConstraintSpec = ConstraintDescription<ConstraintItem>
}

extension CellSpec.ConstraintItem: CustomStringConvertible {
    /// `id`, or `id.layoutMarginsGuide`.
    public var description: String {
        switch self {
        case let .view(id): id
        case let .layoutMargins(of: id): "\(id).layoutMarginsGuide"
        }
    }
}
