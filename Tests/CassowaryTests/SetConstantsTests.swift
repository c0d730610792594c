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

    /// The value API's batch: a required equality and the one it implies move together, every
    /// handle stays valid, and a batch that names a removed handle moves nothing.
    @Test func aValueBatchMovesImpliedEqualitiesTogetherAndKeepsHandles() throws {
        let solver = Solver()
        let x = solver.makeVariable("x"), y = solver.makeVariable("y")
        let a = try solver.add(x == 10), b = try solver.add(2 * x == 20), c = try solver.add((y == x).priority(500))
        try solver.setConstants([(b, -30), (a, -15)])
        #expect(solver.value(of: x) == 15 && solver.value(of: y) == 15)
        #expect(solver.constant(for: a) == -15 && solver.constant(for: b) == -30)
        // The handles still name their constraints: one alone cannot move, both can.
        #expect(throwsUnsatisfiable { try solver.setConstant(-20, for: a) })
        try solver.setConstants([(a, -20), (b, -40), (c, 3)])
        #expect(solver.value(of: x) == 20 && solver.value(of: y) == 17)
        let gone = try solver.add(y >= 0)
        try solver.remove(gone)
        #expect(throws: SolverError.self) { try solver.setConstants([(a, -1), (b, -2), (gone, 1)]) }
        #expect(solver.constant(for: a) == -20 && solver.value(of: x) == 20)
        expectSound(solver)
    }

    /// Random systems with implied equalities, built twice, as objects and as values: the two
    /// batches accept and refuse alike and reach the same optimum, and a refused batch moves no
    /// constant.
    @Test(arguments: 0..<3)
    func valueBatchesMatchObjectBatches(batch: Int) throws {
        for k in 0..<80 {
            var rng = SeededGenerator(seed: UInt64(95_000 + batch * 1000 + k))
            let objects = Solver(), values = Solver()
            let ov = (0..<4).map { Variable("x\($0)") }
            let vv = (0..<4).map { values.makeVariable("x\($0)") }
            var installed: [(Constraint, ConstraintHandle)] = []
            for _ in 0..<Int.random(in: 3...9, using: &rng) {
                var terms = Array((0..<4).shuffled(using: &rng).prefix(Int.random(in: 1...2, using: &rng)))
                    .map { ($0, Double([1, -1, 2].randomElement(using: &rng)!)) }
                var constant = Double(Int.random(in: -20...20, using: &rng))
                var relation = [Relation.equal, .lessThanOrEqual, .greaterThanOrEqual].randomElement(using: &rng)!
                var priority = Priority([1000.0, 1000, 500].randomElement(using: &rng)!)
                // Now and then twice an installed required equality: redundant.
                if Bool.random(using: &rng), let e = installed.first(where: { $0.0.relation == .equal && $0.0.priority.isRequired }) {
                    terms = e.0.expression.terms.map { t in (ov.firstIndex { $0 === t.variable }!, 2 * t.coefficient) }
                    constant = 2 * objects.constant(for: e.0)!
                    relation = .equal
                    priority = .required
                }
                let o = Constraint(Expression(terms.map { Term(ov[$0.0], $0.1) }, constant: constant), relation, priority: priority)
                var ve = LinearExpression(constant: constant)
                for (i, c) in terms { ve = ve + c * vv[i] }
                let accepted = (try? objects.add(o)) != nil
                let handle = try? values.add(LinearConstraint(ve, relation, priority: priority))
                #expect(accepted == (handle != nil), "seed \(k): adding \(o)")
                if accepted, let handle { installed.append((o, handle)) }
            }
            guard !installed.isEmpty else { continue }
            let before = installed.map { values.constant(for: $0.1)! }
            var objectChanges: [(Constraint, Double)] = [], valueChanges: [(ConstraintHandle, Double)] = []
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                let i = Int.random(in: installed.indices, using: &rng)
                // Often a change of an equality and of its double together.
                let constant = Double(Int.random(in: -30...30, using: &rng))
                objectChanges.append((installed[i].0, constant))
                valueChanges.append((installed[i].1, constant))
                if let j = installed.indices.first(where: { $0 != i && installed[$0].0.expression.terms.count == installed[i].0.expression.terms.count
                    && zip(installed[$0].0.expression.terms, installed[i].0.expression.terms).allSatisfy { $0.variable === $1.variable && $0.coefficient == 2 * $1.coefficient } }) {
                    objectChanges.append((installed[j].0, 2 * constant))
                    valueChanges.append((installed[j].1, 2 * constant))
                }
            }
            let a = (try? objects.setConstants(objectChanges)) != nil
            let b = (try? values.setConstants(valueChanges)) != nil
            #expect(a == b, "seed \(k): objects \(a), values \(b) for \(objectChanges)")
            expectSound(objects)
            expectSound(values)
            // The same optimum (the vertex may differ where the 500 level leaves room).
            for (p, q) in zip(objects.violationsByPriority, values.violationsByPriority) {
                #expect(p.priority == q.priority && abs(p.violation - q.violation) < 1e-6, "seed \(k): \(p) against \(q)")
            }
            objects.updateVariables()
            for (o, h) in installed where o.priority.isRequired {
                var e = o.expression
                e.constant = objects.constant(for: o)!
                #expect(violation(of: Constraint(e, o.relation)) < 1e-6, "seed \(k): \(o) broken")
                #expect(values.constant(for: h) == e.constant, "seed \(k): constants differ for \(o)")
            }
            if !b {
                #expect(installed.map { values.constant(for: $0.1)! } == before, "seed \(k): a refused batch moved constants")
            }
        }
    }
}
