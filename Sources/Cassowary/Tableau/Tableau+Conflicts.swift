// Explaining an unsatisfiable required constraint: a deletion filter over the installed required
// constraints that share variables with it, each test solved in a scratch tableau.

extension Tableau {
    /// The largest number of installed constraints the deletion filter examines; beyond it the
    /// error carries no conflicts rather than taking long.
    static let conflictSearchLimit = 96

    func unsatisfiable(_ constraint: Constraint, constant: Double) -> SolverError {
        guard usesCaches else { return .unsatisfiableConstraint(constraint, conflicts: []) }
        return .unsatisfiableConstraint(constraint, conflicts: conflicts(with: constraint, constant: constant))
    }

    /// A smallest set of installed required constraints that cannot hold together with
    /// `constraint` at `constant`, or [] when none is found within the search limit.
    func conflicts(with constraint: Constraint, constant: Double) -> [Constraint] {
        // Required constraints connected to this one through shared variables.
        var byVariable: [ObjectIdentifier: [Constraint]] = [:]
        for case let reference? in tagConstraints {
            let c = reference.takeUnretainedValue()
            guard c.priority.isRequired && c !== constraint else { continue }
            for term in c.expression.terms {
                byVariable[ObjectIdentifier(term.variable), default: []].append(c)
            }
        }
        var seenVariables = Set<ObjectIdentifier>()
        var seenConstraints = Set<ObjectIdentifier>()
        var queue = constraint.expression.terms.map(\.variable)
        var candidates: [Constraint] = []
        while let v = queue.popLast() {
            guard seenVariables.insert(ObjectIdentifier(v)).inserted else { continue }
            for c in byVariable[ObjectIdentifier(v)] ?? [] where seenConstraints.insert(ObjectIdentifier(c)).inserted {
                candidates.append(c)
                if candidates.count > Tableau.conflictSearchLimit { return [] }
                queue.append(contentsOf: c.expression.terms.map(\.variable))
            }
        }
        var constants: [ObjectIdentifier: Double] = [:]
        for t in tags where t.id != nil { constants[t.id!] = t.constant }
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
