import Cassowary
import TestSupport
import Testing

/// What `body` throws, described; "accepted" when it throws nothing.
private func outcome(_ body: () throws -> Void) -> String {
    do {
        try body()
        return "accepted"
    } catch {
        return "\(error)"
    }
}

/// The small dense tableau that value-API systems start in, against the general tableau, and its
/// promotion to the general one.
@Suite struct SmallTableauTests {
    /// The violation of `expression relation 0` at `values`.
    static func violation(_ c: LinearConstraint, _ value: (VariableHandle) -> Double) -> Double {
        var e = c.expression.constant
        for t in c.expression.terms { e += t.coefficient * value(t.variable) }
        switch c.relation {
        case .equal: return abs(e)
        case .lessThanOrEqual: return max(0, e)
        case .greaterThanOrEqual: return max(0, -e)
        }
    }

    /// Random adds and removes on a small solver and on a general one, made alike. The optimum
    /// of a random system is often not unique, so the values may differ; what must agree is
    /// every outcome, and each priority's total violation, which the small solver's own values
    /// must reach while every required constraint holds.
    final class Pair {
        var rng: SeededGenerator
        let small = Solver()
        let general = Solver(smallTableau: false)
        var smallVariables: [VariableHandle] = []
        var generalVariables: [VariableHandle] = []
        var installed: [(small: ConstraintHandle, general: ConstraintHandle, constraint: LinearConstraint)] = []

        /// Coefficients of the hostile kind (1e-9 to 1e9, see `hostileCoefficientsAgree`), checked
        /// for outcomes and constants only.
        let hostile: Bool

        init(seed: UInt64, variables: Int, hostile: Bool = false) {
            rng = SeededGenerator(seed: seed)
            self.hostile = hostile
            for i in 0..<variables {
                smallVariables.append(small.makeVariable("x\(i)"))
                generalVariables.append(general.makeVariable("x\(i)"))
            }
        }

        func randomConstraint(over variables: [VariableHandle], priority: Double? = nil) -> (LinearConstraint, [(Int, Double)], Double, Relation, Priority) {
            var terms: [(Int, Double)] = []
            for k in (0..<variables.count).shuffled(using: &rng).prefix(Int.random(in: 1...4, using: &rng)) {
                let coefficients = hostile ? [1, -1, 1e-9, -1e-9, 5e-9, 1e-7, 1e-3, 1e3, -1e9] : [1, -1, 2, -2, 0.5, 3]
                terms.append((k, coefficients.randomElement(using: &rng)!))
            }
            let constant = Double(Int.random(in: -30...30, using: &rng))
            let relation = [Relation.equal, .lessThanOrEqual, .greaterThanOrEqual].randomElement(using: &rng)!
            let p = Priority(priority ?? [1000.0, 1000, 999, 750, 250, 50].randomElement(using: &rng)!)
            return (build(terms, constant, relation, p, over: variables), terms, constant, relation, p)
        }

        func build(_ terms: [(Int, Double)], _ constant: Double, _ relation: Relation, _ p: Priority,
                   over variables: [VariableHandle]) -> LinearConstraint {
            var e = LinearExpression(constant: constant)
            for (k, c) in terms { e = e + c * variables[k] }
            return LinearConstraint(e, relation, priority: p)
        }

        func step(_ n: Int) {
            if Int.random(in: 0..<10, using: &rng) < 7 || installed.isEmpty {
                let (c, terms, constant, relation, p) = randomConstraint(over: smallVariables)
                let g = build(terms, constant, relation, p, over: generalVariables)
                var hs: ConstraintHandle?, hg: ConstraintHandle?
                let a = outcome { hs = try small.add(c) }
                let b = outcome { hg = try general.add(g) }
                #expect(a == b, "step \(n): adding: small \(a), general \(b)")
                if let hs, let hg { installed.append((hs, hg, c)) }
            } else {
                let (hs, hg, _) = installed.remove(at: Int.random(in: 0..<installed.count, using: &rng))
                let a = outcome { try small.remove(hs) }
                let b = outcome { try general.remove(hg) }
                #expect(a == b, "step \(n): removing: small \(a), general \(b)")
            }
            // The small tableau solves when its solution is read: reading it after every step
            // would test one add or removal at a time. A third of the steps check, so that most
            // checks come after several.
            if Int.random(in: 0..<3, using: &rng) == 0 { check("step \(n)") }
        }

        func check(_ step: String) {
            #expect(small.constraintCount == general.constraintCount, "\(step)")
            if hostile {
                // Values of 1e10 and more: no tolerance of the optimum's check applies. Every
                // installed constraint must still be there, at the constant it was given.
                for (hs, hg, c) in installed {
                    #expect(small.constant(for: hs) == c.expression.constant && general.constant(for: hg) == c.expression.constant,
                            "\(step): constants \(String(describing: small.constant(for: hs))) and \(String(describing: general.constant(for: hg))) for \(c.expression.constant)")
                }
                // Nor do the invariants' absolute tolerances (rows off by 1e-5 at such values).
                return
            }
            let ours = small.violationsByPriority, theirs = general.violationsByPriority
            #expect(ours.map(\.priority) == theirs.map(\.priority), "\(step): levels \(ours) against \(theirs)")
            for (a, b) in zip(ours, theirs) {
                #expect(abs(a.violation - b.violation) < 1e-6, "\(step): priority \(a.priority): \(a.violation) against \(b.violation)")
            }
            // The small solver's values reach those totals, and hold every required constraint.
            var totals: [Double: Double] = [:]
            for (_, _, c) in installed {
                let v = SmallTableauTests.violation(c) { small.value(of: $0) }
                if c.priority.isRequired {
                    #expect(v < 1e-6, "\(step): a required constraint is violated by \(v)")
                } else {
                    totals[c.priority.rawValue, default: 0] += v
                }
            }
            for level in theirs {
                #expect(abs((totals[level.priority.rawValue] ?? 0) - level.violation) < 1e-6,
                        "\(step): priority \(level.priority): the values violate \(totals[level.priority.rawValue] ?? 0), the optimum is \(level.violation)")
            }
            expectSound(small)
        }
    }

    @Test(arguments: 0..<4)
    func smallAndGeneralTableauxReachTheSameOptimum(batch: Int) {
        var smallSteps = 0
        for seed in 0..<40 {
            let pair = Pair(seed: UInt64(batch * 1000 + seed + 1), variables: 3 + seed % 6)
            for n in 0..<30 {
                if pair.small.isSmall { smallSteps += 1 }
                pair.step(n)
            }
            pair.check("the end")
        }
        // Unsatisfiable constraints, and removals of required equalities, promote a system;
        // most steps must still test the small path.
        #expect(smallSteps >= 500, "only \(smallSteps) of 1,200 steps ran in the small tableau")
    }

    /// The same pairs with coefficients from 1e-9 to 1e9: rows the small tableau scales not
    /// (it hands them to the general one) and coefficients under epsilon, which both tableaux
    /// must take for zero alike. A constraint the small tableau took and the general one refuses
    /// is lost when the system is promoted (`aCoefficientUnderEpsilonIsNoSubject`): the outcomes
    /// and the installed constants must agree throughout.
    @Test(arguments: 0..<4)
    func hostileCoefficientsAgree(batch: Int) {
        for seed in 0..<60 {
            let pair = Pair(seed: UInt64(batch * 1000 + seed + 7001), variables: 2 + seed % 4, hostile: true)
            for n in 0..<20 { pair.step(n) }
            pair.check("the end")
        }
    }

    /// A system that outgrows the small tableau (more than 64 rows) is promoted midway and solves
    /// as the general tableau does: a chain of views, each placed after the previous one.
    @Test func aSystemThatOutgrowsTheSmallTableauIsPromoted() throws {
        let small = Solver(), general = Solver(smallTableau: false)
        var wasSmall = false
        var last: (VariableHandle, VariableHandle)?
        var lastGeneral: (VariableHandle, VariableHandle)?
        for i in 0..<40 {
            for (solver, previous) in [(small, last), (general, lastGeneral)] {
                let x = solver.makeVariable("x\(i)"), w = solver.makeVariable("w\(i)")
                try solver.add(x == (previous.map { $0.0 + $0.1 } ?? LinearExpression(constant: 0)) + 8)
                try solver.add((w == Double(10 + i % 7)).priority(.defaultHigh))
                try solver.add(w >= 5)
                if solver === small { last = (x, w) } else { lastGeneral = (x, w) }
            }
            if i == 10 { wasSmall = small.isSmall }
        }
        #expect(wasSmall, "a system of 11 views should be small")
        #expect(!small.isSmall, "a system of 120 constraints should be promoted")
        #expect(small.value(of: last!.0) == general.value(of: lastGeneral!.0))
        var expected = 320.0
        for i in 0..<39 { expected += Double(10 + i % 7) }
        #expect(small.value(of: last!.0) == expected)
        expectSound(small)
    }

    /// Promotion keeps every handle: variables, installed constraints (their generations too) and
    /// removed ones, which stay refused; a new constant is the first call the small tableau does
    /// not serve.
    @Test func promotionKeepsEveryHandle() throws {
        let solver = Solver()
        let x = solver.makeVariable("x"), y = solver.makeVariable("y")
        let a = try solver.add(x == 10)
        let b = try solver.add((y == 3 * x).priority(.defaultHigh))
        let c = try solver.add(y <= 25)
        try solver.remove(c)
        let d = try solver.add(y <= 28)   // c's slot again, a later generation
        let z = solver.makeVariable("z")  // c's freed marker symbol again
        try solver.add(z == x + y)
        #expect(solver.isSmall)
        #expect(solver.value(of: y) == 28 && solver.value(of: z) == 38)
        try solver.setConstant(-12, for: a)
        #expect(!solver.isSmall)
        #expect(solver.value(of: x) == 12 && solver.value(of: y) == 28 && solver.value(of: z) == 40)
        #expect(!solver.contains(c) && solver.contains(b) && solver.contains(d))
        #expect(outcome { try solver.remove(c) } == "\(SolverError.unknownConstraintHandle(c))")
        try solver.remove(d)
        #expect(solver.value(of: y) == 36)
        #expect(solver.constraintCount == 3)
        expectSound(solver)
    }

    /// A required equality's dummy is in no row of the small tableau, so removing one is the
    /// first call it does not serve: the solver moves to the general tableau, which takes it out.
    /// A redundant one (its row empties: `y == 10` beside `x == 10` and `y == x`) is installed
    /// without a row, and comes out the same way.
    @Test(arguments: [false, true]) func removingARequiredEqualityPromotes(redundant: Bool) throws {
        let solver = Solver()
        let x = solver.makeVariable("x"), y = solver.makeVariable("y")
        let a = try solver.add(x == 10)
        let b = try solver.add(y == x)
        try solver.add((y == 30).priority(.defaultLow))
        let c = try solver.add(redundant ? y == 10 : x <= 40)
        try solver.remove(try solver.add(y >= 5))   // an inequality comes out in the small tableau
        #expect(solver.isSmall)
        #expect(solver.value(of: y) == 10 && solver.constraintCount == 4)
        try solver.remove(redundant ? c : b)
        #expect(!solver.isSmall)
        #expect(solver.constraintCount == 3)
        // Without `b`, y goes to its own preference; without the redundant `c`, nothing moves.
        #expect(solver.value(of: y) == (redundant ? 10 : 30))
        try solver.remove(a)
        if redundant {
            #expect(solver.value(of: x) == 30, "y == x and y's preference")
        } else {
            #expect(solver.value(of: x) <= 40, "x <= 40 alone")
        }
        expectSound(solver)
    }

    /// The same through objects: the cell keeps its structure, a required equality removed moves
    /// the solver with every installed constraint.
    @Test func removingARequiredEqualityOfObjectsPromotes() throws {
        let solver = Solver()
        let x = Variable("x"), y = Variable("y")
        let a = x == 10, b = y == x + 5, soft = (y == 30).priority(.defaultLow)
        try solver.add([a, b, soft])
        solver.updateVariables()
        #expect(solver.isSmall && y.value == 15)
        try solver.remove(b)
        solver.updateVariables()
        #expect(!solver.isSmall)
        #expect(x.value == 10 && y.value == 30 && solver.constraintCount == 2)
    }

    /// Both tableaux take a coefficient under `Tableau.epsilon` for zero when they choose a row's
    /// subject (kiwi's near-zero). The small tableau had taken `1e-9 * x == 0` solved for x, and
    /// then `1e-9 * x + 1e-9 * y + 15 == 0` (x and y at -1.5e10), which the general tableau
    /// refuses as `15 == 0`; promoting that system (on a row it had to scale) left the second
    /// constraint out of the general tableau, its handle reading a constant of 0 (FuzzSolver,
    /// hostile numbers). Now the small tableau hands the first to the general one, and the
    /// second is refused as it is there.
    @Test(arguments: [false, true]) func aCoefficientUnderEpsilonIsNoSubject(small: Bool) throws {
        let solver = Solver(smallTableau: small)
        let x = solver.makeVariable("x"), y = solver.makeVariable("y")
        let a = try solver.add(LinearConstraint(LinearExpression([LinearTerm(x, 1e-9)]), .equal))
        #expect(solver.constant(for: a) == 0)
        let tiny = LinearConstraint(LinearExpression([LinearTerm(x, 1e-9), LinearTerm(y, 1e-9)], constant: 15), .equal)
        #expect(throws: SolverError.self) { try solver.add(tiny) }
        let b = try solver.add(LinearConstraint(LinearExpression([LinearTerm(y, -1e9)]), .lessThanOrEqual,
                                                priority: .defaultLow))
        #expect(!solver.isSmall)
        #expect(solver.constraintCount == 2 && solver.contains(a) && solver.contains(b))
        #expect(solver.constant(for: a) == 0 && solver.constant(for: b) == 0)
        expectSound(solver)
    }

    /// Errors in a small system are the general tableau's, with names and minimal conflict sets;
    /// the solver goes on after them.
    @Test func errorsAreTheGeneralTableausOwn() throws {
        let solver = Solver()
        let x = solver.makeVariable("x"), y = solver.makeVariable("y")
        try solver.add(x + y == 10)
        try solver.add(x >= 8)
        try solver.add((y == 5).priority(.defaultLow))
        do {
            try solver.add(y >= 4)
            Issue.record("y >= 4 is unsatisfiable with x + y == 10 and x >= 8")
        } catch let SolverError.unsatisfiableConstraint(c, conflicts) {
            #expect(c.description == "y >= 4")
            #expect(conflicts.map(\.description).sorted() == ["x + y == 10", "x >= 8"])
        }
        #expect(!solver.isSmall)
        #expect(solver.value(of: y) == 2)
        let other = Solver()
        let foreign = other.makeVariable("f")
        let fresh = Solver()
        _ = fresh.makeVariable("a")
        #expect(outcome { try fresh.add(foreign == 1) } == "\(SolverError.foreignVariable(foreign))")
        let late = Solver()
        let v = late.makeVariable("v")
        #expect(outcome { try late.add((v == 1).priority(Priority(0))) } == "\(SolverError.invalidPriority(Priority(0)))")
        #expect(late.constraintCount == 0)
    }

    /// A cold cell through handles holds one heap block (its name table aside), and a reset
    /// solver starts over in the small tableau, refusing the handles of before.
    @Test func aColdCellHoldsOneBlockAndResetStartsOver() throws {
        let solver = Solver()
        let v = (0..<20).map { _ in solver.makeVariable() }
        for i in 0..<19 { try solver.add(v[i + 1] == v[i] + 8) }
        for i in 0..<12 { try solver.add((v[i] >= Double(i)).priority(Priority(Double(250 + i % 4)))) }
        #expect(solver.isSmall)
        #expect(solver.heapBlocks == 1)
        solver.reset()
        #expect(solver.heapBlocks == 0 && solver.constraintCount == 0)
        let w = solver.makeVariable()
        try solver.add(w == 3)
        #expect(solver.isSmall && solver.value(of: w) == 3)
        #expect(solver.value(of: v[1]) == 0)
        #expect(outcome { try solver.add(v[1] == 3) } == "\(SolverError.foreignVariable(v[1]))")
    }

    /// Objects in a solver that holds a small system promote it, and both kinds then live side by
    /// side.
    @Test func objectsPromoteASmallSystem() throws {
        let solver = Solver()
        let x = solver.makeVariable("x")
        try solver.add(x == 4)
        let y = Variable("y")
        try solver.add(y == 2 * 3)
        #expect(!solver.isSmall)
        solver.updateVariables()
        #expect(y.value == 6 && solver.value(of: x) == 4)
    }
}
