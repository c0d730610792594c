/// Handles to C objects that are not thread-safe (ICU break iterators, HarfBuzz buffers), lent
/// to one thread at a time: opening one costs far more than a borrow.
///
/// Sendable unchecked because a pool lives inside a `Mutex` only, and a handle taken out of it is
/// used by the one thread that took it until it is put back.
struct Pool: @unchecked Sendable {
    private var handles: [OpaquePointer] = []

    /// A handle put back earlier, or nil when none is free.
    mutating func take() -> OpaquePointer? { handles.popLast() }

    /// Puts a handle back; false (and the handle is not kept) when the pool already holds `limit`.
    @discardableResult
    mutating func put(_ handle: OpaquePointer, limit: Int = .max) -> Bool {
        guard handles.count < limit else { return false }
        handles.append(handle)
        return true
    }
}
