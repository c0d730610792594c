@testable import Cassowary
import TestSupport
import Testing

/// The dual simplex's bound flips (see `Tableau+DualSimplex.swift`): rows of views with floors,
/// hugging caps and compression preferences, squeezed and stretched through an edit variable and
/// new constants, checked after every step against the dense reference LP. These are the systems
/// where a flip happens: one long row (the container's edge) repaired by many symbols, each
/// limited by a short row of its own (its floor or cap).
@Suite struct BoundFlipTests {
    final class Row {
        var rng: SeededGenerator
        /// Every other seed keeps its values incrementally, as systems of 128 rows and more do.
        let solver: Solver
        let left = Variable("left"), right = Variable("right")
        var widths: [Variable] = []
        var variables: [Variable] { [left, right] + widths }
        /// Installed constraints with the constant the solver holds for them.
        var installed: [(Constraint, Double)] = []
        var edits: [(Variable, Double, Priority)] = []

        /// `denseRowsFromCells` as the solver's (see `DenseRowTests`).
        init(seed: UInt64, denseRowsFromCells dense: Int? = nil) throws {
            rng = SeededGenerator(seed: seed)
            solver = seed % 2 == 0 ? Solver(incrementalValuesFromRows: 0, denseRowsFromCells: dense)
                                   : Solver(denseRowsFromCells: dense)
            let n = Int.random(in: 3...8, using: &rng)
            widths = (0..<n).map { Variable("w\($0)") }
            var natural = 0.0
            for w in widths {
                // A floor (required, sometimes negative), a cap now and then, and a preferred
                // width held by hugging (<=) and compression resistance (>=) at two priorities.
                let floor = Double(Int.random(in: -10...20, using: &rng))
                let preferred = floor + Double(Int.random(in: 0...40, using: &rng))
                let (hug, resist) = Bool.random(using: &rng) ? (250.0, 750.0) : (251.0, 749.0)
                try install(w >= floor)
                if Int.random(in: 0..<4, using: &rng) == 0 {
                    try install(w <= preferred + Double(Int.random(in: 0...10, using: &rng)))
                }
                try install((w <= preferred).priority(Priority(hug)))
                try install((w >= preferred).priority(Priority(resist)))
                natural += preferred + 8
            }
            // The row: left + 8 + w0 + 8 + ... + w(n-1) + 8 <= right, both ends edited.
            let sum = widths.reduce(left + 8) { $0 + $1 + 8 }
            try install(sum <= right + 0)
            for (v, value) in [(left, Double(Int.random(in: -20...20, using: &rng))), (right, natural)] {
                let priority = Priority(999)
                try solver.addEditVariable(v, priority: priority)
                try solver.suggestValue(value, for: v)
                edits.append((v, value, priority))
            }
        }

        func install(_ c: Constraint) throws {
            try solver.add(c)
            installed.append((c, c.expression.constant))
        }

        var system: [(Constraint, Double)] {
            installed + edits.map { (Constraint($0.0 + 0, .equal, priority: $0.2), -$0.1) }
        }

        func check(_ step: String) {
            expectMatchesReference(solver, system, variables: variables, step)
        }
    }

    @Test(arguments: 0..<4)
    func squeezedRowsMatchTheReference(batch: Int) throws {
        let (flips, _) = try BoundFlipTests.squeeze(batch: batch)
        // The batch must reach the flips, or it tests the plain dual simplex only.
        #expect(flips > 20, "only \(flips) bound flips in the batch")
    }

    /// Sixty random rows squeezed, stretched and given new constants, each step checked against
    /// the reference; returns the bound flips made, and how many rows had dense rows (see
    /// `Tableau.denseRows`) at their last step.
    static func squeeze(batch: Int, denseRowsFromCells dense: Int? = nil) throws -> (flips: Int, withDenseRows: Int) {
        var flips = 0, withDenseRows = 0
        for k in 0..<60 {
            let row = try Row(seed: UInt64(300_000 + batch * 1000 + k), denseRowsFromCells: dense)
            row.check("seed \(k) built")
            for step in 0..<8 {
                let label = "seed \(k) step \(step)"
                switch Int.random(in: 0..<5, using: &row.rng) {
                case 0, 1, 2:
                    // Squeeze or stretch the row, often past every floor.
                    let e = Int.random(in: row.edits.indices, using: &row.rng)
                    let value = row.edits[e].1 + Double(Int.random(in: -250...150, using: &row.rng))
                    try row.solver.suggestValue(value, for: row.edits[e].0)
                    row.edits[e].1 = value
                default:
                    // A new floor, cap or preference; a required one may be refused.
                    let i = Int.random(in: row.installed.indices, using: &row.rng)
                    let (c, old) = row.installed[i]
                    let constant = old + Double(Int.random(in: -30...30, using: &row.rng))
                    do {
                        try row.solver.setConstant(constant, for: c)
                        row.installed[i].1 = constant
                    } catch SolverError.unsatisfiableConstraint {
                        var changed = row.system
                        changed[i].1 = constant
                        #expect(ReferenceLP.lexicographicViolations(changed, variables: row.variables) == nil,
                                "\(label): refused constant \(constant) for \(c)")
                    }
                }
                row.check(label)
            }
            flips += row.solver.statistics.boundFlips
            if !row.solver.tableau.denseRows.isEmpty { withDenseRows += 1 }
        }
        return (flips, withDenseRows)
    }

    /// row-flex: squeezing 300 views to 0.9 of their natural width repairs the container's row
    /// by flipping the views that reach their floor, so the tableau stays as sparse as it was
    /// (without flips every flipped view's rows became as long as the container's).
    @Test func aSqueezedRowStaysSparse() throws {
        let n = 300
        let (solver, container, natural, widths) = try BoundFlipTests.rowFlex(views: n)
        let before = solver.statistics
        try solver.suggestValue(natural * 0.9, for: container)
        let squeezed = solver.statistics
        solver.updateVariables()
        // Every view keeps its floor, and together they give up exactly the tenth.
        #expect(widths.allSatisfy { $0.value >= 10 - 1e-9 })
        let total = widths.reduce(0) { $0 + $1.value }
        #expect(abs(total - (natural * 0.9 - 8 * Double(n + 1))) < 1e-6)
        // A tenth of 300 views' widths is about 40 views at their floors: that many flips, one
        // pivot into the container's row, and about as many cells as before.
        let flips = squeezed.boundFlips - before.boundFlips
        #expect(flips >= 30 && flips <= 50, "\(flips) flips")
        #expect(squeezed.pivots - before.pivots <= flips + 5, "\(squeezed.pivots - before.pivots) pivots")
        #expect(squeezed.cells <= before.cells + 8 * n, "cells \(before.cells) -> \(squeezed.cells)")
        try solver.suggestValue(natural, for: container)
        solver.updateVariables()
        #expect(widths.enumerated().allSatisfy { abs($1.value - (50 + Double($0 % 5) * 4)) < 1e-9 })
    }

    /// The row-flex workload of the benchmarks: `n` views in a row, each with a floor of 10 and
    /// a preferred width held at priorities 250 and 750, inside a container whose width is
    /// edited (at the row's natural width, returned).
    static func rowFlex(views n: Int, denseRowsFromCells dense: Int? = nil) throws
        -> (solver: Solver, container: Variable, natural: Double, widths: [Variable]) {
        let solver = Solver(denseRowsFromCells: dense)
        let container = Variable("container")
        var widths: [Variable] = []
        var previousRight: Expression = Expression(constant: 0)
        var natural = 8.0
        for i in 0..<n {
            let l = Variable("l\(i)"), w = Variable("w\(i)")
            let preferred = 50 + Double(i % 5) * 4
            try solver.add(l == previousRight + 8)
            try solver.add(w >= 10)
            try solver.add((w <= preferred).priority(250))
            try solver.add((w >= preferred).priority(750))
            previousRight = l + w
            widths.append(w)
            natural += preferred + 8
        }
        try solver.add(previousRight <= container - 8)
        try solver.addEditVariable(container, priority: 999)
        try solver.suggestValue(natural, for: container)
        return (solver, container, natural, widths)
    }
}
