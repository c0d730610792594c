// The value API of the solver: variables it owns (`VariableHandle`) and constraints as values
// (`LinearConstraint`), installed under a `ConstraintHandle`. A system built and dropped per
// layout (a table cell's) then allocates no object per variable or constraint, and solving
// writes no objects: values are read from the solver.

extension Solver {
    /// Makes a variable that this solver owns.
    ///
    /// ```swift
    /// let solver = Solver()
    /// let left = solver.makeVariable("left"), width = solver.makeVariable("width")
    /// try solver.add(left == 20)
    /// try solver.add(left + width <= 300)
    /// try solver.add((width == 400).priority(.defaultHigh))
    /// solver.value(of: width)   // 280
    /// ```
    ///
    /// - Parameter name: a name for descriptions and errors; without one the variable reads
    ///   `v` and its number.
    /// - Complexity: amortised O(1); no allocation unless the variable is named.
    public func makeVariable(_ name: String = "") -> VariableHandle {
        if mode != .general {
            beginValues()
            if mode == .small, let handle = small.makeVariable(named: name) { return handle }
            general()
        }
        return tableau.makeVariable(named: name)
    }

    /// The current solution's value of a variable this solver owns (0 for any other handle).
    /// No ``updateVariables()`` is needed: the solution is brought up to date on demand.
    public func value(of variable: VariableHandle) -> Double {
        if mode == .small {
            settleSmall()
            if mode == .small { return small.owns(variable) ? small.value(of: variable.symbol) : 0 }
        }
        guard tableau.owns(variable) else { return 0 }
        return tableau.value(of: variable.symbol)
    }

    /// Installs a value constraint over variables this solver owns.
    /// - Returns: the handle that names the installed constraint.
    /// - Throws: ``SolverError/foreignVariable(_:)`` for a variable of another solver,
    ///   ``SolverError/invalidPriority(_:)``, ``SolverError/nonFiniteConstraint(_:)``, or
    ///   ``SolverError/unsatisfiableConstraint(_:conflicts:)`` when it is required and cannot hold
    ///   with the required constraints installed. The constraints these errors carry are
    ///   descriptions (objects made for the error, whose variables bear the handles' names). The
    ///   solver is unchanged then (see ``SolverError``).
    @discardableResult
    public func add(_ constraint: LinearConstraint) throws -> ConstraintHandle {
        if mode != .general {
            beginValues()
            if mode == .small {
                do {
                    return try small.add(constraint)
                } catch {
                    // The general tableau makes the call, and reports its errors.
                    promote()
                }
            }
        }
        return try tableau.add(constraint)
    }

    /// Takes an installed value constraint out; its handle names nothing afterwards.
    /// - Throws: ``SolverError/unknownConstraintHandle(_:)``.
    public func remove(_ constraint: ConstraintHandle) throws {
        if mode == .small {
            guard let t = small.tag(of: constraint) else { throw SolverError.unknownConstraintHandle(constraint) }
            do {
                return try small.remove(tag: t)
            } catch {
                promote()
            }
        }
        guard let t = tableau.tag(of: constraint) else { throw SolverError.unknownConstraintHandle(constraint) }
        try tableau.refactorIfDrifting()
        try tableau.remove(tag: t)
    }

    /// Whether the handle names a constraint installed in this solver.
    public func contains(_ constraint: ConstraintHandle) -> Bool {
        mode == .small ? small.tag(of: constraint) != nil : tableau.tag(of: constraint) != nil
    }

    /// Changes the constant of an installed value constraint's expression (its left side minus
    /// its right side) in place, as ``setConstant(_:for:)-(_,Constraint)`` does for an object.
    /// The handle stays valid.
    /// - Throws: ``SolverError/unknownConstraintHandle(_:)``, ``SolverError/nonFiniteValue(_:)``,
    ///   or ``SolverError/unsatisfiableConstraint(_:conflicts:)`` (the old constant stays then).
    public func setConstant(_ constant: Double, for constraint: ConstraintHandle) throws {
        // The small tableau has no dual simplex: a new constant moves the system to the general one.
        if mode == .small && small.tag(of: constraint) != nil { promote() }
        guard let t = tableau.tag(of: constraint) else { throw SolverError.unknownConstraintHandle(constraint) }
        try tableau.refactorIfDrifting()
        try tableau.setConstant(constant, tag: t)
    }

    /// Sets the constants of several installed value constraints and re-solves once, as
    /// the `setConstants(_:)` of constraint objects does: all or nothing, and
    /// changes that hold only together (a required equality and one it implies) hold. The
    /// handles stay valid.
    /// - Throws: ``SolverError/unknownConstraintHandle(_:)`` or ``SolverError/nonFiniteValue(_:)``
    ///   before anything moves, or ``SolverError/unsatisfiableConstraint(_:conflicts:)`` naming
    ///   the first change that cannot hold with the ones before it (then no constant changes).
    public func setConstants(_ changes: [(ConstraintHandle, Double)]) throws {
        if mode == .small && changes.contains(where: { small.tag(of: $0.0) != nil }) { promote() }
        var targets: [(Tableau.BatchTarget, Double)] = []
        targets.reserveCapacity(changes.count)
        for (handle, constant) in changes {
            guard let t = tableau.tag(of: handle) else { throw SolverError.unknownConstraintHandle(handle) }
            guard constant.isFinite else { throw SolverError.nonFiniteValue(constant) }
            targets.append((.value(t), constant))
        }
        try tableau.setConstants(targets)
    }

    /// The constant the solver holds for an installed value constraint's expression, or nil.
    public func constant(for constraint: ConstraintHandle) -> Double? {
        mode == .small ? small.tag(of: constraint).map { small.constant(ofTag: $0) }
            : tableau.tag(of: constraint).map { tableau.tags[Int($0)].constant }
    }
}
