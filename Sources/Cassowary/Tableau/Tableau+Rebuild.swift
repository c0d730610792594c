// Writing the rows again as a fresh solver would add the installed constraints: the last step
// of a refactorization (Tableau+Refactor.swift) whose basis cannot be kept, and what a failed
// change of constants falls back on (`forceBack`, Tableau+Batch.swift).

extension Tableau {
    /// Step 6 of `refactor()`: every row written again as a fresh solver would add the installed
    /// constraints, in tag order, each followed by the primal simplex, so that the basis is the
    /// one the constraints lead to rather than the one the drifted rows held.
    ///
    /// The kept basis fails where the values went far past the constraints' sizes: exact-16's
    /// reached 2.4e8 in a system whose required constraints hold within 1e5, and the rows of that
    /// basis, derived again, left a required row at -18,820 that no cell over the pivot tolerance
    /// could repair. Zeroing such rows (as this step did before) took that gap for rounding and
    /// left a required equality off by 273. At 1e9 the next refactorization could not keep the
    /// basis; solving a row for another symbol and dropping external cells as residues (step 4)
    /// left a required constraint off by 0.8 of its size. Elsewhere that fallback serves: the
    /// random systems' seed 524 takes it from its first refactorization on, and rebuilding there
    /// instead drifts until required constraints end off by 1e22.
    ///
    /// A required constraint that conflicts with the ones before it in this order (which the
    /// drifted rows had let in: the stress probe's 1e3 and 1e-3 coefficients reach values of
    /// 1e17) goes in solved for its marker, with what it misses by taken for rounding
    /// (`placeConflicting(tag:)`), so that every later operation starts from a feasible tableau.
    ///
    /// Returns whether every constraint went in as written (none was placed as conflicting).
    @discardableResult
    mutating func rebuild() throws -> Bool {
        refactorRebuilds += 1
        invalidateAllValues()
        clearRows()
        resetObjective()
        var conflicts = false
        for t in tags.indices where tags[t].id != nil {
            accumulateConstraintRow(tag: Int32(t))
            if try !placeAccumulated(marker: tags[t].marker, other: tags[t].other) {
                placeConflicting(tag: Int32(t))
                conflicts = true
            } else if !infeasible.isEmpty {
                repairOrAbsorb()
            }
            try optimize()
        }
        // The conflicting rows may hold external symbols as residues (`chooseSubject` passed
        // over them): they go, as rounding.
        if conflicts { restoreExternalBasics(kept: true) }
        queueAllBounds()
        return !conflicts
    }

    /// Places the row of the required constraint of tag `t`, which the rows installed before it
    /// leave no room for, solved for its marker: `marker = -constant / k`, which is what the
    /// constraint misses by when negative (a slack) or not zero (a dummy). The miss is taken for
    /// rounding, in this row alone, so that the constraint holds as nearly as the ones before it
    /// allow and the rows of every other constraint stay as they are written. The miss stays
    /// with the row through new constants (which move it by their difference) until the row is
    /// removed or derived again by the next refactorization; a bound among such constraints is
    /// no longer held exactly. An equality's row is solved for its dummy only when it holds
    /// nothing else over `pivotTolerance` (`dummyRowSubject`); an external subject's constant
    /// stands.
    private mutating func placeConflicting(tag t: Int32) {
        accumulateConstraintRow(tag: t)
        expandAccumulator()
        let marker = tags[Int(t)].marker
        let subject = symbols[Int(marker)].kind == .dummy ? dummyRowSubject(marker) : marker
        let kind = symbols[Int(subject)].kind
        if kind == .dummy || kind != .external && accumulatorConstant * scratch[Int(subject)].accumulated > 0 {
            accumulatorConstant = 0
        }
        installRow(subject: subject)
        // Its row no longer says what its constant does: were it a bound, holding its variable
        // at that constant (Tableau+Bounds.swift) would undo the miss.
        forgetBound(marker: marker)
    }

    /// The subject of an accumulated row (in proper form) about to be solved for the dummy
    /// `marker`. A basic dummy stands for a redundant equality, and every row it is substituted
    /// into must hold dummies only: a cell of a symbol the simplex moves would let the equality
    /// go as that symbol moved, and a residue of an external one brings such cells in when a
    /// later row is solved for it (a rebuild's conflicting equality held two externals at
    /// 1e-12, and the rows after it left 2e-6 of six slacks and errors in the dummy row).
    /// So: the symbol without a row that has the largest other cell, if that is over
    /// `pivotTolerance`; else the dummy, with the other cells, residues all, cleared.
    mutating func dummyRowSubject(_ marker: Int32) -> Int32 {
        var best: Int32 = -1, largest = Tableau.pivotTolerance
        for s in touched where symbols[Int(s)].row < 0 && symbols[Int(s)].kind != .dummy {
            let a = abs(scratch[Int(s)].accumulated)
            if a >= largest { (best, largest) = (s, a) }
        }
        if best >= 0 { return best }
        for s in touched where symbols[Int(s)].kind != .dummy { scratch[Int(s)].accumulated = 0 }
        return marker
    }

    /// After a row of the rebuild went in: the dual simplex on the rows it left infeasible, as
    /// an add runs it (`repairAfterPlacing`: a restricted row holding an external under epsilon
    /// takes the external's value once it is basic). The rebuild cannot refuse an installed
    /// constraint: when no symbol can repair such a row, what it misses by is taken for
    /// rounding, as `placeConflicting` takes a conflicting row's, and its constant set to 0.
    /// Left negative, the row stayed so until the next change of a constant (a removed
    /// marker's residues, FuzzSolver's corpus: two required rows at -0.01 after a read).
    private mutating func repairOrAbsorb() {
        do {
            try dualOptimize()
        } catch {
            for slot in rows.indices where rows[slot].basic >= 0 && rowKinds[slot] != .external
                && rowKinds[slot] != .dummy && rows[slot].constant < 0 {
                rows[slot].constant = 0
            }
        }
    }
}
