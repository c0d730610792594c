#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
#if os(Linux)
import Synchronization
#endif

/// Large blocks that dropped solvers freed, kept for the next large solver: a tableau's buffers
/// then reuse pages that are already mapped, instead of pages the system must fault in and zero
/// again.
///
/// Why: glibc gives a large freed block back to the system (it unmaps it, or trims the top of the
/// heap), so every large build faulted its whole working set in afresh, and each doubling of a
/// buffer copied it into fresh pages. A 10,000-view chain-intr build spent a fifth of its time in
/// page faults and those copies. At 1,000 views the blocks (64-256 KiB) were trimmed away too: a
/// chain-plain build and teardown took about 410 page faults, a third of its time in the kernel;
/// caching blocks from 64 KiB brings that to about 40 (the rest are the variables' and
/// constraints' objects, which the heap trims alike).
///
/// Contract:
/// - only blocks of at least ``minimumBytes`` come here: a large tableau's buffers, and the one
///   block of a small tableau (about 95 KiB), which a solver per table cell then takes from the
///   cache and gives back, where `malloc` and `free` of a block that size made glibc
///   consolidate its fast bins each time;
/// - the cache holds at most ``limit`` bytes; a block that would pass it evicts the oldest ones,
///   and one larger than the limit is freed at once;
/// - ``take(atLeast:)`` hands out the smallest cached block that fits and is at most twice the
///   request, so that one small buffer does not pin a block a larger one needs;
/// - it is safe from any thread (one lock, taken once per large block, which is rare: buffers
///   grow by doubling).
///
/// On Linux only: elsewhere the system allocator keeps large regions for reuse itself, and blocks
/// go straight back to it.
final class BlockCache: Sendable {
    /// The cache every solver's buffers share.
    static let shared = BlockCache(limit: 64 << 20)

    /// The smallest block worth caching: below it, the heap reuses freed blocks well (chains of
    /// 100 and 300 views built one after another take at most 5 page faults a build after the
    /// first). A lower minimum helped chain-plain a little more but cost row-flex through objects:
    /// blocks the cache holds are not there for the objects of the next build, which then fault
    /// fresh pages in (16 KiB: 133 faults a build against 85 before the change; 64 KiB: 88).
    static let minimumBytes = 64 << 10

    /// A block has one owner at a time (the cache, or the buffer that took it), so it may move
    /// between threads.
    private struct Block: @unchecked Sendable {
        var base: UnsafeMutableRawPointer
        var bytes: Int
    }

    private struct State {
        /// Oldest first.
        var blocks: [Block] = []
        var bytes = 0
        var limit: Int

        /// Removes the oldest blocks until the cache holds at most `target` bytes, and returns
        /// them for the caller to free once the lock is released (freeing a large block unmaps
        /// pages).
        mutating func evict(downTo target: Int) -> [Block] {
            var evicted: [Block] = []
            while bytes > target, !blocks.isEmpty {
                let oldest = blocks.removeFirst()
                bytes -= oldest.bytes
                evicted.append(oldest)
            }
            return evicted
        }
    }

    #if os(Linux)
    private let state: Mutex<State>
    #endif

    /// The list of blocks is given room, once, for as many as the limit can hold, so that giving
    /// a block back never allocates: a solver per table cell makes no heap call for its block
    /// (a cold cell's count in `AllocationCountTests` saw the list grow, an allocation and a
    /// free, when other tests' solvers had given blocks back at the same time).
    init(limit: Int) {
        #if os(Linux)
        var initial = State(limit: max(0, limit))
        initial.blocks.reserveCapacity(initial.limit / BlockCache.minimumBytes)
        state = Mutex(initial)
        #endif
    }

    deinit {
        trim(to: 0)
    }

    /// The most bytes the cache keeps. Lowering it frees the oldest blocks at once.
    var limit: Int {
        get {
            #if os(Linux)
            state.withLock { $0.limit }
            #else
            0
            #endif
        }
        set {
            #if os(Linux)
            let limit = max(0, newValue)
            let evicted = state.withLock { state -> [Block] in
                state.limit = limit
                return state.evict(downTo: limit)
            }
            for block in evicted { free(block.base) }
            #endif
        }
    }

    /// The bytes of the blocks the cache holds now.
    var cachedBytes: Int {
        #if os(Linux)
        state.withLock { $0.bytes }
        #else
        0
        #endif
    }

    /// A cached block of at least `bytes` and at most twice that, with its size; nil when none
    /// fits. The caller owns the block: it frees it, or gives it back with ``give(_:bytes:)``.
    func take(atLeast bytes: Int) -> (base: UnsafeMutableRawPointer, bytes: Int)? {
        #if os(Linux)
        guard bytes >= BlockCache.minimumBytes else { return nil }
        return state.withLock { state -> (base: UnsafeMutableRawPointer, bytes: Int)? in
            var best = -1
            // By index: a debug build's `enumerated()` allocates on every step.
            for i in state.blocks.indices where state.blocks[i].bytes >= bytes && state.blocks[i].bytes / 2 <= bytes {
                if best < 0 || state.blocks[i].bytes < state.blocks[best].bytes { best = i }
            }
            guard best >= 0 else { return nil }
            let block = state.blocks.remove(at: best)
            state.bytes -= block.bytes
            return (block.base, block.bytes)
        }
        #else
        return nil
        #endif
    }

    /// Takes back a block of `bytes` that `malloc` or `realloc` made: caches it, or frees it.
    func give(_ base: UnsafeMutableRawPointer, bytes: Int) {
        #if os(Linux)
        guard bytes >= BlockCache.minimumBytes else { return free(base) }
        let evicted = state.withLock { state -> [Block] in
            guard bytes <= state.limit else { return [Block(base: base, bytes: bytes)] }
            let evicted = state.evict(downTo: state.limit - bytes)
            state.blocks.append(Block(base: base, bytes: bytes))
            state.bytes += bytes
            return evicted
        }
        for block in evicted { free(block.base) }
        #else
        free(base)
        #endif
    }

    /// Frees the oldest blocks until the cache holds at most `bytes`.
    func trim(to bytes: Int) {
        #if os(Linux)
        let evicted = state.withLock { $0.evict(downTo: bytes) }
        for block in evicted { free(block.base) }
        #endif
    }
}
