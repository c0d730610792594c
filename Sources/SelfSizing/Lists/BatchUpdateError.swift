import Foundation

/// Batch updates that do not agree with the list or its data source: what UIKit reports with an
/// NSInternalInconsistencyException. Index paths are (section, item); a table's items are its rows.
public enum BatchUpdateError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What an update did to an item or section.
    public enum Action: String, Hashable, Sendable {
        case delete, reload, move
    }

    /// An item named by its old index path that the list did not have before the update.
    case noSuchItem(IndexPath, action: Action, sectionCount: Int)
    /// A section named by its old index that the list did not have before the update.
    case noSuchSection(Int, action: Action, sectionCount: Int)
    case itemRemovedTwice(IndexPath)
    case itemInsertedTwice(IndexPath)
    case sectionInsertedTwice(Int)
    /// A section inserted past the end of the sections left after the deletions.
    case sectionInsertedPastEnd(Int, sectionCount: Int)
    /// An item inserted past the end of its section after the update.
    case itemInsertedPastEnd(IndexPath)
    /// The sections after the update are not as many as the data source says.
    case sectionCountMismatch(dataSource: Int, before: Int, inserted: Int, deleted: Int, result: Int)
    /// A section's items after the update are not as many as the data source says.
    case itemCountMismatch(section: Int, dataSource: Int, result: Int)
    /// An item identifier of a new arrangement appears more than once (its description).
    case repeatedIdentifier(String)
    /// A new arrangement of identifiers does not have the data source's counts.
    case identifierCountMismatch(identifiers: [Int], dataSource: [Int])

    public var description: String {
        switch self {
        case let .noSuchItem(ip, action, sections):
            return "attempt to \(action.rawValue) item \(Self.describe(ip)), which does not exist before the update "
                + "(\(sections) sections)"
        case let .noSuchSection(s, action, sections):
            return "attempt to \(action.rawValue) section \(s), but there are only \(sections) sections before the update"
        case let .itemRemovedTwice(ip): return "item \(Self.describe(ip)) is deleted or moved more than once"
        case let .itemInsertedTwice(ip): return "item \(Self.describe(ip)) is inserted or moved to more than once"
        case let .sectionInsertedTwice(s): return "section \(s) is inserted or moved to more than once"
        case let .sectionInsertedPastEnd(s, sections):
            return "attempt to insert section \(s), but there are only \(sections) sections after the deletions"
        case let .itemInsertedPastEnd(ip):
            return "attempt to insert item \(Self.describe(ip)), which is past the end of its section after the update"
        case let .sectionCountMismatch(dataSource, before, inserted, deleted, result):
            return "invalid number of sections: \(dataSource) after the update, but \(before) before it plus \(inserted) "
                + "inserted and minus \(deleted) deleted make \(result)"
        case let .itemCountMismatch(section, dataSource, result):
            return "invalid number of items in section \(section): the data source has \(dataSource), but the items "
                + "before the update with the inserts, deletes and moves make \(result)"
        case let .repeatedIdentifier(id): return "the item identifier \(id) appears more than once"
        case let .identifierCountMismatch(identifiers, dataSource):
            return "the identifiers make \(identifiers) items per section, but the data source has \(dataSource)"
        }
    }

    /// `[section, item]`, or the indexes of a malformed index path.
    static func describe(_ ip: IndexPath) -> String {
        ip.count == 2 ? "[\(ip[0]), \(ip[1])]" : "\(Array(ip))"
    }
}
