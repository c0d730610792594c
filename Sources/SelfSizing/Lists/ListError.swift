import Foundation

/// What a kind of list calls itself and its items in messages.
public protocol ListKind: Sendable {
    /// "table", "collection".
    static var listNoun: String { get }
    /// "row", "item".
    static var itemNoun: String { get }
}

/// A table's words: rows.
public enum TableKind: ListKind {
    public static var listNoun: String { "table" }
    public static var itemNoun: String { "row" }
}

/// A collection's words: items.
public enum CollectionKind: ListKind {
    public static var listNoun: String { "collection" }
    public static var itemNoun: String { "item" }
}

/// What can go wrong in a list (``TableViewError``, ``CollectionViewError``); `Kind` gives the words
/// its messages use.
public enum ListError<Kind: ListKind>: Error, Equatable, Sendable, CustomStringConvertible {
    /// A size was asked for an identifier with no registered cell or header-footer view.
    case unregisteredIdentifier(String)
    /// A cell could not be made (its spec's constraints do not build).
    case cellCreationFailed(identifier: String, message: String)
    /// The configuration of an item (or a header, or a footer), or the delegate's size for it, threw.
    case configurationFailed(indexPath: IndexPath?, identifier: String, message: String)
    /// An index path the list does not have.
    case invalidIndexPath(IndexPath)
    /// Batch updates that do not agree with the data source, as UIKit's
    /// NSInternalInconsistencyException; the list reloads its data.
    case invalidUpdate(BatchUpdateError)

    /// The sizing core's error, at an item (or nil for a header, a footer or a template).
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
            let place = ip.map { "\(Kind.itemNoun) \($0[1] + 1) of section \($0[0])" } ?? "a '\(id)' view"
            return "\(place): \(message)"
        case let .invalidIndexPath(ip):
            return "the \(Kind.listNoun) has no \(Kind.itemNoun) at \(BatchUpdateError.describe(ip))"
        case let .invalidUpdate(error):
            return "invalid batch update: \(error)"
        }
    }
}

/// What can go wrong in a ``TableView``.
public typealias TableViewError = ListError<TableKind>

/// What can go wrong in a ``CollectionView``.
public typealias CollectionViewError = ListError<CollectionKind>
