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
        SegmentWidths.forEachFaceRun(text, font) { part, face in
            var run = LaidOutText.Run(face: face, size: font.size, glyphs: [], positions: [])
            let scale = font.size / face.unitsPerEm
            for g in face.glyphs(of: part, language: language, features: SegmentWidths.features(of: face, font)) {
                run.glyphs.append(g.id)
                run.positions.append((x + Double(g.xOffset) * scale, -Double(g.yOffset) * scale))
                x += Double(g.xAdvance) * scale
            }
            runs.append(run)
        }
        glyphShapingCalls.withLock { $0 += runs.count }
        return runs
    }
}
