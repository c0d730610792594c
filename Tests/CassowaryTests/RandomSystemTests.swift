import Cassowary
import TestSupport
import Testing

/// Seeded random systems and operation sequences, checked after every step against the dense
/// lexicographic LP in `ReferenceLP`: the required constraints hold, each priority level's sum of
/// violations is the reference optimum, and an unsatisfiable change is refused exactly when the
/// reference finds the required constraints infeasible.
@Suite struct RandomSystemTests {
    static let priorities: [Double] = [1000, 1000, 1000, 999, 751, 750, 250, 251, 50]
    /// Twelve priorities below required, for systems of more objective levels than the tableau
    /// makes room for at first (8 per symbol), made in random order.
    static let manyPriorities: [Double] = [1000, 1000, 999, 900, 800, 751, 750, 700, 500, 300, 251, 250, 100, 50]

    final class Model {
        var rng: SeededGenerator
        let variables: [Variable]
        /// Every other seed keeps its values incrementally, as systems of 128 rows and more do.
        let solver: Solver
        /// Installed constraints with the constant the solver holds for them.
        var installed: [(Constraint, Double)] = []
        var edits: [(Variable, Constraint, Double)] = []

        /// Linked systems relate two or three variables per constraint, mostly by equalities, as
        /// layouts do (chains of edges), on more variables.
        let linked: Bool
        /// Bounded systems make every other constraint a bound, `x >= c` or `x <= c` (required or
        /// not, as the compression floors and hugging caps of layouts are), with constants that
        /// make negative solutions and bounds that conflict with each other and with the rows.
        let bounded: Bool
        /// Systems of up to twelve priority levels (`manyPriorities`).
        let manyLevels: Bool
        /// Redundant systems make a third of their constraints required equalities implied by
        /// installed ones (a multiple of one, or the sum of two: the tableau keeps such an
        /// equality as a row of dummies), now and then off by a constant (then unsatisfiable),
        /// and put back constraints they removed.
        let redundant: Bool
        /// Constraints taken out, for redundant systems to put back.
        var removed: [Constraint] = []

        init(seed: UInt64, linked: Bool = false, bounded: Bool = false, manyLevels: Bool = false, redundant: Bool = false) {
            rng = SeededGenerator(seed: seed)
            solver = seed % 2 == 0 ? Solver(incrementalValuesFromRows: 0) : Solver()
            self.linked = linked
            self.bounded = bounded
            self.manyLevels = manyLevels
            self.redundant = redundant
            let n = linked ? Int.random(in: 5...8, using: &rng) : Int.random(in: 2...4, using: &rng)
            variables = (0..<n).map { Variable("x\($0)") }
        }

        func randomConstraint() -> Constraint {
            if bounded && Bool.random(using: &rng) { return randomBound() }
            if redundant && Int.random(in: 0..<3, using: &rng) == 0, let c = impliedEquality() { return c }
            var terms: [Term] = []
            if linked {
                let picked = variables.shuffled(using: &rng).prefix(Int.random(in: 1...3, using: &rng))
                for v in picked {
                    let c = Double([1, -1, 1, -1, 2, -2].randomElement(using: &rng)!)
                    terms.append(Term(v, c))
                }
            } else {
                for v in variables where Bool.random(using: &rng) || terms.isEmpty {
                    let c = Double(Int.random(in: -3...3, using: &rng))
                    if c != 0 { terms.append(Term(v, c)) }
                }
            }
            if terms.isEmpty { terms.append(Term(variables[0], 1)) }
            let constant = Double(Int.random(in: -20...20, using: &rng))
            let relation = [Relation.equal, .lessThanOrEqual, .greaterThanOrEqual].randomElement(using: &rng)!
            let priority = (manyLevels ? RandomSystemTests.manyPriorities : RandomSystemTests.priorities).randomElement(using: &rng)!
            return Constraint(Expression(terms, constant: constant), relation, priority: Priority(priority))
        }

        /// A single-variable inequality (now and then an equality), `k * x + c relation 0`.
        func randomBound() -> Constraint {
            let v = variables.randomElement(using: &rng)!
            let k = Double([1, 1, 1, -1, 2].randomElement(using: &rng)!)
            let constant = Double(Int.random(in: -40...40, using: &rng))
            let relation = [Relation.lessThanOrEqual, .greaterThanOrEqual, .lessThanOrEqual, .greaterThanOrEqual, .equal]
                .randomElement(using: &rng)!
            let priority = [1000.0, 1000, 750, 250, 50].randomElement(using: &rng)!
            return Constraint(Expression([Term(v, k)], constant: constant), relation, priority: Priority(priority))
        }

        /// A required equality implied by one or two installed ones (each at the constant the
        /// solver holds for it), one time in eight off by 1; nil when none is installed.
        func impliedEquality() -> Constraint? {
            let equalities = installed.filter { $0.0.relation == .equal && $0.0.priority.isRequired }
            guard let first = equalities.randomElement(using: &rng) else { return nil }
            var e = Expression(first.0.expression.terms, constant: first.1) * Double([1, 2, -1, 0.5].randomElement(using: &rng)!)
            if Bool.random(using: &rng), let second = equalities.randomElement(using: &rng) {
                e = e + Expression(second.0.expression.terms, constant: second.1)
            }
            if Int.random(in: 0..<8, using: &rng) == 0 { e.constant += 1 }
            return e == 0
        }

        /// Checks that a refused required constraint names a minimal conflict set: the set cannot
        /// hold with the constraint, and it can without any one of its members.
        func checkConflicts(_ error: SolverError, _ c: Constraint, _ constant: Double, _ step: String) {
            guard case let .unsatisfiableConstraint(_, conflicts) = error, !conflicts.isEmpty else { return }
            let held = Dictionary(system.map { (ObjectIdentifier($0.0), $0.1) }, uniquingKeysWith: { a, _ in a })
            let set = conflicts.map { ($0, held[ObjectIdentifier($0)] ?? $0.expression.constant) }
            #expect(ReferenceLP.lexicographicViolations(set + [(c, constant)], variables: variables) == nil,
                    "\(step): the conflicts of \(c) can hold with it: \(conflicts)")
            for i in set.indices {
                var smaller = set
                smaller.remove(at: i)
                #expect(ReferenceLP.lexicographicViolations(smaller + [(c, constant)], variables: variables) != nil,
                        "\(step): the conflicts of \(c) are not minimal without \(set[i].0)")
            }
        }

        var system: [(Constraint, Double)] {
            installed + edits.map { ($0.1, -$0.2) }
        }

        func referenceAccepts(_ extra: [(Constraint, Double)], without: Constraint? = nil) -> Bool {
            let set = system.filter { $0.0 !== without } + extra
            return ReferenceLP.lexicographicViolations(set, variables: variables) != nil
        }

        /// Compares the solver's current solution with the reference optimum.
        func check(_ step: String) {
            expectMatchesReference(solver, system, variables: variables, step)
        }
    }

    @Test(arguments: 0..<8)
    func randomSystemsMatchTheReference(batch: Int) throws {
        for k in 0..<300 {
            try run(Model(seed: UInt64(batch * 1000 + k)), constraints: 3...8)
        }
    }

    @Test(arguments: 0..<4)
    func linkedSystemsMatchTheReference(batch: Int) throws {
        for k in 0..<200 {
            try run(Model(seed: UInt64(100_000 + batch * 1000 + k), linked: true), constraints: 6...14)
        }
    }

    @Test(arguments: 0..<4)
    func boundedSystemsMatchTheReference(batch: Int) throws {
        for k in 0..<80 {
            try run(Model(seed: UInt64(200_000 + batch * 1000 + k), linked: k % 2 == 0, bounded: true), constraints: 5...12)
        }
    }

    /// More levels than the objective has room for at first: its coefficients are widened and
    /// levels inserted between others, in every order.
    @Test(arguments: 0..<2)
    func manyLevelSystemsMatchTheReference(batch: Int) throws {
        for k in 0..<120 {
            try run(Model(seed: UInt64(300_000 + batch * 1000 + k), linked: true, manyLevels: true), constraints: 12...20)
        }
    }

    /// Redundant required equalities (see `Model.redundant`), taken out and put back: the rows
    /// of dummies they make must stay rows of dummies through removes that pivot through them.
    @Test(arguments: 0..<4)
    func redundantSystemsMatchTheReference(batch: Int) throws {
        for k in 0..<150 {
            try run(Model(seed: UInt64(400_000 + batch * 1000 + k), linked: true, redundant: true), constraints: 8...16)
        }
    }

    /// A system and its copy with each required constraint multiplied by 1, 1e3, 1e-3 or 1e6
    /// (its rows are scaled back, see `Tableau.rowScale`): the copy accepts and refuses alike,
    /// holds every required constraint, and reaches the original's optimum at every level. (A
    /// scaled non-required constraint counts its violation divided by its scale, so those are
    /// left as they are. The dense reference LP itself is not exact at these magnitudes, so the
    /// original is the reference here; the tests above check it against the LP.)
    @Test(arguments: 0..<2)
    func scaledSystemsMatchTheirOriginals(batch: Int) throws {
        for k in 0..<150 {
            let model = Model(seed: UInt64(500_000 + batch * 1000 + k), linked: k % 2 == 0, bounded: k % 3 == 0)
            let factors: [Double] = [1, 1e3, 1e-3, 1e6]
            let original = Solver(), copy = Solver()
            var pairs: [(Constraint, Constraint)] = []
            for step in 0..<Int.random(in: 6...14, using: &model.rng) {
                let c = model.randomConstraint()
                let factor = c.priority.isRequired ? factors.randomElement(using: &model.rng)! : 1
                let scaled = Constraint(c.expression * factor, c.relation, priority: c.priority)
                let a = (try? original.add(c)) != nil
                let b = (try? copy.add(scaled)) != nil
                #expect(a == b, "seed \(k) step \(step): \(c) accepted \(a), scaled by \(factor) \(b)")
                if a && b { pairs.append((c, scaled)) }
            }
            if !pairs.isEmpty, Bool.random(using: &model.rng) {
                let i = Int.random(in: pairs.indices, using: &model.rng)
                try original.remove(pairs[i].0)
                try copy.remove(pairs[i].1)
                pairs.remove(at: i)
            }
            expectSound(copy)
            copy.updateVariables()
            var levels: [Double: Double] = [:]
            for (_, c) in pairs {
                let v = violation(of: c)
                if c.priority.isRequired {
                    #expect(v < 1e-6 * max(1, abs(c.expression.constant)), "seed \(k): required \(c) violated by \(v)")
                } else {
                    levels[c.priority.rawValue, default: 0] += v
                }
            }
            for (p, v) in original.violationsByPriority where p.rawValue < 1000 {
                let got = levels[p.rawValue] ?? 0
                #expect(abs(got - v) <= 1e-6 * (1 + abs(v)), "seed \(k): level \(p.rawValue): \(got), the original \(v)")
            }
        }
    }

    func run(_ model: Model, constraints: ClosedRange<Int>) throws {
        do {
            let seed = model.rng.state
            let count = Int.random(in: constraints, using: &model.rng)
            for _ in 0..<count {
                let c = model.randomConstraint()
                do {
                    try model.solver.add(c)
                    model.installed.append((c, c.expression.constant))
                } catch let error as SolverError {
                    guard case .unsatisfiableConstraint = error else { throw error }
                    #expect(!model.referenceAccepts([(c, c.expression.constant)]), "seed \(seed): refused \(c)")
                    model.checkConflicts(error, c, c.expression.constant, "seed \(seed)")
                }
            }
            model.check("seed \(seed) after adding")
            // A sequence of changes.
            for step in 0..<6 {
                let label = "seed \(seed) step \(step)"
                switch Int.random(in: 0..<4, using: &model.rng) {
                case 0 where !model.installed.isEmpty:
                    let i = Int.random(in: model.installed.indices, using: &model.rng)
                    try model.solver.remove(model.installed[i].0)
                    model.removed.append(model.installed.remove(at: i).0)
                case 1 where !model.installed.isEmpty:
                    let i = Int.random(in: model.installed.indices, using: &model.rng)
                    let c = model.installed[i].0
                    let constant = Double(Int.random(in: -20...20, using: &model.rng))
                    do {
                        try model.solver.setConstant(constant, for: c)
                        model.installed[i].1 = constant
                    } catch SolverError.unsatisfiableConstraint {
                        let others = model.installed.filter { $0.0 !== c }
                        let accepted = ReferenceLP.lexicographicViolations(
                            others + model.edits.map { ($0.1, -$0.2) } + [(c, constant)], variables: model.variables) != nil
                        #expect(!accepted, "\(label): refused constant \(constant) for \(c)")
                    }
                case 2:
                    let v = model.variables.randomElement(using: &model.rng)!
                    let value = Double(Int.random(in: -30...30, using: &model.rng))
                    if let e = model.edits.firstIndex(where: { $0.0 === v }) {
                        try model.solver.suggestValue(value, for: v)
                        model.edits[e].2 = value
                    } else {
                        let p = Priority([999.0, 500, 100].randomElement(using: &model.rng)!)
                        try model.solver.addEditVariable(v, priority: p)
                        try model.solver.suggestValue(value, for: v)
                        model.edits.append((v, Constraint(v.expression, .equal, priority: p), value))
                    }
                default:
                    let c = model.redundant && !model.removed.isEmpty && Bool.random(using: &model.rng)
                        ? model.removed.removeLast() : model.randomConstraint()
                    do {
                        try model.solver.add(c)
                        model.installed.append((c, c.expression.constant))
                    } catch let error as SolverError {
                        guard case .unsatisfiableConstraint = error else { throw error }
                        #expect(!model.referenceAccepts([(c, c.expression.constant)]), "\(label): refused \(c)")
                        model.checkConflicts(error, c, c.expression.constant, label)
                    }
                }
                model.check(label)
            }
        }
    }
}
