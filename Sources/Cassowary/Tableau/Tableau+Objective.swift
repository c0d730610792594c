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
            noteCandidateBelow(l, s)
        } else {
            objective[i] = v
            if v < 0 {
                levels[l].candidates.append(s)
                if v > -Tableau.repriceGate { (pendingCleanup, smallCostsSeen) = (true, true) }
            } else if v < Tableau.repriceGate {
                // Possibly a residue of zero that blocks the levels below: they look at it again
                // (`reprice(_:)` decides), after a dual simplex too.
                (pendingCleanup, smallCostsSeen) = (true, true)
                noteCandidateBelow(l, s)
            }
        }
    }

    /// Notes `s` as a candidate at each level below `l` where its coefficient is negative: its
    /// coefficient at `l` no longer blocks them, or may not.
    @inline(__always) private mutating func noteCandidateBelow(_ l: Int, _ s: Int32) {
        var k = l + 1
        while k < levels.count {
            if objectiveCoefficient(k, s) < 0 { levels[k].candidates.append(s) }
            k += 1
        }
    }

    /// Gives the new error symbol `s` its cost of 1 in level `l`, and notes the level for
    /// `reprice(_:)`.
    mutating func costErrorSymbol(_ s: Int32, level l: Int) {
        scratch[Int(s)].errorPlace = Int32(levels[l].place)
        addObjective(l, s, 1)
    }

    /// Recomputes the coefficients of the parametric symbol `s` at every level from the rows, as
    /// LP codes recompute their reduced costs after a refactorization: a level is the sum of its
    /// error symbols, so `s` costs 1 where it is an error symbol itself, plus, for each row whose
    /// basic symbol is an error symbol, its coefficient there. Coefficients under
    /// `optimalityTolerance` are zero; `s` becomes a candidate at the levels below `l` (the one
    /// the simplex is at, which decides on `s` itself) where the new one is negative.
    ///
    /// Every pivot adds a multiple of a row to the objective, so the objective collects rounding
    /// far faster than the rows: in a random system of 360 variables and 745 constraints
    /// (coefficients 0.25-3, twelve priorities), costs that the rows put at 1e-10 read 1e-7 to
    /// 8e-7 in the objective, and blocked costs of -0.67 to -72 at the levels below, which
    /// ended 1-17% short of their optimum.
    /// Returns whether it noted `s` as a candidate at any level.
    @discardableResult
    mutating func reprice(_ s: Int32, at l: Int) -> Bool {
        let base = Int(s) &<< levelShift
        // The costs the objective held, kept to measure its drift: 1 << levelShift places.
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: 1 << levelShift) { held in
            for k in levels.indices {
                held[k] = objective[base &+ levels[k].place]
                objective[base &+ levels[k].place] = 0
            }
            return repriceFromRows(s, at: l, base: base, held: held)
        }
    }

    /// `reprice(_:at:)` once the symbol's costs are zero, `held` the ones they replace.
    private mutating func repriceFromRows(_ s: Int32, at l: Int, base: Int, held: UnsafeMutableBufferPointer<Double>) -> Bool {
        let own = scratch[Int(s)].errorPlace
        if own >= 0 { objective[base &+ Int(own)] = 1 }
        collectColumn(s)
        for k in columnSlots.indices {
            let b = rows[Int(columnSlots[k])].basic
            guard b >= 0 else { continue }
            let place = scratch[Int(b)].errorPlace
            if place >= 0 { objective[base &+ Int(place)] += cellCoefficients[columnCells[k]] }
        }
        var noted = false
        for k in levels.indices {
            let i = base &+ levels[k].place
            let c = objective[i]
            if abs(c - held[k]) > Tableau.driftTolerance * max(1, abs(c)) { objectiveDrifted = true }
            if abs(objective[i]) < Tableau.optimalityTolerance {
                objective[i] = 0
            } else if objective[i] < 0 && k > l {
                levels[k].candidates.append(s)
                noted = true
            }
        }
        return noted
    }

    /// Prices every parametric symbol again from the rows (`reprice(_:at:)`), so that the
    /// objective says what the rows say, and runs the primal simplex should a cost now say a
    /// level can still improve. Returns whether it ran.
    ///
    /// A parting found here is not a trigger (`objectiveDrifted` stays as it was): the costs
    /// are the rows' once priced, and rows that hold the constraints need no refactorization
    /// for them. One was, first: FuzzSolver's `fixed-parting-refactor` took its values to 5e8
    /// with its rows holding every constraint to 1e-13, while costs had parted from them; the
    /// refactorization that parting called for gave its basis up, its rebuild missed by 3.4e-5,
    /// and when the values came back to 1.2e5 a required equality was off by 3.75e-5 of its
    /// size.
    @discardableResult
    mutating func priceEverySymbolAgain() throws -> Bool {
        let drifted = objectiveDrifted
        var noted = false
        for s in symbols.indices where symbols[s].row < 0 && symbols[s].kind != .dummy {
            if reprice(Int32(s), at: -1) { noted = true }
        }
        objectiveDrifted = drifted
        if noted { try optimize() }
        return noted
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
