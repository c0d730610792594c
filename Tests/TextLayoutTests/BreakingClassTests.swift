import AutoLayout
import Foundation
import Testing
import TextLayout

/// Line breaking on feed-like text as Chromium breaks it (``LineBreakRules``: Blink's rules over
/// UAX #14, and CSS Text 3 `overflow-wrap: break-word`), one class of token at a time: paths, URLs,
/// emails, hashtags and mentions, long numbers, long compounds and code identifiers. The expected
/// pieces and lines follow from the rules, step by step, as the comments say.
@Suite struct BreakingClassTests {
    let measurer = TextMeasurer()
    let font = Font(family: "DejaVu Sans", size: 17)

    /// A text cut at its soft break opportunities.
    static func pieces(_ text: String) -> [String] {
        let bytes = Array(text.utf8)
        var out: [String] = []
        var previous = 0
        for b in LineBreakRules.opportunities(in: text) where b.offset > previous {
            out.append(String(decoding: bytes[previous..<b.offset], as: UTF8.self))
            previous = b.offset
        }
        return out
    }

    @Test(arguments: [
        // Step 3: a break after every run of spaces, even before `/`, `!`, `)` (UAX #14 LB13-LB17
        // forbid these).
        ("while /var/mobile/Containers/cache.sqlite", ["while ", "/var/mobile/Containers/cache.sqlite"]),
        ("Hello ! (it) works", ["Hello ", "! ", "(it) ", "works"]),
        ("di C:\\Users\\Public\\laporan.xlsx", ["di ", "C:\\Users\\Public\\laporan.xlsx"]),
        // Step 5: in URLs only after `?` (before a letter or digit) and after `-` (before a letter).
        ("see https://example.com/a/b?q=1&lang=id now", ["see ", "https://example.com/a/b?", "q=1&lang=id ", "now"]),
        ("www.bbc.co.uk/news/technology-x", ["www.bbc.co.uk/news/technology-", "x"]),
        // Step 5: never after a letter, a digit, `.`, `+` or `@` before a letter: emails stay whole.
        ("mail ayu.pratama+feed@example.co.id.", ["mail ", "ayu.pratama+feed@example.co.id."]),
        // Step 5: `#` and `@` allow a break only before an opening bracket.
        ("#SwiftUI @ayu_pratama #WWDC26", ["#SwiftUI ", "@ayu_pratama ", "#WWDC26"]),
        // Step 4: after a hyphen before a digit only when a letter or digit precedes the hyphen.
        ("call +62 812-3456-7890 or -42", ["call ", "+62 ", "812-", "3456-", "7890 ", "or ", "-42"]),
        ("ISBN 978-3-16 and 1,234,567,890 or 3.14159", ["ISBN ", "978-", "3-", "16 ", "and ", "1,234,567,890 ", "or ", "3.14159"]),
        // Step 5 and 6: compounds break at their hyphens only; letters beyond ASCII ask ICU (LB28: none).
        ("E-Mail-Adresse Donaudampfschifffahrtsgesellschaftskapitän anak-anak",
         ["E-", "Mail-", "Adresse ", "Donaudampfschifffahrtsgesellschaftskapitän ", "anak-", "anak"]),
        // Step 5: identifiers stay whole; `->` breaks after its hyphen; `)(` between the brackets.
        ("snake_case_name camelCaseName dotted.module.Name foo->bar f(x)(y)",
         ["snake_case_name ", "camelCaseName ", "dotted.module.Name ", "foo-", ">bar ", "f(x)", "(y)"]),
        // Step 7: ASCII beside a no-break space does not break.
        ("iOS\u{00A0}17 ok", ["iOS\u{00A0}17 ", "ok"]),
        // Step 6: CJK breaks between ideographs (UAX #14 LB31), not before a closing stop (LB13).
        ("我们计算。然后", ["我", "们", "计", "算。", "然", "后"]),
    ] as [(String, [String])])
    func breakOpportunities(text: String, expected: [String]) {
        #expect(Self.pieces(text) == expected, "\(text.debugDescription)")
    }

    @Test func mandatoryBreaksStayHard() {
        let breaks = LineBreakRules.opportunities(in: "a b\nc")
        #expect(breaks.map(\.offset) == [2, 4, 5])
        #expect(breaks.map(\.isHard) == [false, true, false])
    }

    /// The width of a text on one line.
    func width(_ text: String) -> Double {
        Double(measurer.measure(TextMeasureRequest(text: text, font: font, width: nil)).size.width)
    }

    /// A token with no break opportunity inside, after a word and a space, at a width it fits in
    /// alone but not after the word: the space is a break opportunity (step 3), so the word ends
    /// the first line and the token, whole, makes the second (a token breaks inside only when it
    /// does not fit a line of its own, CSS `overflow-wrap: break-word`).
    @Test(arguments: [
        ("while", "/var/mobile/Containers/Data/cache.sqlite"), ("see", "https://example.com/path/to/page"),
        ("mail", "ayu.pratama@example.co.id"), ("tag", "#TeknologiIndonesia2026"), ("number", "1234567890123456"),
        ("mit", "Rechtsschutzversicherungsgesellschaften"), ("call", "self.tableView.rowHeight"),
        ("di", "snake_case_identifier_name"), ("打开", "/usr/share/fonts/DejaVuSans.ttf"),
    ])
    func tokenMovesToItsOwnLine(word: String, token: String) throws {
        let line = max(width(word), width(token)) + 1
        try #require(line < width(word + " " + token))
        let prepared = try #require(measurer.prepare(word + " " + token, font: font))
        let lines = prepared.lines(width: line).map { String($0.text).trimmingCharacters(in: .whitespaces) }
        #expect(lines == [word, token])
    }

    /// A path longer than the line, after a word: it moves to a line of its own (step 3), then
    /// breaks between grapheme clusters (overflow-wrap: break-word), each line taking as many
    /// clusters as fit: every line fits, and would not with the next cluster.
    @Test(arguments: [180.0, 120, 61.5])
    func longPathMovesThenBreaksInside(line: Double) throws {
        // No break opportunity inside (step 5: none after `/`, `.` or a letter).
        let path = "/var/mobile/Containers/Data/Application/Documents/Caches/cache.sqlite"
        let prepared = try #require(measurer.prepare("while " + path, font: font))
        let lines = prepared.lines(width: line).map { String($0.text) }
        try #require(lines.count >= 3)
        #expect(lines[0] == "while ")
        #expect(lines.dropFirst().joined() == path)
        let rest = Array(lines.dropFirst())
        for (k, piece) in rest.enumerated() {
            #expect(width(piece) <= line + 0.05, "\(piece) at \(line)")
            if k + 1 < rest.count, let next = rest[k + 1].first {
                #expect(width(piece + String(next)) > line - 0.05, "\(piece) + \(next) at \(line)")
            }
        }
    }

    /// A word broken inside that leaves its hyphen alone at a line's start, before a digit: the
    /// hyphen has no letter or digit before it on that line (step 4, as Blink looks from the line's
    /// start), so there is no break after it and the digits follow it on the same line, broken
    /// inside in turn.
    @Test func hyphenLeftAtALineStartKeepsTheDigits() throws {
        let letters = "WWWWWWWWWW", digits = "12345678901234567890"
        let line = width(letters) + 0.5
        try #require(width(letters + "-") > line && width(digits) > line)
        let prepared = try #require(measurer.prepare(letters + "-" + digits, font: font))
        let lines = prepared.lines(width: line).map { String($0.text) }
        #expect(lines.first == letters)
        #expect(lines.count > 2 && lines[1].hasPrefix("-1"), "\(lines)")
        #expect(lines.joined() == letters + "-" + digits)
    }

    /// An opening bracket that starts a line keeps its full width (CSS Text 4 `text-spacing-trim:
    /// normal`, Chromium's default, trims only at line ends and between adjacent punctuation): a
    /// text a quarter of the bracket too wide for the line takes two lines, where trimming half the
    /// bracket would have made it fit on one.
    @Test func anOpeningBracketKeepsItsWidthAtALineStart() throws {
        let text = "「然後渲染圖片或者文件"
        let line = width(text) - width("「") / 4
        let prepared = try #require(measurer.prepare(text, font: font))
        #expect(prepared.lineCount(width: line) == 2)
        #expect(prepared.lineCount(width: width(text) + 0.01) == 1)
    }

    /// Layout at a new width is arithmetic only: a 2,000-character text of 30-character tokens
    /// (wider than 10 ems, so their cluster advances are kept from preparation) lays out at any
    /// width without shaping or looking a width up; a shorter word broken at a narrow width is
    /// measured once, the first time, and never again.
    @Test func newWidthsShapeNothing() throws {
        var text = ""
        var k = 0
        while text.utf8.count < 2000 {
            text += String(String(repeating: String("abcdefghij".dropFirst(k % 7)), count: 8).prefix(30)) + " "
            k += 1
        }
        let prepared = try #require(measurer.prepare(text, font: font, keep: false))
        measurer.resetStatistics()
        var lineCounts: [Int] = []
        for w in stride(from: 20.0, through: 400, by: 7.5) { lineCounts.append(prepared.lineCount(width: w)) }
        let s = measurer.statistics
        #expect(s.shapingCalls == 0 && s.segmentWidthHits == 0 && s.segmentWidthMisses == 0)
        #expect(lineCounts.first! > lineCounts.last!)

        let short = try #require(measurer.prepare("ok Fahrrad ok", font: font, keep: false))
        measurer.resetStatistics()
        let first = short.lines(width: 30).map(\.text)
        #expect(measurer.statistics.shapingCalls > 0)
        measurer.resetStatistics()
        #expect(short.lines(width: 30).map(\.text) == first)
        for w in [25.0, 35, 40] { _ = short.lineCount(width: w) }
        #expect(measurer.statistics.shapingCalls == 0)
    }
}
