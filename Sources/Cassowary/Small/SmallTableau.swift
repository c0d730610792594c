#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The tableau of a small system built through the value API (a table cell's: about 20
/// variables, 40 constraints), kept dense: each line (a row, an objective level, the artificial
/// objective) is an array of 128 coefficients indexed by symbol, with a bit mask of the symbols
/// it holds, and each symbol has a bit mask of the lines that hold it. Adding a scaled line into
/// another costs the source's terms, and finding the rows of a symbol costs its column's bits:
/// no merging of sorted cells, no column lists, no hashing. It runs kiwi's algorithm (the same
/// steps as `Tableau`, which is the general one) with the same rules for subjects, entering and
/// leaving symbols, except that the primal simplex runs when the solution is read rather than
/// after each call, and rows hold no dummy markers (see `add`).
///
/// A `Solver` starts here on its first value-API call and moves to `Tableau` (*promotion*) on the
/// first call this tableau does not serve (an object, an edit variable, a new constant, the
/// removal of a required equality, an error, a numerical dead end of the simplex at a read) or
/// once the system outgrows it (128 symbols, 64 lines, 8 priorities, 128 constraints, 256
/// logged calls). Promotion replays the log of the calls that succeeded here into a new
/// `Tableau`, which numbers symbols and tags exactly as this one did (both take free symbols and
/// tags last in, first out), so every handle given out stays valid.
///
/// Invariants (`invariantViolations()`): every line is in proper form (it mentions no basic
/// symbol); restricted rows have constants >= 0; the masks and the column bits agree; once
/// settled (`settle()`, before any value is read) no symbol can enter any level.
struct SmallTableau {
    typealias Kind = Tableau.Kind

    static let width = 128
    static let maxLines = 64
    static let maxLevels = 8
    static let maxTags = 128
    static let maxLog = 256
    static let maxLogTerms = 1024
    static let epsilon = Tableau.epsilon
    /// `basic` of a line that is an objective level, the artificial objective, or free.
    static let levelLine: Int32 = -2, artificialLine: Int32 = -3, freeLine: Int32 = -1

    struct Tag {
        var marker: Int32
        var other: Int32
        /// Bumped when the tag is freed, as `Tableau.ValueTag.generation` is.
        var generation: UInt32
        var live: Bool
        var priority: Double
        var constant: Double
    }

    /// A call that succeeded, for promotion.
    struct LogEntry {
        enum Kind: UInt8 { case variable, add, remove }
        var kind: Kind
        var relation: Relation
        /// The variable's symbol, or the constraint's tag.
        var index: Int32
        var termStart: Int32
        var termCount: Int32
        var priority: Double
        var constant: Double
    }

    /// The serial of the handles this tableau gives out; 0 while it has no block.
    private(set) var serial: UInt64 = 0
    /// Every array of the tableau, at the offsets of `Offsets`; nil for a placeholder.
    private var block: UnsafeMutableRawPointer?
    /// The block's size (one from the cache may be larger than `Offsets.end`).
    private var blockBytes = 0

    var symbolCount = 0, freeSymbolCount = 0
    var lineCount = 0, freeLineCount = 0
    var tagCount = 0, freeTagCount = 0
    var levelCount = 0
    var logCount = 0, logTermCount = 0
    var pivotCount = 0
    /// Whether the levels are optimal. kiwi runs the primal simplex after every add and removal;
    /// here adds and removals only make the rows feasible (the artificial phase included) and
    /// the simplex runs once, when the solution is read (`settle()`): a cold cell's 30 adds
    /// then pivot toward one optimum rather than each intermediate one (9% of a cell's
    /// instructions through values: 61.6k to 56.1k).
    var settled = true
    /// Whether `mayBeSubject` ever passed over an external that a row held (a coefficient
    /// under epsilon, or a rounding residue): only then can a restricted row hold an external,
    /// which step 4a of `add` looks for.
    var passedOverExternal = false
    /// Whether calls are logged for promotion: a system of `Variable` and `Constraint` objects
    /// keeps none, since its promotion adds the installed objects again (see
    /// Solver+SmallObjects.swift), and its log would fill as a reused cell's constraints come
    /// and go.
    var keepsLog = true
    /// The names given to variables; unnamed ones are absent.
    var names: [Int32: String] = [:]

    /// A placeholder, with no block, for a solver that does not use a small tableau now.
    init() {}

    /// A tableau with its one block: one a dropped tableau left in the `BlockCache`, or a new
    /// one. The block is about 100 KiB, so freeing it made glibc consolidate its fast bins
    /// each time, 2.6k instructions of a cold cell's 106k through objects.
    init(serial: UInt64) {
        self.serial = serial
        if let cached = BlockCache.shared.take(atLeast: Offsets.end) {
            (block, blockBytes) = (cached.base, cached.bytes)
        } else {
            guard let fresh = malloc(Offsets.end) else { fatalError("out of memory for a small tableau") }
            (block, blockBytes) = (fresh, Offsets.end)
        }
    }

    /// Where each array starts in the block (from `malloc`, 16-byte aligned), aligned as in an
    /// `Arena` (constants the compiler folds).
    private enum Offsets {
        static func after<T>(_ start: Int, _ type: T.Type, _ n: Int) -> Int {
            start + Arena.bytes(type, n)
        }
        static var coefficients: Int { 0 }
        static var constants: Int { after(coefficients, Double.self, maxLines * width) }
        static var masks: Int { after(constants, Double.self, maxLines) }
        static var basic: Int { after(masks, UInt64.self, 2 * maxLines) }
        static var columns: Int { after(basic, Int32.self, maxLines) }
        static var symbolRow: Int { after(columns, UInt64.self, width) }
        static var freeSymbols: Int { after(symbolRow, Int32.self, width) }
        static var freeLines: Int { after(freeSymbols, Int32.self, width) }
        static var tags: Int { after(freeLines, Int32.self, maxLines) }
        static var freeTags: Int { after(tags, Tag.self, maxTags) }
        static var levelPriorities: Int { after(freeTags, Int32.self, maxTags) }
        static var levelLines: Int { after(levelPriorities, Double.self, maxLevels) }
        static var log: Int { after(levelLines, Int32.self, maxLevels) }
        static var logSymbols: Int { after(log, LogEntry.self, maxLog) }
        static var logCoefficients: Int { after(logSymbols, Int32.self, maxLogTerms) }
        static var variableObjects: Int { after(logCoefficients, Double.self, maxLogTerms) }
        static var constraintObjects: Int { after(variableObjects, Unmanaged<Variable>?.self, width) }
        static var installOrder: Int { after(constraintObjects, Unmanaged<Constraint>?.self, maxTags) }
        static var kinds: Int { after(installOrder, UInt32.self, maxTags) }
        static var end: Int { after(kinds, Kind.self, width) }
    }

    @inline(__always) private func array<T>(_ offset: Int, _ type: T.Type) -> UnsafeMutablePointer<T> {
        (block.unsafelyUnwrapped + offset).assumingMemoryBound(to: T.self)
    }

    /// Line `l`'s coefficients at `l * width`.
    var coefficients: UnsafeMutablePointer<Double> { array(Offsets.coefficients, Double.self) }
    var constants: UnsafeMutablePointer<Double> { array(Offsets.constants, Double.self) }
    /// Two words per line: the symbols it holds.
    var masks: UnsafeMutablePointer<UInt64> { array(Offsets.masks, UInt64.self) }
    /// Each line's basic symbol, or its role (`levelLine`, `artificialLine`, `freeLine`).
    var basic: UnsafeMutablePointer<Int32> { array(Offsets.basic, Int32.self) }
    /// Per symbol, the lines that hold it.
    var columns: UnsafeMutablePointer<UInt64> { array(Offsets.columns, UInt64.self) }
    /// Per symbol, the line of its row, or -1 while it is parametric.
    var symbolRow: UnsafeMutablePointer<Int32> { array(Offsets.symbolRow, Int32.self) }
    var kinds: UnsafeMutablePointer<Kind> { array(Offsets.kinds, Kind.self) }
    var freeSymbols: UnsafeMutablePointer<Int32> { array(Offsets.freeSymbols, Int32.self) }
    var freeLines: UnsafeMutablePointer<Int32> { array(Offsets.freeLines, Int32.self) }
    var tags: UnsafeMutablePointer<Tag> { array(Offsets.tags, Tag.self) }
    var freeTags: UnsafeMutablePointer<Int32> { array(Offsets.freeTags, Int32.self) }
    /// The objective levels' priorities and lines, highest priority first.
    var levelPriorities: UnsafeMutablePointer<Double> { array(Offsets.levelPriorities, Double.self) }
    var levelLines: UnsafeMutablePointer<Int32> { array(Offsets.levelLines, Int32.self) }
    var log: UnsafeMutablePointer<LogEntry> { array(Offsets.log, LogEntry.self) }
    var logSymbols: UnsafeMutablePointer<Int32> { array(Offsets.logSymbols, Int32.self) }
    var logCoefficients: UnsafeMutablePointer<Double> { array(Offsets.logCoefficients, Double.self) }
    /// A system of objects (see Solver+SmallObjects.swift): each symbol's variable, retained
    /// (nil for the tableau's own symbols), each tag's constraint, retained, and the order the
    /// tags were installed in.
    var variableObjects: UnsafeMutablePointer<Unmanaged<Variable>?> { array(Offsets.variableObjects, Unmanaged<Variable>?.self) }
    var constraintObjects: UnsafeMutablePointer<Unmanaged<Constraint>?> { array(Offsets.constraintObjects, Unmanaged<Constraint>?.self) }
    var installOrder: UnsafeMutablePointer<UInt32> { array(Offsets.installOrder, UInt32.self) }

    /// Gives the block back (to the `BlockCache`, which keeps or frees it) and becomes a
    /// placeholder.
    mutating func deallocate() {
        if let block { BlockCache.shared.give(block, bytes: blockBytes) }
        self = SmallTableau()
    }

    // MARK: - Lines

    /// Whether line `l` holds symbol `s`.
    @inline(__always) func holds(_ l: Int, _ s: Int32) -> Bool {
        masks[2 * l + Int(s >> 6)] & (1 << UInt64(s & 63)) != 0
    }

    /// Whether line `l` holds no symbol at all.
    @inline(__always) func holdsNothing(_ l: Int) -> Bool {
        (masks[2 * l] | masks[2 * l + 1]) == 0
    }

    /// The coefficient of `s` in line `l` (0 when the line does not hold it).
    @inline(__always) func coefficient(_ l: Int, _ s: Int32) -> Double {
        holds(l, s) ? coefficients[l &* SmallTableau.width &+ Int(s)] : 0
    }

    /// Sets a coefficient the line does not hold yet (or overwrites one it holds).
    @inline(__always) func set(_ l: Int, _ s: Int32, _ value: Double) {
        coefficients[l &* SmallTableau.width &+ Int(s)] = value
        masks[2 * l + Int(s >> 6)] |= 1 << UInt64(s & 63)
        columns[Int(s)] |= 1 << UInt64(l)
    }

    /// Takes `s` out of line `l`.
    @inline(__always) func clear(_ l: Int, _ s: Int32) {
        masks[2 * l + Int(s >> 6)] &= ~(1 << UInt64(s & 63))
        columns[Int(s)] &= ~(1 << UInt64(l))
    }

    /// Adds `value` to a coefficient; one that falls under `Tableau.dropTolerance` (1e-12)
    /// leaves the line, as in the general tableau. kiwi's rule, under `epsilon` (1e-8), moved a
    /// line by up to the dropped cell each time, and the substitutions after it multiplied that:
    /// in two FuzzSolver end states (32 variables, values to 6.6e5) a required equality ended off
    /// by 7.3e-6 and 1.9e-6 of its size (`FuzzedProgramTests`, `small-drop`); residues that
    /// stay are met where a pivot or a subject is chosen, as there.
    @inline(__always) func add(_ l: Int, _ s: Int32, _ value: Double) {
        let i = l &* SmallTableau.width &+ Int(s)
        let m = 2 * l + Int(s >> 6)
        let bit: UInt64 = 1 << UInt64(s & 63)
        let sum = (masks[m] & bit != 0 ? coefficients[i] : 0) + value
        if abs(sum) < Tableau.dropTolerance {
            masks[m] &= ~bit
            columns[Int(s)] &= ~(1 << UInt64(l))
        } else {
            coefficients[i] = sum
            masks[m] |= bit
            columns[Int(s)] |= 1 << UInt64(l)
        }
    }

    /// Calls `body` with each symbol line `l` holds, in symbol order. The body may change the
    /// line's other coefficients, not its mask.
    @inline(__always) func forEachSymbol(_ l: Int, _ body: (Int32) -> Void) {
        for w in 0..<2 {
            var bits = masks[2 * l + w]
            while bits != 0 {
                body(Int32(w &* 64 &+ bits.trailingZeroBitCount))
                bits &= bits &- 1
            }
        }
    }

    /// The largest coefficient of line `l`, in magnitude (0 for an empty line): what its
    /// residue floors are relative to (`subjectFloor`, the marker's leaving row).
    func lineLargest(_ l: Int) -> Double {
        let base = l &* SmallTableau.width
        var largest = 0.0
        forEachSymbol(l) { s in largest = max(largest, abs(coefficients[base &+ Int(s)])) }
        return largest
    }

    /// The first symbol of line `l`, in symbol order, that passes `test`; -1 for none.
    @inline(__always) func firstSymbol(_ l: Int, excluding: (UInt64, UInt64) = (0, 0), where test: (Int32) -> Bool) -> Int32 {
        for w in 0..<2 {
            var bits = masks[2 * l + w] & ~(w == 0 ? excluding.0 : excluding.1)
            while bits != 0 {
                let s = Int32(w &* 64 &+ bits.trailingZeroBitCount)
                if test(s) { return s }
                bits &= bits &- 1
            }
        }
        return -1
    }

    /// line `target` += `factor` * line `source`, constants included.
    func addScaled(_ target: Int, _ source: Int, _ factor: Double) {
        constants[target] += factor * constants[source]
        let base = source &* SmallTableau.width
        forEachSymbol(source) { s in add(target, s, factor * coefficients[base &+ Int(s)]) }
    }

    /// Multiplies line `l`, constant included, by `factor`.
    func scale(_ l: Int, _ factor: Double) {
        constants[l] *= factor
        let base = l &* SmallTableau.width
        forEachSymbol(l) { s in coefficients[base &+ Int(s)] *= factor }
    }

    /// A line with no symbols and a zero constant.
    mutating func newLine(_ role: Int32) -> Int {
        let l: Int
        if freeLineCount > 0 {
            freeLineCount -= 1
            l = Int(freeLines[freeLineCount])
        } else {
            l = lineCount
            lineCount += 1
        }
        masks[2 * l] = 0
        masks[2 * l + 1] = 0
        constants[l] = 0
        basic[l] = role
        return l
    }

    /// Empties line `l` (its symbols' column bits too) and frees it; a row's basic symbol becomes
    /// parametric.
    mutating func freeLine(_ l: Int) {
        let off = ~(UInt64(1) << UInt64(l))
        forEachSymbol(l) { s in columns[Int(s)] &= off }
        masks[2 * l] = 0
        masks[2 * l + 1] = 0
        if basic[l] >= 0 { symbolRow[Int(basic[l])] = -1 }
        basic[l] = SmallTableau.freeLine
        freeLines[freeLineCount] = Int32(l)
        freeLineCount += 1
    }

    /// The lines free or not made yet.
    var availableLines: Int { SmallTableau.maxLines - lineCount + freeLineCount }

    // MARK: - Symbols

    /// A new symbol, or a freed one, last freed first (as `Tableau.newSymbol` takes them).
    mutating func newSymbol(_ kind: Kind) -> Int32 {
        let s: Int32
        if freeSymbolCount > 0 {
            freeSymbolCount -= 1
            s = freeSymbols[freeSymbolCount]
        } else {
            s = Int32(symbolCount)
            symbolCount += 1
        }
        kinds[Int(s)] = kind
        variableObjects[Int(s)] = nil
        symbolRow[Int(s)] = -1
        columns[Int(s)] = 0
        return s
    }

    /// Takes a symbol that no constraint binds out of every line and frees it for reuse.
    mutating func dropSymbol(_ s: Int32) {
        if symbolRow[Int(s)] >= 0 { freeLine(Int(symbolRow[Int(s)])) }
        var lines = columns[Int(s)]
        while lines != 0 {
            clear(lines.trailingZeroBitCount, s)
            lines &= lines &- 1
        }
        freeSymbols[freeSymbolCount] = s
        freeSymbolCount += 1
    }

    /// The symbols free or not made yet.
    var availableSymbols: Int { SmallTableau.width - symbolCount + freeSymbolCount }

    /// Whether `handle` names a variable of this tableau.
    mutating func owns(_ handle: VariableHandle) -> Bool {
        handle.owner == serial && handle.symbol >= 0 && Int(handle.symbol) < symbolCount
            && kinds[Int(handle.symbol)] == .external
    }

    /// The value of symbol `s` in the current solution: its row's constant, 0 when parametric.
    mutating func value(of s: Int32) -> Double {
        let l = symbolRow[Int(s)]
        return l >= 0 ? constants[Int(l)] : 0
    }
}
