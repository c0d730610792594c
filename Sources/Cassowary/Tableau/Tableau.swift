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
        /// For an error symbol, the place (`Level.place`) of the level it costs 1 in; for the
        /// marker of a bound (a slack or a dummy), -2 minus the bound's index in `bounds` (see
        /// Tableau+Bounds.swift); else -1. Not scratch, but kept here where the record has room:
        /// `reprice(_:)` reads it, and each pivot reads the leaving symbol's.
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
    /// The pivot log of a dual add under way, and the counts (Tableau+DualAdd.swift).
    var dualAdd = DualAddState()
    /// Whether `refactor()` is under way: its rebuild places rows, and a dual add undone there
    /// cannot refactor again.
    var refactoring = false

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
    /// The sum of the magnitudes of what went into `accumulatorConstant` (the constraint's
    /// constant and each substituted row's constant times its multiplier): the scale of the
    /// rounding the constant carries, for telling a redundant row from a conflicting one.
    var accumulatorMagnitude: Double = 0
    var columnSlots = Buffer<Int32>()
    /// The rows of the last primal ratio test's column whose coefficients were under the pivot
    /// tolerance, and their cells (see `dropPassedResidues`).
    var passedSlots = Buffer<Int32>()
    var passedCells = Buffer<Int>()
    /// The symbols one run of the primal simplex found limited by residue rows only (see
    /// `residueLeavingRow(for:level:bland:)`), which Bland's rule must not pick again.
    var stalledSymbols = Buffer<Int32>()
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
    /// The fewest cells of a column that may lose its list (`pruneStaleColumns`); tests set it.
    var unlistedMinimum = Tableau.defaultUnlistedMinimum
    /// Lists rebuilt by `relist`, and all lists by `rebuildColumns`, so far, for the tests.
    var relists = 0
    var rebuilds = 0
    /// Refactorizations so far (see Tableau+Refactor.swift).
    var refactorCount = 0
    /// Refactorizations that gave their basis up (it could not be made feasible, or the rows of
    /// step 4's fallback did not hold the constraints), so that the rows were written again from
    /// the constraints (`rebuild()`, Tableau+Refactor.swift).
    var refactorRebuilds = 0
    /// Failed constant changes whose redundant equalities went back only by `forceBack`.
    var forcedBack = 0
    /// Residue cells the primal ratio tests passed over since the last refactorization: the
    /// measure of drift that triggers the next (see `refactorIfDrifting()`).
    var residuesSinceRefactor = 0
    /// Whether a repricing found the objective parted from the rows by more than
    /// `Tableau.driftTolerance` since the last refactorization (`reprice(_:at:)`): a trigger.
    var objectiveDrifted = false
    /// Whether the rows of a rebuild's basis, derived again (step 7 of `refactor`), failed since
    /// a kept basis last held; the step is skipped while so.
    var rebuiltRowsDeriveBadly = false
    /// The worst constraint residual the last refactorization left (see `constraintsDrifted()`).
    var residualAfterRefactor = 0.0
    /// `residuesSinceRefactor` when `constraintsDrifted()` last ran.
    var residuesAtDriftCheck = 0
    /// Whether drifted rows refactor once residues appear (`constraintsDrifted()`,
    /// `valuesForRead()`), and whether kiwi's rules pick pivots (no dual adds, no partial
    /// pricing; see `Solver.init`); tests change them.
    var checksConstraintDrift = true, kiwiPivotRules = false
    /// How many residues per live row (`refactorIfDrifting()`); tests lower it.
    var refactorFactor = Tableau.defaultRefactorFactor
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
    /// The installed bounds, and the markers of those whose variable's row is to be written in
    /// its exact form before the next values (see Tableau+Bounds.swift).
    var bounds = Buffer<Bound>()
    var boundsToHold = Buffer<Int32>()
    /// The bound `installAccumulated` found in the constraint it installs, for the caller to
    /// register with the constraint's tag; -1 for none.
    var pendingBound: (variable: Int32, coefficient: Double) = (-1, 0)
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
}
