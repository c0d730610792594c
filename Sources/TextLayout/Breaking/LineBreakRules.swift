/// Line break opportunities as Chromium finds them (Blink's `LazyLineBreakIterator` with
/// `white-space: normal`, `line-break: auto`, `word-break: normal`), made from ICU's UAX #14
/// opportunities. One documented, replaceable unit; at each boundary between two code points, the
/// first step that applies decides:
///
/// 1. **Mandatory breaks** (after `\n`, U+2028...) are ICU's (UAX #14 LB4-LB6).
/// 2. **Inside a run of spaces** (space, tab, newline): no break.
/// 3. **After a run of spaces**: a break, whatever follows. Blink breaks before every space run and
///    hangs the spaces; UAX #14 forbids some of these (LB13-LB17: before `/`, `)`, `!`, `}` even after
///    spaces), which is why `while /var/mobile/...` moves the path to a line of its own in Chromium.
/// 4. **A hyphen before a digit**: a break only when a letter or digit comes before the hyphen
///    (`COVID-` / `19`, `2026-` / `11`), not after a minus sign (` -5`); UAX #14 LB25 forbids all.
/// 5. **Two printable ASCII characters**: Blink's ASCII table (`asciiBreaks`), and nothing else:
///    never after a letter, a digit or `/` (so paths, URLs, `snake_case`, `dotted.names` and
///    `user@example.com` stay whole), after `-` and `?` before letters, digits and most symbols,
///    and before an opening bracket after closing punctuation.
/// 6. **A character beyond ASCII on either side** (other than NO-BREAK SPACE): ICU's (UAX #14), so
///    CJK breaks between characters with their line-start and line-end prohibitions.
/// 7. **Otherwise** (ASCII beside a NO-BREAK SPACE, control characters): no break.
public enum LineBreakRules {
    /// Step 5's table, read from Blink's `kAsciiLineBreakTable`: for a character, the characters a
    /// line may start with after it (rows not listed allow none).
    package static let asciiBreaks: [Character: String] = {
        let openers = "(<[{"
        // What may follow `-` and `?`: letters, digits and most symbols.
        let word = "%&(*+-0123456789<=>@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\^_`abcdefghijklmnopqrstuvwxyz{|~"
        var rows: [Character: String] = ["-": "\"#'" + word, "?": "#$" + word]
        for c in "!\"#%&)*+,.:;=>\\]|}~" { rows[c] = openers }
        return rows
    }()

    /// ``asciiBreaks`` as a bit per (before, after) pair of bytes below 128.
    static let asciiTable: [Bool] = {
        var table = [Bool](repeating: false, count: 128 * 128)
        for (before, afters) in asciiBreaks {
            for after in afters { table[Int(before.asciiValue!) * 128 + Int(after.asciiValue!)] = true }
        }
        return table
    }()

    /// What the rules need to know of a code point: its byte when it is ASCII, ``nbsp`` for
    /// NO-BREAK SPACE, ``beyondASCII`` for any other.
    static let nbsp: UInt32 = 0xA0, beyondASCII: UInt32 = 0x100

    @inline(__always) static func isBreakableSpace(_ c: UInt32) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A }
    @inline(__always) static func isDigit(_ c: UInt32) -> Bool { c >= 0x30 && c <= 0x39 }
    @inline(__always) static func isAlphanumeric(_ c: UInt32) -> Bool {
        isDigit(c) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A)
    }

    /// Whether Blink asks ICU about a boundary beside this code point (step 6).
    @inline(__always) static func needsICU(_ c: UInt32) -> Bool { c > 0x7F && c != nbsp }

    /// Step 3 to 7 for the boundary between `last` and `ch` (`lastLast` before them); `icu`: whether
    /// ICU has a break there.
    @inline(__always)
    static func breaks(_ lastLast: UInt32, _ last: UInt32, _ ch: UInt32, icu: Bool) -> Bool {
        if isBreakableSpace(ch) { return false }                                   // 2
        if isBreakableSpace(last) { return true }                                  // 3
        if last == 0x2D && isDigit(ch) { return isAlphanumeric(lastLast) }         // 4
        if last >= 0x21 && last <= 0x7F && ch >= 0x21 && ch <= 0x7F {              // 5
            return asciiTable[Int(last) * 128 + Int(ch)]
        }
        if needsICU(ch) || needsICU(last) { return icu }                           // 6
        return false                                                               // 7
    }

    /// Chromium's break opportunities of a text, from ICU's.
    /// - Parameters:
    ///   - icu: ICU's opportunities (``BreakIterators/lineBreaks(_:)``), ending with the end.
    ///   - text: the text in UTF-8; the opportunities are UTF-8 offsets.
    /// - Returns: the opportunities in order, ending with the text's end.
    static func tailor(_ icu: [BreakOpportunity], _ text: UnsafeBufferPointer<UInt8>) -> [BreakOpportunity] {
        let n = text.count
        var out: [BreakOpportunity] = []
        out.reserveCapacity(icu.count + 4)
        guard n > 0 else { return icu }
        @inline(__always) func classify(_ i: Int) -> (UInt32, Int) {
            let b = text[i]
            if b < 0x80 { return (UInt32(b), 1) }
            let length = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : 2
            if b == 0xC2, i + 1 < n, text[i + 1] == 0xA0 { return (nbsp, 2) }
            return (beyondASCII, min(length, n - i))
        }
        var k = 0
        var lastLast: UInt32 = 0x20
        var (last, i) = classify(0)
        while i < n {
            // The common cases first (nothing mandatory breaks beside a space or printable ASCII):
            // a letter or digit then printable ASCII, no break (step 5's rows for letters and digits
            // are empty); a space, no break before it (step 2); printable ASCII after a space, a
            // break (step 3).
            let b = text[i]
            if b == 0x20 || (b > 0x20 && b < 0x7F && (last == 0x20 || isAlphanumeric(last))) {
                if b != 0x20 && last == 0x20 { out.append(BreakOpportunity(offset: i, isHard: false)) }
                lastLast = last
                last = UInt32(b)
                i += 1
                continue
            }
            let (ch, length) = classify(i)
            while k < icu.count && icu[k].offset < i { k += 1 }
            let atICU = k < icu.count && icu[k].offset == i
            if atICU && icu[k].isHard {
                out.append(BreakOpportunity(offset: i, isHard: true))                // 1
            } else if breaks(lastLast, last, ch, icu: atICU) {
                out.append(BreakOpportunity(offset: i, isHard: false))
            }
            lastLast = last
            last = ch
            i += length
        }
        out.append(BreakOpportunity(offset: n, isHard: icu.last.map { $0.offset == n && $0.isHard } ?? false))
        return out
    }

    /// The break opportunities line breaking uses for a text (not wrapping by characters): UTF-8
    /// offsets the text may break before, each with whether the break is mandatory, ending with
    /// the text's end.
    package static func opportunities(in text: String) -> [(offset: Int, isHard: Bool)] {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { p in
            tailor(BreakIterators.shared.lineBreaks(p), p).map { ($0.offset, $0.isHard) }
        }
    }
}
