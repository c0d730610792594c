// The dual simplex (after constants change), with the bound-flipping ratio test of production
// dual simplex codes (Koberstein, "The dual simplex method, techniques for a fast and stable
// implementation", 2005, section 3.1.2; HiGHS), written for a tableau whose bounds are rows.

struct DualOptimizeFailure: Error {}

extension Tableau {
    /// Restores feasibility after constants changed, keeping optimality.
    /// Throws `DualOptimizeFailure` when no symbol can repair a row: the required constraints
    /// cannot hold with the new constants; `SolverError.internalError` past `pivotLimit` repairs
    /// (rounding that makes the repairs undo one another, never an exact system). Either way the
    /// list of infeasible rows is emptied, so that the caller can move the constants back and
    /// repair again.
    mutating func dualOptimize() throws {
        try dualRepairs()
        try finishDualRepairs()
    }

    /// The repairs of `dualOptimize()`: every row of `infeasible` feasible, or a throw (as
    /// there), also once they made more than `pivotBudget` pivots (a dual add's limit, see
    /// Tableau+DualAdd.swift), with at most `flipBudget` bound flips (by default four per
    /// symbol, at least 64); `finishDualRepairs()` is the caller's to run after.
    mutating func dualRepairs(pivotBudget: Int = .max, flipBudget flips: Int? = nil) throws {
        let firstPivot = pivotCount
        // Every flip moves the row being repaired strictly towards feasibility, but with a
        // coefficient near epsilon the steps could be tiny: past this many flips in one call, the
        // repair goes on with plain pivots only, so that it always ends.
        var flipBudget = flips ?? max(64, 4 * symbols.count)
        var budget = pivotLimit
        while let b = infeasible.popLast() {
            if pivotCount - firstPivot > pivotBudget {
                infeasible.removeAll()
                throw DualOptimizeFailure()
            }
            let slot = symbols[Int(b)].row
            guard slot >= 0 else { continue }
            let h = rows[Int(slot)]
            if symbols[Int(b)].kind == .dummy {
                if abs(h.constant) > Tableau.epsilon {
                    infeasible.removeAll()
                    throw DualOptimizeFailure()
                }
                continue
            }
            guard h.constant < -Tableau.epsilon else { continue }
            budget -= 1
            guard budget > 0 else {
                infeasible.removeAll()
                throw SolverError.internalError("the dual simplex made \(pivotLimit) repairs without restoring feasibility")
            }
            do { try repair(slot, flipBudget: &flipBudget) } catch {
                infeasible.removeAll()
                throw error
            }
        }
    }

    /// What follows the repairs: the primal simplex removes any cost a flip left a symbol
    /// (`pendingCleanup`), and the candidate stacks and stale column lists are cleared.
    mutating func finishDualRepairs() throws {
        if pendingCleanup {
            pendingCleanup = false
            try optimize()
        }
        clearCandidates()
        if !staleColumns.isEmpty { pruneStaleColumns() }
    }

    /// One dual iteration on the infeasible row `r` at `slot` (constant `c < 0`):
    /// 1. Dual ratio test: the entering candidate `q` is the symbol of `r` with a positive
    ///    coefficient `a` and the lexicographically least ratio cost / `a` (ties to the lowest
    ///    symbol). Coefficients under `Tableau.pivotTolerance` are candidates only when the row
    ///    has no other (a residue of zero at a cost of zero has the least ratio of all), and
    ///    residues at `forcedPivotTolerance` (1e-7 of the row's largest) never: a row whose every
    ///    positive cell is rounding cannot be repaired, the constants are refused. A pivot on one
    ///    took FuzzSolver's seed 4054 (1.47e-8 beside 89.75) to values of 1e13, and left a
    ///    required inequality off by 1,184 once they came back.
    /// 2. Bound flip: if `q` can grow only by `t` before another restricted row `s` reaches zero
    ///    (its primal ratio test), and `c + a * t` is still negative, `q` cannot repair `r` on its
    ///    own. Pivot `q` into `s` instead: `q` stays at that bound, `s` leaves at zero, `r` gains
    ///    `a * t`, and the test goes on with the next candidate. `s` is typically a short row (a
    ///    view's floor, `w >= 10`), so a flip is cheap, where pivoting `q` into the long row `r`
    ///    and then repairing `s` would make every row `q` touches as long as `r`, once per view
    ///    that reaches its floor (row-flex: quadratic).
    /// 3. Otherwise pivot `q` into `r`: `r` is feasible.
    ///
    /// After the first flip the candidates wait in a heap keyed by their ratios, so that `k` flips
    /// over a row of `n` cells cost O((n + k) log n), not `k` scans of the row. A flip changes the
    /// ratios of the symbols of the flipped row only: they are pushed again under a new version,
    /// and entries of an older version are skipped when popped.
    ///
    /// A flip's leaving symbol has a negative cost until the final pivot into `r` prices it back
    /// (its ratio is at most the final entering one); `pendingCleanup` records that flips happened,
    /// and the primal simplex then removes any cost a symbol of a flipped row was left with, once
    /// every row is feasible.
    private mutating func repair(_ slot: Int32, flipBudget: inout Int) throws {
        // 1. The dual ratio test, by one scan of the row: the least ratio among the coefficients
        //    over the pivot tolerance, else among the smaller ones.
        var q: Int32 = -1, small: Int32 = -1
        var a = 0.0, smallA = 0.0
        let h = rows[Int(slot)]
        for i in Int(h.start)..<Int(h.start + h.count) {
            let c = cellCoefficients[i]
            let s = cellSymbols[i]
            guard c > Tableau.epsilon, symbols[Int(s)].kind != .dummy else { continue }
            repriceCandidate(s)
            if c < Tableau.pivotTolerance {
                if small < 0 || dualRatioLess(s, c, small, smallA) { (small, smallA) = (s, c) }
            } else if q < 0 || dualRatioLess(s, c, q, a) {
                (q, a) = (s, c)
            }
        }
        // The heap of the bound flips takes the small coefficients only when they are all there
        // is, and one of them only when it is no residue at the forced pivots' tolerance: a row
        // whose every positive cell is rounding cannot be repaired.
        dualFloor = q >= 0 ? Tableau.pivotTolerance : 0
        if q < 0, small >= 0, !isResidue(smallA, in: slot, tolerance: Tableau.forcedPivotTolerance) {
            (q, a) = (small, smallA)
        }
        guard q >= 0 else { throw DualOptimizeFailure() }
        var heapBuilt = false
        while true {
            // 2. The bound flip.
            if flipBudget > 0, let (bound, step) = leavingRow(for: q), step > Tableau.epsilon,
               rows[Int(slot)].constant + a * step < -Tableau.epsilon {
                pivot(q, bound)
                flipCount += 1
                flipBudget -= 1
                pendingCleanup = true
                if heapBuilt {
                    pushFlipped(bound, into: slot)
                } else {
                    buildDualHeap(slot)
                    heapBuilt = true
                }
                guard let next = popDualHeap() else { throw DualOptimizeFailure() }
                (q, a) = next
                continue
            }
            // 3. The pivot into the infeasible row.
            pivot(q, slot)
            return
        }
    }

    /// Lexicographic comparison of the dual ratios cost/coefficient, highest priority first.
    private mutating func dualRatioLess(_ s: Int32, _ cs: Double, _ t: Int32, _ ct: Double) -> Bool {
        for l in levels.indices {
            let a = objectiveCoefficient(l, s) / cs
            let b = objectiveCoefficient(l, t) / ct
            if a < b - Tableau.epsilon { return true }
            if a > b + Tableau.epsilon { return false }
        }
        return s < t
    }

    /// Reprices the candidate `s` (`reprice(_:at:)`) when one of its costs is a nonzero under
    /// `repriceGate`: the ratio test orders candidates level by level, and a residue of zero
    /// at a level above the deciding one ranks them by the residue. (A random system of 60-250
    /// variables ended 0.2% over its optimum at one level after 50 constant changes.) A cost the
    /// reprice finds negative is left to the primal simplex, once every row is feasible.
    @inline(__always) private mutating func repriceCandidate(_ s: Int32) {
        guard smallCostsSeen else { return }
        let base = Int(s) &<< levelShift
        for k in levels.indices {
            let c = objective[base &+ levels[k].place]
            if c != 0 && abs(c) < Tableau.repriceGate {
                if reprice(s, at: -1) { pendingCleanup = true }
                return
            }
        }
    }

    // MARK: - The candidate heap

    /// Puts every candidate of the row at `slot` in the heap.
    private mutating func buildDualHeap(_ slot: Int32) {
        dualHeap.removeAll()
        dualEntries.removeAll()
        dualKeys.removeAll()
        let h = rows[Int(slot)]
        for i in Int(h.start)..<Int(h.start + h.count) {
            addDualEntry(cellSymbols[i], cellCoefficients[i])
        }
        // Floyd's heap construction.
        var i = dualHeap.count / 2
        while i > 0 {
            i -= 1
            siftDown(i)
        }
    }

    /// Re-queues the symbols of a row just flipped (at `bound`) under a new version: their
    /// coefficients in the infeasible row and their costs changed.
    private mutating func pushFlipped(_ bound: Int32, into slot: Int32) {
        let h = rows[Int(bound)]
        for i in Int(h.start)..<Int(h.start + h.count) {
            let s = cellSymbols[i]
            scratch[Int(s)].dualVersion &+= 1
            let cell = find(slot, s)
            guard cell >= 0 else { continue }
            let n = dualHeap.count
            addDualEntry(s, cellCoefficients[cell])
            if dualHeap.count > n { siftUp(n) }
        }
    }

    /// Appends an entry for `s` (coefficient `c` in the infeasible row) if it is a candidate,
    /// without restoring the heap order.
    private mutating func addDualEntry(_ s: Int32, _ c: Double) {
        guard c > Tableau.epsilon, c >= dualFloor, symbols[Int(s)].kind != .dummy, symbols[Int(s)].row < 0 else { return }
        repriceCandidate(s)
        let e = Int32(dualEntries.count)
        dualEntries.append(DualEntry(symbol: s, version: scratch[Int(s)].dualVersion, coefficient: c))
        for l in levels.indices { dualKeys.append(objectiveCoefficient(l, s) / c) }
        dualHeap.append(e)
    }

    /// The least candidate still current: parametric, and not re-queued since it was pushed.
    private mutating func popDualHeap() -> (Int32, Double)? {
        while let top = dualHeap.first {
            let last = dualHeap.popLast()!
            if !dualHeap.isEmpty {
                dualHeap[0] = last
                siftDown(0)
            }
            let e = dualEntries[Int(top)]
            if symbols[Int(e.symbol)].row < 0 && scratch[Int(e.symbol)].dualVersion == e.version {
                return (e.symbol, e.coefficient)
            }
        }
        return nil
    }

    /// Heap order: the ratios lexicographically, highest priority first, then the symbol.
    private mutating func entryLess(_ x: Int32, _ y: Int32) -> Bool {
        let n = levels.count
        let kx = Int(x) * n, ky = Int(y) * n
        for l in 0..<n {
            let a = dualKeys[kx + l], b = dualKeys[ky + l]
            if a < b - Tableau.epsilon { return true }
            if a > b + Tableau.epsilon { return false }
        }
        return dualEntries[Int(x)].symbol < dualEntries[Int(y)].symbol
    }

    private mutating func siftUp(_ start: Int) {
        var i = start
        let x = dualHeap[i]
        while i > 0 {
            let p = (i - 1) / 2
            if !entryLess(x, dualHeap[p]) { break }
            dualHeap[i] = dualHeap[p]
            i = p
        }
        dualHeap[i] = x
    }

    private mutating func siftDown(_ start: Int) {
        var i = start
        let x = dualHeap[i]
        let n = dualHeap.count
        while true {
            var m = 2 * i + 1
            if m >= n { break }
            if m + 1 < n && entryLess(dualHeap[m + 1], dualHeap[m]) { m += 1 }
            if !entryLess(dualHeap[m], x) { break }
            dualHeap[i] = dualHeap[m]
            i = m
        }
        dualHeap[i] = x
    }
}
