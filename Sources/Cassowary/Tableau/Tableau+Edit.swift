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
    private mutating func shiftMarker(_ t: Int32, by delta: Double) {
        let shift = delta / tags[Int(t)].markerCoefficient
        let m = tags[Int(t)].marker
        let slot = symbols[Int(m)].row
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
                throw SolverError.internalError("restoring the constant of constraint \(t) failed")
            }
            throw unsatisfiable(tag: t, constant: constant)
        }
    }

    /// Takes an installed constraint out and puts it back at `constant`, or at `oldConstant`
    /// when it cannot hold at `constant` (then throws why). A value constraint keeps its tag, so
    /// that its handle stays valid.
    private mutating func reinstall(tag t: Int32, constant: Double, oldConstant: Double) throws {
        if let reference = tagConstraints[Int(t)] {
            let constraint = reference.takeUnretainedValue()
            try remove(constraint)
            do {
                try add(constraint, constant: constant)
            } catch {
                try add(constraint, constant: oldConstant)
                throw error
            }
            return
        }
        try remove(tag: t, keepingTag: true)
        guard try reinstallValueConstraint(t, constant: constant) else {
            guard try reinstallValueConstraint(t, constant: oldConstant) else {
                throw SolverError.internalError("restoring the constant of constraint \(t) failed")
            }
            throw unsatisfiable(tag: t, constant: constant)
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

    /// Sets the constants of several installed constraints, then repairs the solution once:
    /// changes that undo each other (an intrinsic size's hugging and compression constraints) cost
    /// no pivots in between. All or nothing:
    ///
    /// 1. Refuse an unknown constraint or a non-finite constant anywhere in the batch before
    ///    anything moves (a pass of cache lookups): moving markers and back again is exact only
    ///    up to rounding, which a huge constant earlier in the batch would make visible.
    /// 2. Take out the redundant required equalities of the batch (a dummy row each: their
    ///    markers carry no column to move). They hold only with the batch's other constants
    ///    (`x == 10` and `2x == 20` moved to 15 and 30 together), so they go back in step 5,
    ///    after the others moved. Taking one out frees its row and changes no other row.
    /// 3. Move the markers of the other changed constraints.
    /// 4. Repair the solution once with the dual simplex.
    /// 5. Put the redundant equalities back, each at the last constant the batch gives it.
    /// 6. If step 4 or 5 fails, put every constant back (in reverse order) and find the change to
    ///    blame: applied one at a time in the batch's order, the first that cannot hold with the
    ///    ones before it. Those are put back too, and its error is thrown.
    mutating func setConstants(_ changes: [(Constraint, Double)]) throws {
        // 1. The checks.
        for (constraint, constant) in changes {
            guard tag(of: constraint) != nil else { throw SolverError.unknownConstraint(constraint) }
            guard constant.isFinite else { throw SolverError.nonFiniteValue(constant) }
        }
        // 2. The redundant equalities out, with their constants before and after.
        var redundant: [(constraint: Constraint, old: Double, new: Double)] = []
        for (constraint, constant) in changes {
            if let k = redundant.firstIndex(where: { $0.constraint === constraint }) {
                redundant[k].new = constant
                continue
            }
            let t = tag(of: constraint)!
            let marker = tags[Int(t)].marker
            guard symbols[Int(marker)].kind == .dummy && symbols[Int(marker)].row >= 0,
                  tags[Int(t)].constant != constant else { continue }
            redundant.append((constraint, tags[Int(t)].constant, constant))
            try remove(tag: t)
        }
        var applied: [(tag: Int32, old: Double, delta: Double)] = []
        applied.reserveCapacity(changes.count)
        var readded = 0
        do {
            // 3. The moves, with what undoes them.
            for (constraint, constant) in changes {
                guard let t = tag(of: constraint) else { continue }   // taken out in step 2
                let old = tags[Int(t)].constant
                let delta = constant - old
                if delta == 0 { continue }
                shiftMarker(t, by: delta)
                tags[Int(t)].constant = constant
                applied.append((t, old, delta))
            }
            // 4. One repair.
            try dualOptimize()
            // 5. The redundant equalities back.
            for r in redundant {
                guard try install(r.constraint, constant: r.new) else { throw DualOptimizeFailure() }
                readded += 1
            }
        } catch {
            // 6. Back to where the batch started, then the change to blame.
            try restore(applied, redundant, readded: readded)
            throw blame(changes)
        }
    }

    /// Undoes the moves of a failed ``setConstants(_:)``: the redundant equalities put back so
    /// far come out, the shifted markers move back (last first), and every redundant equality
    /// goes back at its old constant.
    private mutating func restore(_ applied: [(tag: Int32, old: Double, delta: Double)],
                                  _ redundant: [(constraint: Constraint, old: Double, new: Double)],
                                  readded: Int) throws {
        do {
            for r in redundant.prefix(readded).reversed() { try remove(r.constraint) }
            for a in applied.reversed() {
                shiftMarker(a.tag, by: -a.delta)
                tags[Int(a.tag)].constant = a.old
            }
            try dualOptimize()
            for r in redundant {
                guard try install(r.constraint, constant: r.old) else { throw DualOptimizeFailure() }
            }
        } catch {
            throw SolverError.internalError("restoring constants after a failed batch failed")
        }
    }

    /// The error of the first change of a failed batch that cannot hold with the changes before
    /// it, applied one at a time; the solver is left as it was. Runs only after a batch failed.
    private mutating func blame(_ changes: [(Constraint, Double)]) -> SolverError {
        var done: [(constraint: Constraint, old: Double)] = []
        var found: SolverError?
        for (constraint, constant) in changes {
            let old = tags[Int(tag(of: constraint)!)].constant
            do {
                try setConstant(constant, for: constraint)
                done.append((constraint, old))
            } catch let error as SolverError {
                found = error
                break
            } catch {
                found = .internalError("\(error)")
                break
            }
        }
        for d in done.reversed() {
            do { try setConstant(d.old, for: d.constraint) } catch {
                return .internalError("restoring constants after a failed batch failed")
            }
        }
        return found ?? .internalError("a batch of constants failed, but each change holds on its own")
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
        edits[key]!.value = value
        // The edit constraint is `variable - value == 0`: its constant moves by -delta.
        shiftMarker(edit.tag, by: -delta)
        tags[Int(edit.tag)].constant -= delta
        do { try dualOptimize() } catch {
            throw SolverError.internalError("the dual simplex failed on a suggested value")
        }
    }
}
