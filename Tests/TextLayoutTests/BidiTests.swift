import AutoLayout
import Foundation
import Testing
import TextLayout

/// Right-to-left and mixed text: ICU's bidi algorithm orders each line's runs for drawing, and a
/// paragraph's direction (its first strong character's, else the label's) aligns `natural` text.
@Suite struct BidiTests {
    let measurer = TextMeasurer()
    let font = Font(family: "DejaVu Sans", size: 17)

    func texts(_ line: String, _ direction: LayoutDirection? = nil) -> [String] {
        Bidi.visualRuns(of: line, direction: direction).map { String(line[$0.range]) }
    }

    @Test func firstStrongCharacterSetsTheDirection() {
        #expect(Bidi.firstStrongDirection(of: "Hello שלום") == .leftToRight)
        #expect(Bidi.firstStrongDirection(of: "123, مرحبا world") == .rightToLeft)
        #expect(Bidi.firstStrongDirection(of: "42 — 17!") == nil)
    }

    @Test func aMixedLineIsDrawnInVisualOrder() {
        // Left to right paragraph: the Hebrew run keeps its place, read right to left.
        let ltr = Bidi.visualRuns(of: "hello שלום world")
        #expect(texts("hello שלום world") == ["hello ", "שלום", " world"])
        #expect(ltr.map(\.isRightToLeft) == [false, true, false])
        // Right to left paragraph (its first strong letter is Hebrew): the runs go right to left,
        // so the last words come first from the left; the Latin word inside keeps its own order.
        let rtl = Bidi.visualRuns(of: "שלום hello עולם")
        #expect(texts("שלום hello עולם") == [" עולם", "hello", "שלום "])
        #expect(rtl.map(\.isRightToLeft) == [true, false, true])
        // Arabic with digits: the number stays left to right inside the right-to-left run.
        #expect(texts("عدد 123 كتب") == [" كتب", "123", "عدد "])
        // A base direction given overrides the first strong character's.
        #expect(texts("hello שלום", .rightToLeft) == [" שלום", "hello"])
    }

    @Test func laidOutLinesRunInVisualOrderWithTheirParagraphsDirection() throws {
        let text = try #require(measurer.laidOut(TextMeasureRequest(text: "abc אבג def\nمرحبا xyz", font: font, width: nil)))
        #expect(text.lines.count == 2)
        #expect(!text.lines[0].isRightToLeft && text.lines[1].isRightToLeft)
        #expect(text.lines.allSatisfy { $0.endsParagraph })
        #expect(text.lines[0].runs.map(\.isRightToLeft) == [false, true, false])
        #expect(text.lines[1].runs.map(\.isRightToLeft) == [false, true])
        for line in text.lines {
            // Glyphs are placed left to right across runs, and the line is as wide as measured.
            let xs = line.runs.flatMap { $0.positions.map(\.x) }
            #expect(xs == xs.sorted())
            #expect(xs.last! < line.width)
        }
        // A right-to-left run shapes last character first: its first glyph is the Hebrew gimel.
        let hebrew = text.lines[0].runs[1]
        #expect(hebrew.glyphs.first == glyph("ג", hebrew.face) && hebrew.glyphs.last == glyph("א", hebrew.face))
    }

    func glyph(_ c: String, _ face: FontFace) -> UInt32? { face.glyphs(of: Substring(c)).first?.id }

    @Test func hebrewAndArabicFallBackToAFaceThatHasThem() throws {
        // The system font's stand-in (Inter) has neither script: fontconfig's sans-serif does.
        let system = Font(family: "system", size: 17)
        let laid = try #require(measurer.laidOut(TextMeasureRequest(text: "Hi שלום مرحبا", font: system, width: nil)))
        let runs = laid.lines[0].runs
        #expect(runs.allSatisfy { !$0.glyphs.isEmpty && !$0.glyphs.contains(0) }, "no missing glyph")
        // "Hi ", then the right-to-left run right to left: the Arabic word, the space (the primary
        // face keeps whitespace), the Hebrew word.
        #expect(runs.map(\.isRightToLeft) == [false, true, true, true])
        #expect(runs[1].face.hasGlyph(for: "م") && runs[3].face.hasGlyph(for: "ש") && !runs[0].face.hasGlyph(for: "ש"))
    }

    @Test func neutralTextTakesTheLabelsDirection() throws {
        let ltr = try #require(measurer.laidOut(TextMeasureRequest(text: "123 456", font: font, width: nil)))
        let rtl = try #require(measurer.laidOut(TextMeasureRequest(text: "123 456", font: font, width: nil), direction: .rightToLeft))
        #expect(!ltr.lines[0].isRightToLeft && rtl.lines[0].isRightToLeft)
        // Strong text wins over the label's direction.
        let latin = try #require(measurer.laidOut(TextMeasureRequest(text: "Hello", font: font, width: nil), direction: .rightToLeft))
        #expect(!latin.lines[0].isRightToLeft)
    }

    @Test func naturalAlignmentFollowsTheParagraph() {
        let label = Label(text: "שלום")
        #expect(label.lineAlignment(paragraphDirection: .rightToLeft, endsParagraph: true) == .right)
        #expect(label.lineAlignment(paragraphDirection: .leftToRight, endsParagraph: true) == .left)
        label.textAlignment = .justified
        #expect(label.lineAlignment(paragraphDirection: .rightToLeft, endsParagraph: false) == .justified)
        #expect(label.lineAlignment(paragraphDirection: .rightToLeft, endsParagraph: true) == .right)
        label.textAlignment = .left
        #expect(label.lineAlignment(paragraphDirection: .rightToLeft, endsParagraph: true) == .left)
    }

    @Test func wrappedRightToLeftLinesBreakInLogicalOrder() throws {
        // Lines keep the text's order (the first words on the first line); each is reordered alone.
        let text = "שלום עולם hello מה שלומך היום"
        let lines = measurer.lines(TextMeasureRequest(text: text, font: font, width: 110))
        #expect(lines.count > 1)
        #expect(lines.map(\.text).joined() == text)
        let laid = try #require(measurer.laidOut(TextMeasureRequest(text: text, font: font, width: 110)))
        #expect(laid.lines.allSatisfy { $0.isRightToLeft })
        #expect(laid.lines.dropLast().allSatisfy { !$0.endsParagraph } && laid.lines.last!.endsParagraph)
    }

    @Test func aTruncatedRightToLeftLineKeepsItsDirection() throws {
        let request = TextMeasureRequest(text: "שלום עולם מה שלומך היום אני בסדר תודה רבה", font: font, width: 120,
                                         numberOfLines: 1, lineBreakMode: .byTruncatingTail)
        let laid = try #require(measurer.laidOut(request))
        #expect(laid.lines.count == 1)
        let line = laid.lines[0]
        #expect(line.text.hasSuffix("\u{2026}") && line.isRightToLeft && line.endsParagraph)
        #expect(line.runs.allSatisfy { $0.isRightToLeft } && line.width <= 120)
        // The ellipsis ends the line in reading order: it is the leftmost glyph.
        let face = try #require(line.runs.first?.face)
        #expect(line.runs.first?.glyphs.first == glyph("\u{2026}", face))
    }
}

/// `justified` lines: every line but a paragraph's last reaches the label's width.
@Suite struct JustificationTests {
    let measurer = TextMeasurer()
    let font = Font(family: "DejaVu Sans", size: 15)

    @Test func everyLineButTheLastReachesTheWidth() throws {
        let text = "A paragraph long enough to wrap onto several lines, justified as UILabel justifies it.\nAnd a second one, wrapped too."
        let width = 200.0
        let laid = try #require(measurer.laidOut(TextMeasureRequest(text: text, font: font, width: CGFloat(width))))
        #expect(laid.lines.count >= 5)
        for line in laid.lines {
            let justified = line.justified(to: width)
            let last = try #require(justified.runs.last?.positions.last?.x)
            let before = try #require(line.runs.last?.positions.last?.x)
            if line.endsParagraph {
                // A paragraph's last line stays as it is.
                #expect(justified.width == line.width && last == before, "\(line.text)")
            } else {
                // The last glyph moves right by all the room the line had left.
                #expect(line.justifiableSpaces > 0 && justified.width == width, "\(line.text)")
                #expect(abs(last - before - (width - line.width)) < 1e-9, "\(line.text)")
            }
        }
        #expect(laid.lines.filter(\.endsParagraph).count == 2)
    }
}
