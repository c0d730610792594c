import Foundation

/// A file written whole or not at all: the bytes go to a temporary file beside it, which
/// ``commit()`` flushes to disk and renames over the file, so that a reader finds the old file
/// or the new one, never part of one.
///
/// Rules:
/// 1. The temporary file is `.NAME.UUID.tmp` in the file's directory (a rename within one file
///    system is atomic), created exclusively with the process's umask. A path that names a device,
///    a FIFO or a directory is refused (a rename would replace it); a symbolic link is followed,
///    and the file it names replaced.
/// 2. Every write(2) is checked and retried after signals; the first failure (ENOSPC, EFBIG, EIO)
///    is kept, later writes are skipped, and ``commit()`` throws it.
/// 3. ``commit()`` fsyncs the file and checks its size before renaming it, and fsyncs the
///    directory after, so that a crash leaves the old file or the whole new one.
/// 4. A file not committed is removed: by ``discard()``, when it is released, and by the signal
///    handlers of `TemporaryFiles` if SIGINT, SIGTERM or SIGHUP ends the process first.
public final class AtomicFile {
    /// The file to replace.
    public let path: String
    /// The temporary file written until ``commit()``.
    public let temporaryPath: String
    /// The file renamed over: `path` with symbolic links resolved.
    private let target: String
    private var fd: Int32
    private var slot: Int?
    /// Whether the temporary file exists (not yet renamed or removed).
    private var isLive = true
    /// The first write error, as the system says it.
    public private(set) var failure: String?
    /// Bytes written so far.
    public private(set) var count = 0

    /// Creates the temporary file beside `path`.
    /// - Throws: ``RenderError/unwritable(path:reason:)`` when it cannot be created.
    public init(path: String) throws(RenderError) {
        self.path = path
        var existing = stat()
        if stat(path, &existing) == 0, existing.st_mode & S_IFMT != S_IFREG {
            throw .unwritable(path: path, reason: "not a regular file")
        }
        // A symbolic link stays; the file it names is replaced.
        target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        let directory = (target as NSString).deletingLastPathComponent
        temporaryPath = (directory.isEmpty ? "." : directory) + "/.\((target as NSString).lastPathComponent).\(UUID().uuidString).tmp"
        slot = TemporaryFiles.register(temporaryPath)
        fd = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard fd >= 0 else {
            let reason = String(cString: strerror(errno))
            if let slot { TemporaryFiles.unregister(slot) }
            slot = nil
            isLive = false
            throw .unwritable(path: path, reason: reason)
        }
    }

    deinit { discard() }

    /// Appends bytes (rule 2); false once a write has failed.
    @discardableResult
    public func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard failure == nil, fd >= 0 else { return false }
        let (written, error) = Self.writeAll(bytes, to: fd)
        count += written
        failure = error
        return error == nil
    }

    /// Writes all of `bytes` to a file descriptor with write(2), retrying after signals and
    /// after short writes: the bytes written, and the system's message for the first failure
    /// (nil when all were written). The command-line tool writes standard output through it too.
    public static func writeAll(_ bytes: UnsafeRawBufferPointer, to fd: Int32) -> (written: Int, failure: String?) {
        guard var p = bytes.baseAddress else { return (0, nil) }
        var left = bytes.count
        while left > 0 {
            let n = Foundation.write(fd, p, left)
            if n < 0 {
                if errno == EINTR { continue }
                return (bytes.count - left, String(cString: strerror(errno)))
            }
            p += n
            left -= n
        }
        return (bytes.count, nil)
    }

    /// Appends bytes (rule 2); false once a write has failed.
    @discardableResult
    public func write(_ bytes: [UInt8]) -> Bool { bytes.withUnsafeBytes { write($0) } }

    /// Flushes the file to disk and renames it over ``path`` (rule 3).
    /// - Throws: ``RenderError/unwritable(path:reason:)`` with the first write error, or the
    ///   error of fsync, close or rename; the temporary file is then removed and the old file kept.
    public func commit() throws(RenderError) {
        guard fd >= 0 else { throw .unwritable(path: path, reason: failure ?? "the file was discarded") }
        if failure == nil, fsync(fd) != 0 { failure = String(cString: strerror(errno)) }
        var status = stat()
        if failure == nil, fstat(fd, &status) == 0, Int(status.st_size) != count {
            failure = "wrote \(count) bytes, but the file holds \(status.st_size)"
        }
        let closed = close(fd)
        fd = -1
        if failure == nil, closed != 0 { failure = String(cString: strerror(errno)) }
        if let failure {
            discard()
            throw .unwritable(path: path, reason: failure)
        }
        if let slot { TemporaryFiles.unregister(slot) }
        slot = nil
        isLive = false
        guard rename(temporaryPath, target) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporaryPath)
            throw .unwritable(path: path, reason: reason)
        }
        let directory = (target as NSString).deletingLastPathComponent
        let dirfd = open(directory.isEmpty ? "." : directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dirfd >= 0 {
            fsync(dirfd)
            close(dirfd)
        }
    }

    /// Closes and removes the temporary file, if it was not committed (rule 4).
    public func discard() {
        if fd >= 0 {
            close(fd)
            fd = -1
        }
        guard isLive else { return }
        if let slot { TemporaryFiles.unregister(slot) }
        slot = nil
        isLive = false
        unlink(temporaryPath)
    }
}
