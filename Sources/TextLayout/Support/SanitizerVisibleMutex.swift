#if SANITIZER_VISIBLE_LOCKS
import Glibc

/// The text stack's lock in a ThreadSanitizer build (`make tsan` compiles with
/// `-D SANITIZER_VISIBLE_LOCKS`): a `pthread_mutex_t`, which ThreadSanitizer intercepts.
///
/// Why: on Linux, `Synchronization.Mutex` waits in a futex on its contended path, inside the
/// uninstrumented standard library, so ThreadSanitizer does not see that a thread which waited
/// acquired the lock, and reports every contended critical section (the shaping-buffer and
/// break-iterator pools, the font caches) as a race. This type shadows `Mutex` within TextLayout
/// in that build only, so that the sanitizer checks what the locks protect; other builds use
/// `Synchronization.Mutex`.
final class Mutex<Value: ~Copyable>: @unchecked Sendable {
    private var value: Value
    private let lock: UnsafeMutablePointer<pthread_mutex_t>

    init(_ value: consuming Value) {
        self.value = value
        lock = .allocate(capacity: 1)
        pthread_mutex_init(lock, nil)
    }

    deinit {
        pthread_mutex_destroy(lock)
        lock.deallocate()
    }

    /// Runs `body` with the value, holding the lock.
    func withLock<Result, E: Error>(_ body: (inout Value) throws(E) -> Result) throws(E) -> Result {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return try body(&value)
    }
}
#endif
