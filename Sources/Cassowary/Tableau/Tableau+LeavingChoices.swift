// The two rules that choose a row to pivot in, shared by `Tableau` and `SmallTableau` so that a
// small system and its promotion pivot alike: the primal ratio test's (`LeavingChoice`) and the
// choice of the row a removed constraint's marker leaves through (`MarkerLeavingChoice`). Then
// the general tableau's use of the second, and what it does to the rows passed over; and its
// primal ratio test (`leavingRow`), with the residues it passes over.

extension Tableau {
    /// The ratio test's choice among the restricted rows that limit how far a symbol can grow,
    /// in two passes over them, as Harris's ratio test makes its choice (Harris, "Pivot
    /// selection methods of the Devex LP code", 1973; Koberstein 2005, section 3.2.2):
    /// 1. `bound(ratio:coefficient:)` each row: the least ratio, and the largest step that takes
    ///    no row more than `epsilon` under zero (its ratio plus epsilon over its coefficient).
    /// 2. `consider(_:basic:kind:ratio:)` each row again: the rows within `epsilon` of the least
    ///    ratio, and within that step, tie; of those, the lowest basic symbol wins (Bland's rule).
    /// Ties go to an error symbol before a slack: an error that leaves the basis at zero is a
    /// constraint satisfied exactly, with its cost in the objective, while a slack left basic keeps
    /// the room the constraint allows. The other order leaves degenerate rows (an error basic at
    /// zero) that a later dual simplex must walk through view by view. Then the lowest symbol, or
    /// the lowest symbol only under Bland's rule. Both tableaux choose through this one rule, so
    /// that a small system and its promotion pivot alike.
    ///
    /// Why the step of pass 1: a tie within `epsilon` of ratio alone let a row whose ratio was
    /// short of the chosen one's by up to epsilon end at minus that times its coefficient, past
    /// `epsilon` once the coefficient is over 1, where nothing repairs it. The hostile
    /// `tiny-subject` program left a required slack at -4.8e-6 that way (a tie of 1e-10 of a
    /// ratio near 44,610). The tie set shrinks only for such coefficients; exact ties, a
    /// layout's, choose as before.
    ///
    /// The callers leave out the rows whose coefficient is a rounding residue of zero (see
    /// `Tableau.pivotTolerance`): pivoting on one divides its row by it.
    struct LeavingChoice {
        /// The chosen row (a slot or a line), or -1.
        private(set) var best = -1
        /// The least ratio (pass 1).
        private(set) var ratio = Double.infinity
        /// The largest step that leaves every row at or over -epsilon (pass 1).
        private var step = Double.infinity
        private var key = Int64.max
        let bland: Bool

        init(bland: Bool) { self.bland = bland }

        /// Pass 1: weighs a row that limits the growth at `r`, its coefficient `c` (negative).
        @inline(__always) mutating func bound(ratio r: Double, coefficient c: Double) {
            ratio = min(ratio, r)
            step = min(step, r - Tableau.epsilon / c)
        }

        /// Pass 2: weighs a restricted row whose basic symbol `b` (of `kind`) limits the growth at
        /// `r`, once every row went through pass 1.
        @inline(__always) mutating func consider(_ row: Int, basic b: Int32, kind: Kind, ratio r: Double) {
            guard r <= ratio + Tableau.epsilon, r <= step else { return }
            let k = bland || kind == .error ? Int64(b) : Int64(b) + (Int64(1) << 40)
            if k < key {
                best = row
                key = k
            }
        }

        var result: (Int, Double)? { best < 0 ? nil : (best, ratio) }
    }

    /// kiwi's getMarkerLeavingRow: the row to pivot a parametric marker into before its row is
    /// dropped, chosen to keep the tableau feasible, with one rule before kiwi's:
    /// 1. A dummy row (a redundant required equality: its dummy basic equals other dummies, at
    ///    zero) that holds the marker, the one with the largest coefficient. Its constant is zero,
    ///    so the pivot moves no other constant, and it substitutes dummies only. Another row at
    ///    the same zero ratio (an error row, say) would leave the dummy row holding that row's
    ///    symbols: a required equality that the simplex then lets drift, since it treats a basic
    ///    dummy as a row of no bound.
    /// 2. A restricted row where the marker has a negative coefficient, least ratio first.
    /// 3. A restricted row where it has a positive coefficient, least ratio first.
    /// 4. An external row.
    /// 5. Only when no row holds more than a rounding residue of the marker (a cell under
    ///    `forcedPivotTolerance` times the column's largest, or times 1 when that is smaller;
    ///    or under `forcedPivotTolerance` times its own row's largest), the row with the
    ///    largest.
    ///
    /// Residues never count before that: the marker's column carries them (cells of 1e-12, from
    /// rows added into rows; the rounding a cell collects comes from multiples of the column's
    /// other cells), and as a restricted row's negative coefficient one has the least ratio
    /// only when no real one is there, but a pivot on it divides its row by 1e-12. kiwi has no
    /// such guard; a random system of 30 variables, re-added in another order after `reset()`,
    /// had a removal pivot on -1.6e-12 and move its constraints by up to 1.4 times their size.
    /// The column's largest alone does not tell a residue when the rows are long: a row's
    /// residue is rounding of its own size. Solver program 333,126 removed a required equality
    /// whose dummy had 0.99999999984 in an external row and residues of 2.2e-13 times their
    /// rows' largest in 22 others, up to 1.56e-7 in an error row whose largest is 695,077 (a
    /// ratio of 2.9e15): over the column's floor, that row was chosen before the external one,
    /// the pivot divided it by 1.56e-7, and three required constraints ended off by up to
    /// 22,741. So a cell under `forcedPivotTolerance` of its row's largest is a residue too.
    struct MarkerLeavingChoice {
        private var dummy = -1, first = -1, second = -1, third = -1, fallback = -1
        private var largest = 0.0, r1 = Double.infinity, r2 = Double.infinity, largestResidue = 0.0
        /// Under this a cell is a residue.
        private let residueFloor: Double

        /// A choice over a column whose largest cell (in magnitude) is `columnLargest`.
        init(columnLargest: Double) {
            residueFloor = Self.residueFloor(columnLargest: columnLargest)
        }

        /// Under this, a cell of a marker's column whose largest is `columnLargest` is a residue:
        /// `forcedPivotTolerance` of that largest, or of 1 when it is smaller, as the other
        /// residue floors (`Tableau.residueFloor(largest:tolerance:)`). Relative to a column
        /// whose only real cell was 0.25, a residue of -4.04e-8 passed for a cell, in a
        /// restricted row of constant 8.8e6: the marker pivoted there at a ratio of 2.2e14, and
        /// the rows holding residues of it moved by that much times theirs (random program
        /// seed 185,778; `FuzzedObjectProgramTests`).
        static func residueFloor(columnLargest: Double) -> Double {
            Tableau.forcedPivotTolerance * Swift.max(1, columnLargest)
        }

        /// Weighs a row (of basic `kind`, constant `constant`, largest cell in magnitude
        /// `rowLargest()`, asked only of a cell that is not a residue of the column and is under
        /// `residueGate`) in which the marker has coefficient `c`.
        @inline(__always) mutating func consider(_ row: Int, kind: Kind, coefficient c: Double, constant: Double,
                                                 rowLargest: () -> Double) {
            if abs(c) < residueFloor
                || abs(c) < Tableau.residueGate
                && abs(c) < Tableau.residueFloor(largest: rowLargest(), tolerance: Tableau.forcedPivotTolerance) {
                if abs(c) > largestResidue { largestResidue = abs(c); fallback = row }
                return
            }
            switch kind {
            case .dummy:
                if abs(c) > largest { largest = abs(c); dummy = row }
            case .external:
                third = row
            default:
                if c < 0 {
                    let r = -constant / c
                    if r < r1 { r1 = r; first = row }
                } else {
                    let r = constant / c
                    if r < r2 { r2 = r; second = row }
                }
            }
        }

        var result: Int? {
            if dummy >= 0 { return dummy }
            if first >= 0 { return first }
            if second >= 0 { return second }
            if third >= 0 { return third }
            return fallback >= 0 ? fallback : nil
        }
    }
}

extension Tableau {
    /// Before a marker pivots into the row at `leaving`: takes the marker's residue cells (under
    /// `forcedPivotTolerance` of its column's largest, as `MarkerLeavingChoice` judges them)
    /// out of the rows the pivot would spoil, as the rounding residues of zero they stand for:
    /// - Dummy rows, when `leaving` is not a dummy's. A dummy row (a redundant required
    ///   equality) is a combination of dummies; the pivot would substitute the leaving row into
    ///   it at the residue's size and put slack and error symbols in it. In the stress probe's
    ///   seed 3022 (a random system of 81 variables, coefficients 0.25-6) a marker's cell of
    ///   -1.6e-12 beside a column whose largest is 6 did, on removing that marker's constraint.
    /// - Restricted rows the pivot would take infeasible, as `dropPassedResidues` has it in the
    ///   primal simplex: the marker takes the value `-constant / coefficient` of the leaving
    ///   row, -1e10 in a hostile program, and two required rows holding it at 1e-12 went to
    ///   -0.01, which nothing repaired (FuzzSolver's corpus, `failed-restore-4`).
    mutating func dropMarkerResidues(_ marker: Int32, leaving: Int32) {
        let floor = MarkerLeavingChoice.residueFloor(columnLargest: collectMarkerColumn(marker))
        let intoDummies = rowKinds[Int(leaving)] != .dummy
        var step = 0.0
        for k in columnSlots.indices where columnSlots[k] == leaving {
            step = -rows[Int(leaving)].constant / cellCoefficients[columnCells[k]]
        }
        for k in columnSlots.indices {
            let t = columnSlots[k]
            let c = cellCoefficients[columnCells[k]]
            guard t != leaving, rows[Int(t)].basic >= 0, abs(c) < floor else { continue }
            let kind = rowKinds[Int(t)]
            let spoils = kind == .dummy ? intoDummies : kind != .external && rows[Int(t)].constant + c * step < -Tableau.epsilon
            guard spoils else { continue }
            removeCell(t, at: columnCells[k])
            rowChanged(t)
        }
    }

    /// The row to pivot a parametric marker into before its row is dropped (see
    /// `MarkerLeavingChoice`).
    mutating func markerLeavingRow(_ marker: Int32) -> Int32? {
        var choice = MarkerLeavingChoice(columnLargest: collectMarkerColumn(marker))
        for k in columnSlots.indices {
            let slot = columnSlots[k]
            guard rows[Int(slot)].basic >= 0 else { continue }
            choice.consider(Int(slot), kind: rowKinds[Int(slot)], coefficient: cellCoefficients[columnCells[k]],
                            constant: rows[Int(slot)].constant) { rowLargest(slot) }
        }
        return choice.result.map { Int32($0) }
    }

    /// Collects a marker's column (`columnSlots`, `columnCells`) and returns its largest cell in
    /// magnitude, over the rows in use.
    private mutating func collectMarkerColumn(_ marker: Int32) -> Double {
        collectColumn(marker)
        var largest = 0.0
        for k in columnSlots.indices where rows[Int(columnSlots[k])].basic >= 0 {
            largest = max(largest, abs(cellCoefficients[columnCells[k]]))
        }
        return largest
    }
}

// The primal ratio test over the general tableau's rows, and what it does when only rows that
// hold the entering symbol at a rounding residue would limit it.
extension Tableau {
    /// The ratio test (see `LeavingChoice`): the restricted row that limits how far `q` can grow,
    /// or nil when none does, in two passes.
    /// 1. Rows where `q`'s coefficient is a residue (`isResidue`, under `pivotTolerance` of the
    ///    row's largest) are passed over and kept in `passedSlots` / `passedCells`; the least
    ///    ratio of the others is the step.
    /// 2. A passed row that the step would take infeasible, and whose coefficient is no residue
    ///    at `forcedPivotTolerance` (1e-7 of its row's largest), limits `q` first
    ///    (`passedRow(within:bland:)`): the least ratio among those.
    ///
    /// Without step 2, a row whose largest is large hides a genuine small coefficient of `q`
    /// behind a farther row whose same-sized coefficient is at or over `residueGate`, and
    /// `dropPassedResidues` takes the genuine cell for rounding. Solver program 284,915's 42
    /// constraints, added fresh in reverse order: `q` at -7.7e-4 (-1/1296, a product of the
    /// program's coefficients) in a slack row whose largest is 1,114, ratio 1.1270e9, passed
    /// over for an error row at -1.09e-3, ratio 1.1278e9. The dropped cell moved its row by
    /// 870,218; a required equality ended 5.8e-6 off, level 251 counted 0 where its constraints
    /// were 625 off, and level 50 ended at 810,698 where the optimum is 1,475.7. Cells under
    /// 1e-7 of their row's largest stay passed, as residueLeavingRow's step 2 leaves them.
    mutating func leavingRow(for q: Int32, bland: Bool = false) -> (Int32, Double)? {
        collectColumn(q)
        passedSlots.removeAll()
        passedCells.removeAll()
        var choice = LeavingChoice(bland: bland)
        for k in columnSlots.indices {
            let slot = columnSlots[k]
            guard rows[Int(slot)].basic >= 0, rowKinds[Int(slot)] != .external else { continue }
            let c = cellCoefficients[columnCells[k]]
            guard c < 0 else { continue }
            if isResidue(c, in: slot) {
                passedSlots.append(slot)
                passedCells.append(columnCells[k])
                continue
            }
            choice.bound(ratio: -rows[Int(slot)].constant / c, coefficient: c)
        }
        residuesSinceRefactor &+= passedSlots.count
        // Pass 2 of `LeavingChoice` over the rows of pass 1, which the residue test, asked
        // again, passes again; it is asked only of the rows that may tie.
        for k in columnSlots.indices where choice.ratio < .infinity {
            let slot = columnSlots[k]
            let b = rows[Int(slot)].basic
            let kind = rowKinds[Int(slot)]
            let c = cellCoefficients[columnCells[k]]
            guard b >= 0, kind != .external, c < 0 else { continue }
            let ratio = -rows[Int(slot)].constant / c
            guard ratio <= choice.ratio + Tableau.epsilon, !isResidue(c, in: slot) else { continue }
            choice.consider(Int(slot), basic: b, kind: kind, ratio: ratio)
        }
        guard let (slot, ratio) = choice.result else { return nil }
        if !passedSlots.isEmpty, let nearer = passedRow(within: ratio, bland: bland) { return nearer }
        return (Int32(slot), ratio)
    }

    /// Step 2 of `leavingRow` and of `residueLeavingRow`: the passed row that limits the entering
    /// symbol before `step` (infinity: at all), or nil. Among the passed rows that a step of
    /// `step` would take infeasible, and whose cell is no residue at `forcedPivotTolerance` of
    /// their row's largest, the least ratio.
    private mutating func passedRow(within step: Double, bland: Bool) -> (Int32, Double)? {
        var choice = LeavingChoice(bland: bland)
        for k in passedSlots.indices {
            let slot = passedSlots[k]
            let c = cellCoefficients[passedCells[k]]
            guard rows[Int(slot)].constant + c * step < -Tableau.epsilon,
                  !isResidue(c, in: slot, tolerance: Tableau.forcedPivotTolerance) else { continue }
            choice.bound(ratio: -rows[Int(slot)].constant / c, coefficient: c)
        }
        // Pass 2 over the rows of pass 1, as in `leavingRow`: the residue test is asked again
        // only of the rows that may tie.
        for k in passedSlots.indices where choice.ratio < .infinity {
            let slot = passedSlots[k]
            let c = cellCoefficients[passedCells[k]]
            let ratio = -rows[Int(slot)].constant / c
            guard rows[Int(slot)].constant + c * step < -Tableau.epsilon, ratio <= choice.ratio + Tableau.epsilon,
                  !isResidue(c, in: slot, tolerance: Tableau.forcedPivotTolerance) else { continue }
            choice.consider(Int(slot), basic: rows[Int(slot)].basic, kind: rowKinds[Int(slot)], ratio: ratio)
        }
        return choice.result.map { (Int32($0.0), $0.1) }
    }

    /// Whether `a`, a coefficient of the row at `slot`, is a rounding residue of zero: under
    /// `tolerance` times the row's largest coefficient, or 1 when that is smaller. Only
    /// coefficients under `residueGate` are weighed, so that a layout's ratio test never reads
    /// a whole row.
    func isResidue(_ a: Double, in slot: Int32, tolerance: Double = Tableau.pivotTolerance) -> Bool {
        let m = abs(a)
        if m < tolerance { return true }
        if m >= Tableau.residueGate { return false }
        return m < Tableau.residueFloor(largest: rowLargest(slot), tolerance: tolerance)
    }

    /// The largest cell of the row in `slot`, in magnitude (0 for an empty row).
    func rowLargest(_ slot: Int32) -> Double {
        let h = rows[Int(slot)]
        var largest = 0.0
        for i in Int(h.start)..<Int(h.start + h.count) { largest = max(largest, abs(cellCoefficients[i])) }
        return largest
    }

    /// Before a primal pivot that grows the entering symbol by `step`: drops its residue cells
    /// (`leavingRow` passed over them; since its step 2, those under `forcedPivotTolerance` of
    /// their row's largest) from the rows that step would take infeasible, as the rounding
    /// residues of zero they stand for. Left in, each would make its row's constant negative by
    /// up to the residue times `step`, a primal infeasibility the primal simplex does not
    /// repair: its later ratio tests read negative ratios and cycle (the stress probe's seed
    /// 3034). The rows' identities move by that much instead, which is the size of the rounding
    /// the residue came from.
    mutating func dropPassedResidues(step: Double, into slot: Int32) {
        for k in passedSlots.indices where passedSlots[k] != slot {
            let t = passedSlots[k]
            let cell = passedCells[k]
            guard rows[Int(t)].constant + cellCoefficients[cell] * step < -Tableau.epsilon else { continue }
            removeCell(t, at: cell)
            rowChanged(t)
        }
    }

    /// The leaving row for a symbol `q` whose cost at level `l` is negative while the ratio test
    /// found no row to limit it, or nil. Each level is bounded below (see `optimize()`), so this
    /// is rounding, in the objective or in the rows:
    /// 1. Price `q` again from the rows (`reprice(_:at:)`). A cost that the objective collected
    ///    as rounding goes: nil.
    /// 2. A cost the rows still give comes from rows that hold `q` at a residue (`isResidue`,
    ///    under 1e-6 of their largest coefficient), which the ratio test passed over. The least
    ///    ratio among those whose cell is at least `forcedPivotTolerance` (1e-7) of their
    ///    largest limits `q`, as a forced pivot in the artificial phase may.
    /// 3. Otherwise `q` keeps its cost and sits out this run of the simplex (`stalledSymbols`)
    ///    until a pivot makes it a candidate again: nil.
    ///
    /// The cost is never set to zero while the rows keep it: the objective would part from the
    /// rows. FuzzSolver's `fixed-residue-limited-cost` (once `exact-3`): a new error row held a
    /// slack at -4.53e-4 beside 717, the slack's cost was zeroed, and 18 operations later the
    /// stale cost blocked a lower level 3% over its optimum. Step 2 took `fixed-residue-pivot`
    /// (once `exact-7`: level 250 at 5,859 against a fresh solver's 3,618 at the end) to its
    /// optimum. Pivots on every passed row, down to 1e-12, were tried and not kept: random
    /// systems of 250-500 variables ended wrong.
    mutating func residueLeavingRow(for q: Int32, level l: Int, bland: Bool) -> (Int32, Double)? {
        reprice(q, at: l)
        guard objectiveCoefficient(l, q) < -Tableau.optimalityTolerance else { return nil }
        if let choice = passedRow(within: .infinity, bland: bland) { return choice }
        stalledSymbols.append(q)
        return nil
    }
}
