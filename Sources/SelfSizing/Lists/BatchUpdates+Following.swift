import Foundation

extension BatchUpdates {
    /// Where each item of the arrangement before the update lands after it: what a list's
    /// anchoring follows through a batch update (the table's and the collection's alike).
    ///
    /// Rules: 1. Items are numbered in order across sections (`oldCounts`) and the numbers are
    /// moved with ``apply(to:invalid:sectionCount:itemCount:)``, reloads left out, so that a
    /// reloaded item stays where it is. 2. When that does not apply (reloaded sections change
    /// counts), the update is followed as given. 3. When neither applies, nil.
    /// - Returns: the new index path of an old one, nil for an item the update removes.
    /// - Complexity: O(n) to make; each look-up O(1).
    func following(oldCounts: [Int], newCounts: [Int]) -> ((IndexPath) -> IndexPath?)? {
        var starts: [Int] = []
        var total = 0
        for n in oldCounts { starts.append(total); total += n }
        func numbered() -> [[Int]] { oldCounts.indices.map { s in (0..<oldCounts[s]).map { starts[s] + $0 } } }
        var marks = numbered()
        var kept = self
        kept.reloadedItems = []
        do throws(BatchUpdateError) {
            try kept.apply(to: &marks, invalid: -1, sectionCount: newCounts.count, itemCount: { newCounts[$0] })
        } catch {
            do throws(BatchUpdateError) {
                marks = numbered()
                try apply(to: &marks, invalid: -1, sectionCount: newCounts.count, itemCount: { newCounts[$0] })
            } catch { return nil }
        }
        var newPlace: [Int: IndexPath] = [:]
        for (s, items) in marks.enumerated() {
            for (i, mark) in items.enumerated() where mark >= 0 { newPlace[mark] = IndexPath(indexes: [s, i]) }
        }
        return { old in old[0] < starts.count ? newPlace[starts[old[0]] + old[1]] : nil }
    }
}
