/// A text segmented at its line break opportunities, with every segment measured: laying it out at
/// a width is arithmetic only, so a new width (rotation, split view) never shapes again.
public struct PreparedText: Sendable {
    public let text: String
    /// Measures a prefix of an over-long segment, only when a line is too narrow for it.
    let measure: @Sendable (Substring) -> Double

    init(text: String, segments: [Segment], measure: @escaping @Sendable (Substring) -> Double) {
        self.text = text
        self.segments = segments
        self.measure = measure
    }

    struct Segment: Sendable {
        /// The segment's text without a trailing newline.
        let range: Range<String.Index>
        /// Where the segment's text ends without its trailing spaces.
        let bodyEnd: String.Index
        /// Where the next segment starts.
        let end: String.Index
        /// Width with trailing spaces, and without (spaces hang at the end of a line).
        let width: Double
        let fitWidth: Double
        let isHardBreak: Bool
    }

    let segments: [Segment]

    /// The lines at a width (nil: no limit), each with its text and its width without the spaces
    /// that hang at its end. Greedy, as browsers fill lines; a segment longer than a line breaks
    /// between grapheme clusters (overflow-wrap: break-word).
    public func lines(width: Double?) -> [(text: Substring, width: Double)] {
        let limit = width ?? .infinity
        var lines: [(text: Substring, width: Double)] = []
        var lineStart = text.startIndex
        var lineEnd = text.startIndex
        var lineWidth = 0.0
        var fitWidth = 0.0
        func endLine() {
            lines.append((text[lineStart..<lineEnd], fitWidth))
            lineStart = lineEnd
            lineWidth = 0
            fitWidth = 0
        }
        for s in segments {
            if lineWidth > 0 && lineWidth + s.fitWidth > limit + 1e-9 { endLine() }
            if lineWidth == 0 && s.fitWidth > limit + 1e-9 && text[s.range.lowerBound..<s.bodyEnd].count > 1 {
                // Longer than a line alone: break between grapheme clusters, each line taking as many
                // as fit (at least one).
                var rest = text[s.range.lowerBound..<s.bodyEnd]
                while !rest.isEmpty {
                    var taken = rest.index(after: rest.startIndex)
                    var w = measure(rest[rest.startIndex..<taken])
                    while taken < rest.endIndex {
                        let next = rest.index(after: taken)
                        let nw = measure(rest[rest.startIndex..<next])
                        if nw > limit + 1e-9 { break }
                        taken = next
                        w = nw
                    }
                    lineEnd = taken
                    fitWidth = w
                    lineWidth = w
                    rest = rest[taken...]
                    if !rest.isEmpty { endLine() }
                }
                lineEnd = s.range.upperBound
                lineWidth = fitWidth + (s.width - s.fitWidth)
            } else {
                fitWidth = lineWidth + s.fitWidth
                lineWidth += s.width
                lineEnd = s.range.upperBound
            }
            if s.isHardBreak {
                endLine()
                lineStart = s.end
                lineEnd = s.end
            }
        }
        if lineWidth > 0 || lines.isEmpty || lineStart < text.endIndex { lines.append((text[lineStart..<text.endIndex], fitWidth)) }
        return lines
    }
}
