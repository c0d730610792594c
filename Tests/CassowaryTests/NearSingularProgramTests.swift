@testable import Cassowary
import Testing

/// Programs of FuzzSolver's exact mode in the near-singular family: mild numbers (32 variables,
/// coefficients 1/4-8, constants in multiples of 8) whose values run to 1e5-1e6 from constants
/// under 1,000, so that the rows' rounding is amplified many times over. Each is replayed with
/// its reads where the fuzz target read (a read may refine or refactor, so reading after every
/// line takes another path). Then the primal ratio test's tie rule, which one of them, with the
/// hostile `tiny-subject`, showed wanting.
@Suite struct NearSingularProgramTests {
    /// At its 197th operation a refactorization's kept basis gave rows that missed a required
    /// constraint by 4.9e-5 of its size, and was given up; the rows the rebuild wrote, adding
    /// every constraint in turn, missed a required equality by 0.66 in 4,571 (values to 8e5).
    /// The rebuild's basis, derived again (`Tableau.refactor`, step 7), holds it to 1.6e-8.
    ///
    /// Its last four operations take the values past a million, where the check stands down:
    /// the solver ends there at 1e15 with a required constraint off by 99% of its size, where a
    /// fresh solver holds every constraint at values of 1.2e6 (README, known limits).
    @Test func theBasisARebuildReachesIsDerivedAgain() throws {
        let pastScale = try FuzzedProgramTests.expectRequiredConstraintsHold("threshold-drift", reads: 25)
        #expect(pastScale == 1, "only the end state is past a million")
    }

    /// At its 207th operation a required `>=` of three terms missed by 120 of its size 12,451
    /// (values to 1.4e5). With the costs checked at each drift check, a rebuild at its 221st
    /// left the objective parted from its rows by 12%, and a required `<=` off by 0.31 in
    /// 3,982; derived again, the rows and the objective agree to 5e-8.
    @Test func aRebuiltObjectiveIsDerivedAgainWithItsRows() throws {
        try FuzzedProgramTests.expectRequiredConstraintsHold("inequality-drift", reads: 26)
    }

    /// It passed over 264 residues and never refactored: its rows held every constraint, while
    /// nine costs had parted from them by more than 1e-9 of themselves, and one blocked level
    /// 250, which ended at 320,298 where a fresh solver reaches 316,356. The drift checks price
    /// every parametric symbol again now (`Tableau.priceEverySymbolAgain()`), and the primal
    /// simplex takes the level on from there.
    @Test func costsThatPartFromTheRowsAreFoundAtTheDriftCheck() throws {
        try FuzzedProgramTests.expectLevelsOfAFreshSolver(FuzzedProgramTests.program("suboptimal-level"),
                                                          variables: 32, readsWhereTraced: true)
    }

    /// Its values pass 5e8 from its 21st read to its 25th, its rows holding every constraint
    /// to 1e-13, while costs part from them. When a parting called for a refactorization (this
    /// session's first form of the check above), the one made at that scale gave its basis up,
    /// the rebuild missed by 3.4e-5 of a constraint's size and more after, and at the last read
    /// (values back at 1.2e5) a required equality was off by 3.75e-5 of its size. Priced again,
    /// the costs are the rows', and the rows need no refactorization for them: every read holds,
    /// at every scale.
    @Test func aPartingCostIsPricedAgainNotRefactored() throws {
        try FuzzedProgramTests.expectRequiredConstraintsHold("parting-refactor", reads: 27, atEveryScale: true)
    }

    /// Two rows limit the entering symbol: row 0 at ratio 1 with a cell of -1,000, row 1 at
    /// 1 + 5e-9 with -1, its basic symbol the lower. Within epsilon (1e-8) of each other, they
    /// tied, and the tie went to row 1 by its symbol: row 0 would end at -5e-6, past epsilon,
    /// where nothing repairs it (`tiny-subject` left a required slack at -4.8e-6 that way). The
    /// step that keeps every row at or over -epsilon is 1 + 1e-11, and only row 0 is within it.
    @Test func aTieLeavesNoRowPastEpsilon() {
        let rows: [(basic: Int32, constant: Double, cell: Double)] = [(7, 1000, -1000), (3, 1 + 5e-9, -1)]
        var choice = Tableau.LeavingChoice(bland: false)
        for r in rows { choice.bound(ratio: -r.constant / r.cell, coefficient: r.cell) }
        for (i, r) in rows.enumerated() {
            choice.consider(i, basic: r.basic, kind: .error, ratio: -r.constant / r.cell)
        }
        let (chosen, ratio) = try! #require(choice.result)
        #expect(chosen == 0)
        #expect(ratio == 1)
        for r in rows {
            let after = r.constant + r.cell * (-rows[chosen].constant / rows[chosen].cell)
            #expect(after >= -Tableau.epsilon, "a row ends at \(after)")
        }
    }

    /// An exact tie (a layout's, where views share a size) still goes to the lower symbol, an
    /// error before a slack, as kiwi's rule has it.
    @Test func anExactTieGoesToTheErrorSymbol() {
        var choice = Tableau.LeavingChoice(bland: false)
        let rows: [(basic: Int32, kind: Tableau.Kind)] = [(2, .slack), (9, .error), (5, .error)]
        for _ in rows { choice.bound(ratio: 40, coefficient: -2) }
        for (i, r) in rows.enumerated() { choice.consider(i, basic: r.basic, kind: r.kind, ratio: 40) }
        #expect(choice.result?.0 == 2)
    }

    /// The hostile `tiny-subject` (coefficients 1e-9 to 1e15) holds rounding its refactorizations
    /// cannot remove: the rows they derive miss by up to 3e-5 of a constraint's size once the
    /// primal simplex ran after them. With the residual that sets the drift check's floor (a
    /// hundred times what a refactorization left) measured before that simplex, the floor sat
    /// under the miss, and in one form of this session's change every operation from its
    /// 163rd on refactored again (23 in all); measured after, it refactors 4 times.
    @Test func inherentRoundingDoesNotRefactorAtEveryOperation() throws {
        let solver = Solver(smallTableau: false)
        try FuzzedProgramTests.replay(FuzzedProgramTests.program("tiny-subject"), variables: 8, solver: solver,
                                      hostile: true) { _, _, _ in }
        #expect(solver.tableau.refactorCount <= 8, "\(solver.tableau.refactorCount) refactorizations in 184 operations")
    }
}

extension FuzzedProgramTests {
    /// Replays `program` (32 variables) with its reads where traced, and expects every
    /// required constraint to hold to 1e-6 of its size at each of its `reads` and at the end,
    /// as the fuzz target measures a wrong answer: only where every value is within a million
    /// (past that, the target's checks stand down; double precision cannot promise 1e-6 of a
    /// constraint's size in such a nearly singular system), unless `atEveryScale`. Returns how
    /// many reads and end states were past that scale.
    @discardableResult
    static func expectRequiredConstraintsHold(_ program: String, reads expected: Int, atEveryScale: Bool = false) throws -> Int {
        var reads = 0, pastScale = 0
        let checked = { (value: (Int) -> Double) in atEveryScale || (0..<32).allSatisfy { abs(value($0)) <= 1e6 } }
        let end = try replay(Self.program(program), variables: 32, readsWhereTraced: true) { _, installed, value in
            reads += 1
            guard checked(value) else { return pastScale += 1 }
            let worst = worstRequired(installed, value)
            #expect(worst < 1e-6, "\(program), read \(reads): a required constraint is off by \(worst) of its size")
        }
        #expect(reads == expected)
        guard checked({ end.values[$0] }) else { return pastScale + 1 }
        let worst = worstRequired(end.installed) { end.values[$0] }
        #expect(worst < 1e-6, "\(program), at the end: a required constraint is off by \(worst) of its size")
        return pastScale
    }
}
