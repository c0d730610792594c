/// A text segmented at its line break opportunities, with every segment measured: laying it out at
/// a width is arithmetic only, so a new width (rotation, split view) never shapes again.
///
/// Segments are kept as UTF-8 offsets and widths in flat arrays; ``lineCount(width:)`` and
/// ``size(width:maxLines:)`` touch nothing else, and ``lines(width:)`` makes the line texts at the end.
public struct PreparedText: Sendable {
    /// What a prepared text holds, in one object: copying a prepared text (out of a cache, into
    /// an array) costs one reference count.
    private final class Storage: Sendable {
        let text: String
        let segments: [Segment]
        let measure: @Sendable (Substring) -> Double
        /// Whether only the width ends lines: no segment has a bracket to trim (CJK punctuation)
        /// or a hard break after it.
        let breaksByWidthAlone: Bool
        /// The widest segment without its hanging spaces: a line at least this wide breaks none.
        let widestSegment: Double

        init(_ text: String, _ segments: [Segment], _ measure: @escaping @Sendable (Substring) -> Double) {
            self.text = text
            self.segments = segments
            self.measure = measure
            // One pass: this runs for every text prepared.
            var byWidth = true, widest = 0.0
            for s in segments {
                byWidth = byWidth && s.startTrim == 0 && s.endTrim == 0 && !s.hard
                widest = max(widest, s.fitWidth)
            }
            breaksByWidthAlone = byWidth
            widestSegment = widest
        }
    }

    private let storage: Storage

    public var text: String { storage.text }
    /// One segment: where its text starts, where its body (without trailing spaces) ends, where
    /// its text (without a trailing newline) ends and where the next segment starts, in UTF-8; its
    /// width with trailing spaces and without (spaces hang at the end of a line); what CSS
    /// `text-spacing-trim: normal` may take off it (half of a fullwidth opening bracket that starts
    /// a line, half of a fullwidth closing bracket that ends a line that does not fit otherwise);
    /// whether a mandatory break follows it.
    struct Segment: Sendable {
        var start, bodyEnd, textEnd, end: Int32
        var width, fitWidth, startTrim, endTrim: Double
        var hard: Bool
    }

    var segments: [Segment] { storage.segments }
    /// Measures a prefix of an over-long segment, only when a line is too narrow for it.
    var measure: @Sendable (Substring) -> Double { storage.measure }

    init(text: String, segments: [Segment], measure: @escaping @Sendable (Substring) -> Double) {
        storage = Storage(text, segments, measure)
    }

    public var segmentCount: Int { segments.count }

    func substring(_ from: Int32, _ to: Int32) -> Substring {
        let u = text.utf8
        let a = u.index(u.startIndex, offsetBy: Int(from)), b = u.index(u.startIndex, offsetBy: Int(to))
        return text[a..<b]
    }

    /// One laid-out line: UTF-8 offsets of its text and its width without hanging spaces.
    struct Line {
        var start: Int32
        var end: Int32
        var width: Double
    }

    /// Greedy line filling, as browsers do; a segment longer than a line breaks between grapheme
    /// clusters (overflow-wrap: break-word). Calls `emit` for each line.
    @inline(__always)
    func fill(width: Double?, _ emit: (Line) -> Void) {
        let lineFit = LineFit(width: width)
        @inline(__always) func exceeds(_ w: Double) -> Bool { lineFit.exceeds(w) }
        var lineStart: Int32 = 0
        var lineEnd: Int32 = 0
        var lineWidth = 0.0
        var fitWidth = 0.0
        var emitted = false
        for seg in segments {
            // A segment that starts a line sets its opening bracket half-width.
            let lead = lineWidth == 0 ? seg.startTrim : 0
            var fit = seg.fitWidth - lead
            if lineWidth > 0 && exceeds(lineWidth + fit) && !exceeds(lineWidth + fit - seg.endTrim) {
                // It fits with its closing bracket set half-width at the end of the line.
                fit -= seg.endTrim
            }
            if lineWidth > 0 && exceeds(lineWidth + fit) {
                emit(Line(start: lineStart, end: lineEnd, width: fitWidth))
                emitted = true
                lineStart = lineEnd
                lineWidth = 0
                fitWidth = 0
                fit = seg.fitWidth - seg.startTrim
            }
            let full = seg.width - (seg.fitWidth - fit)
            if lineWidth == 0 && exceeds(fit) && seg.bodyEnd > seg.start {
                var rest = substring(seg.start, seg.bodyEnd)
                if rest.count > 1 {
                    let base = seg.start
                    while !rest.isEmpty {
                        var taken = rest.index(after: rest.startIndex)
                        var w = measure(rest[rest.startIndex..<taken])
                        while taken < rest.endIndex {
                            let next = rest.index(after: taken)
                            let nw = measure(rest[rest.startIndex..<next])
                            if exceeds(nw) { break }
                            taken = next
                            w = nw
                        }
                        let offset = base + Int32(text.utf8.distance(from: text.utf8.index(text.utf8.startIndex, offsetBy: Int(base)), to: taken))
                        rest = rest[taken...]
                        if rest.isEmpty {
                            fitWidth = w
                            lineWidth = w + (seg.width - seg.fitWidth)
                        } else {
                            emit(Line(start: lineStart, end: offset, width: w))
                            emitted = true
                            lineStart = offset
                        }
                    }
                    lineEnd = seg.textEnd
                } else {
                    fitWidth = fit
                    lineWidth = full
                    lineEnd = seg.textEnd
                }
            } else {
                fitWidth = lineWidth + fit
                lineWidth += full
                lineEnd = seg.textEnd
            }
            if seg.hard {
                emit(Line(start: lineStart, end: lineEnd, width: fitWidth))
                emitted = true
                lineStart = seg.end
                lineEnd = seg.end
                lineWidth = 0
                fitWidth = 0
            }
        }
        let total = Int32(text.utf8.count)
        if lineWidth > 0 || !emitted || lineStart < total { emit(Line(start: lineStart, end: max(lineEnd, lineStart), width: fitWidth)) }
    }

    /// The lines at a width (nil: no limit), each with its text and its width without the spaces
    /// that hang at its end.
    public func lines(width: Double?) -> [(text: Substring, width: Double)] {
        var out: [(text: Substring, width: Double)] = []
        fill(width: width) { line in out.append((substring(line.start, line.end), line.width)) }
        return out
    }

    /// How many lines the text takes at a width (at most `maxLines` when above 0), and the widest
    /// of those lines.
    public func size(width: Double?, maxLines: Int = 0) -> (lineCount: Int, width: Double) {
        let counted = countLines(LineFit(width: width))
        if let counted, maxLines <= 0 || counted.lineCount <= maxLines { return counted }

        var count = 0
        var widest = 0.0
        fill(width: width) { line in
            guard maxLines <= 0 || count < maxLines else { return }
            count += 1
            widest = max(widest, line.width)
        }
        return (count, widest)
    }

    /// How many lines the text takes at a width.
    public func lineCount(width: Double?) -> Int { size(width: width).lineCount }

    /// The lines ``fill(width:_:)`` would make and the widest of them, counted with one add and
    /// one compare per segment, when only the width ends lines and every segment fits on a line
    /// of its own; nil otherwise.
    private func countLines(_ fit: LineFit) -> (lineCount: Int, width: Double)? {
        guard storage.breaksByWidthAlone && fit.fits(storage.widestSegment) else { return nil }
        return storage.segments.withUnsafeBufferPointer { segs in
            // A line always follows the last break (and an empty text is one line).
            var count = 1
            var widest = 0.0
            var lineWidth = 0.0
            var fitWidth = 0.0
            for seg in segs {
                if fit.exceeds(lineWidth + seg.fitWidth) {
                    count += 1
                    widest = max(widest, fitWidth)
                    lineWidth = 0
                }
                fitWidth = lineWidth + seg.fitWidth
                lineWidth += seg.width
            }
            return (count, max(widest, fitWidth))
        }
    }
}
