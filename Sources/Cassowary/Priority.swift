/// How much a constraint matters, on Auto Layout's scale from 1 to 1000.
///
/// Priorities are *strictly* ordered: no number of violated constraints at lower priorities
/// outweighs one violated constraint at a higher priority. Within one priority the solver minimises
/// the sum of the violations. ``required`` (1000) constraints always hold.
public struct Priority: Hashable, Comparable, Sendable {
    /// The priority's number, 1...1000.
    public var rawValue: Double

    /// Creates a priority from its number (valid priorities are finite and in 1...1000).
    public init(_ rawValue: Double) {
        self.rawValue = rawValue
    }

    /// 1000: the constraint must hold.
    public static let required = Priority(1000)
    /// 750: the priority of compression resistance by default.
    public static let defaultHigh = Priority(750)
    /// 250: the priority of content hugging by default.
    public static let defaultLow = Priority(250)
    /// 50: the priority with which a fitting size is asked for.
    public static let fittingSizeLevel = Priority(50)

    /// Whether this is the required priority.
    public var isRequired: Bool { rawValue >= 1000 }

    /// Whether this is a priority the solver accepts: finite and in 1...1000.
    public var isValid: Bool { rawValue.isFinite && rawValue >= 1 && rawValue <= 1000 }

    public static func < (lhs: Priority, rhs: Priority) -> Bool { lhs.rawValue < rhs.rawValue }
}

extension Priority: ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    public init(floatLiteral value: Double) { self.init(value) }
    public init(integerLiteral value: Int) { self.init(Double(value)) }
}

extension Priority: CustomStringConvertible {
    public var description: String {
        switch rawValue {
        case 1000: "required"
        case 750: "high"
        case 250: "low"
        case 50: "fittingSize"
        default: Expression.format(rawValue)
        }
    }
}
