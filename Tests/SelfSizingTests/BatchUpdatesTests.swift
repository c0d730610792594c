import Foundation
import SelfSizing
import Testing

/// Batch updates applied to per-section arrays, as UITableView applies them.
@Suite struct BatchUpdatesTests {
    func apply(_ updates: BatchUpdates, to sections: [[String]], counts: [Int]) throws -> [[String]] {
        var result = sections
        try updates.apply(to: &result, invalid: "?", sectionCount: counts.count, itemCount: { counts[$0] })
        return result
    }

    @Test func deletesUseOldIndexPathsAndInsertsNewOnes() throws {
        var u = BatchUpdates()
        // Deleting rows 1 and 3 of [a b c d e] and inserting at new rows 0 and 3 gives [? a c ? e].
        u.deleteRows(at: [IndexPath(row: 1, section: 0), IndexPath(row: 3, section: 0)])
        u.insertRows(at: [IndexPath(row: 0, section: 0), IndexPath(row: 3, section: 0)])
        #expect(try apply(u, to: [["a", "b", "c", "d", "e"]], counts: [5]) == [["?", "a", "c", "?", "e"]])
    }

    @Test func reloadsInvalidateAndMovesCarry() throws {
        var u = BatchUpdates()
        u.reloadRows(at: [IndexPath(row: 2, section: 0)])
        u.moveRow(at: IndexPath(row: 0, section: 0), to: IndexPath(row: 3, section: 0))
        u.moveRow(at: IndexPath(row: 1, section: 1), to: IndexPath(row: 0, section: 0))
        let result = try apply(u, to: [["a", "b", "c", "d"], ["x", "y"]], counts: [5, 1])
        #expect(result == [["y", "b", "?", "a", "d"], ["x"]])
    }

    @Test func sectionsDeleteInsertMoveAndReload() throws {
        var u = BatchUpdates()
        u.deleteSections([0])
        u.insertSections([2])
        u.moveSection(3, toSection: 0)
        u.reloadSections([1])
        let result = try apply(u, to: [["a"], ["b", "c"], ["d"], ["e", "f"]], counts: [2, 2, 3, 1])
        #expect(result == [["e", "f"], ["?", "?"], ["?", "?", "?"], ["d"]])
    }

    @Test func countsThatDisagreeWithTheDataSourceAreAnError() {
        var u = BatchUpdates()
        u.insertRows(at: [IndexPath(row: 0, section: 0)])
        var sections = [["a"]]
        #expect(throws: BatchUpdateError.self) {
            try u.apply(to: &sections, invalid: "?", sectionCount: 1, itemCount: { _ in 1 })
        }
        #expect(sections == [["a"]])
    }

    static let badUpdates: [BatchUpdates] = {
        var list: [BatchUpdates] = []
        var u = BatchUpdates()
        u.deleteRows(at: [IndexPath(row: 5, section: 0)])
        list.append(u)
        u = BatchUpdates()
        u.deleteRows(at: [IndexPath(row: 0, section: 0), IndexPath(row: 0, section: 0)])
        list.append(u)
        u = BatchUpdates()
        u.insertRows(at: [IndexPath(row: 9, section: 0)])
        list.append(u)
        u = BatchUpdates()
        u.deleteSections([4])
        list.append(u)
        u = BatchUpdates()
        u.reloadRows(at: [IndexPath(indexes: [0])])
        list.append(u)
        return list
    }()

    @Test(arguments: badUpdates)
    func outOfRangeAndRepeatedIndexPathsAreErrors(updates: BatchUpdates) {
        var sections = [["a", "b"]]
        #expect(throws: BatchUpdateError.self) {
            try updates.apply(to: &sections, invalid: "?", sectionCount: 1, itemCount: { _ in 2 })
        }
    }
}
