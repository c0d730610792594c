// The DAG program: a compact copy of the live DAG rows in creation order, for the values pass
// that evaluates every DAG row (a container's width moved, and every view's trailing edge reads
// it). That pass is bound by memory bandwidth in a 10,000-view tableau, whose rows no longer fit
// in the core's cache: through the rows it reads each row's 32-byte header, its cells with the
// spare room of their capacity, and the headers and cells of the rows in proper form that lie
// between DAG rows; through the program it reads 4 bytes per symbol and 8 per number, and
// nothing else. chain-plain's resize at 10,000 views went from about 150 to 93 us this way.
//
// Contracts:
// - `rowsGeneration` is bumped by every change to the DAG rows but a constant's: a DAG row
//   added, removed, expanded into proper form, or changed by a pivot (`rowChanged` of a DAG row,
//   `invalidateAllValues`, `expandRow`). The program is current while `builtGeneration` equals
//   it;
// - a constant of a DAG row that changes while the program is current is written into the
//   program too (`rowConstantChanged`), so that a resize, which moves constants only, keeps it;
// - the program is built during a pass over every DAG row, once `patience` passes in a row found
//   the DAG rows unchanged since the pass before: a resize that pivots every other time (views
//   compressed at one width, released at the next) would build programs it never reuses, so
//   each program dropped after serving one pass makes the next build wait one pass longer.

extension Tableau {
    struct DagProgram {
        /// Per row: its basic symbol, its number of cells, then its cells' symbols.
        var codes = Buffer<Int32>()
        /// Per row: its constant, then its cells' coefficients.
        var numbers = Buffer<Double>()
        /// By slot: where the row's constant is in `numbers` (meaningful for rows in the program).
        var positions = Buffer<Int32>()
        var rowsGeneration: UInt64 = 1
        var builtGeneration: UInt64 = 0
        /// `rowsGeneration` at the last pass over every DAG row.
        var lastPassGeneration: UInt64 = 0
        /// Passes in a row over every DAG row that found the DAG rows as the pass before did.
        var quietPasses = 0
        /// The passes the current program served, or the last one if it is stale (0 once judged).
        var passesServed = 0
        /// The quiet passes a build waits for: 1, and one more (up to 8) for each program in a
        /// row that went stale after serving a single pass.
        var patience = 1
        /// Programs built so far, for the tests.
        var builds = 0

        var isCurrent: Bool { builtGeneration == rowsGeneration }
    }

    /// Notes a change to the DAG rows other than a constant's.
    @inline(__always) mutating func noteDagRowsChanged() { dagProgram.rowsGeneration &+= 1 }

    /// Writes the constant of the DAG row at `slot` into the program, if the program is current.
    @inline(__always) mutating func noteDagConstant(_ slot: Int32, _ h: RowHeader) {
        guard dagProgram.isCurrent else { return }
        dagProgram.numbers[Int(dagProgram.positions[Int(slot)])] = h.constant
    }

    /// Evaluates every live DAG row in creation order through the program and stores the values
    /// (`store` marks nothing in this pass). Returns false, having done nothing, when there is no
    /// current program and none is worth building yet: the caller then reads the rows themselves.
    /// 1. Count this pass as quiet if the DAG rows are as they were at the previous pass.
    /// 2. A program gone stale is judged once: if it served more than one pass, builds wait for
    ///    one quiet pass again; if not, for one more than before.
    /// 3. Without a current program, build one once enough passes were quiet.
    /// 4. Evaluate it.
    mutating func evaluateDagProgram(_ stamp: UInt32) -> Bool {
        // 1. The quiet passes.
        let previous = dagProgram.lastPassGeneration
        dagProgram.lastPassGeneration = dagProgram.rowsGeneration
        dagProgram.quietPasses = previous == dagProgram.rowsGeneration ? dagProgram.quietPasses + 1 : 0
        if dagProgram.isCurrent {
            dagProgram.passesServed += 1
        } else {
            // 2. The program gone stale, judged.
            if dagProgram.passesServed > 0 {
                dagProgram.patience = dagProgram.passesServed > 1 ? 1 : min(dagProgram.patience + 1, 8)
                dagProgram.passesServed = 0
            }
            // 3. A new program.
            guard dagProgram.quietPasses >= dagProgram.patience else { return false }
            buildDagProgram()
            dagProgram.passesServed = 1
        }
        // 4. The evaluation.
        var c = 0, k = 0
        let end = dagProgram.codes.count
        while c < end {
            let basic = dagProgram.codes[c], n = Int(dagProgram.codes[c + 1])
            var v = dagProgram.numbers[k]
            for j in 0..<n { v += dagProgram.numbers[k + 1 + j] * values[Int(dagProgram.codes[c + 2 + j])] }
            c += 2 + n
            k += 1 + n
            store(v, for: basic, stamp)
        }
        return true
    }

    /// Copies the live DAG rows into the program, in creation order, and drops stale entries from
    /// `dagOrder` on the way: one pass to size the program, one to fill it.
    private mutating func buildDagProgram() {
        var cells = 0
        forEachLiveDagRow { _, _, h in cells += Int(h.count) }
        let live = dagOrder.count
        dagProgram.codes.removeAll()
        dagProgram.codes.append(repeating: 0, count: 2 * live + cells)
        dagProgram.numbers.removeAll()
        dagProgram.numbers.append(repeating: 0, count: live + cells)
        if dagProgram.positions.count < rows.count {
            dagProgram.positions.append(repeating: -1, count: rows.count - dagProgram.positions.count)
        }
        var c = 0, k = 0
        for entry in dagOrder {
            let h = rows[Int(entry.slot)]
            dagProgram.positions[Int(entry.slot)] = Int32(k)
            dagProgram.codes[c] = h.basic
            dagProgram.codes[c + 1] = h.count
            dagProgram.numbers[k] = h.constant
            for j in 0..<Int(h.count) {
                dagProgram.codes[c + 2 + j] = cellSymbols[Int(h.start) + j]
                dagProgram.numbers[k + 1 + j] = cellCoefficients[Int(h.start) + j]
            }
            c += 2 + Int(h.count)
            k += 1 + Int(h.count)
        }
        dagProgram.builtGeneration = dagProgram.rowsGeneration
        dagProgram.builds += 1
    }
}
