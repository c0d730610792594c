import Cassowary
import TestSupport
import Testing

/// `setConstant` must leave the solver where removing the constraint and adding it back with the
/// new constant does: the same violation at every priority, the required constraints holding.
@Suite struct SetConstantTests {
    @Test(arguments: 0..<4)
    func setConstantMatchesRemoveAndAdd(batch: Int) throws {
        for k in 0..<150 {
            var rng = SeededGenerator(seed: UInt64(50_000 + batch * 1000 + k))
            let variables = (0..<4).map { Variable("x\($0)") }
            var constraints: [Constraint] = []
            for _ in 0..<Int.random(in: 3...9, using: &rng) {
                let picked = variables.shuffled(using: &rng).prefix(Int.random(in: 1...3, using: &rng))
                let terms = picked.map { Term($0, Double([1, -1, 2].randomElement(using: &rng)!)) }
                let relation = [Relation.equal, .lessThanOrEqual, .greaterThanOrEqual].randomElement(using: &rng)!
                let priority = Priority([1000.0, 1000, 750, 250, 50].randomElement(using: &rng)!)
                constraints.append(Constraint(Expression(terms, constant: Double(Int.random(in: -20...20, using: &rng))),
                                              relation, priority: priority))
            }
            let incremental = k % 2 == 0 ? Solver(incrementalValuesFromRows: 0) : Solver()
            var installed: [Constraint] = []
            for c in constraints where (try? incremental.add(c)) != nil { installed.append(c) }
            guard !installed.isEmpty else { continue }
            for _ in 0..<3 {
                let target = installed.randomElement(using: &rng)!
                let constant = Double(Int.random(in: -20...20, using: &rng))
                let changed = (try? incremental.setConstant(constant, for: target)) != nil

                // The same system built from scratch, with the constant changed by remove + add.
                let rebuilt = Solver()
                for c in installed { try rebuilt.add(c) }
                for c in installed where c !== target {
                    if let k = incremental.constant(for: c) { try rebuilt.setConstant(k, for: c) }
                }
                try rebuilt.remove(target)
                var moved = target.expression
                moved.constant = constant
                let replacement = Constraint(moved, target.relation, priority: target.priority)
                let accepted = (try? rebuilt.add(replacement)) != nil
                #expect(accepted == changed, "seed \(k): setConstant \(changed ? "accepted" : "refused") what remove+add \(accepted ? "accepts" : "refuses")")
                expectSound(incremental)
                guard accepted else {
                    #expect(incremental.constant(for: target) != constant, "a refused constant is not kept")
                    continue
                }

                incremental.updateVariables()
                let ours = violations(installed, solver: incremental)
                rebuilt.updateVariables()
                let theirs = violations(installed.map { $0 === target ? replacement : $0 }, solver: rebuilt)
                for (level, v) in theirs {
                    #expect(abs((ours[level] ?? 0) - v) <= 1e-6 * (1 + abs(v)), "seed \(k): level \(level): \(ours[level] ?? 0) vs \(v)")
                }
            }
        }
    }

    /// The violation per priority, with each constraint at the constant its solver holds.
    func violations(_ constraints: [Constraint], solver: Solver) -> [Double: Double] {
        var out: [Double: Double] = [:]
        for c in constraints {
            var e = c.expression
            e.constant = solver.constant(for: c) ?? e.constant
            let v = violation(of: Constraint(e, c.relation, priority: c.priority))
            if c.priority.isRequired {
                #expect(v < 1e-6, "required \(c) violated by \(v)")
            } else {
                out[c.priority.rawValue, default: 0] += v
            }
        }
        return out
    }

    /// The value of a level (`violationsByPriority`) after a suggested value or a new constant
    /// of a non-required equality: the marker of such a constraint is an error symbol, whose own
    /// cost does not move with the constant (it used to: the level read the suggested value).
    @Test func levelValueAfterSuggestValue() throws {
        let x = Variable("x")
        let solver = Solver(smallTableau: false)
        try solver.addEditVariable(x, priority: Priority(999))
        try solver.suggestValue(638, for: x)
        solver.updateVariables()
        #expect(x.value == 638)
        let level = solver.violationsByPriority.first { $0.priority.rawValue == 999 }!.violation
        #expect(abs(level) < 1e-9, "level 999 reads \(level); the edit constraint holds exactly")

        let y = Variable("y")
        let other = Solver(smallTableau: false)
        let c = (y == 5).priority(500)
        try other.add(c)
        try other.setConstant(10, for: c)   // y + 10 == 0: y = -10, violation 0
        let level2 = other.violationsByPriority.first { $0.priority.rawValue == 500 }!.violation
        #expect(abs(other.value(of: y) + 10) < 1e-9)
        #expect(abs(level2) < 1e-9, "level 500 reads \(level2)")
    }
}
