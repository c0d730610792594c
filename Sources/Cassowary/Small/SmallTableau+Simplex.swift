// Adding and removing constraints in the small tableau: kiwi's addConstraint (createRow,
// chooseSubject, addWithArtificialVariable), removeConstraint (removeConstraintEffects,
// getMarkerLeavingRow) and the primal simplex over the priority levels, with the rules of
// `Tableau` (Tableau+Constraints.swift, Tableau+Simplex.swift).

extension SmallTableau {
    /// A call the small tableau did not make: it needs room, a check or an error that only
    /// `Tableau` makes, or it failed midway (a required constraint that cannot hold, a numerical
    /// dead end). The call is not in the log, and the tableau may be unusable: `Solver` promotes
    /// at once and makes the call on `Tableau`.
    struct Refusal: Error {}

    // MARK: - Adding

    /// Installs a value constraint, or refuses it (see `Refusal`). Errors are `Tableau`'s to
    /// report: a constraint that is invalid, foreign or unsatisfiable is refused.
    mutating func add(_ constraint: LinearConstraint) throws(Refusal) -> ConstraintHandle {
        try add(constraint, constraint.relation, constraint.priority)
    }

    /// Installs the constraint `expression relation 0` at `constraintPriority`, its terms read
    /// in place: a value constraint's expression, or an object constraint's terms with their
    /// variables' symbols (`ObjectTerms`), which then need no expression of handles built and
    /// copied per add.
    mutating func add<Terms: SmallTerms>(_ expression: Terms, _ relation: Relation,
                                         _ constraintPriority: Priority) throws(Refusal) -> ConstraintHandle {
        // 1. Checks, before anything moves: valid numbers, this solver's variables, room.
        let priority = constraintPriority.rawValue
        guard constraintPriority.isValid, expression.isFinite else { throw Refusal() }
        //    A row `Tableau` would scale (a coefficient over 100, see
        //    `Tableau.rowScale(largest:)`) is refused: the small tableau does not scale.
        var owned = expression.owner == serial || expression.count == 0
        var largest = 0.0
        expression.forEachTerm { s, c in
            owned = owned && owns(VariableHandle(owner: serial, symbol: s))
            largest = max(largest, abs(c))
        }
        guard owned, Tableau.rowScale(largest: largest) == 1, availableSymbols >= 3, availableLines >= 3, availableTags >= 1,
              !keepsLog || logCount < SmallTableau.maxLog && logTermCount + expression.count <= SmallTableau.maxLogTerms,
              !needsMissingLevel(constraintPriority) else { throw Refusal() }

        // 2. createRow: the expression with every basic variable replaced by its row.
        let row = newLine(SmallTableau.freeLine)
        constants[row] = expression.constant
        expression.forEachTerm { s, c in
            let r = symbolRow[Int(s)]
            if r >= 0 { addScaled(row, Int(r), c) } else { add(row, s, c) }
        }
        // 3. The markers: a slack (and an error below required) for an inequality, a dummy or two
        //    errors for an equality.
        var marker: Int32, other: Int32 = -1
        let errorLevel = constraintPriority.isRequired ? -1 : level(for: priority)
        switch relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            let k: Double = relation == .lessThanOrEqual ? 1 : -1
            marker = newSymbol(.slack)
            set(row, marker, k)
            if errorLevel >= 0 {
                other = newSymbol(.error)
                set(row, other, -k)
                add(errorLevel, other, 1)
            }
        case .equal:
            if errorLevel >= 0 {
                marker = newSymbol(.error)
                other = newSymbol(.error)
                set(row, marker, -1)
                set(row, other, 1)
                add(errorLevel, marker, 1)
                add(errorLevel, other, 1)
            } else {
                // The dummy stays out of the row. kiwi writes it in, and every row the new one
                // is substituted into then carries it, only so that the constraint can be taken
                // out again; here a removal of a required equality is refused (the general
                // tableau, which keeps dummies, takes it after promotion). A table cell's 15
                // required equalities otherwise cost it 14% of its instructions. The symbol
                // is still made, so that symbols are numbered as in the general tableau.
                marker = newSymbol(.dummy)
            }
        }
        // 4. chooseSubject: an external variable (the first term's that the row still holds,
        //    else the first in symbol order), else a new marker with a negative coefficient.
        //    An external whose coefficient is a rounding residue (`Tableau.subjectTolerance` of
        //    the row's largest) is passed over, as in the general tableau.
        var floor = -1.0
        var subject: Int32 = -1
        expression.forEachTerm { s, _ in
            if subject < 0 && symbolRow[Int(s)] < 0 && mayBeSubject(s, of: row, floor: &floor) { subject = s }
        }
        if subject < 0 {
            subject = firstSymbol(row) { kinds[Int($0)] == .external && mayBeSubject($0, of: row, floor: &floor) }
        }
        if subject >= 0 {
            // 4a. A restricted row that held the subject as a parametric external (passed over
            //     as too small to solve for) moves with the subject's value: one left infeasible
            //     goes to the general tableau, whose dual simplex repairs it or refuses the row.
            //     Only an external once passed over can be in a restricted row (pivots never let
            //     one in), so a layout's cell, which passes over none, looks at no row here.
            let reached = passedOverExternal ? columns[Int(subject)] & ~(UInt64(1) << UInt64(row)) : 0
            makeBasic(subject, in: row)
            if reached != 0 && leftInfeasible(reached) { throw Refusal() }
        } else {
            if constants[row] < 0 { scale(row, -1) }
            subject = restrictedSubject(row, marker, other)
            if subject < 0 && abs(constants[row]) < SmallTableau.epsilon {
                // A zero constant reads with either sign (as in Tableau.installAccumulated).
                constants[row] = 0
                scale(row, -1)
                subject = restrictedSubject(row, marker, other)
            }
            if subject >= 0 {
                makeBasic(subject, in: row)
            } else if kinds[Int(marker)] == .dummy && !holdsNothing(row)
                        && lineLargest(row) < Tableau.residueFloor(largest: 1) {
                // 5a. A required equality whose row holds residues only (of a copy of one
                //     installed: rounding left 1e-10 where the terms cancel) is redundant or
                //     conflicting by rules this tableau does not keep (`Tableau.placeAccumulated`
                //     judges such cells against the dummy it writes in). The artificial phase
                //     would pivot on a residue, and the rows it divided by 1e-10 held the
                //     constraints no more (FuzzSolver's `fixed-small-redundant-residue`: a level
                //     1,916 short of its optimum): the general tableau makes the call.
                throw Refusal()
            } else if holdsNothing(row) {
                // 5. No symbols (rows hold no dummies): redundant when the constant is zero,
                //    and installed without a row; else unsatisfiable.
                guard abs(constants[row]) < SmallTableau.epsilon else { throw Refusal() }
                freeLine(row)
            } else {
                // 6. addWithArtificialVariable.
                guard addWithArtificialVariable(row) else { throw Refusal() }
            }
        }
        // 7. Record the constraint; the simplex waits for the values to be read (`settled`).
        let t = storeTag(marker: marker, other: other, priority: priority, constant: expression.constant)
        settled = false
        guard keepsLog else { return ConstraintHandle(owner: serial, tag: t, generation: tags[Int(t)].generation) }
        let start = Int32(logTermCount)
        expression.forEachTerm { s, c in
            logSymbols[logTermCount] = s
            logCoefficients[logTermCount] = c
            logTermCount += 1
        }
        record(LogEntry(kind: .add, relation: relation, index: t, termStart: start,
                        termCount: Int32(expression.count), priority: priority, constant: expression.constant))
        return ConstraintHandle(owner: serial, tag: t, generation: tags[Int(t)].generation)
    }

    /// Whether a restricted row among `lines` has a negative constant past epsilon.
    private func leftInfeasible(_ lines: UInt64) -> Bool {
        var lines = lines
        while lines != 0 {
            let t = lines.trailingZeroBitCount
            lines &= lines &- 1
            guard constants[t] < -SmallTableau.epsilon else { continue }
            let b = basic[t]
            if b >= 0 && kinds[Int(b)] != .external { return true }
        }
        return false
    }

    /// A new marker that can be the subject of a row with a constant >= 0: a slack or error
    /// with a negative coefficient.
    private func restrictedSubject(_ row: Int, _ marker: Int32, _ other: Int32) -> Int32 {
        if kinds[Int(marker)] == .slack || kinds[Int(marker)] == .error, coefficient(row, marker) < 0 { return marker }
        if other >= 0, coefficient(row, other) < 0 { return other }
        return -1
    }

    /// Solves `0 = constant + terms` in line `l` for `s`; `replacing` (the old basic symbol)
    /// joins the row.
    func solveFor(_ l: Int, _ s: Int32, replacing old: Int32) {
        let a = coefficients[l &* SmallTableau.width &+ Int(s)]
        clear(l, s)
        scale(l, -1 / a)
        if old >= 0 { set(l, old, 1 / a) }
    }

    /// Replaces the basic symbol `s` of row `l` by the row in every other line.
    func substitute(_ s: Int32, _ l: Int) {
        var lines = columns[Int(s)] & ~(UInt64(1) << UInt64(l))
        while lines != 0 {
            let t = lines.trailingZeroBitCount
            lines &= lines &- 1
            let c = coefficients[t &* SmallTableau.width &+ Int(s)]
            clear(t, s)
            addScaled(t, l, c)
        }
    }

    /// Solves line `l` for `s` and substitutes it everywhere: `s` becomes the row's basic symbol,
    /// and the row's old basic symbol, if any, becomes parametric (a new row has none).
    private mutating func makeBasic(_ s: Int32, in l: Int) {
        let leaving = basic[l]
        solveFor(l, s, replacing: leaving)
        if leaving >= 0 { symbolRow[Int(leaving)] = -1 }
        basic[l] = s
        symbolRow[Int(s)] = Int32(l)
        substitute(s, l)
    }

    /// A simplex pivot: `entering` becomes basic in row `l`, whose basic symbol leaves.
    mutating func pivot(_ entering: Int32, _ l: Int) {
        pivotCount += 1
        makeBasic(entering, in: l)
    }

    /// kiwi's addWithArtificialVariable: minimises an artificial copy of the row; the row can be
    /// added when its artificial variable reaches zero. The artificial symbol is freed at the
    /// end, which leaves the numbering of later symbols as if it had not been made.
    private mutating func addWithArtificialVariable(_ row: Int) -> Bool {
        let art = newSymbol(.slack)
        basic[row] = art
        symbolRow[Int(art)] = Int32(row)
        let objective = newLine(SmallTableau.artificialLine)
        addScaled(objective, row, 1)
        var solvable = true
        while true {
            let q = firstSymbol(objective) { s in
                coefficients[objective &* SmallTableau.width &+ Int(s)] < -Tableau.optimalityTolerance && kinds[Int(s)] != .dummy
                    && symbolRow[Int(s)] < 0
            }
            if q < 0 { break }
            guard let (l, _) = leavingRow(for: q, bland: true) else {
                solvable = false
                break
            }
            pivot(q, l)
        }
        let success = solvable && abs(constants[objective]) < SmallTableau.epsilon
        freeLine(objective)
        let artRow = symbolRow[Int(art)]
        if artRow >= 0 {
            let l = Int(artRow)
            if !success || holdsNothing(l) {
                freeLine(l)
                dropSymbol(art)
                return success
            }
            // The artificial symbol leaves through the row's largest slack or error: one under
            // the pivot tolerance is a residue, and dividing by it wrecks every row it enters.
            var entering: Int32 = -1, largest = Tableau.pivotTolerance
            forEachSymbol(l) { s in
                let a = abs(coefficients[l &* SmallTableau.width &+ Int(s)])
                if (kinds[Int(s)] == .slack || kinds[Int(s)] == .error) && a >= largest { (entering, largest) = (s, a) }
            }
            guard entering >= 0 else {
                freeLine(l)
                dropSymbol(art)
                return false
            }
            makeBasic(entering, in: l)
        }
        dropSymbol(art)
        return success
    }

    // MARK: - Optimize

    /// Runs the simplex that adds and removals left for later, when the levels are not optimal
    /// yet. False at a numerical dead end (see `optimize()`): the tableau may then be unusable,
    /// and `Solver` promotes.
    mutating func settle() -> Bool {
        if settled { return true }
        guard optimize() else { return false }
        settled = true
        return true
    }

    /// The primal simplex over the levels, highest priority first: a symbol enters at a level
    /// only if no higher level holds it. The entering symbol is the lowest with a cost under
    /// `-Tableau.optimalityTolerance`; ties in the ratio test go by `Tableau.LeavingChoice`.
    /// - Returns: false when the objective is unbounded (a numerical dead end).
    mutating func optimize() -> Bool {
        var degenerate = 0
        var higher: (UInt64, UInt64) = (0, 0)
        var i = 0
        while i < levelCount {
            let line = Int(levelLines[i])
            let bland = degenerate > 256
            let q = firstSymbol(line, excluding: higher) { s in
                coefficients[line &* SmallTableau.width &+ Int(s)] < -Tableau.optimalityTolerance && kinds[Int(s)] != .dummy
            }
            guard q >= 0 else {
                // A level at zero has nothing to gain.
                if constants[line] > SmallTableau.epsilon && blockedByRounding(level: i, higher: higher) { return false }
                higher.0 |= masks[2 * line]
                higher.1 |= masks[2 * line + 1]
                i += 1
                continue
            }
            guard let (l, ratio) = leavingRow(for: q, bland: bland) else { return false }
            degenerate = ratio < SmallTableau.epsilon ? degenerate + 1 : 0
            pivot(q, l)
        }
        return true
    }

    /// Whether a symbol with a cost at level `i` is kept out only by coefficients under
    /// `Tableau.repriceGate` at the levels above (`higher`, their symbols): rounding, maybe, that
    /// the objective collected where the rows put zero. This tableau does not price a symbol
    /// again from the rows, so the caller refuses and the general tableau decides
    /// (`Tableau.reprice(_:at:)`). A fresh solver of 50 constraints ended a level at 240,330
    /// where HiGHS reaches 1,104, its best symbol held back by 1.9e-8 at the level above.
    @inline(never)
    private func blockedByRounding(level i: Int, higher: (UInt64, UInt64)) -> Bool {
        let line = Int(levelLines[i])
        for w in 0..<2 {
            var bits = masks[2 * line + w] & (w == 0 ? higher.0 : higher.1)
            while bits != 0 {
                let s = Int32(w * 64 + bits.trailingZeroBitCount)
                bits &= bits &- 1
                guard coefficients[line &* SmallTableau.width &+ Int(s)] < -Tableau.optimalityTolerance,
                      kinds[Int(s)] != .dummy else { continue }
                var blocked = false
                for h in 0..<i {
                    let above = Int(levelLines[h])
                    guard masks[2 * above + w] & (1 << UInt64(s & 63)) != 0,
                          abs(coefficients[above &* SmallTableau.width &+ Int(s)]) >= Tableau.repriceGate else { continue }
                    blocked = true
                    break
                }
                if !blocked { return true }
            }
        }
        return false
    }

    /// Calls `body` with the line, basic symbol and coefficient of `s` of each row that holds `s`.
    @inline(__always) func forEachRow(holding s: Int32, _ body: (Int, Int32, Double) -> Void) {
        var lines = columns[Int(s)]
        while lines != 0 {
            let l = lines.trailingZeroBitCount
            lines &= lines &- 1
            let b = basic[l]
            if b >= 0 { body(l, b, coefficients[l &* SmallTableau.width &+ Int(s)]) }
        }
    }

    /// The ratio test: the restricted row that limits how far `q` can grow, chosen by the general
    /// tableau's rule (`Tableau.LeavingChoice`). Coefficients under `Tableau.pivotTolerance` are
    /// residues here (the general tableau also weighs them against their row's largest): when
    /// only residues limit `q`, there is no row, the caller refuses, and the general tableau
    /// makes the call.
    func leavingRow(for q: Int32, bland: Bool) -> (Int, Double)? {
        var choice = Tableau.LeavingChoice(bland: bland)
        forEachRow(holding: q) { l, b, c in
            guard kinds[Int(b)] != .external, c <= -Tableau.pivotTolerance else { return }
            choice.bound(ratio: -constants[l] / c, coefficient: c)
        }
        forEachRow(holding: q) { l, b, c in
            let kind = kinds[Int(b)]
            guard kind != .external, c <= -Tableau.pivotTolerance else { return }
            choice.consider(l, basic: b, kind: kind, ratio: -constants[l] / c)
        }
        return choice.result
    }

    /// Whether `s`, held by `row`, may be the row's subject: its coefficient is no rounding
    /// residue. `floor` is the row's residue floor, computed on first need (-1 before).
    /// A coefficient under `Tableau.epsilon` never is, as in the general tableau's
    /// `chooseSubject` (kiwi's near-zero): were it taken here, the general tableau would refuse
    /// the constraint when the system is promoted to it.
    /// One passed over while the row holds it sets `passedOverExternal`.
    private mutating func mayBeSubject(_ s: Int32, of row: Int, floor: inout Double) -> Bool {
        let m = abs(coefficient(row, s))
        if m >= Tableau.residueGate { return true }
        if m >= Tableau.epsilon {
            if floor < 0 { floor = subjectFloor(row) }
            if m >= floor { return true }
        }
        if m > 0 { passedOverExternal = true }
        return false
    }

    /// Under this, an external's coefficient in line `l` is a rounding residue, no subject
    /// (`Tableau.residueFloor` at `Tableau.subjectTolerance` of the line's largest coefficient).
    private func subjectFloor(_ l: Int) -> Double {
        Tableau.residueFloor(largest: lineLargest(l), tolerance: Tableau.subjectTolerance)
    }
}
