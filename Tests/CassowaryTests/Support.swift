import Cassowary
import Testing

/// Checks the tableau's invariants after an operation (debug builds, where they are compiled in).
func expectSound(_ solver: Solver, sourceLocation: SourceLocation = #_sourceLocation) {
    #if CASSOWARY_CHECKS
    let problems = solver.invariantViolations()
    #expect(problems.isEmpty, "\(problems.prefix(5))", sourceLocation: sourceLocation)
    #endif
}

/// A small deterministic generator (SplitMix64), so that failures reproduce from the seed.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// How much a constraint is violated by the variables' current values.
func violation(of c: Constraint) -> Double {
    let v = c.expression.value
    switch c.relation {
    case .equal: return abs(v)
    case .lessThanOrEqual: return max(0, v)
    case .greaterThanOrEqual: return max(0, -v)
    }
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
