import Cassowary

/// An independent reference for the solver: a dense two-phase simplex (Bland's rule) that solves
/// the same prioritised system lexicographically, one priority level at a time, with the optimum of
/// each higher level fixed. Slow and simple on purpose; for a handful of variables.
public struct ReferenceLP {
    /// minimise c·z subject to A z = b, z >= 0. Returns the optimum, or nil when infeasible.
    public static func minimize(_ c: [Double], _ a: [[Double]], _ b: [Double]) -> (value: Double, z: [Double])? {
        let m = a.count, n = c.count
        // Tableau with an artificial variable per row: columns 0..<n, n..<n+m, then the right side.
        var t = [[Double]](repeating: [Double](repeating: 0, count: n + m + 1), count: m)
        var basis = [Int](repeating: 0, count: m)
        for i in 0..<m {
            let sign: Double = b[i] < 0 ? -1 : 1
            for j in 0..<n { t[i][j] = sign * a[i][j] }
            t[i][n + i] = 1
            t[i][n + m] = sign * b[i]
            basis[i] = n + i
        }
        let eps = 1e-9
        func run(_ cost: [Double], allowed: Int) -> Bool {
            while true {
                // Reduced costs: cost_j - sum(cost_basis * column_j).
                var entering = -1
                for j in 0..<allowed {
                    if basis.contains(j) { continue }
                    var r = cost[j]
                    for i in 0..<m { r -= cost[basis[i]] * t[i][j] }
                    if r < -eps { entering = j; break }
                }
                if entering < 0 { return true }
                var leaving = -1
                var best = Double.infinity
                for i in 0..<m where t[i][entering] > eps {
                    let ratio = t[i][n + m] / t[i][entering]
                    if ratio < best - eps || (abs(ratio - best) <= eps && basis[i] < basis[leaving]) {
                        best = ratio
                        leaving = i
                    }
                }
                if leaving < 0 { return false }
                let p = t[leaving][entering]
                for j in 0...(n + m) { t[leaving][j] /= p }
                for i in 0..<m where i != leaving && t[i][entering] != 0 {
                    let f = t[i][entering]
                    for j in 0...(n + m) { t[i][j] -= f * t[leaving][j] }
                }
                basis[leaving] = entering
            }
        }
        // Phase 1: minimise the artificials.
        var phase1 = [Double](repeating: 0, count: n + m)
        for i in 0..<m { phase1[n + i] = 1 }
        _ = run(phase1, allowed: n + m)
        var infeasibility = 0.0
        for i in 0..<m where basis[i] >= n { infeasibility += t[i][n + m] }
        if infeasibility > 1e-7 { return nil }
        // Drive artificials out of the basis where possible.
        for i in 0..<m where basis[i] >= n {
            if let j = (0..<n).first(where: { abs(t[i][$0]) > eps && !basis.contains($0) }) {
                let p = t[i][j]
                for k in 0...(n + m) { t[i][k] /= p }
                for r in 0..<m where r != i && t[r][j] != 0 {
                    let f = t[r][j]
                    for k in 0...(n + m) { t[r][k] -= f * t[i][k] }
                }
                basis[i] = j
            }
        }
        var phase2 = c + [Double](repeating: 0, count: m)
        for i in 0..<m where basis[i] >= n { phase2[basis[i]] = 0 }
        guard run(phase2, allowed: n) else { return nil }
        var z = [Double](repeating: 0, count: n)
        for i in 0..<m where basis[i] < n { z[basis[i]] = t[i][n + m] }
        return (zip(c, z).reduce(0) { $0 + $1.0 * $1.1 }, z)
    }

    /// The optimal violation sum of each priority level below required (highest first) for a set of
    /// constraints over `variables`, or nil when the required constraints cannot all hold.
    public static func lexicographicViolations(_ constraints: [(Constraint, Double)], variables: [Variable]) -> [Double: Double]? {
        let n = variables.count
        let index = Dictionary(uniqueKeysWithValues: variables.enumerated().map { (ObjectIdentifier($1), $0) })
        // Columns: x+ and x- per variable, then per constraint up to two error columns and a slack.
        var rowsA: [[Double]] = [], rowsB: [Double] = []
        var errorColumns: [(level: Double, column: Int)] = []
        var columnCount = 2 * n
        var pending: [([Int: Double], Double, Relation, Double)] = []
        for (c, constant) in constraints {
            var coefficients: [Int: Double] = [:]
            for term in c.expression.terms {
                let i = index[ObjectIdentifier(term.variable)]!
                coefficients[2 * i, default: 0] += term.coefficient
                coefficients[2 * i + 1, default: 0] -= term.coefficient
            }
            pending.append((coefficients, constant, c.relation, c.priority.rawValue))
        }
        for (var coefficients, constant, relation, priority) in pending {
            // expression + constant (relation) 0, with errors for non-required constraints.
            let required = priority >= 1000
            switch relation {
            case .equal:
                if !required {
                    coefficients[columnCount] = -1; errorColumns.append((priority, columnCount))
                    coefficients[columnCount + 1] = 1; errorColumns.append((priority, columnCount + 1))
                    columnCount += 2
                }
            case .lessThanOrEqual:
                coefficients[columnCount] = 1; columnCount += 1   // slack
                if !required { coefficients[columnCount] = -1; errorColumns.append((priority, columnCount)); columnCount += 1 }
            case .greaterThanOrEqual:
                coefficients[columnCount] = -1; columnCount += 1
                if !required { coefficients[columnCount] = 1; errorColumns.append((priority, columnCount)); columnCount += 1 }
            }
            var row = [Double](repeating: 0, count: 0)
            row = coefficients.reduce(into: row) { r, kv in
                if r.count <= kv.key { r += [Double](repeating: 0, count: kv.key - r.count + 1) }
                r[kv.key] = kv.value
            }
            rowsA.append(row)
            rowsB.append(-constant)
        }
        let levels = Set(errorColumns.map(\.level)).sorted(by: >)
        var result: [Double: Double] = [:]
        var fixed: [([Double], Double)] = []   // sum of errors of a level <= its optimum
        for level in levels.isEmpty ? [0] : levels {
            var a = rowsA, b = rowsB
            var width = columnCount
            for (cost, bound) in fixed {
                var row = cost + [Double](repeating: 0, count: width - cost.count + 1)
                row[width] = 1   // slack
                width += 1
                a.append(row)
                b.append(bound)
            }
            let c = (0..<width).map { j in errorColumns.contains { $0.column == j && $0.level == level } ? 1.0 : 0.0 }
            let padded = a.map { $0 + [Double](repeating: 0, count: max(0, width - $0.count)) }
            guard let (value, _) = minimize(c, padded, b) else { return nil }
            if level == 0 { break }
            result[level] = value
            fixed.append((Array(c.prefix(columnCount)), value + 1e-10 * (1 + abs(value))))
        }
        return result
    }
}

/// A small deterministic generator (SplitMix64), so that failures reproduce from the seed.
public struct SeededGenerator: RandomNumberGenerator {
    public var state: UInt64
    public init(seed: UInt64) { state = seed }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// How much a constraint is violated by the variables' current values.
public func violation(of c: Constraint) -> Double {
    let v = c.expression.value
    switch c.relation {
    case .equal: return abs(v)
    case .lessThanOrEqual: return max(0, v)
    case .greaterThanOrEqual: return max(0, -v)
    }
}

