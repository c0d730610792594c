// Changing several constants at once (`setConstants`), for constraint objects and value
// constraints alike: the markers move together and the dual simplex repairs the solution once.

extension Tableau {
    /// What a batch of constants names: a constraint object, or a value constraint by its tag
    /// (which stays its own through the batch, so that its handle stays valid).
    enum BatchTarget {
        case object(Constraint)
        case value(Int32)

        func isSame(as other: BatchTarget) -> Bool {
            switch (self, other) {
            case let (.object(a), .object(b)): return a === b
            case let (.value(a), .value(b)): return a == b
            default: return false
            }
        }
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
    ///    ones before it. Those are put back too, and its error is thrown. If none is to blame
    ///    (rounding failed the joint repair), the batch stands as applied one at a time.
    ///
    /// Value targets must name installed value constraints (`Solver` checks their handles).
    mutating func setConstants(_ changes: [(BatchTarget, Double)]) throws {
        // 1. The checks.
        for (target, constant) in changes {
            if case let .object(c) = target, tag(of: c) == nil { throw SolverError.unknownConstraint(c) }
            guard constant.isFinite else { throw SolverError.nonFiniteValue(constant) }
        }
        try refactorIfDrifting()
        // 2. The redundant equalities out, with their constants before and after.
        var redundant: [(target: BatchTarget, old: Double, new: Double)] = []
        for (target, constant) in changes {
            if let k = redundant.firstIndex(where: { $0.target.isSame(as: target) }) {
                redundant[k].new = constant
                continue
            }
            let t = installedTag(target)
            let marker = tags[Int(t)].marker
            guard symbols[Int(marker)].kind == .dummy && symbols[Int(marker)].row >= 0,
                  tags[Int(t)].constant != constant else { continue }
            redundant.append((target, tags[Int(t)].constant, constant))
            try takeOut(target, tag: t)
        }
        var applied: [(tag: Int32, old: Double, delta: Double)] = []
        applied.reserveCapacity(changes.count)
        var readded = 0
        do {
            // 3. The moves, with what undoes them.
            for (target, constant) in changes where !redundant.contains(where: { $0.target.isSame(as: target) }) {
                let t = installedTag(target)
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
                guard try putBack(r.target, constant: r.new) else { throw DualOptimizeFailure() }
                readded += 1
            }
        } catch {
            // 6. Back to where the batch started, then the change to blame (a repair that ran out
            //    of pivots blames none).
            try restore(applied, redundant, readded: readded)
            if let failure = error as? SolverError { throw failure }
            if let failure = blame(changes) { throw failure }
        }
    }

    /// The target that names the constraint of an installed tag.
    mutating func batchTarget(ofTag t: Int32) -> BatchTarget {
        tagConstraints[Int(t)].map { .object($0.takeUnretainedValue()) } ?? .value(t)
    }

    /// The tag of a target known to be installed (checked in step 1, or by `Solver`).
    mutating func installedTag(_ target: BatchTarget) -> Int32 {
        switch target {
        case let .object(c): return tag(of: c)!
        case let .value(t): return t
        }
    }

    /// Takes a constraint out to put it back (a redundant equality whose constant changes); a
    /// value constraint keeps its tag.
    mutating func takeOut(_ target: BatchTarget, tag t: Int32) throws {
        switch target {
        case .object: try remove(tag: t, inBatch: true)
        case .value: try remove(tag: t, keepingTag: true, inBatch: true)
        }
    }

    /// Puts a taken-out constraint back at `constant`; false, with the tableau as it was, when it
    /// cannot hold there.
    mutating func putBack(_ target: BatchTarget, constant: Double) throws -> Bool {
        switch target {
        case let .object(c): return try install(c, constant: constant)
        case let .value(t): return try reinstallValueConstraint(t, constant: constant)
        }
    }

    /// Undoes the moves of a failed batch: the redundant equalities put back so far come out,
    /// the shifted markers move back (last first), and every redundant equality goes back at its
    /// old constant.
    ///
    /// Should that fail too (hostile numbers: coefficients of 1e15 beside 1e-9, where putting a
    /// redundant equality back at its old constant leaves a miss past the tolerance), the
    /// equalities still out go back without that test and the rows are derived again
    /// (`forceBack`), so that the installed constraints are still the ones the batch found.
    /// Only if that fails as well is a value constraint still out given up: its tag is freed
    /// (its markers were dropped, and a tag kept with them would name another constraint's
    /// symbols), and the error says how many were taken out.
    private mutating func restore(_ applied: [(tag: Int32, old: Double, delta: Double)],
                                  _ redundant: [(target: BatchTarget, old: Double, new: Double)],
                                  readded: Int) throws {
        var isOut = redundant.indices.map { $0 >= readded }
        do {
            for k in (0..<readded).reversed() {
                try takeOut(redundant[k].target, tag: installedTag(redundant[k].target))
                isOut[k] = true
            }
            for a in applied.reversed() {
                shiftMarker(a.tag, by: -a.delta)
                tags[Int(a.tag)].constant = a.old
            }
            try dualOptimize()
            for k in redundant.indices {
                guard try putBack(redundant[k].target, constant: redundant[k].old) else { throw DualOptimizeFailure() }
                isOut[k] = false
            }
        } catch {
            let out = redundant.indices.filter { isOut[$0] }.map { (redundant[$0].target, redundant[$0].old) }
            do {
                try forceBack(out)
            } catch {
                for (target, _) in out {
                    if case let .value(t) = target, tags[Int(t)].id != nil { releaseValueTag(t) }
                }
                throw SolverError.internalError("restoring constants after a failed batch failed; "
                                                + "\(out.count) redundant equalities of the batch were taken out")
            }
        }
    }

    /// The last resort of `restore` (a failed batch) and of `reinstall` (one failed constant):
    /// each redundant equality still out goes back at its old constant as a tag with a fresh
    /// dummy marker and no row, and every row is written again as a fresh solver would add the
    /// installed constraints (`refactor(keepingBasis: false)`, Tableau+Rebuild.swift). An
    /// equality the rows before it leave no room for goes in with its miss taken for rounding
    /// (`placeConflicting(tag:)`), as the rebuild does for any constraint drifted rows had let
    /// in. The rows then hold the constraints the failed call found, at the constants it found
    /// them with.
    ///
    /// The test it skips is the one that refused: the equality held when it went in, and what
    /// it misses by now is rounding that the moves and their undoing left (FuzzSolver's
    /// `fixed-failed-restore`, where a batch's constant of 9e15 meets coefficients of 1e-9).
    /// The basis is not kept: the failed call's pivots have moved it. With none out, only the
    /// rows are written again (a failed undoing, or a constant set on its tag by `blame`).
    mutating func forceBack(_ out: [(target: BatchTarget, old: Double)]) throws {
        // Mid-add (an artificial phase a failed put-back left), no refactorization can run.
        guard artificialSlot < 0 else { throw DualOptimizeFailure() }
        forcedBack += 1
        for (target, old) in out {
            // The tag as `installAccumulated` makes it: the marker stands for `scale` units.
            beginAccumulator(constant: old)
            switch target {
            case let .object(c): c.forEachTerm { variable, coefficient in accumulate(symbol(for: variable), coefficient) }
            case let .value(t): accumulateTerms(ofValueTag: t)
            }
            let marker = newSymbol(.dummy)
            var tag = Tag(id: nil, marker: marker, other: -1, markerCoefficient: Tableau.rowScale(largest: accumulatorLargest()),
                          constant: old, priority: Priority.required.rawValue)
            let t: Int32
            switch target {
            case let .object(c):
                tag.id = ObjectIdentifier(c)
                t = storeTag(tag, c)
            case let .value(v):
                tag.id = Tableau.valueTagID
                tags[Int(v)] = tag
                t = v
            }
            registerBound(tag: t)
        }
        try refactor(keepingBasis: false)
    }

    /// The error of the first change of a failed batch that cannot hold with the changes before
    /// it, applied one at a time; the solver is left as it was. Runs only after a batch failed.
    /// - Returns: nil when every change holds applied that way, which leaves the batch applied:
    ///   the joint repair failed on rounding alone (hostile numbers: coefficients of 1e15 beside
    ///   1e-9, where `restore` had to write the rows again), and the constants the batch asked
    ///   for hold together.
    private mutating func blame(_ changes: [(BatchTarget, Double)]) -> SolverError? {
        var done: [(target: BatchTarget, old: Double)] = []
        var found: SolverError?
        for (target, constant) in changes {
            let old = tags[Int(installedTag(target))].constant
            do {
                try setConstant(constant, tag: installedTag(target))
                done.append((target, old))
            } catch let error as SolverError {
                found = error
                break
            } catch {
                found = .internalError("\(error)")
                break
            }
        }
        guard found != nil else { return nil }
        for d in done.reversed() {
            guard let t = liveTag(d.target) else { return .internalError("restoring constants after a failed batch failed") }
            do { try setConstant(d.old, tag: t) } catch {
                // Hostile numbers can refuse the old constant too (`setConstant` then keeps the
                // new one): it is set on the tag and every row is written again from the
                // constraints, as they stood before the batch (FuzzSolver's
                // `fixed-failed-restore-3`, a constant of 1.4e10 left for one of 3e-9).
                guard let t = liveTag(d.target) else { return .internalError("restoring constants after a failed batch failed") }
                tags[Int(t)].constant = d.old
                do { try forceBack([]) } catch {
                    return .internalError("restoring constants after a failed batch failed")
                }
            }
        }
        return found
    }

    /// The tag of a target, or nil once a failed undoing took its constraint out.
    private mutating func liveTag(_ target: BatchTarget) -> Int32? {
        switch target {
        case let .object(c): return tag(of: c)
        case let .value(t): return tags[Int(t)].id != nil ? t : nil
        }
    }
}
