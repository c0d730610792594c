// Explaining an unsatisfiable required constraint: a deletion filter over the installed required
// constraints that share variables with it, each test solved in a scratch tableau.

extension Tableau {
    /// The largest number of installed constraints the deletion filter examines; beyond it the
    /// error carries no conflicts rather than taking long.
    static let conflictSearchLimit = 96

    /// The error for a constraint object that cannot hold at `constant`, with its conflicts
    /// among the installed constraint objects (value constraints share no variable with it).
    func unsatisfiable(_ constraint: Constraint, constant: Double) -> SolverError {
        guard usesCaches else { return .unsatisfiableConstraint(constraint, conflicts: []) }
        var installed: [(Constraint, Double)] = []
        for t in tags.indices {
            guard let reference = tagConstraints[t] else { continue }
            let c = reference.takeUnretainedValue()
            if c.priority.isRequired && c !== constraint { installed.append((c, tags[t].constant)) }
        }
        return .unsatisfiableConstraint(constraint, conflicts: Tableau.conflicts(with: constraint, constant: constant, among: installed))
    }

    /// The error for a value constraint that cannot hold at `constant`: the constraint and its
    /// conflicts among the installed value constraints, described as constraint objects.
    mutating func unsatisfiable(_ constraint: LinearConstraint, constant: Double) -> SolverError {
        var names: [Int32: Variable] = [:]
        let c = described(constraint, names: &names)
        return unsatisfiable(described: c, constant: constant, names: &names, excluding: -1)
    }

    /// The error for a value constraint already described as `c` (with the variables of
    /// `names`), with its conflicts among the installed value constraints but the one of tag
    /// `excluded` (its own, when a new constant was refused; -1 for none).
    mutating func unsatisfiable(described c: Constraint, constant: Double, names: inout [Int32: Variable],
                                excluding excluded: Int32) -> SolverError {
        guard usesCaches else { return .unsatisfiableConstraint(c, conflicts: []) }
        var installed: [(Constraint, Double)] = []
        for t in tags.indices where tags[t].id == Tableau.valueTagID && Int32(t) != excluded
            && Priority(tags[t].priority).isRequired {
            installed.append((described(tag: Int32(t), constant: tags[t].constant, names: &names), tags[t].constant))
        }
        return .unsatisfiableConstraint(c, conflicts: Tableau.conflicts(with: c, constant: constant, among: installed))
    }

    /// A smallest set of `installed` required constraints (each with the constant the solver
    /// holds for it) that cannot hold together with `constraint` at `constant`, or [] when none
    /// is found within the search limit.
    static func conflicts(with constraint: Constraint, constant: Double, among installed: [(Constraint, Double)]) -> [Constraint] {
        // Required constraints connected to this one through shared variables.
        var byVariable: [ObjectIdentifier: [Constraint]] = [:]
        for (c, _) in installed {
            c.forEachTerm { v, _ in byVariable[ObjectIdentifier(v), default: []].append(c) }
        }
        var seenVariables = Set<ObjectIdentifier>()
        var seenConstraints = Set<ObjectIdentifier>()
        var queue: [Variable] = []
        constraint.forEachTerm { v, _ in queue.append(v) }
        var candidates: [Constraint] = []
        while let v = queue.popLast() {
            guard seenVariables.insert(ObjectIdentifier(v)).inserted else { continue }
            for c in byVariable[ObjectIdentifier(v)] ?? [] where seenConstraints.insert(ObjectIdentifier(c)).inserted {
                candidates.append(c)
                if candidates.count > Tableau.conflictSearchLimit { return [] }
                c.forEachTerm { v, _ in queue.append(v) }
            }
        }
        var constants: [ObjectIdentifier: Double] = [:]
        for (c, constant) in installed { constants[ObjectIdentifier(c)] = constant }
        func failsWith(_ set: [Constraint]) -> Bool {
            var scratch = Tableau(identity: ObjectIdentifier(ScratchOwner.self), usesCaches: false)
            defer { scratch.deallocate() }
            do {
                for c in set { try scratch.add(c, constant: constants[ObjectIdentifier(c)]) }
                try scratch.add(constraint, constant: constant)
                return false
            } catch {
                return true
            }
        }
        guard failsWith(candidates) else { return [] }
        var i = 0
        while i < candidates.count {
            var without = candidates
            without.remove(at: i)
            if failsWith(without) { candidates = without } else { i += 1 }
        }
        return candidates
    }
}

private enum ScratchOwner {}
