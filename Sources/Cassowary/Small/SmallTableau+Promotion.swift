// Promotion (the small tableau's log replayed into a `Tableau`), and what the solver reports
// about a small tableau: counts, objective levels, invariants.

extension SmallTableau {
    /// Replays the calls that succeeded here, in order, into `tableau`, a new tableau with this
    /// one's serial. Both number symbols and tags alike, so every handle given out names the same
    /// variable or constraint there; the solution can differ only where the optimum is not unique.
    mutating func replay(into tableau: inout Tableau) {
        for i in 0..<logCount {
            let entry = log[i]
            switch entry.kind {
            case .variable:
                let handle = tableau.makeVariable(named: names[entry.index] ?? "")
                assert(handle.symbol == entry.index, "promotion numbered a variable differently")
            case .add:
                var expression = LinearExpression(constant: entry.constant)
                for k in Int(entry.termStart)..<Int(entry.termStart + entry.termCount) {
                    expression.append(VariableHandle(owner: serial, symbol: logSymbols[k]), logCoefficients[k])
                }
                let constraint = LinearConstraint(expression, entry.relation, priority: Priority(entry.priority))
                // It held here, with the same tolerance: it holds there.
                let handle = try? tableau.add(constraint)
                assert(handle?.tag == entry.index, "promotion gave a constraint another tag")
            case .remove:
                let t = Int(entry.index)
                guard t < tableau.tags.count, tableau.tags[t].id == Tableau.valueTagID else { continue }
                try? tableau.remove(tag: entry.index)
            }
        }
    }

    /// The constant the tableau holds for an installed tag's expression.
    mutating func constant(ofTag t: Int32) -> Double {
        tags[Int(t)].constant
    }

    /// Each objective level's priority and value (the sum of its violations), highest first.
    var levelValues: [(priority: Double, value: Double)] {
        (0..<levelCount).map { (levelPriorities[$0], constants[Int(levelLines[$0])]) }
    }

    /// Rows, their cells and the longest row, for `Solver.statistics`.
    var rowCounts: (rows: Int, cells: Int, longest: Int) {
        var rows = 0, cells = 0, longest = 0
        for l in 0..<lineCount where basic[l] >= 0 {
            let n = masks[2 * l].nonzeroBitCount + masks[2 * l + 1].nonzeroBitCount
            rows += 1
            cells += n
            longest = max(longest, n)
        }
        return (rows, cells, longest)
    }

    #if CASSOWARY_CHECKS
    /// The broken invariants of the small tableau (see its type's documentation).
    func invariantViolations() -> [String] {
        var problems: [String] = []
        for l in 0..<lineCount where basic[l] != SmallTableau.freeLine {
            let b = basic[l]
            if b >= 0 && symbolRow[Int(b)] != Int32(l) { problems.append("line \(l): basic \(b) points to \(symbolRow[Int(b)])") }
            forEachSymbol(l) { s in
                if columns[Int(s)] & (UInt64(1) << UInt64(l)) == 0 { problems.append("line \(l): no column bit for \(s)") }
                if symbolRow[Int(s)] >= 0 { problems.append("line \(l) mentions basic symbol \(s)") }
                if !coefficients[l * SmallTableau.width + Int(s)].isFinite { problems.append("line \(l): \(s) is not finite") }
                if b >= 0 && kinds[Int(b)] == .dummy && kinds[Int(s)] != .dummy {
                    problems.append("dummy row of \(b) mentions the \(kinds[Int(s)]) symbol \(s)")
                }
            }
            guard b >= 0 else { continue }
            switch kinds[Int(b)] {
            case .slack, .error:
                if constants[l] < -SmallTableau.epsilon { problems.append("row of \(b) is infeasible: \(constants[l])") }
            case .dummy:
                if abs(constants[l]) > SmallTableau.epsilon { problems.append("dummy row of \(b) is \(constants[l])") }
            case .external:
                break
            }
        }
        for s in 0..<symbolCount {
            var lines = columns[s]
            while lines != 0 {
                let l = lines.trailingZeroBitCount
                lines &= lines - 1
                if !holds(l, Int32(s)) { problems.append("column of \(s) has line \(l), which does not hold it") }
            }
        }
        var higher: (UInt64, UInt64) = (0, 0)
        for i in 0..<levelCount {
            let line = Int(levelLines[i])
            let q = firstSymbol(line, excluding: higher) { s in
                coefficients[line * SmallTableau.width + Int(s)] < -Tableau.optimalityTolerance && kinds[Int(s)] != .dummy
            }
            if q >= 0 { problems.append("level \(levelPriorities[i]) can still improve by \(q)") }
            higher.0 |= masks[2 * line]
            higher.1 |= masks[2 * line + 1]
        }
        return problems
    }
    #endif
}
