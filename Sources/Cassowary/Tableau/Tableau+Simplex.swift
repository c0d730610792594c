// The simplex steps, named after the Cassowary paper and kiwi: substitute, pivot, optimize
// (primal, lexicographic over the priority levels), and the expansion of DAG rows into proper
// form. The dual simplex is in Tableau+DualSimplex.swift.

extension Tableau {
    /// Records a restricted row whose constant went negative (or a dummy row that is no longer 0).
    @inline(__always) mutating func noteFeasibility(_ slot: Int32) {
        let b = rows[Int(slot)].basic
        let kind = rowKinds[Int(slot)]
        // The common case first: a restricted row at or over zero.
        guard b >= 0, kind != .external, kind == .dummy || rows[Int(slot)].constant < 0 else { return }
        if isInfeasible(slot) {
            infeasible.append(b)
        } else if kind != .dummy {
            rows[Int(slot)].constant = 0
        }
    }

    /// Whether the restricted row at `slot` is negative past `epsilon`, or the dummy row there
    /// is not 0 to `epsilon`: the rule of `noteFeasibility` and of `holdsInfeasibleRow`.
    @inline(__always) func isInfeasible(_ slot: Int32) -> Bool {
        let c = rows[Int(slot)].constant
        return rowKinds[Int(slot)] == .dummy ? abs(c) > Tableau.epsilon : c < -Tableau.epsilon
    }

    /// Whether a row of `infeasible` is infeasible now: the list may also hold rows noted before
    /// and feasible again.
    func holdsInfeasibleRow() -> Bool {
        infeasible.contains { b in
            let slot = symbols[Int(b)].row
            return slot >= 0 && isInfeasible(slot)
        }
    }

    /// Replaces the basic symbol `s` of the row at `slot` by that row in every other row and in
    /// the objective.
    mutating func substitute(_ s: Int32, _ slot: Int32) {
        collectColumn(s)
        var k = 0
        while k < columnSlots.count {
            let t = columnSlots[k]
            let cell = columnCells[k]
            k += 1
            if t == slot { continue }
            let c = cellCoefficients[cell]
            removeCell(t, at: cell)
            addScaled(t, slot, c)
            rowChanged(t)
            noteFeasibility(t)
        }
        clearColumn(s)
        substituteIntoObjective(s, slot: slot)
    }

    /// Makes `entering` basic in the row at `slot`, whose basic symbol becomes parametric.
    mutating func pivot(_ entering: Int32, _ slot: Int32) {
        pivotCount += 1
        if rows[Int(slot)].seq > 0 { expandRow(slot) }
        let leaving = rows[Int(slot)].basic
        dualAdd.log?.append(PivotRecord(entering: entering, slot: slot, leaving: leaving))
        solveFor(slot, entering, replacing: leaving)
        makeParametric(leaving)
        // A bound's marker that leaves makes the bound active (Tableau+Bounds.swift).
        queueBound(marker: leaving)
        symbols[Int(entering)].row = slot
        rows[Int(slot)].basic = entering
        rowKinds[Int(slot)] = symbols[Int(entering)].kind
        rowChanged(slot)
        // A dense row is about to be copied into every row of the entering column.
        sortDenseRow(slot)
        substitute(entering, slot)
    }

    // MARK: - Optimize

    /// Primal simplex on the objective levels, highest priority first. A symbol may enter at a
    /// level only if it has a zero coefficient at every higher level, so that no lower priority
    /// ever buys its improvement with a higher one.
    ///
    /// Each level is a sum of error symbols, all >= 0, so it is bounded below: a symbol that
    /// could grow without limit would have to leave every error unchanged or growing, and its
    /// true cost is >= 0. A negative cost with no row to limit it is therefore rounding, in the
    /// objective or in the rows, where kiwi reports an unbounded objective
    /// (`residueLeavingRow(for:level:bland:)`).
    /// - Throws: `SolverError.internalError` past `pivotLimit` pivots: a numerical dead end
    ///   (rounding that makes Bland's rule cycle), never an exact system.
    mutating func optimize() throws {
        var degenerate = 0
        var l = 0
        var budget = pivotLimit
        while l < levels.count {
            // Bland's rule guards against cycling; degenerate pivots are common in layouts (every
            // view of a chain may take one), so it starts only after as many as there are symbols.
            let bland = degenerate > max(256, symbols.count)
            guard let q = enteringSymbol(level: l, bland: bland) else {
                l += 1
                continue
            }
            guard let (slot, ratio) = leavingRow(for: q, bland: bland) ?? residueLeavingRow(for: q, level: l, bland: bland) else {
                continue
            }
            budget -= 1
            guard budget > 0 else { throw SolverError.internalError("the simplex made \(pivotLimit) pivots without reaching the optimum") }
            degenerate = ratio < Tableau.epsilon ? degenerate + 1 : 0
            dropPassedResidues(step: ratio, into: slot)
            pivot(q, slot)
        }
        clearCandidates()
        stalledSymbols.removeAll()
        pendingCleanup = false
    }

    /// The most pivots one run of the primal simplex makes: far more than any system needs (a
    /// layout's add takes a few, a 10,000-view squeeze a few thousand), so that rounding which
    /// defeats Bland's rule ends in an error rather than a hang.
    var pivotLimit: Int { 1000 + 50 * symbols.count }

    /// How many of the newest candidates partial pricing compares (`popCheapestCandidate`).
    static let pricingWindow = 32

    /// Empties the candidate stacks once the objective is optimal: nothing in them can enter, and
    /// every later change that makes a symbol enterable pushes it again. Without this, stacks grow
    /// with every constant change a template cell makes.
    mutating func clearCandidates() {
        for l in levels.indices { levels[l].candidates.removeAll() }
    }

    private mutating func enteringSymbol(level l: Int, bland: Bool) -> Int32? {
        if bland {
            levels[l].candidates.removeAll()
            for s in 0..<Int32(symbols.count) where mayEnter(s, level: l) && !stalledSymbols.contains(s) {
                return s
            }
            return nil
        }
        while let s = popCheapestCandidate(level: l) {
            if mayEnter(s, level: l) { return s }
        }
        return nil
    }

    /// Partial pricing (Dantzig's rule over the newest candidates): of the last
    /// `pricingWindow` candidates of level `l`, the one of the most negative cost, taken out of
    /// the stack (its last entry moves into its place). The stack holds every symbol whose cost
    /// turned negative, in the order it did; its top alone (kiwi's rule, in effect) made a
    /// random system of 250-500 variables take 1,700 pivots for one add, each over rows of
    /// hundreds of cells. The window keeps the choice O(1) per pivot where a layout's stack
    /// holds thousands.
    private mutating func popCheapestCandidate(level l: Int) -> Int32? {
        let count = levels[l].candidates.count
        guard count > 0 else { return nil }
        var best = count - 1
        var cheapest = objectiveCoefficient(l, levels[l].candidates[best])
        var i = best - 1
        while i >= max(0, count - (kiwiPivotRules ? 1 : Tableau.pricingWindow)) {
            let c = objectiveCoefficient(l, levels[l].candidates[i])
            if c < cheapest {
                cheapest = c
                best = i
            }
            i -= 1
        }
        let s = levels[l].candidates[best]
        let last = levels[l].candidates.popLast()!
        if best < count - 1 { levels[l].candidates[best] = last }
        return s
    }

    /// Whether `s` enters at level `l` (`canEnter`), after repricing it (`reprice(_:)`) when a
    /// coefficient that decides it is under `repriceGate`: its cost at `l`, or one above that
    /// blocks it. Both can be rounding, a phantom cost or a residue of zero.
    private mutating func mayEnter(_ s: Int32, level l: Int) -> Bool {
        let c = objectiveCoefficient(l, s)
        guard c < -Tableau.optimalityTolerance, symbols[Int(s)].row < 0,
              symbols[Int(s)].kind != .dummy else { return false }
        var suspect = c > -Tableau.repriceGate
        for h in 0..<l {
            let b = objectiveCoefficient(h, s)
            if b == 0 { continue }
            if abs(b) >= Tableau.repriceGate { return false }
            suspect = true
        }
        guard suspect else { return true }
        reprice(s, at: l)
        return canEnter(s, level: l)
    }

    @inline(__always) private func canEnter(_ s: Int32, level l: Int) -> Bool {
        guard objectiveCoefficient(l, s) < -Tableau.optimalityTolerance, symbols[Int(s)].row < 0,
              symbols[Int(s)].kind != .dummy else { return false }
        for h in 0..<l where objectiveCoefficient(h, s) != 0 { return false }
        return true
    }

    /// Drives the artificial objective (a copy of the row being added) to its minimum. The
    /// objective is the artificial symbol's value, >= 0, so a negative cost that no row limits
    /// is rounding, and is set to zero: this objective lives for one add only. (`optimize()`
    /// keeps such a cost instead, since its levels last: see `residueLeavingRow`.)
    ///
    /// A cost enters only when it is no residue (`isResidue`) of the objective's row: the
    /// artificial symbol's own row holds the same coefficients, and the ratio test passes over
    /// a residue there, so a residue cost would enter with nothing but far rows to limit it.
    /// In the stress probe's seed 3034 (117 adds of 1e3 and 1e-3 coefficients) costs of 3e-7
    /// beside a largest of 487 entered at steps of 1e11-1e12: the artificial row dropped its
    /// cell as a passed residue, the objective kept it, and the objective read -82,735 while
    /// the row read 5,386, so a feasible constraint was refused.
    mutating func optimizeArtificial() throws {
        var budget = pivotLimit
        while true {
            let h = rows[Int(artificialSlot)]
            var largest = 0.0
            for i in Int(h.start)..<Int(h.start + h.count) { largest = max(largest, abs(cellCoefficients[i])) }
            let gate = -Tableau.residueFloor(largest: largest)
            var q = Int32.max, cell = -1
            for i in Int(h.start)..<Int(h.start + h.count) {
                let s = cellSymbols[i]
                if cellCoefficients[i] < gate, symbols[Int(s)].kind != .dummy, symbols[Int(s)].row < 0, s < q {
                    q = s
                    cell = i
                }
            }
            if q == Int32.max { return }
            guard let (slot, ratio) = leavingRow(for: q, bland: true) else {
                removeCell(artificialSlot, at: cell)
                continue
            }
            budget -= 1
            guard budget > 0 else { throw SolverError.internalError("the simplex made \(pivotLimit) pivots without reaching the optimum") }
            dropPassedResidues(step: ratio, into: slot)
            pivot(q, slot)
        }
    }

    // MARK: - Expansion of DAG rows

    mutating func beginAccumulator(constant: Double) {
        for s in touched { scratch[Int(s)].accumulated = 0 }
        touched.removeAll()
        accumulatorStamp = nextStamp()
        accumulatorConstant = constant
        accumulatorMagnitude = abs(constant)
    }

    /// Adds `term` to the accumulator's constant, and its magnitude to `accumulatorMagnitude`.
    @inline(__always) mutating func accumulateConstant(_ term: Double) {
        accumulatorConstant += term
        accumulatorMagnitude += abs(term)
    }

    /// The largest cell of the accumulated row, in magnitude (0 for an empty row): what its
    /// scale (`Tableau.rowScale(largest:)`) and its residue floor are taken from.
    func accumulatorLargest() -> Double {
        var largest = 0.0
        for s in touched { largest = max(largest, abs(scratch[Int(s)].accumulated)) }
        return largest
    }

    /// Divides the accumulated row, its constant and its magnitude by a row's `scale` (see
    /// `Tableau.rowScale(largest:)`).
    mutating func divideAccumulator(by scale: Double) {
        guard scale != 1 else { return }
        for s in touched { scratch[Int(s)].accumulated /= scale }
        accumulatorConstant /= scale
        accumulatorMagnitude /= scale
    }

    @inline(__always) mutating func accumulate(_ s: Int32, _ v: Double) {
        if scratch[Int(s)].stamp != accumulatorStamp {
            scratch[Int(s)].stamp = accumulatorStamp
            touched.append(s)
            scratch[Int(s)].accumulated = v
        } else {
            scratch[Int(s)].accumulated += v
        }
    }

    /// Rewrites the accumulator in proper form: every basic symbol is replaced by its row. DAG rows
    /// are expanded newest first, so each is expanded once however many paths lead to it; rows in
    /// proper form go last, as they add parametric symbols only.
    ///
    /// Returns false once the accumulator holds more than `limit` symbols, with the expansion
    /// left half done (the next `beginAccumulator` clears it): the caller then keeps its row as
    /// it is.
    @discardableResult
    mutating func expandAccumulator(limit: Int = .max) -> Bool {
        let stamp = nextStamp()
        expansionHeap.removeAll()
        expansionProper.removeAll()
        var i = 0
        while i < touched.count {
            let s = touched[i]
            if scratch[Int(s)].accumulated != 0 { queueForExpansion(s, stamp) }
            i += 1
        }
        if expansionHeap.isEmpty && expansionProper.isEmpty { return true }
        while let top = popExpansionHeap() {
            let b = Int32(truncatingIfNeeded: top & 0xFFFF_FFFF)
            let c = scratch[Int(b)].accumulated
            guard c != 0 else { continue }
            scratch[Int(b)].accumulated = 0
            let h = rows[Int(symbols[Int(b)].row)]
            accumulateConstant(c * h.constant)
            for j in Int(h.start)..<Int(h.start + h.count) {
                let s = cellSymbols[j]
                accumulate(s, c * cellCoefficients[j])
                queueForExpansion(s, stamp)
            }
            if touched.count > limit { return false }
        }
        for k in expansionProper.indices {
            let b = expansionProper[k]
            let c = scratch[Int(b)].accumulated
            guard c != 0 else { continue }
            scratch[Int(b)].accumulated = 0
            let h = rows[Int(symbols[Int(b)].row)]
            accumulateConstant(c * h.constant)
            for j in Int(h.start)..<Int(h.start + h.count) { accumulate(cellSymbols[j], c * cellCoefficients[j]) }
            if touched.count > limit { return false }
        }
        return true
    }

    @inline(__always)
    private mutating func queueForExpansion(_ s: Int32, _ stamp: UInt32) {
        let slot = symbols[Int(s)].row
        guard slot >= 0, scratch[Int(s)].queued != stamp else { return }
        scratch[Int(s)].queued = stamp
        let seq = rows[Int(slot)].seq
        if seq > 0 { pushExpansionHeap(Int64(seq) << 32 | Int64(s)) } else { expansionProper.append(s) }
    }

    /// `expansionHeap` is a binary max-heap of 64-bit keys (creation order, then symbol).
    mutating func pushExpansionHeap(_ x: Int64) {
        expansionHeap.append(x)
        var i = expansionHeap.count - 1
        while i > 0 {
            let p = (i - 1) / 2
            if expansionHeap[p] >= x { break }
            expansionHeap[i] = expansionHeap[p]
            i = p
        }
        expansionHeap[i] = x
    }

    mutating func popExpansionHeap() -> Int64? {
        guard let last = expansionHeap.popLast() else { return nil }
        let n = expansionHeap.count
        if n == 0 { return last }
        let top = expansionHeap[0]
        var i = 0
        while true {
            let l = 2 * i + 1, r = l + 1
            var m = l
            if l >= n { break }
            if r < n && expansionHeap[r] > expansionHeap[l] { m = r }
            if expansionHeap[m] <= last { break }
            expansionHeap[i] = expansionHeap[m]
            i = m
        }
        expansionHeap[i] = last
        return top
    }

    /// Rewrites a DAG row in proper form. Returns false, with the row unchanged, when the
    /// expansion would touch more than `limit` symbols.
    @discardableResult
    mutating func expandRow(_ slot: Int32, limit: Int = .max) -> Bool {
        let h = rows[Int(slot)]
        beginAccumulator(constant: h.constant)
        for i in Int(h.start)..<Int(h.start + h.count) { accumulate(cellSymbols[i], cellCoefficients[i]) }
        guard expandAccumulator(limit: limit) else { return false }
        // Emptied, a long row's index with it, and filled again from the accumulator.
        emptyRow(slot, constant: accumulatorConstant)
        for s in touched where abs(scratch[Int(s)].accumulated) >= Tableau.dropTolerance {
            appendCell(slot, s, scratch[Int(s)].accumulated)
        }
        return true
    }
}
