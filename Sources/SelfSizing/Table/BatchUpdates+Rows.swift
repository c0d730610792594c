import Foundation

/// A table's words for batch updates: its items are rows.
extension BatchUpdates {
    public var deletedRows: [IndexPath] { get { deletedItems } set { deletedItems = newValue } }
    public var insertedRows: [IndexPath] { get { insertedItems } set { insertedItems = newValue } }
    public var reloadedRows: [IndexPath] { get { reloadedItems } set { reloadedItems = newValue } }
    public var movedRows: [Move<IndexPath>] { get { movedItems } set { movedItems = newValue } }

    public mutating func deleteRows(at indexPaths: [IndexPath]) { deleteItems(at: indexPaths) }
    public mutating func insertRows(at indexPaths: [IndexPath]) { insertItems(at: indexPaths) }
    public mutating func reloadRows(at indexPaths: [IndexPath]) { reloadItems(at: indexPaths) }
    public mutating func moveRow(at from: IndexPath, to: IndexPath) { moveItem(at: from, to: to) }
}
