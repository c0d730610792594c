// The column copy: a dense copy of one long column (the rows that mention a symbol, and the
// symbol's coefficient in each), for the marker shift of a resize. A container's width moves
// the constants of every row in its marker's column: 10,000 rows in a 10,000-view chain. Through
// the column's linked list that walk is a chain of dependent loads (node, row header, a scan of
// the row's cells for the marker, its coefficient), and the scan's exit is a branch the CPU
// mispredicts, which throws away the loads it had started for the rows after: in a tableau that
// no longer fits the core's cache, every row costs a cache miss in turn. Through the copy the
// slots and coefficients stream in order, and the row headers, the only reads left, are
// independent loads that the CPU overlaps.
//
// The walk that makes a copy also rewrites in proper form the DAG rows it finds in the column
// (`expandDagRowsOfCopiedColumn`): in chain-intr each view's width is such a row, shifted by every
// resize for a value that does not move. Resizes of chain-intr at 10,000 views that pivot
// nothing: 589 -> 33 us; its whole resize cycle through the value API: 1,488 -> 1,001 us.
//
// Contracts:
// - `cellsGeneration` is bumped by every change to any row's cells other than its constant: a
//   cell appended, removed, swept or rewritten, a row allocated, freed or expanded, the arena
//   compacted (`noteCellsChanged()`, called by the primitives in Tableau+Rows.swift). A marker
//   shift and the dual simplex's feasibility checks move constants only.
// - The copy is current while its `generation` equals `cellsGeneration`: its slots are then
//   exactly the live rows whose cells mention `symbol`, each once, with the coefficient there.
// - Only a column of at least `columnCopyMinimum` cells (64) is copied: a table cell's system
//   never makes one.

extension Tableau {
    struct ColumnCopy {
        /// The symbol whose column this is; -1 for none.
        var symbol: Int32 = -1
        /// `cellsGeneration` when the copy was made.
        var generation: UInt64 = 0
        var slots = Buffer<Int32>()
        var coefficients = Buffer<Double>()
        /// Copies made so far, for the tests.
        var copies = 0

        func isCurrent(for s: Int32, at generation: UInt64) -> Bool {
            symbol == s && self.generation == generation
        }
    }

    /// Columns shorter than this are walked: copying them would not pay (`columnCopyMinimum`).
    static let defaultColumnCopyMinimum: Int32 = 64

    /// Notes a change to some row's cells (see the contracts above).
    @inline(__always) mutating func noteCellsChanged() { cellsGeneration &+= 1 }

    /// Calls `body` with each row that mentions `s` and the coefficient of `s` there, each row
    /// once: through the copy when it is current for `s`, or by walking the column, which makes
    /// a copy of a long one on the way. `body` may change rows' constants, not their cells.
    /// Returns whether it made a copy.
    @discardableResult
    mutating func forEachRowOfColumn(_ s: Int32, _ body: (inout Tableau, Int32, Double) -> Void) -> Bool {
        if columnCopy.isCurrent(for: s, at: cellsGeneration) {
            var k = 0
            while k < columnCopy.slots.count {
                let slot = columnCopy.slots[k], coefficient = columnCopy.coefficients[k]
                body(&self, slot, coefficient)
                k += 1
            }
            return false
        }
        guard symbols[Int(s)].refs >= columnCopyMinimum else {
            walkColumn(s) { t, slot, cell in body(&t, slot, t.cellCoefficients[cell]) }
            return false
        }
        columnCopy.slots.removeAll()
        columnCopy.coefficients.removeAll()
        walkColumn(s) { t, slot, cell in
            let coefficient = t.cellCoefficients[cell]
            t.columnCopy.slots.append(slot)
            t.columnCopy.coefficients.append(coefficient)
            body(&t, slot, coefficient)
        }
        columnCopy.symbol = s
        columnCopy.generation = cellsGeneration
        columnCopy.copies += 1
        return true
    }

    // MARK: - Proper form for the DAG rows of a long column

    /// Rewrites in proper form the DAG rows of the column just copied (a marker's), and prunes
    /// the columns of the basic symbols they read.
    ///
    /// A DAG row that mentions a marker reads basic symbols that mention it too, more often than
    /// not with the opposite effect: a view's width under a trailing `<=`, `w = W + c - l - s`,
    /// mentions the container's width `W` and, once the slack `s` was substituted, the marker of
    /// `W`'s edit constraint, and the two cancel (the width stays at the intrinsic one). Such a
    /// row is shifted by every resize, and read again because `W` moved, for a value that does
    /// not move; in proper form it mentions neither, and resizes pass it by. One that does move
    /// with the marker is shifted as a row in proper form, and read no more through `W`.
    /// 1. Find the DAG rows in the copy, and note the basic symbols each reads (their columns
    ///    will hold stale entries).
    /// 2. Expand each row, unless its expansion would touch more than twice its cells (plus a
    ///    few): a DAG row that reads a long chain of DAG rows stays as it is, rather than become
    ///    as long as the chain.
    /// 3. Walk the noted columns once, which drops their stale entries: the values pass walks the
    ///    column of `W` without reading rows, and would otherwise find thousands of them at every
    ///    resize.
    mutating func expandDagRowsOfCopiedColumn() {
        // 1. The DAG rows, and the basic symbols they read. (The expansions change cells, so the
        // rows are listed apart from the copy, which they make stale.)
        let stamp = nextStamp()
        columnSlots.removeAll()
        columnCells.removeAll()
        for k in columnCopy.slots.indices {
            let h = rows[Int(columnCopy.slots[k])]
            guard h.seq > 0 else { continue }
            columnSlots.append(columnCopy.slots[k])
            for i in Int(h.start)..<Int(h.start + h.count) {
                let s = cellSymbols[i]
                guard symbols[Int(s)].row >= 0, scratch[Int(s)].stamp != stamp else { continue }
                scratch[Int(s)].stamp = stamp
                columnCells.append(Int(s))
            }
        }
        // 2. The expansions.
        for k in columnSlots.indices {
            let slot = columnSlots[k]
            if expandRow(slot, limit: 2 * Int(rows[Int(slot)].count) + 8) { rowChanged(slot) }
        }
        // 3. The stale column entries.
        for k in columnCells.indices { walkColumn(Int32(columnCells[k])) { _, _, _ in } }
        columnSlots.removeAll()
        columnCells.removeAll()
    }
}
