/// The order in which rows around a centre are precached, nearest first: the centre's own rows
/// top to bottom, then outward one row at a time, alternating ahead (below the centre, where a
/// scroll usually goes) and behind: `c.upperBound`, `c.lowerBound - 1`, `c.upperBound + 1`, ...
/// When one side runs out of rows the other goes on alone.
///
/// Rows are flat indices (rows of every section counted in order); an empty centre at `i` starts
/// with row `i` ahead and `i - 1` behind.
///
/// - Complexity: O(1) per row.
public struct PrecacheOrder: Sequence, IteratorProtocol, Hashable, Sendable {
    /// The number of rows.
    public let count: Int
    /// The rows the order starts from (the visible rows), clamped to `0..<count`.
    public let centre: Range<Int>
    /// How far from the centre rows are taken (rows ahead or behind); nil for every row.
    public let reach: Int?

    /// The next row of the centre, while in it.
    private var inCentre: Int
    /// The distance of the next pair (ahead, behind) from the centre.
    private var distance = 1
    /// Whether the behind row of the current distance comes next (the ahead one was given).
    private var behindNext = false

    /// The order of `count` rows around `centre`, out to `reach` rows on each side.
    public init(count: Int, around centre: Range<Int>, reach: Int? = nil) {
        self.count = Swift.max(count, 0)
        let lower = Swift.min(Swift.max(centre.lowerBound, 0), self.count)
        let upper = Swift.min(Swift.max(centre.upperBound, lower), self.count)
        self.centre = lower..<upper
        self.reach = reach.map { Swift.max($0, 0) }
        inCentre = lower
    }

    /// The next row, or nil when every row in reach was given.
    public mutating func next() -> Int? {
        // 1. The centre, top to bottom.
        if inCentre < centre.upperBound {
            defer { inCentre += 1 }
            return inCentre
        }
        // 2. Outward: at each distance the row ahead, then the row behind; a side past its end is
        //    skipped, and the order ends when both are past theirs (or past the reach).
        while reach.map({ distance <= $0 }) ?? true {
            let ahead = centre.upperBound + distance - 1
            let behind = centre.lowerBound - distance
            if ahead >= count && behind < 0 { return nil }
            if !behindNext {
                behindNext = true
                if ahead < count { return ahead }
            }
            behindNext = false
            distance += 1
            if behind >= 0 { return behind }
        }
        return nil
    }
}
