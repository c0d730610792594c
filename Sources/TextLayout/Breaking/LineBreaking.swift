import CICUShim
import Foundation
import Synchronization

/// A break opportunity: the text may break before this UTF-8 offset; `isHard` for a mandatory
/// break (a newline, U+2028...).
struct BreakOpportunity: Equatable {
    var offset: Int
    var isHard: Bool
}

/// ICU line break iterators, pooled: an iterator is not thread-safe and opening one costs far more
/// than a break look-up.
final class BreakIterators: Sendable {
    static let shared = BreakIterators()

    private let iterators = Mutex(Pool())

    private func borrow() -> OpaquePointer? {
        iterators.withLock { $0.take() } ?? cicu_line_breaker_open("")
    }

    private func giveBack(_ it: OpaquePointer) {
        _ = iterators.withLock { $0.put(it) }
    }

    /// The line break opportunities of UTF-8 text (UAX #14 as ICU implements it), ending with the
    /// end.
    func lineBreaks(_ utf8: UnsafeBufferPointer<UInt8>) -> [BreakOpportunity] {
        guard !utf8.isEmpty, let it = borrow() else { return [BreakOpportunity(offset: utf8.count, isHard: false)] }
        defer { giveBack(it) }
        var out: [BreakOpportunity] = []
        out.reserveCapacity(utf8.count / 5 + 2)
        guard cicu_breaker_set_utf8(it, utf8.baseAddress, Int32(utf8.count)) == 0 else {
            return [BreakOpportunity(offset: utf8.count, isHard: false)]
        }
        var b = cicu_breaker_first(it)
        while b >= 0 {
            let status = cicu_breaker_rule_status(it)
            out.append(BreakOpportunity(offset: Int(b), isHard: status >= 100 && status < 200))
            b = cicu_breaker_next(it)
        }
        if out.last?.offset != utf8.count { out.append(BreakOpportunity(offset: utf8.count, isHard: false)) }
        return out
    }
}
