import Cassowary
import TestSupport
import Testing

/// Checks the tableau's invariants after an operation (debug builds, where they are compiled in).
func expectSound(_ solver: Solver, sourceLocation: SourceLocation = #_sourceLocation) {
    #if CASSOWARY_CHECKS
    let problems = solver.invariantViolations()
    #expect(problems.isEmpty, "\(problems.prefix(5))", sourceLocation: sourceLocation)
    #endif
}

/// Does `body` throw an unsatisfiable-constraint error?
func throwsUnsatisfiable(_ body: () throws -> Void) -> Bool {
    do {
        try body()
        return false
    } catch SolverError.unsatisfiableConstraint {
        return true
    } catch {
        return false
    }
}

/// Compares a solver's current solution with the reference optimum of `system` (each constraint
/// with the constant the solver holds for it): the required constraints hold, and each priority
/// level's sum of violations is the dense reference LP's.
func expectMatchesReference(_ solver: Solver, _ system: [(Constraint, Double)], variables: [Variable], _ step: String,
                            sourceLocation: SourceLocation = #_sourceLocation) {
    expectSound(solver, sourceLocation: sourceLocation)
    solver.updateVariables()
    // Again with the values computed: the incremental values agree with every row.
    expectSound(solver, sourceLocation: sourceLocation)
    guard let reference = ReferenceLP.lexicographicViolations(system, variables: variables) else {
        Issue.record("\(step): the reference finds the accepted system infeasible", sourceLocation: sourceLocation)
        return
    }
    var ours: [Double: Double] = [:]
    for (c, constant) in system {
        var e = c.expression
        e.constant = constant
        let v = violation(of: Constraint(e, c.relation, priority: c.priority))
        if c.priority.isRequired {
            #expect(v < 1e-6, "\(step): required \(c) violated by \(v)", sourceLocation: sourceLocation)
        } else {
            ours[c.priority.rawValue, default: 0] += v
        }
    }
    for (level, optimum) in reference {
        let got = ours[level] ?? 0
        #expect(abs(got - optimum) <= 1e-5 * (1 + abs(optimum)),
                "\(step): level \(level) violation \(got), reference \(optimum)", sourceLocation: sourceLocation)
    }
    // The solver's own account of each level (its objective's value) matches the violations.
    for (priority, value) in solver.violationsByPriority {
        let got = ours[priority.rawValue] ?? 0
        #expect(abs(got - value) <= 1e-5 * (1 + abs(got)),
                "\(step): the solver counts \(value) at level \(priority.rawValue), the constraints \(got)",
                sourceLocation: sourceLocation)
    }
}
