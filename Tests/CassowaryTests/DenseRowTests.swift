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
            try runTwinLayout(seed: UInt64(910_000 + batch * 1000 + k), views: 4...12, steps: 24,
                              ours: Solver(smallTableau: false, incrementalValuesFromRows: 0, denseRowsFromCells: 4),
                              theirs: Solver(smallTableau: false, incrementalValuesFromRows: 0, denseRowsFromCells: .max)) { solver in
                denseSeen = max(denseSeen, solver.tableau.denseRows.count)
                expectSound(solver)
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
