/// How the two sides of a constraint relate.
public enum Relation: Sendable, Hashable, BitwiseCopyable {
    case lessThanOrEqual
    case equal
    case greaterThanOrEqual
}

extension Relation: CustomStringConvertible {
    public var description: String {
        switch self {
        case .lessThanOrEqual: "<="
        case .equal: "=="
        case .greaterThanOrEqual: ">="
        }
    }
}

/// A linear relation between expressions, with a priority: `x + 10 <= y @750`.
///
/// A constraint is stored normalised as `expression relation 0`, where ``expression`` is the left
/// side minus the right side. Constraints are identified by the object (`===`): the same object is
/// what `Solver.add(_:)` installs and ``Solver/remove(_:)-(Constraint)`` takes out. A constraint
/// that anything holds is immutable: ``priority(_:)`` gives one at another priority, and
/// ``Solver/setConstant(_:for:)-(_,Constraint)`` changes the constant a solver uses for an
/// installed one.
public final class Constraint {
    /// The left side minus the right side (a copy of the terms kept below).
    public var expression: Expression {
        var e = Expression(constant: constant)
        e.v0 = v0
        e.v1 = v1
        e.v2 = v2
        e.v3 = v3
        e.coefficients = SIMD4(c0, c1, c2, c3)
        return e
    }
    /// The expression's fields, with the four inline coefficients as four `Double`s rather than
    /// one `SIMD4<Double>` (see Constraint+Terms.swift).
    let v0, v1, v2: Variable?
    let v3: AnyObject?
    let c0, c1, c2, c3: Double
    /// The expression's constant.
    let constant: Double
    /// How the expression relates to zero.
    public let relation: Relation
    /// The constraint's priority.
    public var priority: Priority { storedPriority }
    /// Written only by ``priority(_:)``, on a constraint no one else holds.
    @exclusivity(unchecked) var storedPriority: Priority

    /// A one-entry cache of the solver holding this constraint and its slot there.
    @exclusivity(unchecked) var cachedOwner: ObjectIdentifier?
    @exclusivity(unchecked) var cachedTag: Int32 = -1

    /// Creates the constraint `expression relation 0`.
    public init(_ expression: consuming Expression, _ relation: Relation, priority: Priority = .required) {
        let c = expression.coefficients
        (c0, c1, c2, c3) = (c[0], c[1], c[2], c[3])
        constant = expression.constant
        // Moved, not copied: a copy retains each variable and the expression's end releases it.
        v0 = expression.v0.take()
        v1 = expression.v1.take()
        v2 = expression.v2.take()
        v3 = expression.v3.take()
        self.relation = relation
        storedPriority = priority
    }

    /// A copy of `other` at another priority.
    init(copying other: Constraint, priority: Priority) {
        (v0, v1, v2, v3) = (other.v0, other.v1, other.v2, other.v3)
        (c0, c1, c2, c3) = (other.c0, other.c1, other.c2, other.c3)
        constant = other.constant
        relation = other.relation
        storedPriority = priority
    }

    /// This constraint at another priority: a copy, unless no one else holds this one.
    ///
    /// `(x >= 10).priority(750)` builds a constraint only to replace it: the temporary is
    /// consumed here and, held by nothing else (no variable, no array, no solver, which retains
    /// what it installs), takes the new priority itself. That saves an object, and the retains
    /// and releases of its expression's variables, for every constraint given a priority (13 of a
    /// table cell's 30). A constraint held elsewhere is never changed: it is copied, as before.
    /// (Weak and unowned references do not hold: an object reached only through them is taken.)
    public consuming func priority(_ priority: Priority) -> Constraint {
        var constraint = self
        if isKnownUniquelyReferenced(&constraint) {
            constraint.storedPriority = priority
            return constraint
        }
        return Constraint(copying: constraint, priority: priority)
    }
}

extension Constraint: CustomStringConvertible {
    /// Reads like the code that made it, with the constant moved to the right: `x - y == 10 @750`.
    public var description: String {
        var lhs = expression
        let rhs = -lhs.constant
        lhs.constant = 0
        var text = "\(lhs) \(relation) \(Expression.format(rhs))"
        if !priority.isRequired { text += " @\(Expression.format(priority.rawValue))" }
        return text
    }
}
