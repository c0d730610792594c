import Cassowary
import MallocCounter
import Testing

/// The heap calls of a table cell's solver, counted as they happen by a counting allocator hook
/// (`MallocCounter`: the test executable interposes `malloc`, `free` and their kin and counts the
/// calls of the thread that asks). A solver built, solved and thrown away per cell should make a
/// handful of allocations at most, and one reused per cell none. Each test counts a cell after
/// the same cell has run once, so that first-use costs (the runtime's type metadata, the first
/// block of the `BlockCache`) are not counted; the count is the calling thread's, so that tests
/// running beside it do not add to it.
@Suite(.enabled(if: mc_available() != 0,
                "counts heap calls only where the test executable interposes malloc: Linux with glibc, no sanitizer"))
struct AllocationCountTests {
    /// The heap calls `body` makes on this thread.
    static func counted(_ body: () throws -> Void) rethrows -> MCCounts {
        mc_begin()
        defer { _ = mc_end() }
        try body()
        return mc_end()
    }

    /// The hook sees the allocations the Swift runtime makes from its own library (a class
    /// instance comes from `swift_allocObject` in libswiftCore), not only the test's own calls:
    /// without that, the counts below would be 0 and prove nothing.
    @Test func theHookCountsTheRuntimesAllocations() {
        // A first variable, uncounted, so that the type's metadata is made before the count.
        var variable: Variable? = Variable("w")
        #expect(variable?.value == 0)
        variable = nil
        let made = AllocationCountTests.counted { variable = Variable("x") }
        let freed = AllocationCountTests.counted { variable = nil }
        #expect(made.allocations == 1 && made.frees == 0, "making a variable: \(made)")
        #expect(freed.allocations == 0 && freed.frees == 1, "dropping it: \(freed)")
    }

    /// cell-cold through objects, as `AllocationTests.cellConstraints()` builds the cell: the
    /// variables and constraints are the caller's, made before the count. The solver takes
    /// them, solves, runs the second pass (the body's four intrinsic constraints out, four new
    /// ones in), solves again and goes. Its one allocation is the `Solver` object (a release
    /// build keeps even that on the stack: `valgrind` counts the cell-cold benchmark's 70
    /// allocations per cell, its objects', and no more).
    @Test func aColdCellsSolverAllocatesOnlyItself() throws {
        for round in 0..<2 {
            let constraints = AllocationTests.cellConstraints()
            let body = Array(constraints.suffix(4))
            let bodyWidth = body[0].expression.terms[0].variable
            let bodyHeight = body[2].expression.terms[0].variable
            let secondPass = [(bodyWidth <= 300).priority(250), (bodyWidth >= 300).priority(750),
                              (bodyHeight <= 60).priority(250), (bodyHeight >= 60).priority(750)]
            let counts = try AllocationCountTests.counted {
                let solver = Solver()
                try solver.add(constraints)
                solver.updateVariables()
                // By index: a debug build's array iterator allocates on every step.
                for i in body.indices { try solver.remove(body[i]) }
                try solver.add(secondPass)
                solver.updateVariables()
            }
            // The cell's structure fixes the body's width (375 - 8 - 56); its height follows
            // the second pass.
            #expect(bodyWidth.value == 311 && bodyHeight.value == 60)
            guard round > 0 else { continue }
            #expect(counts.allocations <= 1 && counts.frees == counts.allocations && counts.reallocations == 0,
                    "a cold cell's solver: \(counts)")
        }
    }

    /// cell-cold through the value API: the solver owns the variables and the constraints are
    /// values, so the whole cell, built inside the count, allocates its `Solver` object and
    /// nothing per variable or constraint.
    @Test func aColdCellThroughValuesAllocatesOnlyItsSolver() throws {
        for round in 0..<2 {
            var height = 0.0
            let counts = try AllocationCountTests.counted {
                let s = Solver()
                let (cvl, cvt, cvw, cvh) = (s.makeVariable(), s.makeVariable(), s.makeVariable(), s.makeVariable())
                let (avl, avt, avw, avh) = (s.makeVariable(), s.makeVariable(), s.makeVariable(), s.makeVariable())
                let (til, tit, tiw, tih) = (s.makeVariable(), s.makeVariable(), s.makeVariable(), s.makeVariable())
                let (bol, bot, bow, boh) = (s.makeVariable(), s.makeVariable(), s.makeVariable(), s.makeVariable())
                try s.add(cvl == 0); try s.add(cvt == 0)
                try s.add(avl == cvl + 8); try s.add(avt == cvt + 8); try s.add(avw == 40); try s.add(avh == 40)
                try s.add(til == avl + avw + 8); try s.add(tit == cvt + 8)
                try s.add(bol == til); try s.add(bol + bow == cvl + cvw - 8); try s.add(bot == tit + tih + 4)
                try s.add(cvt + cvh == bot + boh + 8); try s.add(cvt + cvh >= avt + avh + 8)
                try s.add(cvw == 375); try s.add((cvh == 0).priority(.fittingSizeLevel))
                try s.add((tiw <= 160).priority(250)); try s.add((tiw >= 160).priority(750))
                try s.add((tih <= 20).priority(250)); try s.add((tih >= 20).priority(750))
                let b0 = try s.add((bow <= 900).priority(250)), b1 = try s.add((bow >= 900).priority(750))
                let b2 = try s.add((boh <= 20).priority(250)), b3 = try s.add((boh >= 20).priority(750))
                _ = s.value(of: bow)
                try s.remove(b0); try s.remove(b1); try s.remove(b2); try s.remove(b3)
                try s.add((bow <= 300).priority(250)); try s.add((bow >= 300).priority(750))
                try s.add((boh <= 60).priority(250)); try s.add((boh >= 60).priority(750))
                height = s.value(of: cvh)
            }
            #expect(height == 8 + 20 + 4 + 60 + 8)
            guard round > 0 else { continue }
            #expect(counts.allocations <= 1 && counts.frees == counts.allocations && counts.reallocations == 0,
                    "a cold cell through values: \(counts)")
        }
    }

    /// cell-warm: one solver reused, the intrinsic sizes changed in place (`setConstant`).
    @Test func aReusedCellAllocatesNothing() throws {
        let constraints = AllocationTests.cellConstraints()
        let body = Array(constraints.suffix(4))
        let solver = Solver()
        try solver.add(constraints)
        solver.updateVariables()
        for round in 0..<3 {
            let width = Double(300 + 10 * round), height = Double(20 * (round + 1))
            let counts = try AllocationCountTests.counted {
                try solver.setConstant(-width, for: body[0])
                try solver.setConstant(-width, for: body[1])
                try solver.setConstant(-height, for: body[2])
                try solver.setConstant(-height, for: body[3])
                solver.updateVariables()
            }
            #expect(body[2].expression.terms[0].variable.value == height)
            guard round > 0 else { continue }
            #expect(counts.allocations == 0 && counts.frees == 0 && counts.reallocations == 0,
                    "a reused cell: \(counts)")
        }
    }
}
