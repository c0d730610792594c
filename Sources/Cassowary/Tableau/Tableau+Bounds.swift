// Bounds: required constraints on one variable (`w >= 10`, `x == 0`, `a * v + c <= 0`), whose
// variable is held at the bound exactly while the bound is active.
//
// A bound's row was created as `a * v + c + m * marker = 0` (`m` the tag's marker coefficient).
// While the marker is parametric (the bound is active) the tableau's rows imply
// `v = -c / a - (m / a) * marker`, and since the parametric symbols are independent, that is
// the only form v's row can take: in exact arithmetic v's row holds the marker alone. In
// floating point the row that pivots made holds rounding instead: its constant off by the
// rounding of every row it took in, and residues of the symbols that cancel. In long random
// programs (values to 4e5) a required `x == 0` came out at 2.7e-6 that way, and `x >= 0` at
// -1.4e-6 (Fuzz/Findings/FuzzSolver/fixed-bound-*), where production LP solvers, which keep
// bounds on their variables rather than in rows, hold a nonbasic variable at its bound exactly.
//
// Here the bound stays a row (the dual simplex's bound flips already make a view's floor a
// short pivot, see Tableau+DualSimplex.swift), and its variable's row is written again in that
// one exact form each time the marker leaves the basis, or the constraint's constant moves, or
// the rows are refactored:
//   1. `installAccumulated` notes a row of one external symbol as a bound candidate, and the
//      caller registers it once the constraint's tag is known (`registerBound(tag:)`);
//   2. the marker records its bound's index in `SymbolScratch.errorPlace` (an error symbol's
//      field: a bound's marker is a slack or a dummy, never an error);
//   3. a pivot whose leaving symbol is a bound's marker, a moved constant and a refactorization
//      queue the bound (`queueBound(marker:)`), each once;
//   4. before values are computed, `holdBounds()` rewrites the row of each queued bound whose
//      marker is still parametric, when it is not in the exact form already.
// The rewrite changes nothing the simplex reads: v is an external symbol, which no restricted
// row or objective level mentions. DAG rows that read v read its exact value from then on.

extension Tableau {
    /// A registered bound: the installed constraint of `tag`, on `variable` with `coefficient`.
    struct Bound {
        var tag: Int32
        var variable: Int32
        /// The variable's coefficient in the constraint's expression (its terms summed).
        var coefficient: Double
        /// Whether the bound's marker is in `boundsToHold`.
        var queued = false
    }

    /// Notes whether the accumulated row (the constraint's expression, not scaled yet) is a
    /// required constraint on one external symbol, for `registerBound(tag:)`.
    mutating func noteBoundCandidate(_ priority: Priority) {
        pendingBound = (-1, 0)
        guard priority.isRequired else { return }
        var variable: Int32 = -1
        var coefficient = 0.0
        for s in touched where scratch[Int(s)].accumulated != 0 {
            guard variable < 0, symbols[Int(s)].kind == .external else { return }
            variable = s
            coefficient = scratch[Int(s)].accumulated
        }
        if variable >= 0 && coefficient.isFinite { pendingBound = (variable, coefficient) }
    }

    /// Registers the constraint of tag `t`, just installed, as a bound if `noteBoundCandidate`
    /// found it one, and queues it: its marker may have ended parametric.
    mutating func registerBound(tag t: Int32) {
        let (variable, coefficient) = pendingBound
        pendingBound = (-1, 0)
        guard variable >= 0 else { return }
        let marker = tags[Int(t)].marker
        scratch[Int(marker)].errorPlace = -2 - Int32(bounds.count)
        bounds.append(Bound(tag: t, variable: variable, coefficient: coefficient))
        queueBound(marker: marker)
    }

    /// The index in `bounds` of the bound whose marker is `s`, or -1.
    @inline(__always) func boundIndex(marker s: Int32) -> Int {
        let place = scratch[Int(s)].errorPlace
        return place < -1 ? Int(-2 - place) : -1
    }

    /// Queues the bound of marker `s`, if `s` is one's, for `holdBounds()`.
    @inline(__always) mutating func queueBound(marker s: Int32) {
        let b = boundIndex(marker: s)
        guard b >= 0, !bounds[b].queued else { return }
        bounds[b].queued = true
        boundsToHold.append(s)
    }

    /// Queues every bound (after a refactorization wrote every row again).
    mutating func queueAllBounds() {
        for b in bounds.indices { queueBound(marker: tags[Int(bounds[b].tag)].marker) }
    }

    /// Forgets the bound of marker `s`, which is being dropped with its constraint. The last
    /// bound takes its place in `bounds`, and its marker's record follows.
    mutating func forgetBound(marker s: Int32) {
        let b = boundIndex(marker: s)
        guard b >= 0 else { return }
        let last = bounds.count - 1
        if b != last {
            bounds[b] = bounds[last]
            scratch[Int(tags[Int(bounds[b].tag)].marker)].errorPlace = -2 - Int32(b)
        }
        _ = bounds.popLast()
        scratch[Int(s)].errorPlace = -1
    }

    /// The constant and the marker's cell of the bound's variable's row while the bound is
    /// active, `-c / a` and `-m / a`; nil when they are not finite or the cell is no cell.
    @inline(__always) func exactForm(of bound: Bound) -> (constant: Double, cell: Double)? {
        let tag = tags[Int(bound.tag)]
        let constant = -tag.constant / bound.coefficient
        let cell = -tag.markerCoefficient / bound.coefficient
        guard constant.isFinite, cell.isFinite, abs(cell) >= Tableau.dropTolerance else { return nil }
        return (constant, cell)
    }

    /// Whether the row at `slot` is `constant + cell * marker`, in proper form, to the bit.
    @inline(__always) func isInExactForm(_ slot: Int32, _ marker: Int32, _ constant: Double, _ cell: Double) -> Bool {
        let h = rows[Int(slot)]
        return h.count == 1 && h.seq == 0 && h.constant == constant
            && cellSymbols[Int(h.start)] == marker && cellCoefficients[Int(h.start)] == cell
    }

    /// Writes the row of every queued bound whose marker is parametric in its exact form,
    /// `v = -c / a - (m / a) * marker` (see above). A bound whose variable is not basic is
    /// passed over: with its marker parametric that cannot be in exact arithmetic, and the
    /// rows are left to say what they say.
    mutating func holdBounds() {
        for s in boundsToHold {
            let b = boundIndex(marker: s)
            guard b >= 0 else { continue }
            bounds[b].queued = false
            guard symbols[Int(s)].row < 0 else { continue }
            let bound = bounds[b]
            let slot = symbols[Int(bound.variable)].row
            guard slot >= 0 else { continue }
            guard let (constant, cell) = exactForm(of: bound), !isInExactForm(slot, s, constant, cell) else {
                continue
            }
            emptyRow(slot, constant: constant)
            appendCell(slot, s, cell)
            rowChanged(slot)
        }
        boundsToHold.removeAll()
    }
}

#if CASSOWARY_CHECKS
extension Tableau {
    /// Each bound's marker maps back to it and its variable is external, each marker that says
    /// it is a bound's is, and each active bound that is not queued holds its variable's row in
    /// the exact form (a pivot or a moved constant that changed the row without queueing the
    /// bound would leave it otherwise).
    func boundViolations() -> [String] {
        var problems: [String] = []
        var markers = Set<Int32>()
        for (b, bound) in bounds.enumerated() {
            let m = tags[Int(bound.tag)].marker
            markers.insert(m)
            if boundIndex(marker: m) != b {
                problems.append("bound \(b): its marker \(m) maps to \(boundIndex(marker: m))")
            }
            if symbols[Int(bound.variable)].kind != .external {
                problems.append("bound \(b) is on a \(symbols[Int(bound.variable)].kind) symbol")
            }
            let slot = symbols[Int(bound.variable)].row
            guard !bound.queued, symbols[Int(m)].row < 0, slot >= 0 else { continue }
            guard let (constant, cell) = exactForm(of: bound) else { continue }
            if !isInExactForm(slot, m, constant, cell) {
                problems.append("bound \(b) is active and not queued; its variable's row is not exact")
            }
        }
        for s in symbols.indices where boundIndex(marker: Int32(s)) >= 0 && !markers.contains(Int32(s)) {
            problems.append("symbol \(s) says it is the marker of bound \(boundIndex(marker: Int32(s)))")
        }
        return problems
    }
}
#endif
