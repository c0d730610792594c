import Foundation
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

    /// Without hard breaks or brackets, and at widths every word fits in, lines are counted by
    /// a short loop; the others by laying them out.
    static let plainPieces = ["layout", "a", "cell's", "height", "  ", "COVID-19", "end.", "x", "\u{00AD}hy", "self-sizing"]

    @Test(arguments: 0..<40, [false, true])
    func countingAgreesWithLayingOut(seed: Int, plain: Bool) throws {
        let pieces = plain ? Self.plainPieces : Self.pieces
        var x = UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 &+ 7
        func next(_ n: Int) -> Int {
            x = x &* 6364136223846793005 &+ 1442695040888963407
            return Int((x >> 33) % UInt64(n))
        }
        var text = ""
        for _ in 0..<(1 + next(40)) {
            text += pieces[next(pieces.count)]
            if next(3) > 0 { text += " " }
        }
        let prepared = try #require(measurer.prepare(text, font: font))
        for width in [20.0, 57.5, 100, 133.3, 180, 260, 343, 1000] {
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

/// Measuring with a context (what a label keeps) gives what measuring without one gives, through
/// changes of text, font, category, line breaking and measurer.
@Suite struct MeasuringContextTests {
    @Test func aContextChangesNothing() {
        let measurers = [TextMeasurer(), TextMeasurer()]
        var context: AnyObject?
        let texts = ["A short line.", "A much longer sentence that wraps over several lines at this width, twice.",
                     "中文内容「引用」，中文内容。", "", "A short line."]
        let fonts = [Font(family: "DejaVu Sans", size: 17), Font(family: "DejaVu Serif", size: 13), Font.preferred(.body)]
        var k = 0
        for measurer in measurers {
            for font in fonts {
                for text in texts {
                    for width in [80.0, 200, 343] {
                        k += 1
                        var request = TextMeasureRequest(text: text, font: font, width: CGFloat(width))
                        request.contentSizeCategory = k % 3 == 0 ? .extraExtraLarge : .large
                        request.lineBreakMode = k % 5 == 0 ? .byCharWrapping : .byWordWrapping
                        let plain = measurer.measure(request)
                        let kept = measurer.measure(request, context: &context)
                        #expect(plain == kept, "\(text) \(font) at \(width)")
                    }
                }
            }
        }
    }
}

/// A label measures through the context its measurer gave it (SelfMeasuringContext) while its
/// font, category and language stay, and through the measurer when they change: every step gives
/// what the measurer gives for the label's request.
@Suite struct SelfMeasuringLabelTests {
    @Test func aLabelMeasuresAsItsMeasurer() {
        let first = TextMeasurer(), second = TextMeasurer()
        let label = Label(identifier: "l", text: "A sentence long enough to wrap at a narrow width, twice over.")
        label.measurer = first
        label.numberOfLines = 0
        label.preferredMaxLayoutWidth = 120
        func expectAgreement(_ step: String, _ measurer: TextMeasurer) {
            var request = TextMeasureRequest(text: label.text, font: label.font, width: label.preferredMaxLayoutWidth,
                                             numberOfLines: label.numberOfLines)
            request.lineBreakMode = label.lineBreakMode
            request.lineHeight = label.lineHeight
            request.contentSizeCategory = label.contentSizeCategory
            request.language = label.language
            #expect(label.measurement == measurer.measure(request), "\(step)")
        }
        expectAgreement("first", first)
        label.text = "Another text, which the context prepares in place of the first."
        expectAgreement("text", first)
        label.font = Font(family: "DejaVu Serif", size: 13)
        expectAgreement("font", first)
        label.lineHeight = .multiple(1.5)
        expectAgreement("line height", first)
        label.font = .preferred(.body)
        label.contentSizeCategory = .accessibilityLarge
        expectAgreement("category", first)
        label.language = "ja"
        expectAgreement("language", first)
        label.measurer = second
        expectAgreement("measurer", second)
        label.preferredMaxLayoutWidth = 300
        expectAgreement("width", second)
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
