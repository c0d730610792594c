import Cassowary
import TestSupport
import Testing

/// Random systems larger than `RandomSystemTests` makes (20-100 variables, 1.2-2.5 constraints per
/// variable) with mild coefficients (0.25-3) and mixed priorities, added in order as a greedy
/// user would: the solver must keep every required constraint it accepted, and refuse only those
/// the reference LP also finds infeasible with the required ones accepted before. Long rows
/// carry rounding, and before the tolerances of `Tableau` (drop, pivot, optimality) such
/// systems ended with values near 1e63 and a required constraint wrongly accepted, or pivoted
/// for seconds: the seeds named below did so (20-50 variables unless said).
@Suite struct MildRandomSystemTests {
    /// A system of the stress probe's "mild" kind. A third of the constraints bound one variable
    /// (`x <= c`, `x >= c` or `x == c`); the others relate one to four variables.
    static func system(seed: UInt64, variables range: ClosedRange<Int>) -> [Constraint] {
        let levels: [Double] = [999, 900, 800, 751, 750, 749, 700, 500, 300, 251, 250, 249, 100, 50, 10, 1]
        let mild: [Double] = [1, -1, 1, -1, 2, -2, 0.5, -0.5, 3, -0.25]
        var g = SeededGenerator(seed: seed)
        let n = Int.random(in: range, using: &g)
        let used = Array(levels.shuffled(using: &g).prefix(Int.random(in: 1...12, using: &g)))
        let v = (0..<n).map { Variable("v\($0)") }
        var out: [Constraint] = []
        for _ in 0..<Int(Double(n) * Double.random(in: 1.2...2.5, using: &g)) {
            if Double.random(in: 0..<1, using: &g) < 0.35 {
                let x = v[Int.random(in: 0..<n, using: &g)]
                let k = [1.0, 1, 1, -1, 2, 0.5].randomElement(using: &g)!
                let relation = [Relation.lessThanOrEqual, .greaterThanOrEqual, .lessThanOrEqual, .greaterThanOrEqual, .equal]
                    .randomElement(using: &g)!
                let p = Double.random(in: 0..<1, using: &g) < 0.35 ? 1000 : used.randomElement(using: &g)!
                let constant = Double(Int.random(in: -200...200, using: &g))
                out.append(Constraint(Expression([Term(x, k)], constant: constant), relation, priority: Priority(p)))
                continue
            }
            var terms: [Term] = []
            for _ in 0..<Int.random(in: 1...4, using: &g) {
                terms.append(Term(v[Int.random(in: 0..<n, using: &g)], mild.randomElement(using: &g)!))
            }
            let relation = [Relation.equal, .lessThanOrEqual, .greaterThanOrEqual].randomElement(using: &g)!
            let p = Double.random(in: 0..<1, using: &g) < (relation == .equal ? 0.1 : 0.25) ? 1000 : used.randomElement(using: &g)!
            let constant = Double(Int.random(in: -100...100, using: &g))
            out.append(Constraint(Expression(terms, constant: constant), relation, priority: Priority(p)))
        }
        return out
    }

    /// Adds the system in order and checks it; returns the constraints the solver accepted.
    @discardableResult
    static func check(seed: UInt64, variables range: ClosedRange<Int>, solver: Solver) throws -> [Constraint] {
        try check(system(seed: seed, variables: range), seed: seed, solver: solver)
    }

    /// Adds `constraints` in order and checks them; returns those the solver accepted. Without
    /// `refusals`, a refused constraint is not checked against the reference (for systems whose
    /// reference takes minutes in a debug build). With `maxRefactorizations`, the adds stop at
    /// the first that takes the solver past that many (a drifting system runs for minutes).
    static func check(_ constraints: [Constraint], seed: UInt64, solver: Solver, refusals checkRefusals: Bool = true,
                      maxRefactorizations: Int = .max) throws -> [Constraint] {
        var accepted: [Constraint] = []
        var refusals: [(Constraint, before: [Constraint])] = []
        for c in constraints {
            do {
                try solver.add(c)
                accepted.append(c)
            } catch SolverError.unsatisfiableConstraint {
                try #require(c.priority.isRequired, "seed \(seed): a non-required constraint refused")
                refusals.append((c, accepted.filter(\.priority.isRequired)))
            }
            if maxRefactorizations < .max {
                let count = solver.statistics.refactorizations
                try #require(count <= maxRefactorizations, "seed \(seed): \(count) refactorizations by \(c)")
            }
        }
        solver.updateVariables()
        for c in accepted where c.priority.isRequired {
            var size = abs(c.expression.constant)
            for t in c.expression.terms { size += abs(t.coefficient * t.variable.value) }
            #expect(size.isFinite && violation(of: c) <= 1e-6 * (1 + size),
                    "seed \(seed): required \(c) is off by \(violation(of: c)) (size \(size))")
        }
        // Each refusal is the reference's: its constraint and the required ones before it are
        // infeasible together.
        for (c, before) in refusals where checkRefusals {
            var variables: [ObjectIdentifier: Variable] = [:]
            for d in before + [c] { for t in d.expression.terms { variables[ObjectIdentifier(t.variable)] = t.variable } }
            let system = (before + [c]).map { ($0, $0.expression.constant) }
            #expect(ReferenceLP.lexicographicViolations(system, variables: Array(variables.values)) == nil,
                    "seed \(seed): \(c) refused, but the reference finds it feasible")
        }
        return accepted
    }

    /// Seeds 0-19, and those that broke the solver: 142 (a required constraint violated by 291),
    /// 285 (by 24,000), 283, 827 and 1818. (About a second each in a debug build.)
    @Test(arguments: Array(0..<20) + [142, 283, 285, 827, 1818])
    func smallSystems(seed: UInt64) throws {
        try Self.check(seed: seed, variables: 20...50, solver: Solver())
    }

    /// 50-100 variables, through the general tableau: seed 11 ended with a required constraint
    /// violated; 189 did with the pivot tolerance at 1e-7, pivoting on a coefficient of 2e-7 in
    /// a row whose largest was 1.7.
    @Test(arguments: [11, 189] as [UInt64])
    func largerSystems(seed: UInt64) throws {
        try Self.check(seed: seed, variables: 50...100, solver: Solver(smallTableau: false))
    }

    /// 60-250 variables, as `selfsizing-bench --random-systems` draws them: seed 524 meets a
    /// basis that refactorization cannot keep (a row with none of its noted basic symbols over
    /// the pivot tolerance) from its first refactorization on (7 in all), and the rows of the
    /// fallback still hold the constraints. Writing the rows again each time (`Tableau.rebuild()`) drifted instead: 102
    /// refactorizations, and 28 required constraints off by up to 1.9e22.
    @Test func aBasisThatIsNotKeptButHoldsIsNotRebuilt() throws {
        let solver = Solver()
        _ = try Self.check(Self.system(seed: 524, variables: 60...250), seed: 524, solver: solver, refusals: false,
                       maxRefactorizations: 10)
        #expect(solver.statistics.refactorizations > 0)
    }

    /// The levels below required as well: each one's sum of violations is the reference's optimum
    /// with the levels above at theirs. With 50-100 variables, 4 seeds of 100 (0, 11, 53, 87)
    /// ended 5-420% over it at one level: the objective's rounding left costs that the rows put
    /// at zero at 1e-7 to 8e-7, which blocked symbols with costs of -0.67 to -72 at the levels
    /// below (see `Tableau.reprice`). One of them here, as the reference takes about 45 s a seed
    /// in a debug build: seed 53 ended with level 251 at 9,086 for the reference's 4,702.
    @Test(arguments: [53] as [UInt64])
    func levelsAreOptimal(seed: UInt64) throws {
        let solver = Solver(smallTableau: false)
        let accepted = try Self.check(seed: seed, variables: 50...100, solver: solver)
        var variables: [ObjectIdentifier: Variable] = [:]
        for c in accepted { for t in c.expression.terms { variables[ObjectIdentifier(t.variable)] = t.variable } }
        expectMatchesReference(solver, accepted.map { ($0, $0.expression.constant) }, variables: Array(variables.values),
                               "seed \(seed)")
    }

    /// Constant changes too (the dual simplex): its ratio test orders candidates by their costs
    /// level by level, and a residue of zero at a level above the deciding one ranked them by the
    /// residue, or blocked a level below after the repair, as the primal simplex runs only after
    /// bound flips. With 50 changes of -50..49 to constraints picked at random after the adds, 4
    /// seeds of 201 (50-100 variables) ended over the reference's optimum at one level: seed
    /// 109 with level 50 at 1,936,040 for the reference's 49,764 (see
    /// `Tableau.repriceCandidate`). One of them, as the reference takes about 45 s a seed in a
    /// debug build.
    @Test(arguments: [109] as [UInt64])
    func levelsStayOptimalThroughConstantChanges(seed: UInt64) throws {
        let solver = Solver(smallTableau: false)
        let constraints = Self.system(seed: seed, variables: 50...100)
        _ = try Self.check(constraints, seed: seed, solver: solver)
        var constants = constraints.map(\.expression.constant)
        var g = SeededGenerator(seed: 1)
        for _ in 0..<50 {
            let i = Int(g.next() % UInt64(constraints.count))
            guard solver.contains(constraints[i]) else { continue }
            let changed = constants[i] + Double(Int(g.next() % 100) - 50)
            do {
                try solver.setConstant(changed, for: constraints[i])
                constants[i] = changed
            } catch SolverError.unsatisfiableConstraint {
                // The old constant stays: a required constraint that cannot take the new one.
            }
        }
        let installed = constraints.indices.filter { solver.contains(constraints[$0]) }
        var variables: [ObjectIdentifier: Variable] = [:]
        for i in installed { for t in constraints[i].expression.terms { variables[ObjectIdentifier(t.variable)] = t.variable } }
        expectMatchesReference(solver, installed.map { (constraints[$0], constants[$0]) }, variables: Array(variables.values),
                               "seed \(seed), after 50 constant changes")
    }

    /// Removals, in a shuffled order, each leaving the required constraints still installed
    /// satisfied. A marker's column carries rounding residues (cells of 1e-12), and the row a
    /// removed marker left through could be one of them: a pivot on -1.6e-12. Before
    /// `MarkerLeavingChoice` passed over residues, 11 seeds of 100 (20-50 variables) left
    /// constraints off by up to their whole size, or values near 1e11; the seeds here did.
    @Test(arguments: [0, 14, 58, 86] as [UInt64])
    func removalsKeepTheOthers(seed: UInt64) throws {
        let solver = Solver(smallTableau: false)
        var installed = try Self.check(seed: seed, variables: 20...50, solver: solver)
        var g = SeededGenerator(seed: 1)
        var firstFault: String?
        for c in installed.shuffled(using: &g) where firstFault == nil {
            try solver.remove(c)
            installed.removeAll { $0 === c }
            solver.updateVariables()
            for d in installed where d.priority.isRequired && firstFault == nil {
                var size = abs(d.expression.constant)
                for t in d.expression.terms { size += abs(t.coefficient * t.variable.value) }
                if !(size.isFinite && violation(of: d) <= 1e-6 * (1 + size)) {
                    firstFault = "after removing \(c), \(d) is off by \(violation(of: d)) (size \(size))"
                }
            }
        }
        #expect(firstFault == nil, "seed \(seed): \(firstFault ?? "")")
        #expect(firstFault != nil || solver.constraintCount == 0)
    }
}
