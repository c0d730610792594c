import Cassowary
import Foundation
import Testing

/// Programs of `Variable` and `Constraint` operations that the solver's random programs
/// (`make solver-programs`, `FUZZ_SOLVER_EXACT=1`) stopped on, replayed on 32 variables. The
/// programs are in Programs/, one operation a line: `eq|le|ge PRIORITY CONSTANT
/// VARIABLE:COEFFICIENT...` adds a constraint, `remove K` removes the K-th installed, `set K C`
/// sets its constant, `edit V P` makes variable V an edit variable at priority P, and
/// `suggest V C` suggests C for it. An add the solver refuses as unsatisfiable installs nothing,
/// as in the runner.
@Suite struct FuzzedObjectProgramTests {
    /// Replays `program` on a fresh solver and calls `step` after each line with the worst
    /// required constraint (how far it is from holding, over its size, at least 1) and the
    /// tableau's invariant violations.
    static func replay(_ program: String, step: (Substring, Double, [String]) -> Void) throws {
        let solver = Solver()
        let x = (0..<32).map { Variable("x\($0)") }
        var installed: [(constraint: Constraint, written: FuzzedProgramTests.Written)] = []
        for line in program.split(separator: "\n") {
            let f = line.split(separator: " ")
            do {
                switch f[0] {
                case "remove":
                    try solver.remove(installed[Int(f[1])!].constraint)
                    installed.remove(at: Int(f[1])!)
                case "set":
                    let k = Int(f[1])!
                    try solver.setConstant(Double(f[2])!, for: installed[k].constraint)
                    installed[k].written.constant = Double(f[2])!
                case "edit":
                    try solver.addEditVariable(x[Int(f[1])!], priority: Priority(Double(f[2])!))
                case "suggest":
                    try solver.suggestValue(Double(f[2])!, for: x[Int(f[1])!])
                default:
                    let w = FuzzedProgramTests.parse(line)
                    let c = w.constraint(over: x)
                    try solver.add(c)
                    installed.append((c, w))
                }
            } catch SolverError.unsatisfiableConstraint {
                // Refused: nothing changed.
            }
            solver.updateVariables()
            let worst = FuzzedProgramTests.worstRequired(installed.map(\.written)) { x[$0].value }
            step(line, worst, solver.invariantViolations())
        }
    }

    /// Seed 185,778, values to 5,846. Its 141st line removes a required inequality whose slack
    /// had left the basis: the slack's column held one real cell, 0.25 in an external variable's
    /// row, and 22 rounding residues of 1e-12 to 4e-8. The residue floor was 1e-7 of the
    /// column's largest (2.5e-8), so the -4.04e-8 of a restricted row whose constant was 8.8e6
    /// counted as a real cell, and the slack was pivoted into that row at a ratio of 2.2e14:
    /// every row that held a residue of it moved by the residue times 2.2e14, two restricted
    /// rows ended at -13,101 and -4,377, and a required equality 2,109 off (0.99 of its size).
    /// The floor is 1e-7 of the column's largest or of 1, whichever is larger
    /// (`MarkerLeavingChoice.residueFloor`), as the other residue floors take at least 1; the
    /// slack leaves through the external row.
    @Test func aRemovedMarkerNeverPivotsOnAResidueOfASmallColumn() throws {
        try Self.replay(FuzzedProgramTests.program("marker-residue-remove")) { line, worst, problems in
            #expect(worst < 1e-6, "after \(line): a required constraint is off by \(worst) of its size")
            #expect(problems.isEmpty, "after \(line): \(problems.prefix(3))")
        }
    }
}
