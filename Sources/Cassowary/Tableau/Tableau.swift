/// The simplex tableau behind ``Solver``: an incremental Cassowary solver with strictly ordered
/// priorities.
///
/// Symbols are small integers. Every row expresses its basic symbol as a constant plus a linear
/// combination of other symbols. Invariants (checked by `checkInvariants()` in debug builds):
/// - restricted rows (basic symbol a slack, error or dummy) and the objective levels are in proper
///   form: they mention parametric (non-basic) symbols only;
/// - a row whose basic symbol is an external variable may also mention other basic *external*
///   symbols whose rows were created before it (a "DAG row"). Required equalities such as
///   `v[i].top == v[i-1].bottom + 8` therefore stay as short as they were written instead of
///   expanding to every earlier link of a chain, which is what makes kiwi quadratic on chains.
///   A DAG row that a marker shift finds in a long column is rewritten in proper form, when that
///   stays short (Tableau+ColumnCopy.swift);
/// - every restricted row's constant is >= 0 (the basic solution is feasible), dummy rows are 0;
/// - at rest, no parametric symbol can improve the objective (lexicographic optimality).
///
/// The objective is one dense row per distinct priority below `required`, compared
/// lexicographically from the highest priority down (the symbolic weights of the Cassowary paper).
///
/// Helpers that only read are declared `mutating` all the same: a non-mutating method called from
/// a mutating one receives a copy of the whole tableau (over a kilobyte, and a retain of each of
/// its dictionaries) on every call, which was a tenth of a cold cell's time.
struct Tableau {
    enum Kind: UInt8 { case external, slack, error, dummy }

    /// Where a marked DAG row goes: into `expansionProper` while the first marks are collected,
    /// into the heap, or nowhere during the pass over `dagOrder` (which reaches it later, as rows
    /// that read a value are newer than the row that holds it). `everything`: the pass evaluates
    /// every DAG row, and marks are not needed.
    enum ValueQueue: UInt8 { case collecting, heap, sweep, everything }

    struct RowHeader {
        var start: Int32
        var count: Int32
        var capacity: Int32
        /// The basic symbol; -1 for a free slot, -2 for the artificial objective.
        var basic: Int32
        var constant: Double
        /// Creation order of DAG rows, 0 for rows in proper form.
        var seq: Int32
        /// The row's entry in `rowIndexes` once it is long, else -1.
        var index: Int32 = -1
    }

    /// An objective level; its coefficients are in `objective` (see `objectiveIndex`).
    struct Level {
        var priority: Double
        /// Where the level's coefficient is among each symbol's: the levels take places in the
        /// order they are made, whatever their priorities.
        var place: Int
        var value: Double = 0
        /// Symbols whose coefficient became negative since they were last looked at.
        var candidates = Buffer<Int32>()
    }

    /// Arena storage for an objective level not made yet.
    struct PooledLevel {
        var candidates: Buffer<Int32>
    }

    struct ColumnNode {
        var slot: Int32
        var next: Int32
    }

    struct DagEntry {
        var slot: Int32
        var seq: Int32
    }

    /// What the tableau keeps per installed constraint, all plain values so that changing a
    /// constant never touches a reference count. The constraint objects live in `tagConstraints`.
    struct Tag {
        /// The constraint's identity; nil for a free slot.
        var id: ObjectIdentifier?
        var marker: Int32
        var other: Int32
        /// The marker's coefficient against the constraint's expression: the row the constraint
        /// was created as is `expression / scale + k * marker = 0` (k = +-1, see
        /// `Tableau.rowScale(largest:)`), so `expression + k * scale * marker = 0`.
        var markerCoefficient: Double
        /// The constant of the constraint's expression the tableau holds now.
        var constant: Double
        var priority: Double
    }

    /// What a value constraint's tag keeps beside its `Tag` (see Tableau+Handles.swift), in
    /// `valueTags` by tag: apart, so that the tags of constraint objects stay 40 bytes (a
    /// 10,000-view build has 60,000 of them).
    struct ValueTag {
        var relation: Relation = .equal
        /// Bumped when the value constraint's tag is freed, so that a ``ConstraintHandle`` of an
        /// earlier constraint in the same slot is refused.
        var generation: UInt32 = 0
        /// The constraint's terms in `termSymbols` / `termCoefficients`.
        var termStart: Int32 = 0
        var termCount: Int32 = 0
    }

    /// The tolerance of comparisons: a constant within it of zero is zero, two ratios within it
    /// are a tie.
    static let epsilon = 1.0e-8

    /// Cells under this magnitude leave the rows (kiwi's nearZero drops them under `epsilon`).
    /// Dropping a cell moves its row by the cell, and every later substitution of that row
    /// carries the error on, multiplied: with cells dropped at 1e-8, rows of a random system of
    /// 43 variables and mild coefficients (0.25-3) read 1.0833333331518 for 13/12 after 95
    /// constraints, and at 98 a required constraint was off by 24,000 (`RandomSystemsTests`).
    /// Rounding residues of zero are near 1e-16 of the magnitudes they come from, far under
    /// this; the residues that the accumulated error makes larger are met by the two
    /// tolerances below, where a pivot is chosen, rather than by dropping cells everywhere.
    static let dropTolerance = 1.0e-12

    /// The simplex's two tolerances (production LP codes keep theirs near 1e-7, HiGHS and CLP): a
    /// symbol enters the primal simplex only at a cost under `-optimalityTolerance`, and a ratio
    /// test never pivots on a residue (`Tableau.isResidue`): a coefficient under
    /// `pivotTolerance` times its row's largest (at least 1). A step that only residues limit
    /// is unbounded, which for a level (a sum of errors, >= 0) means its cost is rounding.
    /// Long rows carry residues of zero: in a random system of 199 variables and coefficients
    /// 0.25-3 (the stress probe's seed 4026), a cost of -5.7e-8 entered and pivoted on -1.9e-7, a
    /// step of 6e10, and a later one on -6.6e-8 at a ratio of zero; the values went to 1e63 and
    /// a required constraint was wrongly accepted. At 1e-7 a pivot of -2e-7 in a row whose
    /// largest is 1.7 still got through (`RandomSystemsTests`, 91 variables). Layouts, whose
    /// coefficients and costs are near 1, never come near either tolerance.
    static let optimalityTolerance = 1.0e-7

    /// An objective coefficient under this is looked at again before it decides whether a symbol
    /// enters (`reprice(_:)`): it may be rounding. Layouts' costs are near 1.
    static let repriceGate = 1.0e-5
    static let pivotTolerance = 1.0e-6

    /// Where a pivot is forced rather than chosen by a ratio test (the row a removed
    /// constraint's marker leaves through, the artificial variable's replacement), a
    /// coefficient under this times the largest of its column (a marker's) or row is a rounding
    /// residue, passed over while another is there. (A new row's subject is chosen as kiwi
    /// does: skipping small externals there left the stress probe's seed 4019 far from its
    /// optimum.) In random systems of 20-100 variables the residues of a
    /// marker's column measured 1e-12 to 2e-9 of its largest, and its genuine small cells 5e-5
    /// and up. `pivotTolerance` of the row's largest would also pass over the genuine cells of
    /// scaled rows (`rowScale`: 1e-3 beside 1e3 becomes 1e-6), and a removal then left rows
    /// infeasible that the ratio rule keeps feasible.
    static let forcedPivotTolerance = 1.0e-7

    /// A coefficient at or over this is never a residue, so that the ratio test reads a row's
    /// largest coefficient only for the rare small one: rows whose largest is over
    /// `residueGate / pivotTolerance` (1,000) are not looked at for it.
    static let residueGate = 1.0e-3

    /// The factor a new constraint's row is divided by, from its largest coefficient: 1 up to 100
    /// (the coefficients of layouts), else that coefficient, so that the row's largest is 1.
    /// Cells under `epsilon` leave the rows, so a row of `1e9 * x` would make every row it is
    /// substituted into lose the terms it divides under epsilon (another constraint's `2 * x`
    /// for good), and `1000 * v17 - v47` beside rows of 1e-3 makes products under it. Rows whose
    /// coefficients are all small are not scaled up: multiplying them multiplies the rounding
    /// in their constants too, and the probe found configurations that then disagreed on
    /// whether a required row holds (seed 3074). Rows of layouts are left as they are, so that
    /// their pivots do not move.
    static func rowScale(largest: Double) -> Double {
        largest > 100 ? largest : 1
    }

    let usesCaches: Bool
    var identity: ObjectIdentifier

    /// What the tableau keeps per symbol, in one record so that a new symbol is one append.
    struct SymbolInfo {
        var kind: Kind
        /// How many dense rows (`denseRows`) hold a cell of the symbol, for column walks to skip
        /// them when none does; `UInt8.max` once it got there, for good (walks then always look).
        /// It fits in the byte after `kind`: the record stays 16 bytes.
        var denseRows: UInt8 = 0
        /// The column list's state (see Tableau+Columns.swift): nodes linked since it was last
        /// walked whole, up to `maximumLinks`, with `prunedMark` if that walk was a prune;
        /// `UInt16.max` for a column queued in `staleColumns`, `unlisted` for one without a
        /// list. With `kind` and `denseRows` the record stays 16 bytes.
        var linked: UInt16 = 0
        /// The slot of the symbol's row, or -1 when the symbol is parametric.
        var row: Int32 = -1
        /// How many row cells mention the symbol.
        var refs: Int32 = 0
        /// The first node of the symbol's column list, or -1.
        var column: Int32 = -1
    }

    /// Per-symbol scratch space of the algorithms, apart from `SymbolInfo` so that the records
    /// the solution is read from stay small.
    ///
    /// The double comes first: Swift lays fields out in the order written, and this order packs
    /// the record into 24 bytes instead of 32 (a 10,000-view tableau has 150,000 symbols).
    struct SymbolScratch {
        /// The symbol's coefficient in the accumulator.
        var accumulated: Double = 0
        /// Marks the symbol as in the accumulator.
        var stamp: UInt32 = 0
        /// Marks the symbol as queued for expansion.
        var queued: UInt32 = 0
        /// Bumped when a bound flip changes the symbol's dual ratio: older heap entries are stale.
        var dualVersion: UInt32 = 0
        /// For an error symbol, the place (`Level.place`) of the level it costs 1 in; else -1.
        /// Not scratch, but kept here where the record has room: `reprice(_:)` reads it.
        var errorPlace: Int32 = -1
    }

    /// A candidate of the dual ratio test in the bound-flipping heap.
    struct DualEntry {
        var symbol: Int32
        var version: UInt32
        var coefficient: Double
    }

    // Symbols, indexed by symbol.
    var symbols = Buffer<SymbolInfo>()
    /// The symbol's value in the solution as last computed; 0 while it is parametric. Apart from
    /// `symbols` so that evaluating a row reads 8 bytes per cell.
    var values = Buffer<Double>()
    /// By symbol: the values of the variables this tableau publishes (`Variable.isPublished`) as
    /// the last `updateVariables` wrote them.
    var published = Buffer<Double>()
    var scratch = Buffer<SymbolScratch>()
    /// 1 + the symbol's cell index in the long row being added to (see `addScaled`), by symbol:
    /// apart from `scratch`, so that the pass over a long row of a 10,000-view tableau reads 4
    /// bytes per symbol rather than a 24-byte record (a row-flex squeeze spent a quarter of its
    /// time waiting for those records).
    var cellPositions = Buffer<Int32>()
    /// The variable of each external symbol, retained (released by `deallocate()`); nil for the
    /// solver's own symbols.
    var variables = Buffer<Unmanaged<Variable>?>()
    /// Marker symbols of removed constraints, free for reuse: no row, no cell, no objective
    /// coefficient mentions them.
    var freeSymbols = Buffer<Int32>()
    var externalSymbols = Buffer<Int32>()
    /// The variables of `externalSymbols`, unretained (`variables` keeps them alive), so that
    /// `updateVariables` writes values without reference counting.
    var externalReferences = Buffer<Unmanaged<Variable>>()
    var variableSymbols: [ObjectIdentifier: Int32] = [:]

    // Rows: headers by slot, cells in one arena.
    var rows = Buffer<RowHeader>()
    /// The kind of each row's basic symbol, by slot: what the feasibility checks of a marker
    /// shift read per row, 1 byte apart from the symbols' records (a cache miss each in a
    /// 10,000-view tableau, where these fit in cache). Meaningless for free and artificial rows.
    var rowKinds = Buffer<Kind>()
    var freeSlots = Buffer<Int32>()
    var cellSymbols = Buffer<Int32>()
    var cellCoefficients = Buffer<Double>()
    var garbageCells = 0
    /// For long rows: symbol -> cell position relative to the row's start, so that adding a short
    /// row into a long one costs the short row's length.
    var rowIndexes = Buffer<SymbolIndex>()
    var freeIndexes = Buffer<Int32>()
    /// The slots of the rows whose index is dense (`SymbolIndex.isDense`: a row that holds a
    /// good part of all symbols, as the long rows of a chain do). Their cells take no node in
    /// the column lists: column walks look each such row up instead. A resize of a 10,000-view
    /// row-flex moves 30,000 cells into three rows and out of three others; through the lists
    /// that linked 90,000 nodes per resize, which went stale at the next, and the stale nodes
    /// made later walks and prunes wait for memory (1,000 views: 0.5 ms per resize at first,
    /// 2 ms after forty resizes).
    var denseRows = Buffer<Int32>()
    /// Spare cells for `sortDenseRow`.
    var sortSymbols = Buffer<Int32>()
    var sortCoefficients = Buffer<Double>()
    var dagOrder = Buffer<DagEntry>()
    /// A compact copy of the DAG rows for the values pass (see Tableau+DagProgram.swift).
    var dagProgram = DagProgram()
    var nextSeq: Int32 = 1

    // Columns: for each symbol a linked list of the slots of rows that mention it. Entries go
    // stale when a cell is removed; readers check the row and drop stale entries.
    /// The nodes, each a slot and the next node's index (-1 ends a list), side by side so that a
    /// column walk reads one buffer per node.
    var nodes = Buffer<ColumnNode>()
    /// Unlinked nodes, for `link` to reuse: a stack apart from the nodes, so that taking one
    /// reads the top of the stack rather than a node a prune left anywhere in the buffer.
    var freeNodes = Buffer<Int32>()
    /// Columns whose lists took many more nodes than they have cells since they were last
    /// walked: `pruneStaleColumns()` walks them between operations.
    var staleColumns = Buffer<Int32>()
    /// A dense copy of the last long column a marker shift walked (see Tableau+ColumnCopy.swift).
    var columnCopy = ColumnCopy()

    var levels = Buffer<Level>()
    /// The objective levels' coefficients, by symbol, the levels of a symbol side by side:
    /// level `l` of symbol `s` at `s << levelShift + levels[l].place` (the places no level has
    /// yet hold 0). A pivot or a dual ratio test reads every level of the symbols it meets, so
    /// that one cache line serves them all instead of one line per level: in a resize of
    /// chain-intr at 10,000 views (4 levels, 150,000 symbols) those reads were a third of the
    /// cache misses.
    var objective = Buffer<Double>()
    /// log2 of the room per symbol in `objective`: 8 levels, then doubled as needed.
    var levelShift = Tableau.initialLevelShift
    var artificialSlot: Int32 = -1
    var infeasible = Buffer<Int32>()

    // Constraints and edit variables.
    var tags = Buffer<Tag>()
    /// The constraint of each tag, retained (released when the tag is freed, or by
    /// `deallocate()`); nil for a free tag.
    var tagConstraints = Buffer<Unmanaged<Constraint>?>()
    var freeTags = Buffer<Int32>()
    var tagIndex: [ObjectIdentifier: Int32] = [:]
    // Value constraints and solver-owned variables (see Tableau+Handles.swift).
    /// This tableau's serial: the owner its handles carry.
    var serial: UInt64 = 0
    /// Indexed by tag, as far as the last tag a value constraint used.
    var valueTags = Buffer<ValueTag>()
    /// The terms of the installed value constraints: each one's a run its `ValueTag` points to.
    var termSymbols = Buffer<Int32>()
    var termCoefficients = Buffer<Double>()
    /// Cells of `termSymbols` that removed constraints left behind.
    var garbageTerms = 0
    /// The names given to solver-owned variables, for descriptions; unnamed ones are absent.
    var handleNames: [Int32: String] = [:]
    var edits: [ObjectIdentifier: (variable: Variable, tag: Int32, value: Double)] = [:]

    // Scratch space, indexed by symbol or slot.
    var slotStamp = Buffer<UInt32>()
    var stampCounter: UInt32 = 0
    var touched = Buffer<Int32>()
    var accumulatorStamp: UInt32 = 0
    var accumulatorConstant: Double = 0
    var columnSlots = Buffer<Int32>()
    /// The rows of the last primal ratio test's column whose coefficients were under the pivot
    /// tolerance, and their cells (see `dropPassedResidues`).
    var passedSlots = Buffer<Int32>()
    var passedCells = Buffer<Int>()
    var columnCells = Buffer<Int>()
    /// The queues of `expandAccumulator()`: DAG rows by creation order, and rows in proper form.
    var expansionHeap = Buffer<Int64>()
    var expansionProper = Buffer<Int32>()
    // Values (see Tableau+Values.swift).
    var valuesAreCurrent = false
    /// Every value must be recomputed; otherwise only `dirtyRows` and what reads them.
    var valuesAllStale = true
    /// Rows changed since the values were computed, each once (see `dirtyStamp`). These lists
    /// have no room in the arena: systems with fewer than `incrementalRows` rows never use them.
    var dirtyRows = Buffer<Int32>()
    /// `dirtyGeneration` for the slots in `dirtyRows`, so that each row goes in once however many
    /// pivots change it (a resize's pivots each rewrite the same rows). No room in the arena
    /// either: it grows with the rows only once values are kept incrementally.
    var dirtyStamp = Buffer<UInt32>()
    var dirtyGeneration: UInt32 = 1
    /// External symbols whose stored values moved since the last `updateVariables`.
    var changedExternals = Buffer<Int32>()
    var writesAllVariables = true
    /// Where `computeValues` puts the DAG rows it marks (see Tableau+Values.swift).
    var valueQueue = ValueQueue.collecting
    /// From how many rows values are kept incrementally (tests lower it to reach that path with
    /// small systems).
    var incrementalRows = Tableau.defaultIncrementalRows
    /// From how many cells a marker's column is copied (tests lower it).
    var columnCopyMinimum = Tableau.defaultColumnCopyMinimum
    /// The fewest cells of a dense row (`denseRows`), and the share of the symbols up to its
    /// largest that it must hold (one in `denseRowRatio`); the tests make every indexed row of a
    /// few cells dense, and index rows from that many cells (`indexMinimum`).
    var denseRowMinimum = SymbolIndex.defaultDenseMinimum
    var denseRowRatio = SymbolIndex.defaultDenseRatio
    var indexMinimum = Tableau.indexThreshold
    /// The fewest cells of a column that may lose its list (see `pruneStaleColumns`); the tests
    /// change it.
    var unlistedMinimum = Tableau.defaultUnlistedMinimum
    /// Lists rebuilt by `relist`, and all lists by `rebuildColumns`, so far, for the tests.
    var relists = 0
    var rebuilds = 0
    /// Set when a variable of this tableau is held by another solver too: every variable is then
    /// written by each `updateVariables`, so that the last call wins as documented.
    var sharesVariables = false
    /// Set by a bound flip of the dual simplex, and by a cost that pivots or a reprice leave
    /// under `repriceGate` (possibly a residue that blocks a level below, or hides a negative
    /// cost): the primal simplex must run once the rows are feasible again (see
    /// `dualOptimize()`). The primal simplex clears it.
    var pendingCleanup = false
    /// Set for good once any objective coefficient was left under `repriceGate` (and not zeroed):
    /// until then the dual ratio test does not look for costs to reprice. Layouts' costs are
    /// sums of their coefficients near 1, and never set it.
    var smallCostsSeen = false
    /// The bound-flipping ratio test's heap: entry indexes, the entries, and each entry's ratio
    /// at every objective level (`levels.count` keys per entry).
    var dualHeap = Buffer<Int32>()
    /// The least coefficient a candidate of the heap has: `pivotTolerance` when the repaired row
    /// has candidates at or over it, else 0 (see `repair`).
    var dualFloor = Tableau.pivotTolerance
    var dualEntries = Buffer<DualEntry>()
    var dualKeys = Buffer<Double>()
    /// Pivots made so far, for tests and benchmarks.
    var pivotCount = 0
    /// Bound flips of the dual simplex so far (counted in `pivotCount` too).
    var flipCount = 0

    /// The initial storage of the buffers: one allocation.
    var arena: Arena
    /// Initial storage for the first objective levels' candidates.
    var levelPool = Buffer<PooledLevel>()
    var levelPoolUsed = 0

    /// Room, in symbols, rows, cells and objective levels, for a table cell's system (about 20
    /// constraints, 60 symbols, 30 rows, 5 priorities) without regrowing any buffer.
    static let initialSymbols = 64, initialRows = 32, initialCells = 512, initialLevels = 6
    static let initialLevelShift = 3

    /// - Parameters:
    ///   - identity: the owner whose identity the variables' and constraints' caches record; for
    ///     a tableau that uses them, its `Solver`'s (see `Solver.noteVariablesShared(owner:)`).
    ///   - usesCaches: false for scratch tableaux, which must not claim those caches.
    ///   - allocating: false for a placeholder that holds nothing and has no storage yet: a
    ///     `Solver` holds one until its first call that needs this tableau.
    init(identity: ObjectIdentifier, usesCaches: Bool = true, allocating: Bool = true) {
        self.identity = identity
        self.usesCaches = usesCaches
        guard allocating else {
            arena = Arena(size: 0)
            return
        }
        serial = SolverSerial.next()
        // The takes run twice: on a measuring arena to size the allocation, then on the real one.
        arena = Arena.measuring()
        takeInitialStorage()
        arena = Arena(size: arena.offset)
        takeInitialStorage()
    }

    /// The constraint of a tag in use.
    mutating func constraint(ofTag t: Int32) -> Constraint {
        tagConstraints[Int(t)].unsafelyUnwrapped.takeUnretainedValue()
    }

    // MARK: - Symbols

    mutating func newSymbol(_ kind: Kind) -> Int32 {
        if let s = freeSymbols.popLast() {
            symbols[Int(s)] = SymbolInfo(kind: kind)
            values[Int(s)] = 0
            scratch[Int(s)] = SymbolScratch()
            cellPositions[Int(s)] = 0
            return s
        }
        let s = Int32(symbols.count)
        symbols.append(SymbolInfo(kind: kind))
        values.append(0)
        published.append(0)
        scratch.append(SymbolScratch())
        cellPositions.append(0)
        variables.append(nil)
        objective.append(repeating: 0, count: 1 << levelShift)
        return s
    }

    /// The symbol of an external variable, created on first use.
    mutating func symbol(for variable: Variable) -> Int32 {
        if let s = existingSymbol(for: variable) { return s }
        let s = newSymbol(.external)
        variables[Int(s)] = Unmanaged.passRetained(variable)
        externalSymbols.append(s)
        externalReferences.append(Unmanaged.passUnretained(variable))
        if usesCaches {
            variable.holders += 1
            if variable.holders > 1 {
                sharesVariables = true
                if let owner = variable.cachedOwner, owner != identity {
                    // Published by its other solver: the value lives in the object from now on.
                    if variable.isPublished {
                        variable.storedValue = variable.value
                        variable.isPublished = false
                    }
                    Solver.noteVariablesShared(owner: owner)
                }
            }
        }
        if usesCaches && variable.cachedOwner == nil {
            variable.cachedOwner = identity
            variable.cachedSymbol = s
            if variable.holders == 1 {
                published[Int(s)] = variable.storedValue
                variable.isPublished = true
            }
        } else {
            variableSymbols[ObjectIdentifier(variable)] = s
        }
        return s
    }

    mutating func existingSymbol(for variable: Variable) -> Int32? {
        if usesCaches, variable.cachedOwner == identity {
            let s = variable.cachedSymbol
            if s >= 0, Int(s) < variables.count, variables[Int(s)]?.toOpaque() == Unmanaged.passUnretained(variable).toOpaque() { return s }
        }
        return variableSymbols.isEmpty ? nil : variableSymbols[ObjectIdentifier(variable)]
    }

    mutating func nextStamp() -> UInt32 {
        stampCounter &+= 1
        if stampCounter == 0 {
            for i in slotStamp.indices { slotStamp[i] = 0 }
            for i in scratch.indices {
                scratch[i].stamp = 0
                scratch[i].queued = 0
            }
            stampCounter = 1
        }
        return stampCounter
    }
}
