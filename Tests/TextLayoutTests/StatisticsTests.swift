import AutoLayout
import CellSpecs
import Foundation
import Testing
import TextLayout

/// What the measurer's caches keep, proved by counting shaping calls and cache look-ups, as Yoga's
/// tests count measure calls.
@Suite struct StatisticsTests {
    let measurer = TextMeasurer()
    let font = Font(family: "DejaVu Sans", size: 17)

    /// The counts `body` adds.
    func counted(_ body: () -> Void) -> TextMeasurer.Statistics {
        measurer.resetStatistics()
        body()
        return measurer.statistics
    }

    @Test func preparingTheSameTextTwiceShapesNothingTheSecondTime() throws {
        let text = "Self-sizing cells take their height from their content."
        let first = counted { _ = measurer.prepare(text, font: font) }
        #expect(first.shapingCalls > 0 && first.segmentWidthMisses > 0)
        #expect(first.preparedTextMisses == 1 && first.preparedTextHits == 0)
        let kept = counted { _ = measurer.prepare(text, font: font) }
        #expect(kept.shapingCalls == 0 && kept.preparedTextHits == 1 && kept.preparedTextMisses == 0)
        // Not kept, it is segmented again, but every segment's width is cached.
        let again = counted { _ = measurer.prepare(text, font: font, keep: false) }
        #expect(again.shapingCalls == 0 && again.segmentWidthMisses == 0 && again.segmentWidthHits > 0)
    }

    @Test func aNewTextOfSeenWordsShapesOnlyItsNewWords() throws {
        _ = measurer.prepare("alpha beta", font: font)
        let s = counted { _ = measurer.prepare("beta gamma alpha delta", font: font) }
        // gamma and delta, each a segment of ASCII shaped in one call.
        #expect(s.shapingCalls == 2)
        #expect(s.segmentWidthMisses == 2)
        #expect(s.preparedTextMisses == 1)
    }

    @Test func layingAPreparedTextOutAtAnotherWidthShapesNothing() throws {
        let text = "A prepared text is laid out at any width by arithmetic over its segment widths."
        let prepared = try #require(measurer.prepare(text, font: font))
        let s = counted {
            for width in [343.0, 260, 180, 120] {
                _ = prepared.lines(width: width)
                _ = prepared.size(width: width, maxLines: 2)
            }
        }
        #expect(s == TextMeasurer.Statistics())
    }

    @Test func aLabelMeasuredAtTwoWidthsPreparesOnce() throws {
        let text = "A label measured at two widths prepares its text once."
        var context: AnyObject?
        let s = counted {
            _ = measurer.measure(TextMeasureRequest(text: text, font: font, width: 300), context: &context)
            _ = measurer.measure(TextMeasureRequest(text: text, font: font, width: 120), context: &context)
        }
        #expect(s.preparedTextMisses == 1 && s.preparedTextHits == 0)
        #expect(s.fontResolutions == 1)
        // Without a context, the second measurement finds the prepared text in the cache.
        let plain = counted {
            _ = measurer.measure(TextMeasureRequest(text: text + "!", font: font, width: 300))
            _ = measurer.measure(TextMeasureRequest(text: text + "!", font: font, width: 120))
        }
        #expect(plain.preparedTextMisses == 1 && plain.preparedTextHits == 1 && plain.fontResolutions == 0)
    }

    @Test func aCellLabelFittedAtTwoWidthsPreparesOnce() throws {
        let spec = try CellSpec(yaml: """
        views:
          - {id: line, type: label, text: "{text}", font: {family: DejaVu Sans, size: 17}, numberOfLines: 0}
        constraints: ["H:|-20-[line]-20-|", "V:|-20-[line]-20-|"]
        """)
        let cell = try CellTemplate(spec: spec, measurer: measurer)
        try cell.configure(with: ["text": .string("a sentence long enough to wrap at the narrower of two widths")], row: 1)
        let s = counted {
            _ = cell.fittingSize(width: 375)
            _ = cell.fittingSize(width: 200)
        }
        #expect(s.preparedTextMisses == 1)
        #expect(s.preparedTextHits == 0)
    }

    @Test func twoMeasurersDoNotShareCounts() throws {
        let other = TextMeasurer()
        _ = measurer.prepare("counted by the first measurer only", font: font)
        #expect(measurer.statistics.preparedTextMisses == 1 && measurer.statistics.fontResolutions == 1)
        #expect(other.statistics == TextMeasurer.Statistics())
        measurer.resetStatistics()
        #expect(measurer.statistics == TextMeasurer.Statistics())
    }

    @Test func fontsResolveOnceAndDrawingShapesEachRun() throws {
        let s = counted {
            for w in [100.0, 200, 300] { _ = measurer.measure(TextMeasureRequest(text: "Hello", font: font, width: CGFloat(w))) }
        }
        #expect(s.fontResolutions == 1)
        let laid = try #require(measurer.laidOut(TextMeasureRequest(text: "one two three four", font: font, width: 60)))
        let drawing = counted { _ = measurer.laidOut(TextMeasureRequest(text: "one two three four", font: font, width: 60)) }
        #expect(drawing.shapingCalls == laid.lines.reduce(0) { $0 + $1.runs.count })
    }
}

/// Truncation and line breaking decide whether text fits a line with one comparison (Blink's, in
/// 1/64 px layout units).
@Suite struct LineFitTests {
    let measurer = TextMeasurer()
    let font = Font(family: "DejaVu Sans", size: 17)

    @Test(arguments: [LineBreakMode.byClipping, .byWordWrapping])
    func textWithinALayoutUnitOfTheWidthFitsWhenBrokenAndWhenTruncated(_ mode: LineBreakMode) throws {
        let text = "nothing but that kind"
        let width = measurer.measure(TextMeasureRequest(text: text, font: font, width: nil)).size.width
        // Wider than 180 px, but by less than the rounding of a layout unit.
        #expect(width > 180 && width < 180 + 1.0 / 128)
        #expect(measurer.lines(TextMeasureRequest(text: text, font: font, width: 180)).map(\.text) == [text])
        // Truncated to one line, the first line is shown whole, as breaking shows it.
        let truncated = measurer.lines(TextMeasureRequest(text: text + " of thing", font: font, width: 180, numberOfLines: 1,
                                                          lineBreakMode: mode))
        #expect(truncated.map(\.text) == [text])
        #expect(truncated[0].width == Double(width))
    }
}
