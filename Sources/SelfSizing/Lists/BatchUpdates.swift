import Foundation

/// The changes of one batch update of a sectioned list, as a value: what UITableView's and
/// UICollectionView's insert, delete, reload and move calls inside `performBatchUpdates` describe.
/// A table's rows and a collection's items are both *items* here.
///
/// Index paths follow UIKit: deletions, reloads and the sources of moves name items and sections
/// as they were before the update; insertions and the destinations of moves name them as they
/// are after it. Order within the value does not matter.
public struct BatchUpdates: Hashable, Sendable {
    public var deletedSections = IndexSet()
    public var insertedSections = IndexSet()
    public var reloadedSections = IndexSet()
    public var movedSections: [Move<Int>] = []
    public var deletedItems: [IndexPath] = []
    public var insertedItems: [IndexPath] = []
    public var reloadedItems: [IndexPath] = []
    public var movedItems: [Move<IndexPath>] = []

    /// A section or item moved from one place to another.
    public struct Move<Index: Hashable & Sendable>: Hashable, Sendable {
        public var from: Index
        public var to: Index
        public init(from: Index, to: Index) {
            self.from = from
            self.to = to
        }
    }

    public init() {}

    public mutating func deleteItems(at indexPaths: [IndexPath]) { deletedItems += indexPaths }
    public mutating func insertItems(at indexPaths: [IndexPath]) { insertedItems += indexPaths }
    public mutating func reloadItems(at indexPaths: [IndexPath]) { reloadedItems += indexPaths }
    public mutating func moveItem(at from: IndexPath, to: IndexPath) { movedItems.append(Move(from: from, to: to)) }
    public mutating func deleteSections(_ sections: IndexSet) { deletedSections.formUnion(sections) }
    public mutating func insertSections(_ sections: IndexSet) { insertedSections.formUnion(sections) }
    public mutating func reloadSections(_ sections: IndexSet) { reloadedSections.formUnion(sections) }
    public mutating func moveSection(_ from: Int, toSection to: Int) { movedSections.append(Move(from: from, to: to)) }

    public var isEmpty: Bool { self == BatchUpdates() }
}

extension BatchUpdates {
    /// Applies the updates to per-section arrays (one element per item), as UITableView and
    /// UICollectionView apply them:
    ///
    /// 1. Moved items and sections are read, by old index paths.
    /// 2. Reloaded items take `invalid` in place; reloaded sections are flagged, to be made again
    ///    at the end with the data source's item count, all `invalid`.
    /// 3. Removals (deletions and the sources of moves), by old index paths, highest first:
    ///    items, then sections.
    /// 4. Insertions (and the destinations of moves), by new index paths, lowest first:
    ///    sections, then items. Moved items and sections carry their elements; inserted sections
    ///    get `itemCount(section)` items of `invalid` (items inserted into them are part of that).
    /// 5. The counts must be the data source's (`sectionCount`, `itemCount`), as UIKit insists.
    ///
    /// - Throws: ``BatchUpdateError`` when an index path is out of range or used twice, or when
    ///   the result does not have the data source's counts; `sections` is then left as it was.
    /// - Complexity: O(n + u log u) for n items and u updates.
    public func apply<Element>(to sections: inout [[Element]], invalid: Element, sectionCount: Int,
                               itemCount: (Int) -> Int) throws(BatchUpdateError) {
        var result = sections
        let oldCounts = sections.map(\.count)
        func checkOld(_ ip: IndexPath, _ action: BatchUpdateError.Action) throws(BatchUpdateError) {
            guard ip.count == 2, ip[0] >= 0, ip[0] < oldCounts.count, ip[1] >= 0, ip[1] < oldCounts[ip[0]] else {
                throw .noSuchItem(ip, action: action, sectionCount: oldCounts.count)
            }
        }
        func checkOldSection(_ s: Int, _ action: BatchUpdateError.Action) throws(BatchUpdateError) {
            guard s >= 0, s < oldCounts.count else { throw .noSuchSection(s, action: action, sectionCount: oldCounts.count) }
        }

        // 1. Carried elements, by old index paths.
        for m in movedItems { try checkOld(m.from, .move) }
        for m in movedSections { try checkOldSection(m.from, .move) }
        let carriedItems = Dictionary(movedItems.map { ($0.to, sections[$0.from[0]][$0.from[1]]) }) { a, _ in a }
        let carriedSections = Dictionary(movedSections.map { ($0.to, sections[$0.from]) }) { a, _ in a }

        // 2. Reloads.
        for ip in reloadedItems {
            try checkOld(ip, .reload)
            result[ip[0]][ip[1]] = invalid
        }
        var reloaded = [Bool](repeating: false, count: result.count)
        for s in reloadedSections {
            try checkOldSection(s, .reload)
            reloaded[s] = true
        }

        // 3. Removals, old index paths, highest first: items, then sections.
        var removedSections = deletedSections
        for m in movedSections { removedSections.insert(m.from) }
        for s in removedSections { try checkOldSection(s, .delete) }
        var removedItems = deletedItems
        for ip in removedItems { try checkOld(ip, .delete) }
        removedItems += movedItems.map(\.from)
        removedItems = removedItems.filter { !removedSections.contains($0[0]) && !reloaded[$0[0]] }
        removedItems.sort { ($0[0], $0[1]) > ($1[0], $1[1]) }
        for (a, b) in zip(removedItems, removedItems.dropFirst()) where a == b { throw .itemRemovedTwice(a) }
        for ip in removedItems { result[ip[0]].remove(at: ip[1]) }
        for s in removedSections.reversed() {
            result.remove(at: s)
            reloaded.remove(at: s)
        }

        // 4. Insertions, new index paths, lowest first: sections, then items.
        var addedSections = insertedSections
        for m in movedSections {
            if addedSections.contains(m.to) { throw .sectionInsertedTwice(m.to) }
            addedSections.insert(m.to)
        }
        for s in addedSections {
            guard s <= result.count else { throw .sectionInsertedPastEnd(s, sectionCount: result.count) }
            result.insert(carriedSections[s] ?? Array(repeating: invalid, count: itemCount(s)), at: s)
            reloaded.insert(false, at: s)
        }
        var addedItems = insertedItems + movedItems.map(\.to)
        // An inserted section comes with all its items.
        addedItems = addedItems.filter { !insertedSections.contains($0.count == 2 ? $0[0] : -1) }
        addedItems.sort { ($0.count == 2 ? ($0[0], $0[1]) : (-1, -1)) < ($1.count == 2 ? ($1[0], $1[1]) : (-1, -1)) }
        for (a, b) in zip(addedItems, addedItems.dropFirst()) where a == b { throw .itemInsertedTwice(a) }
        for ip in addedItems where !(ip.count == 2 && ip[0] >= 0 && ip[0] < reloaded.count && reloaded[ip[0]]) {
            guard ip.count == 2, ip[0] >= 0, ip[0] < result.count, ip[1] >= 0, ip[1] <= result[ip[0]].count else {
                throw .itemInsertedPastEnd(ip)
            }
            result[ip[0]].insert(carriedItems[ip] ?? invalid, at: ip[1])
        }

        for (s, isReloaded) in reloaded.enumerated() where isReloaded {
            result[s] = Array(repeating: invalid, count: itemCount(s))
        }

        // 5. The data source's counts.
        guard result.count == sectionCount else {
            throw .sectionCountMismatch(dataSource: sectionCount, before: oldCounts.count,
                                        inserted: addedSections.count - movedSections.count,
                                        deleted: removedSections.count - movedSections.count, result: result.count)
        }
        for (s, items) in result.enumerated() where items.count != itemCount(s) {
            throw .itemCountMismatch(section: s, dataSource: itemCount(s), result: items.count)
        }
        sections = result
    }
}
