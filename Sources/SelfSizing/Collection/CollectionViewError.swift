import Foundation

/// What can go wrong in a ``CollectionView``.
public enum CollectionViewError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A size was asked for an identifier with no registered cell.
    case unregisteredIdentifier(String)
    /// A cell could not be made (its spec's constraints do not build).
    case cellCreationFailed(identifier: String, message: String)
    /// The configuration of an item (or the delegate's size for it) threw.
    case configurationFailed(indexPath: IndexPath?, identifier: String, message: String)
    /// An index path the collection does not have.
    case invalidIndexPath(IndexPath)
    /// Batch updates that do not agree with the data source; the collection reloads its data.
    case invalidUpdate(BatchUpdateError)

    /// The sizing core's error, at an item (or nil for a template).
    init(_ error: SizingError, indexPath: IndexPath?) {
        switch error {
        case let .unregisteredIdentifier(id): self = .unregisteredIdentifier(id)
        case let .cellCreationFailed(id, message): self = .cellCreationFailed(identifier: id, message: message)
        case let .configurationFailed(id, message): self = .configurationFailed(indexPath: indexPath, identifier: id, message: message)
        }
    }

    public var description: String {
        switch self {
        case let .unregisteredIdentifier(id): return "\(SizingError.unregisteredIdentifier(id))"
        case let .cellCreationFailed(id, message): return "\(SizingError.cellCreationFailed(identifier: id, message: message))"
        case let .configurationFailed(ip, id, message):
            let place = ip.map { "item \($0[1] + 1) of section \($0[0])" } ?? "a '\(id)' cell"
            return "\(place): \(message)"
        case let .invalidIndexPath(ip): return "the collection has no item at \(BatchUpdateError.describe(ip))"
        case let .invalidUpdate(error): return "invalid batch update: \(error)"
        }
    }
}
