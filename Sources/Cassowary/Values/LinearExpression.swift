/// A solver-owned variable times a coefficient: `2 * x`, where `x` is a ``VariableHandle``.
public struct LinearTerm: Sendable {
    /// The variable.
    public var variable: VariableHandle
    /// The coefficient the variable is multiplied by.
    public var coefficient: Double

    /// Creates a term.
    public init(_ variable: VariableHandle, _ coefficient: Double = 1) {
        self.variable = variable
        self.coefficient = coefficient
    }
}

/// A linear expression over solver-owned variables (``VariableHandle``): the value counterpart of
/// ``Expression``, built with the same operators.
///
/// Up to four terms are stored inline (a view's edge is `x + w`, so an Auto Layout constraint
/// between two edges has four), so that building an expression or a ``LinearConstraint`` from
/// them allocates nothing; a longer expression keeps the rest in an array.
public struct LinearExpression: Sendable {
    /// A term as stored: the handle's symbol and the coefficient (the owner is the expression's).
    @usableFromInline struct Slot: Sendable {
        @usableFromInline var symbol: Int32
        @usableFromInline var coefficient: Double

        @inlinable init(symbol: Int32, coefficient: Double) {
            self.symbol = symbol
            self.coefficient = coefficient
        }
    }

    /// The owner serial shared by every term's variable; 0 before the first term,
    /// ``LinearExpression/mixedOwners`` once terms of two solvers met.
    @usableFromInline private(set) var owner: UInt64 = 0
    /// The number of terms.
    public var count: Int { storedCount }
    @usableFromInline var storedCount = 0
    @usableFromInline var inline = (Slot(symbol: 0, coefficient: 0), Slot(symbol: 0, coefficient: 0),
                          Slot(symbol: 0, coefficient: 0), Slot(symbol: 0, coefficient: 0))
    /// The terms past the fourth.
    @usableFromInline var more: ContiguousArray<Slot>?
    /// The constant added to the terms.
    public var constant: Double

    /// The owner of an expression whose terms come from more than one solver.
    @usableFromInline static let mixedOwners = UInt64.max

    /// An expression of no terms: just `constant`.
    public init(constant: Double = 0) {
        self.constant = constant
    }

    /// An expression from terms and a constant.
    public init(_ terms: [LinearTerm], constant: Double = 0) {
        self.constant = constant
        for t in terms { append(t.variable, t.coefficient) }
    }

    /// The terms, in the order they were written (this makes an array: the solver reads the
    /// stored terms in place).
    public var terms: [LinearTerm] {
        var out: [LinearTerm] = []
        out.reserveCapacity(count)
        forEachTerm { s, c in out.append(LinearTerm(VariableHandle(owner: owner, symbol: s), c)) }
        return out
    }

    /// Whether every coefficient and the constant are finite numbers.
    public var isFinite: Bool {
        var finite = constant.isFinite
        forEachTerm { _, c in finite = finite && c.isFinite }
        return finite
    }

    /// Appends `coefficient * variable`.
    @inlinable @inline(__always) mutating func append(_ variable: VariableHandle, _ coefficient: Double) {
        if owner == 0 {
            owner = variable.owner
        } else if owner != variable.owner {
            owner = LinearExpression.mixedOwners
        }
        appendSlot(Slot(symbol: variable.symbol, coefficient: coefficient))
    }

    /// Appends `scale` times the terms of `other`, and `scale` times its constant.
    @inlinable @inline(__always) mutating func append(_ other: LinearExpression, scaledBy scale: Double) {
        if other.storedCount > 0 {
            if owner == 0 {
                owner = other.owner
            } else if owner != other.owner {
                owner = LinearExpression.mixedOwners
            }
            other.forEachTerm { s, c in appendSlot(Slot(symbol: s, coefficient: c * scale)) }
        }
        constant += scale * other.constant
    }

    @inlinable @inline(__always) mutating func appendSlot(_ slot: Slot) {
        switch storedCount {
        case 0: inline.0 = slot
        case 1: inline.1 = slot
        case 2: inline.2 = slot
        case 3: inline.3 = slot
        default:
            if more == nil { more = [] }
            more!.append(slot)
        }
        storedCount += 1
    }

    /// Calls `body` with each term's symbol and coefficient, in order.
    @inlinable @inline(__always) func forEachTerm(_ body: (Int32, Double) throws -> Void) rethrows {
        if storedCount > 0 { try body(inline.0.symbol, inline.0.coefficient) }
        if storedCount > 1 { try body(inline.1.symbol, inline.1.coefficient) }
        if storedCount > 2 { try body(inline.2.symbol, inline.2.coefficient) }
        if storedCount > 3 { try body(inline.3.symbol, inline.3.coefficient) }
        if let more { for slot in more { try body(slot.symbol, slot.coefficient) } }
    }
}

/// A linear relation between expressions over solver-owned variables, with a priority: the value
/// counterpart of ``Constraint``, stored as `expression relation 0`. A value has no identity: the
/// ``ConstraintHandle`` that ``Solver/add(_:)-(LinearConstraint)`` returns names it once
/// installed.
public struct LinearConstraint: Sendable {
    /// The left side minus the right side.
    public var expression: LinearExpression
    /// How the expression relates to zero.
    public var relation: Relation
    /// The constraint's priority.
    public var priority: Priority

    /// Creates the constraint `expression relation 0`.
    public init(_ expression: LinearExpression, _ relation: Relation, priority: Priority = .required) {
        self.expression = expression
        self.relation = relation
        self.priority = priority
    }

    /// This constraint at another priority.
    public func priority(_ priority: Priority) -> LinearConstraint {
        var copy = self
        copy.priority = priority
        return copy
    }
}
