/// Where browsers break lines differently from raw UAX #14, applied to ICU's break opportunities.
/// One documented, replaceable unit:
/// - after a hyphen between letters and digits, as Blink's table for ASCII pairs allows
///   (`COVID-` / `19`), where UAX #14 (LB25) forbids it;
/// - never after `/` (URLs stay whole, as in Blink), where ICU allows a break before letters.
/// Everything else (no break at NBSP, soft hyphens, mandatory breaks at `\n` and U+2028, CJK breaks
/// between characters with their line-start and line-end prohibitions) is ICU's.
public enum LineBreakRules {
    static let hyphen: UInt16 = 0x2D, slash: UInt16 = 0x2F

    static func isASCIILetterOrDigit(_ c: UInt16) -> Bool {
        (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A)
    }

    static func tailor(_ breaks: [BreakOpportunity], _ utf16: [UInt16]) -> [BreakOpportunity] {
        var set = Dictionary(uniqueKeysWithValues: breaks.map { ($0.offset, $0.isHard) })
        // A hyphen with a letter or digit before it and a digit after it: allow a break after it.
        if utf16.count >= 3 {
            for i in 1..<(utf16.count - 1) where utf16[i] == hyphen {
                let before = utf16[i - 1], after = utf16[i + 1]
                if isASCIILetterOrDigit(before) && after >= 0x30 && after <= 0x39 && set[i + 1] == nil { set[i + 1] = false }
            }
        }
        // Never break right after a slash.
        for i in 0..<utf16.count where utf16[i] == slash {
            if let hard = set[i + 1], !hard, i + 1 < utf16.count { set[i + 1] = nil }
        }
        return set.keys.sorted().map { BreakOpportunity(offset: $0, isHard: set[$0]!) }
    }
}
