/// A text segmented at its line break opportunities, with every segment measured: laying it out at
/// a width is arithmetic only, so a new width (rotation, split view) never shapes again.
public struct PreparedText: Sendable {
    public let text: String

    struct Segment: Sendable {
        /// The segment's text without a trailing newline.
        let range: Range<String.Index>
        /// Where the next segment starts.
        let end: String.Index
        /// Width with trailing spaces, and without (spaces hang at the end of a line).
        let width: Double
        let fitWidth: Double
        /// The width up to the end of each grapheme cluster (empty for a single cluster).
        let clusterWidths: [Double]
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
            if lineWidth == 0 && s.fitWidth > limit + 1e-9 && !s.clusterWidths.isEmpty {
                var consumed = 0.0
                var index = text[s.range].startIndex
                var k = 0
                let body = text[s.range]
                while k < s.clusterWidths.count {
                    var taken = k
                    while taken < s.clusterWidths.count && (s.clusterWidths[taken] - consumed <= limit + 1e-9 || taken == k) {
                        taken += 1
                    }
                    let end = body.index(index, offsetBy: taken - k)
                    lineEnd = end
                    fitWidth = s.clusterWidths[taken - 1] - consumed
                    lineWidth = fitWidth
                    consumed = s.clusterWidths[taken - 1]
                    index = end
                    k = taken
                    if k < s.clusterWidths.count { endLine() }
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
