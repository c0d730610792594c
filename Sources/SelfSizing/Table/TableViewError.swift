import Foundation

/// What can go wrong in a ``TableView``.
public enum TableViewError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A height was asked for an identifier with no registered cell or header-footer view.
    case unregisteredIdentifier(String)
    /// A cell could not be made (its spec's constraints do not build).
    case cellCreationFailed(identifier: String, message: String)
    /// The configuration of a row (or header, or footer) threw.
    case configurationFailed(indexPath: IndexPath?, identifier: String, message: String)
    /// An index path the table does not have.
    case invalidIndexPath(IndexPath)
    /// Batch updates that do not agree with the data source, as UIKit's
    /// NSInternalInconsistencyException; the table reloads its data.
    case invalidUpdate(BatchUpdateError)

    /// The sizing core's error, at a row (or nil for a header, a footer or a template).
    init(_ error: SizingError, indexPath: IndexPath?) {
        switch error {
        case let .unregisteredIdentifier(id): self = .unregisteredIdentifier(id)
        case let .cellCreationFailed(id, message): self = .cellCreationFailed(identifier: id, message: message)
        case let .configurationFailed(id, message): self = .configurationFailed(indexPath: indexPath, identifier: id, message: message)
        }
    }

    public var description: String {
        switch self {
        case .unregisteredIdentifier, .cellCreationFailed:
            return "\(SizingError(self)!)"
        case let .configurationFailed(ip, id, message):
            let place = ip.map { "row \($0.row + 1) of section \($0.section)" } ?? "a '\(id)' view"
            return "\(place): \(message)"
        case let .invalidIndexPath(ip):
            return "the table has no row at \(BatchUpdateError.describe(ip))"
        case let .invalidUpdate(error):
            return "invalid batch update: \(error)"
        }
    }
}

extension SizingError {
    /// The sizing core's part of a table's error, if it is one.
    init?(_ error: TableViewError) {
        switch error {
        case let .unregisteredIdentifier(id): self = .unregisteredIdentifier(id)
        case let .cellCreationFailed(id, message): self = .cellCreationFailed(identifier: id, message: message)
        default: return nil
        }
    }
}
