// Iterative refinement of the solution (Wilkinson; Higham, "Accuracy and Stability of Numerical
// Algorithms", 2002, chapter 12): the residual of every installed constraint at the rows'
// solution, computed from the constraint as it was written, is put back through the rows as a
// change of that constraint's constant. The rows stand for the inverse of the basis, so this is
// one step of refinement with the factorization the tableau holds.

extension Tableau {
    /// The miss of the installed constraint of tag `t` at the rows' solution, markers included, in
    /// the units of its row (`accumulateConstraintRow`), and the size of its terms there.
    /// The values must be current (`computeValues()`).
    mutating func constraintMiss(tag t: Int32) -> (residual: Double, size: Double) {
        accumulateConstraintRow(tag: t)
        var residual = accumulatorConstant, size = abs(accumulatorConstant)
        for s in touched {
            let slot = symbols[Int(s)].row
            let value = symbols[Int(s)].kind == .external ? values[Int(s)]
                : slot >= 0 ? rows[Int(slot)].constant : 0
            residual += scratch[Int(s)].accumulated * value
            size += abs(scratch[Int(s)].accumulated * value)
        }
        return (residual, size)
    }

    /// One step of iterative refinement: each installed constraint's miss, read from the
    /// constraint as written, moved through its marker column as `setConstant` moves a changed
    /// constant (`shiftMarker`), with the stored constant left as it is. Returns whether the
    /// step was made.
    ///
    /// Why it helps: rows derived by a long run of pivots carry each pivot's rounding, and in a
    /// nearly singular system the solution they hold misses the constraints by far more than
    /// their coefficients are off. The values the rows hold solve the constraints with each
    /// constant moved by its miss; moving the constants back through the rows' own columns
    /// takes the miss down by about the rows' relative error (Higham, theorem 12.3: one step in
    /// working precision makes the solution's backward error small when the rows are not far
    /// off). A redundant equality's marker carries no column and is passed over.
    ///
    /// A step never pivots. It is first made on paper (`refinementKeepsBounds`): one that would
    /// take a restricted row under zero, or a redundant equality's row off zero, by more than
    /// half of `epsilon` is no correction of rounding (the rows hold the constraints only
    /// through their drift, or a conflict was left out) and is not made, for the caller to
    /// derive the rows again. Rows it takes under zero by less are set to zero, as a constant
    /// change sets them (`noteFeasibility`). So the basis stays, and so does a sound tableau.
    ///
    /// Must run between operations, as `refactor()`.
    mutating func refineSolution() -> Bool {
        // 1. The misses, as moves of the constants.
        computeValues()
        var moves: [(tag: Int32, delta: Double)] = []
        for t in tags.indices where tags[t].id != nil {
            let marker = tags[t].marker
            if symbols[Int(marker)].kind == .dummy && symbols[Int(marker)].row >= 0 { continue }
            let miss = constraintMiss(tag: Int32(t))
            guard miss.residual != 0 else { continue }
            guard miss.residual.isFinite else { return false }
            moves.append((Int32(t), miss.residual * abs(tags[t].markerCoefficient)))
        }
        // 2. The moves on paper, then made.
        guard !moves.isEmpty else { return true }
        guard refinementKeepsBounds(moves) else { return false }
        for move in moves { shiftMarker(move.tag, by: move.delta) }
        // Rounding aside, the check made sure that no row waits for the dual simplex. The
        // values follow the moved rows as after any constant change (`rowConstantChanged`).
        infeasible.removeAll()
        return true
    }

    /// Whether `moves` would leave every restricted row at or over `-epsilon / 2` and every
    /// redundant equality's row within `epsilon / 2` of zero: each move's column walked as
    /// `shiftMarker` walks it, with the rows' changes summed apart from the rows.
    private mutating func refinementKeepsBounds(_ moves: [(tag: Int32, delta: Double)]) -> Bool {
        var change = [Double](repeating: 0, count: rows.count)
        var changed: [Int32] = []
        for move in moves {
            let shift = move.delta / tags[Int(move.tag)].markerCoefficient
            let m = tags[Int(move.tag)].marker
            let slot = symbols[Int(m)].row
            if slot >= 0 {
                if change[Int(slot)] == 0 { changed.append(slot) }
                change[Int(slot)] -= shift
            } else {
                forEachRowOfColumn(m) { t, slot, coefficient in
                    guard t.rowKinds[Int(slot)] != .external else { return }
                    if change[Int(slot)] == 0 { changed.append(slot) }
                    change[Int(slot)] += coefficient * shift
                }
            }
        }
        let margin = Tableau.epsilon / 2
        for slot in changed where rows[Int(slot)].basic >= 0 {
            let constant = rows[Int(slot)].constant + change[Int(slot)]
            switch rowKinds[Int(slot)] {
            case .external: continue
            case .dummy: if abs(constant) > margin { return false }
            case .slack, .error: if constant < -margin { return false }
            }
        }
        return true
    }
}

extension Tableau {
    /// Refines the solution while the worst constraint miss (`worst`, as
    /// `worstConstraintResidual()` measures it) is over `refinementTolerance` and at most
    /// 1e-6, for at most `refinementSteps` steps; returns the miss left. A step that cannot be
    /// made (`refineSolution()`) ends the refinement, and so does one that does not halve the
    /// miss.
    ///
    /// The ceiling, the fuzz target's measure of a wrong answer, keeps refinement to misses of
    /// rounding in rows that drifted over many operations. A larger miss says their
    /// coefficients are far off too: in a hostile program (values to 1e10, FuzzedProgramTests'
    /// `tiny-subject`), refining a miss of 0.45% of a constraint's size moved the solution by
    /// 4.5e7, and a later add left a required row at -4.8e-6.
    mutating func refinedResidual(_ worst: Double) -> Double {
        var worst = worst
        var steps = 0
        while worst > Tableau.refinementTolerance && worst <= 1e-6 && steps < Tableau.refinementSteps {
            let before = worst
            guard refineSolution() else { break }
            worst = worstConstraintResidual()
            steps += 1
            guard worst < before / 2 else { break }
        }
        return worst
    }
}
