import Cassowary
import Foundation
import TestSupport
import Testing

/// Redundant required equalities (implied by others: `b == a` with `a == 8` and `b == 8`), which
/// the tableau keeps as rows of dummies, through removes, re-adds and batches of constants. Found
/// by a stress probe of the solver (its seeds are named); the random systems of this kind are
/// `RandomSystemTests.redundantSystemsMatchTheReference`.
@Suite struct RedundantEqualityTests {
    /// A required equality made redundant by two others (`b == a` with `a == 8` and `b == 8`)
    /// is a row of its own, basic in its dummy marker. Removing `b == 8` must pivot its marker
    /// out through that dummy row: the row of the error of `z == b @249` ties with it at ratio 0,
    /// and pivoting there left the dummy row holding error symbols, so that the next add traded
    /// the required `b == a` for a @300 constraint (b = -11, a = 8). Found in a grid layout
    /// (seed 1109 of the probe).
    @Test func redundantEqualityViolatedAfterRemove() throws {
        let a = Variable("a"), b = Variable("b"), x = Variable("x"), z = Variable("z")
        let solver = Solver(smallTableau: false)
        let bFixed = b == 8
        let constraints = [a == 8, bFixed, b == a, z == 8, (z == b).priority(249), (x >= b + 18).priority(300)]
        for c in constraints { try solver.add(c) }
        try solver.remove(bFixed)
        try solver.add(x <= 7)
        solver.updateVariables()
        // Expected: a = b = z = 8, x = 7 (the @300 constraint gives). Got: b = -11.
        #expect(abs(b.value - a.value) < 1e-6, "required b == a: a = \(a.value), b = \(b.value), x = \(x.value)")
        #if CASSOWARY_CHECKS
        #expect(solver.invariantViolations().isEmpty, "\(solver.invariantViolations())")
        #endif
    }

    /// The same mechanism (see `redundantEqualityViolatedAfterRemove`), another symptom: removing
    /// `p == 8` while its redundant copy `2p == 16` is installed used to leave the copy's dummy
    /// basic in a row with the error symbols of `q == p @999`, and adding `p == 8` back was then
    /// refused as unsatisfiable, although p = q = r = 8 satisfies everything (seed 2083 of the
    /// probe).
    @Test func readdingRemovedEqualityRefused() throws {
        let p = Variable("p"), q = Variable("q"), r = Variable("r")
        let solver = Solver(smallTableau: false)
        let a = p == 8
        for c in [a, (q == p).priority(999), r == 8, r == q, 2 * p == 16] { try solver.add(c) }
        try solver.remove(a)
        #expect(throws: Never.self) { try solver.add(a) }
    }

    /// `setConstants` takes a batch that holds together when it moves a redundant required
    /// equality with the constraints that imply it, in either order. It used to refuse it: the
    /// marker shifts of the other changes made the redundant equality's dummy row non-zero before
    /// that equality was put back at its new constant (seeds 2084-2099 of the probe).
    @Test func setConstantsRefusesConsistentRedundantEqualities() throws {
        for order in 0..<2 {
            let x = Variable("x")
            let solver = Solver(smallTableau: false)
            let a = x == 10, b = 2 * x == 20   // b is redundant
            try solver.add(a)
            try solver.add(b)
            let changes: [(Constraint, Double)] = order == 0 ? [(a, -15), (b, -30)] : [(b, -30), (a, -15)]
            // x == 15 and 2x == 30 hold together.
            #expect(throws: Never.self) { try solver.setConstants(changes) }
            solver.updateVariables()
            #expect(x.value == 15, "order \(order): x = \(x.value)")
        }
    }

    /// The same removal in the small dense tableau and through the value API, with the marker's
    /// column listing the error row first and the dummy row last, and two dummy rows: the rule
    /// that picks the dummy row is shared (`Tableau.MarkerLeavingChoice`). Every required
    /// equality holds after each step, on both tableaux.
    @Test(arguments: [true, false])
    func removingThroughDummyRowsKeepsEveryRequiredEquality(small: Bool) throws {
        let solver = Solver(smallTableau: small)
        let a = solver.makeVariable("a"), b = solver.makeVariable("b"), z = solver.makeVariable("z")
        let x = solver.makeVariable("x"), w = solver.makeVariable("w")
        let soft = try solver.add((z == b).priority(249))
        let bFixed = try solver.add(b == 8)
        _ = try solver.add(z == 8)
        _ = try solver.add(a == 8)
        let required: [LinearConstraint] = [b == a, 2 * b == 2 * a, a + b == 16]
        for c in required { _ = try solver.add(c) }
        _ = try solver.add((x >= b + 18).priority(300))
        _ = try solver.add((w == a - b).priority(100))
        try solver.remove(bFixed)
        _ = try solver.add(x <= 7)
        #expect(abs(solver.value(of: a) - 8) < 1e-9 && abs(solver.value(of: b) - 8) < 1e-9,
                "a = \(solver.value(of: a)), b = \(solver.value(of: b))")
        #expect(abs(solver.value(of: x) - 7) < 1e-9)
        try solver.remove(soft)
        #expect(abs(solver.value(of: b) - solver.value(of: a)) < 1e-9)
        expectSound(solver)
    }

    /// A redundant required equality (twice an installed one) after a constraint of 1e-4
    /// coefficients came and went: the pivots on 1e-4 left the installed equality's row 1.9e-7
    /// off, so the new row, all dummies, had a constant of 1.9e-7, past the absolute 1e-8 that
    /// tells redundant from conflicting, and the equality was refused as unsatisfiable. The test
    /// is relative now (`Tableau.redundancyTolerance`): the constants combined were about 2,000.
    /// Shrunk by a trace replay from seed 3018 of the stress probe (1,472 calls of the value API
    /// to these eight); the object API shares the code.
    @Test func aRedundantEqualityAfterAnExtremeConstraintCameAndWent() throws {
        for conflicting in [false, true] {
            let solver = Solver(smallTableau: false)
            // The variables in the order the trace made them: the symbols' order decides pivots.
            let v99 = solver.makeVariable(), v23 = solver.makeVariable(), v53 = solver.makeVariable()
            let v125 = solver.makeVariable(), v13 = solver.makeVariable(), v33 = solver.makeVariable()
            let v86 = solver.makeVariable(), v16 = solver.makeVariable(), v127 = solver.makeVariable()
            _ = try solver.add((v99 + 31 <= 0).priority(251))
            _ = try solver.add(2 * v23 - 0.5 * v53 + 2 * v125 + 3 * v13 - 81 == 0)
            _ = try solver.add((2 * v33 - v86 + 63 == 0).priority(800))
            _ = try solver.add((3 * v16 - 2 * v99 + v127 + 75 == 0).priority(251))
            let edit = try solver.add((v33 == 0).priority(500))
            try solver.setConstant(-970, for: edit)
            let extreme = try solver.add((0.0001 * v16 - v86 + 0.0001 * v13 - 5 >= 0).priority(800))
            try solver.remove(extreme)
            // Twice the second constraint: redundant. With 163, it conflicts by 1 and is refused.
            let twice = 4 * v23 - v53 + 4 * v125 + 6 * v13 == (conflicting ? 163 : 162)
            if conflicting {
                #expect(throws: SolverError.self) { _ = try solver.add(twice) }
            } else {
                #expect(throws: Never.self) { _ = try solver.add(twice) }
                let sum = 2 * solver.value(of: v23) - 0.5 * solver.value(of: v53) + 2 * solver.value(of: v125)
                    + 3 * solver.value(of: v13)
                #expect(abs(sum - 81) < 1e-6, "the required equality reads \(sum)")
            }
            expectSound(solver)
        }
    }
}
