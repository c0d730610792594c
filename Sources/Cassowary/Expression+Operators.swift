// Operators that build terms, expressions and constraints: `2 * x + y - 10 <= z`.
//
// Variables, terms and expressions all convert to an `Expression`; numbers take part through
// separate overloads so that integer and float literals work on either side.

/// A value that can stand as a linear expression: ``Variable``, ``Term`` and ``Expression``.
public protocol ExpressionConvertible {
    /// This value as an expression.
    var expression: Expression { get }
}

extension Variable: ExpressionConvertible {
    public var expression: Expression { Expression([Term(self)]) }
}

extension Term: ExpressionConvertible {
    public var expression: Expression { Expression([self]) }
}

extension Expression: ExpressionConvertible {
    public var expression: Expression { self }
}

// MARK: - Multiplication and division by numbers

public func * (lhs: Double, rhs: Variable) -> Term { Term(rhs, lhs) }
public func * (lhs: Variable, rhs: Double) -> Term { Term(lhs, rhs) }
public func * (lhs: Double, rhs: Term) -> Term { Term(rhs.variable, rhs.coefficient * lhs) }
public func * (lhs: Term, rhs: Double) -> Term { Term(lhs.variable, lhs.coefficient * rhs) }
public func / (lhs: Variable, rhs: Double) -> Term { Term(lhs, 1 / rhs) }
public func / (lhs: Term, rhs: Double) -> Term { Term(lhs.variable, lhs.coefficient / rhs) }

public func * (lhs: Double, rhs: Expression) -> Expression {
    Expression(rhs.terms.map { Term($0.variable, $0.coefficient * lhs) }, constant: rhs.constant * lhs)
}

public func * (lhs: Expression, rhs: Double) -> Expression { rhs * lhs }
public func / (lhs: Expression, rhs: Double) -> Expression { (1 / rhs) * lhs }

public prefix func - (operand: Variable) -> Term { Term(operand, -1) }
public prefix func - (operand: Term) -> Term { Term(operand.variable, -operand.coefficient) }
public prefix func - (operand: Expression) -> Expression { -1 * operand }

// MARK: - Addition and subtraction

public func + <L: ExpressionConvertible, R: ExpressionConvertible>(lhs: L, rhs: R) -> Expression {
    let l = lhs.expression, r = rhs.expression
    return Expression(l.terms + r.terms, constant: l.constant + r.constant)
}

public func - <L: ExpressionConvertible, R: ExpressionConvertible>(lhs: L, rhs: R) -> Expression {
    lhs + (-rhs.expression)
}

public func + <L: ExpressionConvertible>(lhs: L, rhs: Double) -> Expression {
    var e = lhs.expression
    e.constant += rhs
    return e
}

public func + <R: ExpressionConvertible>(lhs: Double, rhs: R) -> Expression { rhs + lhs }
public func - <L: ExpressionConvertible>(lhs: L, rhs: Double) -> Expression { lhs + -rhs }
public func - <R: ExpressionConvertible>(lhs: Double, rhs: R) -> Expression { -rhs.expression + lhs }

// MARK: - Constraints

public func == <L: ExpressionConvertible, R: ExpressionConvertible>(lhs: L, rhs: R) -> Constraint {
    Constraint(lhs - rhs, .equal)
}

public func <= <L: ExpressionConvertible, R: ExpressionConvertible>(lhs: L, rhs: R) -> Constraint {
    Constraint(lhs - rhs, .lessThanOrEqual)
}

public func >= <L: ExpressionConvertible, R: ExpressionConvertible>(lhs: L, rhs: R) -> Constraint {
    Constraint(lhs - rhs, .greaterThanOrEqual)
}

public func == <L: ExpressionConvertible>(lhs: L, rhs: Double) -> Constraint { Constraint(lhs - rhs, .equal) }
public func <= <L: ExpressionConvertible>(lhs: L, rhs: Double) -> Constraint { Constraint(lhs - rhs, .lessThanOrEqual) }
public func >= <L: ExpressionConvertible>(lhs: L, rhs: Double) -> Constraint { Constraint(lhs - rhs, .greaterThanOrEqual) }
public func == <R: ExpressionConvertible>(lhs: Double, rhs: R) -> Constraint { Constraint(lhs - rhs, .equal) }
public func <= <R: ExpressionConvertible>(lhs: Double, rhs: R) -> Constraint { Constraint(lhs - rhs, .lessThanOrEqual) }
public func >= <R: ExpressionConvertible>(lhs: Double, rhs: R) -> Constraint { Constraint(lhs - rhs, .greaterThanOrEqual) }
