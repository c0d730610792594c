import AutoLayout
import Testing
import TextLayout

/// Counting lines (`size`, on flat arrays) agrees with laying them out (`lines`) for every kind
/// of text: hard breaks, hanging spaces, words longer than the line, CJK with trimmable brackets.
@Suite struct PreparedTextTests {
    let measurer = TextMeasurer()
    let font = Font(family: "DejaVu Sans", size: 17)

    static let pieces = ["layout", "a", "cell's", "height", "  ", "\n", "supercalifragilisticexpialidocious", "COVID-19",
                         "https://example.com/a/b", "中文内容", "「引用」", "，", "end.", "\u{2028}", "\u{00AD}hy", "x"]

    @Test(arguments: 0..<40)
    func countingAgreesWithLayingOut(seed: Int) throws {
        var x = UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 &+ 7
        func next(_ n: Int) -> Int {
            x = x &* 6364136223846793005 &+ 1442695040888963407
            return Int((x >> 33) % UInt64(n))
        }
        var text = ""
        for _ in 0..<(1 + next(40)) {
            text += Self.pieces[next(Self.pieces.count)]
            if next(3) > 0 { text += " " }
        }
        let prepared = try #require(measurer.prepare(text, font: font))
        for width in [20.0, 57.5, 100, 180, 260, 343, 1000] {
            let lines = prepared.lines(width: width)
            let size = prepared.size(width: width)
            #expect(size.lineCount == lines.count, "\(text.debugDescription) at \(width)")
            #expect(abs(size.width - (lines.map(\.width).max() ?? 0)) < 1e-9, "\(text.debugDescription) at \(width)")
            for limit in [1, 2, 3] {
                let capped = prepared.size(width: width, maxLines: limit)
                #expect(capped.lineCount == min(limit, lines.count))
                #expect(abs(capped.width - (lines.prefix(limit).map(\.width).max() ?? 0)) < 1e-9)
            }
        }
    }
}

/// A measurer and its caches go away with their last user: prepared texts it keeps refer to its
/// width cache, not to it.
@Suite struct MeasurerLifetimeTests {
    @Test func aMeasurerIsFreed() throws {
        weak var gone: TextMeasurer?
        var kept: PreparedText?
        do {
            let measurer = TextMeasurer()
            gone = measurer
            kept = measurer.prepare("a text kept after its measurer, withaverylongwordthatmustbreak", font: Font(family: "DejaVu Sans", size: 17))
            _ = measurer.measure(TextMeasureRequest(text: "measured and cached", font: Font(), width: 100))
        }
        #expect(gone == nil)
        // The prepared text still lays out, over-long word included.
        #expect(try #require(kept).lineCount(width: 60) > 2)
    }
}
