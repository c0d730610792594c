import Foundation
import Synchronization

/// One shard of the segment-width cache: an open-addressing table keyed by (font, UTF-8 bytes),
/// with its own lock and its own counters, so that counting costs no shared memory between threads.
final class WidthShard: Sendable {
    private let table = Mutex(WidthTable())

    /// The width cached for a segment, or nil; counts a hit or a miss.
    @inline(__always)
    func width(font: Int, bytes: UnsafeBufferPointer<UInt8>, hash: Int) -> Double? {
        table.withLock { $0.width(font: font, bytes: bytes, hash: hash) }
    }

    /// Keeps a segment's width, emptying the shard first when it holds more than `limit`.
    /// - Parameter shapingCalls: the HarfBuzz shaping calls that measured it, counted here.
    func keep(font: Int, bytes: UnsafeBufferPointer<UInt8>, hash: Int, width: Double, limit: Int, shapingCalls: Int) {
        table.withLock { $0.keep(font: font, bytes: bytes, hash: hash, width: width, limit: limit, shapingCalls: shapingCalls) }
    }

    /// Counts shaping calls that measured something other than a segment's width (cluster advances).
    func count(shapingCalls: Int) {
        table.withLock { $0.shapingCalls += shapingCalls }
    }

    /// The shard's counters: (hits, misses, shaping calls).
    var counts: (hits: Int, misses: Int, shapingCalls: Int) {
        table.withLock { ($0.hits, $0.misses, $0.shapingCalls) }
    }

    func resetCounts() {
        table.withLock { $0.hits = 0; $0.misses = 0; $0.shapingCalls = 0 }
    }
}

/// The storage of a ``WidthShard``: the table and the segments' bytes in raw buffers that it
/// owns (freed in `deinit`; it is not copyable, so nothing else holds them), so that a look-up
/// costs no reference counting.
///
/// Sendable unchecked because its buffers are only ever reached through its shard's lock: it is
/// made inside the shard's `Mutex` and never leaves it, and the bytes it is given are copied in.
struct WidthTable: ~Copyable, @unchecked Sendable {
    private struct Entry {
        var hash = 0
        var font: Int32 = 0
        var offset: Int32 = 0
        var length: Int32 = -1
        var width = 0.0
    }

    private var entries: UnsafeMutableBufferPointer<Entry> = .init(start: nil, count: 0)
    private var arena: UnsafeMutablePointer<UInt8> = .allocate(capacity: 4096)
    private var arenaCount = 0
    private var arenaCapacity = 4096
    private var count = 0
    var hits = 0, misses = 0, shapingCalls = 0

    init() {}

    deinit {
        entries.deallocate()
        arena.deallocate()
    }

    mutating func width(font: Int, bytes: UnsafeBufferPointer<UInt8>, hash: Int) -> Double? {
        let mask = entries.count - 1
        if mask >= 0 {
            let f = Int32(truncatingIfNeeded: font)
            var i = hash & mask
            while entries[i].length >= 0 {
                let e = entries[i]
                if e.hash == hash && e.font == f && Int(e.length) == bytes.count
                    && (bytes.isEmpty || memcmp(arena + Int(e.offset), bytes.baseAddress!, bytes.count) == 0) {
                    hits += 1
                    return e.width
                }
                i = (i + 1) & mask
            }
        }
        misses += 1
        return nil
    }

    mutating func keep(font: Int, bytes: UnsafeBufferPointer<UInt8>, hash: Int, width: Double, limit: Int, shapingCalls: Int) {
        self.shapingCalls += shapingCalls
        if count > limit || entries.isEmpty { reset(capacity: entries.isEmpty ? 1024 : entries.count) }
        if (count + 1) * 2 > entries.count { grow() }
        if arenaCount + bytes.count > arenaCapacity {
            let capacity = max(arenaCapacity * 2, arenaCount + bytes.count)
            let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
            bigger.update(from: arena, count: arenaCount)
            arena.deallocate()
            arena = bigger
            arenaCapacity = capacity
        }
        let mask = entries.count - 1
        var i = hash & mask
        while entries[i].length >= 0 { i = (i + 1) & mask }
        entries[i] = Entry(hash: hash, font: Int32(truncatingIfNeeded: font), offset: Int32(arenaCount),
                           length: Int32(bytes.count), width: width)
        if let base = bytes.baseAddress, !bytes.isEmpty { (arena + arenaCount).update(from: base, count: bytes.count) }
        arenaCount += bytes.count
        count += 1
    }

    private mutating func reset(capacity: Int) {
        entries.deallocate()
        entries = .allocate(capacity: capacity)
        entries.initialize(repeating: Entry())
        arenaCount = 0
        count = 0
    }

    private mutating func grow() {
        let old = entries
        entries = .allocate(capacity: old.count * 2)
        entries.initialize(repeating: Entry())
        let mask = entries.count - 1
        for e in old where e.length >= 0 {
            var i = e.hash & mask
            while entries[i].length >= 0 { i = (i + 1) & mask }
            entries[i] = e
        }
        old.deallocate()
    }
}
