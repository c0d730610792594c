// Row storage: every row's cells live in one arena (two parallel arrays), so a solver makes a
// handful of allocations however many rows it has. A row that outgrows its capacity moves to the
// end of the arena; the space it leaves is reclaimed by `compactIfNeeded()` between operations.
// A row longer than `indexThreshold` also keeps an index of its cells (`SymbolIndex`), hashed or,
// for a row that holds a good part of all symbols, dense (see `Tableau.denseRows`).

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
        if h.index >= 0 { releaseIndex(slot) }
        for i in Int(h.start)..<Int(h.start + h.count) { symbols[Int(cellSymbols[i])].refs -= 1 }
        garbageCells += Int(h.capacity)
        rows[Int(slot)] = RowHeader(start: 0, count: 0, capacity: 0, basic: -1, constant: 0, seq: 0, index: -1)
        freeSlots.append(slot)
    }

    /// Empties the row at `slot` for its cells to be written again (`appendCell`), keeping its
    /// basic symbol, and sets its constant: the index goes with the cells, the references
    /// follow, a DAG row becomes a row in proper form, and a column copy notes its symbol gone.
    mutating func emptyRow(_ slot: Int32, constant: Double) {
        let h = rows[Int(slot)]
        if h.index >= 0 { clearIndex(slot) }
        for i in Int(h.start)..<Int(h.start + h.count) { symbols[Int(cellSymbols[i])].refs -= 1 }
        rows[Int(slot)].count = 0
        if h.seq > 0 {
            rows[Int(slot)].seq = 0
            noteDagRowsChanged()
        }
        noteCopiedCoefficient(in: slot)
        rows[Int(slot)].constant = constant
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
        var dense = false
        if h.index >= 0 {
            switch rowIndexes[Int(h.index)].insert(s, h.count, denseFrom: denseRowMinimum, ratio: denseRowRatio) {
            case .hashed: break
            case .dense:
                dense = true
                countDenseCell(s, 1)
            case .turnedDense:
                // Its cells are held by a dense row from now on.
                dense = true
                denseRows.append(slot)
                for k in Int(h.start)...i { countDenseCell(cellSymbols[k], 1) }
            }
        }
        h.count += 1
        rows[Int(slot)] = h
        symbols[Int(s)].refs += 1
        if s == columnCopy.symbol {
            columnCopy.note(slot, coefficient, dag: h.seq > 0)
            columnCopy.listUnlinked(slot)
        } else if !dense {
            link(s, slot)
        }
        if h.index < 0 && h.count >= indexMinimum { buildIndex(slot) }
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

    private mutating func releaseIndex(_ slot: Int32) {
        let id = rows[Int(slot)].index
        clearIndex(slot)
        freeIndexes.append(id)
    }

    /// Empties the index of the row at `slot`, whose cells are about to go, and takes the row
    /// off `denseRows` if it was there (its cells no longer count there).
    mutating func clearIndex(_ slot: Int32) {
        let h = rows[Int(slot)]
        if isDense(h), let k = denseRows.firstIndex(of: slot) {
            denseRows[k] = denseRows[denseRows.count - 1]
            _ = denseRows.popLast()
            for i in Int(h.start)..<Int(h.start + h.count) { countDenseCell(cellSymbols[i], -1) }
        }
        rowIndexes[Int(h.index)].removeAll()
    }

    /// Puts the cells of a dense row in symbol order. A row-flex resize pivots the container's
    /// long row once and copies it into the three rows of the entering symbol's column; the row's
    /// order decides the order in which those copies (and, a resize later, their cancellation)
    /// read and write the per-symbol records: 130,000 symbols in a 10,000-view tableau, 2 MiB of
    /// records and twice that of indexes. Bound flips leave the row out of order (a removed cell
    /// takes the last one's place, a flipped row's cells go at the end), and each access is then
    /// a cache miss of its own; in order they stream. The sort is a pass over the row's index.
    mutating func sortDenseRow(_ slot: Int32) {
        let h = rows[Int(slot)]
        guard isDense(h) else { return }
        sortSymbols.removeAll()
        sortCoefficients.removeAll()
        for i in Int(h.start)..<Int(h.start + h.count) {
            sortSymbols.append(cellSymbols[i])
            sortCoefficients.append(cellCoefficients[i])
        }
        var write = Int(h.start)
        // A copy of the index's record: the renumbering writes the array they share.
        var index = rowIndexes[Int(h.index)]
        let visited = index.renumberInKeyOrder { position in
            cellSymbols[write] = sortSymbols[Int(position)]
            cellCoefficients[write] = sortCoefficients[Int(position)]
            write += 1
        }
        assert(visited == Int(h.count), "a dense row's index holds every cell")
    }

    /// Whether a row's index is dense (the row is in `denseRows`, its cells take no column node).
    @inline(__always) func isDense(_ h: RowHeader) -> Bool {
        h.index >= 0 && rowIndexes[Int(h.index)].isDense
    }

    /// Counts a cell of `s` into (`delta` 1) or out of (-1) a dense row.
    @inline(__always) mutating func countDenseCell(_ s: Int32, _ delta: Int8) {
        let d = symbols[Int(s)].denseRows
        guard d != .max else { return }
        symbols[Int(s)].denseRows = delta > 0 ? d + 1 : d - 1
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
            if isDense(h) { countDenseCell(removed, -1) }
            rowIndexes[Int(h.index)][removed] = nil
            if i != last { rowIndexes[Int(h.index)][cellSymbols[last]] = Int32(i) - h.start }
        }
        cellSymbols[i] = cellSymbols[last]
        cellCoefficients[i] = cellCoefficients[last]
        rows[Int(slot)].count -= 1
    }

    /// Drops the cells whose coefficient is near zero. A long row's index follows each cell
    /// that is dropped or moved, so that the cost is the row's length whatever the index's size.
    mutating func sweep(_ slot: Int32) {
        let h = rows[Int(slot)]
        var indexed = h.index >= 0
        let dense = isDense(h)
        var refill = false
        if dense {
            var dropped = 0
            for read in Int(h.start)..<Int(h.start + h.count) where abs(cellCoefficients[read]) < Tableau.dropTolerance {
                dropped += 1
            }
            if rowIndexes[Int(h.index)].prefersRefill(dropping: dropped, keeping: Int(h.count) - dropped) {
                rowIndexes[Int(h.index)].clearKeepingStorage()
                indexed = false
                refill = true
            }
        }
        var write = Int(h.start)
        for read in Int(h.start)..<Int(h.start + h.count) {
            let s = cellSymbols[read]
            if abs(cellCoefficients[read]) < Tableau.dropTolerance {
                symbols[Int(s)].refs -= 1
                if dense { countDenseCell(s, -1) }
                if s == columnCopy.symbol { columnCopy.note(slot, 0) }
                if indexed { rowIndexes[Int(h.index)][s] = nil }
            } else {
                if write != read {
                    cellSymbols[write] = s
                    cellCoefficients[write] = cellCoefficients[read]
                    if indexed { rowIndexes[Int(h.index)][s] = Int32(write) - h.start }
                }
                write += 1
            }
        }
        rows[Int(slot)].count = Int32(write) - h.start
        if refill {
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
                    if abs(n) >= Tableau.dropTolerance {
                        cellCoefficients[i] = n
                    } else if indexed {
                        removeCell(target, at: i)
                    } else {
                        cellCoefficients[i] = n
                        cancelled = true
                    }
                } else if abs(v) >= Tableau.dropTolerance {
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
                    if abs(n) < Tableau.dropTolerance { cancelled = true }
                } else if abs(v) >= Tableau.dropTolerance {
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
    /// `old >= 0`); `s` must be in the row. Cells that dividing by a large `a` takes under
    /// `dropTolerance` leave the row, as those of a sum do.
    mutating func solveFor(_ slot: Int32, _ s: Int32, replacing old: Int32) {
        let i = find(slot, s)
        assert(i >= 0, "solveFor: symbol \(s) is not in row \(slot)")
        let a = cellCoefficients[i]
        removeCell(slot, at: i)
        let f = -1 / a
        let h = rows[Int(slot)]
        rows[Int(slot)].constant = h.constant * f
        var tiny = false
        for j in Int(h.start)..<Int(h.start + h.count) {
            cellCoefficients[j] *= f
            if abs(cellCoefficients[j]) < Tableau.dropTolerance { tiny = true }
        }
        if tiny { sweep(slot) }
        noteCopiedCoefficient(in: slot)
        if old >= 0 { appendCell(slot, old, 1 / a) }
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
