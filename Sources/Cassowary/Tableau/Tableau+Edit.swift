// Changing constants in place: edit variables (suggestValue) and setConstant share one mechanism,
// shifting a constraint's marker symbol, followed by the dual simplex.

extension Tableau {
    /// Moves the constant of an installed constraint by `delta` through its marker column.
    ///
    /// The marker's column is the constant's (times the marker's coefficient), so the move is the
    /// substitution `marker := marker + shift` in every row, or a basic marker's row constant
    /// moved by `-shift`. The objective levels' values follow the rows, but for the marker's own
    /// cost when the marker is an error symbol: after the move the marker measures the changed
    /// constraint's error, which is what its cost weighs, so that term moves nothing (an edit
    /// variable's `x - 638 == 0` at x = 638 is violated by 0, not by 638).
    mutating func shiftMarker(_ t: Int32, by delta: Double) {
        let shift = delta / tags[Int(t)].markerCoefficient
        let m = tags[Int(t)].marker
        let slot = symbols[Int(m)].row
        queueBound(marker: m)
        let ownLevel = symbols[Int(m)].kind == .error ? existingLevel(for: tags[Int(t)].priority) ?? -1 : -1
        if slot >= 0 {
            rows[Int(slot)].constant -= shift
            rowConstantChanged(slot)
            noteFeasibility(slot)
            // The row holds the marker's value, which its level counts at cost 1.
            if ownLevel >= 0 { levels[ownLevel].value -= shift }
        } else {
            let waiting = forEachRowOfColumn(m) { t, slot, coefficient in
                t.rows[Int(slot)].constant += coefficient * shift
                t.rowConstantChanged(slot)
                t.noteFeasibility(slot)
            }
            for l in levels.indices { levels[l].value += objectiveCoefficient(l, m) * shift }
            if ownLevel >= 0 { levels[ownLevel].value -= shift }
            if waiting { expandDagRowsOfCopiedColumn() }
        }
    }

    /// Sets the constant of an installed constraint's expression without removing it.
    mutating func setConstant(_ constant: Double, for constraint: Constraint) throws {
        guard let t = tag(of: constraint) else { throw SolverError.unknownConstraint(constraint) }
        try refactorIfDrifting()
        try setConstant(constant, tag: t)
    }

    /// Sets the constant of the constraint of an installed tag (an object's or a value's).
    mutating func setConstant(_ constant: Double, tag t: Int32) throws {
        guard constant.isFinite else { throw SolverError.nonFiniteValue(constant) }
        let oldConstant = tags[Int(t)].constant
        let marker = tags[Int(t)].marker
        let delta = constant - oldConstant
        if delta == 0 { return }
        if symbols[Int(marker)].kind == .dummy && symbols[Int(marker)].row >= 0 {
            // A redundant required equality: its marker carries no column. Take it out and put it
            // back with the new constant.
            try reinstall(tag: t, constant: constant, oldConstant: oldConstant)
            return
        }
        shiftMarker(t, by: delta)
        tags[Int(t)].constant = constant
        do {
            try dualOptimize()
        } catch {
            shiftMarker(t, by: -delta)
            tags[Int(t)].constant = oldConstant
            do { try dualOptimize() } catch {
                // The old constant held, so the rows derived again for it hold too, up to what
                // rounding the move and its undoing left.
                do { try refactor() } catch {
                    throw SolverError.internalError("restoring the constant of constraint \(t) failed")
                }
            }
            // A repair that ran out of pivots says so; only a row no symbol could repair means
            // that the constraint cannot hold at `constant`.
            if let failure = error as? SolverError { throw failure }
            throw unsatisfiable(tag: t, constant: constant)
        }
    }

    /// Takes an installed constraint out and puts it back at `constant`, or at `oldConstant`
    /// when it cannot hold at `constant` (then throws why). A value constraint keeps its tag, so
    /// that its handle stays valid.
    private mutating func reinstall(tag t: Int32, constant: Double, oldConstant: Double) throws {
        let target = batchTarget(ofTag: t)
        try takeOut(target, tag: t)
        guard try putBack(target, constant: constant) else {
            // Hostile numbers may leave it missing by more than the tolerance at its old
            // constant too: it then goes back without that test (`forceBack`).
            if try !putBack(target, constant: oldConstant) {
                do { try forceBack([(target, oldConstant)]) } catch {
                    if case let .value(v) = target, tags[Int(v)].id != nil { releaseValueTag(v) }
                    throw SolverError.internalError("restoring the constant of constraint \(t) failed; it was taken out")
                }
            }
            throw unsatisfiable(tag: installedTag(target), constant: constant)
        }
    }

    /// The error for the installed constraint of tag `t`, which cannot hold at `constant`.
    private mutating func unsatisfiable(tag t: Int32, constant: Double) -> SolverError {
        if let reference = tagConstraints[Int(t)] { return unsatisfiable(reference.takeUnretainedValue(), constant: constant) }
        // The value constraint as written, with the constant that was refused.
        var names: [Int32: Variable] = [:]
        let c = described(tag: t, constant: constant, names: &names)
        return unsatisfiable(described: c, constant: constant, names: &names, excluding: t)
    }

    // MARK: - Edit variables

    mutating func addEditVariable(_ variable: Variable, priority: Priority) throws {
        let key = ObjectIdentifier(variable)
        guard edits[key] == nil else { throw SolverError.duplicateEditVariable(variable) }
        guard priority.isValid else { throw SolverError.invalidPriority(priority) }
        guard !priority.isRequired else { throw SolverError.requiredEditVariable(variable) }
        let constraint = Constraint(variable.expression, .equal, priority: priority)
        try add(constraint)
        edits[key] = (variable, tag(of: constraint)!, 0)
    }

    mutating func removeEditVariable(_ variable: Variable) throws {
        guard let edit = edits.removeValue(forKey: ObjectIdentifier(variable)) else {
            throw SolverError.unknownEditVariable(variable)
        }
        try remove(constraint(ofTag: edit.tag))
    }

    mutating func hasEditVariable(_ variable: Variable) -> Bool { edits[ObjectIdentifier(variable)] != nil }

    mutating func suggestValue(_ value: Double, for variable: Variable) throws {
        let key = ObjectIdentifier(variable)
        guard let edit = edits[key] else { throw SolverError.unknownEditVariable(variable) }
        guard value.isFinite else { throw SolverError.nonFiniteValue(value) }
        let delta = value - edit.value
        if delta == 0 { return }
        try refactorIfDrifting()
        edits[key]!.value = value
        // The edit constraint is `variable - value == 0`: its constant moves by -delta.
        shiftMarker(edit.tag, by: -delta)
        tags[Int(edit.tag)].constant -= delta
        do { try dualOptimize() } catch {
            // An edit is never required, so only rounding fails here: the old value comes back.
            edits[key]!.value = edit.value
            shiftMarker(edit.tag, by: delta)
            tags[Int(edit.tag)].constant += delta
            do { try dualOptimize() } catch {
                throw SolverError.internalError("restoring the suggested value of an edit variable failed")
            }
            throw SolverError.internalError("the dual simplex failed on a suggested value")
        }
    }
}
