import Foundation

/// A deterministic measurer for tests and benchmarks, like the test font of Yoga's suite: every
/// character advances the same distance, lines have a fixed height and baseline, and lines break
/// greedily at spaces (a word longer than the line stays whole); a character is a Unicode scalar. It is not typesetting: use
/// TextLayout's measurer for real text.
public struct MonospaceTextMeasurer: TextMeasuring {
    public var advance: CGFloat
    public var lineHeight: CGFloat
    public var ascent: CGFloat

    public init(advance: CGFloat = 7, lineHeight: CGFloat = 20, ascent: CGFloat = 16) {
        self.advance = advance
        self.lineHeight = lineHeight
        self.ascent = ascent
    }

    public func measure(_ request: TextMeasureRequest) -> TextMeasurement {
        var lines: [CGFloat] = []
        var current: CGFloat = 0
        var started = false
        var wordLength = 0
        func endWord() {
            guard wordLength > 0 else { return }
            let w = CGFloat(wordLength) * advance
            if !started {
                current = w
                started = true
            } else if let limit = request.width, current + advance + w > limit {
                lines.append(current)
                current = w
            } else {
                current += advance + w
            }
            wordLength = 0
        }
        // Characters are counted as UTF-8 lead bytes: one advance per scalar.
        for byte in request.text.utf8 {
            if byte == 0x20 {
                endWord()
            } else if byte & 0xC0 != 0x80 {
                wordLength += 1
            }
        }
        endWord()
        lines.append(current)
        if request.numberOfLines > 0 && lines.count > request.numberOfLines {
            lines.removeLast(lines.count - request.numberOfLines)
        }
        let width = min(lines.max() ?? 0, request.width ?? .infinity)
        let height = CGFloat(lines.count) * lineHeight
        return TextMeasurement(size: CGSize(width: width, height: height), firstBaseline: ascent,
                               lastBaseline: height - lineHeight + ascent, lineCount: lines.count)
    }
}
