import Cassowary
import TestSupport
import Testing

/// Checks the tableau's invariants after an operation (debug builds, where they are compiled in).
func expectSound(_ solver: Solver, sourceLocation: SourceLocation = #_sourceLocation) {
    #if CASSOWARY_CHECKS
    let problems = solver.invariantViolations()
    #expect(problems.isEmpty, "\(problems.prefix(5))", sourceLocation: sourceLocation)
    #endif
}

/// A constraint from the fields of a line of a shrunk stress-probe trace: relation (`eq`, `le`
/// or `ge`), priority, constant, then `index:coefficient` terms over `variables`.
func traceConstraint(_ fields: ArraySlice<Substring>, variables: [Variable]) -> Constraint {
    let f = Array(fields)
    let relation: Relation = f[0] == "eq" ? .equal : f[0] == "le" ? .lessThanOrEqual : .greaterThanOrEqual
    let terms = f[3...].map { t -> Term in
        let p = t.split(separator: ":")
        return Term(variables[Int(p[0])!], Double(p[1])!)
    }
    return Constraint(Expression(terms, constant: Double(f[2])!), relation, priority: Priority(Double(f[1])!))
}

/// Does `body` throw an unsatisfiable-constraint error?
func throwsUnsatisfiable(_ body: () throws -> Void) -> Bool {
    do {
        try body()
        return false
    } catch SolverError.unsatisfiableConstraint {
        return true
    } catch {
        return false
    }
}

/// Compares a solver's current solution with the reference optimum of `system` (each constraint
/// with the constant the solver holds for it): the required constraints hold, and each priority
/// level's sum of violations is the dense reference LP's.
func expectMatchesReference(_ solver: Solver, _ system: [(Constraint, Double)], variables: [Variable], _ step: String,
                            sourceLocation: SourceLocation = #_sourceLocation) {
    expectSound(solver, sourceLocation: sourceLocation)
    solver.updateVariables()
    // Again with the values computed: the incremental values agree with every row.
    expectSound(solver, sourceLocation: sourceLocation)
    guard let reference = ReferenceLP.lexicographicViolations(system, variables: variables) else {
        Issue.record("\(step): the reference finds the accepted system infeasible", sourceLocation: sourceLocation)
        return
    }
    var ours: [Double: Double] = [:]
    for (c, constant) in system {
        var e = c.expression
        e.constant = constant
        let v = violation(of: Constraint(e, c.relation, priority: c.priority))
        if c.priority.isRequired {
            #expect(v < 1e-6, "\(step): required \(c) violated by \(v)", sourceLocation: sourceLocation)
        } else {
            ours[c.priority.rawValue, default: 0] += v
        }
    }
    for (level, optimum) in reference {
        let got = ours[level] ?? 0
        #expect(abs(got - optimum) <= 1e-5 * (1 + abs(optimum)),
                "\(step): level \(level) violation \(got), reference \(optimum)", sourceLocation: sourceLocation)
    }
    // The solver's own account of each level (its objective's value) matches the violations.
    for (priority, value) in solver.violationsByPriority {
        let got = ours[priority.rawValue] ?? 0
        #expect(abs(got - value) <= 1e-5 * (1 + abs(got)),
                "\(step): the solver counts \(value) at level \(priority.rawValue), the constraints \(got)",
                sourceLocation: sourceLocation)
    }
}

/// A random layout (`IncrementalValueTests.RandomLayout`) run on two solvers made differently
/// (`ours` and `theirs`): its container width moves (a priority-999 constraint given new
/// constants, as `addEditVariable` would install it), other constants change, and constraints are
/// removed and added again. Both must accept and refuse alike; `ours` is checked against the
/// reference LP every third step (a dense LP per priority level). `afterStep` sees `ours` after
/// every change.
func runTwinLayout(seed: UInt64, views: ClosedRange<Int>, steps: Int, ours: Solver, theirs: Solver,
                   afterStep: (Solver) -> Void = { _ in }) throws {
    var rng = SeededGenerator(seed: seed)
    let layout = IncrementalValueTests.RandomLayout(views: Int.random(in: views, using: &rng), rng: &rng)
    let mine = (0..<layout.variableCount).map { Variable("o\($0)") }
    let other = (0..<layout.variableCount).map { Variable("t\($0)") }
    var installed: [(ours: Constraint, theirs: Constraint, constant: Double)] = []
    func install(_ a: Constraint, _ b: Constraint, _ label: String) {
        let accepted = (try? ours.add(a)) != nil
        #expect(accepted == ((try? theirs.add(b)) != nil), "seed \(seed): \(label)")
        if accepted { installed.append((a, b, a.expression.constant)) }
    }
    for i in layout.specs.indices {
        install(layout.constraint(i, over: mine), layout.constraint(i, over: other), "constraint \(i)")
    }
    install((mine[2] == 375).priority(Priority(999)), (other[2] == 375).priority(Priority(999)), "width")
    let width = installed.count - 1
    func check(_ step: String) {
        expectMatchesReference(ours, installed.map { ($0.ours, $0.constant) }, variables: mine, "seed \(seed), \(step)")
    }
    check("first solve")
    for step in 0..<steps {
        let change: Int
        switch Int.random(in: 0..<8, using: &rng) {
        case 0..<4: change = width
        case 4..<7: change = Int.random(in: installed.indices, using: &rng)
        default:
            let i = Int.random(in: 0..<width, using: &rng)
            try ours.remove(installed[i].ours)
            try theirs.remove(installed[i].theirs)
            // It held with the others before, so it goes back in.
            try ours.add(installed[i].ours)
            try theirs.add(installed[i].theirs)
            // At its expression's constant again, whatever `setConstant` gave it before.
            installed[i].constant = installed[i].ours.expression.constant
            afterStep(ours)
            if step % 3 == 2 { check("step \(step)") }
            continue
        }
        let constant = change == width ? -Double(Int.random(in: 0...900, using: &rng))
                                       : Double(Int.random(in: -40...40, using: &rng))
        let accepted = (try? ours.setConstant(constant, for: installed[change].ours)) != nil
        #expect(accepted == ((try? theirs.setConstant(constant, for: installed[change].theirs)) != nil),
                "seed \(seed), step \(step): setConstant")
        if accepted { installed[change].constant = constant }
        afterStep(ours)
        if step % 3 == 2 { check("step \(step)") }
    }
}
