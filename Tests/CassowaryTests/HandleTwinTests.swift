import Cassowary
import TestSupport
import Testing

/// The value API against the object API: random sequences of adds, removes and new constants run
/// on two solvers, one through `Variable` and `Constraint` objects, the other through handles.
/// The handles are made in the order the object solver makes its symbols (on first use), so the
/// two tableaux are the same pivot for pivot: every outcome and every value must agree exactly,
/// and the object side is checked against the reference LP. Both use the general tableau.
@Suite struct HandleTwinTests {
    final class Twins {
        var rng: SeededGenerator
        /// Every other seed keeps its values incrementally, as systems of 128 rows and more do.
        let objects: Solver
        let values: Solver
        let variables: [Variable]
        var handles: [ObjectIdentifier: VariableHandle] = [:]
        var installed: [(object: Constraint, handle: ConstraintHandle, constant: Double)] = []

        init(seed: UInt64) {
            rng = SeededGenerator(seed: seed)
            objects = seed % 2 == 0 ? Solver(smallTableau: false, incrementalValuesFromRows: 0) : Solver(smallTableau: false)
            // The general tableau for both: the small one need not pivot alike (SmallTableauTests).
            values = seed % 2 == 0 ? Solver(smallTableau: false, incrementalValuesFromRows: 0) : Solver(smallTableau: false)
            variables = (0..<Int.random(in: 3...6, using: &rng)).map { Variable("x\($0)") }
        }

        func handle(_ v: Variable) -> VariableHandle {
            if let h = handles[ObjectIdentifier(v)] { return h }
            let h = values.makeVariable(v.name)
            handles[ObjectIdentifier(v)] = h
            return h
        }

        func randomConstraint() -> Constraint {
            var terms: [Term] = []
            for v in variables.shuffled(using: &rng).prefix(Int.random(in: 1...5, using: &rng)) {
                terms.append(Term(v, Double([1, -1, 2, -2, 0.5, 3].randomElement(using: &rng)!)))
            }
            let constant = Double(Int.random(in: -30...30, using: &rng))
            let relation = [Relation.equal, .lessThanOrEqual, .greaterThanOrEqual].randomElement(using: &rng)!
            let priority = [1000.0, 1000, 999, 750, 250, 50].randomElement(using: &rng)!
            return Constraint(Expression(terms, constant: constant), relation, priority: Priority(priority))
        }

        /// The object constraint as a value constraint over the handles.
        func value(of c: Constraint) -> LinearConstraint {
            var e = LinearExpression(constant: c.expression.constant)
            for t in c.expression.terms { e = e + t.coefficient * handle(t.variable) }
            return LinearConstraint(e, c.relation, priority: c.priority)
        }

        /// Describes the outcome of an operation: accepted, or the error's kind and text. The
        /// constraints of an unsatisfiable error are compared without their constants: an object
        /// describes the constant it was made with, a value constraint the one the solver holds.
        func outcome(_ body: () throws -> Void) -> String {
            func shape(_ c: Constraint) -> String { String(c.description.split(separator: " ").dropLast().joined(separator: " ")) }
            do {
                try body()
                return "accepted"
            } catch let SolverError.unsatisfiableConstraint(c, conflicts) {
                return "unsatisfiable \(shape(c)) | \(conflicts.map(shape).sorted())"
            } catch {
                return "\(error)"
            }
        }

        func step(_ n: Int) throws {
            let roll = Int.random(in: 0..<10, using: &rng)
            if roll < 6 || installed.isEmpty {
                let c = randomConstraint()
                let v = value(of: c)
                var h: ConstraintHandle?
                let a = outcome { try objects.add(c) }
                let b = outcome { h = try values.add(v) }
                #expect(a == b, "step \(n): adding \(c): objects \(a), values \(b)")
                if let h { installed.append((c, h, c.expression.constant)) }
            } else if roll < 8 {
                let k = Int.random(in: 0..<installed.count, using: &rng)
                let (c, h, _) = installed.remove(at: k)
                let a = outcome { try objects.remove(c) }
                let b = outcome { try values.remove(h) }
                #expect(a == b, "step \(n): removing \(c): objects \(a), values \(b)")
            } else {
                let k = Int.random(in: 0..<installed.count, using: &rng)
                let constant = Double(Int.random(in: -40...40, using: &rng))
                let a = outcome { try objects.setConstant(constant, for: installed[k].object) }
                let b = outcome { try values.setConstant(constant, for: installed[k].handle) }
                #expect(a == b, "step \(n): constant \(constant) for \(installed[k].object): objects \(a), values \(b)")
                if a == "accepted" { installed[k].constant = constant }
            }
            objects.updateVariables()
            for v in variables {
                guard let h = handles[ObjectIdentifier(v)] else { continue }
                #expect(v.value == values.value(of: h), "step \(n): \(v.name) is \(v.value) through objects, \(values.value(of: h)) through handles")
            }
            #expect(objects.constraintCount == values.constraintCount)
            expectSound(values)
        }
    }

    @Test(arguments: 0..<6)
    func handlesAndObjectsAgreeStepForStep(batch: Int) throws {
        for seed in 0..<20 {
            let twins = Twins(seed: UInt64(batch * 1000 + seed + 1))
            for n in 0..<40 { try twins.step(n) }
            let system = twins.installed.map { ($0.object, $0.constant) }
            expectMatchesReference(twins.objects, system, variables: twins.variables, "seed \(batch * 1000 + seed + 1)")
        }
    }
}
