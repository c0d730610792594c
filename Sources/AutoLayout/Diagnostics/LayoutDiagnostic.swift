import Cassowary
import Foundation

/// Something the engine could not do as asked, kept for inspection (``View/layoutDiagnostics``)
/// and logged (swift-log, label "SelfSizing.AutoLayout"). A value: its text is made only by
/// ``description``.
public enum LayoutDiagnostic: CustomStringConvertible {
    /// A required constraint could not hold with the others (or with its new constant): it was
    /// broken so that layout could go on. `conflicts` are the constraints it conflicts with.
    case unsatisfiable(LayoutConstraint, conflicts: [ConflictingConstraint])
    /// A constraint the engine makes (intrinsic size, autoresizing, fitting) could not be added,
    /// or could not take a new constant, for the solver's reason.
    case generatedConstraintFailed(GeneratedConstraint, SolverError)

    /// UIKit's text: "Unable to simultaneously satisfy constraints." with the conflicting
    /// constraints, then the broken one; or "A generated constraint of `view` failed: `reason`".
    public var description: String {
        switch self {
        case let .unsatisfiable(c, conflicts):
            var text = "Unable to simultaneously satisfy constraints."
            for k in conflicts { text += "\n    \(k)" }
            text += "\n    \(ConflictingConstraint.layout(c))"
            text += "\nWill attempt to recover by breaking constraint\n    \(ConflictingConstraint.layout(c))"
            return text
        case let .generatedConstraintFailed(g, reason): return "A generated constraint of \(g.view) failed: \(reason)"
        }
    }
}

/// One of the constraints a broken constraint conflicts with (``LayoutDiagnostic/unsatisfiable(_:conflicts:)``).
public enum ConflictingConstraint: CustomStringConvertible {
    /// An active layout constraint.
    case layout(LayoutConstraint)
    /// A constraint the engine made for a view.
    case generated(GeneratedConstraint)
    /// A solver constraint the engine cannot trace to either (not expected).
    case solver(Cassowary.Constraint)

    /// The constraint as code would write it, a layout constraint followed by where it was
    /// written when it knows (`title.leading == contentView.leading + 20  (cell.yaml:12:5)`).
    public var description: String {
        switch self {
        case let .layout(c):
            guard let location = c.sourceLocation else { return c.description }
            return "\(c)  (\(location))"
        case let .generated(g): return g.description
        case let .solver(s): return "\(s)"
        }
    }
}

/// A constraint the engine makes for a view, as it was when something went wrong: the root's
/// frame, an autoresizing frame, hugging or compression resistance from the intrinsic size, or a
/// fitting target.
public struct GeneratedConstraint: Hashable, Sendable, CustomStringConvertible {
    /// Why the engine made the constraint.
    public enum Kind: Hashable, Sendable, CustomStringConvertible {
        /// The root view sits at the origin with its frame's size.
        case rootFrame
        /// A view with `translatesAutoresizingMaskIntoConstraints` keeps its frame.
        case autoresizing
        /// The size is at most the intrinsic size, at the view's hugging priority.
        case contentHugging
        /// The size is at least the intrinsic size, at the view's compression resistance priority.
        case compressionResistance
        /// systemLayoutSizeFitting pulls the root's size toward its target.
        case fitting

        /// The words diagnostics use: "root frame", "content hugging" and so on.
        public var description: String {
            switch self {
            case .rootFrame: "root frame"
            case .autoresizing: "autoresizing"
            case .contentHugging: "content hugging"
            case .compressionResistance: "compression resistance"
            case .fitting: "fitting"
            }
        }
    }

    /// The identifier of the view the constraint is for. (Not the view: the root keeps its engine,
    /// and the engine its diagnostics, so a diagnostic holding the root would keep it forever.)
    public var view: String
    public var kind: Kind
    /// `.left` and `.top` for the frame's origin (minX, minY), `.width` or `.height`.
    public var attribute: LayoutAttribute
    public var relation: LayoutRelation
    /// The value the attribute is related to, in points.
    public var constant: CGFloat
    public var priority: LayoutPriority

    public init(view: String, kind: Kind, attribute: LayoutAttribute, relation: LayoutRelation, constant: CGFloat,
                priority: LayoutPriority) {
        self.view = view
        self.kind = kind
        self.attribute = attribute
        self.relation = relation
        self.constant = constant
        self.priority = priority
    }

    /// Reads like code, with the kind after it: `contentView.width == 320 (root frame)`,
    /// `title.height >= 20 (compression resistance)`, `contentView.height == 0 @50 (fitting)`.
    public var description: String {
        let name = switch attribute {
        case .left: "minX"
        case .top: "minY"
        default: attribute.description
        }
        let shownPriority = kind == .fitting ? " @\(format(CGFloat(priority.rawValue)))" : ""
        return "\(view).\(name) \(relation) \(format(constant))\(shownPriority) (\(kind))"
    }
}
