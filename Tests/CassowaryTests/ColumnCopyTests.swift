@testable import Cassowary
import TestSupport
import Testing

/// The column copy of `Tableau+ColumnCopy.swift` (a dense copy of a long marker column, kept
/// while no row's cells change) and the rewriting in proper form of the DAG rows such a column
/// holds: checked against closed-form solutions, against the dense reference LP on random
/// layouts where every column is copied and every DAG row it holds is rewritten, and at the
/// expansion's limit.
@Suite struct ColumnCopyTests {
    #if CASSOWARY_CHECKS
    @Test func resizesKeepTheCopyThroughPivotsAndRewriteTheWidths() throws {
        let views = try DagProgramTests.Views(100)
        let before = views.solver.dagRowCount
        for width in [1000.0, 1010, 1020] {
            try views.resize(width)
            views.expectSolution(width, "steady \(width)")
        }
        // Each view's width mentioned the marker and read `W`, with effects that cancel: it is a
        // row in proper form now, which resizes pass by.
        #expect(views.solver.dagRowCount == before - 100)
        #expect(views.solver.columnCopyState.isKept)
        let copies = views.solver.columnCopyState.copies
        for width in [1030.0, 1040, 1050] {
            try views.resize(width)
            views.expectSolution(width, "kept \(width)")
        }
        #expect(views.solver.columnCopyState == (true, copies), "resizes that pivot nothing keep the copy")
        // Compressed: the pivots change rows in the column; the copy refreshes those rows at the
        // next shift, and no walk copies the column again.
        for width in [200.0, 1000, 1010, 300, 1020] {
            try views.resize(width)
            views.expectSolution(width, "through pivots \(width)")
            #expect(views.solver.columnCopyState == (true, copies), "pivots keep the copy (\(width))")
        }
    }

    @Test func aLongColumnIsQueuedForPruningToo() throws {
        // w is in the row of each x: 16,400 cells, so four times its cells plus 64 is past what
        // the link counter holds. Links past `maximumLinks` queue the column all the same.
        let solver = Solver(smallTableau: false)
        let w = Variable("w")
        let xs = (0..<16_400).map { Variable("x\($0)") }
        for (i, x) in xs.enumerated() { try solver.add(x == w + Double(i)) }
        let ws = solver.tableau.existingSymbol(for: w), x0s = solver.tableau.existingSymbol(for: xs[0])
        let s = try #require(ws), x0 = try #require(x0s)
        let slot = solver.tableau.symbols[Int(x0)].row
        #expect(solver.tableau.symbols[Int(s)].refs == 16_400)
        let nodes = solver.tableau.nodes.count
        for _ in 0..<Int(Tableau.maximumLinks) + 1 { solver.tableau.link(s, slot) }
        #expect(solver.tableau.staleColumns.contains(s), "a column of 16,400 cells was never queued")
        solver.tableau.pruneStaleColumns()
        #expect(solver.tableau.nodes.count - solver.tableau.freeNodes.count <= nodes,
                "the prune left the \(Tableau.maximumLinks) extra nodes linked")
        solver.updateVariables()
        #expect(xs[16_399].value == w.value + 16_399)
    }

    @Test func compressionsLeaveNoGrowingLists() throws {
        // Each compression gives the edit's error symbols a cell in the compressed views' rows,
        // and each release takes it away. The marker's new cells wait outside its list while the
        // column is copied; the other error symbol's list, which no resize walks, and the short
        // lists of the views' own symbols are pruned once their stale nodes outnumber their
        // cells (`Tableau.link`), or all lists are rebuilt when many are queued at once
        // (`Tableau.rebuildColumns`). Without that, every cycle here leaves some 165 stale nodes,
        // and the node buffer grows without end; with it, the buffer's peak levels off.
        let views = try DagProgramTests.Views(100)
        try views.resize(1000)
        let copies = views.solver.columnCopyState.copies
        var peaks = [0, 0]
        for cycle in 0..<200 {
            try views.resize(200)
            try views.resize(1000)
            peaks[cycle / 100] = max(peaks[cycle / 100], views.solver.tableau.nodes.count)
        }
        views.expectSolution(1000, "after 200 compressions")
        #expect(peaks[1] * 100 <= peaks[0] * 105, "peak nodes in the first 100 cycles \(peaks[0]), in the next \(peaks[1])")
        #expect(views.solver.columnCopyState == (true, copies), "no walk copied the column again")
    }

    @Test func rowsTheDagFormGrewComeOutShort() throws {
        // `r[i] == r[i-1]`: substituting into each width's row brought in the dummy marker of
        // every link before it; in proper form those cancel.
        let views = try DagProgramTests.Views(100, chainedRight: true)
        try views.resize(1000)
        let grown = views.solver.statistics.cells
        for width in [1010.0, 1020] {
            try views.resize(width)
            views.expectSolution(width, "steady \(width)")
        }
        #expect(grown - views.solver.statistics.cells > 40 * 100,
                "the widths' rows, of up to 107 cells, shrank: \(grown) cells before, \(views.solver.statistics.cells) after")
    }
    #endif

    @Test func anExpansionPastItsLimitLeavesTheRowAsItWas() throws {
        // x[i] == x[i-1] + 1: a chain of DAG rows; y == x[39] + z reads its end. (The general
        // tableau: this small system would start in the small one.)
        let solver = Solver(smallTableau: false, incrementalValuesFromRows: 0)
        let x = (0..<40).map { Variable("x\($0)") }
        let y = Variable("y"), z = Variable("z")
        try solver.add(x[0] == 5)
        for i in 1..<40 { try solver.add(x[i] == x[i - 1] + 1) }
        try solver.add(z == 2)
        try solver.add(y == x[39] + z)
        let found = solver.tableau.existingSymbol(for: y)
        let symbol = try #require(found)
        let slot = solver.tableau.symbols[Int(symbol)].row
        let row = solver.tableau.rows[Int(slot)]
        try #require(row.seq > 0, "y's row reads x[39] and z as a DAG row")
        let refused = solver.tableau.expandRow(slot, limit: 8)
        #expect(refused == false)
        let kept = solver.tableau.rows[Int(slot)]
        #expect(kept.seq == row.seq && kept.count == row.count && kept.constant == row.constant)
        let expanded = solver.tableau.expandRow(slot, limit: 200)
        #expect(expanded)
        #expect(solver.tableau.rows[Int(slot)].seq == 0)
        solver.tableau.rowChanged(slot)
        expectSound(solver)
        solver.updateVariables()
        #expect(y.value == 46)
    }

    /// Random layouts with a container width moved by `setConstant`, in a solver that copies
    /// every marker column and rewrites every DAG row in one: after every new width, new constant
    /// and re-added constraint the solution is the reference LP's optimum, and a twin solver that
    /// walks every column accepts and refuses the same changes.
    @Test(arguments: 0..<4)
    func copiesAndRewritesMatchTheReference(batch: Int) throws {
        for k in 0..<2 {
            try runTwinLayout(seed: UInt64(700_000 + batch * 1000 + k), views: 4...9, steps: 21,
                              ours: Solver(incrementalValuesFromRows: 0, columnCopiesFromCells: 1),
                              theirs: Solver(incrementalValuesFromRows: 0, columnCopiesFromCells: .max))
        }
    }
}
