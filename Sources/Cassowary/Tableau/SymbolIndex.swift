/// Where each symbol's cell sits in a long row: a map from symbol to position, with open
/// addressing, linear probing and backward-shift deletion. Cheaper than a `Dictionary` for the
/// substitutions into long rows that row-flex and chain systems make (no per-lookup SipHash).
///
/// Keys and values sit side by side in one block of plain memory, so that a probe touches one
/// cache line and a lookup makes no uniqueness or bounds check (the row-flex resize makes
/// millions). Like `Buffer`, it is owned by the tableau, which frees it with ``deallocate()``.
///
/// A map that holds at least `defaultDenseMinimum` keys and one in `defaultDenseRatio` of the keys
/// up to its largest (the tableau's `denseRowMinimum` and `denseRowRatio`) becomes *dense* when
/// `insert(_:_:denseFrom:ratio:)` adds to it: an array of positions indexed by symbol, -1 for
/// absent. The rows of a 10,000-view chain that hold a term per view (30,000 cells over 130,000
/// symbols) are filled and searched in symbol order; a hash sends each view's cells to a random
/// cache line of a 512 KiB table, where the array is written and read as a stream the processor
/// prefetches (the hash's inserts were 23% of a 10,000-view row-flex resize, all of it waiting
/// for memory). The array costs at most `4 * ratio` bytes per key, and its length follows the
/// largest key.
struct SymbolIndex {
    private struct Entry {
        /// The symbol, or -1 for an empty entry.
        var key: Int32
        var value: Int32
    }

    private var entries: UnsafeMutablePointer<Entry>?
    private(set) var count = 0
    private var mask = -1
    /// The largest key inserted since the map was last emptied (an upper bound after removals).
    private var largestKey: Int32 = -1
    /// The dense form: positions by key, -1 for absent; nil while the map hashes.
    private var dense: UnsafeMutablePointer<Int32>?
    private var denseLength = 0

    static let defaultDenseMinimum = 1024
    static let defaultDenseRatio = 8

    /// Whether the map is an array indexed by key (for the tests).
    var isDense: Bool { dense != nil }

    /// Where a key's probe starts: symbols in runs of 8 (a view's symbols, numbered in creation
    /// order) keep their order in one block of 8 entries, and the blocks are scattered by a
    /// multiplicative hash. A row whose cells are a view's symbols after another's then finds them
    /// in one or two cache lines per view rather than one line per symbol (10% of the 10,000-view
    /// row-flex resize and chain-intr build). Keys of one residue mod 8 only (a stride of 8) are
    /// still spread over the blocks by the hash of the rest of the key.
    @inline(__always) private func home(_ key: Int32) -> Int {
        let k = UInt64(UInt32(bitPattern: key))
        let block = Int(truncatingIfNeeded: ((k >> 3) &* 0x9E37_79B9_7F4A_7C15) >> 32)
        return (block << 3 | Int(k & 7)) & mask
    }

    subscript(key: Int32) -> Int32? {
        get {
            if let dense {
                guard Int(key) < denseLength else { return nil }
                let v = dense[Int(key)]
                return v >= 0 ? v : nil
            }
            guard let entries else { return nil }
            var i = home(key)
            while true {
                let e = entries[i]
                if e.key == key { return e.value }
                if e.key < 0 { return nil }
                i = (i + 1) & mask
            }
        }
        set {
            if let v = newValue { insert(key, v) } else { remove(key) }
        }
    }

    mutating func reserveCapacity(_ n: Int) {
        guard dense == nil else { return }
        var capacity = 16
        while capacity < n * 2 { capacity *= 2 }
        if capacity > mask + 1 { rehash(capacity) }
    }

    /// Empties the map. A dense map goes back to hashing and frees its array: a row that is
    /// emptied (a freed row, an expanded DAG row) may come back short.
    mutating func removeAll() {
        if dense != nil {
            freeDense()
            return
        }
        guard count > 0, let entries else { return }
        entries.update(repeating: Entry(key: -1, value: 0), count: mask + 1)
        count = 0
        largestKey = -1
    }

    /// Frees the storage; the index is empty afterwards.
    mutating func deallocate() {
        entries?.deallocate()
        entries = nil
        count = 0
        mask = -1
        largestKey = -1
        if dense != nil { freeDense() }
    }

    /// Whether emptying the map and putting back `kept` keys costs less than removing
    /// `dropped` keys one by one: for a dense map whose array the removals would touch all over
    /// (a long row that cancels down to a few cells), a pass that writes the array in order
    /// overlaps its cache misses where scattered removals wait for each.
    func prefersRefill(dropping dropped: Int, keeping kept: Int) -> Bool {
        dense != nil && dropped * 16 > denseLength && kept * 2 < dropped
    }

    /// Empties a dense map, keeping its array for the keys that come back (after
    /// `prefersRefill(dropping:keeping:)`, which only a dense map answers yes).
    mutating func clearKeepingStorage() {
        dense.unsafelyUnwrapped.update(repeating: -1, count: denseLength)
        count = 0
    }

    private mutating func freeDense() {
        dense?.deallocate()
        dense = nil
        denseLength = 0
        count = 0
        largestKey = -1
    }

    /// What `insert(_:_:denseFrom:ratio:)` found and did.
    enum Insertion {
        case hashed, dense, turnedDense
    }

    /// Maps `key` to `value`; a hashed map of at least `minimum` keys, one in `ratio` of the keys
    /// up to its largest (`ratio` at most 2^20), turns dense first. Only this call turns a map
    /// dense (the subscript does not), and it says so, so that the tableau learns of it (see
    /// `Tableau.denseRows`).
    @discardableResult @inline(__always)
    mutating func insert(_ key: Int32, _ value: Int32, denseFrom minimum: Int = .max, ratio: Int = defaultDenseRatio) -> Insertion {
        if dense != nil {
            insertDense(key, value)
            return .dense
        }
        if key > largestKey { largestKey = key }
        if count >= minimum, count * ratio > Int(largestKey) {
            makeDense()
            insertDense(key, value)
            return .turnedDense
        }
        if (count + 1) * 2 > mask + 1 { rehash(max(16, (mask + 1) * 2)) }
        insertHashed(key, value)
        return .hashed
    }

    private mutating func insertDense(_ key: Int32, _ value: Int32) {
        if Int(key) >= denseLength { growDense(to: Int(key) + 1) }
        let d = dense.unsafelyUnwrapped
        if d[Int(key)] < 0 { count += 1 }
        d[Int(key)] = value
    }

    /// Puts a key in the hash table, which has room for it.
    private mutating func insertHashed(_ key: Int32, _ value: Int32) {
        let entries = entries.unsafelyUnwrapped
        var i = home(key)
        while true {
            let k = entries[i].key
            if k == key {
                entries[i].value = value
                return
            }
            if k < 0 {
                entries[i] = Entry(key: key, value: value)
                count += 1
                return
            }
            i = (i + 1) & mask
        }
    }

    private mutating func remove(_ key: Int32) {
        if let dense {
            if Int(key) < denseLength, dense[Int(key)] >= 0 {
                dense[Int(key)] = -1
                count -= 1
            }
            return
        }
        guard let entries else { return }
        var i = home(key)
        while entries[i].key != key {
            if entries[i].key < 0 { return }
            i = (i + 1) & mask
        }
        // Backward-shift: pull later entries of the probe run into the hole.
        var j = i
        while true {
            j = (j + 1) & mask
            let k = entries[j].key
            if k < 0 { break }
            let h = home(k)
            let between = i <= j ? (h > i && h <= j) : (h > i || h <= j)
            if !between {
                entries[i] = entries[j]
                i = j
            }
        }
        entries[i].key = -1
        count -= 1
    }

    private mutating func rehash(_ capacity: Int) {
        let old = entries, oldCapacity = mask + 1
        let fresh = UnsafeMutablePointer<Entry>.allocate(capacity: capacity)
        fresh.initialize(repeating: Entry(key: -1, value: 0), count: capacity)
        entries = fresh
        mask = capacity - 1
        count = 0
        if let old {
            for i in 0..<oldCapacity where old[i].key >= 0 { insertHashed(old[i].key, old[i].value) }
            old.deallocate()
        }
    }

    /// Calls `body` with the position of each key of a dense map, in increasing key order, and
    /// gives the keys the positions 0, 1, ... in that order; returns how many it visited. A pass
    /// in order over the array: the tableau sorts a dense row's cells by symbol with it.
    mutating func renumberInKeyOrder(_ body: (Int32) -> Void) -> Int {
        guard let dense else { return 0 }
        var next: Int32 = 0
        for key in 0..<denseLength where dense[key] >= 0 {
            body(dense[key])
            dense[key] = next
            next += 1
        }
        return Int(next)
    }

    /// Moves the hashed entries into an array indexed by key, and frees the table.
    private mutating func makeDense() {
        let length = max(Int(largestKey) + 1, 64)
        let d = UnsafeMutablePointer<Int32>.allocate(capacity: length)
        d.initialize(repeating: -1, count: length)
        if let entries {
            for i in 0...mask where entries[i].key >= 0 { d[Int(entries[i].key)] = entries[i].value }
            entries.deallocate()
        }
        entries = nil
        mask = -1
        dense = d
        denseLength = length
    }

    /// Lengthens the dense array to hold `minimum` keys, by half again at least.
    private mutating func growDense(to minimum: Int) {
        let length = max(minimum, denseLength + denseLength / 2)
        let d = UnsafeMutablePointer<Int32>.allocate(capacity: length)
        if let old = dense {
            d.moveInitialize(from: old, count: denseLength)
            old.deallocate()
        }
        (d + denseLength).initialize(repeating: -1, count: length - denseLength)
        dense = d
        denseLength = length
    }
}
