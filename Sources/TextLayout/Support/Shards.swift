/// A fixed number of shards (each a class with a lock of its own), picked by a hash, so that threads
/// using a cache at once rarely wait for each other.
///
/// The one place TextLayout borrows objects without reference counting: threads looking up at once
/// would otherwise take turns at each shard's reference count, on every look-up. Safe because
/// `owned` keeps every shard alive for as long as this value exists, the shards are never
/// replaced, and a borrowed shard is used only inside ``withShard(for:_:)``, which the owner of this
/// value (and so `owned`) outlives.
struct Shards<Shard: AnyObject & Sendable>: @unchecked Sendable {
    private let owned: [Shard]
    private let borrowed: [Unmanaged<Shard>]

    /// - Parameter count: a power of two.
    init(count: Int, _ make: () -> Shard) {
        precondition(count > 0 && count & (count - 1) == 0, "a shard count is a power of two")
        owned = (0..<count).map { _ in make() }
        borrowed = owned.map { Unmanaged.passUnretained($0) }
    }

    var count: Int { owned.count }

    /// Every shard, to sum or reset their counters.
    var all: [Shard] { owned }

    /// Calls `body` with the shard of a hash.
    @inline(__always)
    func withShard<R>(for hash: Int, _ body: (Shard) -> R) -> R {
        borrowed[hash & (borrowed.count - 1)]._withUnsafeGuaranteedRef(body)
    }
}
