// Columns: for each symbol, the slots of the rows that mention it, so that a pivot finds the rows
// it must rewrite without scanning them all. Each column is a segment of one arena,
// `columnEntries`: its count, its capacity, then that many slots. A walk reads the segment in
// order; a linked list of nodes, as before, made every entry a dependent load from anywhere in a
// buffer of millions of nodes.
//
// Entries go stale when a cell is removed (removal does not look for the entry); walks drop the
// stale ones they meet. A full segment is pruned before it grows (`link`), so that columns no
// operation walks stay bounded: with the list, the other error symbol of an edit constraint, and
// the short columns of symbols that bound flips add into long rows and take out again, grew
// with every resize, without end (row-flex at 1,000 views: 165 MB after 2,000 resizes).
//
// Contracts:
// - A symbol's segment holds every live row that mentions it, perhaps more than once, and
//   perhaps rows that no longer do (stale entries), except the rows the column copy keeps
//   `unlinked` (see Tableau+ColumnCopy.swift).
// - A segment grows (doubles, moving to the end of the arena) only when pruning it left it more
//   than half full, so it holds at most about twice the live entries it had at its last prune,
//   and a prune costs at most two row lookups per entry appended since the last one.
// - `columnGarbage` counts the entries of segments moved out of; `compactColumnsIfNeeded()`
//   copies the live segments out once it is more than half the arena.

extension Tableau {
    /// Capacity of a new segment.
    static let initialColumnCapacity: Int32 = 4

    /// Appends `slot` to the column of `s`, pruning or growing a full segment first.
    mutating func link(_ s: Int32, _ slot: Int32) {
        var c = Int(symbols[Int(s)].column)
        if c < 0 {
            c = newColumnSegment(capacity: Tableau.initialColumnCapacity)
            symbols[Int(s)].column = Int32(c)
        }
        var count = columnEntries[c]
        let capacity = columnEntries[c + 1]
        if count == capacity {
            count = pruneColumn(s)
            if count * 2 > capacity { c = moveColumnSegment(s, capacity: capacity * 2) }
        }
        columnEntries[c + 2 + Int(count)] = slot
        columnEntries[c] = count + 1
    }

    /// A new empty segment at the end of the arena; returns its start.
    private mutating func newColumnSegment(capacity: Int32) -> Int {
        let c = columnEntries.count
        columnEntries.append(0)
        columnEntries.append(capacity)
        columnEntries.append(repeating: -1, count: Int(capacity))
        return c
    }

    /// Moves the column of `s` to a new segment of `capacity`; returns its start.
    private mutating func moveColumnSegment(_ s: Int32, capacity: Int32) -> Int {
        let old = Int(symbols[Int(s)].column)
        let c = newColumnSegment(capacity: capacity)
        let count = Int(columnEntries[old])
        for k in 0..<count { columnEntries[c + 2 + k] = columnEntries[old + 2 + k] }
        columnEntries[c] = Int32(count)
        columnGarbage += 2 + Int(columnEntries[old + 1])
        symbols[Int(s)].column = Int32(c)
        return c
    }

    /// Drops the stale and repeated entries of the column of `s`, keeping the others in order;
    /// returns the new count. Its own stamps (`pruneStamp`): a prune runs inside `appendCell`,
    /// perhaps while a caller's stamps are in `slotStamp`.
    private mutating func pruneColumn(_ s: Int32) -> Int32 {
        pruneCounter &+= 1
        if pruneCounter == 0 {
            for i in pruneStamp.indices { pruneStamp[i] = 0 }
            pruneCounter = 1
        }
        let stamp = pruneCounter
        let c = Int(symbols[Int(s)].column)
        var write = 0
        for read in 0..<Int(columnEntries[c]) {
            let slot = columnEntries[c + 2 + read]
            guard pruneStamp[Int(slot)] != stamp, rows[Int(slot)].basic != -1, find(slot, s) >= 0 else { continue }
            pruneStamp[Int(slot)] = stamp
            columnEntries[c + 2 + write] = slot
            write += 1
        }
        columnEntries[c] = Int32(write)
        return Int32(write)
    }

    /// The slots of the rows that mention `s`, each once, with the arena index of its cell, in
    /// `columnSlots` / `columnCells`. Stale entries are dropped on the way.
    mutating func collectColumn(_ s: Int32) {
        columnSlots.removeAll()
        columnCells.removeAll()
        walkColumn(s) { t, slot, cell in
            t.columnSlots.append(slot)
            t.columnCells.append(cell)
        }
    }

    /// Calls `body` with each row that mentions `s`, once, and the arena index of its cell,
    /// dropping stale and repeated entries on the way. `body` may change rows' constants, not
    /// their cells or the column; callers that do (pivots) collect the column first.
    @inline(__always) mutating func walkColumn(_ s: Int32, _ body: (inout Tableau, Int32, Int) -> Void) {
        if s == columnCopy.symbol && !columnCopy.unlinked.isEmpty { linkUnlinkedRows() }
        let c = Int(symbols[Int(s)].column)
        guard c >= 0 else { return }
        let stamp = nextStamp()
        let count = Int(columnEntries[c])
        var write = 0
        for read in 0..<count {
            let slot = columnEntries[c + 2 + read]
            var cell = -1
            if rows[Int(slot)].basic != -1 && slotStamp[Int(slot)] != stamp {
                cell = find(slot, s)
            }
            guard cell >= 0 else { continue }
            slotStamp[Int(slot)] = stamp
            columnEntries[c + 2 + write] = slot
            write += 1
            body(&self, slot, cell)
        }
        columnEntries[c] = Int32(write)
    }

    /// Empties a whole column (after its symbol was eliminated from every row).
    mutating func clearColumn(_ s: Int32) {
        if s == columnCopy.symbol { linkUnlinkedRows() }
        let c = Int(symbols[Int(s)].column)
        if c >= 0 { columnEntries[c] = 0 }
    }

    /// Copies the live segments into a fresh arena once more than half of it is garbage. Between
    /// operations only: walks hold segment starts.
    mutating func compactColumnsIfNeeded() {
        guard columnGarbage > 1024, columnGarbage * 2 > columnEntries.count else { return }
        var entries = Buffer<Int32>()
        entries.reserve(columnEntries.count - columnGarbage)
        for s in symbols.indices where symbols[s].column >= 0 {
            let c = Int(symbols[s].column)
            symbols[s].column = Int32(entries.count)
            for k in 0..<(2 + Int(columnEntries[c + 1])) { entries.append(columnEntries[c + k]) }
        }
        columnEntries.deallocate()
        columnEntries = entries
        columnGarbage = 0
    }
}
