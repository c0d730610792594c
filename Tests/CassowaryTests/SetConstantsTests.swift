import Cassowary
import TestSupport
import Testing

/// `setConstants` changes every constant of a batch or none, and a refused batch names the change
/// to blame.
@Suite struct SetConstantsTests {
    /// x == 10 and y == 5 (both required), with x >= 0 and y <= 20 beside them.
    struct System {
        let x = Variable("x"), y = Variable("y")
        let solver = Solver()
        let xIs: Constraint, yIs: Constraint, xFloor: Constraint, yCap: Constraint

        init() throws {
            xIs = x == 10
            yIs = y == 5
            xFloor = x >= 0
            yCap = y <= 20
            for c in [xIs, yIs, xFloor, yCap] { try solver.add(c) }
            solver.updateVariables()
        }

        /// The constant of `x - k == 0` that means `x == k`.
        func value(_ k: Double) -> Double { -k }

        func expectUnchanged(sourceLocation: SourceLocation = #_sourceLocation) {
            #expect(solver.constant(for: xIs) == -10, sourceLocation: sourceLocation)
            #expect(solver.constant(for: yIs) == -5, sourceLocation: sourceLocation)
            solver.updateVariables()
            #expect(x.value == 10 && y.value == 5, "x = \(x.value), y = \(y.value)", sourceLocation: sourceLocation)
            expectSound(solver, sourceLocation: sourceLocation)
        }
    }

    @Test func anUnknownConstraintLateInTheBatchMovesNothing() throws {
        let s = try System()
        let stranger = s.x == 3
        do {
            try s.solver.setConstants([(s.yIs, s.value(7)), (s.xIs, s.value(12)), (stranger, 1)])
            Issue.record("a batch naming an unknown constraint was accepted")
        } catch SolverError.unknownConstraint(let c) {
            #expect(c === stranger)
        }
        s.expectUnchanged()
    }

    @Test func aNonFiniteConstantLateInTheBatchMovesNothing() throws {
        let s = try System()
        #expect(throws: SolverError.self) {
            try s.solver.setConstants([(s.yIs, s.value(7)), (s.xIs, .nan)])
        }
        s.expectUnchanged()
    }

    /// Moving a marker by 1e17 and back is exact only to rounding: a batch refused for a bad
    /// constant must not move anything first.
    @Test func aHugeConstantBeforeARefusedOneLeavesEveryValueExact() throws {
        let x = Variable("x")
        let solver = Solver()
        let exact = x == 0.123456789
        try solver.add(exact)
        try solver.add(x <= 10)
        let stranger = x == 3
        #expect(throws: SolverError.self) { try solver.setConstants([(exact, 1e17), (exact, .nan)]) }
        #expect(throws: SolverError.self) { try solver.setConstants([(exact, 1e17), (stranger, 1)]) }
        solver.updateVariables()
        #expect(x.value == 0.123456789)
        #expect(solver.constant(for: exact) == -0.123456789)
    }

    @Test func anUnsatisfiableBatchNamesTheChangeToBlameAndMovesNothing() throws {
        let s = try System()
        // y == 7 holds; x == -5 cannot hold with x >= 0.
        do {
            try s.solver.setConstants([(s.yIs, s.value(7)), (s.xIs, s.value(-5))])
            Issue.record("an unsatisfiable batch was accepted")
        } catch SolverError.unsatisfiableConstraint(let c, let conflicts) {
            #expect(c === s.xIs)
            #expect(conflicts.contains { $0 === s.xFloor })
        }
        s.expectUnchanged()
    }

    @Test func aRedundantEqualityInAFailedBatchIsPutBack() throws {
        let s = try System()
        // x + y == 15 follows from x == 10 and y == 5: its marker carries no column, so the batch
        // takes it out and puts it back with its new constant, and the failure must undo that too.
        let sum = s.x + s.y == 15
        try s.solver.add(sum)
        do {
            try s.solver.setConstants([(s.xIs, s.value(12)), (sum, -17), (s.yIs, s.value(30))])
            Issue.record("y == 30 against y <= 20 was accepted")
        } catch SolverError.unsatisfiableConstraint(let c, _) {
            // One at a time, x == 12 is the first change that cannot hold (with x + y == 15).
            #expect(c === s.xIs)
        }
        #expect(s.solver.constant(for: sum) == -15)
        s.expectUnchanged()
    }

    @Test func aBatchThatHoldsChangesEveryConstant() throws {
        let s = try System()
        try s.solver.setConstants([(s.yIs, s.value(7)), (s.xIs, s.value(12))])
        s.solver.updateVariables()
        #expect(s.x.value == 12 && s.y.value == 7)
        expectSound(s.solver)
    }

    /// Random batches: accepted ones hold every required constraint; refused ones leave every
    /// constant as it was.
    @Test(arguments: 0..<3)
    func randomBatchesAreAllOrNothing(batch: Int) throws {
        for k in 0..<100 {
            var rng = SeededGenerator(seed: UInt64(90_000 + batch * 1000 + k))
            let variables = (0..<4).map { Variable("x\($0)") }
            let solver = Solver()
            var installed: [Constraint] = []
            for _ in 0..<Int.random(in: 3...8, using: &rng) {
                let picked = variables.shuffled(using: &rng).prefix(Int.random(in: 1...2, using: &rng))
                let terms = picked.map { Term($0, Double([1, -1].randomElement(using: &rng)!)) }
                let relation = [Relation.equal, .lessThanOrEqual, .greaterThanOrEqual].randomElement(using: &rng)!
                let c = Constraint(Expression(terms, constant: Double(Int.random(in: -20...20, using: &rng))), relation)
                if (try? solver.add(c)) != nil { installed.append(c) }
            }
            guard !installed.isEmpty else { continue }
            let before = installed.map { solver.constant(for: $0)! }
            let changes = (0..<Int.random(in: 1...4, using: &rng)).map { _ in
                (installed.randomElement(using: &rng)!, Double(Int.random(in: -30...30, using: &rng)))
            }
            let accepted = (try? solver.setConstants(changes)) != nil
            expectSound(solver)
            solver.updateVariables()
            if accepted {
                for c in installed {
                    var e = c.expression
                    e.constant = solver.constant(for: c)!
                    #expect(violation(of: Constraint(e, c.relation)) < 1e-6, "seed \(k): \(c) broken")
                }
            } else {
                // The solution may be another vertex of the same feasible set (the failed repair
                // may have pivoted), so the constants are compared, not the values.
                #expect(installed.map { solver.constant(for: $0)! } == before, "seed \(k): a refused batch moved constants")
            }
        }
    }
}
