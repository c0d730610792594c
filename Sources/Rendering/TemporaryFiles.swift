import Foundation
import Synchronization

/// The temporary files an ``AtomicFile`` has open, removed if the process is interrupted
/// (SIGINT, SIGTERM, SIGHUP) before they are renamed into place or removed.
///
/// Rules:
/// 1. The handlers are installed once, on the first registration, for each of the three signals
///    whose action is still the default (a signal the parent had ignored stays ignored), and the
///    three are unblocked in the registering thread.
/// 2. A handler only does what is async-signal-safe: it reads the registered paths from memory
///    allocated up front, unlink(2)s them, restores the default action and raises the signal again,
///    so the process ends as the signal says (the shell sees 128 + the signal's number).
/// 3. A path is copied into a free slot before the slot is marked used (a fence between), and the
///    slot is marked free before the file is renamed or removed, so a handler never reads half a
///    path. There are ``capacity`` slots; a file registered beyond them is not removed on a signal
///    (a process writes one output file at a time).
/// 4. A file-size limit (`ulimit -f`) is an error of write(2) to report (EFBIG), not SIGXFSZ ending
///    the process with its temporary file left behind: SIGXFSZ is ignored when it is at its default.
enum TemporaryFiles {
    /// How many temporary files can be registered at once.
    static let capacity = 16
    /// Bytes of a slot: a path and its terminating NUL.
    static let slotSize = Int(PATH_MAX) + 1

    /// `capacity` slots of `slotSize` bytes; allocated once and never freed.
    nonisolated(unsafe) private static let paths = UnsafeMutablePointer<CChar>.allocate(capacity: capacity * slotSize)
    /// Whether each slot holds a live path (1) or is free (0).
    nonisolated(unsafe) private static let used: UnsafeMutablePointer<Int32> = {
        let p = UnsafeMutablePointer<Int32>.allocate(capacity: capacity)
        p.initialize(repeating: 0, count: capacity)
        return p
    }()
    private static let lock = Mutex<Void>(())

    /// The signals whose handler removes the registered files.
    private static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// Rule 1 and rule 4, once.
    private static let handlersInstalled: Void = {
        // The handler reads these: made before it can run, so that it never initializes a global.
        _ = (paths, used)
        for sig in signals {
            var old = sigaction()
            guard sigaction(sig, nil, &old) == 0, old.__sigaction_handler.sa_handler == nil else { continue }
            var action = sigaction()
            action.__sigaction_handler.sa_handler = removeAndReraise
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(sig, &action, nil)
        }
        var old = sigaction()
        if sigaction(SIGXFSZ, nil, &old) == 0, old.__sigaction_handler.sa_handler == nil { signal(SIGXFSZ, SIG_IGN) }
        // A mask inherited blocked (a test runner's threads block nearly every signal, and a
        // spawned process keeps its mask) would hold the signals back until the process ends.
        var handled = sigset_t()
        sigemptyset(&handled)
        for sig in signals { sigaddset(&handled, sig) }
        pthread_sigmask(SIG_UNBLOCK, &handled, nil)
    }()

    /// Registers a temporary file's path; the slot to give ``unregister(_:)``, nil when every slot
    /// is taken or the path is too long.
    static func register(_ path: String) -> Int? {
        _ = handlersInstalled
        let bytes = Array(path.utf8CString)
        guard bytes.count <= slotSize else { return nil }
        return lock.withLock { _ -> Int? in
            guard let slot = (0..<capacity).first(where: { used[$0] == 0 }) else { return nil }
            bytes.withUnsafeBufferPointer { (paths + slot * slotSize).update(from: $0.baseAddress!, count: bytes.count) }
            atomicMemoryFence(ordering: .sequentiallyConsistent)
            used[slot] = 1
            atomicMemoryFence(ordering: .sequentiallyConsistent)
            return slot
        }
    }

    /// Frees a slot: its file is about to be renamed into place or removed.
    static func unregister(_ slot: Int) {
        lock.withLock { _ in
            used[slot] = 0
            atomicMemoryFence(ordering: .sequentiallyConsistent)
        }
    }

    /// Rule 2: unlinks every registered path, then ends the process by the same signal.
    private static let removeAndReraise: @convention(c) (Int32) -> Void = { sig in
        for slot in 0..<TemporaryFiles.capacity where TemporaryFiles.used[slot] != 0 {
            atomicMemoryFence(ordering: .sequentiallyConsistent)
            unlink(TemporaryFiles.paths + slot * TemporaryFiles.slotSize)
        }
        signal(sig, SIG_DFL)
        raise(sig)
    }
}
