import Cassowary
import Testing
import TestSupport

/// Bounds (required constraints on one variable) on the general tableau: the variable of an
/// active bound is held at it exactly (Tableau+Bounds.swift), through the operations that move
/// rows, and the bounds' records stay consistent through adds, removals (which move the last
/// record into the freed place), new constants and refactorizations: the invariant checks
/// include the records, and an active bound that no operation queued must hold its variable's
/// row in the exact form.
@Suite struct BoundTests {
    /// `x` is basic in a row of four terms with coefficients that do not divide evenly when the
    /// bound goes in; the bound then holds it at -c / a to the bit, at each new constant.
    @Test func anActiveBoundHoldsItsVariableAtTheBound() throws {
        let solver = Solver(smallTableau: false)
        let v = (0..<4).map { solver.makeVariable("v\($0)") }
        let x = solver.makeVariable("x")
        let sum: LinearExpression = 0.1 * v[0] + 0.7 * v[1] - 0.3 * v[2]
        let row: LinearExpression = sum + 3 * v[3] - x - 0.3
        try solver.add(LinearConstraint(row, .equal))
        for k in 0..<4 { try solver.add(LinearConstraint(v[k] - Double(k) * 0.7, .equal, priority: .defaultLow)) }
        // Free of the bound, x is 0.49 - 0.42 + 6.3 - 0.3.
        let free = 0.7 * 0.7 - 0.3 * 1.4 + 3 * 2.1 - 0.3
        let bound = try solver.add(LinearConstraint(3 * x - 900, .greaterThanOrEqual))
        #expect(solver.value(of: x) == 300)
        #expect(solver.invariantViolations().isEmpty)
        for c in [-1234.5, -0.9, -77.7, 13.1, -1000.2] {
            try solver.setConstant(c, for: bound)
            let at = -c / 3
            if at > free {
                #expect(solver.value(of: x) == at, "at constant \(c)")
            } else {
                #expect(abs(solver.value(of: x) - free) < 1e-9, "at constant \(c)")
            }
            #expect(solver.invariantViolations().isEmpty, "at constant \(c)")
        }
        try solver.refactor()
        #expect(solver.value(of: x) == 1000.2 / 3)
        #expect(solver.invariantViolations().isEmpty)
    }

    /// Random programs of bounds of all three relations (some conflicting, some negative), rows
    /// of two or three terms, soft constraints, removals, new constants and refactorizations on
    /// 12 variables: after each operation the records are consistent (invariants) and every
    /// installed bound holds to 1e-9 of its constant.
    @Test(arguments: 0..<4) func boundsStayConsistentThroughRandomPrograms(batch: Int) throws {
        for seed in 0..<25 {
            var rng = SeededGenerator(seed: UInt64(9_000 + batch * 100 + seed))
            let solver = Solver(smallTableau: false, incrementalValuesFromRows: 0)
            let x = (0..<12).map { solver.makeVariable("x\($0)") }
            var installed: [(handle: ConstraintHandle, constraint: LinearConstraint)] = []
            func coefficient() -> Double { [0.25, 0.5, 0.75, 1, 1.5, 3, -0.5, -2, 0.1][Int.random(in: 0..<9, using: &rng)] }
            func constant() -> Double { Double(Int.random(in: -64...64, using: &rng)) * 7.3 }
            for operation in 0..<120 {
                let pick = Int.random(in: 0..<10, using: &rng)
                do {
                    switch pick {
                    case 0...3:
                        let expression = coefficient() * x[Int.random(in: 0..<12, using: &rng)] + constant()
                        let relation = [Relation.greaterThanOrEqual, .lessThanOrEqual, .equal][Int.random(in: 0..<3, using: &rng)]
                        let c = LinearConstraint(expression, relation)
                        installed.append((try solver.add(c), c))
                    case 4...6:
                        let a = x[Int.random(in: 0..<12, using: &rng)], b = x[Int.random(in: 0..<12, using: &rng)]
                        let c = LinearConstraint(coefficient() * a + coefficient() * b + constant(),
                                                 pick == 4 ? .equal : .greaterThanOrEqual,
                                                 priority: pick == 6 ? .required : .defaultHigh)
                        installed.append((try solver.add(c), c))
                    case 7 where !installed.isEmpty:
                        try solver.remove(installed.remove(at: Int.random(in: 0..<installed.count, using: &rng)).handle)
                    case 8 where !installed.isEmpty:
                        let k = Int.random(in: 0..<installed.count, using: &rng)
                        let value = constant()
                        try solver.setConstant(value, for: installed[k].handle)
                        installed[k].constraint.expression.constant = value
                    default:
                        try solver.refactor()
                    }
                } catch SolverError.unsatisfiableConstraint {
                    // A conflicting bound or row: refused, and nothing changed.
                }
                for (_, c) in installed where c.priority.isRequired && c.expression.count == 1 {
                    let term = c.expression.terms[0]
                    let r = term.coefficient * solver.value(of: term.variable) + c.expression.constant
                    let tolerance = 1e-9 * max(1, abs(c.expression.constant))
                    let holds = switch c.relation {
                    case .equal: abs(r) <= tolerance
                    case .lessThanOrEqual: r <= tolerance
                    case .greaterThanOrEqual: r >= -tolerance
                    }
                    #expect(holds, "seed \(seed), operation \(operation): a bound is off by \(r)")
                }
                let problems = solver.invariantViolations()
                #expect(problems.isEmpty, "seed \(seed), operation \(operation): \(problems.prefix(3))")
                if !problems.isEmpty { return }
            }
        }
    }
}
