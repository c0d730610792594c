// Row storage: every row's cells live in one arena (two parallel arrays), so a solver makes a
// handful of allocations however many rows it has. A row that outgrows its capacity moves to the
// end of the arena; the space it leaves is reclaimed by `compactIfNeeded()` between operations.
// A row longer than `indexThreshold` also keeps a hash index of its cells.

extension Tableau {
    static let indexThreshold: Int32 = 32

    /// Makes an empty row for `basic` with room for `capacity` cells.
    mutating func allocateRow(basic: Int32, constant: Double, capacity: Int) -> Int32 {
        let cap = max(capacity, 4)
        let start = Int32(cellSymbols.count)
        cellSymbols.append(repeating: -1, count: cap)
        cellCoefficients.append(repeating: 0, count: cap)
        let header = RowHeader(start: start, count: 0, capacity: Int32(cap), basic: basic, constant: constant, seq: 0, index: -1)
        let kind = basic >= 0 ? symbols[Int(basic)].kind : .slack
        if let slot = freeSlots.popLast() {
            rows[Int(slot)] = header
            rowKinds[Int(slot)] = kind
            return slot
        }
        rows.append(header)
        rowKinds.append(kind)
        slotStamp.append(0)
        return Int32(rows.count - 1)
    }

    /// Frees a row's slot; its cells stop counting as references.
    mutating func freeRow(_ slot: Int32) {
        if columnCopy.symbol >= 0 { columnCopy.note(slot, 0) }
        let h = rows[Int(slot)]
        for i in Int(h.start)..<Int(h.start + h.count) { symbols[Int(cellSymbols[i])].refs -= 1 }
        garbageCells += Int(h.capacity)
        if h.index >= 0 { releaseIndex(h.index) }
        rows[Int(slot)] = RowHeader(start: 0, count: 0, capacity: 0, basic: -1, constant: 0, seq: 0, index: -1)
        freeSlots.append(slot)
    }

    /// Appends a cell for a symbol the row does not have yet.
    mutating func appendCell(_ slot: Int32, _ s: Int32, _ coefficient: Double) {
        var h = rows[Int(slot)]
        if h.count == h.capacity {
            let newStart = Int32(cellSymbols.count)
            let newCapacity = h.capacity * 2
            for i in Int(h.start)..<Int(h.start + h.count) {
                cellSymbols.append(cellSymbols[i])
                cellCoefficients.append(cellCoefficients[i])
            }
            cellSymbols.append(repeating: -1, count: Int(newCapacity - h.count))
            cellCoefficients.append(repeating: 0, count: Int(newCapacity - h.count))
            garbageCells += Int(h.capacity)
            h.start = newStart
            h.capacity = newCapacity
        }
        let i = Int(h.start + h.count)
        cellSymbols[i] = s
        cellCoefficients[i] = coefficient
        if h.index >= 0 { rowIndexes[Int(h.index)][s] = h.count }
        h.count += 1
        rows[Int(slot)] = h
        symbols[Int(s)].refs += 1
        if s == columnCopy.symbol {
            columnCopy.note(slot, coefficient, dag: h.seq > 0)
            columnCopy.listUnlinked(slot)
        } else {
            link(s, slot)
        }
        if h.index < 0 && h.count >= Tableau.indexThreshold { buildIndex(slot) }
    }

    private mutating func buildIndex(_ slot: Int32) {
        let id: Int32
        if let free = freeIndexes.popLast() {
            id = free
        } else {
            id = Int32(rowIndexes.count)
            rowIndexes.append(SymbolIndex())
        }
        let h = rows[Int(slot)]
        rowIndexes[Int(id)].reserveCapacity(Int(h.capacity))
        for k in 0..<h.count { rowIndexes[Int(id)][cellSymbols[Int(h.start + k)]] = k }
        rows[Int(slot)].index = id
    }

    private mutating func releaseIndex(_ id: Int32) {
        rowIndexes[Int(id)].removeAll()
        freeIndexes.append(id)
    }

    /// The arena index of a symbol's cell in a row, or -1.
    @inline(__always) func find(_ slot: Int32, _ s: Int32) -> Int {
        let h = rows[Int(slot)]
        if h.index >= 0 {
            guard let k = rowIndexes[Int(h.index)][s] else { return -1 }
            return Int(h.start + k)
        }
        var i = Int(h.start)
        let end = i + Int(h.count)
        while i < end {
            if cellSymbols[i] == s { return i }
            i += 1
        }
        return -1
    }

    /// Removes the cell at arena index `i` of a row (the last cell takes its place).
    mutating func removeCell(_ slot: Int32, at i: Int) {
        let h = rows[Int(slot)]
        let last = Int(h.start + h.count - 1)
        let removed = cellSymbols[i]
        if removed == columnCopy.symbol { columnCopy.note(slot, 0) }
        symbols[Int(removed)].refs -= 1
        if h.index >= 0 {
            rowIndexes[Int(h.index)][removed] = nil
            if i != last { rowIndexes[Int(h.index)][cellSymbols[last]] = Int32(i) - h.start }
        }
        cellSymbols[i] = cellSymbols[last]
        cellCoefficients[i] = cellCoefficients[last]
        rows[Int(slot)].count -= 1
    }

    /// Drops the cells whose coefficient is near zero.
    mutating func sweep(_ slot: Int32) {
        let h = rows[Int(slot)]
        var write = Int(h.start)
        for read in Int(h.start)..<Int(h.start + h.count) {
            if abs(cellCoefficients[read]) < Tableau.epsilon {
                symbols[Int(cellSymbols[read])].refs -= 1
                if cellSymbols[read] == columnCopy.symbol { columnCopy.note(slot, 0) }
            } else {
                cellSymbols[write] = cellSymbols[read]
                cellCoefficients[write] = cellCoefficients[read]
                write += 1
            }
        }
        rows[Int(slot)].count = Int32(write) - h.start
        if h.index >= 0 {
            rowIndexes[Int(h.index)].removeAll()
            for k in 0..<rows[Int(slot)].count { rowIndexes[Int(h.index)][cellSymbols[Int(h.start + k)]] = k }
        }
    }

    /// `target += factor * source`, for two different rows.
    mutating func addScaled(_ target: Int32, _ source: Int32, _ factor: Double) {
        let src = rows[Int(source)]
        rows[Int(target)].constant += factor * src.constant
        let sourceCount = Int(src.count)
        if sourceCount == 0 { return }
        var cancelled = false
        // The copied column's symbol, whose new coefficient in the target is noted where it is
        // written (see Tableau+ColumnCopy.swift); -1 for none.
        let copied = columnCopy.symbol
        let targetCount = Int(rows[Int(target)].count)
        // A long target has an index: cells are found through it and a cancelled one is removed
        // at once, so the cost is the source's length. A short one is scanned, and swept once.
        // A source at least a quarter of a long target's length goes through per-symbol positions
        // instead: O(target + source) with no probes into the index (the long pivot of a row-flex
        // squeeze, where both rows are long: 16% of it at n = 1,000).
        let indexed = rows[Int(target)].index >= 0
        if (indexed && sourceCount * 4 < targetCount) || targetCount * sourceCount <= 64 {
            for j in Int(src.start)..<Int(src.start) + sourceCount {
                let s = cellSymbols[j]
                let v = factor * cellCoefficients[j]
                let i = find(target, s)
                if i >= 0 {
                    let n = cellCoefficients[i] + v
                    if s == copied { columnCopy.note(target, n) }
                    if abs(n) >= Tableau.epsilon {
                        cellCoefficients[i] = n
                    } else if indexed {
                        removeCell(target, at: i)
                    } else {
                        cellCoefficients[i] = n
                        cancelled = true
                    }
                } else if abs(v) >= Tableau.epsilon {
                    appendCell(target, s, v)
                }
            }
        } else {
            // Index the target's cells by symbol (positions relative to the row's start survive a
            // move of the row within the arena).
            var h = rows[Int(target)]
            for i in 0..<Int(h.count) { cellPositions[Int(cellSymbols[Int(h.start) + i])] = Int32(i + 1) }
            for j in Int(src.start)..<Int(src.start) + sourceCount {
                let s = cellSymbols[j]
                let v = factor * cellCoefficients[j]
                let p = cellPositions[Int(s)]
                if p > 0 {
                    let i = Int(rows[Int(target)].start) + Int(p - 1)
                    let n = cellCoefficients[i] + v
                    if s == copied { columnCopy.note(target, n) }
                    cellCoefficients[i] = n
                    if abs(n) < Tableau.epsilon { cancelled = true }
                } else if abs(v) >= Tableau.epsilon {
                    appendCell(target, s, v)
                    cellPositions[Int(s)] = rows[Int(target)].count
                }
            }
            h = rows[Int(target)]
            for i in 0..<Int(h.count) { cellPositions[Int(cellSymbols[Int(h.start) + i])] = 0 }
        }
        if cancelled { sweep(target) }
    }

    /// Rewrites a row `old = c + a*s + ...` as `s = ...` (with `old` moved to the right side when
    /// `old >= 0`); `s` must be in the row.
    mutating func solveFor(_ slot: Int32, _ s: Int32, replacing old: Int32) {
        let i = find(slot, s)
        let a = cellCoefficients[i]
        removeCell(slot, at: i)
        let f = -1 / a
        let h = rows[Int(slot)]
        rows[Int(slot)].constant = h.constant * f
        for j in Int(h.start)..<Int(h.start + h.count) { cellCoefficients[j] *= f }
        noteCopiedCoefficient(in: slot)
        if old >= 0 { appendCell(slot, old, 1 / a) }
    }

    // MARK: - Columns

    /// The most links a column takes between walks before it is queued, below `UInt16.max`,
    /// the mark of a queued column in `SymbolInfo.linked`.
    static let maximumLinks = Int32(UInt16.max - 1)

    /// Puts a node for `slot` at the head of the column of `s`. Nodes go stale when cells are
    /// removed, and only walks unlink them: a column that no operation walks (the other error
    /// symbol of an edit constraint, the short columns of symbols that bound flips add into long
    /// rows and take out again) grew with every resize, without end (row-flex at 1,000 views:
    /// 165 MB after 2,000 resizes). So once a list took four times as many nodes as its symbol
    /// has cells, plus 64, since it was last walked, it is queued for `pruneStaleColumns()`; the
    /// walk visits about 1.3 nodes per link. The count stops short of the queued mark: a column
    /// of 16,368 cells or more (the other error symbol of a 10,000-view chain's edit has 21,000)
    /// is queued once it took `maximumLinks`, where it used to count up to the mark unqueued and
    /// grow until something walked it.
    mutating func link(_ s: Int32, _ slot: Int32) {
        let linked = symbols[Int(s)].linked
        if linked != .max {
            if Int32(linked) >= min(4 * symbols[Int(s)].refs + 64, Tableau.maximumLinks) {
                symbols[Int(s)].linked = .max
                staleColumns.append(s)
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
    @inline(__always) mutating func walkColumn(_ s: Int32, _ body: (inout Tableau, Int32, Int) -> Void) {
        if s == columnCopy.symbol && !columnCopy.unlinked.isEmpty { linkUnlinkedRows() }
        let stamp = nextStamp()
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
        symbols[Int(s)].linked = 0
    }

    /// Walks the columns `link` queued, which unlinks their stale nodes. Called between
    /// operations (after the dual simplex, and with `compactIfNeeded()`), where no walk is under
    /// way.
    mutating func pruneStaleColumns() {
        for k in staleColumns.indices {
            let s = staleColumns[k]
            if symbols[Int(s)].linked == .max { walkColumn(s) { _, _, _ in } }
        }
        staleColumns.removeAll()
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

    // MARK: - Arena upkeep

    /// Copies the live rows into fresh arrays once more than half the arena is garbage.
    mutating func compactIfNeeded() {
        if !staleColumns.isEmpty { pruneStaleColumns() }
        guard garbageCells > 1024, garbageCells * 2 > cellSymbols.count else { return }
        var symbols = Buffer<Int32>()
        var coefficients = Buffer<Double>()
        symbols.reserve(cellSymbols.count - garbageCells)
        coefficients.reserve(cellSymbols.count - garbageCells)
        for slot in rows.indices where rows[slot].basic != -1 {
            let h = rows[slot]
            let start = Int32(symbols.count)
            for i in Int(h.start)..<Int(h.start + h.capacity) {
                symbols.append(cellSymbols[i])
                coefficients.append(cellCoefficients[i])
            }
            rows[slot].start = start
        }
        cellSymbols.deallocate()
        cellCoefficients.deallocate()
        cellSymbols = symbols
        cellCoefficients = coefficients
        garbageCells = 0
    }
}
