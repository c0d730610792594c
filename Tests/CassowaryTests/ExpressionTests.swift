import Testing
import Cassowary

@Suite struct ExpressionTests {
    @Test func operatorsBuildTermsAndConstants() {
        let x = Variable("x"), y = Variable("y")
        let e = 2 * x + y - 10
        #expect(e.terms.count == 2)
        #expect(e.terms[0].variable === x && e.terms[0].coefficient == 2)
        #expect(e.terms[1].variable === y && e.terms[1].coefficient == 1)
        #expect(e.constant == -10)
        let f = 5 - (x - 3 * y) / 2
        #expect(f.terms.map(\.coefficient) == [-0.5, 1.5])
        #expect(f.constant == 5)
        #expect((-x).coefficient == -1)
        #expect((x * 4).coefficient == 4)
    }

    /// Four terms are stored inline and the rest in an array: an expression past four keeps every
    /// term, in order, through the operators, `terms`' setter and the solver.
    @Test func expressionsPastFourTermsKeepEveryTermInOrder() throws {
        let xs = (0..<7).map { Variable("x\($0)") }
        var e = Expression(constant: 1)
        for (i, x) in xs.enumerated() { e.append(x, Double(i + 1)) }
        #expect(e.termCount == 7)
        #expect(e.terms.map(\.coefficient) == [1, 2, 3, 4, 5, 6, 7])
        #expect(zip(e.terms, xs).allSatisfy { $0.variable === $1 })
        let doubled = 2 * e - xs[6]
        #expect(doubled.terms.map(\.coefficient) == [2, 4, 6, 8, 10, 12, 14, -1])
        #expect(doubled.terms.last!.variable === xs[6])
        #expect(doubled.constant == 2)
        #expect((-e).terms.map(\.coefficient) == [-1, -2, -3, -4, -5, -6, -7])
        e.terms = Array(e.terms.reversed().prefix(5))
        #expect(e.terms.map(\.coefficient) == [7, 6, 5, 4, 3])
        #expect(e.constant == 1)
        #expect(e.description == "7 * x6 + 6 * x5 + 5 * x4 + 4 * x3 + 3 * x2 + 1")

        // x0 ... x5 fixed at 1 ... 6; the sum of all seven, each once, is 28 (on a fresh solver,
        // in the small tableau, and on one that holds an edit variable, in the general one).
        for general in [false, true] {
            let solver = Solver()
            if general { try solver.addEditVariable(Variable("edit"), priority: .defaultHigh) }
            for (i, x) in xs.dropLast().enumerated() { try solver.add(x == Double(i + 1)) }
            let sum = xs.dropFirst().reduce(xs[0].expression) { $0 + $1 }
            #expect(sum.termCount == 7)
            try solver.add(sum == 28)
            solver.updateVariables()
            #expect(xs[6].value == 7, "general tableau: \(general)")
        }
    }

    /// Temporaries are moved into the result (`Expression+Operators`): the terms keep their
    /// order and coefficients, past four terms too, and an expression used again is unchanged.
    @Test func movedOperandsKeepTheirTermsAndTheOriginal() throws {
        let v = (0..<7).map { Variable("v\($0)") }
        let right = v[1] + v[2]
        let a = v[0] == right + 8
        let b = v[0] <= right - 3
        #expect(a.description == "v0 - v1 - v2 == 8" && b.description == "v0 - v1 - v2 <= -3")
        #expect(right.description == "v1 + v2", "the reused operand is intact: \(right)")
        let long = v[0] + (v[1] + v[2] + v[3] + v[4] + v[5] + 2 * v[6] + 1)
        #expect(long.description == "v0 + v1 + v2 + v3 + v4 + v5 + 2 * v6 + 1")
        let wide = (v[0] - (v[1] + v[2] + v[3] + v[4] + v[5])) >= 4
        #expect(wide.description == "v0 - v1 - v2 - v3 - v4 - v5 >= 4")
        let solver = Solver()
        for (i, x) in v.enumerated() where i > 0 { try solver.add(x == Double(i)) }
        try solver.add(a)
        solver.updateVariables()
        #expect(v[0].value == 11)
    }

    /// Past four terms a copy shares its original's box of terms until one of them appends:
    /// each then has its own terms, and the solver reads each as written.
    @Test func copiesOfALongExpressionStayIndependent() throws {
        let xs = (0..<7).map { Variable("x\($0)") }
        var a = Expression(constant: 0)
        for x in xs.prefix(5) { a.append(x, 1) }
        var b = a
        let c = a
        b.append(xs[5], 2)
        a.append(xs[6], 3)
        #expect(a.description == "x0 + x1 + x2 + x3 + x4 + 3 * x6")
        #expect(b.description == "x0 + x1 + x2 + x3 + x4 + 2 * x5")
        #expect(c.description == "x0 + x1 + x2 + x3 + x4" && c.termCount == 5)
        var d = c
        d.terms = Array(d.terms.prefix(4))
        #expect(d.termCount == 4 && c.termCount == 5)
        let solver = Solver()
        for (i, x) in xs.prefix(5).enumerated() { try solver.add(x == Double(i)) }
        try solver.add(a == 19)
        try solver.add(b == 20)
        solver.updateVariables()
        #expect(xs[6].value == 3 && xs[5].value == 5)
    }

    @Test func descriptionsReadLikeCode() {
        let x = Variable("x"), y = Variable("y")
        #expect((2 * x + y - 10).description == "2 * x + y - 10")
        #expect((-x - 3).description == "-x - 3")
        #expect(Expression(constant: 4).description == "4")
    }

    @Test func valueUsesVariableValues() throws {
        let x = Variable("x")
        let solver = Solver()
        try solver.add(x == 3)
        solver.updateVariables()
        #expect((2 * x + 1).value == 7)
    }

    @Test func finiteness() {
        let x = Variable("x")
        #expect((x + 1).isFinite)
        #expect(!(x + .nan).isFinite)
        #expect(!(Double.infinity * x + 0).isFinite)
    }
}

@Suite struct ConstraintTests {
    @Test func relationsNormaliseToExpressionAgainstZero() {
        let x = Variable("x"), y = Variable("y")
        let c = x <= y + 5
        #expect(c.relation == .lessThanOrEqual)
        #expect(c.expression.constant == -5)
        #expect(c.priority == .required)
        #expect((10 >= x).expression.terms[0].coefficient == -1)
    }

    @Test func priorityMakesANewConstraint() {
        let x = Variable("x")
        let c = x == 3
        let d = c.priority(.defaultHigh)
        #expect(c !== d)
        #expect(c.priority == .required)
        #expect(d.priority == .defaultHigh)
        #expect(d.expression.constant == -3)
    }

    /// `priority(_:)` takes the priority itself only on a constraint no one else holds (an
    /// operator's temporary); one that a variable, an array or a solver holds keeps its own, and
    /// the solver keeps solving it at that priority.
    @Test func priorityLeavesAHeldConstraintAsItIs() throws {
        let x = Variable("x")
        let floor = x >= 10
        let kept = [floor]
        let solver = Solver()
        try solver.add(floor)
        let soft = kept[0].priority(.defaultLow)
        #expect(soft !== floor && floor.priority == .required && soft.priority == .defaultLow)
        try solver.add((x <= 5).priority(.defaultHigh))
        solver.updateVariables()
        #expect(x.value == 10, "the required floor gave way to \(x.value)")
        let temporary = (x <= 300).priority(.defaultLow)
        #expect(temporary.priority == .defaultLow && temporary.expression.constant == -300)
        #expect(temporary.description == "x <= 300 @250")
    }

    @Test func descriptionMovesTheConstantRight() {
        let a = Variable("title.leading"), b = Variable("contentView.leading")
        #expect((a == b + 20).description == "title.leading - contentView.leading == 20")
        #expect((a >= 8).priority(750).description == "title.leading >= 8 @750")
    }
}

@Suite struct PriorityTests {
    @Test func autoLayoutScale() {
        #expect(Priority.required.rawValue == 1000)
        #expect(Priority.defaultHigh.rawValue == 750)
        #expect(Priority.defaultLow.rawValue == 250)
        #expect(Priority.fittingSizeLevel.rawValue == 50)
        #expect(Priority.required.isRequired)
        #expect(!Priority(999).isRequired)
        #expect(Priority.defaultLow < .defaultHigh)
    }

    @Test(arguments: [0.0, -1, 1000.5, .nan, .infinity])
    func invalidPriorities(_ raw: Double) {
        #expect(!Priority(raw).isValid)
    }

    @Test func literals() {
        let p: Priority = 251
        let q: Priority = 999.5
        #expect(p.rawValue == 251 && q.rawValue == 999.5)
    }
}
