// Operators that build terms, expressions and constraints: `2 * x + y - 10 <= z`.
//
// Variables, terms and expressions all convert to an `Expression`; numbers take part through
// separate overloads so that integer and float literals work on either side.

/// A value that can stand as a linear expression: ``Variable``, ``Term`` and ``Expression``.
///
/// The requirements let the operators build an expression with a single allocation.
public protocol ExpressionConvertible {
    /// The number of terms this value contributes.
    var termCount: Int { get }
    /// The constant this value contributes.
    var constantTerm: Double { get }
    /// Appends this value's terms, each coefficient multiplied by `scale`.
    func appendTerms(to terms: inout [Term], scaledBy scale: Double)
}

extension ExpressionConvertible {
    /// This value as an expression.
    @inlinable public var expression: Expression {
        var terms: [Term] = []
        terms.reserveCapacity(termCount)
        appendTerms(to: &terms, scaledBy: 1)
        return Expression(terms, constant: constantTerm)
    }
}

extension Variable: ExpressionConvertible {
    @inlinable public var termCount: Int { 1 }
    @inlinable public var constantTerm: Double { 0 }
    @inlinable public func appendTerms(to terms: inout [Term], scaledBy scale: Double) {
        terms.append(Term(self, scale))
    }
}

extension Term: ExpressionConvertible {
    @inlinable public var termCount: Int { 1 }
    @inlinable public var constantTerm: Double { 0 }
    @inlinable public func appendTerms(to terms: inout [Term], scaledBy scale: Double) {
        terms.append(Term(variable, coefficient * scale))
    }
}

extension Expression: ExpressionConvertible {
    @inlinable public var termCount: Int { terms.count }
    @inlinable public var constantTerm: Double { constant }
    @inlinable public func appendTerms(to terms: inout [Term], scaledBy scale: Double) {
        if scale == 1 {
            terms.append(contentsOf: self.terms)
        } else {
            for t in self.terms { terms.append(Term(t.variable, t.coefficient * scale)) }
        }
    }
    @inlinable public var expression: Expression { self }
}

/// `lhs + scale * rhs` in one allocation.
@inlinable func combine<L: ExpressionConvertible, R: ExpressionConvertible>(_ lhs: L, _ rhs: R, _ scale: Double) -> Expression {
    var terms: [Term] = []
    terms.reserveCapacity(lhs.termCount + rhs.termCount)
    lhs.appendTerms(to: &terms, scaledBy: 1)
    rhs.appendTerms(to: &terms, scaledBy: scale)
    return Expression(terms, constant: lhs.constantTerm + scale * rhs.constantTerm)
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

@inlinable public func + <L: ExpressionConvertible, R: ExpressionConvertible>(lhs: L, rhs: R) -> Expression {
    combine(lhs, rhs, 1)
}

@inlinable public func - <L: ExpressionConvertible, R: ExpressionConvertible>(lhs: L, rhs: R) -> Expression {
    combine(lhs, rhs, -1)
}

@inlinable public func + <L: ExpressionConvertible>(lhs: L, rhs: Double) -> Expression {
    var e = lhs.expression
    e.constant += rhs
    return e
}

public func + <R: ExpressionConvertible>(lhs: Double, rhs: R) -> Expression { rhs + lhs }
public func - <L: ExpressionConvertible>(lhs: L, rhs: Double) -> Expression { lhs + -rhs }
public func - <R: ExpressionConvertible>(lhs: Double, rhs: R) -> Expression { -rhs.expression + lhs }

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

public func == <L: ExpressionConvertible>(lhs: L, rhs: Double) -> Constraint { Constraint(lhs - rhs, .equal) }
public func <= <L: ExpressionConvertible>(lhs: L, rhs: Double) -> Constraint { Constraint(lhs - rhs, .lessThanOrEqual) }
public func >= <L: ExpressionConvertible>(lhs: L, rhs: Double) -> Constraint { Constraint(lhs - rhs, .greaterThanOrEqual) }
public func == <R: ExpressionConvertible>(lhs: Double, rhs: R) -> Constraint { Constraint(lhs - rhs, .equal) }
public func <= <R: ExpressionConvertible>(lhs: Double, rhs: R) -> Constraint { Constraint(lhs - rhs, .lessThanOrEqual) }
public func >= <R: ExpressionConvertible>(lhs: Double, rhs: R) -> Constraint { Constraint(lhs - rhs, .greaterThanOrEqual) }
