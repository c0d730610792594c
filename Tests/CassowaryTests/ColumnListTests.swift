@testable import Cassowary
import TestSupport
import Testing

/// The column lists' upkeep (Tableau+Columns.swift). Columns without lists: a long column that
/// only the prunes walk loses its list, and a walk gives it back from a pass over the rows. A chain of views with
/// intrinsic widths, resized over and over, unlists the other error symbol of its width's edit;
/// its solutions must stay those of a twin that keeps every list, through resizes, removals and
/// re-adds that walk the unlisted column.
@Suite struct ColumnListTests {
    struct Chain {
        let solver: Solver
        let width: Variable
        var widths: [Variable] = []
        var constraints: [Constraint] = []

        init(views n: Int, unlistsColumnsFromCells unlisted: Int32) throws {
            solver = Solver(unlistsColumnsFromCells: unlisted)
            width = Variable("width")
            let left = Variable("left"), top = Variable("top"), height = Variable("height")
            try solver.add(left == 0)
            try solver.add(top == 0)
            try solver.add((height == 0).priority(50))
            try solver.addEditVariable(width, priority: 999)
            try solver.suggestValue(375, for: width)
            var bottom: Expression = top + 0
            for i in 0..<n {
                let l = Variable("l\(i)"), t = Variable("t\(i)"), w = Variable("w\(i)"), h = Variable("h\(i)")
                let intrinsic = 100 + Double(i % 7) * 30
                for c in [t == bottom + 8, l == left + 8, l + w <= left + width - 8,
                          (w <= intrinsic).priority(250), (w >= intrinsic).priority(750),
                          (h <= 30).priority(250), (h >= 30).priority(750)] {
                    try solver.add(c)
                    constraints.append(c)
                }
                bottom = t + h
                widths.append(w)
            }
            try solver.add(top + height == bottom + 8)
        }

        func resize(_ value: Double) throws -> [Double] {
            try solver.suggestValue(value, for: width)
            solver.updateVariables()
            return widths.map(\.value)
        }
    }

    /// The twins' widths, equal but for rounding (their lists are walked in different orders).
    func agree(_ a: [Double], _ b: [Double]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) < 1e-9 }
    }

    @Test func unlistedColumnsKeepTheSolutions() throws {
        let unlisting = try Chain(views: 120, unlistsColumnsFromCells: 16)
        let listing = try Chain(views: 120, unlistsColumnsFromCells: .max)
        var unlisted = 0
        for cycle in 0..<40 {
            for value in [320.0, 414, 200, 375] {
                #expect(agree(try unlisting.resize(value), try listing.resize(value)), "cycle \(cycle), width \(value)")
            }
            unlisted = max(unlisted, unlisting.solver.tableau.symbols.filter { $0.linked == Tableau.unlisted }.count)
            if cycle % 8 == 7 {
                // A view's width constraints out and in again: removing them walks the columns
                // of their markers, and the solver may pivot the unlisted one.
                let k = 7 * (cycle % 120)
                for c in unlisting.constraints[k..<k + 5] { try unlisting.solver.remove(c) }
                for c in listing.constraints[k..<k + 5] { try listing.solver.remove(c) }
                for c in unlisting.constraints[k..<k + 5] { try unlisting.solver.add(c) }
                for c in listing.constraints[k..<k + 5] { try listing.solver.add(c) }
                expectSound(unlisting.solver)
            }
        }
        #expect(unlisted > 0, "no column lost its list")
        // Removing the edit walks its error symbols' columns, the unlisted one too.
        try unlisting.solver.removeEditVariable(unlisting.width)
        try listing.solver.removeEditVariable(listing.width)
        expectSound(unlisting.solver)
        unlisting.solver.updateVariables()
        listing.solver.updateVariables()
        #expect(agree(unlisting.widths.map(\.value), listing.widths.map(\.value)))
        #expect(unlisting.solver.tableau.relists > 0, "no unlisted column was walked")
    }

    /// The views' columns reach the prune threshold in the same resize, and all lists are
    /// rebuilt at once (`Tableau.rebuildColumns`): the tableau stays sound, and every width is
    /// its intrinsic one or the container's, less the margins, whichever is smaller.
    @Test func rebuiltListsKeepTheSolutions() throws {
        let chain = try Chain(views: 120, unlistsColumnsFromCells: .max)
        for cycle in 0..<60 {
            for value in [320.0, 414, 200, 375] {
                let widths = try chain.resize(value)
                let expected = widths.indices.map { min(100 + Double($0 % 7) * 30, value - 16) }
                #expect(zip(widths, expected).allSatisfy { abs($0 - $1) < 1e-9 }, "cycle \(cycle), width \(value)")
            }
            expectSound(chain.solver)
        }
        #expect(chain.solver.tableau.rebuilds > 0, "the lists were never rebuilt")
    }
}
