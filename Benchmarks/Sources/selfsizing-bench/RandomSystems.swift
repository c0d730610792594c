import Cassowary

// `selfsizing-bench --random-systems FROM TO [MIN MAX]`: the mild random systems of the
// solver's drift checks (the generator of `MildRandomSystemTests`, with MIN-MAX variables, 60-250
// by default), each added constraint by constraint into a fresh solver. Reports every seed that
// ends with a required constraint off by more than 1e-6 of its size or with an error other than
// an unsatisfiable constraint, and totals the time and the refactorizations. What it does not
// check (refusals and the levels below required, against an LP) needs a reference; README says
// how that was measured.

/// SplitMix64, as `TestSupport.SeededGenerator`: the same seed makes the same system.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// `MildRandomSystemTests.system(seed:variables:)`, draw for draw.
func mildRandomSystem(seed: UInt64, variables range: ClosedRange<Int>) -> [Constraint] {
    let levels: [Double] = [999, 900, 800, 751, 750, 749, 700, 500, 300, 251, 250, 249, 100, 50, 10, 1]
    let mild: [Double] = [1, -1, 1, -1, 2, -2, 0.5, -0.5, 3, -0.25]
    var g = SplitMix(state: seed)
    let n = Int.random(in: range, using: &g)
    let used = Array(levels.shuffled(using: &g).prefix(Int.random(in: 1...12, using: &g)))
    let v = (0..<n).map { Variable("v\($0)") }
    var out: [Constraint] = []
    for _ in 0..<Int(Double(n) * Double.random(in: 1.2...2.5, using: &g)) {
        if Double.random(in: 0..<1, using: &g) < 0.35 {
            let x = v[Int.random(in: 0..<n, using: &g)]
            let k = [1.0, 1, 1, -1, 2, 0.5].randomElement(using: &g)!
            let relation = [Relation.lessThanOrEqual, .greaterThanOrEqual, .lessThanOrEqual, .greaterThanOrEqual, .equal]
                .randomElement(using: &g)!
            let p = Double.random(in: 0..<1, using: &g) < 0.35 ? 1000 : used.randomElement(using: &g)!
            let constant = Double(Int.random(in: -200...200, using: &g))
            out.append(Constraint(Expression([Term(x, k)], constant: constant), relation, priority: Priority(p)))
            continue
        }
        var terms: [Term] = []
        for _ in 0..<Int.random(in: 1...4, using: &g) {
            terms.append(Term(v[Int.random(in: 0..<n, using: &g)], mild.randomElement(using: &g)!))
        }
        let relation = [Relation.equal, .lessThanOrEqual, .greaterThanOrEqual].randomElement(using: &g)!
        let p = Double.random(in: 0..<1, using: &g) < (relation == .equal ? 0.1 : 0.25) ? 1000 : used.randomElement(using: &g)!
        let constant = Double(Int.random(in: -100...100, using: &g))
        out.append(Constraint(Expression(terms, constant: constant), relation, priority: Priority(p)))
    }
    return out
}

func runRandomSystems(_ seeds: Range<UInt64>, variables range: ClosedRange<Int>) {
    var wrong: [UInt64] = []
    var seconds = 0.0, refactorizations = 0, refactored = 0
    for seed in seeds {
        let constraints = mildRandomSystem(seed: seed, variables: range)
        let solver = Solver()
        var accepted: [Constraint] = []
        var failure: String?
        let t0 = now()
        for c in constraints {
            do {
                try solver.add(c)
                accepted.append(c)
            } catch SolverError.unsatisfiableConstraint {
                continue
            } catch {
                failure = "\(error)"
                break
            }
        }
        solver.updateVariables()
        seconds += Double(now() - t0) / 1e9
        let r = solver.statistics.refactorizations
        refactorizations += r
        refactored += r > 0 ? 1 : 0
        var off = 0, worst = 0.0
        for c in accepted where c.priority.isRequired {
            let value = c.expression.value
            var size = abs(c.expression.constant)
            for t in c.expression.terms { size += abs(t.coefficient * t.variable.value) }
            let violation = c.relation == .equal ? abs(value) : c.relation == .lessThanOrEqual ? max(0, value) : max(0, -value)
            if !(size.isFinite && violation <= 1e-6 * (1 + size)) {
                off += 1
                worst = violation.isFinite ? max(worst, violation) : .infinity
            }
        }
        if off > 0 || failure != nil {
            wrong.append(seed)
            print("seed \(seed): \(constraints.count) constraints, \(off) required ones off (worst by \(worst))"
                  + (failure.map { ", error: \($0)" } ?? ""))
        }
    }
    print("random systems \(seeds.lowerBound)..<\(seeds.upperBound), \(range.lowerBound)-\(range.upperBound) variables: "
          + "\(wrong.count) wrong \(wrong), \(fixed(seconds, 1)) s, \(refactored) seeds refactored (\(refactorizations) refactorizations)")
}
