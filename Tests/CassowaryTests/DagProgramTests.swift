import Cassowary
import TestSupport
import Testing

/// The DAG program of `Tableau+DagProgram.swift`: the compact copy of the DAG rows that the values
/// pass reads when a value most rows read moves. Checked against closed-form solutions while it is
/// built, patched by new constants, dropped by pivots and rebuilt, and `expectSound` compares it
/// with the rows at every step.
@Suite struct DagProgramTests {
    /// Views under a container whose width `W` is edited: `t[i] == t[i-1] + gap[i]` (the links
    /// kept, to move their constants), `l == 8`, `r == W - 8` (a DAG row each, reading `W`), and
    /// `w <= r - l` required with `w == intrinsic` at 500: compressed below `intrinsic + 16`, which
    /// pivots.
    ///
    /// Each `w`'s row reads `W` and, once solved, mentions the marker of `W`'s edit constraint:
    /// the first resize that walks that column rewrites it in proper form, where it mentions
    /// neither (Tableau+ColumnCopy.swift). With `chainedRight`, `r[i] == r[i-1]` instead (still
    /// `W - 8`): the rows in proper form then mention the dummy marker of every link before them.
    final class Views {
        let solver = Solver(incrementalValuesFromRows: 0)
        let width = Variable("W")
        var t: [Variable] = [], l: [Variable] = [], r: [Variable] = [], w: [Variable] = []
        var links: [Constraint] = []
        var gaps: [Double] = []
        let intrinsic: [Double]

        init(_ n: Int, chainedRight: Bool = false) throws {
            intrinsic = (0..<n).map { Double(100 + ($0 % 9) * 25) }
            try solver.addEditVariable(width, priority: Priority(999))
            for i in 0..<n {
                let ti = Variable("t\(i)"), li = Variable("l\(i)"), ri = Variable("r\(i)"), wi = Variable("w\(i)")
                let link = i == 0 ? ti == 8 : ti == t[i - 1] + 28
                try solver.add(link)
                try solver.add(li == 8)
                try solver.add(chainedRight && i > 0 ? ri == r[i - 1] : ri == width - 8)
                try solver.add(wi <= ri - li)
                try solver.add((wi == intrinsic[i]).priority(500))
                t.append(ti); l.append(li); r.append(ri); w.append(wi)
                links.append(link)
                gaps.append(i == 0 ? 8 : 28)
            }
        }

        func resize(_ value: Double) throws { try solver.suggestValue(value, for: width) }

        /// Takes link `k` out and puts it back: its row is a new DAG row.
        func relink(_ k: Int) throws {
            try solver.remove(links[k])
            try solver.add(links[k])
        }

        /// Every variable against the closed form.
        func expectSolution(_ value: Double, _ step: String, sourceLocation: SourceLocation = #_sourceLocation) {
            solver.updateVariables()
            expectSound(solver, sourceLocation: sourceLocation)
            var top = 0.0
            var wrong: [String] = []
            for i in t.indices {
                top += gaps[i]
                if t[i].value != top { wrong.append("t\(i)=\(t[i].value), not \(top)") }
                if l[i].value != 8 { wrong.append("l\(i)=\(l[i].value)") }
                if r[i].value != value - 8 { wrong.append("r\(i)=\(r[i].value), not \(value - 8)") }
                let expected = min(intrinsic[i], value - 16)
                if abs(w[i].value - expected) > 1e-9 { wrong.append("w\(i)=\(w[i].value), not \(expected)") }
            }
            #expect(wrong.isEmpty, "\(step): \(wrong.prefix(4))", sourceLocation: sourceLocation)
        }

        #if CASSOWARY_CHECKS
        var program: (isCurrent: Bool, builds: Int) { solver.dagProgramState }
        #endif
    }

    #if CASSOWARY_CHECKS
    @Test func resizesThatMoveConstantsOnlyKeepTheProgram() throws {
        let views = try Views(200)
        try views.resize(1000)
        views.expectSolution(1000, "first solve")
        // The first pass over every row reads the rows; the next one, finding them unchanged,
        // builds the program; later ones read it.
        for (k, width) in [1010.0, 1020, 1030, 1040].enumerated() {
            try views.resize(width)
            views.expectSolution(width, "resize \(k)")
        }
        #expect(views.program == (true, 1))
        // A link's new constant moves the constant of its DAG row, in the program too.
        try views.solver.setConstant(-40, for: views.links[50])
        views.gaps[50] = 40
        views.expectSolution(1040, "a link moved")
        try views.resize(1050)
        views.expectSolution(1050, "resize after the link moved")
        #expect(views.program == (true, 1), "kept through a new constant")
    }

    @Test func changedDagRowsDropTheProgramAndBuildsBackOff() throws {
        let views = try Views(200)
        for width in [1000.0, 1010, 1020, 1030] {
            try views.resize(width)
            views.expectSolution(width, "steady \(width)")
        }
        #expect(views.program == (true, 1))
        // A link taken out and put back is a new DAG row: the program is stale.
        try views.relink(50)
        try views.resize(1040)
        views.expectSolution(1040, "relinked")
        #expect(views.program.isCurrent == false)
        // Two quiet resizes, then a new DAG row, over and over: a program built on the first
        // quiet pass would serve one pass and go stale, so after the first such waste builds wait
        // for more quiet passes than the pattern has.
        for round in 0..<6 {
            for width in [1000.0, 1010, 1020] {
                try views.resize(width)
                views.expectSolution(width, "round \(round), width \(width)")
            }
            try views.relink(60 + round)
        }
        let builds = views.program.builds
        #expect(builds <= 3, "\(builds) programs built for a pattern that reuses none")
        // Steady resizes again: patience is bounded, so a program comes back and is kept.
        for width in stride(from: 1000.0, through: 1100, by: 10) {
            try views.resize(width)
            views.expectSolution(width, "steady again \(width)")
        }
        #expect(views.program.isCurrent)
        #expect(views.program.builds == builds + 1)
    }
    #endif

    /// Without the checks compiled in, the same resizes still give the closed-form solution.
    @Test func resizesThroughTheProgramGiveTheClosedForm() throws {
        let views = try Views(150)
        var rng = SeededGenerator(seed: 91)
        for step in 0..<40 {
            let width = Bool.random(using: &rng) ? Double(Int.random(in: 900...1200, using: &rng))
                                                : Double(Int.random(in: 120...400, using: &rng))
            try views.resize(width)
            if Int.random(in: 0..<5, using: &rng) == 0 {
                let k = Int.random(in: 1..<views.links.count, using: &rng)
                let gap = Double(Int.random(in: 0...60, using: &rng))
                try views.solver.setConstant(-gap, for: views.links[k])
                views.gaps[k] = gap
            }
            views.expectSolution(width, "step \(step)")
        }
    }
}
