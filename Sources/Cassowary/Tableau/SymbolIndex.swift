/// Where each symbol's cell sits in a long row: a map from symbol to position, with open
/// addressing, linear probing and backward-shift deletion. Cheaper than a `Dictionary` for the
/// substitutions into long rows that row-flex and chain systems make (no per-lookup SipHash).
///
/// Keys and values sit side by side in one block of plain memory, so that a probe touches one
/// cache line and a lookup makes no uniqueness or bounds check (the row-flex resize makes
/// millions). Like `Buffer`, it is owned by the tableau, which frees it with ``deallocate()``.
struct SymbolIndex {
    private struct Entry {
        /// The symbol, or -1 for an empty entry.
        var key: Int32
        var value: Int32
    }

    private var entries: UnsafeMutablePointer<Entry>?
    private(set) var count = 0
    private var mask = -1

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
        var capacity = 16
        while capacity < n * 2 { capacity *= 2 }
        if capacity > mask + 1 { rehash(capacity) }
    }

    mutating func removeAll() {
        guard count > 0, let entries else { return }
        entries.update(repeating: Entry(key: -1, value: 0), count: mask + 1)
        count = 0
    }

    /// Frees the storage; the index is empty afterwards.
    mutating func deallocate() {
        entries?.deallocate()
        entries = nil
        count = 0
        mask = -1
    }

    private mutating func insert(_ key: Int32, _ value: Int32) {
        if (count + 1) * 2 > mask + 1 { rehash(max(16, (mask + 1) * 2)) }
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
            for i in 0..<oldCapacity where old[i].key >= 0 { insert(old[i].key, old[i].value) }
            old.deallocate()
        }
    }
}
