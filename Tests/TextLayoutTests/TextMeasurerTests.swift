import AutoLayout
import CellSpecs
import Foundation
import Testing
import TextLayout

@Suite struct TextMeasurerTests {
    let measurer = TextMeasurer()
    let font = Font(family: "DejaVu Sans", size: 17)

    func lines(_ text: String, width: CGFloat?, language: String? = nil) -> [String] {
        measurer.lines(TextMeasureRequest(text: text, font: font, width: width, language: language)).map { String($0.text) }
    }

    @Test func fontconfigFindsTheInstalledFonts() throws {
        let dejavu = try #require(FontLibrary.shared.face(family: "DejaVu Sans", weight: 400, italic: false))
        #expect(dejavu.path.hasSuffix("DejaVuSans.ttf"))
        let bold = try #require(FontLibrary.shared.face(family: "DejaVu Sans", weight: 700, italic: false))
        #expect(bold.path.hasSuffix("DejaVuSans-Bold.ttf"))
        let cjk = try #require(FontLibrary.shared.cjkFace(weight: 400, language: "ja"))
        #expect(cjk.path.contains("NotoSansCJK"))
        #expect(cjk.hasGlyph(for: "漢") && !dejavu.hasGlyph(for: "漢"))
        #expect(dejavu.unitsPerEm == 2048 && dejavu.ascender > 0 && dejavu.descender < 0)
        let m = dejavu.metrics(size: 17)
        #expect(m.capHeight > m.xHeight && m.xHeight > 0 && m.ascender > m.capHeight)
        #expect(abs(m.lineHeight - (m.ascender - m.descender + m.lineGap)) < 1e-12)
        #expect(abs(m.ascender - 17 * dejavu.ascender / 2048) < 1e-12)
    }

    @Test func widthsComeFromShaping() throws {
        let face = try #require(FontLibrary.shared.face(family: "DejaVu Sans", weight: 400, italic: false))
        let a = face.advance(of: "a"), b = face.advance(of: "b")
        #expect(a > 0 && face.advance(of: "ab") == a + b)
        // Kerning is on: "AV" is narrower than its letters apart.
        #expect(face.advance(of: "AV") < face.advance(of: "A") + face.advance(of: "V"))
        let small = measurer.measure(TextMeasureRequest(text: "Hello", font: Font(family: "DejaVu Sans", size: 10), width: nil))
        let large = measurer.measure(TextMeasureRequest(text: "Hello", font: Font(family: "DejaVu Sans", size: 20), width: nil))
        #expect(abs(large.size.width - 2 * small.size.width) < 1e-9)
    }

    @Test func wordsWrapAndSpacesHang() throws {
        let one = try #require(measurer.lines(TextMeasureRequest(text: "hello world", font: font, width: nil)).first)
        // Exactly the width of the text fits on one line; a hair less breaks it.
        #expect(lines("hello world", width: CGFloat(one.width)) == ["hello world"])
        #expect(lines("hello world", width: CGFloat(one.width) - 0.5) == ["hello ", "world"])
        // The hanging space does not count: "hello " fits in the width of "hello".
        let hello = try #require(measurer.lines(TextMeasureRequest(text: "hello", font: font, width: nil)).first)
        let world = try #require(measurer.lines(TextMeasureRequest(text: "world", font: font, width: nil)).first)
        #expect(lines("hello world", width: CGFloat(max(hello.width, world.width))) == ["hello ", "world"])
    }

    @Test func hardBreaksAndNoBreakSpaces() {
        #expect(lines("one\ntwo", width: 1000) == ["one", "two"])
        #expect(lines("one\u{2028}two", width: 1000).count == 2)
        let nbsp = "100\u{00A0}km"
        let w = measurer.measure(TextMeasureRequest(text: nbsp, font: font, width: nil)).size.width
        #expect(lines("go " + nbsp, width: w + 1) == ["go ", nbsp])
    }

    @Test func longWordsBreakBetweenGraphemes() {
        let result = lines("Supercalifragilisticexpialidocious", width: 60)
        #expect(result.count > 1)
        #expect(result.joined() == "Supercalifragilisticexpialidocious")
    }

    @Test func chineseBreaksBetweenCharacters() {
        let text = "自适应单元格的高度由内容决定"
        let result = lines(text, width: 60, language: "zh-Hans")
        #expect(result.count > 2)
        #expect(result.joined() == text)
        // The CJK fallback gives real advances (an em each for these ideographs).
        let m = measurer.measure(TextMeasureRequest(text: "漢字", font: font, width: nil, language: "ja"))
        #expect(abs(m.size.width - 34) < 0.5)
    }

    @Test func heightIsLinesTimesLineHeight() {
        let text = "The quick brown fox jumps over the lazy dog again and again"
        let fixed = measurer.measure(TextMeasureRequest(text: text, font: font, width: 120, lineHeight: .fixed(22)))
        #expect(fixed.lineCount > 2)
        #expect(fixed.size.height == CGFloat(fixed.lineCount) * 22)
        let limited = measurer.measure(TextMeasureRequest(text: text, font: font, width: 120, numberOfLines: 2, lineHeight: .fixed(22)))
        #expect(limited.lineCount == 2 && limited.size.height == 44)
        let natural = measurer.measure(TextMeasureRequest(text: "x", font: font, width: nil))
        #expect(natural.size.height > 17 && natural.size.height < 24)
        #expect(natural.firstBaseline > 10 && natural.firstBaseline < natural.size.height)
    }

    @Test func dynamicTypeSizesFollowTheCategory() {
        #expect(DynamicType.metrics(.body, .large) == (17, 400, 22))
        #expect(DynamicType.metrics(.headline, .large) == (17, 600, 22))
        #expect(DynamicType.metrics(.largeTitle, .extraSmall) == (31, 400, 38))
        #expect(DynamicType.metrics(.caption2, .accessibilityExtraExtraExtraLarge) == (40, 400, 48))
        #expect(DynamicType.metrics(.caption1, .extraSmall).size == 11)
        #expect(DynamicType.metrics(.body, .accessibilityExtraExtraExtraLarge).size == 53)
        let body = Font.preferred(.body, family: "DejaVu Sans")
        let large = measurer.measure(TextMeasureRequest(text: "Text", font: body, width: nil, contentSizeCategory: .large))
        let huge = measurer.measure(TextMeasureRequest(text: "Text", font: body, width: nil, contentSizeCategory: .accessibilityLarge))
        #expect(abs(huge.size.width / large.size.width - 33.0 / 17.0) < 1e-9)
        // A styled label's lines are the style's leading tall.
        #expect(large.size.height == 22 && huge.size.height == 40)
        let twoLines = measurer.measure(TextMeasureRequest(text: "Text\nText", font: body, width: nil,
                                                           lineHeight: .multiple(1.5), contentSizeCategory: .extraSmall))
        #expect(twoLines.size.height == 2 * 19 * 1.5)
    }

    @Test(arguments: TextStyle.allCases)
    func dynamicTypeGrowsWithTheCategory(style: TextStyle) {
        var previous = (size: 0.0, leading: 0.0)
        for category in ContentSizeCategory.allCases {
            let m = DynamicType.metrics(style, category)
            #expect(m.size >= previous.size && m.leading >= previous.leading, "\(style) at \(category)")
            #expect(m.leading > m.size, "\(style) at \(category)")
            previous = (m.size, m.leading)
        }
    }

    @Test func measuringFromSeveralThreadsGivesIdenticalResults() async {
        let texts = (0..<64).map { "Row \($0): the quick brown fox jumps over the lazy dog \(String(repeating: "x", count: $0 % 9))" }
        let serial = texts.map { measurer.measure(TextMeasureRequest(text: $0, font: font, width: 200)) }
        let m = measurer
        let f = font
        let parallel = await withTaskGroup(of: (Int, TextMeasurement).self) { group in
            for (i, t) in texts.enumerated() {
                group.addTask { (i, m.measure(TextMeasureRequest(text: t, font: f, width: 200))) }
            }
            var out = [TextMeasurement?](repeating: nil, count: texts.count)
            for await (i, r) in group { out[i] = r }
            return out.map { $0! }
        }
        #expect(parallel == serial)
    }

    @Test func labelsMeasureWithTheRealTextStack() throws {
        let spec = try CellSpec(yaml: """
        views:
          - {id: line, type: label, text: "{text}", font: {family: DejaVu Sans, size: 17}, numberOfLines: 0}
        constraints: ["H:|-20-[line]-20-|", "V:|-20-[line]-20-|"]
        """)
        let cell = try CellTemplate(spec: spec, measurer: measurer)
        try cell.configure(with: ["text": .string("short")], row: 1)
        let one = cell.fittingSize(width: 375).height
        try cell.configure(with: ["text": .string(String(repeating: "a longer sentence that wraps ", count: 8))], row: 2)
        let many = cell.fittingSize(width: 375).height
        #expect(many > 3 * (one - 40) + 40)
    }
}

@Suite struct LineBreakRulesTests {
    let measurer = TextMeasurer()
    let font = Font(family: "DejaVu Sans", size: 17)

    func width(_ text: String) -> CGFloat { measurer.measure(TextMeasureRequest(text: text, font: font, width: nil)).size.width }

    func lines(_ text: String, width: CGFloat) -> [String] {
        measurer.lines(TextMeasureRequest(text: text, font: font, width: width)).map { String($0.text) }
    }

    @Test func breaksAfterAHyphenBeforeDigitsAsBlinkDoes() {
        #expect(lines("COVID-19", width: width("COVID-") + 1) == ["COVID-", "19"])
    }

    @Test func neverBreaksAfterASlash() {
        let result = lines("go aaaa/bbbb", width: width("go aaaa/") + 1)
        #expect(result.first == "go ")
    }

    @Test func preparedTextLaysOutAtAnyWidthWithoutShapingAgain() throws {
        let text = "Self-sizing cells take their height from their content, measured once and laid out at many widths."
        let prepared = try #require(measurer.prepare(text, font: font))
        for w in [343.0, 260, 180, 90] {
            let fromPrepared = prepared.lines(width: w).map { String($0.text) }
            #expect(fromPrepared == lines(text, width: CGFloat(w)))
            #expect(fromPrepared.joined() == text)
        }
        #expect(prepared.lines(width: nil).count == 1)
    }
}

/// Cases where browsers differ from a plain greedy breaker, found by `make oracle`.
@Suite struct BrowserAgreementTests {
    let measurer = TextMeasurer()
    let font = Font(family: "DejaVu Sans", size: 17)

    func count(_ text: String, _ width: CGFloat, _ language: String? = nil) -> Int {
        measurer.measure(TextMeasureRequest(text: text, font: font, width: width, language: language)).lineCount
    }

    /// 180.0024 px of text fits in 180 px: Blink compares in LayoutUnit (1/64 px).
    @Test func widthsCompareInLayoutUnits() {
        #expect(count("nothing but that kind", 180) == 1)
        #expect(count("nothing but that kind", 179.9) == 2)
    }

    /// A closing bracket at the end of a line is set half-width when the line would not fit
    /// otherwise; commas keep their width.
    @Test func closingBracketsTrimAtTheLineEnd() {
        #expect(count("每一行的高度然后渲染图片或者文档iPhone）", 343, "zh-Hans") == 1)
        #expect(count("每一行的高度然后渲染图片或者文档iPhone，", 343, "zh-Hans") == 2)
    }
}

@Suite struct TruncationTests {
    let measurer = TextMeasurer()
    let font = Font(family: "DejaVu Sans", size: 17)
    let text = "The quick brown fox jumps over the lazy dog and keeps on running far away"

    func lines(_ mode: LineBreakMode) -> [String] {
        measurer.lines(TextMeasureRequest(text: text, font: font, width: 150, numberOfLines: 2, lineBreakMode: mode)).map(\.text)
    }

    func width(_ s: String) -> CGFloat { measurer.measure(TextMeasureRequest(text: s, font: font, width: nil)).size.width }

    @Test(arguments: [LineBreakMode.byTruncatingTail, .byTruncatingHead, .byTruncatingMiddle, .byClipping])
    func theLastLineShownFitsAndIsCut(_ mode: LineBreakMode) {
        let result = lines(mode)
        #expect(result.count == 2)
        #expect(result[0] == "The quick brown ")
        let last = result[1]
        #expect(width(last) <= 150)
        switch mode {
        case .byTruncatingTail: #expect(last.hasSuffix("\u{2026}") && last.hasPrefix("fox"))
        case .byTruncatingHead: #expect(last.hasPrefix("\u{2026}") && last.hasSuffix("away"))
        case .byTruncatingMiddle: #expect(last.contains("\u{2026}") && last.hasPrefix("fox") && last.hasSuffix("away"))
        default: #expect(!last.contains("\u{2026}") && last.hasPrefix("fox"))
        }
    }

    @Test func aTextThatFitsIsNotCut() {
        let result = measurer.lines(TextMeasureRequest(text: "short", font: font, width: 150, numberOfLines: 2))
        #expect(result.map(\.text) == ["short"])
    }
}

@Suite struct CharWrappingTests {
    @Test func charWrappingBreaksInsideWords() {
        let measurer = TextMeasurer()
        let font = Font(family: "DejaVu Sans", size: 17)
        let w = measurer.measure(TextMeasureRequest(text: "hello wo", font: font, width: nil)).size.width
        let request = TextMeasureRequest(text: "hello world", font: font, width: w + 1, lineBreakMode: .byCharWrapping)
        #expect(measurer.lines(request).map(\.text) == ["hello wo", "rld"])
        #expect(measurer.measure(request).lineCount == 2)
        var words = request
        words.lineBreakMode = .byWordWrapping
        #expect(measurer.lines(words).map(\.text) == ["hello ", "world"])
    }
}

@Suite struct FontFileAndSoftHyphenTests {
    let measurer = TextMeasurer()

    @Test func fontsLoadFromAFilePath() {
        let byFile = Font.file("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf", size: 17)
        let byFamily = Font(family: "DejaVu Sans", size: 17, weight: 700)
        let a = measurer.measure(TextMeasureRequest(text: "Bold text", font: byFile, width: nil))
        let b = measurer.measure(TextMeasureRequest(text: "Bold text", font: byFamily, width: nil))
        #expect(a.size.width == b.size.width && a.size.width > 0)
        let missing = measurer.measure(TextMeasureRequest(text: "x", font: .file("/nonexistent.ttf", size: 17), width: nil))
        #expect(missing.lineCount == 0)
    }

    @Test func aLineBrokenAtASoftHyphenShowsAHyphen() {
        let font = Font(family: "DejaVu Sans", size: 17)
        func w(_ s: String) -> CGFloat { measurer.measure(TextMeasureRequest(text: s, font: font, width: nil)).size.width }
        // The soft hyphen takes no room inside a line (the two sides are shaped apart).
        #expect(abs(w("super\u{00AD}cali") - (w("super") + w("cali"))) < 1e-9)
        let lines = measurer.lines(TextMeasureRequest(text: "super\u{00AD}cali", font: font, width: w("super-") + 0.5))
        #expect(lines.map(\.text) == ["super\u{00AD}", "cali"])
        #expect(abs(lines[0].width - Double(w("super-"))) < 1e-9)
    }
}
