import AutoLayout
import Foundation

/// One value of a data item that a template binds with `{field}`.
public enum DataValue: Hashable, Sendable {
    case string(String)
    case number(Double)
    case bool(Bool)
    case null

    /// The value as text in a label: numbers without a needless ".0".
    public var text: String {
        switch self {
        case let .string(s): return s
        case let .number(n): return n == n.rounded() && abs(n) < 1e15 ? String(Int64(n)) : String(n)
        case let .bool(b): return b ? "true" : "false"
        case .null: return ""
        }
    }

    /// The value as a number, if it is one (or a string that reads as one: CSV's values are all
    /// text). A boolean is not a number, whatever file it comes from.
    public var number: Double? {
        switch self {
        case let .number(n): return n
        case let .string(s): return Double(s.trimmingCharacters(in: .whitespaces))
        case .bool, .null: return nil
        }
    }

    /// The value as a flag (a view's `hidden`): a boolean, 1 or 0, the text `true`, `false`, `1`
    /// or `0` (CSV's values are all text), or null or empty text for false. Nil for anything else
    /// (`"maybe"`, `2`): the same rule whatever file the value comes from.
    public var flag: Bool? {
        switch self {
        case let .bool(b): return b
        case let .number(n): return n == 1 ? true : n == 0 ? false : nil
        case let .string(s):
            switch s.trimmingCharacters(in: .whitespaces) {
            case "true", "1": return true
            case "false", "0", "": return false
            default: return nil
            }
        case .null: return false
        }
    }

    /// The value as a message quotes it: `true`, `2`, `"maybe"`, `null`.
    var described: String {
        switch self {
        case let .string(s): return "\"\(s.prefix(40))\(s.count > 40 ? "..." : "")\""
        case .null: return "null"
        default: return text
        }
    }

    /// What a flag may be, for messages: ``flag``'s rule.
    static let flagRule = "expected true or false (or 1, 0, null)"

    /// Whether the value counts as true: true, a non-zero number, a non-empty string other than
    /// "false" and "0".
    public var isTruthy: Bool {
        switch self {
        case let .bool(b): return b
        case let .number(n): return n != 0
        case let .string(s): return !s.isEmpty && s != "false" && s != "0"
        case .null: return false
        }
    }
}

/// A row's data: field name to value. A plain string item binds as `{text}`.
public typealias DataItem = [String: DataValue]

extension DataValue: Decodable {
    /// Reads a JSON scalar: null, a boolean, a number or a string.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() {
            self = .null
        } else if let b = try? c.decode(Bool.self) {
            self = .bool(b)
        } else if let n = try? c.decode(Double.self) {
            self = .number(n)
        } else if let s = try? c.decode(String.self) {
            self = .string(s)
        } else {
            throw DecodingError.dataCorruptedError(in: c, debugDescription: "expected a string, number, boolean or null")
        }
    }
}
