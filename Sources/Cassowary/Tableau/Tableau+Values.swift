// The solution's values, kept up to date incrementally. After a change of constants (an edit
// variable's suggested value, `setConstant`) only the rows it touched are recomputed, with the DAG
// rows that read their values, and only the variables whose values changed are written: a resize
// of a 10,000-view chain touches what moved, not the whole tableau. Adding and removing
// constraints still recompute everything once.
//
// Contracts:
// - a parametric symbol's stored value is 0 (`makeParametric` keeps this), so a row whose basic
//   symbol is recomputed and found unchanged needs nothing further;
// - only external symbols' values are stored: a restricted symbol's (slack, error, dummy) is
//   read by no row while basic and shown in no variable, and stays 0, so that a resize that
//   shifts 10,000 restricted rows does not write 10,000 scattered values (a cache miss each);
// - every change of a row's constant, cells or basic symbol outside `add` and `remove` goes
//   through `rowChanged` (`rowConstantChanged` when only the constant moved), after the row's
//   kind (`rowKinds`) is its new basic symbol's; those two call `invalidateAllValues`;
// - a value written to a variable is the one stored for its symbol, so `changedExternals` (symbols
//   whose stored value moved since the last `updateVariables`) is exactly what must be written,
//   unless another solver may have written the same variables since (`sharesVariables`);
// - a variable this tableau alone holds is published (`Variable.isPublished`): writing it is
//   writing `published` at its symbol, a dense array, not the object. A 10,000-view resize that
//   moves every view's width then writes 80 KB in order instead of 10,000 scattered objects
//   (chain-plain: 211 -> 132 us). Without `sharesVariables` every variable with an object is
//   published.

extension Tableau {
    /// Systems with fewer rows recompute every value after any change (the default of
    /// `incrementalRows`).
    static let defaultIncrementalRows = 128

    /// Notes that the row at `slot` changed: its cells or its basic symbol, and perhaps its
    /// constant.
    @inline(__always) mutating func rowChanged(_ slot: Int32) {
        // A restricted row's value is not stored and no row reads it: nothing to recompute.
        guard rowKinds[Int(slot)] == .external else { return }
        if rows[Int(slot)].seq > 0 { noteDagRowsChanged() }
        noteDirty(slot)
    }

    /// Notes that only the constant of the row at `slot` changed.
    @inline(__always) mutating func rowConstantChanged(_ slot: Int32) {
        guard rowKinds[Int(slot)] == .external else { return }
        let h = rows[Int(slot)]
        if h.seq > 0 { noteDagConstant(slot, h) }
        noteDirty(slot)
    }

    /// Queues the row at `slot` for the values pass.
    @inline(__always) private mutating func noteDirty(_ slot: Int32) {
        valuesAreCurrent = false
        if valuesAllStale { return }
        // Past this many, one pass over every row is cheaper than the queue; a table cell's
        // system (a few dozen rows) is always cheaper to recompute whole.
        if dirtyRows.count > rows.count / 2 || rows.count < incrementalRows {
            invalidateAllValues()
            return
        }
        if dirtyStamp.count < rows.count { dirtyStamp.append(repeating: 0, count: rows.count - dirtyStamp.count) }
        if dirtyStamp[Int(slot)] != dirtyGeneration {
            dirtyStamp[Int(slot)] = dirtyGeneration
            dirtyRows.append(slot)
        }
    }

    /// Asks for every value to be recomputed (after adding or removing a constraint).
    mutating func invalidateAllValues() {
        noteDagRowsChanged()
        valuesAreCurrent = false
        valuesAllStale = true
        clearDirtyRows()
    }

    /// Empties `dirtyRows`; a new generation unmarks its slots.
    private mutating func clearDirtyRows() {
        dirtyRows.removeAll()
        dirtyGeneration &+= 1
        if dirtyGeneration == 0 {
            for i in dirtyStamp.indices { dirtyStamp[i] = 0 }
            dirtyGeneration = 1
        }
    }

    /// Makes a basic symbol parametric: no row, value 0. The simplex only ever makes restricted
    /// symbols leave the basis (slack, error, dummy), whose values are not stored; an external
    /// one (removing a constraint does that) recomputes every value.
    mutating func makeParametric(_ s: Int32) {
        symbols[Int(s)].row = -1
        if symbols[Int(s)].kind == .external && values[Int(s)] != 0 {
            values[Int(s)] = 0
            invalidateAllValues()
        }
    }

    /// Brings the stored value of every basic symbol up to date.
    mutating func computeValues() {
        if valuesAreCurrent { return }
        if !boundsToHold.isEmpty { holdBounds() }
        if valuesAllStale { computeAllValues() } else { computeChangedValues() }
        valuesAllStale = false
        clearDirtyRows()
        valuesAreCurrent = true
    }

    /// Every value: proper rows of external symbols are their constants, DAG rows are evaluated
    /// in creation order (each refers to older rows only). Every variable is written next time.
    private mutating func computeAllValues() {
        for slot in rows.indices where rowKinds[slot] == .external {
            let h = rows[slot]
            if h.basic >= 0 && h.seq == 0 { values[Int(h.basic)] = h.constant }
        }
        forEachLiveDagRow { t, _, h in t.values[Int(h.basic)] = t.evaluate(h) }
        writesAllVariables = true
        changedExternals.removeAll()
    }

    /// The values that the changes since the last computation can reach:
    /// 1. rows in proper form that changed are their constants (external symbols' only);
    /// 2. a symbol whose value moved (such a row's basic symbol) marks the DAG rows that mention
    ///    it, as do DAG rows that changed themselves;
    /// 3. marked DAG rows are evaluated oldest first (their inputs are older rows, so final by
    ///    then), and a moved value marks the rows that read it in turn. A few marked rows go
    ///    through a heap; many (a resize moves every view) through one pass over `dagOrder`,
    ///    which is already in creation order;
    /// 4. a moved symbol that a quarter of the DAG rows read (a container's width, which every
    ///    view's trailing edge reads) marks nothing: the pass evaluates every DAG row from there
    ///    on. Walking its column would be one dependent load per reader, each a cache miss in a
    ///    10,000-view tableau (a third of such a resize), where the pass reads rows in the order
    ///    they lie in memory. That pass reads the DAG program (Tableau+DagProgram.swift) when there
    ///    is one or it is worth building.
    private mutating func computeChangedValues() {
        let stamp = nextStamp()
        valueQueue = .collecting
        expansionProper.removeAll()
        for slot in dirtyRows where rowKinds[Int(slot)] == .external {
            let h = rows[Int(slot)]
            guard h.basic >= 0 else { continue }
            if h.seq > 0 {
                markRow(slot, stamp)
            } else {
                store(h.constant, for: h.basic, stamp)
            }
        }
        if valueQueue == .collecting {
            if expansionProper.isEmpty { return }
            valueQueue = expansionProper.count * 8 < dagOrder.count ? .heap : .sweep
        }
        if valueQueue == .heap {
            expansionHeap.removeAll()
            for slot in expansionProper { pushIfLiveDagRow(slot) }
            while let top = popExpansionHeap() {
                let slot = Int32(truncatingIfNeeded: (-top) & 0xFFFF_FFFF)
                let h = rows[Int(slot)]
                store(evaluate(h), for: h.basic, stamp)
            }
            return
        }
        if valueQueue == .everything && evaluateDagProgram(stamp) { return }
        for entry in dagOrder where valueQueue == .everything || slotStamp[Int(entry.slot)] == stamp {
            let h = rows[Int(entry.slot)]
            guard h.basic >= 0, h.seq == entry.seq else { continue }
            store(evaluate(h), for: h.basic, stamp)
        }
    }

    /// Queues a marked row in the heap if it is a live DAG row (marks do not read the row).
    @inline(__always) private mutating func pushIfLiveDagRow(_ slot: Int32) {
        let h = rows[Int(slot)]
        if h.basic >= 0 && h.seq > 0 { pushExpansionHeap(heapKey(slot, h.seq)) }
    }

    /// Keys of the heap, a max-heap: negated (seq, slot) pairs, so that the oldest row comes first.
    @inline(__always) private func heapKey(_ slot: Int32, _ seq: Int32) -> Int64 { -(Int64(seq) << 32 | Int64(slot)) }

    /// Stores an external basic symbol's new value; if it moved, marks the rows that read it.
    @inline(__always) mutating func store(_ v: Double, for b: Int32, _ stamp: UInt32) {
        guard values[Int(b)] != v else { return }
        values[Int(b)] = v
        noteMoved(b)
        if valueQueue != .everything { markReaders(of: b, stamp) }
    }

    /// Calls `body` with each live DAG row (its slot and header) in creation order, and drops
    /// the entries of `dagOrder` whose rows are no longer DAG rows on the way.
    @inline(__always) mutating func forEachLiveDagRow(_ body: (inout Tableau, Int32, RowHeader) -> Void) {
        var live = 0
        for entry in dagOrder {
            let h = rows[Int(entry.slot)]
            guard h.basic >= 0, h.seq == entry.seq else { continue }
            dagOrder[live] = entry
            live += 1
            body(&self, entry.slot, h)
        }
        dagOrder.truncate(to: live)
    }

    /// A row's value from the stored values of the symbols it mentions (0 for parametric ones).
    @inline(__always) private mutating func evaluate(_ h: RowHeader) -> Double {
        var v = h.constant
        for i in Int(h.start)..<Int(h.start + h.count) { v += cellCoefficients[i] * values[Int(cellSymbols[i])] }
        return v
    }

    @inline(__always) private mutating func noteMoved(_ s: Int32) {
        guard !writesAllVariables else { return }
        if changedExternals.count >= externalSymbols.count {
            writesAllVariables = true
            changedExternals.removeAll()
        } else {
            changedExternals.append(s)
        }
    }

    /// Marks the rows in the column of `s` (an external symbol), without reading them: the
    /// passes skip rows that are not live DAG rows, and stale column entries mark a row whose
    /// value then comes out unchanged. A long column turns the pass into one over every DAG row
    /// (step 4 of `computeChangedValues`), after which `store` calls this no more; the heap,
    /// chosen for a few rows, keeps walking.
    private mutating func markReaders(of s: Int32, _ stamp: UInt32) {
        if valueQueue != .heap && Int(symbols[Int(s)].refs) * 4 > dagOrder.count {
            valueQueue = .everything
            return
        }
        if symbols[Int(s)].linked == Tableau.unlisted { relist(s) }
        var n = symbols[Int(s)].column
        while n >= 0 {
            markRow(nodes[Int(n)].slot, stamp)
            n = nodes[Int(n)].next
        }
        // The dense rows, which have no node in the list; only a DAG row is worth marking.
        var k = symbols[Int(s)].denseRows > 0 ? 0 : denseRows.count
        while k < denseRows.count {
            let h = rows[Int(denseRows[k])]
            if h.seq > 0 && rowIndexes[Int(h.index)][s] != nil { markRow(denseRows[k], stamp) }
            k += 1
        }
    }

    @inline(__always) private mutating func markRow(_ slot: Int32, _ stamp: UInt32) {
        guard slotStamp[Int(slot)] != stamp else { return }
        slotStamp[Int(slot)] = stamp
        switch valueQueue {
        case .collecting: expansionProper.append(slot)
        case .heap: pushIfLiveDagRow(slot)
        case .sweep, .everything: break
        }
    }

    mutating func value(of s: Int32) -> Double {
        if !valuesAreCurrent { valuesForRead() }
        return values[Int(s)]
    }

    /// Writes the variables whose values moved since the last call, or every variable after a
    /// full recomputation or when another solver holds some of them: into `published` for the
    /// variables this tableau publishes, into the objects for the others.
    mutating func updateVariables() {
        if !valuesAreCurrent { valuesForRead() }
        if sharesVariables {
            // Some variables live in their objects now, perhaps written by another solver since.
            let identity = identity
            for k in externalSymbols.indices {
                let s = Int(externalSymbols[k])
                let v = values[s]
                published[s] = v
                externalReferences[k]._withUnsafeGuaranteedRef { variable in
                    if !(variable.isPublished && variable.cachedOwner == identity) { variable.storedValue = v }
                }
            }
        } else if writesAllVariables {
            // Every variable of this tableau is published by it (it shares none).
            for s in externalSymbols { published[Int(s)] = values[Int(s)] }
        } else {
            // A handle's symbol (``VariableHandle``) has no object; its slot is written all the
            // same, unread.
            for s in changedExternals { published[Int(s)] = values[Int(s)] }
        }
        writesAllVariables = false
        changedExternals.removeAll()
    }
}
