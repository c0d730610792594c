import Cassowary
import Testing

/// What a cold cell (a fresh solver per cell: about 20 constraints, solve, drop) costs the heap.
/// A solver built and thrown away per cell should hold a handful of heap blocks, and give back
/// everything it took, including its references to the variables and constraints it holds.
/// (Swift's Glibc module does not export malloc.h, so `mallinfo2()` is out of reach; the solver
/// counts the blocks it holds itself, which is also exact while other tests allocate.)
@Suite struct AllocationTests {
    /// A table cell's system, as the `cell-cold` benchmark builds it: five views, 18 structural
    /// constraints, 12 intrinsic-size constraints at four priorities.
    static func cellConstraints() -> [Constraint] {
        let names = ["cv", "av", "ti", "bo", "ts"]
        let v = names.map { n in (l: Variable(n + ".l"), t: Variable(n + ".t"), w: Variable(n + ".w"), h: Variable(n + ".h")) }
        let (cv, av, ti, bo, ts) = (v[0], v[1], v[2], v[3], v[4])
        var constraints: [Constraint] = [
            cv.l == 0, cv.t == 0,
            av.l == cv.l + 8, av.t == cv.t + 8, av.w == 40, av.h == 40,
            ti.l == av.l + av.w + 8, ti.t == cv.t + 8,
            ts.l >= ti.l + ti.w + 8, ts.l + ts.w == cv.l + cv.w - 8, ts.t == ti.t,
            bo.l == ti.l, bo.l + bo.w == cv.l + cv.w - 8, bo.t == ti.t + ti.h + 4,
            cv.t + cv.h == bo.t + bo.h + 8, cv.t + cv.h >= av.t + av.h + 8,
            cv.w == 375, (cv.h == 0).priority(.fittingSizeLevel),
        ]
        for (view, width, height) in [(ti, 160.0, 20.0), (ts, 40.0, 16.0), (bo, 900.0, 20.0)] {
            constraints += [(view.w <= width).priority(250), (view.w >= width).priority(750),
                            (view.h <= height).priority(250), (view.h >= height).priority(750)]
        }
        return constraints
    }

    @Test func aColdCellsSolverHoldsAHandfulOfHeapBlocks() throws {
        let solver = Solver()
        try solver.add(AllocationTests.cellConstraints())
        solver.updateVariables()
        // The small tableau's block; nothing outgrew its slice of it, and the general tableau's
        // record was never made (a solver object holding it inline was a large-bin `malloc`,
        // which made glibc consolidate its fast bins for every cell).
        #expect(solver.heapBlocks == 1, "a cold cell's solver holds \(solver.heapBlocks) heap blocks")
    }

    @Test func aDroppedSolverReleasesItsVariablesAndConstraints() throws {
        weak var variable: Variable?
        weak var constraint: Constraint?
        do {
            let x = Variable("x")
            let c = (x >= 10).priority(750)
            variable = x
            constraint = c
            let solver = Solver()
            try solver.add(c)
            try solver.add(x <= 300)
            try solver.addEditVariable(x, priority: 500)
            try solver.suggestValue(20, for: x)
            solver.updateVariables()
            #expect(x.value == 20)
            try solver.remove(c)
            try solver.add(c)
        }
        #expect(variable == nil, "the solver keeps its variable alive after it is dropped")
        #expect(constraint == nil, "the solver keeps its constraint alive after it is dropped")
    }

    /// A caller that keeps its constraints and builds a fresh solver per layout must not pay for
    /// a dictionary: a dropped solver clears the one-entry caches it claimed, so that the next
    /// solver claims them. (The next solver is made while the first still lives, so that it
    /// cannot reuse the first one's address, and with it the stale caches.)
    @Test func constraintsReusedByTheNextSolverNeedNoLookupTable() throws {
        let constraints = AllocationTests.cellConstraints()
        var previous: Solver? = Solver()
        try previous!.add(constraints)
        for round in 0..<3 {
            let next = Solver()
            previous = nil
            try next.add(constraints)
            next.updateVariables()
            #expect(next.heapBlocks == 1, "round \(round): the solver holds \(next.heapBlocks) heap blocks")
            previous = next
        }
        previous!.reset()
        try previous!.add(constraints)
        #expect(previous!.heapBlocks == 1, "after reset: the solver holds \(previous!.heapBlocks) heap blocks")
    }

    @Test func aRemovedConstraintIsReleased() throws {
        let x = Variable("x")
        let solver = Solver()
        weak var constraint: Constraint?
        do {
            let c = x >= 10
            constraint = c
            try solver.add(c)
            try solver.remove(c)
        }
        #expect(constraint == nil, "a removed constraint stays alive in the solver")
        #expect(solver.constraintCount == 0)
    }
}
