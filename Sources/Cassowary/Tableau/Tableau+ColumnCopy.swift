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
// The shift that makes a copy also rewrites in proper form the DAG rows it finds in the column,
// and later shifts those the column took in since (`expandDagRowsOfCopiedColumn`): in chain-intr
// each view's width is such a row, shifted by every resize for a value that does not move.
// Resizes of chain-intr at 10,000 views that pivot nothing: 589 -> 33 us; its whole resize cycle
// through the value API: 1,488 -> 1,001 us.
//
// The copy is kept through pivots. The primitives that change the symbol's coefficient in a row
// note the row and the coefficient it now has, and the next shift merges the noted rows into the
// copy without reading them. A chain-intr resize that compresses its views pivots some 11,000
// times at 10,000 views; walking the column again afterwards cost 450-500 us of its 1.7-2.2 ms,
// merging the noted rows costs about 60. The copy is kept in slot order, the order of a merge.
// While the copy is kept, the symbol's new cells take no node in its list either (they are
// listed in `unlinked` instead, and linked before anything walks the list): otherwise every
// resize that compresses views would leave thousands of stale nodes that only a walk unlinks.
//
// Contracts:
// - While a copy exists (`symbol >= 0`), every change to the symbol's coefficient in a row is
//   noted with the coefficient now there (0 for none): a cell of the symbol appended, removed
//   or swept, a row that mentions it rewritten by `addScaled` or `solveFor`, a row freed or
//   expanded (the primitives in Tableau+Rows.swift). Constants move freely; compaction moves
//   cells but not what they say.
// - The copy's entries, in increasing slot order, are exactly the live rows whose cells mention
//   `symbol`, each once, with the coefficient there, except for the noted slots (bits of
//   `noted`, `notedCount` of them), whose coefficients are in `pending`; `refresh` merges those.
// - The symbol's column list holds every row that mentions it, except the rows in `unlinked`
//   (each once, bits of `unlinkedBits`); `walkColumn` links those first.
// - Only a column of at least `columnCopyMinimum` cells (64) is copied: a table cell's system
//   never makes one.

extension Tableau {
    struct ColumnCopy {
        /// The symbol whose column this is; -1 for none.
        var symbol: Int32 = -1
        var slots = Buffer<Int32>()
        var coefficients = Buffer<Double>()
        /// The other pair of buffers of a merge (their contents mean nothing in between).
        var spareSlots = Buffer<Int32>()
        var spareCoefficients = Buffer<Double>()
        /// A bit per slot: the symbol's coefficient there changed since the last refresh, to
        /// `pending[slot]`.
        var noted = Buffer<UInt64>()
        var notedCount = 0
        var pending = Buffer<Double>()
        /// DAG rows given a coefficient of the symbol since the last rewrite, for
        /// `expandDagRowsOfCopiedColumn` (possibly more than once, or no longer DAG rows).
        var dagRows = Buffer<Int32>()
        /// Rows given a cell of the symbol without a node in its list, each once.
        var unlinked = Buffer<Int32>()
        var unlinkedBits = Buffer<UInt64>()
        /// Copies made so far, for the tests.
        var copies = 0

        /// Notes the coefficient of the symbol now in a slot's row (0 for none), and whether
        /// that row is a DAG row.
        @inline(__always) mutating func note(_ slot: Int32, _ coefficient: Double, dag: Bool = false) {
            if dag && coefficient != 0 { dagRows.append(slot) }
            let i = Int(slot)
            if i >= pending.count { pending.append(repeating: 0, count: i + 1 - pending.count) }
            pending[i] = coefficient
            if noted.insertBit(i) { notedCount += 1 }
        }

        /// Lists a row given a cell of the symbol, instead of a node in the symbol's list.
        @inline(__always) mutating func listUnlinked(_ slot: Int32) {
            if unlinkedBits.insertBit(Int(slot)) { unlinked.append(slot) }
        }
    }

    /// Columns shorter than this are walked: copying them would not pay (`columnCopyMinimum`).
    static let defaultColumnCopyMinimum: Int32 = 64

    /// Notes the coefficient of the copied symbol in a row whose cells were rewritten, by
    /// finding it there.
    mutating func noteCopiedCoefficient(in slot: Int32) {
        guard columnCopy.symbol >= 0 else { return }
        let cell = find(slot, columnCopy.symbol)
        columnCopy.note(slot, cell >= 0 ? cellCoefficients[cell] : 0, dag: rows[Int(slot)].seq > 0)
    }

    /// Links the rows in `unlinked` into the copied symbol's list.
    mutating func linkUnlinkedRows() {
        let s = columnCopy.symbol
        for k in columnCopy.unlinked.indices {
            let slot = columnCopy.unlinked[k]
            columnCopy.unlinkedBits[Int(slot) >> 6] = 0
            link(s, slot)
        }
        columnCopy.unlinked.removeAll()
    }

    /// Forgets the copy, after linking its unlinked rows.
    mutating func dropColumnCopy() {
        linkUnlinkedRows()
        columnCopy.slots.removeAll()
        columnCopy.coefficients.removeAll()
        for w in columnCopy.noted.indices { columnCopy.noted[w] = 0 }
        columnCopy.notedCount = 0
        columnCopy.dagRows.removeAll()
        columnCopy.symbol = -1
    }

    /// Merges the noted slots into the copy, in slot order: a noted slot with a coefficient gives
    /// its entry, one without gives none.
    mutating func refreshColumnCopy() {
        guard columnCopy.notedCount > 0 else { return }
        columnCopy.spareSlots.removeAll()
        columnCopy.spareCoefficients.removeAll()
        var k = 0
        let n = columnCopy.slots.count
        for w in columnCopy.noted.indices where columnCopy.noted[w] != 0 {
            var bits = columnCopy.noted[w]
            columnCopy.noted[w] = 0
            while bits != 0 {
                let slot = Int32(w << 6 + bits.trailingZeroBitCount)
                bits &= bits - 1
                // The entries before this slot stay as they are; this slot's goes.
                while k < n && columnCopy.slots[k] < slot {
                    columnCopy.spareSlots.append(columnCopy.slots[k])
                    columnCopy.spareCoefficients.append(columnCopy.coefficients[k])
                    k += 1
                }
                if k < n && columnCopy.slots[k] == slot { k += 1 }
                let coefficient = columnCopy.pending[Int(slot)]
                if coefficient != 0 {
                    columnCopy.spareSlots.append(slot)
                    columnCopy.spareCoefficients.append(coefficient)
                }
            }
        }
        while k < n {
            columnCopy.spareSlots.append(columnCopy.slots[k])
            columnCopy.spareCoefficients.append(columnCopy.coefficients[k])
            k += 1
        }
        swap(&columnCopy.slots, &columnCopy.spareSlots)
        swap(&columnCopy.coefficients, &columnCopy.spareCoefficients)
        columnCopy.notedCount = 0
    }

    /// Calls `body` with each row that mentions `s` and the coefficient of `s` there, each row
    /// once, in slot order when the column is long: through the copy when it is kept for `s`,
    /// or by walking the column, which makes a copy of a long one on the way. `body` may change
    /// rows' constants, not their cells. Returns whether DAG rows of the copied column wait for
    /// `expandDagRowsOfCopiedColumn`.
    @discardableResult
    mutating func forEachRowOfColumn(_ s: Int32, _ body: (inout Tableau, Int32, Double) -> Void) -> Bool {
        if columnCopy.symbol == s {
            refreshColumnCopy()
        } else {
            guard symbols[Int(s)].refs >= columnCopyMinimum else {
                walkColumn(s) { t, slot, cell in body(&t, slot, t.cellCoefficients[cell]) }
                return false
            }
            makeColumnCopy(s)
        }
        var k = 0
        while k < columnCopy.slots.count {
            body(&self, columnCopy.slots[k], columnCopy.coefficients[k])
            k += 1
        }
        return !columnCopy.dagRows.isEmpty
    }

    /// Walks the column of `s` into a new copy, in slot order.
    private mutating func makeColumnCopy(_ s: Int32) {
        if columnCopy.symbol >= 0 { dropColumnCopy() }
        var entries: [(slot: Int32, coefficient: Double)] = []
        entries.reserveCapacity(Int(symbols[Int(s)].refs))
        walkColumn(s) { t, slot, cell in entries.append((slot, t.cellCoefficients[cell])) }
        entries.sort { $0.slot < $1.slot }
        for e in entries {
            columnCopy.slots.append(e.slot)
            columnCopy.coefficients.append(e.coefficient)
            if rows[Int(e.slot)].seq > 0 { columnCopy.dagRows.append(e.slot) }
        }
        columnCopy.symbol = s
        columnCopy.copies += 1
    }

    // MARK: - Proper form for the DAG rows of a long column

    /// Rewrites in proper form the DAG rows the copied column (a marker's) took in, when it was
    /// copied or since, and prunes the columns of the basic symbols they read.
    ///
    /// A DAG row that mentions a marker reads basic symbols that mention it too, more often than
    /// not with the opposite effect: a view's width under a trailing `<=`, `w = W + c - l - s`,
    /// mentions the container's width `W` and, once the slack `s` was substituted, the marker of
    /// `W`'s edit constraint, and the two cancel (the width stays at the intrinsic one). Such a
    /// row is shifted by every resize, and read again because `W` moved, for a value that does
    /// not move; in proper form it mentions neither, and resizes pass it by. One that does move
    /// with the marker is shifted as a row in proper form, and read no more through `W`.
    /// 1. List the DAG rows (`dagRows`, each once), and note the basic symbols each reads
    ///    (their columns will hold stale entries).
    /// 2. Expand each row, unless its expansion would touch more than twice its cells (plus a
    ///    few): a DAG row that reads a long chain of DAG rows stays as it is, rather than become
    ///    as long as the chain.
    /// 3. Walk the noted columns once, which drops their stale entries: the values pass walks the
    ///    column of `W` without reading rows, and would otherwise find thousands of them at every
    ///    resize.
    mutating func expandDagRowsOfCopiedColumn() {
        // 1. The DAG rows, and the basic symbols they read.
        let stamp = nextStamp()
        columnSlots.removeAll()
        columnCells.removeAll()
        for k in columnCopy.dagRows.indices {
            let slot = columnCopy.dagRows[k]
            let h = rows[Int(slot)]
            guard h.basic != -1, h.seq > 0, slotStamp[Int(slot)] != stamp else { continue }
            slotStamp[Int(slot)] = stamp
            columnSlots.append(slot)
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
        columnCopy.dagRows.removeAll()
        columnSlots.removeAll()
        columnCells.removeAll()
    }
}
