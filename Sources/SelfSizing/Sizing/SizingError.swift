import Foundation

/// What can go wrong sizing a template cell, in any list. Lists wrap it in their own error type
/// (``TableViewError``), adding where it happened.
public enum SizingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A size was asked for an identifier with no registered factory.
    case unregisteredIdentifier(String)
    /// A cell could not be made (its spec's constraints do not build).
    case cellCreationFailed(identifier: String, message: String)
    /// The configuration of a cell threw.
    case configurationFailed(identifier: String, message: String)

    public var description: String {
        switch self {
        case let .unregisteredIdentifier(id): return "no cell registered for the reuse identifier '\(id)'"
        case let .cellCreationFailed(id, message): return "cannot make a cell for '\(id)': \(message)"
        case let .configurationFailed(id, message): return "a '\(id)' cell: \(message)"
        }
    }
}
