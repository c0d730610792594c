// The objective: one dense row of coefficients per priority level below required, highest first
// (the symbolic weights of the Cassowary paper), with the symbols that became candidates to enter.
// The rows are stored interleaved, a symbol's levels side by side (`objective`), since the pivots
// and the dual ratio test read every level of each symbol they meet.

extension Tableau {
    /// The index of the objective level for a priority, created if needed.
    mutating func level(for priority: Double) -> Int {
        var i = 0
        while i < levels.count {
            if levels[i].priority == priority { return i }
            if levels[i].priority < priority { break }
            i += 1
        }
        var candidates = Buffer<Int32>()
        if levelPoolUsed < levelPool.count {
            candidates = levelPool[levelPoolUsed].candidates
            levelPoolUsed += 1
        }
        if levels.count == 1 << levelShift { widenObjective() }
        // The next unused place in every symbol's coefficients, which holds zeros: a level
        // made between others moves no coefficient.
        levels.insert(Level(priority: priority, place: levels.count, candidates: candidates), at: i)
        return i
    }

    /// Doubles the room per symbol in `objective`.
    private mutating func widenObjective() {
        let old = objective
        var wider = Buffer<Double>()
        wider.reserve(old.count * 2)
        for base in stride(from: 0, to: old.count, by: 1 << levelShift) {
            for l in 0..<(1 << levelShift) { wider.append(old[base + l]) }
            wider.append(repeating: 0, count: 1 << levelShift)
        }
        objective.deallocate()
        objective = wider
        levelShift += 1
    }

    /// Where level `l`'s coefficient of symbol `s` is in `objective`.
    @inline(__always) func objectiveIndex(_ l: Int, _ s: Int32) -> Int {
        Int(s) &<< levelShift &+ levels[l].place
    }

    /// Level `l`'s coefficient of symbol `s`.
    @inline(__always) func objectiveCoefficient(_ l: Int, _ s: Int32) -> Double {
        objective[objectiveIndex(l, s)]
    }

    mutating func existingLevel(for priority: Double) -> Int? {
        levels.firstIndex { $0.priority == priority }
    }

    /// Adds `amount` to a symbol's coefficient in one level, noting it as a candidate to enter
    /// there when it turns negative, and at the levels below when it turns zero (it no longer
    /// blocks them).
    @inline(__always) mutating func addObjective(_ l: Int, _ s: Int32, _ amount: Double) {
        let i = objectiveIndex(l, s)
        let v = objective[i] + amount
        if abs(v) < Tableau.epsilon {
            objective[i] = 0
            var k = l + 1
            while k < levels.count {
                if objectiveCoefficient(k, s) < 0 { levels[k].candidates.append(s) }
                k += 1
            }
        } else {
            objective[i] = v
            if v < 0 { levels[l].candidates.append(s) }
        }
    }

    /// Replaces the basic symbol `s` by its row (at `slot`) in every objective level.
    mutating func substituteIntoObjective(_ s: Int32, slot: Int32) {
        for l in levels.indices {
            let c = objectiveCoefficient(l, s)
            if c == 0 { continue }
            objective[objectiveIndex(l, s)] = 0
            let h = rows[Int(slot)]
            levels[l].value += c * h.constant
            var i = Int(h.start)
            let end = i + Int(h.count)
            while i < end {
                addObjective(l, cellSymbols[i], c * cellCoefficients[i])
                i += 1
            }
        }
    }
}
