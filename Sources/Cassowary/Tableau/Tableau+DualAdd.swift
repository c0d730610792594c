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
// registers its tag); otherwise the basis is the one before the attempt, the row and its slack
// are gone (or go with the refactorization below), the accumulator holds the row as it did, and
// the artificial phase decides as before (a required constraint that cannot hold, or a repair
// the dual simplex could not make: rows whose every positive cell is a residue,
// `dualAddPivotBudget` spent). The verdict on a constraint is the artificial phase's either way.
//
// How the attempt is undone: a few pivots are reversed, last first. After more
// (`dualAddReversals`), or when a reversal cannot be made, the basis before the attempt is noted
// (the current one with the logged pivots reversed on paper) and `placeAccumulated` derives the
// rows again for it (`refactor(basis:)`) before the artificial phase. Reversed pivots bring the
// basis back but not the rows: each pair adds a multiple of a row into others and takes it out
// again, and what rounding leaves of it stays as cells. In a random system of 250-500
// variables (seed 58) 207 pivots reversed took the tableau from about 60,000 cells to 247,000,
// and every operation after refactored and then rebuilt, seconds each. Another (seed 79, with
// the flips of `dualAddFlips`) had a reversal find its leaving symbol gone from the row, which
// ended the add in an internal error.

extension Tableau {
    /// The most pivots a dual add makes before it is undone for the artificial phase: 64, and
    /// one per four live rows. A violated cut takes a handful; in a random system of 250-500
    /// variables whose rows had filled in (seed 0), one add's repairs ran to 2,100 pivots and
    /// 15 s, where the artificial phase and the primal simplex take the whole system in 32 s.
    var dualAddPivotBudget: Int { 64 + (rows.count - freeSlots.count) / 4 }

    /// The most pivots of a dual add that are reversed one by one when it is undone; past them
    /// the rows are derived again (see the contract above). A failed add's pivots are a handful
    /// in layouts and in most random systems.
    static let dualAddReversals = 16

    /// The most bound flips of a dual add's repairs. A flip leaves its leaving symbol a cost
    /// for the primal simplex to clear once the rows are feasible (`finishDualRepairs()`), and
    /// those costs cost more than the flips save here: in a random system of 250-500 variables
    /// (seed 0) one add made 197 dual pivots with flips and then 1,500 primal ones, which filled
    /// its rows from 57,000 cells to 426,000, after which no refactorization could keep its
    /// basis and every operation rebuilt the rows (a stall of minutes). Without flips, seed 524
    /// of 60-250 variables stalled instead (over 30 s, against 0.2 s); with at most 4, seeds
    /// 0-199 of 250-500 variables and 0-599 of 60-250 all end exact, none in over 6 s (with 16,
    /// seed 0 took 9.7 s). The dual simplex after constant changes keeps its flips: that is
    /// where a row of views reaches its floors.
    static let dualAddFlips = 4

    /// A dual add's pivots, to undo them (nil when none is under way), and the counts for the
    /// tests: adds that went in, and those undone for the artificial phase.
    struct DualAddState {
        var log: [PivotRecord]?
        var adds = 0, undone = 0
        /// Of the undone, those undone by refactorization.
        var refactored = 0
        /// The most pivots reversed one by one (`dualAddReversals`; tests set 0 to take every
        /// undo through a refactorization).
        var reversalLimit = Tableau.dualAddReversals
        /// The basis before an add undone by refactorization (indexed by symbol): what
        /// `placeAccumulated` derives the rows for before the artificial phase.
        var basisToRestore: [Bool]?
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
        let saved = savedAccumulator()
        // 2. The row solved for its slack: the slack's value, -constant / coefficient, is
        //    negative (or zero), and the row is queued for a repair.
        installRow(subject: marker)
        let slot = symbols[Int(marker)].row
        // 3. The dual simplex, its pivots logged.
        dualAdd.log = []
        do {
            try dualRepairs(pivotBudget: dualAddPivotBudget, flipBudget: Tableau.dualAddFlips)
            dualAdd.log = nil
        } catch {
            // 4. Undo: up to `dualAddReversals` pivots reversed, last first (the leaving symbol
            //    enters the row it left, whose basic symbol is the one that entered), then the
            //    row goes; else the basis before the attempt noted for a refactorization.
            let log = dualAdd.log ?? []
            dualAdd.log = nil
            pendingCleanup = false
            // Inside a refactorization's rebuild no other can run: every pivot is reversed.
            var left = log.count
            if left <= dualAdd.reversalLimit || refactoring {
                while left > 0, reversePivot(log[left - 1]) { left -= 1 }
            }
            // The reversals queue rows they take negative; the basis before held them feasible.
            infeasible.removeAll()
            if left == 0 && symbols[Int(marker)].row == slot {
                makeParametric(marker)
                freeRow(slot)
            } else {
                // A pivot that cannot be reversed in a rebuild: not met in a rebuild (seed 79
                // met one outside it), and as before the refactored undo, an error.
                guard !refactoring else {
                    throw SolverError.internalError("undoing a dual add in a rebuild: a pivot cannot be reversed")
                }
                var basis = [Bool](repeating: false, count: symbols.count)
                for h in rows where h.basic >= 0 { basis[Int(h.basic)] = true }
                for record in log[..<left].reversed() {
                    basis[Int(record.entering)] = false
                    basis[Int(record.leaving)] = true
                }
                basis[Int(marker)] = false
                dualAdd.basisToRestore = basis
                dualAdd.refactored += 1
            }
            restoreAccumulator(saved)
            dualAdd.undone += 1
            return false
        }
        dualAdd.adds += 1
        // 5. A flip may have left a symbol a negative cost: the primal simplex clears it.
        try finishDualRepairs()
        return true
    }

    /// The accumulated row (its cells, constant and magnitude), for `restoreAccumulator(_:)`
    /// after work that uses the accumulator: a dual add undone, a refactorization in the middle
    /// of an add.
    struct SavedAccumulator {
        var symbols: [Int32]
        var coefficients: [Double]
        var constant: Double
        var magnitude: Double
    }

    func savedAccumulator() -> SavedAccumulator {
        let symbols = Array(touched)
        return SavedAccumulator(symbols: symbols, coefficients: symbols.map { scratch[Int($0)].accumulated },
                                constant: accumulatorConstant, magnitude: accumulatorMagnitude)
    }

    mutating func restoreAccumulator(_ saved: SavedAccumulator) {
        beginAccumulator(constant: saved.constant)
        for (s, c) in zip(saved.symbols, saved.coefficients) { accumulate(s, c) }
        accumulatorMagnitude = saved.magnitude
    }

    /// Reverses a logged pivot when its row still has the entering symbol basic and holds the
    /// leaving one; false otherwise.
    private mutating func reversePivot(_ record: PivotRecord) -> Bool {
        guard rows[Int(record.slot)].basic == record.entering, find(record.slot, record.leaving) >= 0 else {
            return false
        }
        pivot(record.leaving, record.slot)
        return true
    }
}
