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
    case invalidUpdate(String)

    public var description: String {
        switch self {
        case let .unregisteredIdentifier(id):
            return "no cell registered for the reuse identifier '\(id)'"
        case let .cellCreationFailed(id, message):
            return "cannot make a cell for '\(id)': \(message)"
        case let .configurationFailed(ip, id, message):
            let place = ip.map { "row \($0.row + 1) of section \($0.section)" } ?? "a '\(id)' view"
            return "\(place): \(message)"
        case let .invalidIndexPath(ip):
            return "the table has no row at \(BatchUpdates.describe(ip))"
        case let .invalidUpdate(message):
            return "invalid batch update: \(message)"
        }
    }
}
