@testable import Cassowary
import TestSupport
import Testing

/// Dense rows (`Tableau.denseRows`): a row of many cells that holds one symbol in eight or more
/// keeps its index as an array by symbol, and its cells take no node in the column lists; column
/// walks and the values pass look such rows up instead. Solvers that make rows of a few cells
/// dense (`denseRowsFromCells`) take these paths in small systems, which are checked against the
/// reference LP and against twins that hash every index.
@Suite struct DenseRowTests {
    /// Bound flips move cells in and out of the container's long row, which is dense here.
    @Test(arguments: 0..<2)
    func squeezedRowsWithDenseRowsMatchTheReference(batch: Int) throws {
        let (flips, withDenseRows) = try BoundFlipTests.squeeze(batch: batch, denseRowsFromCells: 4)
        #expect(flips > 20, "only \(flips) bound flips in the batch")
        #expect(withDenseRows > 10, "only \(withDenseRows) of 60 rows kept a dense row")
    }

    /// Random layouts whose container width moves, constants change and constraints are removed
    /// and re-added: the solution is the reference's, and a twin without dense rows accepts and
    /// refuses alike.
    @Test(arguments: 0..<4)
    func randomLayoutsWithDenseRowsMatchTheReference(batch: Int) throws {
        var denseSeen = 0
        for k in 0..<2 {
            var rng = SeededGenerator(seed: UInt64(910_000 + batch * 1000 + k))
            let layout = IncrementalValueTests.RandomLayout(views: Int.random(in: 4...12, using: &rng), rng: &rng)
            let dense = Solver(smallTableau: false, incrementalValuesFromRows: 0, denseRowsFromCells: 4)
            let hashed = Solver(smallTableau: false, incrementalValuesFromRows: 0, denseRowsFromCells: .max)
            let ours = (0..<layout.variableCount).map { Variable("d\($0)") }
            let theirs = (0..<layout.variableCount).map { Variable("h\($0)") }
            var installed: [(ours: Constraint, theirs: Constraint, constant: Double)] = []
            func install(_ a: Constraint, _ b: Constraint, _ label: String) {
                let accepted = (try? dense.add(a)) != nil
                #expect(accepted == ((try? hashed.add(b)) != nil), "seed \(k): \(label)")
                if accepted { installed.append((a, b, a.expression.constant)) }
            }
            for i in layout.specs.indices {
                install(layout.constraint(i, over: ours), layout.constraint(i, over: theirs), "constraint \(i)")
            }
            install((ours[2] == 375).priority(Priority(999)), (theirs[2] == 375).priority(Priority(999)), "width")
            let width = installed.count - 1
            func check(_ step: String) {
                expectMatchesReference(dense, installed.map { ($0.ours, $0.constant) }, variables: ours, "seed \(k), \(step)")
                hashed.updateVariables()
                for (a, b) in zip(ours, theirs) where abs(a.value - b.value) > 1e-6 {
                    // Optima need not be unique: the levels must agree, the values may not.
                    expectMatchesReference(hashed, installed.map { ($0.theirs, $0.constant) }, variables: theirs, "seed \(k), \(step) (twin)")
                    break
                }
            }
            check("first solve")
            for step in 0..<24 {
                let change: Int
                switch Int.random(in: 0..<8, using: &rng) {
                case 0..<4: change = width
                case 4..<7: change = Int.random(in: installed.indices, using: &rng)
                default:
                    let i = Int.random(in: 0..<width, using: &rng)
                    try dense.remove(installed[i].ours)
                    try hashed.remove(installed[i].theirs)
                    try dense.add(installed[i].ours)
                    try hashed.add(installed[i].theirs)
                    installed[i].constant = installed[i].ours.expression.constant
                    expectSound(dense)
                    continue
                }
                let constant = change == width ? -Double(Int.random(in: 0...900, using: &rng))
                                               : Double(Int.random(in: -40...40, using: &rng))
                let accepted = (try? dense.setConstant(constant, for: installed[change].ours)) != nil
                #expect(accepted == ((try? hashed.setConstant(constant, for: installed[change].theirs)) != nil),
                        "seed \(k), step \(step): setConstant")
                if accepted { installed[change].constant = constant }
                denseSeen = max(denseSeen, dense.tableau.denseRows.count)
                // The reference is a dense LP per priority level: every third step.
                if step % 3 == 2 { check("step \(step)") }
            }
        }
        #expect(denseSeen > 0, "no dense row in the batch")
    }

    /// A row of views squeezed and stretched over and over: the long rows the resizes fill and
    /// empty are dense, so the column lists do not fill with stale nodes (before dense rows, a
    /// 1,000-view row-flex went from 21,000 to 254,000 nodes, and its resizes slowed fourfold).
    @Test func resizesLeaveNoStaleNodes() throws {
        let (solver, container, natural, _) = try BoundFlipTests.rowFlex(views: 100, denseRowsFromCells: 64)
        for _ in 0..<40 {
            try solver.suggestValue(natural * 0.9, for: container)
            try solver.suggestValue(natural, for: container)
        }
        expectSound(solver)
        let cells = solver.statistics.cells
        #expect(!solver.tableau.denseRows.isEmpty)
        #expect(solver.tableau.nodes.count <= 2 * cells, "\(solver.tableau.nodes.count) nodes for \(cells) cells")
    }
}
