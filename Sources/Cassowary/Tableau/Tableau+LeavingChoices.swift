// The two rules that choose a row to pivot in, shared by `Tableau` and `SmallTableau` so that a
// small system and its promotion pivot alike: the primal ratio test's (`LeavingChoice`) and the
// choice of the row a removed constraint's marker leaves through (`MarkerLeavingChoice`). The
// general tableau's use of the second, and what it does to the rows passed over, close the file.

extension Tableau {
    /// The ratio test's choice among the restricted rows that limit how far a symbol can grow:
    /// the least ratio, ties to the lowest basic symbol (Bland's rule).
    /// Ties go to an error symbol before a slack: an error that leaves the basis at zero is a
    /// constraint satisfied exactly, with its cost in the objective, while a slack left basic keeps
    /// the room the constraint allows. The other order leaves degenerate rows (an error basic at
    /// zero) that a later dual simplex must walk through view by view. Then the lowest symbol, or
    /// the lowest symbol only under Bland's rule. Both tableaux choose through this one rule, so
    /// that a small system and its promotion pivot alike.
    ///
    /// The callers leave out the rows whose coefficient is a rounding residue of zero (see
    /// `Tableau.pivotTolerance`): pivoting on one divides its row by it.
    struct LeavingChoice {
        /// The chosen row (a slot or a line), or -1.
        private(set) var best = -1
        private(set) var ratio = Double.infinity
        private var key = Int64.max
        let bland: Bool

        init(bland: Bool) { self.bland = bland }

        /// Weighs a restricted row whose basic symbol `b` (of `kind`) limits the growth at `r`.
        @inline(__always) mutating func consider(_ row: Int, basic b: Int32, kind: Kind, ratio r: Double) {
            let k = bland || kind == .error ? Int64(b) : Int64(b) + (Int64(1) << 40)
            if r < ratio - Tableau.epsilon || (r <= ratio + Tableau.epsilon && k < key) {
                best = row
                key = k
                ratio = min(r, ratio)
            }
        }

        var result: (Int, Double)? { best < 0 ? nil : (best, ratio) }
    }

    /// kiwi's getMarkerLeavingRow: the row to pivot a parametric marker into before its row is
    /// dropped, chosen to keep the tableau feasible, with one rule before kiwi's:
    /// 1. A dummy row (a redundant required equality: its dummy basic equals other dummies, at
    ///    zero) that holds the marker, the one with the largest coefficient. Its constant is zero,
    ///    so the pivot moves no other constant, and it substitutes dummies only. Another row at
    ///    the same zero ratio (an error row, say) would leave the dummy row holding that row's
    ///    symbols: a required equality that the simplex then lets drift, since it treats a basic
    ///    dummy as a row of no bound.
    /// 2. A restricted row where the marker has a negative coefficient, least ratio first.
    /// 3. A restricted row where it has a positive coefficient, least ratio first.
    /// 4. An external row.
    /// 5. Only when no row holds more than a rounding residue of the marker (a cell under
    ///    `forcedPivotTolerance` times the column's largest), the row with the largest.
    ///
    /// Residues never count before that: the marker's column carries them (cells of 1e-12, from
    /// rows added into rows; the rounding a cell collects comes from multiples of the column's
    /// other cells), and as a restricted row's negative coefficient one has the least ratio
    /// only when no real one is there, but a pivot on it divides its row by 1e-12. kiwi has no
    /// such guard; a random system of 30 variables, re-added in another order after `reset()`,
    /// had a removal pivot on -1.6e-12 and move its constraints by up to 1.4 times their size.
    struct MarkerLeavingChoice {
        private var dummy = -1, first = -1, second = -1, third = -1, fallback = -1
        private var largest = 0.0, r1 = Double.infinity, r2 = Double.infinity, largestResidue = 0.0
        /// Under this a cell is a residue.
        private let residueFloor: Double

        /// A choice over a column whose largest cell (in magnitude) is `columnLargest`.
        init(columnLargest: Double) {
            residueFloor = Self.residueFloor(columnLargest: columnLargest)
        }

        /// Under this, a cell of a marker's column whose largest is `columnLargest` is a residue.
        static func residueFloor(columnLargest: Double) -> Double {
            Tableau.forcedPivotTolerance * columnLargest
        }

        /// Weighs a row (of basic `kind`, constant `constant`) in which the marker has coefficient `c`.
        @inline(__always) mutating func consider(_ row: Int, kind: Kind, coefficient c: Double, constant: Double) {
            if abs(c) < residueFloor {
                if abs(c) > largestResidue { largestResidue = abs(c); fallback = row }
                return
            }
            switch kind {
            case .dummy:
                if abs(c) > largest { largest = abs(c); dummy = row }
            case .external:
                third = row
            default:
                if c < 0 {
                    let r = -constant / c
                    if r < r1 { r1 = r; first = row }
                } else {
                    let r = constant / c
                    if r < r2 { r2 = r; second = row }
                }
            }
        }

        var result: Int? {
            if dummy >= 0 { return dummy }
            if first >= 0 { return first }
            if second >= 0 { return second }
            if third >= 0 { return third }
            return fallback >= 0 ? fallback : nil
        }
    }
}

extension Tableau {
    /// Before a marker pivots into a row that is not a dummy's: takes the marker's residue cells
    /// (under `forcedPivotTolerance` of its column's largest, as `MarkerLeavingChoice` judges
    /// them) out of dummy rows. A dummy row (a redundant required equality) is a combination of
    /// dummies; the pivot would substitute the leaving row into it at the residue's size and put
    /// slack and error symbols in it. In the stress probe's seed 3022 (a random system of 81
    /// variables, coefficients 0.25-6) a marker's cell of -1.6e-12 beside a column whose largest
    /// is 6 did, on removing that marker's constraint.
    mutating func dropMarkerResiduesFromDummyRows(_ marker: Int32) {
        let floor = MarkerLeavingChoice.residueFloor(columnLargest: collectMarkerColumn(marker))
        for k in columnSlots.indices {
            let t = columnSlots[k]
            guard rows[Int(t)].basic >= 0, rowKinds[Int(t)] == .dummy,
                  abs(cellCoefficients[columnCells[k]]) < floor else { continue }
            removeCell(t, at: columnCells[k])
            rowChanged(t)
        }
    }

    /// The row to pivot a parametric marker into before its row is dropped (see
    /// `MarkerLeavingChoice`).
    mutating func markerLeavingRow(_ marker: Int32) -> Int32? {
        var choice = MarkerLeavingChoice(columnLargest: collectMarkerColumn(marker))
        for k in columnSlots.indices {
            let slot = columnSlots[k]
            guard rows[Int(slot)].basic >= 0 else { continue }
            choice.consider(Int(slot), kind: rowKinds[Int(slot)], coefficient: cellCoefficients[columnCells[k]],
                            constant: rows[Int(slot)].constant)
        }
        return choice.result.map { Int32($0) }
    }

    /// Collects a marker's column (`columnSlots`, `columnCells`) and returns its largest cell in
    /// magnitude, over the rows in use.
    private mutating func collectMarkerColumn(_ marker: Int32) -> Double {
        collectColumn(marker)
        var largest = 0.0
        for k in columnSlots.indices where rows[Int(columnSlots[k])].basic >= 0 {
            largest = max(largest, abs(cellCoefficients[columnCells[k]]))
        }
        return largest
    }
}
