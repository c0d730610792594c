// Adding a required inequality that the current solution violates, by the dual simplex: the row
// goes in solved for its slack, whose value is then negative, and the dual simplex repairs it
// while every level of the objective stays optimal. This is how LP codes add a cut to a solved
// problem (Koberstein, "The dual simplex method, techniques for a fast and stable
// implementation", 2005, section 6.2.2: the dual simplex after rows are added; Chvátal, "Linear
// Programming", 1983, chapter 10: the dual simplex restarts from the old optimal basis).
//
// kiwi goes through an artificial variable instead (`addWithArtificialVariable`): phase one
// minimises the artificial symbol and ignores the objective, so the primal simplex must then
// find the optimum again from wherever phase one stopped. In a random system of 250-500
// variables (`--random-systems 152 153 250 500`) one such add of a required `2 * v <= -21` made
// 21 artificial pivots and then 850 primal ones, each over rows that filled in to 200-500 cells:
// a second per add, minutes per system. The dual simplex moves from the old optimum to the new
// one directly: the rows a violated constraint touches, typically a handful of pivots.
//
// Contract: on success the tableau is feasible and optimal with the row installed (the caller
// registers its tag); otherwise every pivot the attempt made is undone, the row and its slack
// are gone, the accumulator holds the row as it did, and the artificial phase decides as before
// (a required constraint that cannot hold, or a repair the dual simplex could not make: rows
// whose every positive cell is a residue, `dualAddPivotBudget` spent). The verdict on a
// constraint is the artificial phase's either way.

extension Tableau {
    /// The most pivots a dual add makes before it is undone for the artificial phase: 64, and
    /// one per four live rows. A violated cut takes a handful; in a random system of 250-500
    /// variables whose rows had filled in (seed 0), one add's repairs ran to 2,100 pivots and
    /// 15 s, where the artificial phase and the primal simplex take the whole system in 32 s.
    var dualAddPivotBudget: Int { 64 + (rows.count - freeSlots.count) / 4 }

    /// A dual add's pivots, to undo them (nil when none is under way), and the counts for the
    /// tests: adds that went in, and those undone for the artificial phase.
    struct DualAddState {
        var log: [PivotRecord]?
        var adds = 0, undone = 0
    }

    /// A pivot of a dual add: `entering` became basic in the row at `slot`, which `leaving` left
    /// (see `dualAdd.log`).
    struct PivotRecord {
        var entering: Int32
        var slot: Int32
        var leaving: Int32
    }

    /// Installs the accumulated row of a required inequality (`marker` its slack, `other` -1),
    /// which `chooseSubject` could not solve for a feasible subject, through the dual simplex.
    /// False, with the tableau and the accumulator as they were, when the caller must go
    /// through the artificial variable (see the contract above). Runs only at rest: no row
    /// waits for a repair, no artificial phase is under way.
    mutating func addByDualSimplex(marker: Int32, other: Int32) throws -> Bool {
        guard !kiwiPivotRules, other < 0, symbols[Int(marker)].kind == .slack, scratch[Int(marker)].accumulated > 0,
              infeasible.isEmpty, artificialSlot < 0, dualAdd.log == nil else { return false }
        // 1. Keep the accumulated row, for the artificial phase should this fail (the pivots
        //    of DAG rows use the accumulator).
        let savedSymbols = Array(touched)
        let savedCoefficients = savedSymbols.map { scratch[Int($0)].accumulated }
        let (savedConstant, savedMagnitude) = (accumulatorConstant, accumulatorMagnitude)
        // 2. The row solved for its slack: the slack's value, -constant / coefficient, is
        //    negative (or zero), and the row is queued for a repair.
        installRow(subject: marker)
        let slot = symbols[Int(marker)].row
        // 3. The dual simplex, its pivots logged.
        dualAdd.log = []
        do {
            try dualRepairs(pivotBudget: dualAddPivotBudget)
            dualAdd.log = nil
        } catch {
            // 4. Undo: each pivot reversed, last first (the leaving symbol enters the row it
            //    left, whose basic symbol is the one that entered), then the row goes.
            let log = dualAdd.log ?? []
            dualAdd.log = nil
            pendingCleanup = false
            for record in log.reversed() {
                guard rows[Int(record.slot)].basic == record.entering, find(record.slot, record.leaving) >= 0 else {
                    throw SolverError.internalError("undoing a dual add: pivot \(record) cannot be reversed")
                }
                pivot(record.leaving, record.slot)
            }
            guard symbols[Int(marker)].row == slot else {
                throw SolverError.internalError("undoing a dual add: the slack left its row")
            }
            makeParametric(marker)
            freeRow(slot)
            infeasible.removeAll()
            beginAccumulator(constant: savedConstant)
            for (s, c) in zip(savedSymbols, savedCoefficients) { accumulate(s, c) }
            accumulatorMagnitude = savedMagnitude
            dualAdd.undone += 1
            return false
        }
        dualAdd.adds += 1
        // 5. A flip may have left a symbol a negative cost: the primal simplex clears it.
        try finishDualRepairs()
        return true
    }
}
