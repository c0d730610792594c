/// A text segmented at its line break opportunities, with every segment measured: laying it out at
/// a width is arithmetic only, so a new width (rotation, split view) never shapes again.
///
/// Segments are kept as UTF-8 offsets and widths in flat arrays; ``lineCount(width:)`` and
/// ``size(width:)`` touch nothing else, and ``lines(width:)`` makes the line texts at the end.
public struct PreparedText: Sendable {
    public let text: String
    /// Per segment: where its text starts, where its body (without trailing spaces) ends, where
    /// its text (without a trailing newline) ends, and where the next segment starts, in UTF-8.
    let starts: [Int32]
    let bodyEnds: [Int32]
    let textEnds: [Int32]
    let ends: [Int32]
    /// Width with trailing spaces, and without (spaces hang at the end of a line).
    let widths: [Double]
    let fitWidths: [Double]
    /// Whether a mandatory break follows the segment.
    let hard: [Bool]
    /// What CSS `text-spacing-trim: normal` may take off a segment: half of a fullwidth opening
    /// bracket that starts a line, half of a fullwidth closing mark that ends a line if the line
    /// does not fit otherwise.
    let startTrims: [Double]
    let endTrims: [Double]
    /// Measures a prefix of an over-long segment, only when a line is too narrow for it.
    let measure: @Sendable (Substring) -> Double

    public var segmentCount: Int { widths.count }

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
    func fill(width: Double?, _ emit: (Line) -> Void) {
        // Widths compare in Blink's LayoutUnit, 1/64 px: a line 180.002 px wide fits in 180 px.
        let limit = width.map { ($0 * 64).rounded() / 64 + 1e-9 } ?? .infinity
        func exceeds(_ w: Double) -> Bool { (w * 64).rounded() / 64 > limit }
        var lineStart: Int32 = 0
        var lineEnd: Int32 = 0
        var lineWidth = 0.0
        var fitWidth = 0.0
        var emitted = false
        for k in 0..<widths.count {
            // A segment that starts a line sets its opening bracket half-width.
            let lead = lineWidth == 0 ? startTrims[k] : 0
            var fit = fitWidths[k] - lead
            if lineWidth > 0 && exceeds(lineWidth + fit) && !exceeds(lineWidth + fit - endTrims[k]) {
                // It fits with its closing mark set half-width at the end of the line.
                fit -= endTrims[k]
            }
            if lineWidth > 0 && exceeds(lineWidth + fit) {
                emit(Line(start: lineStart, end: lineEnd, width: fitWidth))
                emitted = true
                lineStart = lineEnd
                lineWidth = 0
                fitWidth = 0
                fit = fitWidths[k] - startTrims[k]
            }
            let full = widths[k] - (lineWidth == 0 ? startTrims[k] : 0) - (fitWidths[k] - (lineWidth == 0 ? startTrims[k] : 0) - fit)
            if lineWidth == 0 && exceeds(fit) && bodyEnds[k] > starts[k] {
                var rest = substring(starts[k], bodyEnds[k])
                if rest.count > 1 {
                    let base = starts[k]
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
                            lineWidth = w + (widths[k] - fitWidths[k])
                        } else {
                            emit(Line(start: lineStart, end: offset, width: w))
                            emitted = true
                            lineStart = offset
                        }
                    }
                    lineEnd = textEnds[k]
                } else {
                    fitWidth = fit
                    lineWidth = full
                    lineEnd = textEnds[k]
                }
            } else {
                fitWidth = lineWidth + fit
                lineWidth += full
                lineEnd = textEnds[k]
            }
            if hard[k] {
                emit(Line(start: lineStart, end: lineEnd, width: fitWidth))
                emitted = true
                lineStart = ends[k]
                lineEnd = ends[k]
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
}
