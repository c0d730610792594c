import AutoLayout

/// Segmentation: a text split at its break opportunities (ICU's, as ``LineBreakRules`` tailor
/// them, or every grapheme cluster when wrapping by characters), each segment measured once.
extension TextMeasurer {
    /// The width of a segment in pixels (see ``SegmentWidths``).
    func width(of segment: Substring, _ font: ResolvedFont, language: String?) -> Double {
        widths.width(of: segment, font, language: language)
    }

    /// The width of the UTF-8 bytes `[start, end)`, from the cache or shaped.
    func width(bytes: UnsafeBufferPointer<UInt8>, _ start: Int32, _ end: Int32, _ font: ResolvedFont, language: String?) -> Double {
        widths.width(bytes: bytes, start, end, font, language: language)
    }

    /// Segments wider than this many ems keep their cluster advances from preparation (URLs,
    /// paths, long compounds, 170 px at 17 px): phone widths break inside them. A narrower segment
    /// that a line is too narrow for measures them the first time, once (prose has many words of
    /// 6 to 10 ems, which a label rarely breaks: measuring them all would cost every preparation
    /// a fifth more).
    static let longSegmentEms = 10.0

    /// Segments a text and measures its segments (a new prepared text, kept nowhere).
    func makePrepared(_ text: String, _ font: ResolvedFont, language: String?, charWrap: Bool) -> PreparedText {
        let bytes = Array(text.utf8)
        let breaks = charWrap ? graphemeBreaks(text) : bytes.withUnsafeBufferPointer { p in
            LineBreakRules.tailor(BreakIterators.shared.lineBreaks(p), p)
        }
        let n = breaks.count
        var segments: [PreparedText.Segment] = []
        segments.reserveCapacity(n)
        var previous: Int32 = 0
        let spaceWidth = width(of: " ", font, language: language), tabWidth = width(of: "\t", font, language: language)
        var clusters: [ClusterAdvances] = []
        let longSegment = font.size * TextMeasurer.longSegmentEms
        bytes.withUnsafeBufferPointer { p in
            for b in breaks {
                let start = previous, end = Int32(b.offset)
                previous = end
                // A hard break's newline takes no room and belongs to no line.
                var textEnd = end
                while textEnd > start {
                    let c = p[Int(textEnd) - 1]
                    if c == 0x0A || c == 0x0D || c == 0x0B || c == 0x0C {
                        textEnd -= 1
                    } else if c == 0xA8 || c == 0xA9, textEnd - start >= 3, p[Int(textEnd) - 3] == 0xE2,
                              p[Int(textEnd) - 2] == 0x80 {
                        textEnd -= 3   // U+2028, U+2029
                    } else if textEnd - start >= 2, c == 0x85, p[Int(textEnd) - 2] == 0xC2 {
                        textEnd -= 2   // U+0085
                    } else {
                        break
                    }
                }
                var bodyEnd = textEnd
                while bodyEnd > start, p[Int(bodyEnd) - 1] == 0x20 || p[Int(bodyEnd) - 1] == 0x09 { bodyEnd -= 1 }
                // The body is shaped; the spaces after it, which hang at a line's end, add their own
                // advances (one look-up per segment instead of two).
                // A soft hyphen is invisible inside a line; a line that breaks at it shows a hyphen.
                let softHyphen = bodyEnd == textEnd && bodyEnd - start >= 2 && p[Int(bodyEnd) - 2] == 0xC2
                    && p[Int(bodyEnd) - 1] == 0xAD
                let shaped = softHyphen ? bodyEnd - 2 : bodyEnd
                var fit = shaped > start ? width(bytes: p, start, shaped, font, language: language) : 0
                var full = fit
                if softHyphen {
                    // Shaped with the hyphen it shows, kerning included.
                    let withHyphen = Array(UnsafeBufferPointer(rebasing: p[Int(start)..<Int(shaped)])) + [0x2D]
                    fit = withHyphen.withUnsafeBufferPointer { width(bytes: $0, 0, Int32($0.count), font, language: language) }
                }
                var i = bodyEnd
                while i < textEnd {
                    full += p[Int(i)] == 0x20 ? spaceWidth : tabWidth
                    i += 1
                }
                var segment = PreparedText.Segment(
                    start: start, bodyEnd: bodyEnd, textEnd: textEnd, end: end, width: full, fitWidth: fit,
                    endTrim: closingTrim(p, start, bodyEnd, font),
                    hard: b.isHard && b.offset < bytes.count)
                segment.hyphenBeforeDigit = textEnd == end && end > start && Int(end) < p.count && p[Int(end) - 1] == 0x2D
                    && p[Int(end)] >= 0x30 && p[Int(end)] <= 0x39
                if fit > longSegment && bodyEnd - start > 1 {
                    // Long enough that common widths break inside it: its cluster advances now.
                    segment.clusters = Int32(clusters.count)
                    clusters.append(widths.clusterAdvances(bytes: p, start, bodyEnd, font, language: language))
                }
                segments.append(segment)
            }
            addKerningAcrossBreaks(&segments, p, font, language: language)
        }
        return PreparedText(text: text, segments: segments, clusters: clusters) { [widths] start, end in
            let bytes = Array(text.utf8)
            return bytes.withUnsafeBufferPointer { widths.clusterAdvances(bytes: $0, start, end, font, language: language) }
        }
    }

    /// Adds to the width of a segment that the next one follows without a space (after a hyphen,
    /// `?`) the kerning between them, as Blink measures a line from the shaping of the whole
    /// paragraph: the pair's advance in context, not each alone. Only the width a line has when it
    /// continues after the segment changes; a line that ends there has the segment's own width
    /// (Blink shapes a line's end again where a break is not safe, dropping the pair's kerning).
    /// Printable ASCII pairs in the primary face only: hyphenated words and URLs, which kern.
    func addKerningAcrossBreaks(_ segments: inout [PreparedText.Segment], _ p: UnsafeBufferPointer<UInt8>,
                                _ font: ResolvedFont, language: String?) {
        guard font.primary.coversASCII, segments.count > 1 else { return }
        for k in 0..<(segments.count - 1) {
            let seg = segments[k]
            let end = Int(seg.end)
            guard seg.bodyEnd == seg.end, end >= 1, end < p.count, !seg.hard else { continue }
            let a = p[end - 1], b = p[end]
            guard a > 0x20 && a < 0x7F && b > 0x20 && b < 0x7F else { continue }
            let pair = width(bytes: p, Int32(end - 1), Int32(end + 1), font, language: language)
            let alone = width(bytes: p, Int32(end - 1), Int32(end), font, language: language)
                + width(bytes: p, Int32(end), Int32(end + 1), font, language: language)
            segments[k].width += pair - alone
        }
    }

    /// A break after every grapheme cluster; newlines stay mandatory breaks.
    func graphemeBreaks(_ text: String) -> [BreakOpportunity] {
        var out: [BreakOpportunity] = []
        var offset = 0
        for c in text {
            offset += c.utf8.count
            out.append(BreakOpportunity(offset: offset, isHard: c.isNewline))
        }
        if out.isEmpty { out.append(BreakOpportunity(offset: 0, isHard: false)) }
        return out
    }

    /// Fullwidth closing brackets, set half-width at the end of a line that does not fit otherwise
    /// (CSS Text 4 `text-spacing-trim: normal`, Chromium's default; commas and stops keep their
    /// width). Opening brackets keep theirs at a line's start: `normal` does not trim there (only
    /// `trim-start` and `space-first` do), as Chromium's line counts confirm.
    static let closingPunctuation: Set<UInt32> = [0xFF09, 0x300D, 0x300F, 0x3011, 0x3009, 0x300B, 0x3015, 0x3017, 0xFF3D, 0xFF5D]

    /// Half the advance of the fullwidth closing bracket that ends `[start, end)`, else 0.
    func closingTrim(_ p: UnsafeBufferPointer<UInt8>, _ start: Int32, _ end: Int32, _ font: ResolvedFont) -> Double {
        guard end - start >= 3 else { return 0 }
        // Fullwidth punctuation is 3 bytes in UTF-8 (U+3000...U+FFFF).
        let at = Int(end) - 3
        let b0 = UInt32(p[at]), b1 = UInt32(p[at + 1]), b2 = UInt32(p[at + 2])
        guard b0 & 0xF0 == 0xE0, b1 & 0xC0 == 0x80, b2 & 0xC0 == 0x80 else { return 0 }
        let scalar = (b0 & 0x0F) << 12 | (b1 & 0x3F) << 6 | (b2 & 0x3F)
        guard TextMeasurer.closingPunctuation.contains(scalar) else { return 0 }
        return width(bytes: p, Int32(at), Int32(at + 3), font, language: nil) / 2
    }
}
