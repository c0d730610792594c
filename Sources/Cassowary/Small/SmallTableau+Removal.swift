// Removing a constraint from the small tableau (kiwi's removeConstraint), or refusing to (a
// required equality, whose dummy no row holds; a full log): see SmallTableau.swift.

extension SmallTableau {
    /// Takes out the constraint of an installed tag, or refuses (see `Refusal`).
    mutating func remove(tag t: Int32) throws(Refusal) {
        guard !keepsLog || logCount < SmallTableau.maxLog else { throw Refusal() }
        let tag = tags[Int(t)]
        let marker = tag.marker
        // A required equality's dummy is in no row (see step 3 of `add`): its effects cannot be
        // found to take out.
        guard kinds[Int(marker)] != .dummy else { throw Refusal() }
        // 1. getMarkerLeavingRow, before anything moves.
        var leaving = Int(symbolRow[Int(marker)])
        if leaving < 0 {
            guard let l = markerLeavingRow(marker) else { throw Refusal() }
            leaving = l
        }
        releaseTag(t)
        // 2. removeConstraintEffects: the errors leave the objective.
        if let l = existingLevel(for: tag.priority) {
            for k in 0..<2 {
                let s = k == 0 ? tag.marker : tag.other
                guard s >= 0 && kinds[Int(s)] == .error else { continue }
                let r = symbolRow[Int(s)]
                if r >= 0 { addScaled(l, Int(r), -1) } else { add(l, s, -1) }
            }
        }
        // 3. The marker's row goes: pivoted in first when the marker is parametric.
        if symbolRow[Int(marker)] < 0 { pivot(marker, leaving) }
        freeLine(leaving)
        // 4. The symbols no constraint binds any more; the simplex waits (`settled`).
        if tag.other >= 0 { dropSymbol(tag.other) }
        dropSymbol(marker)
        settled = false
        record(LogEntry(kind: .remove, relation: .equal, index: t, termStart: 0, termCount: 0, priority: 0, constant: 0))
    }

    /// The row to pivot a parametric marker into before its row is dropped, chosen by the
    /// general tableau's rule (`Tableau.MarkerLeavingChoice`).
    private func markerLeavingRow(_ marker: Int32) -> Int? {
        var largest = 0.0
        forEachRow(holding: marker) { _, _, c in largest = max(largest, abs(c)) }
        var choice = Tableau.MarkerLeavingChoice(columnLargest: largest)
        forEachRow(holding: marker) { l, b, c in
            choice.consider(l, kind: kinds[Int(b)], coefficient: c, constant: constants[l]) { lineLargest(l) }
        }
        return choice.result
    }
}
