/// A growable array of plain values with unchecked access in release builds, for the tableau's
/// hot storage: it never copies on write and never checks uniqueness, so the simplex loops run
/// without the runtime calls a Swift `Array` inside a struct costs.
///
/// The owner frees it with ``deallocate()`` exactly once; a `Buffer` must not be copied into a
/// second owner. Indices are checked by `assert`, so debug builds (and the tests) trap on misuse.
struct Buffer<Element: BitwiseCopyable>: RandomAccessCollection {
    private(set) var base: UnsafeMutablePointer<Element>?
    private(set) var count = 0
    private(set) var capacity = 0

    init() {}

    init(repeating value: Element, count: Int) {
        reserve(count)
        append(repeating: value, count: count)
    }

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    @inline(__always) subscript(i: Int) -> Element {
        get {
            assert(i >= 0 && i < count, "Buffer index \(i) out of 0..<\(count)")
            return base.unsafelyUnwrapped[i]
        }
        nonmutating set {
            assert(i >= 0 && i < count, "Buffer index \(i) out of 0..<\(count)")
            base.unsafelyUnwrapped[i] = newValue
        }
    }

    /// Makes room for at least `minimum` elements.
    mutating func reserve(_ minimum: Int) {
        guard minimum > capacity else { return }
        let newCapacity = Swift.max(minimum, capacity * 2, 8)
        let fresh = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        if let base {
            fresh.moveInitialize(from: base, count: count)
            base.deallocate()
        }
        base = fresh
        capacity = newCapacity
    }

    @inline(__always) mutating func append(_ x: Element) {
        if count == capacity { reserve(count + 1) }
        (base.unsafelyUnwrapped + count).initialize(to: x)
        count += 1
    }

    mutating func append(repeating x: Element, count n: Int) {
        reserve(count + n)
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
        base?.deallocate()
        base = nil
        count = 0
        capacity = 0
    }
}
