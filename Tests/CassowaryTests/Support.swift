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
