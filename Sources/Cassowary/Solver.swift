/// An incremental constraint solver: the Cassowary algorithm behind Auto Layout, with strictly
/// ordered priorities.
///
/// Add constraints, then call ``updateVariables()`` to write the solution into the variables:
///
/// ```swift
/// let left = Variable("left"), width = Variable("width")
/// let solver = Solver()
/// try solver.add(left == 20)
/// try solver.add(left + width <= 300)
/// try solver.add((width == 400).priority(.defaultHigh))
/// solver.updateVariables()   // width.value == 280
/// ```
///
/// The solution satisfies every required constraint, then violates the constraints of each lower
/// priority as little as possible (the sum of their violations, highest priority first), where no
/// number of lower-priority violations outweighs a higher-priority one. Constraints and edit values
/// can change incrementally: ``setConstant(_:for:)-(_,Constraint)`` and ``suggestValue(_:for:)`` re-solve from the
/// current solution without rebuilding anything.
///
/// A solver is not thread-safe: use it, and its variables and constraints, from one thread or
/// actor at a time.
public final class Solver {
    // The solver is not thread-safe by contract, and every method reaches the tableau once: the
    // dynamic exclusivity check of the class property buys nothing here.
    /// The general tableau; until `mode` is `.general`, a placeholder without storage, which
    /// answers every question as an empty system does.
    ///
    /// It lives in a block of its own, made on first use (`tableauRecord`), so that a solver
    /// that stays small never makes it. A `Tableau` is about 2.2 KiB: a solver object holding
    /// one inline is a large-bin request to glibc's `malloc`, which then consolidates the fast
    /// bins that a cell's freed objects fill, and serves the next small requests more slowly
    /// (7.4k instructions of a cold cell through objects, for a solver per cell).
    var tableau: Tableau {
        @inline(__always) unsafeAddress { UnsafePointer(tableauRecord) }
        @inline(__always) unsafeMutableAddress { tableauRecord }
    }
    /// The block of `tableau`; nil until it is first used.
    @exclusivity(unchecked) private(set) var tableauBlock: UnsafeMutablePointer<Tableau>?
    /// The dense tableau of a small value-API system while `mode` is `.small`; a placeholder
    /// otherwise.
    @exclusivity(unchecked) var small = SmallTableau()
    /// Which tableau holds the system (see Solver+Tableaux.swift).
    var mode = Mode.fresh
    /// Whether a system starts in the small tableau (tests and the Auto Layout engine turn it
    /// off).
    let usesSmallTableau: Bool
    /// The install number of the next constraint object the small tableau takes (see
    /// Solver+SmallObjects.swift).
    var nextInstall: UInt32 = 0
    var incrementalRows = Tableau.defaultIncrementalRows
    var columnCopyMinimum = Tableau.defaultColumnCopyMinimum
    /// nil for the defaults; else rows of that many cells are indexed and dense.
    var denseRowsFromCells: Int?
    var unlistedMinimum = Tableau.defaultUnlistedMinimum
    var refactorFactor = Tableau.defaultRefactorFactor
    var checksConstraintDrift = true
    var kiwiPivotRules = false
    var dualAddReversals = Tableau.dualAddReversals

    /// Creates an empty solver. It allocates nothing until its first call.
    public convenience init() {
        self.init(smallTableau: true)
    }

    /// A solver for the tests and the package: `smallTableau` false sends every system to the
    /// general tableau from the start (to compare the two, and for the Auto Layout engine, which
    /// changes constants in place from its first layout), `incrementalValuesFromRows` keeps values
    /// incrementally from systems of that many rows on (128 by default), and
    /// `columnCopiesFromCells` copies marker columns of that many cells on (64 by default; see
    /// Tableau+ColumnCopy.swift), and `denseRowsFromCells` indexes rows of that many cells and
    /// makes them dense whatever share of the symbols they hold (by default, rows of 1,024 cells
    /// that hold one symbol in eight; see `Tableau.denseRows`), and `unlistsColumnsFromCells`
    /// lets columns of that many cells lose their lists (1,024 by default; see
    /// `Tableau.pruneStaleColumns`), and `refactorFactor` sets how many residues per row the
    /// ratio tests pass over before the rows are derived again (4 by default; 0 refactors after
    /// any; see Tableau+Refactor.swift), so that small random systems reach those paths, and
    /// `checksConstraintDrift` false turns off the triggers that refactor drifted rows once
    /// residues appear (`Tableau.constraintsDrifted()`, and before a read of values that grew,
    /// `Tableau.valuesForRead()`), so that tests reach what drift does, and `kiwiPivotRules`
    /// sends every violated required inequality through the artificial phase and lets the
    /// newest candidate enter, as kiwi does (and this solver did before Tableau+DualAdd.swift
    /// and partial pricing), for the programs recorded to reach the drift those rules made, and
    /// `dualAddReversals` 0 undoes every failed dual add that pivoted by a refactorization.
    package init(smallTableau: Bool = true, incrementalValuesFromRows rows: Int? = nil, columnCopiesFromCells cells: Int32? = nil,
                 denseRowsFromCells denseCells: Int? = nil, unlistsColumnsFromCells unlisted: Int32? = nil,
                 refactorFactor factor: Int? = nil, checksConstraintDrift: Bool = true, kiwiPivotRules: Bool = false,
                 dualAddReversals: Int = Tableau.dualAddReversals) {
        usesSmallTableau = smallTableau
        if let rows { incrementalRows = rows }
        if let cells { columnCopyMinimum = cells }
        denseRowsFromCells = denseCells
        if let unlisted { unlistedMinimum = unlisted }
        if let factor { refactorFactor = factor }
        self.checksConstraintDrift = checksConstraintDrift
        self.kiwiPivotRules = kiwiPivotRules
        self.dualAddReversals = dualAddReversals
    }

    deinit {
        if mode == .smallObjects { releaseSmallObjects() }
        freeTableau()
        small.deallocate()
    }

    /// The block of `tableau`, made (with a placeholder in it) on first use.
    private var tableauRecord: UnsafeMutablePointer<Tableau> {
        @inline(__always) get { tableauBlock ?? makeTableauBlock() }
    }

    @inline(never) private func makeTableauBlock() -> UnsafeMutablePointer<Tableau> {
        let block = UnsafeMutablePointer<Tableau>.allocate(capacity: 1)
        block.initialize(to: Tableau(identity: ObjectIdentifier(Solver.self), allocating: false))
        tableauBlock = block
        return block
    }

    /// Frees the general tableau, its storage and its block.
    func freeTableau() {
        guard let block = tableauBlock else { return }
        block.pointee.deallocate()
        block.deinitialize(count: 1)
        block.deallocate()
        tableauBlock = nil
    }

    /// Tells the live solver whose identity is `owner` that another solver now holds one of its
    /// variables: it writes every variable from now on.
    static func noteVariablesShared(owner: ObjectIdentifier) {
        let solver = Unmanaged<Solver>.fromOpaque(unsafeBitCast(owner, to: UnsafeRawPointer.self)).takeUnretainedValue()
        solver.tableau.sharesVariables = true
    }

    /// The value the live solver whose identity is `owner` publishes for its symbol `symbol`
    /// (see `Variable.isPublished`).
    static func publishedValue(owner: ObjectIdentifier, symbol: Int32) -> Double {
        Unmanaged<Solver>.fromOpaque(unsafeBitCast(owner, to: UnsafeRawPointer.self))._withUnsafeGuaranteedRef {
            // A published value means a general tableau, so the block is there.
            $0.tableauBlock.unsafelyUnwrapped.pointee.published[Int(symbol)]
        }
    }

    /// Installs a constraint.
    /// - Throws: ``SolverError/duplicateConstraint(_:)`` if it is installed already,
    ///   ``SolverError/unsatisfiableConstraint(_:conflicts:)`` if it is required and cannot hold
    ///   with the required constraints already installed, ``SolverError/nonFiniteConstraint(_:)``
    ///   or ``SolverError/invalidPriority(_:)`` for bad numbers. The solver is unchanged then (see ``SolverError``).
    public func add(_ constraint: Constraint) throws {
        if mode != .general, addToSmall(constraint) { return }
        general()
        try tableau.add(constraint)
    }

    /// Installs several constraints in order, stopping at the first that throws.
    public func add(_ constraints: [Constraint]) throws {
        // A guaranteed reference per element: the array keeps each constraint alive for the call,
        // and a `for c in constraints` loop retains and releases every one.
        for i in constraints.indices {
            try Unmanaged.passUnretained(constraints[i])._withUnsafeGuaranteedRef { c in
                if mode != .general, addToSmall(c) { return }
                general()
                try tableau.add(c)
            }
        }
    }

    /// Takes an installed constraint out.
    /// - Throws: ``SolverError/unknownConstraint(_:)`` if it is not installed.
    public func remove(_ constraint: Constraint) throws {
        if mode == .smallObjects {
            guard smallHolds(constraint) else { throw SolverError.unknownConstraint(constraint) }
            if removeFromSmall(constraint) { return }
        }
        general()
        try tableau.remove(constraint)
    }

    /// Whether the constraint is installed.
    public func contains(_ constraint: Constraint) -> Bool {
        mode == .smallObjects ? smallHolds(constraint) : tableau.tag(of: constraint) != nil
    }

    /// Changes the constant of an installed constraint's expression (its left side minus its right
    /// side) in place, without removing and re-adding it: what Auto Layout does when a constraint's
    /// constant or a view's intrinsic size changes.
    /// - Throws: ``SolverError/unknownConstraint(_:)``, ``SolverError/nonFiniteValue(_:)``, or
    ///   ``SolverError/unsatisfiableConstraint(_:conflicts:)`` if a required constraint could not
    ///   hold with the new constant (the old constant stays then).
    /// - Complexity: proportional to the rows that mention the constraint's marker, plus the dual
    ///   simplex pivots the change needs.
    public func setConstant(_ constant: Double, for constraint: Constraint) throws {
        general()
        try tableau.setConstant(constant, for: constraint)
    }

    /// Sets the constants of several installed constraints and re-solves once, so that changes
    /// that undo each other (a view's hugging and compression constraints when its intrinsic size
    /// changes) make no pivots in between.
    /// - Throws: as ``setConstant(_:for:)-(_,Constraint)``, and then no constant changes (all or nothing). An
    ///   unknown constraint or a non-finite constant anywhere in the batch is refused before
    ///   anything moves; when the changes cannot hold together, the error names the first change
    ///   that cannot hold with the ones before it.
    public func setConstants(_ changes: [(Constraint, Double)]) throws {
        general()
        try tableau.setConstants(changes.map { (.object($0.0), $0.1) })
    }

    /// The constant the solver holds for an installed constraint's expression, or nil.
    public func constant(for constraint: Constraint) -> Double? {
        if mode == .smallObjects { return smallHolds(constraint) ? small.constant(ofTag: constraint.cachedTag) : nil }
        return tableau.tag(of: constraint).map { tableau.tags[Int($0)].constant }
    }

    /// Makes a variable editable: ``suggestValue(_:for:)`` can then ask for values, which hold at
    /// `priority` (which must be below ``Priority/required``).
    /// - Throws: ``SolverError/duplicateEditVariable(_:)``, ``SolverError/requiredEditVariable(_:)``,
    ///   ``SolverError/invalidPriority(_:)``.
    public func addEditVariable(_ variable: Variable, priority: Priority) throws {
        general()
        try tableau.addEditVariable(variable, priority: priority)
    }

    /// Stops editing a variable.
    /// - Throws: ``SolverError/unknownEditVariable(_:)``.
    public func removeEditVariable(_ variable: Variable) throws {
        general()
        try tableau.removeEditVariable(variable)
    }

    /// Whether the variable is an edit variable of this solver.
    public func hasEditVariable(_ variable: Variable) -> Bool {
        tableau.hasEditVariable(variable)
    }

    /// Asks for a value of an edit variable and re-solves (dual simplex).
    /// - Throws: ``SolverError/unknownEditVariable(_:)``, ``SolverError/nonFiniteValue(_:)``.
    public func suggestValue(_ value: Double, for variable: Variable) throws {
        general()
        try tableau.suggestValue(value, for: variable)
    }

    /// Writes the current solution into the ``Variable/value`` of every variable of the solver.
    ///
    /// Only the variables whose values moved since the previous call are written, unless another
    /// solver holds some of the same variables: then every one is, so that a variable always shows
    /// the solution of the last `updateVariables` of a solver holding it.
    /// A variable that this solver alone holds reads its value from an array the solver keeps,
    /// so that a resize of thousands of views writes that array in order rather than each object;
    /// the value moves only here all the same, and stays with the variable when the solver goes.
    /// - Complexity: after edits and new constants only, proportional to the rows they changed,
    ///   the rows that read those rows' values, and the variables that moved; after constraints
    ///   were added or removed, O(variables + cells of the rows that depend on other rows).
    public func updateVariables() {
        settleSmall()
        switch mode {
        case .general: tableau.updateVariables()
        case .smallObjects: updateSmallVariables()
        case .fresh, .small: break
        }
    }

    /// The current solution's value of a variable (0 for a variable the solver does not know).
    public func value(of variable: Variable) -> Double {
        settleSmall()
        if mode == .smallObjects { return smallValue(of: variable) }
        guard let s = tableau.existingSymbol(for: variable) else { return 0 }
        return tableau.value(of: s)
    }

    /// Derives every row of the general tableau again from the installed constraints, keeping
    /// the basis (see Tableau+Refactor.swift); for the tests and the probe. A small tableau is
    /// left as it is.
    package func refactor() throws {
        guard mode == .general else { return }
        try tableau.refactor()
    }

    /// Removes every constraint and edit variable.
    public func reset() {
        if mode == .smallObjects { releaseSmallObjects() }
        freeTableau()
        small.deallocate()
        mode = .fresh
    }

    /// The number of installed constraints (edit variables count one each).
    public var constraintCount: Int {
        isSmall ? small.liveTags : tableau.tags.count - tableau.freeTags.count
    }

    /// The objective of each priority level below required, highest first: the sum of the
    /// violations of the constraints at that priority in the current solution.
    package var violationsByPriority: [(priority: Priority, violation: Double)] {
        settleSmall()
        return isSmall ? small.levelValues.map { (Priority($0.priority), $0.value) }
            : tableau.levels.map { (Priority($0.priority), $0.value) }
    }

    /// Counts that describe the work and the size of the tableau.
    public struct Statistics: Sendable, Hashable {
        /// Simplex pivots made since the solver was created or reset.
        public var pivots: Int
        /// Those of the pivots that were bound flips of the dual simplex: a symbol moved to the
        /// limit a short row sets it (a view's floor) while a long row is repaired.
        public var boundFlips: Int
        /// Rows of the tableau.
        public var rows: Int
        /// Non-zero cells in those rows: how dense the tableau is.
        public var cells: Int
        /// Symbols: variables, slack, error and dummy symbols.
        public var symbols: Int
        /// The most cells in one row.
        public var longestRow: Int
        /// Entries of the lists that record which rows mention each symbol, stale ones (of cells
        /// since removed) included: how much the pivots churned the lists since their last walks.
        public var columnEntries: Int = 0
        /// Times every row was derived again from the installed constraints, to shed the rounding
        /// that pivots leave in long rows of uneven coefficients: 0 for layouts, whose ratio tests
        /// meet no rounding residues.
        public var refactorizations: Int = 0
    }

    /// The solver's counts of work and size, for diagnostics and benchmarks: those of the
    /// current solution, so a small system runs the simplex it left for the next read first.
    /// - Complexity: O(rows).
    public var statistics: Statistics {
        settleSmall()
        if isSmall {
            let counts = small.rowCounts
            return Statistics(pivots: small.pivotCount, boundFlips: 0, rows: counts.rows, cells: counts.cells,
                              symbols: small.symbolCount, longestRow: counts.longest)
        }
        let live = tableau.rows.filter { $0.basic >= 0 }
        return Statistics(pivots: tableau.pivotCount, boundFlips: tableau.flipCount, rows: live.count,
                          cells: live.reduce(0) { $0 + Int($1.count) }, symbols: tableau.symbols.count,
                          longestRow: Int(live.map(\.count).max() ?? 0),
                          columnEntries: tableau.nodes.count - tableau.freeNodes.count,
                          refactorizations: tableau.refactorCount)
    }

    /// The most bytes of large storage (blocks of 64 KiB and more: systems of about a thousand
    /// constraints and up) that dropped solvers leave behind for the next ones to reuse, 64 MiB by
    /// default; 0 keeps none. Lowering it frees the excess at once.
    ///
    /// A process that builds large systems one after another then reuses pages that are mapped
    /// already, where the system allocator would unmap them and fault fresh ones in for the next
    /// build. Linux only: elsewhere the limit reads 0 and the storage goes back to the allocator.
    /// Safe to read and set from any thread.
    public static var retainedStorageLimit: Int {
        get { BlockCache.shared.limit }
        set { BlockCache.shared.limit = newValue }
    }

    /// The bytes of large storage that dropped solvers left for reuse now (see
    /// ``retainedStorageLimit``).
    public static var retainedStorageBytes: Int {
        BlockCache.shared.cachedBytes
    }

    /// The heap blocks the solver holds now besides its own object: the small tableau's block
    /// (and its names), and the general tableau's record and storage once made. What a solver
    /// built and dropped per cell costs the allocator, for the allocation tests.
    package var heapBlocks: Int {
        let general = tableauBlock == nil ? 0 : 1 + tableau.heapBlocks
        switch mode {
        case .small: return general + 1 + (small.names.isEmpty ? 0 : 1)
        case .smallObjects: return general + 1
        case .fresh, .general: return general
        }
    }

    #if CASSOWARY_CHECKS
    /// The broken tableau invariants (debug builds only); empty when the tableau is sound.
    /// `requireOptimal: false` leaves out the general tableau's optimality (no symbol can still
    /// improve a level), which an operation that threw may leave to the next one.
    package func invariantViolations(requireOptimal: Bool = true) -> [String] {
        settleSmall()
        return isSmall ? small.invariantViolations() : tableau.invariantViolations(requireOptimal: requireOptimal)
    }

    /// Whether the values pass has a current DAG program, and how many it built so far (debug
    /// builds only): the tests check when it is kept, patched and dropped.
    package var dagProgramState: (isCurrent: Bool, builds: Int) {
        isSmall ? (false, 0) : (tableau.dagProgram.isCurrent, tableau.dagProgram.builds)
    }

    /// Whether a marker shift keeps a column copy, and how many it made so far (debug builds
    /// only).
    package var columnCopyState: (isKept: Bool, copies: Int) {
        guard mode == .general else { return (false, 0) }
        return (tableau.columnCopy.symbol >= 0, tableau.columnCopy.copies)
    }

    /// The live DAG rows (debug builds only): the tests check which ones marker shifts rewrite
    /// in proper form.
    package var dagRowCount: Int {
        guard mode == .general else { return 0 }
        return tableau.rows.indices.filter { tableau.rows[$0].basic >= 0 && tableau.rows[$0].seq > 0 }.count
    }
    #endif
}

