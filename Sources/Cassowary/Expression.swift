/// A linear expression: a sum of terms plus a constant, `2 * x + y - 10`.
///
/// Expressions are values built with the arithmetic operators on ``Variable``, ``Term``,
/// `Expression` and `Double`. A variable may appear in several terms; the solver adds them up.
///
/// Up to four terms are stored inline (a view's edge is `x + w`, so an Auto Layout constraint
/// between two edges has four), so that building an expression, and the ``Constraint`` that
/// holds it, makes no array: a table cell's constraints then cost one object each. A longer
/// expression keeps the rest in an array.
public struct Expression {
    /// A term as stored; `variable` is nil only in the unused inline slots.
    @usableFromInline struct Slot {
        @usableFromInline var variable: Variable?
        @usableFromInline var coefficient: Double

        @inlinable init(_ variable: Variable?, _ coefficient: Double) {
            self.variable = variable
            self.coefficient = coefficient
        }
    }

    /// The number of terms.
    public var termCount: Int { count }
    @usableFromInline var count: Int
    @usableFromInline var inline: (Slot, Slot, Slot, Slot)
    /// The terms past the fourth.
    @usableFromInline var more: ContiguousArray<Term>?
    /// The constant added to the terms.
    public var constant: Double

    /// An expression of no terms: just `constant`.
    @inlinable public init(constant: Double = 0) {
        count = 0
        inline = (Slot(nil, 0), Slot(nil, 0), Slot(nil, 0), Slot(nil, 0))
        more = nil
        self.constant = constant
    }

    /// Creates an expression from terms and a constant.
    public init(_ terms: [Term], constant: Double = 0) {
        self.init(constant: constant)
        for t in terms { append(t.variable, t.coefficient) }
    }

    /// The terms, in the order they were written. Reading them makes an array: the solver reads
    /// the stored terms in place (`forEachTerm`).
    public var terms: [Term] {
        get {
            var out: [Term] = []
            out.reserveCapacity(termCount)
            forEachTerm { v, c in out.append(Term(v, c)) }
            return out
        }
        set {
            self = Expression(newValue, constant: constant)
        }
    }

    /// Whether every coefficient and the constant are finite numbers (no NaN, no infinity).
    public var isFinite: Bool {
        var finite = constant.isFinite
        forEachTerm { _, c in finite = finite && c.isFinite }
        return finite
    }

    /// The value of the expression with each variable at its current ``Variable/value``.
    public var value: Double {
        var sum = constant
        forEachTerm { v, c in sum += c * v.value }
        return sum
    }

    /// Appends the term `coefficient * variable` (builds an expression term by term without an
    /// array).
    @inlinable @inline(__always) public mutating func append(_ variable: Variable, _ coefficient: Double = 1) {
        switch count {
        case 0: inline.0 = Slot(variable, coefficient)
        case 1: inline.1 = Slot(variable, coefficient)
        case 2: inline.2 = Slot(variable, coefficient)
        case 3: inline.3 = Slot(variable, coefficient)
        default:
            if more == nil { more = [] }
            more!.append(Term(variable, coefficient))
        }
        count += 1
    }

    /// Appends `scale` times the terms of `other`, and `scale` times its constant.
    @inlinable @inline(__always) mutating func append(_ other: Expression, scaledBy scale: Double) {
        other.forEachTerm { v, c in append(v, c * scale) }
        constant += scale * other.constant
    }

    /// Appends `scale` times the terms and the constant of `other`, moving its inline terms
    /// rather than copying them: a copy retains each variable, and the end of `other` releases
    /// it again (an operator's temporary operand, `view.right + 8`).
    @inlinable @inline(__always) mutating func append(moving other: consuming Expression, scaledBy scale: Double) {
        constant += scale * other.constant
        if other.count > 0 { appendMoving(&other.inline.0, scale) }
        if other.count > 1 { appendMoving(&other.inline.1, scale) }
        if other.count > 2 { appendMoving(&other.inline.2, scale) }
        if other.count > 3 { appendMoving(&other.inline.3, scale) }
        if let more = other.more { for t in more { append(t.variable, t.coefficient * scale) } }
    }

    /// Appends the term in `slot`, scaled, leaving an empty slot there: a swap moves the
    /// variable's reference without retaining it.
    @inlinable @inline(__always) mutating func appendMoving(_ slot: inout Slot, _ scale: Double) {
        var taken = Slot(nil, 0)
        swap(&taken, &slot)
        taken.coefficient *= scale
        switch count {
        case 0: swap(&inline.0, &taken)
        case 1: swap(&inline.1, &taken)
        case 2: swap(&inline.2, &taken)
        case 3: swap(&inline.3, &taken)
        default:
            // Past the inline slots the term is copied into `more`, as `append` does.
            append(taken.variable.unsafelyUnwrapped, taken.coefficient)
            return
        }
        count += 1
    }

    /// Calls `body` with each term's variable and coefficient, in order, without copying the
    /// terms (no retain of the variables, no array).
    @inlinable @inline(__always) func forEachTerm(_ body: (Variable, Double) throws -> Void) rethrows {
        if count > 0 { try body(inline.0.variable.unsafelyUnwrapped, inline.0.coefficient) }
        if count > 1 { try body(inline.1.variable.unsafelyUnwrapped, inline.1.coefficient) }
        if count > 2 { try body(inline.2.variable.unsafelyUnwrapped, inline.2.coefficient) }
        if count > 3 { try body(inline.3.variable.unsafelyUnwrapped, inline.3.coefficient) }
        if let more { for t in more { try body(t.variable, t.coefficient) } }
    }

    static func format(_ x: Double) -> String {
        if x.isFinite, x == x.rounded(), abs(x) < 1e15 { return String(Int64(x)) }
        return String(x)
    }
}

extension Expression: CustomStringConvertible {
    public var description: String {
        var out = ""
        forEachTerm { variable, coefficient in
            if out.isEmpty {
                out = coefficient < 0 ? "-" + Term(variable, -coefficient).description : Term(variable, coefficient).description
            } else if coefficient < 0 {
                out += " - " + Term(variable, -coefficient).description
            } else {
                out += " + " + Term(variable, coefficient).description
            }
        }
        if out.isEmpty { return Expression.format(constant) }
        if constant > 0 { out += " + " + Expression.format(constant) }
        if constant < 0 { out += " - " + Expression.format(-constant) }
        return out
    }
}
