// Adding constraints (kiwi's addConstraint, with createRow, chooseSubject and
// addWithArtificialVariable). Removing them is in Tableau+Removal.swift, the tags of installed
// constraints in Tableau+Tags.swift.

extension Tableau {
    // MARK: - Adding

    /// Installs a constraint, optionally with another constant than its expression's.
    mutating func add(_ constraint: Constraint, constant: Double? = nil) throws {
        guard constraint.priority.isValid else { throw SolverError.invalidPriority(constraint.priority) }
        guard constraint.isFinite else { throw SolverError.nonFiniteConstraint(constraint) }
        guard tag(of: constraint) == nil else { throw SolverError.duplicateConstraint(constraint) }
        try refactorIfDrifting()
        let exprConstant = constant ?? constraint.constant
        guard try install(constraint, constant: exprConstant, repairing: true) else {
            throw unsatisfiable(constraint, constant: exprConstant)
        }
    }

    /// Installs a checked constraint at `constant`; `repairing` for a new constraint's add (see
    /// `repairAfterPlacing`).
    /// - Returns: false, with the tableau as it was, when the (required) constraint cannot hold
    ///   with the required constraints installed.
    mutating func install(_ constraint: Constraint, constant exprConstant: Double, repairing: Bool = false) throws -> Bool {
        invalidateAllValues()
        compactIfNeeded()
        // createRow: the expression, then the markers. The terms are read in place: copying the
        // expression or a term would retain its variables.
        beginAccumulator(constant: exprConstant)
        constraint.forEachTerm { variable, coefficient in
            accumulate(symbol(for: variable), coefficient)
        }
        guard var tag = try installAccumulated(constraint.relation, constraint.priority, constant: exprConstant) else {
            return false
        }
        guard try !repairing || repairAfterPlacing(tag) else { return false }
        tag.id = ObjectIdentifier(constraint)
        let t = storeTag(tag, constraint)
        registerBound(tag: t)
        try optimize(afterInstalling: t)
        return true
    }

    /// The primal simplex after the constraint of tag `t` went in. On a numerical dead end (see
    /// `optimize()`) the constraint is taken out again, so that it does not stay half added, and
    /// the error is rethrown.
    mutating func optimize(afterInstalling t: Int32) throws {
        do {
            try optimize()
        } catch {
            try? remove(tag: t)
            throw error
        }
    }

    /// Installs the row in the accumulator (the constraint's expression, `relation 0`) with the
    /// markers and error symbols of `relation` and `priority`: kiwi's createRow from the markers
    /// on, then chooseSubject, then addWithArtificialVariable when no subject can be chosen.
    /// - Returns: the constraint's tag, not stored yet and without an identity; nil when the
    ///   (required) row cannot hold with the required rows installed, which leaves the tableau
    ///   as it was.
    mutating func installAccumulated(_ relation: Relation, _ priority: Priority, constant: Double) throws -> Tag? {
        // The row's scale (see `Tableau.rowScale(largest:)`): dividing by it brings the largest
        // coefficient to 1, so that the cells its pivots make stay above epsilon. The markers
        // then stand for `scale` units of the expression. Its error symbols cost 1 per unit of
        // the scaled row, as every other: costs of 1e6 or 1e-4 would make rounding in the
        // objective pass epsilon and block the levels below (the probe found such systems left
        // short of their optimum), so a scaled constraint's violation counts divided by its
        // scale.
        noteBoundCandidate(priority)
        let scale = Tableau.rowScale(largest: accumulatorLargest())
        divideAccumulator(by: scale)
        var marker: Int32
        var other: Int32 = -1
        var k = 1.0
        var errorLevel = -1
        if !priority.isRequired { errorLevel = level(for: priority.rawValue) }
        switch relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            k = relation == .lessThanOrEqual ? 1 : -1
            marker = newSymbol(.slack)
            if errorLevel >= 0 {
                other = newSymbol(.error)
                costErrorSymbol(other, level: errorLevel)
            }
        case .equal:
            if errorLevel >= 0 {
                marker = newSymbol(.error)
                other = newSymbol(.error)
                k = -1
                costErrorSymbol(marker, level: errorLevel)
                costErrorSymbol(other, level: errorLevel)
            } else {
                marker = newSymbol(.dummy)
            }
        }
        accumulateMarkers(marker, other, k: k)
        let tag = Tag(id: nil, marker: marker, other: other, markerCoefficient: k * scale,
                      constant: constant, priority: priority.rawValue)

        guard try placeAccumulated(marker: marker, other: other) else {
            dropSymbol(marker)
            try optimize()
            return nil
        }
        return tag
    }

    /// The dual simplex on the rows that placing a new constraint's row left infeasible. Only a
    /// restricted row holding an external symbol can go so: `chooseSubject` passes over an
    /// external whose cell is under epsilon (a hostile `-1e-9 * x1 + 9e-7 <= 0` goes in solved
    /// for its error, `x1` left in that row), and once a later row makes the external basic,
    /// its value is substituted into the restricted row (FuzzSolver's `failed-restore-3`: `1e15
    /// x1 - 1e9 x4 == -1.1e10` set `x1` to -6.7e6, a required row read -0.0067, and nothing
    /// repaired it).
    ///
    /// Only a new constraint's add runs it (`add`, `add(_:)` of a value constraint), where every
    /// stored tag is installed. A batch that puts a redundant equality back does not: the
    /// equalities it holds out keep their tags, and the rows cannot be written again from them.
    /// - Returns: false when no symbol can repair such a row: the new constraint is taken out
    ///   again (the rows written again for the installed constraints, whose tags do not hold it
    ///   yet, then its markers dropped) and the caller refuses it.
    mutating func repairAfterPlacing(_ tag: Tag) throws -> Bool {
        let marker = tag.marker, other = tag.other
        // The list may hold rows noted before and feasible again, which the next change of a
        // constant passes over: only a row infeasible now calls for the dual simplex here (run
        // for stale entries alone, it cleared the levels' candidates, and the primal simplex
        // then stopped a level short: 5,976 for a fresh solver's 5,139 in a mild program,
        // FuzzSolver's `fixed-stale-infeasible`).
        guard holdsInfeasibleRow() else { return true }
        do {
            try dualOptimize()
            return true
        } catch {
            // Rows derived for the installed constraints alone, then the markers, which no row
            // mentions any more, freed.
            try refactor(keepingBasis: false)
            dropSymbol(marker)
            if other >= 0 { dropSymbol(other) }
            return false
        }
    }

    /// Writes the accumulated row, its markers in, into the tableau: as a DAG row when it holds
    /// a fresh external variable, else solved for its subject (`chooseSubject`), else (a
    /// redundant equality) as a dummy row, else through an artificial variable. The installs
    /// and the refactor's rebuild (`rebuild()`) share it.
    /// - Returns: false when the (required) row cannot hold with the rows installed; the rows
    ///   are then as they were, up to the artificial phase's pivots, and the marker is the
    ///   caller's to drop or place.
    mutating func placeAccumulated(marker: Int32, other: Int32, dualAddAllowed: Bool = true) throws -> Bool {
        if let fresh = freshExternal() {
            installDagRow(subject: fresh)
            return true
        }
        expandAccumulator()
        if accumulatorConstant < 0 {
            accumulatorConstant = -accumulatorConstant
            for s in touched { scratch[Int(s)].accumulated = -scratch[Int(s)].accumulated }
        }
        var subject = chooseSubject(marker: marker, other: other)
        if subject == nil && abs(accumulatorConstant) < Tableau.epsilon {
            // With a zero constant the row may be read with either sign: a marker with a
            // positive coefficient becomes a feasible subject once the row is negated. kiwi
            // goes through an artificial variable here, whose pivots can leave a degenerate
            // basis that the dual simplex then crawls through (row-flex).
            accumulatorConstant = 0
            for s in touched { scratch[Int(s)].accumulated = -scratch[Int(s)].accumulated }
            subject = chooseSubject(marker: marker, other: other)
        }
        let redundant = abs(accumulatorConstant) < Tableau.redundancyTolerance(magnitude: accumulatorMagnitude)
        if let subject {
            installRow(subject: subject)
        } else if allDummies(below: redundant ? residueFloor() : Tableau.epsilon) {
            // The row is a combination of installed equalities: the constraint is redundant
            // if its constant is zero up to the rounding of the constants combined (see
            // `redundancyTolerance`), and conflicts with them otherwise. Its other cells are
            // under epsilon, or, when the constant is zero too, residues as the ratio test
            // judges them (`isResidue`): the artificial phase could not pivot on them, and
            // it would refuse a constant of 3e-6 (the stress probe's seed 3018: a redundant
            // required equality re-added after a rebuild, its row of 54 cells of 1e-10 to
            // 8e-8 beside the marker's 1, its constants summing to 1.2e6).
            guard redundant else { return false }
            // What is left of the constant is rounding: the dummy row holds at zero, as
            // every dummy does.
            accumulatorConstant = 0
            installRow(subject: marker)
        } else if try dualAddAllowed && addByDualSimplex(marker: marker, other: other) {
            return true
        } else if let basis = dualAdd.basisToRestore {
            // A dual add undone by refactorization (Tableau+DualAdd.swift): the rows derived
            // again for the basis before it, then the row placed again, the dual add left out.
            dualAdd.basisToRestore = nil
            try refactorKeepingAccumulator(basis: basis)
            return try placeAccumulated(marker: marker, other: other, dualAddAllowed: false)
        } else {
            return try addWithArtificialVariable()
        }
        return true
    }

    /// A constraint's markers in the accumulated row: `k * marker - k * other` (`k` the sign of
    /// `Tag.markerCoefficient`; no `other` for a required constraint). An inequality's slack
    /// and error, a soft equality's two errors (`k` is -1) and a required equality's dummy all
    /// take this form; the refactorization writes the rows again through it.
    mutating func accumulateMarkers(_ marker: Int32, _ other: Int32, k: Double) {
        accumulate(marker, k)
        if other >= 0 { accumulate(other, -k) }
    }

    /// An external symbol of the accumulated row that no row mentions yet and that is not basic.
    private mutating func freshExternal() -> Int32? {
        for s in touched where symbols[Int(s)].kind == .external && abs(scratch[Int(s)].accumulated) >= Tableau.epsilon {
            if symbols[Int(s)].row < 0 && symbols[Int(s)].refs == 0 { return s }
        }
        return nil
    }

    /// kiwi's chooseSubject, on an accumulated row in proper form with a constant >= 0, with a
    /// threshold: the first external variable whose coefficient is at least `subjectThreshold`
    /// of the row's largest external one, passing over the ones whose coefficient is a rounding
    /// residue (`Tableau.subjectTolerance`); else a marker with a negative coefficient.
    private mutating func chooseSubject(marker: Int32, other: Int32) -> Int32? {
        // 1. The threshold, from the largest external coefficient (threshold partial pivoting).
        var largest = 0.0
        for s in touched where symbols[Int(s)].kind == .external {
            largest = max(largest, abs(scratch[Int(s)].accumulated))
        }
        // 2. kiwi's first external, among those over the threshold and not residues.
        let threshold = max(Tableau.epsilon, Tableau.subjectThreshold * largest)
        var floor = -1.0
        for s in touched where symbols[Int(s)].kind == .external && abs(scratch[Int(s)].accumulated) >= threshold {
            let m = abs(scratch[Int(s)].accumulated)
            if m >= Tableau.residueGate { return s }
            if floor < 0 { floor = residueFloor(tolerance: Tableau.subjectTolerance) }
            if m >= floor { return s }
        }
        // 3. A marker that the row's constant leaves feasible.
        if symbols[Int(marker)].kind == .slack || symbols[Int(marker)].kind == .error, scratch[Int(marker)].accumulated < 0 { return marker }
        if other >= 0, scratch[Int(other)].accumulated < 0 { return other }
        return nil
    }

    /// Whether the accumulated row holds dummies only, with its other cells under `tolerance`
    /// (rounding residues); if so, those cells are cleared, so that the dummy row written from it
    /// holds dummies only (rows are written down to `dropTolerance`).
    private mutating func allDummies(below tolerance: Double) -> Bool {
        for s in touched where abs(scratch[Int(s)].accumulated) >= tolerance && symbols[Int(s)].kind != .dummy { return false }
        for s in touched where symbols[Int(s)].kind != .dummy { scratch[Int(s)].accumulated = 0 }
        return true
    }

    /// Under this, a cell of the accumulated row is a residue (`Tableau.residueFloor`, at
    /// `tolerance` of the row's largest).
    private func residueFloor(tolerance: Double = Tableau.pivotTolerance) -> Double {
        Tableau.residueFloor(largest: accumulatorLargest(), tolerance: tolerance)
    }

    /// Writes the accumulator as a new row (`0 = constant + cells`) and returns its slot.
    private mutating func rowFromAccumulator(basic: Int32) -> Int32 {
        var n = 0
        for s in touched where abs(scratch[Int(s)].accumulated) >= Tableau.dropTolerance { n += 1 }
        let slot = allocateRow(basic: basic, constant: accumulatorConstant, capacity: n + 1)
        for s in touched where abs(scratch[Int(s)].accumulated) >= Tableau.dropTolerance {
            appendCell(slot, s, scratch[Int(s)].accumulated)
        }
        return slot
    }

    /// A row whose subject is a fresh external variable: nothing refers to the subject, so the
    /// row goes in as written, with any basic external variables it mentions left in place.
    mutating func installDagRow(subject: Int32) {
        let slot = rowFromAccumulator(basic: subject)
        solveFor(slot, subject, replacing: -1)
        symbols[Int(subject)].row = slot
        let h = rows[Int(slot)]
        for i in Int(h.start)..<Int(h.start + h.count) where symbols[Int(cellSymbols[i])].row >= 0 {
            rows[Int(slot)].seq = nextSeq
            dagOrder.append(DagEntry(slot: slot, seq: nextSeq))
            nextSeq += 1
            break
        }
        // An error symbol of this row stays parametric; the objective already holds it.
    }

    /// A row in proper form solved for `subject`, substituted everywhere the subject appears.
    mutating func installRow(subject: Int32) {
        let slot = rowFromAccumulator(basic: subject)
        solveFor(slot, subject, replacing: -1)
        symbols[Int(subject)].row = slot
        substitute(subject, slot)
        noteFeasibility(slot)
    }

    /// kiwi's addWithArtificialVariable: minimises an artificial copy of the row; the row can be
    /// added when its artificial variable reaches zero.
    mutating func addWithArtificialVariable() throws -> Bool {
        let art = newSymbol(.slack)
        let slot = rowFromAccumulator(basic: art)
        symbols[Int(art)].row = slot
        artificialSlot = rowFromAccumulator(basic: -2)
        defer {
            freeRow(artificialSlot)
            artificialSlot = -1
        }
        // The artificial symbol reaches zero up to the rounding its row's constant carries:
        // epsilon, or epsilon relative to the constants combined into it, as a redundant row's
        // (`redundancyTolerance`). An absolute epsilon refused a required constraint that a
        // fresh solver takes: in a tableau of 77 rows, the phase ended at -2.03e-8, its
        // row's other cells residues of 1e-12 to 1e-10 (solver programs, seed 500,790).
        let tolerance = Tableau.redundancyTolerance(magnitude: accumulatorMagnitude)
        try optimizeArtificial()
        let success = abs(rows[Int(artificialSlot)].constant) < tolerance
        let artSlot = symbols[Int(art)].row
        if artSlot >= 0 {
            makeParametric(art)
            if !success || rows[Int(artSlot)].count == 0 {
                freeRow(artSlot)
                dropSymbol(art)
                return success
            }
            let h = rows[Int(artSlot)]
            // A slack or error symbol to replace it, one whose coefficient is no residue if
            // there is one (see `isResidue`).
            var entering: Int32 = -1
            for i in Int(h.start)..<Int(h.start + h.count) {
                let k = symbols[Int(cellSymbols[i])].kind
                guard k == .slack || k == .error else { continue }
                if entering < 0 { entering = cellSymbols[i] }
                if !isResidue(cellCoefficients[i], in: artSlot, tolerance: Tableau.forcedPivotTolerance) {
                    entering = cellSymbols[i]
                    break
                }
            }
            guard entering >= 0 else {
                freeRow(artSlot)
                dropSymbol(art)
                return false
            }
            // What is left of the constant is rounding (`success`): solved for the entering
            // symbol it would be divided by a coefficient down to `forcedPivotTolerance`, or
            // by a residue when no other is there, and a required slack read -2e6 from the 2.0
            // a phase over constants of 1e15 left (FuzzSolver's corpus, `failed-restore-4`).
            rows[Int(artSlot)].constant = 0
            solveFor(artSlot, entering, replacing: art)
            symbols[Int(entering)].row = artSlot
            rows[Int(artSlot)].basic = entering
            rowKinds[Int(artSlot)] = symbols[Int(entering)].kind
            substitute(entering, artSlot)
        }
        // The artificial variable is parametric (zero) now: take it out of every row.
        dropSymbol(art)
        return true
    }
}
