/// A linear expression: a sum of terms plus a constant, `2 * x + y - 10`.
///
/// Expressions are values built with the arithmetic operators on ``Variable``, ``Term``,
/// `Expression` and `Double`. A variable may appear in several terms; the solver adds them up.
public struct Expression {
    /// The terms, in the order they were written.
    public var terms: [Term]
    /// The constant added to the terms.
    public var constant: Double

    /// Creates an expression from terms and a constant.
    public init(_ terms: [Term] = [], constant: Double = 0) {
        self.terms = terms
        self.constant = constant
    }

    /// Whether every coefficient and the constant are finite numbers (no NaN, no infinity).
    public var isFinite: Bool {
        constant.isFinite && terms.allSatisfy { $0.coefficient.isFinite }
    }

    /// The value of the expression with each variable at its current ``Variable/value``.
    public var value: Double {
        terms.reduce(constant) { $0 + $1.coefficient * $1.variable.value }
    }

    static func format(_ x: Double) -> String {
        if x.isFinite, x == x.rounded(), abs(x) < 1e15 { return String(Int64(x)) }
        return String(x)
    }
}

extension Expression: CustomStringConvertible {
    public var description: String {
        var out = ""
        for term in terms {
            if out.isEmpty {
                out = term.coefficient < 0 ? "-" + Term(term.variable, -term.coefficient).description : term.description
            } else if term.coefficient < 0 {
                out += " - " + Term(term.variable, -term.coefficient).description
            } else {
                out += " + " + term.description
            }
        }
        if out.isEmpty { return Expression.format(constant) }
        if constant > 0 { out += " + " + Expression.format(constant) }
        if constant < 0 { out += " - " + Expression.format(-constant) }
        return out
    }
}
