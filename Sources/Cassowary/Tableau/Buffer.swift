#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A growable array of plain values with unchecked access in release builds, for the tableau's
/// hot storage: it never copies on write and never checks uniqueness, so the simplex loops run
/// without the runtime calls a Swift `Array` inside a struct costs.
///
/// The owner frees it with ``deallocate()`` exactly once; a `Buffer` must not be copied into a
/// second owner. Indices are checked by `assert`, so debug builds (and the tests) trap on misuse.
/// A buffer may start in borrowed storage (a slice of the tableau's `Arena`): it never frees
/// that, and moves to storage of its own when it outgrows it.
struct Buffer<Element: BitwiseCopyable>: RandomAccessCollection {
    private(set) var base: UnsafeMutablePointer<Element>?
    private(set) var count = 0
    private(set) var capacity = 0
    /// Whether `base` was allocated by this buffer (and is freed by it).
    private var owned = true

    /// Whether the buffer holds a heap block of its own (not borrowed storage).
    var ownsStorage: Bool { owned && base != nil }

    init() {}

    /// An empty buffer in `capacity` elements of storage that someone else owns and frees.
    init(borrowing storage: UnsafeMutablePointer<Element>, capacity: Int) {
        base = storage
        self.capacity = capacity
        owned = false
    }

    init(repeating value: Element, count: Int) {
        reserve(count)
        append(repeating: value, count: count)
    }

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    /// `for x in buffer` reads the storage through a pointer. The default iterator reads each
    /// element through the collection's subscript, which a debug build runs as a coroutine with
    /// a frame it allocates (62 allocations for a reused cell's `updateVariables`). An index
    /// and a count, as the default one keeps: a pair of pointers compared for the end cost
    /// release builds 3-6% more instructions per chain build.
    struct Iterator: IteratorProtocol {
        let base: UnsafeMutablePointer<Element>?
        let count: Int
        var index = 0

        @inline(__always) mutating func next() -> Element? {
            guard index < count else { return nil }
            defer { index &+= 1 }
            return base.unsafelyUnwrapped[index]
        }
    }

    @inline(__always) func makeIterator() -> Iterator { Iterator(base: base, count: count) }

    /// A mutable addressor rather than a setter: `buffer[i].field += 1` and
    /// `buffer[i].inner.append(x)` then change the element in place, where a setter copies the
    /// whole element out and back (appending to every objective level's coefficients through such
    /// a copy stalled on store forwarding: a tenth of a chain build). Reads keep a plain getter:
    /// addressors for both made chain-plain's build 50% slower. The addressor replaced a
    /// `_modify` coroutine (thirty-fifth session), which a release build inlines alike (the same
    /// instructions on every workload) but a debug build runs with a frame it allocates: 15
    /// allocations for a reused cell's four new constants (`AllocationCountTests`).
    @inline(__always) subscript(i: Int) -> Element {
        get {
            assert(i >= 0 && i < count, "Buffer index \(i) out of 0..<\(count)")
            return base.unsafelyUnwrapped[i]
        }
        nonmutating unsafeMutableAddress {
            assert(i >= 0 && i < count, "Buffer index \(i) out of 0..<\(count)")
            return base.unsafelyUnwrapped + i
        }
    }

    /// Makes room for at least `minimum` elements.
    ///
    /// Storage of its own grows with C's `realloc`, which the elements allow (they are bitwise
    /// copyable): a large block then grows in place or by remapping its pages, instead of being
    /// copied into fresh pages that must all be faulted in (the build of a 10,000-view tableau
    /// spent a fifth of its time in such copies and page faults). A large block a dropped solver
    /// left in the ``BlockCache`` comes first: its pages are mapped already.
    mutating func reserve(_ minimum: Int) {
        guard minimum > capacity else { return }
        let stride = MemoryLayout<Element>.stride
        let newCapacity = Swift.max(minimum, capacity * 2, 8)
        let bytes = newCapacity * stride
        if let block = BlockCache.shared.take(atLeast: bytes) {
            if let base { block.base.copyMemory(from: base, byteCount: count * stride) }
            releaseStorage()
            base = block.base.bindMemory(to: Element.self, capacity: block.bytes / stride)
            capacity = block.bytes / stride
            owned = true
            return
        }
        let raw: UnsafeMutableRawPointer?
        if owned, let base {
            raw = realloc(UnsafeMutableRawPointer(base), bytes)
        } else {
            raw = malloc(bytes)
            if let raw, let base { raw.copyMemory(from: base, byteCount: count * stride) }
        }
        guard let raw else { fatalError("out of memory growing a solver buffer to \(bytes) bytes") }
        base = raw.bindMemory(to: Element.self, capacity: newCapacity)
        capacity = newCapacity
        owned = true
    }

    /// Frees storage of its own (the ``BlockCache`` keeps a large block). `base` is left as it
    /// was; the caller replaces it.
    private func releaseStorage() {
        guard owned, let base else { return }
        BlockCache.shared.give(UnsafeMutableRawPointer(base), bytes: capacity * MemoryLayout<Element>.stride)
    }

    @inline(__always) mutating func append(_ x: Element) {
        if count == capacity { reserve(count + 1) }
        (base.unsafelyUnwrapped + count).initialize(to: x)
        count += 1
    }

    @inline(__always) mutating func append(repeating x: Element, count n: Int) {
        if count + n > capacity { reserve(count + n) }
        (base.unsafelyUnwrapped + count).initialize(repeating: x, count: n)
        count += n
    }

    mutating func insert(_ x: Element, at i: Int) {
        append(x)
        var k = count - 1
        while k > i {
            base.unsafelyUnwrapped[k] = base.unsafelyUnwrapped[k - 1]
            k -= 1
        }
        base.unsafelyUnwrapped[i] = x
    }

    @inline(__always) mutating func popLast() -> Element? {
        guard count > 0 else { return nil }
        count -= 1
        return base.unsafelyUnwrapped[count]
    }

    /// Keeps the first `n` elements.
    mutating func truncate(to n: Int) {
        assert(n <= count)
        count = n
    }

    mutating func removeAll() { count = 0 }

    /// Frees the storage; the buffer is empty afterwards.
    mutating func deallocate() {
        releaseStorage()
        base = nil
        owned = true
        count = 0
        capacity = 0
    }
}

/// A growable set of small integers (slots), 64 to a word.
extension Buffer where Element == UInt64 {
    /// Sets bit `i`, growing the set as needed; returns whether it was clear.
    @inline(__always) mutating func insertBit(_ i: Int) -> Bool {
        let word = i >> 6, bit = UInt64(1) << UInt64(i & 63)
        if word >= count { append(repeating: 0, count: word + 1 - count) }
        guard self[word] & bit == 0 else { return false }
        self[word] |= bit
        return true
    }

    /// Whether bit `i` is set (false past the end).
    func containsBit(_ i: Int) -> Bool {
        let word = i >> 6
        return word < count && self[word] & (UInt64(1) << UInt64(i & 63)) != 0
    }
}

/// One allocation carved into the initial storage of a tableau's buffers, so that a small solver
/// (a table cell's, built and dropped per cell) costs one `malloc` instead of one per buffer.
/// Buffers that outgrow their slice move out on their own; the arena is freed once, by its owner.
///
/// The owner sizes it by running its takes on a ``measuring()`` arena first, so that the list of
/// slices is written once.
struct Arena {
    private(set) var base: UnsafeMutableRawPointer?
    private var size = 0
    /// The bytes taken so far (on a measuring arena, the size the takes need).
    private(set) var offset = 0
    /// Whether this arena only counts bytes: its takes return empty buffers.
    private(set) var isMeasuring = false

    /// An arena of `size` bytes (0 makes none: every `take` then returns an empty buffer).
    init(size: Int) {
        guard size > 0 else { return }
        base = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        self.size = size
    }

    /// An arena that allocates nothing and counts the bytes of the takes made on it.
    static func measuring() -> Arena {
        var arena = Arena(size: 0)
        arena.isMeasuring = true
        return arena
    }

    /// The bytes `n` elements of `T` take in an arena, rounded so that every slice stays aligned.
    static func bytes<T>(_ type: T.Type, _ n: Int) -> Int {
        (MemoryLayout<T>.stride * n + 15) & ~15
    }

    /// An empty buffer over the next `n` elements of the arena.
    mutating func take<T: BitwiseCopyable>(_ type: T.Type, _ n: Int) -> Buffer<T> {
        let bytes = Arena.bytes(type, n)
        if isMeasuring {
            offset += bytes
            return Buffer()
        }
        guard let base, MemoryLayout<T>.alignment <= 16, offset + bytes <= size else { return Buffer() }
        let p = (base + offset).bindMemory(to: T.self, capacity: n)
        offset += bytes
        return Buffer(borrowing: p, capacity: n)
    }

    /// Frees the arena; buffers still borrowing from it must not be used afterwards.
    mutating func deallocate() {
        base?.deallocate()
        base = nil
        size = 0
        offset = 0
    }
}
