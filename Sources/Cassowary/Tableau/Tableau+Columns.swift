// Columns: for each symbol, a linked list of the rows that mention it, so that a pivot finds
// the rows to substitute into without scanning every row. Nodes go stale when cells are removed
// and are unlinked by the walks; the cells of dense rows (`Tableau.denseRows`) take no node, and
// walks look those rows up instead. A long column that only the prunes walk loses its list
// (`pruneStaleColumns`), and gets it back from a pass over the rows if anything walks it.
//
// `SymbolInfo.linked` holds a column's state: the links it took since it was last walked (the
// low 15 bits), with `prunedMark` set when that walk was a prune; `UInt16.max` once it is queued
// for a prune; `unlisted` while it has no list.

extension Tableau {
    /// The most links a column takes between walks before it is queued.
    static let maximumLinks: Int32 = 0x7FFD
    /// Set in `SymbolInfo.linked` by a prune, cleared by any other walk.
    static let prunedMark: UInt16 = 0x8000
    /// `SymbolInfo.linked` of a column without a list.
    static let unlisted: UInt16 = .max - 1
    /// The fewest cells of a column that may lose its list (the tableau's `unlistedMinimum`).
    static let defaultUnlistedMinimum: Int32 = 1024

    /// Puts a node for `slot` at the head of the column of `s`. Nodes go stale when cells are
    /// removed, and only walks unlink them: a column that no operation walks (the other error
    /// symbol of an edit constraint, the short columns of symbols that bound flips add into long
    /// rows and take out again) grew with every resize, without end (row-flex at 1,000 views:
    /// 165 MB after 2,000 resizes). So once a list took four times as many nodes as its symbol
    /// has cells, plus 64, since it was last walked, it is queued for `pruneStaleColumns()`; the
    /// walk visits about 1.3 nodes per link. The count stops at `maximumLinks`: a column of 8,176
    /// cells or more (the other error symbol of a 10,000-view chain's edit has 21,000) is queued
    /// once it took that many, where it used to count up to the mark unqueued and grow until
    /// something walked it. An unlisted column takes no node.
    mutating func link(_ s: Int32, _ slot: Int32) {
        let linked = symbols[Int(s)].linked
        if linked == Tableau.unlisted { return }
        if linked != .max {
            if Int32(linked & ~Tableau.prunedMark) >= min(4 * symbols[Int(s)].refs + 64, Tableau.maximumLinks) {
                symbols[Int(s)].linked = .max
                // A column queued again with no walk but the last prune's goes in complemented.
                staleColumns.append(linked & Tableau.prunedMark != 0 ? ~s : s)
            } else {
                symbols[Int(s)].linked = linked + 1
            }
        }
        let n: Int32
        if let free = freeNodes.popLast() {
            n = free
            nodes[Int(n)] = ColumnNode(slot: slot, next: symbols[Int(s)].column)
        } else {
            n = Int32(nodes.count)
            nodes.append(ColumnNode(slot: slot, next: symbols[Int(s)].column))
        }
        symbols[Int(s)].column = n
    }

    /// The slots of the rows that mention `s`, each once, with the arena index of its cell, in
    /// `columnSlots` / `columnCells`. Stale entries are unlinked on the way.
    mutating func collectColumn(_ s: Int32) {
        columnSlots.removeAll()
        columnCells.removeAll()
        walkColumn(s) { t, slot, cell in
            t.columnSlots.append(slot)
            t.columnCells.append(cell)
        }
    }

    /// Calls `body` with each row that mentions `s`, once, and the arena index of its cell,
    /// unlinking stale entries on the way. `body` may change rows' constants, not their cells or
    /// the column; callers that do (pivots) collect the column first.
    /// 1. The list: rows whose node is stale (the row no longer mentions `s`) are unlinked.
    /// 2. The dense rows that hold `s`, if it is counted in any (`SymbolInfo.denseRows`); a
    ///    dense row may also have nodes from before it turned dense, and the stamp visits it once.
    @inline(__always) mutating func walkColumn(_ s: Int32, _ body: (inout Tableau, Int32, Int) -> Void) {
        if s == columnCopy.symbol && !columnCopy.unlinked.isEmpty { linkUnlinkedRows() }
        if symbols[Int(s)].linked == Tableau.unlisted { relist(s) }
        let stamp = nextStamp()
        // 1. The list.
        var previous: Int32 = -1
        var n = symbols[Int(s)].column
        while n >= 0 {
            let next = nodes[Int(n)].next
            let slot = nodes[Int(n)].slot
            var cell = -1
            if rows[Int(slot)].basic != -1 && slotStamp[Int(slot)] != stamp {
                cell = find(slot, s)
            }
            if cell >= 0 {
                slotStamp[Int(slot)] = stamp
                body(&self, slot, cell)
                previous = n
            } else {
                if previous < 0 { symbols[Int(s)].column = next } else { nodes[Int(previous)].next = next }
                freeNodes.append(n)
            }
            n = next
        }
        // 2. The dense rows.
        var k = symbols[Int(s)].denseRows > 0 ? 0 : denseRows.count
        while k < denseRows.count {
            let slot = denseRows[k]
            k += 1
            guard slotStamp[Int(slot)] != stamp else { continue }
            let h = rows[Int(slot)]
            guard let p = rowIndexes[Int(h.index)][s] else { continue }
            slotStamp[Int(slot)] = stamp
            body(&self, slot, Int(h.start + p))
        }
        symbols[Int(s)].linked = 0
    }

    /// Walks the columns `link` queued, which unlinks their stale nodes. Called between
    /// operations (after the dual simplex, and with `compactIfNeeded()`), where no walk is under
    /// way.
    ///
    /// A column of `unlistedMinimum` cells or more that is queued again with no walk since its
    /// last prune loses its list instead: the other error symbol of a container's edit is in a
    /// row of every view (21,000 cells at 10,000 views), takes a link whenever a resize rewrites
    /// such a row, and nothing else walks it; its prunes chased 78,000 scattered nodes every few
    /// resizes (a tenth of chain-intr's resize at 10,000 views, in time, and little at 1,000,
    /// where the nodes stay in cache). A walk of an unlisted column rebuilds its list first
    /// (`relist`), at the cost of a pass over every row.
    mutating func pruneStaleColumns() {
        if staleColumns.count >= Tableau.rebuildMinimum && nodes.count - freeNodes.count >= 2 * listedCells() {
            rebuildColumns()
            return
        }
        for k in staleColumns.indices {
            let entry = staleColumns[k]
            let s = entry < 0 ? ~entry : entry
            guard symbols[Int(s)].linked == .max else { continue }
            if entry < 0 && symbols[Int(s)].refs >= unlistedMinimum && s != columnCopy.symbol {
                clearColumn(s)
                symbols[Int(s)].linked = Tableau.unlisted
            } else {
                walkColumn(s) { _, _, _ in }
                symbols[Int(s)].linked = Tableau.prunedMark
            }
        }
        staleColumns.removeAll()
    }

    /// The fewest queued columns for which `pruneStaleColumns` rebuilds all lists instead, when
    /// the lists hold twice as many nodes as there are cells to list.
    static let rebuildMinimum = 64

    /// Whether the cells of the row at `slot` take column nodes: a live row that is not dense.
    @inline(__always) func takesNodes(_ slot: Int) -> Bool {
        rows[slot].basic != -1 && !isDense(rows[slot])
    }

    /// The cells that take nodes (see `takesNodes`). A pass over the rows.
    func listedCells() -> Int {
        var n = 0
        for slot in rows.indices where takesNodes(slot) {
            n += Int(rows[slot].count)
        }
        return n
    }

    /// Rebuilds every list from the rows, in two passes over the cells: each column's nodes side
    /// by side in slot order, no stale node, no free node. The views of a chain take links at the
    /// same rate, so their columns reach the prune threshold in the same resize: chain-intr at
    /// 10,000 views queued 5,713 columns at once, twice, with 1.1 million nodes in the lists for
    /// 260,000 cells; walking them scattered through the buffer made two resize cycles take 20
    /// and 23 ms instead of 5, and the freed nodes, reused in that scattered order, slowed the
    /// walks of the resizes after (7-12 ms). Dense rows take no nodes; unlisted columns stay
    /// unlisted; the copied column's waiting rows are listed with the rest.
    /// 1. Count each symbol's cells in `cellPositions` (all zero between operations).
    /// 2. Turn the counts into each column's first node, and make the columns' heads.
    /// 3. Place a node per cell at its column's next free place, each pointing at the next one.
    /// 4. End each column, and zero `cellPositions` again.
    mutating func rebuildColumns() {
        rebuilds += 1
        for k in columnCopy.unlinked.indices { columnCopy.unlinkedBits[Int(columnCopy.unlinked[k]) >> 6] = 0 }
        columnCopy.unlinked.removeAll()
        // 1. Counts.
        for slot in rows.indices where takesNodes(slot) {
            let h = rows[slot]
            for i in Int(h.start)..<Int(h.start + h.count) {
                let s = Int(cellSymbols[i])
                if symbols[s].linked != Tableau.unlisted { cellPositions[s] += 1 }
            }
        }
        // 2. Starts and heads.
        var total: Int32 = 0
        for s in symbols.indices {
            let count = cellPositions[s]
            cellPositions[s] = total
            if symbols[s].linked != Tableau.unlisted {
                symbols[s].column = count > 0 ? total : -1
                symbols[s].linked = 0
            }
            total += count
        }
        // 3. The nodes.
        nodes.removeAll()
        nodes.append(repeating: ColumnNode(slot: -1, next: -1), count: Int(total))
        freeNodes.removeAll()
        staleColumns.removeAll()
        for slot in rows.indices where takesNodes(slot) {
            let h = rows[slot]
            for i in Int(h.start)..<Int(h.start + h.count) {
                let s = Int(cellSymbols[i])
                guard symbols[s].linked != Tableau.unlisted else { continue }
                let n = cellPositions[s]
                nodes[Int(n)] = ColumnNode(slot: Int32(slot), next: n + 1)
                cellPositions[s] = n + 1
            }
        }
        // 4. Ends.
        for s in symbols.indices {
            if symbols[s].column >= 0 && symbols[s].linked != Tableau.unlisted {
                nodes[Int(cellPositions[s]) - 1].next = -1
            }
            cellPositions[s] = 0
        }
    }

    /// Gives an unlisted column its list again: a node for each row (not dense) that mentions
    /// `s`, found by a pass over every row.
    mutating func relist(_ s: Int32) {
        relists += 1
        // Listed again before linking (an unlisted column takes no node), and the count the
        // links made is cleared after: the new list has no stale node.
        symbols[Int(s)].linked = 0
        for slot in rows.indices where takesNodes(slot) {
            if find(Int32(slot), s) >= 0 { link(s, Int32(slot)) }
        }
        symbols[Int(s)].linked = 0
    }

    /// Unlinks a whole column (after its symbol was eliminated from every row).
    mutating func clearColumn(_ s: Int32) {
        if s == columnCopy.symbol { linkUnlinkedRows() }
        var n = symbols[Int(s)].column
        while n >= 0 {
            let next = nodes[Int(n)].next
            freeNodes.append(n)
            n = next
        }
        symbols[Int(s)].column = -1
        symbols[Int(s)].linked = 0
    }
}
