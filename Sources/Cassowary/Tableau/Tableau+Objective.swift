// The objective: one dense row of coefficients per priority level below required, highest first
// (the symbolic weights of the Cassowary paper), with the symbols that became candidates to enter.

extension Tableau {
    /// The index of the objective level for a priority, created if needed.
    mutating func level(for priority: Double) -> Int {
        var i = 0
        while i < levels.count {
            if levels[i].priority == priority { return i }
            if levels[i].priority < priority { break }
            i += 1
        }
        var coefficients = Buffer<Double>()
        var candidates = Buffer<Int32>()
        if levelPoolUsed < levelPool.count {
            coefficients = levelPool[levelPoolUsed].coefficients
            candidates = levelPool[levelPoolUsed].candidates
            levelPoolUsed += 1
        }
        coefficients.reserve(symbols.capacity)
        coefficients.append(repeating: 0, count: symbols.count)
        levels.insert(Level(priority: priority, coefficients: coefficients, candidates: candidates), at: i)
        return i
    }

    mutating func existingLevel(for priority: Double) -> Int? {
        levels.firstIndex { $0.priority == priority }
    }

    /// Adds `amount` to a symbol's coefficient in one level, noting it as a candidate to enter
    /// there when it turns negative, and at the levels below when it turns zero (it no longer
    /// blocks them).
    @inline(__always) mutating func addObjective(_ l: Int, _ s: Int32, _ amount: Double) {
        let v = levels[l].coefficients[Int(s)] + amount
        if abs(v) < Tableau.epsilon {
            levels[l].coefficients[Int(s)] = 0
            var k = l + 1
            while k < levels.count {
                if levels[k].coefficients[Int(s)] < 0 { levels[k].candidates.append(s) }
                k += 1
            }
        } else {
            levels[l].coefficients[Int(s)] = v
            if v < 0 { levels[l].candidates.append(s) }
        }
    }

    /// Replaces the basic symbol `s` by its row (at `slot`) in every objective level.
    mutating func substituteIntoObjective(_ s: Int32, slot: Int32) {
        for l in levels.indices {
            let c = levels[l].coefficients[Int(s)]
            if c == 0 { continue }
            levels[l].coefficients[Int(s)] = 0
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
