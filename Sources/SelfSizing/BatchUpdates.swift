import Foundation

/// The changes of one `performBatchUpdates`, as a value: what UITableView's insert, delete,
/// reload and move calls inside an update block describe.
///
/// Index paths follow UIKit: deletions, reloads and the sources of moves name rows and sections
/// as they were before the update; insertions and the destinations of moves name them as they
/// are after it. Order within the value does not matter.
public struct BatchUpdates: Hashable, Sendable {
    public var deletedSections = IndexSet()
    public var insertedSections = IndexSet()
    public var reloadedSections = IndexSet()
    public var movedSections: [Move<Int>] = []
    public var deletedRows: [IndexPath] = []
    public var insertedRows: [IndexPath] = []
    public var reloadedRows: [IndexPath] = []
    public var movedRows: [Move<IndexPath>] = []

    /// A section or row moved from one place to another.
    public struct Move<Index: Hashable & Sendable>: Hashable, Sendable {
        public var from: Index
        public var to: Index
        public init(from: Index, to: Index) {
            self.from = from
            self.to = to
        }
    }

    public init() {}

    public mutating func deleteRows(at indexPaths: [IndexPath]) { deletedRows += indexPaths }
    public mutating func insertRows(at indexPaths: [IndexPath]) { insertedRows += indexPaths }
    public mutating func reloadRows(at indexPaths: [IndexPath]) { reloadedRows += indexPaths }
    public mutating func moveRow(at from: IndexPath, to: IndexPath) { movedRows.append(Move(from: from, to: to)) }
    public mutating func deleteSections(_ sections: IndexSet) { deletedSections.formUnion(sections) }
    public mutating func insertSections(_ sections: IndexSet) { insertedSections.formUnion(sections) }
    public mutating func reloadSections(_ sections: IndexSet) { reloadedSections.formUnion(sections) }
    public mutating func moveSection(_ from: Int, toSection to: Int) { movedSections.append(Move(from: from, to: to)) }

    public var isEmpty: Bool { self == BatchUpdates() }
}

extension BatchUpdates {
    /// Applies the updates to per-section arrays (one element per row), as UITableView applies
    /// them: reloaded rows take `invalid`, and reloaded sections are made again with the data
    /// source's row count, all `invalid`; then deletions and the sources of moves,
    /// by old index paths, highest first (rows, then sections); then insertions and the
    /// destinations of moves, by new index paths, lowest first (sections, then rows). Moved rows
    /// and sections carry their elements. Inserted sections get `rowCount(section)` rows of `invalid` (rows
    /// inserted into them are part of that).
    ///
    /// - Throws: ``TableViewError/invalidUpdate(_:)`` when an index path is out of range or used
    ///   twice, or when the result does not have the counts the data source now reports
    ///   (`sectionCount` and `rowCount`); `sections` is then left as it was.
    /// - Complexity: O(n + u log u) for n rows and u updates.
    package func apply<Element>(to sections: inout [[Element]], invalid: Element, sectionCount: Int,
                        rowCount: (Int) -> Int) throws(TableViewError) {
        var result = sections
        let oldCounts = sections.map(\.count)
        func checkOld(_ ip: IndexPath, _ what: String) throws(TableViewError) {
            guard ip.count == 2, ip.section >= 0, ip.section < oldCounts.count, ip.row >= 0, ip.row < oldCounts[ip.section] else {
                throw .invalidUpdate("attempt to \(what) row \(Self.describe(ip)), which does not exist before the update "
                                     + "(\(oldCounts.count) sections)")
            }
        }
        func checkOldSection(_ s: Int, _ what: String) throws(TableViewError) {
            guard s >= 0, s < oldCounts.count else {
                throw .invalidUpdate("attempt to \(what) section \(s), but there are only \(oldCounts.count) sections before the update")
            }
        }

        // 1. Carried elements, by old index paths.
        for m in movedRows { try checkOld(m.from, "move") }
        for m in movedSections { try checkOldSection(m.from, "move") }
        let carriedRows = Dictionary(movedRows.map { ($0.to, sections[$0.from.section][$0.from.row]) }) { a, _ in a }
        let carriedSections = Dictionary(movedSections.map { ($0.to, sections[$0.from]) }) { a, _ in a }

        // 2. Reloaded rows are invalid in place. A reloaded section is made again at the end,
        //    with the data source's count: it is flagged, and the flag travels with it.
        for ip in reloadedRows {
            try checkOld(ip, "reload")
            result[ip.section][ip.row] = invalid
        }
        var reloaded = [Bool](repeating: false, count: result.count)
        for s in reloadedSections {
            try checkOldSection(s, "reload")
            reloaded[s] = true
        }

        // 3. Removals, old index paths, highest first: rows, then sections.
        var removedSections = deletedSections
        for m in movedSections { removedSections.insert(m.from) }
        for s in removedSections { try checkOldSection(s, "delete") }
        var removedRows = deletedRows
        for ip in removedRows { try checkOld(ip, "delete") }
        removedRows += movedRows.map(\.from)
        removedRows = removedRows.filter { !removedSections.contains($0.section) && !reloaded[$0.section] }
        removedRows.sort { ($0.section, $0.row) > ($1.section, $1.row) }
        for (a, b) in zip(removedRows, removedRows.dropFirst()) where a == b {
            throw .invalidUpdate("row \(Self.describe(a)) is deleted or moved more than once")
        }
        for ip in removedRows { result[ip.section].remove(at: ip.row) }
        for s in removedSections.reversed() {
            result.remove(at: s)
            reloaded.remove(at: s)
        }

        // 4. Insertions, new index paths, lowest first: sections, then rows.
        var addedSections = insertedSections
        for m in movedSections {
            if addedSections.contains(m.to) { throw .invalidUpdate("section \(m.to) is inserted or moved to more than once") }
            addedSections.insert(m.to)
        }
        for s in addedSections {
            guard s <= result.count else {
                throw .invalidUpdate("attempt to insert section \(s), but there are only \(result.count) sections after the deletions")
            }
            result.insert(carriedSections[s] ?? Array(repeating: invalid, count: rowCount(s)), at: s)
            reloaded.insert(false, at: s)
        }
        var addedRows = insertedRows + movedRows.map(\.to)
        // An inserted section comes with all its rows.
        addedRows = addedRows.filter { !insertedSections.contains($0.section) }
        addedRows.sort { ($0.section, $0.row) < ($1.section, $1.row) }
        for (a, b) in zip(addedRows, addedRows.dropFirst()) where a == b {
            throw .invalidUpdate("row \(Self.describe(a)) is inserted or moved to more than once")
        }
        for ip in addedRows where !(ip.count == 2 && ip.section >= 0 && ip.section < reloaded.count && reloaded[ip.section]) {
            guard ip.count == 2, ip.section >= 0, ip.section < result.count, ip.row >= 0, ip.row <= result[ip.section].count else {
                throw .invalidUpdate("attempt to insert row \(Self.describe(ip)), which is past the end of its section after the update")
            }
            result[ip.section].insert(carriedRows[ip] ?? invalid, at: ip.row)
        }

        for (s, isReloaded) in reloaded.enumerated() where isReloaded {
            result[s] = Array(repeating: invalid, count: rowCount(s))
        }

        // 5. The counts must be the data source's, as UIKit insists.
        guard result.count == sectionCount else {
            throw .invalidUpdate("invalid number of sections: \(sectionCount) after the update, but \(oldCounts.count) before it "
                                 + "plus \(addedSections.count - movedSections.count) inserted and minus "
                                 + "\(removedSections.count - movedSections.count) deleted make \(result.count)")
        }
        for (s, rows) in result.enumerated() where rows.count != rowCount(s) {
            throw .invalidUpdate("invalid number of rows in section \(s): the data source has \(rowCount(s)), "
                                 + "but the rows before the update with the inserts, deletes and moves make \(rows.count)")
        }
        sections = result
    }

    static func describe(_ ip: IndexPath) -> String {
        ip.count == 2 ? "[\(ip.section), \(ip.row)]" : "\(Array(ip))"
    }
}
