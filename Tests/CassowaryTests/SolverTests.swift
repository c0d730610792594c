import Testing
import Cassowary

@Suite struct SolverTests {
    @Test func simpleEquations() throws {
        let x = Variable("x"), y = Variable("y")
        let s = Solver()
        try s.add(x + 2 == y)
        try s.add(y == 10)
        s.updateVariables()
        #expect(x.value == 8 && y.value == 10)
        #expect(s.value(of: x) == 8)
        expectSound(s)
    }

    /// The classic Cassowary example: a midpoint between two points kept in a window.
    @Test func midpointExample() throws {
        let left = Variable("left"), mid = Variable("mid"), right = Variable("right")
        let s = Solver()
        try s.add(mid == (left + right) / 2)
        try s.add(right == left + 10)
        try s.add(right <= 100)
        try s.add(left >= 0)
        try s.add((left == 90).priority(.defaultLow))
        s.updateVariables()
        #expect(left.value == 90 && right.value == 100 && mid.value == 95)
        try s.addEditVariable(mid, priority: .defaultHigh)
        try s.suggestValue(2, for: mid)
        s.updateVariables()
        #expect(left.value == 0 && right.value == 10 && mid.value == 5)
        try s.suggestValue(50, for: mid)
        s.updateVariables()
        #expect(left.value == 45 && right.value == 55 && mid.value == 50)
        expectSound(s)
    }

    @Test func weakerConstraintGivesWay() throws {
        let x = Variable("x")
        let s = Solver()
        try s.add((x == 10).priority(.defaultLow))
        try s.add((x == 20).priority(.defaultHigh))
        s.updateVariables()
        #expect(x.value == 20)
        expectSound(s)
    }

    @Test func inequalitiesAndRequiredBounds() throws {
        let x = Variable("x")
        let s = Solver()
        try s.add(x <= 5)
        try s.add((x == 10).priority(.defaultHigh))
        s.updateVariables()
        #expect(x.value == 5)
        try s.add(x >= 5)
        s.updateVariables()
        #expect(x.value == 5)
        expectSound(s)
    }

    /// One violation at a higher priority is never traded for many at a lower one.
    @Test func prioritiesAreStrictlyOrdered() throws {
        let x = Variable("x")
        let s = Solver()
        try s.add((x >= 10).priority(750))
        for _ in 0..<1000 { try s.add((x <= 0).priority(749)) }
        s.updateVariables()
        #expect(x.value == 10)
        expectSound(s)

        // The same with a thousand different low-priority variables tied to x.
        let y = Variable("y")
        let t = Solver()
        try t.add((y >= 10).priority(.defaultHigh))
        for i in 0..<1000 {
            let z = Variable("z\(i)")
            try t.add(z == 0)
            try t.add((y <= z).priority(.defaultLow))
        }
        t.updateVariables()
        #expect(y.value == 10)
        expectSound(t)
    }

    @Test func withinAPrioritySumOfViolationsIsMinimised() throws {
        // x wants to be 0 (twice) and 10 (once) at the same priority: the L1 optimum is 0.
        let x = Variable("x")
        let s = Solver()
        try s.add((x == 0).priority(.defaultLow))
        try s.add((x == 10).priority(.defaultLow))
        try s.add(((2 * x) == 0).priority(.defaultLow))
        s.updateVariables()
        #expect(x.value == 0)
    }

    @Test func unsatisfiableRequiredConstraintNamesTheConflict() throws {
        let x = Variable("x"), y = Variable("y"), z = Variable("z")
        let s = Solver()
        let a = x == 10, b = y == x + 5, unrelated = z == 3
        try s.add([a, b, unrelated])
        let bad = y <= 12
        do {
            try s.add(bad)
            Issue.record("expected an error")
        } catch let SolverError.unsatisfiableConstraint(c, conflicts) {
            #expect(c === bad)
            #expect(conflicts.count == 2)
            #expect(conflicts.contains { $0 === a } && conflicts.contains { $0 === b })
        }
        #expect(!s.contains(bad))
        s.updateVariables()
        #expect(x.value == 10 && y.value == 15 && z.value == 3)
        expectSound(s)
    }

    @Test func contradictoryConstantsAreUnsatisfiable() throws {
        let s = Solver()
        #expect(throwsUnsatisfiable { try s.add(Constraint(Expression(constant: 1), .equal)) })
        #expect(throwsUnsatisfiable { try s.add(Constraint(Expression(constant: 1), .lessThanOrEqual)) })
        try s.add(Constraint(Expression(constant: 0), .equal))
        try s.add(Constraint(Expression(constant: -1), .lessThanOrEqual))
        expectSound(s)
    }

    @Test func redundantRequiredEqualitiesAreAccepted() throws {
        let x = Variable("x"), y = Variable("y")
        let s = Solver()
        let first = x == y + 1
        let second = 2 * x == 2 * y + 2
        try s.add([first, second, y == 4])
        s.updateVariables()
        #expect(x.value == 5)
        // With the first one gone, the second still binds.
        try s.remove(first)
        try s.add((x == 100).priority(.defaultHigh))
        s.updateVariables()
        #expect(x.value == 5)
        // Changing the constant of a redundant equality that now conflicts is refused.
        try s.add(first)
        #expect(throwsUnsatisfiable { try s.setConstant(-7, for: first) })
        s.updateVariables()
        #expect(x.value == 5)
        expectSound(s)
    }

    @Test func duplicateAndUnknownConstraints() throws {
        let x = Variable("x")
        let s = Solver()
        let c = x == 1
        try s.add(c)
        #expect(throws: SolverError.self) { try s.add(c) }
        #expect(s.contains(c))
        try s.remove(c)
        #expect(!s.contains(c))
        #expect(throws: SolverError.self) { try s.remove(c) }
        #expect(throws: SolverError.self) { try s.setConstant(3, for: c) }
    }

    @Test func nonFiniteNumbersAreRefused() throws {
        let x = Variable("x")
        let s = Solver()
        for bad in [x == .nan, x <= .infinity, Double.nan * x >= 0] {
            do {
                try s.add(bad)
                Issue.record("accepted \(bad)")
            } catch let SolverError.nonFiniteConstraint(c) {
                #expect(c === bad)
            }
        }
        let c = x == 1
        try s.add(c)
        #expect(throws: SolverError.self) { try s.setConstant(.nan, for: c) }
        try s.addEditVariable(x, priority: .defaultHigh)
        #expect(throws: SolverError.self) { try s.suggestValue(.infinity, for: x) }
        #expect(throws: SolverError.self) { try s.add((x == 2).priority(Priority(.nan))) }
        #expect(throws: SolverError.self) { try s.add((x == 2).priority(0)) }
        s.updateVariables()
        #expect(x.value == 1)
        expectSound(s)
    }

    @Test func editVariableErrors() throws {
        let x = Variable("x")
        let s = Solver()
        #expect(throws: SolverError.self) { try s.addEditVariable(x, priority: .required) }
        #expect(throws: SolverError.self) { try s.suggestValue(1, for: x) }
        #expect(throws: SolverError.self) { try s.removeEditVariable(x) }
        try s.addEditVariable(x, priority: .defaultHigh)
        #expect(s.hasEditVariable(x))
        #expect(throws: SolverError.self) { try s.addEditVariable(x, priority: .defaultLow) }
        try s.suggestValue(7, for: x)
        s.updateVariables()
        #expect(x.value == 7)
        try s.removeEditVariable(x)
        #expect(!s.hasEditVariable(x))
        expectSound(s)
    }

    @Test func editVariableLosesToRequiredConstraints() throws {
        let width = Variable("width"), child = Variable("child")
        let s = Solver()
        try s.add(child == width - 16)
        try s.add(child >= 100)
        try s.addEditVariable(width, priority: 999)
        for w in [375.0, 50, 414, 116, 320] {
            try s.suggestValue(w, for: width)
            s.updateVariables()
            #expect(width.value == max(w, 116))
            #expect(child.value == max(w, 116) - 16)
            expectSound(s)
        }
    }

    @Test func setConstantMatchesRemoveAndAdd() throws {
        let x = Variable("x"), y = Variable("y")
        let s = Solver()
        let gap = y == x + 10
        try s.add([x == 5, gap, (y <= 12).priority(.defaultLow)])
        try s.setConstant(-30, for: gap)   // y - x - 30 == 0
        s.updateVariables()
        #expect(y.value == 35)
        #expect(s.constant(for: gap) == -30)

        let t = Solver()
        try t.add([x == 5, y == x + 30, (y <= 12).priority(.defaultLow)])
        t.updateVariables()
        #expect(y.value == 35)
        expectSound(s)
    }

    @Test func setConstantThatBreaksRequiredConstraintsIsRefused() throws {
        let x = Variable("x")
        let s = Solver()
        let low = x >= 0
        let high = x <= 10
        try s.add([low, high])
        #expect(throwsUnsatisfiable { try s.setConstant(-20, for: low) })   // x >= 20
        #expect(s.constant(for: low) == 0)
        try s.setConstant(-4, for: low)   // x >= 4
        try s.add((x == 0).priority(.defaultLow))
        s.updateVariables()
        #expect(x.value == 4)
        expectSound(s)
    }

    @Test func removingConstraintsRestoresEarlierSolutions() throws {
        let x = Variable("x"), y = Variable("y")
        let s = Solver()
        try s.add((x == 10).priority(.defaultLow))
        try s.add(y == x * 2)
        let cap = x <= 4
        try s.add(cap)
        s.updateVariables()
        #expect(x.value == 4 && y.value == 8)
        try s.remove(cap)
        s.updateVariables()
        #expect(x.value == 10 && y.value == 20)
        expectSound(s)
    }

    @Test func chainsStaySoundAndSolveExactly() throws {
        let s = Solver()
        let top = Variable("top")
        try s.add(top == 0)
        var previous: Variable = top
        var heights: [Constraint] = []
        var tops: [Variable] = []
        for i in 0..<200 {
            let t = Variable("t\(i)"), h = Variable("h\(i)")
            try s.add(t == previous + 8)
            let hc = (h == 20).priority(.defaultHigh)
            heights.append(hc)
            try s.add(hc)
            let next = Variable("b\(i)")
            try s.add(next == t + h)
            tops.append(t)
            previous = next
        }
        s.updateVariables()
        #expect(tops[199].value == 199 * 28 + 8)
        try s.setConstant(-40, for: heights[0])
        s.updateVariables()
        #expect(tops[199].value == 199 * 28 + 8 + 20)
        expectSound(s)
    }

    @Test func resetForgetsEverything() throws {
        let x = Variable("x")
        let s = Solver()
        let c = x == 3
        try s.add(c)
        s.reset()
        #expect(!s.contains(c))
        #expect(s.constraintCount == 0)
        try s.add(c)
        try s.add((x == 5).priority(.defaultLow))
        s.updateVariables()
        #expect(x.value == 3)
    }

    @Test func aConstraintCanLiveInTwoSolvers() throws {
        let x = Variable("x")
        let c = x == 3
        let a = Solver(), b = Solver()
        try a.add(c)
        try b.add(c)
        try b.add((x >= 0).priority(.defaultLow))
        #expect(a.contains(c) && b.contains(c))
        #expect(a.value(of: x) == 3 && b.value(of: x) == 3)
        try a.remove(c)
        #expect(!a.contains(c) && b.contains(c))
        try b.remove(c)
        #expect(!b.contains(c))
    }

    /// A template cell is reconfigured for thousands of rows: the tableau must not grow.
    @Test func repeatedAddAndRemoveReusesSymbols() throws {
        let w = Variable("w"), h = Variable("h")
        let s = Solver()
        try s.add(w <= 300)
        var size: Solver.Statistics?
        for i in 0..<500 {
            let hug = (w <= Double(i % 50) * 10).priority(.defaultLow)
            let resist = (w >= Double(i % 50) * 10).priority(.defaultHigh)
            let height = h == w / 2
            try s.add([hug, resist, height])
            s.updateVariables()
            #expect(w.value == min(300, Double(i % 50) * 10))
            #expect(h.value == w.value / 2)
            try s.remove(hug)
            try s.remove(resist)
            try s.remove(height)
            if i == 10 { size = s.statistics }
        }
        #expect(s.statistics.symbols == size?.symbols)
        #expect(s.statistics.rows == size?.rows)
        expectSound(s)
    }
}
