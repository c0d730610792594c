import AutoLayout
import Foundation

/// Text laid out for drawing: the lines measurement produced, each with its baseline and its
/// glyphs, positioned in pixels from the top left of the text.
public struct LaidOutText: Sendable {
    /// A run of glyphs of one face.
    public struct Run: Sendable {
        public var face: FontFace
        /// The size in pixels.
        public var size: Double
        public var glyphs: [UInt32]
        /// Each glyph's origin, x from the line's start, y from the baseline (down positive).
        public var positions: [(x: Double, y: Double)]
    }

    public struct Line: Sendable {
        public var text: String
        /// The measured width (the sum of the segment widths line breaking used).
        public var width: Double
        /// The baseline's distance from the top of the text.
        public var baseline: Double
        public var runs: [Run]
    }

    public var lines: [Line]
    public var lineHeight: Double
}

extension TextMeasurer {
    /// The lines of a text as ``lines(_:)`` breaks them (and truncates them), with their glyphs
    /// shaped by HarfBuzz from the same faces, and baselines as ``measure(_:)`` places them.
    public func laidOut(_ request: TextMeasureRequest) -> LaidOutText? {
        guard let font = resolve(request.font, language: request.language, category: request.contentSizeCategory) else {
            return nil
        }
        let m = lineMetrics(request, font)
        var lines: [LaidOutText.Line] = []
        for (k, line) in self.lines(request).enumerated() {
            let baseline = m.firstBaseline + Double(k) * m.lineHeight
            lines.append(LaidOutText.Line(text: line.text, width: line.width, baseline: baseline,
                                          runs: runs(Substring(line.text), font, language: request.language)))
        }
        return LaidOutText(lines: lines, lineHeight: m.lineHeight)
    }

    /// A line's glyph runs, split between the primary and the fallback face as shaping for
    /// widths splits them.
    func runs(_ text: Substring, _ font: ResolvedFont, language: String?) -> [LaidOutText.Run] {
        var runs: [LaidOutText.Run] = []
        var x = 0.0
        func add(_ part: Substring, _ face: FontFace) {
            let glyphs = face.glyphs(of: part, language: language, features: face === font.primary ? [] : TextMeasurer.cjkFeatures)
            var run = LaidOutText.Run(face: face, size: font.size, glyphs: [], positions: [])
            let scale = font.size / face.unitsPerEm
            for g in glyphs {
                run.glyphs.append(g.id)
                run.positions.append((x + Double(g.xOffset) * scale, -Double(g.yOffset) * scale))
                x += Double(g.xAdvance) * scale
            }
            runs.append(run)
        }
        var runStart = text.startIndex
        var runFace: FontFace?
        var i = text.startIndex
        while i < text.endIndex {
            let scalar = text.unicodeScalars[i]
            let face = font.primary.hasGlyph(for: scalar) || scalar.properties.isWhitespace ? font.primary
                : (font.fallback.map { $0.hasGlyph(for: scalar) ? $0 : font.primary } ?? font.primary)
            if let current = runFace, current !== face {
                add(text[runStart..<i], current)
                runStart = i
            }
            runFace = face
            i = text.unicodeScalars.index(after: i)
        }
        if let current = runFace { add(text[runStart..<text.endIndex], current) }
        return runs
    }
}
