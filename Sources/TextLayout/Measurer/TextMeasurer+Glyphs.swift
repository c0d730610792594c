import AutoLayout
import Foundation

/// Text laid out for drawing: the lines measurement produced, each with its baseline and its
/// glyphs in visual order, positioned in pixels from the top left of the text.
public struct LaidOutText: Sendable {
    /// A run of glyphs of one face and one direction.
    public struct Run: Sendable {
        public var face: FontFace
        /// The size in pixels.
        public var size: Double
        public var glyphs: [UInt32]
        /// Each glyph's origin, x from the line's visual start (its left), y from the baseline (down
        /// positive); x grows from glyph to glyph and from run to run.
        public var positions: [(x: Double, y: Double)]
        /// Whether each glyph is a word space (U+0020 or U+00A0), which justification stretches.
        public var isWordSpace: [Bool] = []
        /// Whether the run reads right to left (its glyphs come last character first).
        public var isRightToLeft = false
    }

    /// One line: its text in logical order, its runs in visual order.
    public struct Line: Sendable {
        public var text: String
        /// The measured width (the sum of the segment widths line breaking used).
        public var width: Double
        /// The baseline's distance from the top of the text.
        public var baseline: Double
        public var runs: [Run]
        /// Whether the line's paragraph reads right to left (``Bidi``): `natural` alignment then
        /// puts it on the right.
        public var isRightToLeft = false
        /// Whether the line is the last of its paragraph (a hard break or the end of the text follows
        /// it, or it is the truncated last line): justification leaves it as it is.
        public var endsParagraph = true
    }

    public var lines: [Line]
    public var lineHeight: Double
}

extension TextMeasurer {
    /// The lines of a text as ``lines(_:)`` breaks them (and truncates them), with their glyphs
    /// shaped by HarfBuzz from the same faces in visual order (``Bidi``), and baselines as
    /// ``measure(_:)`` places them.
    /// - Parameters:
    ///   - request: the text and its settings.
    ///   - direction: the base direction of paragraphs without a strong character (the label's
    ///     layout direction); a paragraph with one takes its first strong character's.
    public func laidOut(_ request: TextMeasureRequest, direction: LayoutDirection = .leftToRight) -> LaidOutText? {
        guard let font = resolve(request.font, language: request.language, category: request.contentSizeCategory) else {
            return nil
        }
        let m = lineMetrics(request, font)
        let text = request.text
        let placed = placedLines(request, font)
        let paragraphs = BidiParagraphs(text, level: direction == .rightToLeft ? -2 : -1)
        var lines: [LaidOutText.Line] = []
        for (k, line) in placed.enumerated() {
            let baseline = m.firstBaseline + Double(k) * m.lineHeight
            let start = text.utf8.index(text.startIndex, offsetBy: Int(line.start))
            let utf16Start = text.utf16.distance(from: text.startIndex, to: start)
            let rtl = paragraphs?.isRightToLeft(at: utf16Start) ?? (direction == .rightToLeft)
            var runs: [LaidOutText.Run] = []
            var x = 0.0
            let shown: String
            if let truncated = line.truncated {
                // A truncated line (an ellipsis added) is a paragraph of its own at its paragraph's level.
                shown = truncated
                let body = Self.withoutHangingSpaces(Substring(truncated))
                let own = BidiParagraphs(truncated, level: rtl ? 1 : 0)
                var visual = own?.visualRuns(0..<body.utf16.count) ?? []
                if visual.isEmpty && !body.isEmpty { visual = [(0..<body.utf16.count, rtl)] }
                for run in visual {
                    runs += glyphRuns(Self.slice(truncated, run.range), rightToLeft: run.isRightToLeft, font,
                                      language: request.language, x: &x)
                }
            } else {
                let end = text.utf8.index(text.startIndex, offsetBy: Int(line.end))
                shown = String(text[start..<end])
                let body = Self.withoutHangingSpaces(text[start..<end])
                let utf16End = utf16Start + body.utf16.count
                // Should ICU fail, the line is drawn as one run in its paragraph's direction.
                var visual = paragraphs?.visualRuns(utf16Start..<utf16End) ?? []
                if visual.isEmpty && utf16End > utf16Start { visual = [(utf16Start..<utf16End, rtl)] }
                for run in visual {
                    runs += glyphRuns(Self.slice(text, run.range), rightToLeft: run.isRightToLeft, font,
                                      language: request.language, x: &x)
                }
            }
            lines.append(LaidOutText.Line(text: shown, width: line.width, baseline: baseline, runs: runs,
                                          isRightToLeft: rtl, endsParagraph: line.endsParagraph))
        }
        glyphShapingCalls.withLock { $0 += lines.reduce(0) { $0 + $1.runs.count } }
        return LaidOutText(lines: lines, lineHeight: m.lineHeight)
    }

    /// A line to draw: its UTF-8 range in the text, or its own text when truncation made it.
    struct PlacedLine {
        var start, end: Int32
        var truncated: String?
        var width: Double
        var endsParagraph: Bool
    }

    /// The lines ``lines(_:)`` makes, as ranges of the text.
    func placedLines(_ request: TextMeasureRequest, _ font: ResolvedFont) -> [PlacedLine] {
        let prepared = prepare(request.text, font, language: request.language, charWrap: request.lineBreakMode == .byCharWrapping)
        let width = request.width.map(Double.init)
        var all: [PreparedText.Line] = []
        prepared.fill(width: width) { all.append($0) }
        var out = all.enumerated().map { k, line in
            PlacedLine(start: line.start, end: line.end, truncated: nil, width: line.width,
                       endsParagraph: k == all.count - 1 || all[k + 1].start != line.end)
        }
        let limit = request.numberOfLines
        if limit > 0, all.count > limit {
            out.removeLast(out.count - limit)
            let text = prepared.text
            let rest = text[text.utf8.index(text.startIndex, offsetBy: Int(all[limit - 1].start))...]
            let cut = truncate(rest, width: width, mode: request.lineBreakMode, font, language: request.language)
            out[limit - 1] = PlacedLine(start: all[limit - 1].start, end: all[limit - 1].end, truncated: cut.text,
                                        width: cut.width, endsParagraph: true)
        }
        return out
    }

    /// A line without the spaces and tabs that hang at its end (they take no room and are not drawn).
    static func withoutHangingSpaces(_ line: Substring) -> Substring {
        var end = line.endIndex
        while end > line.startIndex {
            let before = line.unicodeScalars.index(before: end)
            guard line.unicodeScalars[before] == " " || line.unicodeScalars[before] == "\t" else { break }
            end = before
        }
        return line[line.startIndex..<end]
    }

    /// The text between two UTF-16 offsets.
    static func slice(_ text: String, _ range: Range<Int>) -> Substring {
        text[String.Index(utf16Offset: range.lowerBound, in: text)..<String.Index(utf16Offset: range.upperBound, in: text)]
    }

    /// The glyph runs of one bidi run, split between faces per grapheme cluster as shaping for
    /// widths splits them, shaped in the run's direction and placed from `x` on, which it advances
    /// (a right-to-left run's faces in reverse order: its first characters are on its right).
    func glyphRuns(_ text: Substring, rightToLeft: Bool, _ font: ResolvedFont, language: String?,
                   x: inout Double) -> [LaidOutText.Run] {
        var parts: [(Substring, FontFace)] = []
        SegmentWidths.forEachFaceRun(text, font) { parts.append(($0, $1)) }
        if rightToLeft { parts.reverse() }
        var runs: [LaidOutText.Run] = []
        for (part, face) in parts {
            var run = LaidOutText.Run(face: face, size: font.size, glyphs: [], positions: [], isRightToLeft: rightToLeft)
            let scale = font.size / face.unitsPerEm
            let bytes = Array(part.utf8)
            for g in face.glyphs(of: part, language: language, features: SegmentWidths.features(of: face, font),
                                 rightToLeft: rightToLeft) {
                run.glyphs.append(g.id)
                run.positions.append((x + Double(g.xOffset) * scale, -Double(g.yOffset) * scale))
                let c = Int(g.cluster)
                run.isWordSpace.append(c < bytes.count && (bytes[c] == 0x20 || (bytes[c] == 0xC2 && c + 1 < bytes.count && bytes[c + 1] == 0xA0)))
                x += Double(g.xAdvance) * scale
            }
            runs.append(run)
        }
        return runs
    }
}
