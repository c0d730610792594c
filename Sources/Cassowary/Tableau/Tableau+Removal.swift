// Removing constraints (kiwi's removeConstraint, with getMarkerLeavingRow and
// removeConstraintEffects). Adding them is in Tableau+Constraints.swift.

extension Tableau {
    mutating func remove(_ constraint: Constraint) throws {
        guard let t = tag(of: constraint) else { throw SolverError.unknownConstraint(constraint) }
        try refactorIfDrifting()
        try remove(tag: t)
    }

    /// Takes out the constraint of an installed tag (an object's or a value's), and frees the
    /// tag unless `keepingTag` (a value constraint about to be put back in it). `inBatch`: a
    /// batch of new constants takes the constraint out to put it back (Tableau+Batch.swift).
    ///
    /// A parametric marker that no row holds was rounded out of every row: cells under
    /// `dropTolerance` beside coefficients of 1e15 (FuzzSolver, hostile numbers). The rows then
    /// hold the constraint with no symbol to free it by, so they are derived again from the
    /// constraints left (`refactor()`); the error this threw had left the constraint neither
    /// installed nor out.
    mutating func remove(tag t: Int32, keepingTag: Bool = false, inBatch: Bool = false) throws {
        invalidateAllValues()
        compactIfNeeded()
        let tag = tags[Int(t)]
        let marker = tag.marker
        let slot = symbols[Int(marker)].row
        // The row a parametric marker leaves through, found while the tableau is as it was.
        var leaving: Int32 = -1
        while slot < 0 && leaving < 0, let candidate = markerLeavingRow(marker) {
            // A DAG row may hold the marker only on its face (its references cancel it), or
            // hold a residue of it once expanded: the choice is made again after expanding.
            if rows[Int(candidate)].seq > 0 {
                expandRow(candidate)
                continue
            }
            leaving = candidate
        }
        let lost = slot < 0 && leaving < 0
        // A batch takes a redundant equality out to put it back, mid-operation, where the rows
        // cannot be derived again: it fails as it found them, and the batch is undone.
        if lost && inBatch { throw SolverError.internalError("no row holds the marker of constraint \(t)") }
        if tagConstraints[Int(t)] != nil {
            releaseTag(t)
        } else if !keepingTag {
            releaseValueTag(t)
        }
        removeErrorEffects(tag)
        if slot >= 0 {
            makeParametric(marker)
            freeRow(slot)
        } else if leaving >= 0 {
            dropMarkerResidues(marker, leaving: leaving)
            pivot(marker, leaving)
            makeParametric(marker)
            freeRow(leaving)
        }
        // The other error symbol is bound by nothing now: drop its row, or its cells.
        if tag.other >= 0 { dropSymbol(tag.other) }
        dropSymbol(marker)
        if lost {
            try refactor()
        } else {
            try optimize()
        }
    }

    /// Takes a symbol that no constraint binds out of the tableau, and frees it for reuse.
    mutating func dropSymbol(_ s: Int32) {
        let slot = symbols[Int(s)].row
        if slot >= 0 {
            makeParametric(s)
            freeRow(slot)
        }
        collectColumn(s)
        for k in columnSlots.indices.reversed() { removeCell(columnSlots[k], at: columnCells[k]) }
        clearColumn(s)
        for l in levels.indices { objective[objectiveIndex(l, s)] = 0 }
        forgetBound(marker: s)
        scratch[Int(s)].errorPlace = -1
        freeSymbols.append(s)
    }

    /// Takes a constraint's error symbols out of the objective.
    private mutating func removeErrorEffects(_ tag: Tag) {
        guard let l = existingLevel(for: tag.priority) else { return }
        for k in 0..<2 {
            let s = k == 0 ? tag.marker : tag.other
            guard s >= 0 && symbols[Int(s)].kind == .error else { continue }
            let slot = symbols[Int(s)].row
            if slot >= 0 {
                let h = rows[Int(slot)]
                levels[l].value -= h.constant
                for i in Int(h.start)..<Int(h.start + h.count) { addObjective(l, cellSymbols[i], -cellCoefficients[i]) }
            } else {
                addObjective(l, s, -1)
            }
        }
    }
}
