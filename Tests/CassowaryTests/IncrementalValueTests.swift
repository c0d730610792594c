import Cassowary
import TestSupport
import Testing

/// The incremental values of `Tableau+Values.swift`: after an edit or a new constant, only the
/// rows it reaches are recomputed and only the variables that moved are written. Checked against
/// closed-form solutions through chains (where a change travels from row to row), and for
/// variables that several solvers hold, where the last `updateVariables` must win.
@Suite struct IncrementalValueTests {
    /// A column of views under a container whose width is edited: `v.top = previous.bottom + 8`,
    /// `v.height` fixed, `v.left = 8`, `v.right = container.right - 8`.
    final class Column {
        let solver = Solver(incrementalValuesFromRows: 0)
        let width = Variable("width")
        var tops: [Variable] = [], heights: [Variable] = [], lefts: [Variable] = [], widths: [Variable] = []
        var heightConstraints: [Constraint] = []
        var expectedHeights: [Double] = []

        init(_ n: Int) throws {
            try solver.addEditVariable(width, priority: Priority(999))
            for i in 0..<n {
                let t = Variable("t\(i)"), h = Variable("h\(i)"), l = Variable("l\(i)"), w = Variable("w\(i)")
                try solver.add(i == 0 ? t == 8 : t == tops[i - 1] + heights[i - 1] + 8)
                let height = h == Double(20 + i % 7)
                try solver.add(height)
                try solver.add(l == 8)
                try solver.add(l + w == width - 8)
                tops.append(t); heights.append(h); lefts.append(l); widths.append(w)
                heightConstraints.append(height)
                expectedHeights.append(Double(20 + i % 7))
            }
        }

        /// Every variable against the closed form, after `updateVariables`.
        func expectSolution(_ containerWidth: Double, _ step: String, sourceLocation: SourceLocation = #_sourceLocation) {
            solver.updateVariables()
            expectSound(solver, sourceLocation: sourceLocation)
            var top = 8.0
            var wrong: [String] = []
            for i in tops.indices {
                if tops[i].value != top { wrong.append("t\(i)=\(tops[i].value), not \(top)") }
                if heights[i].value != expectedHeights[i] { wrong.append("h\(i)=\(heights[i].value)") }
                if lefts[i].value != 8 { wrong.append("l\(i)=\(lefts[i].value)") }
                if widths[i].value != containerWidth - 16 { wrong.append("w\(i)=\(widths[i].value), not \(containerWidth - 16)") }
                top += expectedHeights[i] + 8
            }
            #expect(wrong.isEmpty, "\(step): \(wrong.prefix(4))", sourceLocation: sourceLocation)
        }
    }

    @Test func editsAndConstantsReachEveryDependentRow() throws {
        let column = try Column(200)
        var rng = SeededGenerator(seed: 7)
        var width = 375.0
        try column.solver.suggestValue(width, for: column.width)
        column.expectSolution(width, "first solve")
        for step in 0..<60 {
            switch Int.random(in: 0..<4, using: &rng) {
            case 0:
                // Resize: every view's width moves, nothing else does.
                width = Double(Int.random(in: 100...800, using: &rng))
                try column.solver.suggestValue(width, for: column.width)
            case 1:
                // One view's height: every top below it moves, through the chain of DAG rows.
                let i = Int.random(in: 0..<column.heightConstraints.count, using: &rng)
                let h = Double(Int.random(in: 0...60, using: &rng))
                try column.solver.setConstant(-h, for: column.heightConstraints[i])
                column.expectedHeights[i] = h
            case 2:
                // The same value again: nothing moves.
                try column.solver.suggestValue(width, for: column.width)
            default:
                // A constraint removed and added back: everything is recomputed once.
                let i = Int.random(in: 0..<column.heightConstraints.count, using: &rng)
                try column.solver.remove(column.heightConstraints[i])
                let replacement = column.heights[i] == column.expectedHeights[i]
                try column.solver.add(replacement)
                column.heightConstraints[i] = replacement
            }
            column.expectSolution(width, "step \(step)")
        }
    }

    @Test func aValueReadBeforeTheUpdateIsCurrent() throws {
        let column = try Column(30)
        try column.solver.suggestValue(300, for: column.width)
        column.expectSolution(300, "first solve")
        try column.solver.suggestValue(500, for: column.width)
        // value(of:) computes the values; the next updateVariables must still write them.
        #expect(column.solver.value(of: column.widths[3]) == 484)
        #expect(column.widths[3].value == 284, "not written before updateVariables")
        column.expectSolution(500, "after value(of:)")
    }

    /// Two solvers with one variable: each `updateVariables` writes its own solution, even when
    /// nothing changed in that solver since its previous call.
    @Test func theLastUpdateOfASharedVariableWins() throws {
        // Tiny systems, made incremental: the path that skips unmoved variables.
        let x = Variable("x"), y = Variable("y")
        let first = Solver(incrementalValuesFromRows: 0)
        let a = x == 10
        try first.add(a)
        try first.add(y == x + 1)
        first.updateVariables()
        #expect(x.value == 10 && y.value == 11)
        var second: Solver? = Solver(incrementalValuesFromRows: 0)
        try second!.add(x == 20)
        second!.updateVariables()
        #expect(x.value == 20)
        first.updateVariables()
        #expect(x.value == 10 && y.value == 11, "the first solver's values again, unchanged in it")
        second!.updateVariables()
        #expect(x.value == 20)
        try first.setConstant(-30, for: a)
        first.updateVariables()
        #expect(x.value == 30 && y.value == 31)

        // The second solver goes; a third takes x while the first still holds it.
        second = nil
        let third = Solver(incrementalValuesFromRows: 0)
        try third.add(x == 40)
        third.updateVariables()
        #expect(x.value == 40)
        first.updateVariables()
        #expect(x.value == 30)
        third.updateVariables()
        #expect(x.value == 40, "the third solver writes x though its value did not move")
    }

    /// A variable whose other solver has gone is written by the one left, and one that a solver
    /// took after every earlier holder went is its own again.
    @Test func aVariableOutlivesItsSolvers() throws {
        let x = Variable("x")
        do {
            let s = Solver()
            try s.add(x == 5)
            s.updateVariables()
        }
        #expect(x.value == 5)
        let s = Solver(incrementalValuesFromRows: 0)
        let c = x == 6
        try s.add(c)
        s.updateVariables()
        #expect(x.value == 6)
        try s.setConstant(-7, for: c)
        s.updateVariables()
        #expect(x.value == 7)
        s.reset()
        try s.add(x == 8)
        s.updateVariables()
        #expect(x.value == 8)

        // The solver that took x first goes while another holds it; a third one comes.
        var owner: Solver? = Solver(incrementalValuesFromRows: 0)
        let y = Variable("y")
        try owner!.add(y == 1)
        let other = Solver(incrementalValuesFromRows: 0)
        try other.add(y == 2)
        owner = nil
        let third = Solver(incrementalValuesFromRows: 0)
        try third.add(y == 3)
        other.updateVariables()
        third.updateVariables()
        other.updateVariables()
        #expect(y.value == 2)
        third.updateVariables()
        #expect(y.value == 3)
    }
}
