/// A variable multiplied by a coefficient: `2 * x`.
public struct Term {
    /// The variable.
    public var variable: Variable
    /// The coefficient the variable is multiplied by.
    public var coefficient: Double

    /// Creates a term.
    public init(_ variable: Variable, _ coefficient: Double = 1) {
        self.variable = variable
        self.coefficient = coefficient
    }
}

extension Term: CustomStringConvertible {
    public var description: String {
        coefficient == 1 ? variable.description : "\(Expression.format(coefficient)) * \(variable)"
    }
}
