/// Heights in order with their running sums: a Fenwick (binary indexed) tree.
///
/// Invariant: `tree[i]` (1-based) holds the sum of the `i & -i` values ending at `i`; `values`
/// holds each value as set, so reading one is O(1) and exact.
///
/// - Complexity: reading a value O(1); setting one, a prefix sum, and finding the index at an
///   offset O(log n); building from n values O(n).
package struct PrefixSums {
    package private(set) var values: [Double]
    private var tree: [Double]

    package init(_ values: [Double] = []) {
        self.values = values
        tree = [0] + values
        let n = values.count
        var i = 1
        while i <= n {
            let parent = i + (i & -i)
            if parent <= n { tree[parent] += tree[i] }
            i += 1
        }
    }

    package var count: Int { values.count }

    /// Far below a pixel, far above the rounding of sums of a million heights.
    static let tolerance = 1e-6

    /// The sum of all values.
    package var total: Double { prefix(values.count) }

    package subscript(i: Int) -> Double {
        get { values[i] }
        set {
            let delta = newValue - values[i]
            values[i] = newValue
            guard delta != 0 else { return }
            var j = i + 1
            while j < tree.count {
                tree[j] += delta
                j += j & -j
            }
        }
    }

    /// Sets a value without updating the sums: for many changes followed by a rebuild
    /// (`PrefixSums(values)`), which must come before the sums are read.
    package mutating func setWithoutSums(_ i: Int, _ value: Double) {
        values[i] = value
    }

    /// The sum of the first `n` values.
    package func prefix(_ n: Int) -> Double {
        var sum = 0.0
        var j = n
        while j > 0 {
            sum += tree[j]
            j -= j & -j
        }
        return sum
    }

    /// The index of the value whose span `[prefix(i), prefix(i + 1))` holds `offset`; `count` when
    /// the offset is at or past the total, 0 when it is negative.
    package func index(containing offset: Double) -> Int {
        guard offset >= 0 else { return 0 }
        var position = 0
        var remaining = offset
        var step = 1
        while step * 2 < tree.count { step *= 2 }
        while step > 0 {
            let next = position + step
            // The tolerance keeps an offset computed as a row's top (a sum in another order)
            // in that row rather than the one before.
            if next < tree.count && tree[next] <= remaining + PrefixSums.tolerance {
                position = next
                remaining -= tree[next]
            }
            step /= 2
        }
        return position
    }
}
