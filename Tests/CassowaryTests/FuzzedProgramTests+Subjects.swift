import Cassowary
import Testing

// FuzzSolver programs that a refactorization's rebuild left off, through the subjects its rows
// were solved for (`Tableau.subjectThreshold`).
extension FuzzedProgramTests {
    /// Exact mode, mild numbers (32 variables, coefficients 1/4-8): the two programs reach a
    /// refactorization that cannot keep its basis, and its rebuild solved rows for the first
    /// external variable of each, as kiwi does, however small its coefficient beside the row's
    /// others. The rows carried their rounding, so multiplied, into the rows after them: the
    /// bound `-4 x11 - 8 == 0` missed by 5.4, and a required constraint ended off by 0.73 of its
    /// size (`rebuild-drift`; 123 of 1,915 in the fuzz target's run), or the replay threw an
    /// internal error undoing a dual add in a rebuild (`rebuild-drift-2`, a mutation of the
    /// first). A row is now solved for an external whose coefficient is at least 1/100 of the
    /// row's largest external one. Every required constraint holds to 1e-6 of its size at
    /// every read where the values are within a million, as the fuzz target checks them (its
    /// `wellScaled`: past that these systems are near singular). `rebuild-drift-2` stops at its
    /// 198th line: at the next, with values past 1e12, that internal error is still thrown
    /// (README, known limits).
    @Test(arguments: ["rebuild-drift", "rebuild-drift-2"])
    func aRowIsNotSolvedForASmallCoefficientBesideALargeOne(program name: String) throws {
        var reads = 0
        let replay = try Self.replay(Self.program(name), variables: 32, readsWhereTraced: true) { line, installed, value in
            guard Self.withinAMillion(32, value) else { return }
            reads += 1
            let worst = Self.worstRequired(installed, value)
            #expect(worst < 1e-6, "after \(line): a required constraint is off by \(worst) of its size")
        }
        #expect(reads >= 15, "only \(reads) reads were within a million")
        // The fuzz target checked last after the final operation.
        guard Self.withinAMillion(32, { replay.values[$0] }) else { return }
        let worst = Self.worstRequired(replay.installed) { replay.values[$0] }
        #expect(worst < 1e-6, "at the end: a required constraint is off by \(worst) of its size")
    }

    /// Whether the values of variables `0..<count` are all within a million.
    static func withinAMillion(_ count: Int, _ value: (Int) -> Double) -> Bool {
        (0..<count).allSatisfy { abs(value($0)) <= 1e6 }
    }
}
