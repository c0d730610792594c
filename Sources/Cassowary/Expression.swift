/// A linear expression: a sum of terms plus a constant, `2 * x + y - 10`.
///
/// Expressions are values built with the arithmetic operators on ``Variable``, ``Term``,
/// `Expression` and `Double`. A variable may appear in several terms; the solver adds them up.
///
/// Up to four terms are stored inline (a view's edge is `x + w`, so an Auto Layout constraint
/// between two edges has four), so that building an expression, and the ``Constraint`` that
/// holds it, makes no array: a table cell's constraints then cost one object each. A longer
/// expression keeps its terms from the fourth on in a box of its own (`TermOverflow`), shared
/// between copies until one of them appends.
///
/// The layout is seven fields (a `SIMD4<Double>` counts as two): three variables, a fourth
/// slot, the four inline coefficients in one vector, and the constant. The compiler handles a
/// struct of eight or more such fields by address (its large-loadable-types lowering, measured
/// on Swift 6.3): every expression an operator built was then copied into the caller and the
/// original destroyed, through outlined value witnesses, each copy retaining its variables and
/// each destruction releasing them. With a stored count and an array field (eleven fields) a
/// table cell built through objects made 44 such copies and 54 destructions, a fifth of its
/// instructions; at seven an operator writes its result in place. So the count is not stored:
/// the slots fill in order, and the first nil slot ends the terms.
public struct Expression {
    /// The variables of the first three terms, nil past the last term.
    @usableFromInline var v0, v1, v2: Variable?
    /// The fourth term's ``Variable``; past four terms, the `TermOverflow` that holds the terms
    /// from the fourth on (`coefficients[3]` is then unused).
    @usableFromInline var v3: AnyObject?
    /// The coefficients of the inline terms, as one field pair: four `Double` fields bring the
    /// copies back (two `SIMD2<Double>` measured 4% more instructions building a table cell's
    /// constraints). A ``Constraint`` keeps them as four `Double`s of its own, so that its
    /// object is not 32-byte aligned (see Constraint+Terms.swift).
    @usableFromInline var coefficients: SIMD4<Double>
    /// The constant added to the terms.
    public var constant: Double

    /// An expression of no terms: just `constant`.
    @inlinable public init(constant: Double = 0) {
        v0 = nil
        v1 = nil
        v2 = nil
        v3 = nil
        coefficients = .zero
        self.constant = constant
    }

    /// Creates an expression from terms and a constant.
    public init(_ terms: [Term], constant: Double = 0) {
        self.init(constant: constant)
        for t in terms { append(t.variable, t.coefficient) }
    }

    /// The number of terms.
    @inlinable public var termCount: Int {
        if v0 == nil { return 0 }
        if v1 == nil { return 1 }
        if v2 == nil { return 2 }
        if v3 == nil { return 3 }
        if hasOverflow { return 3 + unsafeDowncast(v3.unsafelyUnwrapped, to: TermOverflow.self).terms.count }
        return 4
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
        append(owned: variable, coefficient)
    }

    /// Appends the term `coefficient * variable`, storing the reference it is given: a caller
    /// that moves a variable in (`append(moving:scaledBy:)`) spends no retain on it.
    @inlinable @inline(__always) mutating func append(owned variable: consuming Variable, _ coefficient: Double) {
        if v0 == nil {
            v0 = variable
            coefficients[0] = coefficient
        } else if v1 == nil {
            v1 = variable
            coefficients[1] = coefficient
        } else if v2 == nil {
            v2 = variable
            coefficients[2] = coefficient
        } else if v3 == nil {
            v3 = variable
            coefficients[3] = coefficient
        } else {
            appendPastFour(variable, coefficient)
        }
    }

    /// Appends a fifth or later term: into the overflow box, which the first such term makes
    /// (with the fourth term in it), and which is copied first when another expression shares it.
    @usableFromInline mutating func appendPastFour(_ variable: Variable, _ coefficient: Double) {
        let last = v3.unsafelyUnwrapped
        v3 = nil
        if type(of: last) == TermOverflow.self {
            var box = unsafeDowncast(consume last, to: TermOverflow.self)
            if !isKnownUniquelyReferenced(&box) { box = TermOverflow(box.terms) }
            box.terms.append(Term(variable, coefficient))
            v3 = box
        } else {
            v3 = TermOverflow([Term(unsafeDowncast(last, to: Variable.self), coefficients[3]), Term(variable, coefficient)])
        }
    }

    /// Appends `scale` times the terms of `other`, and `scale` times its constant.
    @inlinable @inline(__always) mutating func append(_ other: Expression, scaledBy scale: Double) {
        other.forEachTerm { v, c in append(v, c * scale) }
        constant += scale * other.constant
    }

    /// Appends `scale` times the terms and the constant of `other`, moving its variables rather
    /// than copying them: a copy retains each variable, and the end of `other` releases it again
    /// (an operator's temporary operand, `view.right + 8`).
    @inlinable @inline(__always) mutating func append(moving other: consuming Expression, scaledBy scale: Double) {
        constant += scale * other.constant
        guard let a = other.v0.take() else { return }
        append(owned: a, other.coefficients[0] * scale)
        guard let b = other.v1.take() else { return }
        append(owned: b, other.coefficients[1] * scale)
        guard let c = other.v2.take() else { return }
        append(owned: c, other.coefficients[2] * scale)
        guard let last = other.v3.take() else { return }
        if type(of: last) == TermOverflow.self {
            for t in unsafeDowncast(last, to: TermOverflow.self).terms { append(t.variable, t.coefficient * scale) }
        } else {
            append(owned: unsafeDowncast(last, to: Variable.self), other.coefficients[3] * scale)
        }
    }

    /// Calls `body` with each term's variable and coefficient, in order, without copying the
    /// terms (no retain of the variables, no array). The slots are read through
    /// `unsafelyUnwrapped` after a nil check, where binding them (`guard let`) would retain each.
    @inlinable @inline(__always) func forEachTerm(_ body: (Variable, Double) throws -> Void) rethrows {
        guard v0 != nil else { return }
        try body(v0.unsafelyUnwrapped, coefficients[0])
        guard v1 != nil else { return }
        try body(v1.unsafelyUnwrapped, coefficients[1])
        guard v2 != nil else { return }
        try body(v2.unsafelyUnwrapped, coefficients[2])
        guard v3 != nil else { return }
        if hasOverflow {
            for t in unsafeDowncast(v3.unsafelyUnwrapped, to: TermOverflow.self).terms { try body(t.variable, t.coefficient) }
        } else {
            try body(unsafeDowncast(v3.unsafelyUnwrapped, to: Variable.self), coefficients[3])
        }
    }

    /// Whether the fourth slot holds the overflow box (more than four terms) rather than a
    /// variable. A class identity check, no dynamic cast.
    @inlinable @inline(__always) var hasOverflow: Bool {
        v3 != nil && type(of: v3.unsafelyUnwrapped) == TermOverflow.self
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

/// The terms of an expression from the fourth on, when it has more than four. Shared by copies
/// of the expression; `Expression.appendPastFour` copies it before appending to a shared one.
@usableFromInline final class TermOverflow {
    @usableFromInline var terms: ContiguousArray<Term>

    @usableFromInline init(_ terms: ContiguousArray<Term>) {
        self.terms = terms
    }
}
