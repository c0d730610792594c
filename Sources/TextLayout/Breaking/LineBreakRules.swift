/// Where browsers break lines differently from raw UAX #14, applied to ICU's break opportunities.
/// One documented, replaceable unit:
/// - after a hyphen between letters and digits, as Blink's table for ASCII pairs allows
///   (`COVID-` / `19`), where UAX #14 (LB25) forbids it;
/// - never after `/` (URLs stay whole, as in Blink), where ICU allows a break before letters.
/// Everything else (no break at NBSP, soft hyphens, mandatory breaks at `\n` and U+2028, CJK breaks
/// between characters with their line-start and line-end prohibitions) is ICU's.
public enum LineBreakRules {
    static let hyphen: UInt8 = 0x2D, slash: UInt8 = 0x2F

    static func isASCIILetterOrDigit(_ c: UInt8) -> Bool {
        (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A)
    }

    /// - Parameter utf8: the text; offsets are UTF-8 (the rules look at ASCII only).
    static func tailor(_ breaks: [BreakOpportunity], _ text: UnsafeBufferPointer<UInt8>) -> [BreakOpportunity] {
        var out: [BreakOpportunity] = []
        out.reserveCapacity(breaks.count + 4)
        var k = 0
        var previous = 0
        func emit(_ b: BreakOpportunity) {
            // Never break right after a slash (except a mandatory break, or at the end).
            if !b.isHard, b.offset < text.count, b.offset > 0, text[b.offset - 1] == slash { return }
            out.append(b)
        }
        while k < breaks.count {
            let b = breaks[k]
            // Hyphens between the previous break and this one, with a letter or digit before and a
            // digit after: a break after each.
            if b.offset - previous >= 3 {
                var i = previous + 1
                while i < b.offset - 1 {
                    if text[i] == hyphen, isASCIILetterOrDigit(text[i - 1]), text[i + 1] >= 0x30, text[i + 1] <= 0x39 {
                        emit(BreakOpportunity(offset: i + 1, isHard: false))
                    }
                    i += 1
                }
            }
            emit(b)
            previous = b.offset
            k += 1
        }
        return out
    }
}
