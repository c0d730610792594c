import Cassowary
import TestSupport
import Testing

/// The value API: solver-owned variables (`VariableHandle`) and value constraints
/// (`LinearConstraint`) under a `ConstraintHandle`.
@Suite struct HandleTests {
    @Test func theDocumentationExampleSolves() throws {
        let solver = Solver()
        let left = solver.makeVariable("left"), width = solver.makeVariable("width")
        try solver.add(left == 20)
        let cap = try solver.add(left + width <= 300)
        try solver.add((width == 400).priority(.defaultHigh))
        #expect(solver.value(of: left) == 20)
        #expect(solver.value(of: width) == 280)
        try solver.setConstant(-320, for: cap)
        #expect(solver.value(of: width) == 300)
        expectSound(solver)
    }

    @Test func operatorsBuildTermsInlineAndPastFour() {
        let solver = Solver()
        let v = (0..<6).map { solver.makeVariable("x\($0)") }
        let e = 2 * v[0] + v[1] - 10
        #expect(e.count == 2 && e.constant == -10)
        #expect(e.terms.map(\.coefficient) == [2, 1])
        #expect(e.terms.map(\.variable) == [v[0], v[1]])
        let long = v[0] + v[1] + v[2] + v[3] + v[4] - 3 * v[5] + 1
        #expect(long.count == 6)
        #expect(long.terms.map(\.coefficient) == [1, 1, 1, 1, 1, -3])
        #expect(long.terms.map(\.variable) == v)
        let c = 5 - (v[0] - 3 * v[1]) / 2 >= v[2]
        #expect(c.relation == .greaterThanOrEqual && c.priority == .required)
        #expect(c.expression.terms.map(\.coefficient) == [-0.5, 1.5, -1])
        #expect(c.expression.constant == 5)
        // A comparison of two handles is a constraint where one is asked for, and equality of
        // handles otherwise.
        let same: LinearConstraint = v[0] == v[1]
        #expect(same.expression.count == 2)
        #expect(v[0] != v[1] && v[0] == v[0])
        #expect(!(v[0] + .nan == 0).expression.isFinite)
    }

    @Test func expressionsLongerThanFourTermsSolve() throws {
        let solver = Solver()
        let v = (0..<7).map { solver.makeVariable("x\($0)") }
        for (i, x) in v.enumerated() { try solver.add(x == Double(i + 1)) }
        let total = solver.makeVariable("total")
        var sum = LinearExpression()
        for x in v { sum = sum + x }
        try solver.add(total == sum)
        #expect(solver.value(of: total) == 28)
    }

    /// Values are read from the solver: nothing needs `updateVariables`, and a handle's value
    /// follows each change.
    @Test func valuesFollowChangesWithoutUpdateVariables() throws {
        let solver = Solver()
        let x = solver.makeVariable("x"), y = solver.makeVariable("y")
        let cx = try solver.add(x == 10)
        try solver.add(y == 2 * x + 1)
        #expect(solver.value(of: y) == 21)
        try solver.setConstant(-30, for: cx)
        #expect(solver.value(of: x) == 30 && solver.value(of: y) == 61)
        #expect(solver.constant(for: cx) == -30)
        try solver.remove(cx)
        #expect(!solver.contains(cx))
        #expect(solver.constant(for: cx) == nil)
        #expect(solver.value(of: y) == 2 * solver.value(of: x) + 1)
    }

    @Test func handlesOfAnotherSolverOrAnEarlierResetAreRefused() throws {
        let a = Solver(), b = Solver()
        let x = a.makeVariable("x"), y = b.makeVariable("y")
        #expect(x != y, "handles of two solvers are equal")
        #expect(throws: SolverError.self) { try b.add(x == 1) }
        do {
            try a.add(x + y == 1)
            Issue.record("a constraint mixing two solvers' variables was accepted")
        } catch let SolverError.foreignVariable(v) {
            #expect(v.description.hasPrefix("v"))
        }
        let c = try a.add(x == 1)
        #expect(!b.contains(c))
        #expect(throws: SolverError.self) { try b.remove(c) }
        a.reset()
        #expect(!a.contains(c))
        #expect(a.value(of: x) == 0)
        do {
            try a.add(x == 2)
            Issue.record("a handle from before the reset was accepted")
        } catch SolverError.foreignVariable {}
        #expect(a.constraintCount == 0)
    }

    /// A removed constraint's handle stays refused after its slot is reused.
    @Test func aRemovedHandleNamesNothingEvenWhenItsSlotIsReused() throws {
        let solver = Solver()
        let x = solver.makeVariable("x")
        let first = try solver.add(x >= 1)
        try solver.remove(first)
        let second = try solver.add(x >= 5)
        #expect(!solver.contains(first) && solver.contains(second))
        do {
            try solver.remove(first)
            Issue.record("a removed handle removed another constraint")
        } catch let SolverError.unknownConstraintHandle(h) {
            #expect(h == first)
        }
        do {
            try solver.setConstant(3, for: first)
            Issue.record("a removed handle changed another constraint")
        } catch SolverError.unknownConstraintHandle {}
        #expect(solver.value(of: x) == 5)
    }

    @Test func badNumbersAndPrioritiesAreRefusedAndLeaveTheSolverAsItWas() throws {
        let solver = Solver()
        let x = solver.makeVariable("x")
        let c = try solver.add(x == 4)
        #expect(throws: SolverError.self) { try solver.add(x * .infinity >= 1) }
        #expect(throws: SolverError.self) { try solver.add((x >= 1).priority(0)) }
        #expect(throws: SolverError.self) { try solver.add((x >= 1).priority(Priority(.nan))) }
        #expect(throws: SolverError.self) { try solver.setConstant(.nan, for: c) }
        #expect(solver.constraintCount == 1)
        #expect(solver.value(of: x) == 4)
        do {
            try solver.add(x + .nan == 1)
        } catch let SolverError.nonFiniteConstraint(described) {
            #expect(described.description.contains("x"))
        }
    }

    /// An unsatisfiable value constraint names its conflicts, described with the handles' names.
    @Test func conflictsAreDescribedWithTheVariablesNames() throws {
        let solver = Solver()
        let left = solver.makeVariable("left"), width = solver.makeVariable("width"), right = solver.makeVariable("right")
        let unrelated = solver.makeVariable()
        try solver.add(left == 10)
        try solver.add(right == left + width)
        try solver.add(width >= 50)
        try solver.add(unrelated == 3)
        try solver.add((width == 80).priority(.defaultLow))
        do {
            try solver.add(right <= 40)
            Issue.record("an unsatisfiable constraint was accepted")
        } catch let SolverError.unsatisfiableConstraint(c, conflicts) {
            #expect(c.description == "right <= 40")
            #expect(Set(conflicts.map(\.description)) == ["left == 10", "right - left - width == 0", "width >= 50"])
        }
        #expect(solver.value(of: right) == 90)
        #expect(solver.constraintCount == 5)
        expectSound(solver)
    }

    /// setConstant on a redundant required equality takes it out and puts it back: its handle
    /// stays valid, and a refused constant leaves the old one.
    @Test func aRedundantEqualityKeepsItsHandleThroughNewConstants() throws {
        let solver = Solver()
        let x = solver.makeVariable("x"), y = solver.makeVariable("y")
        try solver.add(x == 10)
        try solver.add(y == x)
        let redundant = try solver.add(y - x == 0)
        try solver.setConstant(0, for: redundant)
        #expect(solver.contains(redundant))
        do {
            try solver.setConstant(-5, for: redundant)
            Issue.record("a conflicting constant was accepted")
        } catch let SolverError.unsatisfiableConstraint(c, conflicts) {
            // The constant -5 for the expression `y - x`: the description moves it to the right.
            #expect(c.description == "y - x == 5")
            #expect(!conflicts.isEmpty)
        }
        #expect(solver.contains(redundant))
        #expect(solver.constant(for: redundant) == 0)
        #expect(solver.value(of: y) == 10)
        try solver.remove(redundant)
        #expect(solver.constraintCount == 2)
        expectSound(solver)
    }

    /// A table cell's system through the value API holds one heap block, as through objects.
    @Test func aColdCellThroughHandlesHoldsOneHeapBlock() throws {
        let solver = Solver()
        let names = ["cv", "av", "ti", "bo", "ts"]
        let v = names.map { _ in (l: solver.makeVariable(), t: solver.makeVariable(), w: solver.makeVariable(), h: solver.makeVariable()) }
        let (cv, av, ti, bo, ts) = (v[0], v[1], v[2], v[3], v[4])
        // In short literals: one literal of 18 constraint expressions is more than the type
        // checker takes in reasonable time.
        var structural: [LinearConstraint] = [cv.l == 0, cv.t == 0, av.l == cv.l + 8, av.t == cv.t + 8, av.w == 40, av.h == 40]
        structural += [ti.l == av.l + av.w + 8, ti.t == cv.t + 8, ts.l >= ti.l + ti.w + 8, ts.l + ts.w == cv.l + cv.w - 8]
        structural += [ts.t == ti.t, bo.l == ti.l, bo.l + bo.w == cv.l + cv.w - 8, bo.t == ti.t + ti.h + 4]
        structural += [cv.t + cv.h == bo.t + bo.h + 8, cv.t + cv.h >= av.t + av.h + 8, cv.w == 375]
        structural.append((cv.h == 0).priority(.fittingSizeLevel))
        for c in structural { try solver.add(c) }
        for (view, width, height) in [(ti, 160.0, 20.0), (ts, 40.0, 16.0), (bo, 900.0, 20.0)] {
            try solver.add((view.w <= width).priority(250))
            try solver.add((view.w >= width).priority(750))
            try solver.add((view.h <= height).priority(250))
            try solver.add((view.h >= height).priority(750))
        }
        // 8 above the title, its 20, 4, the body's one line of 20, 8 below.
        #expect(solver.value(of: cv.h) == 60)
        #expect(solver.heapBlocks == 1, "the solver holds \(solver.heapBlocks) heap blocks")
    }

    /// Many constraints added and removed: the stored terms are compacted, and the handles and
    /// results stay right.
    @Test func storedTermsSurviveCompaction() throws {
        let solver = Solver()
        let x = solver.makeVariable("x"), y = solver.makeVariable("y"), z = solver.makeVariable("z")
        let kept = try solver.add(x + y + z == 30)
        var live: [ConstraintHandle] = []
        for round in 0..<200 {
            live.append(try solver.add((x - y == Double(round % 7)).priority(Priority(Double(100 + round % 5)))))
            if live.count > 3 { try solver.remove(live.removeFirst()) }
        }
        try solver.setConstant(-60, for: kept)
        #expect(abs(solver.value(of: x) + solver.value(of: y) + solver.value(of: z) - 60) < 1e-9)
        for h in live { #expect(solver.contains(h)) }
        #expect(solver.constraintCount == 1 + live.count)
        expectSound(solver)
    }
}
