// Refactorization: every row derived again from the installed constraints for the current basis,
// as LP codes (HiGHS; the dual simplex of Koberstein, "The dual simplex method, techniques for a
// fast and stable implementation", 2005) reinvert their basis matrix after a bounded number of
// updates. A pivot adds a multiple of one row to others, and the
// rounding each leaves is carried on by every later pivot: in random systems of 160 variables
// whose rows hold 200 cells, coefficients drift by 3e-8 relative within a few hundred adds,
// residues of zero grow past the pivot tolerance, and phantom costs enter with no row to limit
// them, until required constraints end wholly off. Derived again from the constraints, each row
// carries the rounding of one elimination only.

extension Tableau {
    /// Residues per live row (at least 64 rows) that the primal ratio tests pass over before the
    /// rows are derived again. Residues are the sign of drift: a cell the ratio test passes over
    /// stands for a zero that rounding left, and rows that hold many have drifted. Layouts, whose
    /// coefficients are small integers and halves, make none, and never refactor; the mild random
    /// systems (60-250 variables, coefficients 0.25-3) pass over 20-80 per ratio test once their
    /// rows hold hundreds of cells. A refactorization costs about what adding every constraint
    /// again does, so tying the trigger to the rows keeps its share of the pivots' work bounded.
    /// At 4, seeds 0-99 of those systems refactor up to 12 times and all hold (3 ended with
    /// required constraints off by 1e16 and more without); at 1 and at 16, the three that need
    /// it most took 1.2-1.8 times as long.
    static let defaultRefactorFactor = 4

    /// Refactors when the ratio tests passed over more residues since the last time than
    /// `refactorFactor` times the live rows, or when a repricing found the objective parted
    /// from the rows (`objectiveDrifted`), or, once they passed over any, when an installed
    /// constraint no longer holds at the rows' solution to `residualDriftTolerance` of its size
    /// (`constraintsDrifted()`). Called at the start of the operations a user makes (adds,
    /// removes and constant changes), where the tableau is at rest and every tag in use is
    /// installed.
    mutating func refactorIfDrifting() throws {
        let (limit, overflow) = refactorFactor.multipliedReportingOverflow(by: max(64, rows.count - freeSlots.count))
        // A factor that overflows (tests pass `.max`) turns both residue triggers off.
        guard objectiveDrifted || (!overflow && residuesSinceRefactor > limit)
                || (checksConstraintDrift && !overflow && constraintsDrifted()) else { return }
        try refactor()
    }

    /// Whether an installed constraint misses at the rows' solution by more than
    /// `residualDriftTolerance` of its size, and by more than a hundred times what the last
    /// refactorization left (a system whose values make rounding past the tolerance inherent is
    /// not refactored again and again for it).
    ///
    /// Why a third trigger: the rows of a random program (values to 1.3e5, 32 variables, rows of
    /// about 50 cells) drifted over a dozen operations, through pivots of ordinary size, until a
    /// required equality missed by 4.7e-6 of its size, while the ratio tests had passed over 49
    /// residues (the first trigger waits for 256) and no repricing saw the objective part
    /// (FuzzSolver's `fixed-constraint-drift`). Residues are where drift shows first, and
    /// layouts pass over none, so they never pay for this check: a pass over the installed
    /// constraints' terms.
    ///
    /// It runs only when the ratio tests passed over residues since it last ran, so that a
    /// system that passed over a few and holds its constraints does not pay for it at every
    /// operation after.
    private mutating func constraintsDrifted() -> Bool {
        guard residuesSinceRefactor > residuesAtDriftCheck else { return false }
        residuesAtDriftCheck = residuesSinceRefactor
        return missesPastDriftFloor()
    }

    /// The measure of both drift checks (`constraintsDrifted()`, `valuesForRead()`): whether an
    /// installed constraint misses by more than `residualDriftTolerance` of its size, and by
    /// more than a hundred times what the last refactorization left. A miss under that floor
    /// and over `refinementTolerance` is refined away here (`refinedResidual(_:)`). One over
    /// it is not: a miss that large says the rows' coefficients drifted, the objective's with
    /// them, and refinement corrects the solution, not the costs (refined in place of a
    /// refactorization, `fixed-rebuild-drift-2` ended its level 250 thirty times over a fresh
    /// solver's).
    ///
    /// First, every cost is priced again from the rows (`priceEverySymbolAgain()`):
    /// `fixed-suboptimal-level` passed over 264 residues and never refactored, its rows holding
    /// every constraint, while nine costs had parted from them by more than 1e-9 of themselves;
    /// one blocked level 250, which ended at 320,298 where a fresh solver reaches 316,356. The
    /// repricings the simplex makes see only the symbols it weighs.
    private mutating func missesPastDriftFloor() -> Bool {
        do { try priceEverySymbolAgain() } catch { return true }
        let worst = worstConstraintResidual()
        if worst > max(Tableau.residualDriftTolerance, 100 * residualAfterRefactor) { return true }
        _ = refinedResidual(worst)
        return false
    }

    /// Brings the values up to date for a read between operations. Once the ratio tests have
    /// passed over residues (the rows carry drift), the values are checked against the
    /// constraints first, refined, and the rows derived again if they still miss
    /// (`missesPastDriftFloor()`), so that the read sees the corrected solution. Why at the
    /// read, not at the next operation's start: one operation can make a drift the last check
    /// let pass visible at once. FuzzSolver's `fixed-removal-drift` removed a constraint whose
    /// error marker then left through an ordinary cell; the simplex after it took the values
    /// from 3.5e3 to 5.2e5, and a required equality of size 160, which missed by 1.8e-9 of its
    /// size before, missed by 2.0e-6. Why at every such read, not only when the values grew (a
    /// tenfold growth was the gate before): in `fixed-equality-drift` one add doubled the values
    /// and took a required equality's miss from 6e-10 to 2.2e-6 of its size, through the
    /// pivots of a nearly singular basis. Layouts pass over no residue and never pay for the
    /// scan.
    mutating func valuesForRead() {
        computeValues()
        guard residuesSinceRefactor > 0 && checksConstraintDrift && artificialSlot < 0 else { return }
        guard missesPastDriftFloor() else {
            computeValues()
            return
        }
        // A refactorization that fails (a pivot limit, never seen) leaves the next operation to
        // derive the rows again; a read cannot throw.
        do { try refactor() } catch { objectiveDrifted = true }
        computeValues()
    }

    /// Derives every row and the objective again from the installed constraints, keeping the
    /// basis: the same symbols are basic afterwards (up to the fallback of step 4, unless step 6
    /// gives the basis up), so the solution is the one the rows held, without their drift.
    ///
    /// Must run between operations (no batch under way; it does nothing in the artificial
    /// phase), or in an add before its row is placed (a dual add undone: `basis` is then the
    /// one before the attempt): it reads the installed constraints from the tags.
    ///
    /// 1. Note the basic symbols (or those `basis` marks).
    /// 2. Empty the rows, the column lists and the objective; the symbols, tags and levels stay.
    /// 3. Cost every error symbol 1 at its level (the objective is the sum of its errors).
    /// 4. Gauss-Jordan elimination over the constraints, in tag order: each constraint's row as
    ///    its creation wrote it (expression over its scale, its markers), the rows installed so
    ///    far substituted in, solved for the noted basic symbol it holds with the largest
    ///    coefficient (partial pivoting among the basis' columns), and substituted into the rows
    ///    before it and the objective. A row whose noted symbol is a fresh external variable goes
    ///    in as a DAG row, as its creation put it. Since the noted symbols form a basis, every
    ///    row holds one that no row took yet; should rounding leave none over `pivotTolerance`,
    ///    the row is solved for its largest cell instead (its own marker, at least, is there).
    ///    Then no restricted row may hold an external symbol (`restoreExternalBasics`).
    /// 5. Restore feasibility (the dual simplex) and optimality (the primal simplex): the basis
    ///    was both, and what the rounding moves is small.
    /// 6. Should the dual simplex find a row it cannot repair (step 5), or the rows not hold the
    ///    constraints (`worstConstraintResidual()`), the basis is given up, and the rows are
    ///    written again as a fresh solver would add the constraints (`rebuild()`).
    /// 7. Steps 1-5 again, for the basis the rebuild reached, when its rows miss a constraint by
    ///    more than `residualDriftTolerance` of its size (and it placed none as conflicting,
    ///    whose miss a derivation would bring back), and step 6 again should they fail. The rows the rebuild wrote carry the rounding of every add and pivot that made
    ///    them, where a fresh solver's basis is often well conditioned: in
    ///    `fixed-threshold-drift` the rebuilt rows missed a required equality by 1.4e-4 of its
    ///    size (values to 8e5), and the same basis, derived again, held it to 1.6e-8; in
    ///    `fixed-inequality-drift` the rebuilt objective had parted from its rows by 12%, and,
    ///    derived again, by 5e-8. Once this step fails, it is skipped until a kept basis holds
    ///    again (`rebuiltRowsDeriveBadly`): a system whose values run far past its constants'
    ///    scale fails it each time, and a FuzzSolver input that rebuilds 50 times at values
    ///    past a million, this step failing each time, took twice as long with it (1.5 s
    ///    against 0.74 s).
    /// 8. Every cost priced again from the rows (`priceEverySymbolAgain()`); the primal simplex
    ///    runs again should one say a level can still improve. The residual, the floor of the
    ///    next drift check, is measured after it.
    ///
    /// Without `keepingBasis`, steps 6-8 run: for a caller whose basis means nothing any more
    /// (`forceBack`, Tableau+Batch.swift).
    mutating func refactor(basis noted: [Bool]? = nil, keepingBasis: Bool = true) throws {
        guard artificialSlot < 0 else { return }
        refactoring = true
        defer { refactoring = false }
        refactorCount += 1
        residuesSinceRefactor = 0
        objectiveDrifted = false
        invalidateAllValues()
        var residual: Double?
        let sound = try keepingBasis && deriveRows(basis: noted, residual: &residual)
        if sound { rebuiltRowsDeriveBadly = false }
        // 6. The basis given up.
        if !sound {
            residual = nil
            let written = try rebuild()
            try optimize()
            // 7. The rows of the basis the rebuild reached, derived again, if they miss.
            if written, !rebuiltRowsDeriveBadly, worstConstraintResidual() > Tableau.residualDriftTolerance,
               try !deriveRows(basis: nil, residual: &residual) {
                rebuiltRowsDeriveBadly = true
                try rebuild()
                try optimize()
                residual = nil
            }
        }
        // 8. The costs priced again.
        if try priceEverySymbolAgain() { residual = nil }
        residualAfterRefactor = residual ?? refinedResidual(worstConstraintResidual())
        residuesAtDriftCheck = 0
    }

    /// Steps 1-5 of `refactor(basis:)`: whether the rows derived for the basis hold, with their
    /// worst constraint residual in `residual` once the simplex ran (nil when the dual simplex
    /// found a row it cannot repair).
    private mutating func deriveRows(basis noted: [Bool]?, residual: inout Double?) throws -> Bool {
        // 1. The basis.
        var basic = Buffer<Bool>()
        defer { basic.deallocate() }
        basic.append(repeating: false, count: symbols.count)
        if let noted {
            for s in noted.indices where noted[s] { basic[s] = true }
        } else {
            for slot in rows.indices where rows[slot].basic >= 0 { basic[Int(rows[slot].basic)] = true }
        }
        // 2. Empty rows, lists and objective.
        clearRows()
        // 3. The errors' costs.
        resetObjective()
        // 4. The elimination.
        var kept = true
        for t in tags.indices where tags[t].id != nil {
            accumulateConstraintRow(tag: Int32(t))
            if let fresh = freshBasic(basic) {
                installDagRow(subject: fresh)
                continue
            }
            expandAccumulator()
            // Never -1, as the row holds its own marker, which no other row mentions; the guard
            // is for a row that would hold nothing.
            var subject = refactorSubject(basic)
            guard subject >= 0 else { continue }
            // A dummy is basic only in a row of dummies (see `dummyRowSubject`): drift can leave
            // the noted one in a row that holds other symbols, and that basis is not kept.
            if symbols[Int(subject)].kind == .dummy { subject = dummyRowSubject(subject) }
            kept = kept && Int(subject) < basic.count && basic[Int(subject)]
            installRow(subject: subject)
        }
        restoreExternalBasics(kept: kept)
        queueAllBounds()
        // 5. Feasibility and optimality.
        for slot in rows.indices where rows[slot].basic >= 0 && rowKinds[slot] == .dummy {
            // A redundant equality's row: zero up to rounding, as when it went in.
            rows[slot].constant = 0
        }
        var sound = true
        do { try dualOptimize() } catch is DualOptimizeFailure {
            // A row no symbol can repair: the rows of the kept basis say the required
            // constraints cannot hold together, where the drifted rows said they could.
            sound = false
        }
        if sound {
            try optimize()
            // The rows must hold every installed constraint, markers included (so that soft
            // ones count), to 1e-6 of its size: the fuzz target's measure of a wrong answer.
            // A basis step 4 could not keep (rows solved for other symbols, external cells
            // judged residues dropped) misses where values ran far past the constraints' sizes,
            // and what was dropped was no residue. A kept one can too: in a nearly singular
            // system (a mild program whose values reached 6e5 from constants under 1,000) the
            // rows derived for it held a required `>=` off by 4.1e-5 of its size, and, as what
            // the refactorization left, that miss raised the drift check's floor past itself
            // (`RefactorTests.aKeptBasisWhoseRowsMissTheConstraintsIsRebuilt`). The rows are
            // judged as derived, not refined (`refinedResidual(_:)`): a miss that large says the
            // basis is ill-conditioned. Refined first, the rows of `fixed-threshold-drift`'s
            // basis (4.9e-5, to 2.5e-13) were kept and that program passed, but a 600-s
            // exact-mode run then found one the code before passes that ended level 250 at
            // 744,508 for a fresh solver's 570,782 (`fixed-kept-refined-basis`). Step 7 passes
            // the first: the rebuild's basis, derived again, holds it.
            residual = worstConstraintResidual()
            sound = residual! <= 1e-6
        }
        return sound
    }

    /// `refactor(basis:)` in the middle of an add: the accumulator (the new row, which no tag
    /// holds yet) is kept through it, for the caller to place again.
    mutating func refactorKeepingAccumulator(basis: [Bool]) throws {
        let saved = savedAccumulator()
        try refactor(basis: basis)
        restoreAccumulator(saved)
    }

    /// The largest miss of an installed constraint at the rows' solution, markers included,
    /// over the size of its terms there (at least 1); infinity for a miss that is not a number.
    mutating func worstConstraintResidual() -> Double {
        computeValues()
        var worst = 0.0
        for t in tags.indices where tags[t].id != nil {
            let (residual, size) = constraintMiss(tag: Int32(t))
            let miss = abs(residual) / max(size, 1)
            guard miss.isFinite else { return .infinity }
            worst = max(worst, miss)
        }
        return worst
    }

    /// Step 3 of `refactor()`: an objective of the error symbols alone, each costing 1 at its
    /// level, as when it was made; the rows installed afterwards are substituted into it.
    mutating func resetObjective() {
        for l in levels.indices {
            levels[l].value = 0
            levels[l].candidates.removeAll()
        }
        for i in objective.indices { objective[i] = 0 }
        for s in symbols.indices where scratch[s].errorPlace >= 0 {
            objective[s &<< levelShift &+ Int(scratch[s].errorPlace)] = 1
        }
    }

    /// Leaves no external symbol in a restricted row, as `installAccumulated` makes one only of
    /// a cell under epsilon (`chooseSubject` takes any other external symbol of a row) and
    /// pivots never let one in. Left there, a later add that makes the symbol basic
    /// substitutes its value into the row, which can go infeasible (an add repairs that,
    /// `repairAfterPlacing`, but a batch's put-back does not).
    /// - With the basis kept (`kept`), such cells are rounding: a basis determines its rows, and
    ///   the rows of this one held none. They go, and so do the symbols' objective coefficients.
    /// - Otherwise a fallback made another symbol basic in place of an external one: cells
    ///   that are no residue (`isResidue`) make their symbol basic again, pivoted into the row
    ///   where it stands (the dual simplex then repairs what that moves). Each pivot takes its
    ///   symbol out of every other row, and may bring others in: the passes repeat until none.
    mutating func restoreExternalBasics(kept: Bool) {
        var changed = true
        var passes = 0
        while changed && passes <= externalSymbols.count {
            changed = false
            passes += 1
            for slot in rows.indices where rows[slot].basic >= 0 && rowKinds[slot] != .external {
                let h = rows[slot]
                var entering: Int32 = -1, size = 0.0
                var i = Int(h.start + h.count) - 1
                while i >= Int(h.start) {
                    let a = cellCoefficients[i]
                    if symbols[Int(cellSymbols[i])].kind == .external {
                        if kept || isResidue(a, in: Int32(slot)) {
                            removeCell(Int32(slot), at: i)
                        } else if abs(a) > size {
                            (entering, size) = (cellSymbols[i], abs(a))
                        }
                    }
                    i -= 1
                }
                if entering >= 0 {
                    pivot(entering, Int32(slot))
                    changed = true
                }
            }
        }
        if kept {
            for k in externalSymbols.indices {
                for l in levels.indices { objective[objectiveIndex(l, externalSymbols[k])] = 0 }
            }
        }
    }

    /// Empties every row, the column lists, the DAG order and the infeasible list; symbols keep
    /// their kinds, tags and objective places.
    mutating func clearRows() {
        dropColumnCopy()
        for slot in rows.indices where rows[slot].basic != -1 {
            let b = rows[slot].basic
            if b >= 0 { makeParametric(b) }
            freeRow(Int32(slot))
        }
        for s in symbols.indices { symbols[s].linked = 0 }
        rebuildColumns()
        dagOrder.removeAll()
        infeasible.removeAll()
        cellSymbols.removeAll()
        cellCoefficients.removeAll()
        garbageCells = 0
    }

    /// The row of the installed constraint of tag `t` in the accumulator, as
    /// `installAccumulated` wrote it: `expression / scale` plus its markers.
    mutating func accumulateConstraintRow(tag t: Int32) {
        let tag = tags[Int(t)]
        beginAccumulator(constant: tag.constant)
        if let reference = tagConstraints[Int(t)] {
            reference.takeUnretainedValue().forEachTerm { variable, coefficient in
                accumulate(symbol(for: variable), coefficient)
            }
        } else {
            accumulateTerms(ofValueTag: t)
        }
        divideAccumulator(by: abs(tag.markerCoefficient))
        accumulateMarkers(tag.marker, tag.other, k: tag.markerCoefficient < 0 ? -1 : 1)
    }

    /// A noted basic symbol of the accumulated row that is a fresh external variable (no row
    /// mentions it yet), or nil.
    private mutating func freshBasic(_ basic: Buffer<Bool>) -> Int32? {
        for s in touched where Int(s) < basic.count && basic[Int(s)] && symbols[Int(s)].kind == .external {
            if abs(scratch[Int(s)].accumulated) >= Tableau.epsilon && symbols[Int(s)].row < 0 && symbols[Int(s)].refs == 0 {
                return s
            }
        }
        return nil
    }

    /// The subject of the accumulated row (in proper form): the noted basic symbol without a row
    /// that has the largest coefficient, if that is over `pivotTolerance`; else the largest cell
    /// of a symbol without a row; -1 for a row that holds nothing.
    private mutating func refactorSubject(_ basic: Buffer<Bool>) -> Int32 {
        var best: Int32 = -1, bestSize = 0.0
        var fallback: Int32 = -1, fallbackSize = 0.0
        for s in touched where symbols[Int(s)].row < 0 {
            let a = abs(scratch[Int(s)].accumulated)
            if Int(s) < basic.count && basic[Int(s)] && a > bestSize { (best, bestSize) = (s, a) }
            if a > fallbackSize { (fallback, fallbackSize) = (s, a) }
        }
        return bestSize >= Tableau.pivotTolerance ? best : fallback
    }
}
