#if CASSOWARY_CHECKS
// Checks of the tableau's invariants, compiled into debug builds only and called from the tests.

extension Tableau {
    /// The broken invariants, described; empty when the tableau is sound.
    func invariantViolations(requireOptimal: Bool = true) -> [String] {
        var problems: [String] = []
        var seqOf: [Int32: Int32] = [:]
        for slot in rows.indices where rows[slot].basic >= 0 {
            seqOf[rows[slot].basic] = rows[slot].seq
        }
        for slot in rows.indices {
            let h = rows[slot]
            guard h.basic >= 0 else { continue }
            let b = h.basic
            if rowOf[Int(b)] != Int32(slot) { problems.append("row \(slot): basic \(b) maps to \(rowOf[Int(b)])") }
            var seen = Set<Int32>()
            for i in Int(h.start)..<Int(h.start + h.count) {
                let s = cellSymbols[i]
                if !seen.insert(s).inserted { problems.append("row \(slot): symbol \(s) twice") }
                if abs(cellCoefficients[i]) < Tableau.epsilon { problems.append("row \(slot): zero cell \(s)") }
                if s == b { problems.append("row \(slot): mentions its own basic symbol") }
                if rowOf[Int(s)] >= 0 {
                    if kinds[Int(b)] != .external {
                        problems.append("restricted row \(slot) (\(kinds[Int(b)])) mentions basic \(s)")
                    } else if kinds[Int(s)] != .external {
                        problems.append("external row \(slot) mentions basic non-external \(s)")
                    } else if h.seq == 0 || (seqOf[s] ?? 0) >= h.seq {
                        problems.append("DAG row \(slot) (seq \(h.seq)) mentions \(s) of seq \(seqOf[s] ?? -1)")
                    }
                }
            }
            if kinds[Int(b)] == .dummy, abs(h.constant) > Tableau.epsilon {
                problems.append("dummy row \(slot) has constant \(h.constant)")
            } else if kinds[Int(b)] != .external, h.constant < -Tableau.epsilon {
                problems.append("restricted row \(slot) is infeasible: \(h.constant)")
            }
        }
        // Reference counts match the cells.
        var counts = [Int32](repeating: 0, count: kinds.count)
        for h in rows where h.basic != -1 {
            for i in Int(h.start)..<Int(h.start + h.count) { counts[Int(cellSymbols[i])] += 1 }
        }
        if counts != refCount { problems.append("reference counts disagree with the cells") }
        // Every cell is reachable through its symbol's column.
        for slot in rows.indices where rows[slot].basic != -1 {
            let h = rows[slot]
            for i in Int(h.start)..<Int(h.start + h.count) {
                var n = columnHead[Int(cellSymbols[i])]
                var found = false
                while n >= 0 {
                    if nodeSlot[Int(n)] == Int32(slot) { found = true; break }
                    n = nodeNext[Int(n)]
                }
                if !found { problems.append("row \(slot): symbol \(cellSymbols[i]) missing from its column") }
            }
        }
        // The objective is in proper form and optimal.
        for l in levels.indices {
            for s in 0..<kinds.count where levels[l].coefficients[s] != 0 {
                if rowOf[s] >= 0 { problems.append("level \(levels[l].priority) mentions basic \(s)") }
                if requireOptimal && levels[l].coefficients[s] < 0 && kinds[s] != .dummy
                    && (0..<l).allSatisfy({ levels[$0].coefficients[s] == 0 }) {
                    problems.append("level \(levels[l].priority) can still improve through \(s)")
                }
            }
        }
        return problems
    }
}
#endif
