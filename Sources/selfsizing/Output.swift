import Foundation
import Rendering

/// Standard output and standard error, written with write(2) and checked.
///
/// Every byte the commands print goes through here, so that a full device, a closed pipe or a
/// closed descriptor is an error exit naming the system's error (ENOSPC, EPIPE, EBADF), never a
/// trap (`FileHandle.write(_:)` traps on Linux) nor a lost, buffered `print` with exit 0.
enum Output {
    /// Writes `text` to standard output, whole, retrying after signals.
    /// - Throws: a ``CLIError`` naming the system's error.
    static func write(_ text: String) throws {
        if let failure = write(text, to: STDOUT_FILENO) {
            throw CLIError("cannot write to standard output: \(failure)")
        }
    }

    /// Writes `text` and a newline to standard output, as `print` would.
    static func line(_ text: String) throws { try write(text + "\n") }

    /// Writes `text` to standard error; a failure there has nowhere to be reported, so it is ignored.
    static func error(_ text: String) { _ = write(text, to: STDERR_FILENO) }

    /// A closed pipe is an error of write(2) to report, not a signal that ends the process: set
    /// once, before the first write.
    private static let ignoringBrokenPipes: Void = { signal(SIGPIPE, SIG_IGN) }()

    /// Writes the whole text to `fd`; the system's message on failure, nil on success.
    private static func write(_ text: String, to fd: Int32) -> String? {
        _ = ignoringBrokenPipes
        var text = text
        return text.withUTF8 { AtomicFile.writeAll(UnsafeRawBufferPointer($0), to: fd).failure }
    }
}
