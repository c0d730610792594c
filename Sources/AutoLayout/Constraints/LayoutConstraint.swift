import Cassowary
import Foundation

/// A priority on Auto Layout's scale (UILayoutPriority): `.required` (1000), `.defaultHigh` (750),
/// `.defaultLow` (250), `.fittingSizeLevel` (50).
public typealias LayoutPriority = Cassowary.Priority

/// Why a constraint could not be made.
public enum LayoutError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The attributes lie on different axes, or relate a position to a size.
    case incompatibleAttributes(LayoutAttribute, LayoutAttribute)
    /// Leading/trailing related to left/right: their relation flips with the layout direction.
    case mixedDirectionalAttributes(LayoutAttribute, LayoutAttribute)
    /// A position related to a constant: positions need a second item.
    case positionWithoutSecondItem(LayoutAttribute)
    /// A second item without a second attribute, or the reverse.
    case missingSecondAttribute
    /// The multiplier is 0, NaN or infinite, or the constant is NaN or infinite.
    case invalidNumber(String)

    public var description: String {
        switch self {
        case let .incompatibleAttributes(a, b): "a constraint cannot relate \(a) to \(b)"
        case let .mixedDirectionalAttributes(a, b): "a constraint cannot relate \(a) to \(b): leading/trailing and left/right do not mix"
        case let .positionWithoutSecondItem(a): "a constraint cannot set the position \(a) to a constant; relate it to another item"
        case .missingSecondAttribute: "a second item needs a second attribute, and a second attribute a second item"
        case let .invalidNumber(what): "invalid number: \(what)"
        }
    }
}

/// A linear relation between two views' attributes, as NSLayoutConstraint:
/// `firstItem.firstAttribute (relation) multiplier * secondItem.secondAttribute + constant`.
///
/// Changing ``constant`` on an active constraint updates the installed solver constraint in place.
/// A constraint does not keep its views: an item reads nil once its view is gone. Each view knows
/// the constraints that mention it and clears itself from them when it goes away (and a
/// constraint going away takes itself off its views' lists), so the items need no weak
/// references, whose side tables would slow every retain of a view.
public final class LayoutConstraint {
    @exclusivity(unchecked) public internal(set) unowned(unsafe) var firstItem: View?
    public let firstAttribute: LayoutAttribute
    public let relation: LayoutRelation
    @exclusivity(unchecked) public internal(set) unowned(unsafe) var secondItem: View?
    /// The items' identities, which a view going away compares against without touching the
    /// unowned references.
    let firstID: ObjectIdentifier
    let secondID: ObjectIdentifier?
    public let secondAttribute: LayoutAttribute
    public let multiplier: CGFloat

    /// The constant added to the second side. Changing it on an active constraint re-solves from the
    /// current solution (Solver.setConstant), without rebuilding anything.
    @exclusivity(unchecked) public var constant: CGFloat {
        didSet {
            guard constant != oldValue else { return }
            engine?.constantDidChange(self)
        }
    }

    /// The constraint's priority. Changing it on an active constraint reinstalls it.
    @exclusivity(unchecked) public var priority: LayoutPriority = .required {
        didSet {
            guard priority != oldValue else { return }
            engine?.priorityDidChange(self)
        }
    }

    /// A name for diagnostics.
    public var identifier: String?

    /// Where the constraint was written (a spec file's line and column), named by diagnostics
    /// such as "Unable to simultaneously satisfy constraints"; nil for constraints made in code.
    public var sourceLocation: SourceLocation?

    /// The engine the constraint is installed in, and its solver constraint. Not retained, and
    /// not weak (a weak reference would make every retain of the engine take the slow path):
    /// the engine keeps the constraints installed in it and clears this when it goes away or
    /// uninstalls the constraint.
    @exclusivity(unchecked) unowned(unsafe) var engine: LayoutEngine?
    @exclusivity(unchecked) var solverConstraint: Cassowary.Constraint?
    /// The constraint's place in its engine's list of installed constraints.
    @exclusivity(unchecked) var installedSlot = -1
    /// Active but waiting for its two views to share a hierarchy.
    @exclusivity(unchecked) var isPending = false
    /// Where the constraint sits in its items' lists; kept by the views.
    @exclusivity(unchecked) var slots = Slots()

    /// A constraint's places in its first and second items' lists of the constraints that mention
    /// them and of their active constraints, -1 where it is not listed.
    struct Slots {
        enum List { case mentions, active }
        private var places = (mentions: (first: -1, second: -1), active: (first: -1, second: -1))

        subscript(list: List, first: Bool) -> Int {
            get {
                let p = list == .mentions ? places.mentions : places.active
                return first ? p.first : p.second
            }
            set {
                switch (list, first) {
                case (.mentions, true): places.mentions.first = newValue
                case (.mentions, false): places.mentions.second = newValue
                case (.active, true): places.active.first = newValue
                case (.active, false): places.active.second = newValue
                }
            }
        }
    }
    @exclusivity(unchecked) private var active = false

    /// Creates a constraint, checking that the attributes can be related.
    /// - Throws: ``LayoutError`` for attributes that cannot be related or invalid numbers.
    public convenience init(item firstItem: View, attribute firstAttribute: LayoutAttribute, relatedBy relation: LayoutRelation,
                            toItem secondItem: View?, attribute secondAttribute: LayoutAttribute,
                            multiplier: CGFloat = 1, constant: CGFloat = 0) throws(LayoutError) {
        try LayoutConstraint.validate(firstAttribute, secondItem != nil, secondAttribute, multiplier, constant)
        self.init(unchecked: firstItem, firstAttribute, relation, secondItem,
                  secondItem == nil ? .notAnAttribute : secondAttribute, multiplier: multiplier, constant: constant)
    }

    /// For anchors, whose types already guarantee compatible attributes.
    init(unchecked firstItem: View, _ firstAttribute: LayoutAttribute, _ relation: LayoutRelation,
         _ secondItem: View?, _ secondAttribute: LayoutAttribute, multiplier: CGFloat, constant: CGFloat) {
        self.firstItem = firstItem
        self.firstID = ObjectIdentifier(firstItem)
        self.secondID = secondItem.map(ObjectIdentifier.init)
        self.firstAttribute = firstAttribute
        self.relation = relation
        self.secondItem = secondItem
        self.secondAttribute = secondAttribute
        self.multiplier = multiplier
        self.constant = constant
        registerWithItems()
    }

    /// Tells the items that this constraint mentions them.
    private func registerWithItems() {
        forEachItem { $0.addMention(of: self) }
    }

    deinit {
        forEachItem { $0.removeMention(of: self) }
    }

    /// Calls `body` with each of the constraint's views still there, once: a constraint relating
    /// a view to itself is listed once by it.
    func forEachItem(_ body: (View) -> Void) {
        if let first = firstItem { body(first) }
        if let second = secondItem, second !== firstItem { body(second) }
    }

    static func validate(_ a: LayoutAttribute, _ hasSecond: Bool, _ b: LayoutAttribute,
                         _ multiplier: CGFloat, _ constant: CGFloat) throws(LayoutError) {
        guard multiplier.isFinite, multiplier != 0 || !hasSecond else {
            throw .invalidNumber("multiplier \(multiplier)")
        }
        guard constant.isFinite else { throw .invalidNumber("constant \(constant)") }
        guard a != .notAnAttribute else { throw .incompatibleAttributes(a, b) }
        if !hasSecond {
            guard b == .notAnAttribute || b == a else { throw .missingSecondAttribute }
            guard a.kind == .dimension else { throw .positionWithoutSecondItem(a) }
            return
        }
        guard b != .notAnAttribute else { throw .missingSecondAttribute }
        if a.kind == .dimension || b.kind == .dimension {
            guard a.kind == .dimension && b.kind == .dimension else { throw .incompatibleAttributes(a, b) }
            return
        }
        guard a.kind == b.kind else { throw .incompatibleAttributes(a, b) }
        if (a.isDirectional && b.isAbsoluteHorizontal) || (a.isAbsoluteHorizontal && b.isDirectional) {
            throw .mixedDirectionalAttributes(a, b)
        }
    }

    /// Whether the constraint takes part in layout. Activating a constraint whose views do not share
    /// a hierarchy yet keeps it waiting until they do; one whose view went away stays inactive.
    public var isActive: Bool {
        get { active }
        set {
            guard newValue != active else { return }
            if newValue && (firstItem == nil || (secondID != nil && secondItem == nil)) { return }
            active = newValue
            if newValue { LayoutEngine.activate(self) } else { LayoutEngine.deactivate(self) }
        }
    }

    /// One of the items went away: the constraint is no longer active (its engine, that of the
    /// item's hierarchy, is going away too, or never had it).
    func itemWentAway() {
        active = false
        isPending = false
    }

    /// Activates each of the constraints.
    public static func activate(_ constraints: [LayoutConstraint]) {
        for c in constraints { c.isActive = true }
    }

    /// Deactivates each of the constraints.
    public static func deactivate(_ constraints: [LayoutConstraint]) {
        for c in constraints { c.isActive = false }
    }
}

extension LayoutConstraint: CustomStringConvertible {
    /// Reads like the code that made it: `title.leading == contentView.leading + 20 @750`.
    public var description: String {
        var text = "\(firstItem?.identifier ?? "?").\(firstAttribute) \(relation) "
        if let second = secondItem {
            if multiplier != 1 { text += "\(format(multiplier)) * " }
            text += "\(second.identifier).\(secondAttribute)"
            if constant > 0 { text += " + \(format(constant))" }
            if constant < 0 { text += " - \(format(-constant))" }
        } else {
            text += format(constant)
        }
        if !priority.isRequired { text += " @\(format(CGFloat(priority.rawValue)))" }
        return text
    }
}

func format(_ x: CGFloat) -> String {
    if x == x.rounded(), abs(x) < 1e15 { return String(Int64(x)) }
    return String(Double(x))
}
