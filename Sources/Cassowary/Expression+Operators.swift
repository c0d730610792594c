// Operators that build terms, expressions and constraints: `2 * x + y - 10 <= z`.
//
// Variables, terms and expressions all convert to an `Expression`; numbers take part through
// separate overloads so that integer and float literals work on either side.

/// A value that can stand as a linear expression: ``Variable``, ``Term`` and ``Expression``.
///
/// The operators build their result in place through this requirement, so that an expression of
/// up to four terms makes no array (see ``Expression``).
public protocol ExpressionConvertible {
    /// Appends this value's terms and constant to `expression`, each multiplied by `scale`.
    func append(to expression: inout Expression, scaledBy scale: Double)
}

extension ExpressionConvertible {
    /// This value as an expression.
    @inlinable public var expression: Expression {
        var e = Expression()
        append(to: &e, scaledBy: 1)
        return e
    }
}

extension Variable: ExpressionConvertible {
    @inlinable @inline(__always) public func append(to expression: inout Expression, scaledBy scale: Double) {
        expression.append(self, scale)
    }
}

extension Term: ExpressionConvertible {
    @inlinable @inline(__always) public func append(to expression: inout Expression, scaledBy scale: Double) {
        expression.append(variable, coefficient * scale)
    }
}

extension Expression: ExpressionConvertible {
    @inlinable @inline(__always) public func append(to expression: inout Expression, scaledBy scale: Double) {
        expression.append(self, scaledBy: scale)
    }
    @inlinable public var expression: Expression { self }
}

/// `lhs + scale * rhs`.
@inlinable func combine<L: ExpressionConvertible, R: ExpressionConvertible>(_ lhs: L, _ rhs: R, _ scale: Double) -> Expression {
    var e = Expression()
    lhs.append(to: &e, scaledBy: 1)
    rhs.append(to: &e, scaledBy: scale)
    return e
}

/// `scale * value + constant`.
@inlinable func scaled<V: ExpressionConvertible>(_ value: V, _ scale: Double, plus constant: Double) -> Expression {
    var e = Expression(constant: constant)
    value.append(to: &e, scaledBy: scale)
    return e
}

// MARK: - Multiplication and division by numbers

public func * (lhs: Double, rhs: Variable) -> Term { Term(rhs, lhs) }
public func * (lhs: Variable, rhs: Double) -> Term { Term(lhs, rhs) }
public func * (lhs: Double, rhs: Term) -> Term { Term(rhs.variable, rhs.coefficient * lhs) }
public func * (lhs: Term, rhs: Double) -> Term { Term(lhs.variable, lhs.coefficient * rhs) }
public func / (lhs: Variable, rhs: Double) -> Term { Term(lhs, 1 / rhs) }
public func / (lhs: Term, rhs: Double) -> Term { Term(lhs.variable, lhs.coefficient / rhs) }

@inlinable public func * (lhs: Double, rhs: Expression) -> Expression { scaled(rhs, lhs, plus: 0) }
@inlinable public func * (lhs: Expression, rhs: Double) -> Expression { scaled(lhs, rhs, plus: 0) }
@inlinable public func / (lhs: Expression, rhs: Double) -> Expression { scaled(lhs, 1 / rhs, plus: 0) }

public prefix func - (operand: Variable) -> Term { Term(operand, -1) }
public prefix func - (operand: Term) -> Term { Term(operand.variable, -operand.coefficient) }
@inlinable public prefix func - (operand: Expression) -> Expression { scaled(operand, -1, plus: 0) }

// MARK: - Addition and subtraction

@inlinable public func + <L: ExpressionConvertible, R: ExpressionConvertible>(lhs: L, rhs: R) -> Expression {
    combine(lhs, rhs, 1)
}

@inlinable public func - <L: ExpressionConvertible, R: ExpressionConvertible>(lhs: L, rhs: R) -> Expression {
    combine(lhs, rhs, -1)
}

@inlinable public func + <L: ExpressionConvertible>(lhs: L, rhs: Double) -> Expression { scaled(lhs, 1, plus: rhs) }
@inlinable public func + <R: ExpressionConvertible>(lhs: Double, rhs: R) -> Expression { scaled(rhs, 1, plus: lhs) }
@inlinable public func - <L: ExpressionConvertible>(lhs: L, rhs: Double) -> Expression { scaled(lhs, 1, plus: -rhs) }
@inlinable public func - <R: ExpressionConvertible>(lhs: Double, rhs: R) -> Expression { scaled(rhs, -1, plus: lhs) }

// MARK: - Constraints

@inlinable public func == <L: ExpressionConvertible, R: ExpressionConvertible>(lhs: L, rhs: R) -> Constraint {
    Constraint(combine(lhs, rhs, -1), .equal)
}

@inlinable public func <= <L: ExpressionConvertible, R: ExpressionConvertible>(lhs: L, rhs: R) -> Constraint {
    Constraint(combine(lhs, rhs, -1), .lessThanOrEqual)
}

@inlinable public func >= <L: ExpressionConvertible, R: ExpressionConvertible>(lhs: L, rhs: R) -> Constraint {
    Constraint(combine(lhs, rhs, -1), .greaterThanOrEqual)
}

@inlinable public func == <L: ExpressionConvertible>(lhs: L, rhs: Double) -> Constraint {
    Constraint(scaled(lhs, 1, plus: -rhs), .equal)
}
@inlinable public func <= <L: ExpressionConvertible>(lhs: L, rhs: Double) -> Constraint {
    Constraint(scaled(lhs, 1, plus: -rhs), .lessThanOrEqual)
}
@inlinable public func >= <L: ExpressionConvertible>(lhs: L, rhs: Double) -> Constraint {
    Constraint(scaled(lhs, 1, plus: -rhs), .greaterThanOrEqual)
}
@inlinable public func == <R: ExpressionConvertible>(lhs: Double, rhs: R) -> Constraint {
    Constraint(scaled(rhs, -1, plus: lhs), .equal)
}
@inlinable public func <= <R: ExpressionConvertible>(lhs: Double, rhs: R) -> Constraint {
    Constraint(scaled(rhs, -1, plus: lhs), .lessThanOrEqual)
}
@inlinable public func >= <R: ExpressionConvertible>(lhs: Double, rhs: R) -> Constraint {
    Constraint(scaled(rhs, -1, plus: lhs), .greaterThanOrEqual)
}

// MARK: - Expression operands moved, not copied

// An `Expression` operand that is not used again (a temporary such as `view.right + 8`) is moved
// into the result: its terms keep their references, where copying them retains each variable and
// the temporary's end releases it again (the cell through objects made 88 such copies). These
// overloads are more specific than the generic ones, so they are chosen for every `Expression`
// operand; one still used afterwards is copied by the caller, as before. Terms keep their order.

@inlinable public func + (lhs: consuming Expression, rhs: Double) -> Expression {
    lhs.constant += rhs
    return lhs
}
@inlinable public func - (lhs: consuming Expression, rhs: Double) -> Expression {
    lhs.constant -= rhs
    return lhs
}

/// `lhs + scale * rhs`, moving `rhs`'s terms.
@inlinable func combine<L: ExpressionConvertible>(_ lhs: L, moving rhs: consuming Expression, _ scale: Double) -> Expression {
    var e = Expression()
    lhs.append(to: &e, scaledBy: 1)
    e.append(moving: rhs, scaledBy: scale)
    return e
}

@inlinable public func + <L: ExpressionConvertible>(lhs: L, rhs: consuming Expression) -> Expression {
    combine(lhs, moving: rhs, 1)
}
@inlinable public func - <L: ExpressionConvertible>(lhs: L, rhs: consuming Expression) -> Expression {
    combine(lhs, moving: rhs, -1)
}

@inlinable public func == (lhs: consuming Expression, rhs: Double) -> Constraint {
    Constraint(lhs - rhs, .equal)
}
@inlinable public func <= (lhs: consuming Expression, rhs: Double) -> Constraint {
    Constraint(lhs - rhs, .lessThanOrEqual)
}
@inlinable public func >= (lhs: consuming Expression, rhs: Double) -> Constraint {
    Constraint(lhs - rhs, .greaterThanOrEqual)
}

@inlinable public func == <L: ExpressionConvertible>(lhs: L, rhs: consuming Expression) -> Constraint {
    Constraint(combine(lhs, moving: rhs, -1), .equal)
}
@inlinable public func <= <L: ExpressionConvertible>(lhs: L, rhs: consuming Expression) -> Constraint {
    Constraint(combine(lhs, moving: rhs, -1), .lessThanOrEqual)
}
@inlinable public func >= <L: ExpressionConvertible>(lhs: L, rhs: consuming Expression) -> Constraint {
    Constraint(combine(lhs, moving: rhs, -1), .greaterThanOrEqual)
}
