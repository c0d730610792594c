@testable import Cassowary
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The cache of large blocks that dropped solvers leave for the next ones. The cache's rules are
/// checked on caches of the tests' own (the shared one serves the tests that run beside these);
/// the shared one is checked through what a user sees: large solvers built one after another on
/// reused storage solve as fresh ones do.
@Suite struct BlockCacheTests {
    static let mib = 1 << 20

    /// A block of `bytes` from `malloc`, as buffers make them, with its first byte set to `mark`.
    static func block(_ bytes: Int, mark: UInt8 = 0) -> UnsafeMutableRawPointer {
        let p = malloc(bytes)!
        p.storeBytes(of: mark, as: UInt8.self)
        return p
    }

    #if os(Linux)
    @Test func aGivenBlockIsTakenBackByARequestItFits() throws {
        let cache = BlockCache(limit: 8 * Self.mib)
        let p = Self.block(Self.mib, mark: 7)
        cache.give(p, bytes: Self.mib)
        #expect(cache.cachedBytes == Self.mib)
        let taken = try #require(cache.take(atLeast: Self.mib * 3 / 4))
        #expect(taken.base == p && taken.bytes == Self.mib)
        #expect(taken.base.load(as: UInt8.self) == 7, "the block's contents are not touched")
        #expect(cache.cachedBytes == 0)
        #expect(cache.take(atLeast: Self.mib / 2) == nil, "a taken block is gone from the cache")
        free(taken.base)
    }

    @Test func aRequestTakesTheSmallestFittingBlockAndNoneMoreThanTwiceItsSize() throws {
        let cache = BlockCache(limit: 64 * Self.mib)
        for size in [4, 1, 2] { cache.give(Self.block(size * Self.mib), bytes: size * Self.mib) }
        #expect(cache.take(atLeast: 5 * Self.mib) == nil, "no block is large enough")
        let small = try #require(cache.take(atLeast: Self.mib))
        #expect(small.bytes == Self.mib, "the smallest block that fits")
        let twice = try #require(cache.take(atLeast: Self.mib))
        #expect(twice.bytes == 2 * Self.mib, "twice the request still fits")
        #expect(cache.take(atLeast: Self.mib) == nil, "the 4 MiB block is more than twice 1 MiB")
        let large = try #require(cache.take(atLeast: 3 * Self.mib))
        #expect(large.bytes == 4 * Self.mib)
        for block in [small, twice, large] { free(block.base) }
        cache.trim(to: 0)
        #expect(cache.cachedBytes == 0)
    }

    @Test func theLimitEvictsTheOldestBlocksAndRefusesLargerOnes() throws {
        let cache = BlockCache(limit: 3 * Self.mib)
        let first = Self.block(Self.mib), second = Self.block(Self.mib), third = Self.block(2 * Self.mib)
        cache.give(first, bytes: Self.mib)
        cache.give(second, bytes: Self.mib)
        cache.give(third, bytes: 2 * Self.mib)
        #expect(cache.cachedBytes == 3 * Self.mib, "the oldest 1 MiB block made room for the 2 MiB one")
        let taken = try #require(cache.take(atLeast: Self.mib))
        #expect(taken.base == second, "the first block was evicted")
        free(taken.base)
        cache.give(Self.block(4 * Self.mib), bytes: 4 * Self.mib)
        #expect(cache.cachedBytes == 2 * Self.mib, "a block over the limit is freed, not cached")
        cache.limit = Self.mib
        #expect(cache.cachedBytes == 0, "lowering the limit frees what no longer fits")
        cache.limit = 0
        cache.give(Self.block(Self.mib), bytes: Self.mib)
        #expect(cache.cachedBytes == 0, "a limit of 0 keeps nothing")
    }

    @Test func smallBlocksNeverComeHere() {
        let cache = BlockCache(limit: 8 * Self.mib)
        cache.give(Self.block(BlockCache.minimumBytes - 16), bytes: BlockCache.minimumBytes - 16)
        #expect(cache.cachedBytes == 0)
        #expect(cache.take(atLeast: 1024) == nil)
    }
    #endif

    /// A chain of `n` views (top == previous bottom + 8, fixed heights, widths from an edit
    /// variable): large enough that its buffers pass the cache's minimum.
    static func chainBottoms(_ n: Int) throws -> [Double] {
        let solver = Solver()
        let width = Variable("width")
        try solver.addEditVariable(width, priority: 500)
        try solver.suggestValue(320, for: width)
        var previousBottom: Expression = Expression(constant: 0)
        var bottoms: [Variable] = []
        for i in 0..<n {
            let top = Variable("v\(i).t"), height = Variable("v\(i).h"), w = Variable("v\(i).w")
            try solver.add([top == previousBottom + 8, height == Double(10 + i % 7), w == width - 16])
            let bottom = Variable("v\(i).b")
            try solver.add(bottom == top + height)
            bottoms.append(bottom)
            previousBottom = bottom.expression
        }
        solver.updateVariables()
        return bottoms.map(\.value)
    }

    @Test func largeSolversBuiltOneAfterAnotherOnReusedStorageSolveAsFreshOnes() throws {
        let n = 6_000
        var expected: [Double] = []
        var bottom = 0.0
        for i in 0..<n {
            bottom += 8 + Double(10 + i % 7)
            expected.append(bottom)
        }
        // The first build leaves its large blocks behind (unless another test's solver takes
        // them first); the second one starts from them, stale contents and all.
        #expect(try Self.chainBottoms(n) == expected)
        #expect(try Self.chainBottoms(n) == expected)
    }

    @Test func theRetainedStorageLimitReadsBackWhatWasSet() {
        #if os(Linux)
        #expect(Solver.retainedStorageLimit == 64 << 20, "the default")
        #expect(Solver.retainedStorageBytes <= Solver.retainedStorageLimit)
        #else
        #expect(Solver.retainedStorageLimit == 0, "the system allocator keeps large blocks itself")
        #endif
    }
}
