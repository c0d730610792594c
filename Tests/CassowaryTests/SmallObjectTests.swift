import Cassowary
import TestSupport
import Testing

/// Systems of `Variable` and `Constraint` objects in the small tableau (Solver+SmallObjects.swift):
/// what stays small, what promotes, and that promotion, sharing and dropping keep the objects'
/// caches, values and lifetimes right. (RandomSystemTests run object systems from a fresh
/// `Solver()` against the reference LP, through promotions at random points.)
@Suite struct SmallObjectTests {
    /// A table cell: five views, fitting at 375 points wide, with the intrinsic sizes of three
    /// labels.
    struct Cell {
        let x = (0..<5).map { Variable("x\($0)") }, y = (0..<5).map { Variable("y\($0)") }
        let w = (0..<5).map { Variable("w\($0)") }, h = (0..<5).map { Variable("h\($0)") }

        var structural: [Constraint] {
            [x[0] == 0, y[0] == 0, w[0] == 375, (h[0] == 0).priority(.fittingSizeLevel),
             x[1] == x[0] + 8, y[1] == y[0] + 8, w[1] == 40, h[1] == 40,
             x[2] == x[1] + w[1] + 8, y[2] == y[0] + 8,
             x[3] >= x[2] + w[2] + 8, x[3] + w[3] == x[0] + w[0] - 8, y[3] == y[2],
             x[4] == x[2], x[4] + w[4] == x[0] + w[0] - 8, y[4] == y[2] + h[2] + 4,
             y[0] + h[0] == y[4] + h[4] + 8, y[0] + h[0] >= y[1] + h[1] + 8]
        }

        func intrinsic(_ k: Int, _ width: Double, _ height: Double) -> [Constraint] {
            [(w[k] <= width).priority(250), (w[k] >= width).priority(750),
             (h[k] <= height).priority(250), (h[k] >= height).priority(750)]
        }

        var all: [Variable] { x + y + w + h }
    }

    @Test func aCellStaysSmallThroughAddsAndRemovesAndAgreesWithTheGeneralTableau() throws {
        let small = Solver(), general = Solver(smallTableau: false)
        let a = Cell(), b = Cell()
        try small.add(a.structural)
        try general.add(b.structural)
        var bodies: [([Constraint], [Constraint])] = []
        for (k, size) in [(2, (160.0, 20.0)), (3, (40.0, 16.0)), (4, (900.0, 20.0))] {
            let pair = (a.intrinsic(k, size.0, size.1), b.intrinsic(k, size.0, size.1))
            try small.add(pair.0)
            try general.add(pair.1)
            bodies.append(pair)
        }
        // The body label again at its solved width, as a two-pass cell does.
        for c in bodies[2].0 { try small.remove(c) }
        for c in bodies[2].1 { try general.remove(c) }
        small.updateVariables()
        general.updateVariables()
        let solvedWidth = a.w[4].value
        try small.add(a.intrinsic(4, solvedWidth, 60))
        try general.add(b.intrinsic(4, solvedWidth, 60))
        small.updateVariables()
        general.updateVariables()
        #expect(small.isSmall, "adds and removes keep a cell in the small tableau")
        #expect(small.constraintCount == general.constraintCount)
        for (u, v) in zip(a.all, b.all) {
            #expect(abs(u.value - v.value) < 1e-9, "\(u.name): \(u.value) small, \(v.value) general")
            #expect(small.value(of: u) == u.value)
        }
        #expect(a.h[0].value == 8 + 20 + 4 + 60 + 8)
        expectSound(small)
    }

    @Test func aNewConstantPromotesWithEveryConstraintInstalled() throws {
        let solver = Solver()
        let cell = Cell()
        let labels = cell.intrinsic(2, 160, 20) + cell.intrinsic(4, 300, 20)
        try solver.add(cell.structural + labels)
        try solver.remove(labels[0])
        #expect(solver.isSmall)
        let count = solver.constraintCount
        try solver.setConstant(-100, for: labels[1])
        #expect(!solver.isSmall, "a new constant is the general tableau's")
        #expect(solver.constraintCount == count)
        #expect(solver.contains(labels[2]) && !solver.contains(labels[0]))
        #expect(solver.constant(for: labels[1]) == -100)
        solver.updateVariables()
        #expect(cell.w[2].value == 100)
        // Constraints installed before the promotion are the general tableau's now.
        try solver.remove(labels[2])
        #expect(throws: SolverError.self) { try solver.remove(labels[0]) }
        expectSound(solver)
    }

    @Test func errorsAreTheGeneralTableausWithTheSystemIntact() throws {
        let x = Variable("x"), y = Variable("y")
        let solver = Solver()
        let a = x == 10, b = y == x + 5
        try solver.add(a)
        try solver.add(b)
        #expect(solver.isSmall)
        let conflict = x == 20
        do {
            try solver.add(conflict)
            Issue.record("x == 20 holds with x == 10")
        } catch let SolverError.unsatisfiableConstraint(c, conflicts) {
            #expect(c === conflict)
            #expect(conflicts.contains { $0 === a })
        }
        #expect(throws: SolverError.self) { try solver.add(a) }
        #expect(throws: SolverError.self) { try solver.remove(conflict) }
        solver.updateVariables()
        #expect(x.value == 10 && y.value == 15)
        #expect(solver.constraintCount == 2)
    }

    @Test func badNumbersAreRefusedByName() throws {
        let x = Variable("x")
        for bad in [x == .nan, x <= .infinity, (x >= 1).priority(Priority(2000)), (x >= 1).priority(Priority(.nan))] {
            let solver = Solver()
            try solver.add(x >= 0)
            #expect(solver.isSmall)
            do {
                try solver.add(bad)
                Issue.record("\(bad) was accepted")
            } catch SolverError.nonFiniteConstraint(let c) {
                #expect(c === bad)
            } catch SolverError.invalidPriority {
                #expect(!bad.priority.isValid)
            }
            #expect(solver.constraintCount == 1 && !solver.contains(bad))
            solver.updateVariables()
            #expect(x.value == 0)
        }
    }

    @Test func aSmallSolverReleasesItsObjectsAndTheirCaches() throws {
        weak var variable: Variable?
        weak var constraint: Constraint?
        let kept = Variable("kept")
        let keptConstraint = kept == 7
        do {
            let x = Variable("x")
            let c = (x >= 10).priority(750)
            variable = x
            constraint = c
            let solver = Solver()
            try solver.add(c)
            try solver.add(x <= 300)
            try solver.add(keptConstraint)
            solver.updateVariables()
            #expect(solver.isSmall && x.value == 10)
            try solver.remove(c)
            try solver.add(c)
        }
        #expect(variable == nil, "the small solver keeps its variable alive after it is dropped")
        #expect(constraint == nil, "the small solver keeps its constraint alive after it is dropped")
        // The value stays with the variable, and the next solver claims its caches.
        #expect(kept.value == 7)
        let next = Solver()
        try next.add(keptConstraint)
        #expect(next.isSmall, "a dropped solver's objects are free for the next one")
        #expect(next.heapBlocks == 1)
    }

    @Test func variablesSharedWithAnotherSolverShowTheLastSolution() throws {
        let x = Variable("x")
        let first = Solver(), second = Solver()
        try first.add(x == 1)
        #expect(first.isSmall)
        // x is the first solver's: the second one holds it in the general tableau.
        try second.add(x == 2)
        #expect(!second.isSmall)
        first.updateVariables()
        #expect(x.value == 1)
        second.updateVariables()
        #expect(x.value == 2)
        first.updateVariables()
        #expect(x.value == 1, "a variable shows the solution of the last updateVariables")
        // A variable a general tableau holds sends a new system there too.
        let third = Solver()
        try third.add(x == 3)
        #expect(!third.isSmall)
        third.updateVariables()
        #expect(x.value == 3)
    }

    @Test func theValueAPIOnAnObjectSystemPromotesIt() throws {
        let solver = Solver()
        let x = Variable("x")
        try solver.add(x == 4)
        let h = solver.makeVariable("h")
        #expect(!solver.isSmall)
        try solver.add(h == 2)
        solver.updateVariables()
        #expect(x.value == 4 && solver.value(of: h) == 2)
    }
}
