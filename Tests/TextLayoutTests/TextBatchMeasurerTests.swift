import AutoLayout
import Foundation
import Testing
import TextLayout

/// The batch engine of `selfsizing measure`, used without the command.
@Suite struct TextBatchMeasurerTests {
    let font = Font(family: "DejaVu Sans", size: 17)
    static let sentences = [
        "Short.",
        "A longer sentence that has to wrap at the narrow width of this test.",
        "Self-sizing cells take their height from their content, measured once and laid out at many widths.",
        "自适应单元格的高度由内容决定",
        "",
        "one two three four five six seven eight nine ten eleven twelve",
    ]

    func items(_ count: Int) -> [TextBatchMeasurer.Item] {
        (0..<count).map { i in
            let text = Self.sentences[i % Self.sentences.count] + (i < Self.sentences.count ? "" : " (\(i))")
            return TextBatchMeasurer.Item(id: "item-\(i)", text: text, language: i % Self.sentences.count == 3 ? "zh-Hans" : nil)
        }
    }

    @Test func resultsComeInInputOrder() throws {
        var batch = try TextBatchMeasurer(font: font, widths: [200])
        batch.chunkSize = 3
        let input = items(50)
        let results = batch.measure(input)
        #expect(results.map(\.index) == Array(0..<50))
        #expect(results.map(\.id) == input.map(\.id))
        // Streamed, the outputs arrive in the same order.
        var streamed: [String] = []
        batch.measure(input, transform: { $0.id }, consume: { streamed.append($0) })
        #expect(streamed == input.map(\.id))
    }

    @Test func eachWidthLaysOutAsTheMeasurerDoes() throws {
        let widths = [343.0, 180, 90]
        let measurer = TextMeasurer()
        let batch = try TextBatchMeasurer(measurer: measurer, font: font, widths: widths, lineHeight: 22)
        for (item, result) in zip(items(12), batch.measure(items(12))) {
            let layouts = try #require(result.layouts)
            #expect(layouts.map(\.width) == widths)
            for layout in layouts {
                let expected = measurer.lines(TextMeasureRequest(text: item.text, font: font, width: CGFloat(layout.width),
                                                                 language: item.language)).map(\.text)
                #expect(layout.lines == expected, "\(item.text) at \(layout.width)")
                #expect(layout.lineCount == expected.count && layout.height == Double(expected.count) * 22)
                #expect(layout.lines?.joined() == item.text)
            }
        }
    }

    @Test func theNaturalLineHeightIsTheFonts() throws {
        let measurer = TextMeasurer()
        let batch = try TextBatchMeasurer(measurer: measurer, font: font, widths: [100])
        let natural = measurer.measure(TextMeasureRequest(text: "x", font: font, width: nil)).size.height
        #expect(batch.lineHeight == Double(natural))
    }

    @Test func aLineLimitTruncatesTheLastLineAtTheTail() throws {
        let measurer = TextMeasurer()
        let batch = try TextBatchMeasurer(measurer: measurer, font: font, widths: [120], lineHeight: 20, lineLimit: 2)
        for (item, result) in zip(items(6), batch.measure(items(6))) {
            let layout = try #require(result.layouts?.first)
            let expected = measurer.lines(TextMeasureRequest(text: item.text, font: font, width: 120, numberOfLines: 2,
                                                             lineBreakMode: .byTruncatingTail, language: item.language))
            #expect(layout.lines == expected.map(\.text))
            #expect(layout.lineCount <= 2 && layout.height == Double(layout.lineCount) * 20)
        }
        let long = try #require(batch.measure([.init(id: "x", text: Self.sentences[2])]).first?.layouts?.first)
        #expect(long.lineCount == 2 && long.lines?.last?.hasSuffix("\u{2026}") == true)
    }

    @Test(arguments: [0, 2])
    func withoutLinesTheCountsAreTheSame(lineLimit: Int) throws {
        let widths = [343.0, 260, 180, 100, 60]
        let with = try TextBatchMeasurer(font: font, widths: widths, lineLimit: lineLimit).measure(items(30))
        let without = try TextBatchMeasurer(font: font, widths: widths, lineLimit: lineLimit, includesLines: false).measure(items(30))
        for (a, b) in zip(with, without) {
            #expect(b.layouts?.allSatisfy { $0.lines == nil } == true)
            #expect(a.layouts?.map(\.lineCount) == b.layouts?.map(\.lineCount))
            #expect(a.layouts?.map(\.height) == b.layouts?.map(\.height))
        }
    }

    @Test func oneThreadAndSeveralGiveIdenticalResults() throws {
        var parallel = try TextBatchMeasurer(font: font, widths: [343, 120], lineLimit: 3)
        parallel.chunkSize = 4
        var serial = parallel
        serial.concurrently = false
        let input = items(200)
        #expect(parallel.measure(input) == serial.measure(input))
    }

    @Test func eachItemIsPreparedOnceForAllWidths() throws {
        // Widths every word fits in: laying out shapes nothing, so three widths shape as much as one.
        let one = TextMeasurer(), three = TextMeasurer()
        _ = try TextBatchMeasurer(measurer: one, font: font, widths: [343], includesLines: false).measure(items(24))
        _ = try TextBatchMeasurer(measurer: three, font: font, widths: [343, 300, 260], includesLines: false).measure(items(24))
        #expect(one.statistics.shapingCalls > 0)
        #expect(three.statistics.shapingCalls == one.statistics.shapingCalls)
        #expect(three.statistics.segmentWidthMisses == one.statistics.segmentWidthMisses)
    }

    @Test func aFontThatCannotBeFoundIsAnError() {
        let missing = Font.file("/nonexistent.ttf", size: 17)
        #expect(throws: TextBatchMeasurer.Failure.noFont(missing)) {
            try TextBatchMeasurer(font: missing, widths: [100])
        }
    }
}
