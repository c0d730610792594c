#if CASSOWARY_CHECKS
// Checks of the tableau's invariants, compiled into debug builds only and called from the tests.

extension Tableau {
    /// The broken invariants, described; empty when the tableau is sound.
    func invariantViolations(requireOptimal: Bool = true) -> [String] {
        var problems: [String] = []
        var seqOf: [Int32: Int32] = [:]
        for slot in rows.indices where rows[slot].basic >= 0 {
            seqOf[rows[slot].basic] = rows[slot].seq
        }
        for slot in rows.indices {
            let h = rows[slot]
            guard h.basic >= 0 else { continue }
            let b = h.basic
            if symbols[Int(b)].row != Int32(slot) { problems.append("row \(slot): basic \(b) maps to \(symbols[Int(b)].row)") }
            if rowKinds[slot] != symbols[Int(b)].kind { problems.append("row \(slot): kind \(rowKinds[slot]) for a basic \(symbols[Int(b)].kind)") }
            var seen = Set<Int32>()
            for i in Int(h.start)..<Int(h.start + h.count) {
                let s = cellSymbols[i]
                if !seen.insert(s).inserted { problems.append("row \(slot): symbol \(s) twice") }
                if abs(cellCoefficients[i]) < Tableau.dropTolerance { problems.append("row \(slot): zero cell \(s)") }
                if s == b { problems.append("row \(slot): mentions its own basic symbol") }
                // A redundant required equality: its dummy equals other dummies, never a symbol
                // that the simplex may move.
                if rowKinds[slot] == .dummy && symbols[Int(s)].kind != .dummy {
                    problems.append("dummy row \(slot) mentions the \(symbols[Int(s)].kind) symbol \(s)")
                }
                if symbols[Int(s)].row >= 0 {
                    if symbols[Int(b)].kind != .external {
                        problems.append("restricted row \(slot) (\(symbols[Int(b)].kind)) mentions basic \(s)")
                    } else if symbols[Int(s)].kind != .external {
                        problems.append("external row \(slot) mentions basic non-external \(s)")
                    } else if h.seq == 0 || (seqOf[s] ?? 0) >= h.seq {
                        problems.append("DAG row \(slot) (seq \(h.seq)) mentions \(s) of seq \(seqOf[s] ?? -1)")
                    }
                }
            }
            if h.index >= 0 {
                let index = rowIndexes[Int(h.index)]
                if index.count != Int(h.count) { problems.append("row \(slot): index has \(index.count) of \(h.count) cells") }
                for k in 0..<h.count where index[cellSymbols[Int(h.start + k)]] != k {
                    problems.append("row \(slot): index misplaces cell \(k)")
                }
            }
            if symbols[Int(b)].kind == .dummy, abs(h.constant) > Tableau.epsilon {
                problems.append("dummy row \(slot) has constant \(h.constant)")
            } else if symbols[Int(b)].kind != .external, h.constant < -Tableau.epsilon {
                problems.append("restricted row \(slot) is infeasible: \(h.constant)")
            }
        }
        // Reference counts match the cells.
        var counts = [Int32](repeating: 0, count: symbols.count)
        for h in rows where h.basic != -1 {
            for i in Int(h.start)..<Int(h.start + h.count) { counts[Int(cellSymbols[i])] += 1 }
        }
        if counts != symbols.map(\.refs) { problems.append("reference counts disagree with the cells") }
        // The dense rows are the live rows whose index is dense, each once; their cells are
        // reached through `denseRows` rather than the column lists.
        var denseSet = Set<Int32>()
        for k in denseRows.indices {
            let slot = denseRows[k]
            if !denseSet.insert(slot).inserted { problems.append("dense row \(slot) listed twice") }
            let h = rows[Int(slot)]
            if h.basic == -1 || !isDense(h) {
                problems.append("row \(slot) is listed as dense and is not")
            }
        }
        var denseCounts = [Int](repeating: 0, count: symbols.count)
        for slot in denseSet where rows[Int(slot)].basic != -1 {
            let h = rows[Int(slot)]
            for i in Int(h.start)..<Int(h.start + h.count) { denseCounts[Int(cellSymbols[i])] += 1 }
        }
        for s in 0..<symbols.count where symbols[s].denseRows != .max && Int(symbols[s].denseRows) != denseCounts[s] {
            problems.append("symbol \(s): counted in \(symbols[s].denseRows) dense rows, held by \(denseCounts[s])")
        }
        // Every cell is reachable through its symbol's column.
        for slot in rows.indices where rows[slot].basic != -1 {
            let h = rows[slot]
            if isDense(h) {
                if !denseSet.contains(Int32(slot)) { problems.append("row \(slot) is dense and not listed") }
                continue
            }
            for i in Int(h.start)..<Int(h.start + h.count) where symbols[Int(cellSymbols[i])].linked != Tableau.unlisted {
                var n = symbols[Int(cellSymbols[i])].column
                var found = false
                while n >= 0 {
                    if nodes[Int(n)].slot == Int32(slot) { found = true; break }
                    n = nodes[Int(n)].next
                }
                // The copied column's new rows wait in `unlinked` (see Tableau+ColumnCopy.swift).
                if cellSymbols[i] == columnCopy.symbol && columnCopy.unlinkedBits.containsBit(slot) { found = true }
                if !found { problems.append("row \(slot): symbol \(cellSymbols[i]) missing from its column") }
            }
        }
        // Stored values: 0 for parametric and restricted symbols, and, once computed, each basic
        // external symbol's value is its row evaluated (the incremental updates of
        // Tableau+Values.swift agree with a full pass).
        for s in 0..<symbols.count where (symbols[s].row < 0 || symbols[s].kind != .external) && values[s] != 0 {
            problems.append("parametric or restricted symbol \(s) stores value \(values[s])")
        }
        // The rows waiting for recomputation: each once, and each stamped.
        var seenDirty = Set<Int32>()
        for slot in dirtyRows {
            if !seenDirty.insert(slot).inserted { problems.append("row \(slot) is in dirtyRows twice") }
            if Int(slot) >= dirtyStamp.count || dirtyStamp[Int(slot)] != dirtyGeneration {
                problems.append("row \(slot) is in dirtyRows without its stamp")
            }
        }
        if valuesAreCurrent {
            for slot in rows.indices where rows[slot].basic >= 0 && rowKinds[slot] == .external {
                let h = rows[slot]
                var v = h.constant
                for i in Int(h.start)..<Int(h.start + h.count) where symbols[Int(cellSymbols[i])].row >= 0 {
                    v += cellCoefficients[i] * values[Int(cellSymbols[i])]
                }
                let stored = values[Int(h.basic)]
                if abs(v - stored) > 1e-9 * max(1, abs(v)) {
                    problems.append("row \(slot): stored value \(stored), evaluated \(v)")
                }
            }
        }
        if dagProgram.isCurrent { problems += dagProgramViolations() }
        if columnCopy.symbol >= 0 { problems += columnCopyViolations() }
        problems += boundViolations()
        // A published variable is this tableau's only, at its symbol.
        for s in variables.indices {
            guard let v = variables[s]?.takeUnretainedValue(), v.isPublished, v.cachedOwner == identity else { continue }
            if v.cachedSymbol != Int32(s) || v.holders != 1 || !usesCaches {
                problems.append("variable \(v) published at \(v.cachedSymbol) by symbol \(s), held by \(v.holders)")
            }
        }
        // The objective has room for every symbol's levels, the levels have the first places,
        // and the places after them hold nothing.
        if objective.count != symbols.count << levelShift || levels.count > 1 << levelShift {
            problems.append("objective of \(objective.count) entries for \(symbols.count) symbols, \(levels.count) levels, shift \(levelShift)")
        } else {
            if Set(levels.map(\.place)) != Set(0..<levels.count) { problems.append("levels at places \(levels.map(\.place))") }
            for s in 0..<symbols.count where (levels.count..<(1 << levelShift)).contains(where: { objective[s << levelShift + $0] != 0 }) {
                problems.append("symbol \(s) has a coefficient past the last level")
            }
        }
        // The objective is in proper form and optimal.
        for l in levels.indices {
            for s in 0..<symbols.count where objectiveCoefficient(l, Int32(s)) != 0 {
                if symbols[s].row >= 0 { problems.append("level \(levels[l].priority) mentions basic \(s)") }
                if requireOptimal && objectiveCoefficient(l, Int32(s)) < -Tableau.optimalityTolerance && symbols[s].kind != .dummy
                    && (0..<l).allSatisfy({ objectiveCoefficient($0, Int32(s)) == 0 }) {
                    problems.append("level \(levels[l].priority) can still improve through \(s)")
                }
            }
        }
        // Every installed constraint's markers are its own: no other tag's, not free for reuse.
        var markerTags: [Int32: Int] = [:]
        let free = Set(freeSymbols)
        for t in tags.indices where tags[t].id != nil {
            for m in [tags[t].marker, tags[t].other] where m >= 0 {
                if let u = markerTags[m] { problems.append("tags \(u) and \(t) share symbol \(m)") }
                markerTags[m] = t
                if free.contains(m) { problems.append("tag \(t): its symbol \(m) is free for reuse") }
            }
        }
        return problems
    }

    /// A kept column copy is in increasing slot order, and once its noted coefficients are
    /// merged in it holds every live row that mentions its symbol, once, with the coefficient
    /// there; its unlinked rows are listed once each.
    private func columnCopyViolations() -> [String] {
        let copy = columnCopy, s = copy.symbol
        func coefficient(in slot: Int) -> Double? {
            let h = rows[slot]
            guard h.basic != -1 else { return nil }
            for i in Int(h.start)..<Int(h.start + h.count) where cellSymbols[i] == s { return cellCoefficients[i] }
            return nil
        }
        var expected: [Int32: Double] = [:]
        for slot in rows.indices { if let c = coefficient(in: slot) { expected[Int32(slot)] = c } }
        var copied: [Int32: Double] = [:]
        for k in copy.slots.indices {
            if k > 0 && copy.slots[k - 1] >= copy.slots[k] { return ["the column copy of \(s) is out of slot order at \(k)"] }
            copied[copy.slots[k]] = copy.coefficients[k]
        }
        guard copy.noted.reduce(0, { $0 + $1.nonzeroBitCount }) == copy.notedCount else {
            return ["the column copy of \(s) miscounts its noted rows"]
        }
        for w in copy.noted.indices where copy.noted[w] != 0 {
            for slot in w * 64..<(w + 1) * 64 where copy.noted.containsBit(slot) {
                copied[Int32(slot)] = copy.pending[slot] != 0 ? copy.pending[slot] : nil
            }
        }
        let listed = copy.unlinked.allSatisfy { copy.unlinkedBits.containsBit(Int($0)) }
        guard listed, copy.unlinkedBits.reduce(0, { $0 + $1.nonzeroBitCount }) == copy.unlinked.count else {
            return ["the column copy of \(s) has unlinked rows its bits do not match"]
        }
        return copied == expected ? [] : ["the column copy of \(s) disagrees with its column"]
    }

    /// A current DAG program holds every live DAG row, in creation order, as the row is now.
    private func dagProgramViolations() -> [String] {
        var live: [DagEntry] = []
        for entry in dagOrder where rows[Int(entry.slot)].basic >= 0 && rows[Int(entry.slot)].seq == entry.seq {
            live.append(entry)
        }
        var c = 0, k = 0
        for entry in live {
            let h = rows[Int(entry.slot)]
            guard c + 1 < dagProgram.codes.count else { return ["the DAG program ends before row \(entry.slot)"] }
            let n = Int(dagProgram.codes[c + 1])
            var same = dagProgram.codes[c] == h.basic && n == Int(h.count) && dagProgram.numbers[k] == h.constant
                && dagProgram.positions[Int(entry.slot)] == Int32(k)
            for j in 0..<min(n, Int(h.count)) {
                same = same && dagProgram.codes[c + 2 + j] == cellSymbols[Int(h.start) + j]
                    && dagProgram.numbers[k + 1 + j] == cellCoefficients[Int(h.start) + j]
            }
            if !same { return ["the DAG program disagrees with DAG row \(entry.slot)"] }
            c += 2 + n
            k += 1 + n
        }
        return c == dagProgram.codes.count ? [] : ["the DAG program holds rows that are not live DAG rows"]
    }
}
#endif
