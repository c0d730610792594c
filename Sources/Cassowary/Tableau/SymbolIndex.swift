/// Where each symbol's cell sits in a long row: a map from symbol to position, with open
/// addressing, linear probing and backward-shift deletion. Cheaper than a `Dictionary` for the
/// substitutions into long rows that row-flex and chain systems make (no per-lookup SipHash).
struct SymbolIndex {
    private var keys: [Int32] = []
    private var values: [Int32] = []
    private(set) var count = 0
    private var mask = -1

    @inline(__always) private func home(_ key: Int32) -> Int {
        Int(truncatingIfNeeded: (UInt64(UInt32(bitPattern: key)) &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    }

    subscript(key: Int32) -> Int32? {
        get {
            guard mask >= 0 else { return nil }
            var i = home(key)
            while true {
                let k = keys[i]
                if k == key { return values[i] }
                if k < 0 { return nil }
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
        guard count > 0 else { return }
        for i in keys.indices { keys[i] = -1 }
        count = 0
    }

    private mutating func insert(_ key: Int32, _ value: Int32) {
        if (count + 1) * 2 > mask + 1 { rehash(max(16, (mask + 1) * 2)) }
        var i = home(key)
        while true {
            let k = keys[i]
            if k == key {
                values[i] = value
                return
            }
            if k < 0 {
                keys[i] = key
                values[i] = value
                count += 1
                return
            }
            i = (i + 1) & mask
        }
    }

    private mutating func remove(_ key: Int32) {
        guard mask >= 0 else { return }
        var i = home(key)
        while keys[i] != key {
            if keys[i] < 0 { return }
            i = (i + 1) & mask
        }
        // Backward-shift: pull later entries of the probe run into the hole.
        var j = i
        while true {
            j = (j + 1) & mask
            let k = keys[j]
            if k < 0 { break }
            let h = home(k)
            let between = i <= j ? (h > i && h <= j) : (h > i || h <= j)
            if !between {
                keys[i] = k
                values[i] = values[j]
                i = j
            }
        }
        keys[i] = -1
        count -= 1
    }

    private mutating func rehash(_ capacity: Int) {
        let oldKeys = keys, oldValues = values
        keys = [Int32](repeating: -1, count: capacity)
        values = [Int32](repeating: 0, count: capacity)
        mask = capacity - 1
        count = 0
        for (k, v) in zip(oldKeys, oldValues) where k >= 0 { insert(k, v) }
    }
}
