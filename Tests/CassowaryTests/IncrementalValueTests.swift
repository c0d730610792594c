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

    /// A value that most rows read moves during the pass over the marked rows: the pass then
    /// evaluates every row after it rather than walking that value's column. `width` is read by
    /// `half` and a few views' widths (few enough that their rows are marked one by one), `half`
    /// by every view's position (so many that the pass takes them all).
    @Test func aValueMostRowsReadMovesDuringThePass() throws {
        let solver = Solver(incrementalValuesFromRows: 0)
        let width = Variable("width"), half = Variable("half")
        try solver.addEditVariable(width, priority: Priority(999))
        try solver.add(half == width * 0.5)
        let widths = (0..<30).map { Variable("w\($0)") }
        for (i, w) in widths.enumerated() { try solver.add(w == width - Double(i)) }
        let positions = (0..<100).map { Variable("x\($0)") }
        for (i, x) in positions.enumerated() { try solver.add(x == half + Double(i)) }
        for value in [375.0, 320, 414, 0, 1000] {
            try solver.suggestValue(value, for: width)
            solver.updateVariables()
            expectSound(solver)
            #expect(half.value == value / 2)
            let wrongWidths = widths.indices.filter { widths[$0].value != value - Double($0) }
            let wrongPositions = positions.indices.filter { positions[$0].value != value / 2 + Double($0) }
            #expect(wrongWidths.isEmpty && wrongPositions.isEmpty, "width \(value): w \(wrongWidths.prefix(3)), x \(wrongPositions.prefix(3))")
        }
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

    /// A variable's only solver publishes its value in an array of its own (not in the object):
    /// the value still changes only at `updateVariables`, stays when the solver is reset or goes,
    /// and stays when another solver takes the variable, until that one's update.
    @Test func aPublishedValueMovesOnlyAtAnUpdate() throws {
        let x = Variable("x")
        var first: Solver? = Solver(incrementalValuesFromRows: 0)
        try first!.addEditVariable(x, priority: Priority(999))
        try first!.suggestValue(5, for: x)
        first!.updateVariables()
        #expect(x.value == 5)
        try first!.suggestValue(9, for: x)
        #expect(x.value == 5, "not before the update")
        first!.updateVariables()
        #expect(x.value == 9)
        let second = Solver(incrementalValuesFromRows: 0)
        try second.add(x == 12)
        #expect(x.value == 9, "taken by a second solver, not updated by it yet")
        second.updateVariables()
        #expect(x.value == 12)
        first = nil
        #expect(x.value == 12, "the first solver gone")
        second.reset()
        #expect(x.value == 12, "the second solver reset")
        // Nobody holds x now: the next solver to take it publishes it.
        let third = Solver(incrementalValuesFromRows: 0)
        let c = x == 20
        try third.add(c)
        #expect(x.value == 12)
        third.updateVariables()
        #expect(x.value == 20)
        try third.setConstant(-21, for: c)
        #expect(x.value == 20)
        third.updateVariables()
        #expect(x.value == 21)
        expectSound(third)
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

    /// A random layout-like system (views placed in rows and columns, intrinsic sizes at two
    /// priorities, a container edited in both directions), as terms over variable indexes, so that
    /// two solvers can hold the same system over variables of their own.
    struct RandomLayout {
        struct Spec {
            var terms: [(Int, Double)]
            var constant: Double
            var relation: Relation
            var priority: Priority
        }
        var specs: [Spec] = []
        let variableCount: Int

        init(views n: Int, rng: inout SeededGenerator) {
            // Variables: container left, top, width, height, then left, top, width, height per view.
            variableCount = 4 + 4 * n
            func v(_ view: Int, _ k: Int) -> Int { 4 + 4 * view + k }
            specs.append(Spec(terms: [(0, 1)], constant: 0, relation: .equal, priority: .required))
            specs.append(Spec(terms: [(1, 1)], constant: 0, relation: .equal, priority: .required))
            for i in 0..<n {
                let margin = Double(Int.random(in: 0...12, using: &rng))
                // Horizontal: after the previous view in a row, or at the container's left.
                if i > 0 && Bool.random(using: &rng) {
                    specs.append(Spec(terms: [(v(i, 0), 1), (v(i - 1, 0), -1), (v(i - 1, 2), -1)], constant: -8, relation: .equal, priority: .required))
                } else {
                    specs.append(Spec(terms: [(v(i, 0), 1), (0, -1)], constant: -margin, relation: .equal, priority: .required))
                }
                // The right edge inside the container, required or preferred.
                specs.append(Spec(terms: [(v(i, 0), 1), (v(i, 2), 1), (0, -1), (2, -1)], constant: margin,
                                  relation: Bool.random(using: &rng) ? .lessThanOrEqual : .equal,
                                  priority: Bool.random(using: &rng) ? .required : Priority(500)))
                // Width and height: intrinsic (hugging and compression resistance) or fixed.
                for k in [2, 3] {
                    let size = Double(Int.random(in: 10...120, using: &rng))
                    specs.append(Spec(terms: [(v(i, k), 1)], constant: 0, relation: .greaterThanOrEqual, priority: .required))
                    if Bool.random(using: &rng) {
                        specs.append(Spec(terms: [(v(i, k), 1)], constant: -size, relation: .lessThanOrEqual, priority: Priority(250)))
                        specs.append(Spec(terms: [(v(i, k), 1)], constant: -size, relation: .greaterThanOrEqual, priority: Priority(750)))
                    } else {
                        specs.append(Spec(terms: [(v(i, k), 1)], constant: -size, relation: .equal, priority: Priority(Bool.random(using: &rng) ? 1000 : 900)))
                    }
                }
                // Vertical: below a random earlier view, or at the container's top.
                if i > 0 && Int.random(in: 0..<4, using: &rng) > 0 {
                    let above = Int.random(in: max(0, i - 3)..<i, using: &rng)
                    specs.append(Spec(terms: [(v(i, 1), 1), (v(above, 1), -1), (v(above, 3), -1)], constant: -8, relation: .equal, priority: .required))
                } else {
                    specs.append(Spec(terms: [(v(i, 1), 1), (1, -1)], constant: -margin, relation: .equal, priority: .required))
                }
                // The container's bottom below the view.
                specs.append(Spec(terms: [(3, 1), (1, 1), (v(i, 1), -1), (v(i, 3), -1)], constant: -8, relation: .greaterThanOrEqual, priority: .required))
            }
            specs.append(Spec(terms: [(3, 1)], constant: 0, relation: .equal, priority: Priority(50)))
        }

        func constraint(_ k: Int, over variables: [Variable], constant: Double? = nil) -> Constraint {
            let spec = specs[k]
            let terms = spec.terms.map { Term(variables[$0.0], $0.1) }
            return Constraint(Expression(terms, constant: constant ?? spec.constant), spec.relation, priority: spec.priority)
        }
    }

    /// The same random layouts in two solvers, one keeping its values incrementally from the first
    /// row and one recomputing every value: after every edit, new constant, removal and re-addition,
    /// both accept or refuse alike and write the same value into every variable.
    @Test(arguments: 0..<4)
    func incrementalValuesMatchAFullRecomputation(batch: Int) throws {
        for k in 0..<2 {
            var rng = SeededGenerator(seed: UInt64(400_000 + batch * 1000 + k))
            let layout = RandomLayout(views: Int.random(in: 12...30, using: &rng), rng: &rng)
            let incremental = Solver(incrementalValuesFromRows: 0), full = Solver(incrementalValuesFromRows: .max)
            let ours = (0..<layout.variableCount).map { Variable("i\($0)") }
            let theirs = (0..<layout.variableCount).map { Variable("f\($0)") }
            var installed: [(Constraint, Constraint)] = []
            for i in layout.specs.indices {
                let a = layout.constraint(i, over: ours), b = layout.constraint(i, over: theirs)
                let accepted = (try? incremental.add(a)) != nil
                #expect(accepted == ((try? full.add(b)) != nil), "seed \(k): constraint \(i)")
                if accepted { installed.append((a, b)) }
            }
            for (solver, variables) in [(incremental, ours), (full, theirs)] {
                try solver.addEditVariable(variables[2], priority: Priority(999))
                try solver.suggestValue(375, for: variables[2])
            }
            func compare(_ step: String, checkingInvariants: Bool) {
                incremental.updateVariables()
                full.updateVariables()
                // The invariants (stored values included) are slow to check on a few hundred rows.
                if checkingInvariants { expectSound(incremental) }
                let differing = ours.indices.filter { abs(ours[$0].value - theirs[$0].value) > 1e-7 * (1 + abs(theirs[$0].value)) }
                #expect(differing.isEmpty, "seed \(k), \(step): \(differing.prefix(3).map { "\(ours[$0]) \(ours[$0].value) vs \(theirs[$0].value)" })")
            }
            compare("first solve", checkingInvariants: true)
            for step in 0..<25 {
                switch Int.random(in: 0..<8, using: &rng) {
                case 0..<4:
                    let width = Double(Int.random(in: 0...900, using: &rng))
                    try incremental.suggestValue(width, for: ours[2])
                    try full.suggestValue(width, for: theirs[2])
                case 4..<7:
                    let (a, b) = installed.randomElement(using: &rng)!
                    let constant = Double(Int.random(in: -40...40, using: &rng))
                    let accepted = (try? incremental.setConstant(constant, for: a)) != nil
                    #expect(accepted == ((try? full.setConstant(constant, for: b)) != nil), "seed \(k), step \(step): setConstant")
                default:
                    let i = Int.random(in: 0..<installed.count, using: &rng)
                    let (a, b) = installed[i]
                    try incremental.remove(a)
                    try full.remove(b)
                    let accepted = (try? incremental.add(a)) != nil
                    #expect(accepted == ((try? full.add(b)) != nil), "seed \(k), step \(step): re-add")
                    if !accepted { installed.remove(at: i) }
                }
                compare("step \(step)", checkingInvariants: step % 5 == 4)
            }
        }
    }
}
