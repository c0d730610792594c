@testable import Cassowary
import Testing

/// The drift checks on a program of FuzzSolver's exact mode (`fixed-equality-drift`): mild
/// numbers (32 variables, coefficients 1/4-8, constants in multiples of 8), a nearly singular
/// system whose values reach 5.1e5. It is replayed with its reads where the fuzz target read (a
/// read may refine or refactor, so reading after every line takes another path).
@Suite struct RefinementTests {
    /// At its 241st operation (the last), `2 x25 - 392 <= 0` doubled the values (to 5.1e5),
    /// and the pivots of a nearly singular basis took a required equality of two terms from
    /// missing by 6e-10 of its size to 2.2e-6 (0.0018 in 800). The read's drift check waited
    /// for values ten times larger than at the last check; it now runs at every read once
    /// residues were passed over, and the rows derived again for their basis hold the
    /// constraints to 1e-14.
    @Test func aMissOneOperationMakesIsCorrectedBeforeTheRead() throws {
        try FuzzedProgramTests.expectRequiredConstraintsHold("equality-drift", reads: 31)
    }

    /// A solution moved off the constraints (a row's constant pushed by 1e-7, as drift would)
    /// is brought back by refinement: the misses go through the markers' columns, and every
    /// constraint holds to rounding again, with the rows' basis unchanged.
    @Test func aDriftedSolutionIsRefinedBackOntoTheConstraints() throws {
        let solver = Solver(smallTableau: false)
        let x = solver.makeVariable("x"), y = solver.makeVariable("y"), z = solver.makeVariable("z")
        _ = try solver.add(x + y == 100)
        _ = try solver.add(x + z >= 70)
        _ = try solver.add((x == 30).priority(750))
        _ = try solver.add((z == y + 1).priority(250))
        solver.updateVariables()
        let exact = (solver.value(of: x), solver.value(of: y), solver.value(of: z))
        let slot = Int(solver.tableau.symbols[Int(x.symbol)].row)
        try #require(slot >= 0, "x is basic")
        let pivots = solver.statistics.pivots
        solver.tableau.rows[slot].constant += 1e-7
        solver.tableau.invalidateAllValues()
        let drifted = solver.tableau.worstConstraintResidual()
        #expect(drifted > 1e-10, "the push is a miss the drift checks refine: \(drifted)")
        let refined = solver.tableau.refinedResidual(drifted)
        #expect(refined < 1e-14, "refined: \(refined)")
        #expect(solver.statistics.pivots == pivots)
        #expect(abs(solver.value(of: x) + solver.value(of: y) - 100) < 1e-12)
        #expect(abs(solver.value(of: x) - exact.0) < 1e-12 && abs(solver.value(of: y) - exact.1) < 1e-12)
        #expect(abs(solver.value(of: z) - exact.2) < 1e-12)
    }
}
