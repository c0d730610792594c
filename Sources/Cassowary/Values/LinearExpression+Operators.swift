// Operators over solver-owned variables (`VariableHandle`), mirroring Expression+Operators.swift:
// `2 * x + y - 10 <= z` builds a `LinearConstraint` on the stack.

/// A value that can stand as a ``LinearExpression``: ``VariableHandle``, ``LinearTerm`` and
/// ``LinearExpression``.
public protocol LinearExpressionConvertible {
    /// Appends this value's terms and constant to `expression`, each multiplied by `scale`.
    func append(to expression: inout LinearExpression, scaledBy scale: Double)
}

extension LinearExpressionConvertible {
    /// This value as an expression.
    @inlinable public var linearExpression: LinearExpression {
        var e = LinearExpression()
        append(to: &e, scaledBy: 1)
        return e
    }
}

extension VariableHandle: LinearExpressionConvertible {
    @inlinable @inline(__always) public func append(to expression: inout LinearExpression, scaledBy scale: Double) {
        expression.append(self, scale)
    }
}

extension LinearTerm: LinearExpressionConvertible {
    @inlinable @inline(__always) public func append(to expression: inout LinearExpression, scaledBy scale: Double) {
        expression.append(variable, coefficient * scale)
    }
}

extension LinearExpression: LinearExpressionConvertible {
    @inlinable @inline(__always) public func append(to expression: inout LinearExpression, scaledBy scale: Double) {
        expression.append(self, scaledBy: scale)
    }
}

/// `lhs + scale * rhs`.
@inlinable func combine<L: LinearExpressionConvertible, R: LinearExpressionConvertible>(
    _ lhs: L, _ rhs: R, _ scale: Double
) -> LinearExpression {
    var e = LinearExpression()
    lhs.append(to: &e, scaledBy: 1)
    rhs.append(to: &e, scaledBy: scale)
    return e
}

/// `scale * value + constant`.
@inlinable func scaled<V: LinearExpressionConvertible>(_ value: V, _ scale: Double, plus constant: Double) -> LinearExpression {
    var e = LinearExpression(constant: constant)
    value.append(to: &e, scaledBy: scale)
    return e
}

// MARK: - Multiplication and division by numbers

public func * (lhs: Double, rhs: VariableHandle) -> LinearTerm { LinearTerm(rhs, lhs) }
public func * (lhs: VariableHandle, rhs: Double) -> LinearTerm { LinearTerm(lhs, rhs) }
public func * (lhs: Double, rhs: LinearTerm) -> LinearTerm { LinearTerm(rhs.variable, rhs.coefficient * lhs) }
public func * (lhs: LinearTerm, rhs: Double) -> LinearTerm { LinearTerm(lhs.variable, lhs.coefficient * rhs) }
public func / (lhs: VariableHandle, rhs: Double) -> LinearTerm { LinearTerm(lhs, 1 / rhs) }
public func / (lhs: LinearTerm, rhs: Double) -> LinearTerm { LinearTerm(lhs.variable, lhs.coefficient / rhs) }
public func * (lhs: Double, rhs: LinearExpression) -> LinearExpression { scaled(rhs, lhs, plus: 0) }
public func * (lhs: LinearExpression, rhs: Double) -> LinearExpression { scaled(lhs, rhs, plus: 0) }
public func / (lhs: LinearExpression, rhs: Double) -> LinearExpression { scaled(lhs, 1 / rhs, plus: 0) }

public prefix func - (operand: VariableHandle) -> LinearTerm { LinearTerm(operand, -1) }
public prefix func - (operand: LinearTerm) -> LinearTerm { LinearTerm(operand.variable, -operand.coefficient) }
public prefix func - (operand: LinearExpression) -> LinearExpression { scaled(operand, -1, plus: 0) }

// MARK: - Addition and subtraction

@inlinable public func + <L: LinearExpressionConvertible, R: LinearExpressionConvertible>(lhs: L, rhs: R) -> LinearExpression {
    combine(lhs, rhs, 1)
}

@inlinable public func - <L: LinearExpressionConvertible, R: LinearExpressionConvertible>(lhs: L, rhs: R) -> LinearExpression {
    combine(lhs, rhs, -1)
}

@inlinable public func + <L: LinearExpressionConvertible>(lhs: L, rhs: Double) -> LinearExpression { scaled(lhs, 1, plus: rhs) }
@inlinable public func + <R: LinearExpressionConvertible>(lhs: Double, rhs: R) -> LinearExpression { scaled(rhs, 1, plus: lhs) }
@inlinable public func - <L: LinearExpressionConvertible>(lhs: L, rhs: Double) -> LinearExpression { scaled(lhs, 1, plus: -rhs) }
@inlinable public func - <R: LinearExpressionConvertible>(lhs: Double, rhs: R) -> LinearExpression { scaled(rhs, -1, plus: lhs) }

// MARK: - Constraints

@inlinable public func == <L: LinearExpressionConvertible, R: LinearExpressionConvertible>(lhs: L, rhs: R) -> LinearConstraint {
    LinearConstraint(combine(lhs, rhs, -1), .equal)
}

@inlinable public func <= <L: LinearExpressionConvertible, R: LinearExpressionConvertible>(lhs: L, rhs: R) -> LinearConstraint {
    LinearConstraint(combine(lhs, rhs, -1), .lessThanOrEqual)
}

@inlinable public func >= <L: LinearExpressionConvertible, R: LinearExpressionConvertible>(lhs: L, rhs: R) -> LinearConstraint {
    LinearConstraint(combine(lhs, rhs, -1), .greaterThanOrEqual)
}

@inlinable public func == <L: LinearExpressionConvertible>(lhs: L, rhs: Double) -> LinearConstraint {
    LinearConstraint(scaled(lhs, 1, plus: -rhs), .equal)
}
@inlinable public func <= <L: LinearExpressionConvertible>(lhs: L, rhs: Double) -> LinearConstraint {
    LinearConstraint(scaled(lhs, 1, plus: -rhs), .lessThanOrEqual)
}
@inlinable public func >= <L: LinearExpressionConvertible>(lhs: L, rhs: Double) -> LinearConstraint {
    LinearConstraint(scaled(lhs, 1, plus: -rhs), .greaterThanOrEqual)
}
@inlinable public func == <R: LinearExpressionConvertible>(lhs: Double, rhs: R) -> LinearConstraint {
    LinearConstraint(scaled(rhs, -1, plus: lhs), .equal)
}
@inlinable public func <= <R: LinearExpressionConvertible>(lhs: Double, rhs: R) -> LinearConstraint {
    LinearConstraint(scaled(rhs, -1, plus: lhs), .lessThanOrEqual)
}
@inlinable public func >= <R: LinearExpressionConvertible>(lhs: Double, rhs: R) -> LinearConstraint {
    LinearConstraint(scaled(rhs, -1, plus: lhs), .greaterThanOrEqual)
}
