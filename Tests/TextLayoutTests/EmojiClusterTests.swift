import AutoLayout
import Foundation
import Testing
import TextLayout

/// Emoji are measured as browsers measure them: each emoji grapheme cluster in the colour emoji
/// face (Noto Color Emoji, installed by `scripts/setup.sh`), one advance wide, never broken inside.
@Suite(.enabled(if: FontLibrary.shared.emojiFace() != nil, "no colour emoji font: run scripts/setup.sh"))
struct EmojiClusterTests {
    let measurer = TextMeasurer()
    let font = Font(family: "DejaVu Sans", size: 17)

    /// One cluster of each class: a ZWJ family, a flag, a keycap, a skin-tone modifier, an emoji
    /// variation selector on a character that defaults to text.
    static let clusters = ["👨‍👩‍👧‍👦", "🇯🇵", "1️⃣", "👍🏽", "☺️"]

    /// Noto Color Emoji's one strike is 109 pixels per em, and its emoji bitmaps advance 136 pixels
    /// (read from its CBLC and CBDT tables); a browser scales that to the font size: 136/109 em.
    /// (The `hmtx` table says 2550/2048 em, 0.2% less.)
    static let emojiAdvancePerEm = 136.0 / 109.0

    func width(_ text: String, size: CGFloat = 17) -> Double {
        Double(measurer.measure(TextMeasureRequest(text: text, font: Font(family: "DejaVu Sans", size: size), width: nil)).size.width)
    }

    @Test(arguments: clusters)
    func eachClassIsOneClusterOneEmojiAdvanceWide(_ cluster: String) throws {
        #expect(cluster.count == 1, "one grapheme cluster")
        for size in [12.0, 17.0, 40.0] {
            #expect(abs(width(cluster, size: CGFloat(size)) - size * Self.emojiAdvancePerEm) < 1e-6, "\(cluster) at \(size)")
        }
        // Drawn as one glyph of the emoji face.
        let emoji = try #require(FontLibrary.shared.emojiFace())
        let laid = try #require(measurer.laidOut(TextMeasureRequest(text: cluster, font: font, width: nil)))
        let runs = laid.lines.flatMap(\.runs)
        #expect(runs.count == 1 && runs[0].face === emoji && runs[0].glyphs.count == 1, "\(cluster)")
    }

    @Test func aTextPresentationSelectorKeepsTheTextFace() throws {
        let emoji = try #require(FontLibrary.shared.emojiFace())
        let text = try #require(measurer.laidOut(TextMeasureRequest(text: "☺︎", font: font, width: nil)))
        #expect(text.lines[0].runs.allSatisfy { $0.face !== emoji })
        // Without a selector, ☺ defaults to text (DejaVu Sans has it); 👍 defaults to emoji.
        #expect(try #require(measurer.laidOut(TextMeasureRequest(text: "☺", font: font, width: nil))).lines[0].runs[0].face !== emoji)
        #expect(try #require(measurer.laidOut(TextMeasureRequest(text: "👍", font: font, width: nil))).lines[0].runs[0].face === emoji)
        #expect(abs(width("☺︎") - width("☺")) < 1e-9 && width("☺️") > width("☺"))
    }

    @Test func anEmojiTheTextFontDrawsStaysInTheTextFontAsInChromium() throws {
        // DejaVu Sans draws the emoticons block (😂, U+1F602): Chromium measures it in DejaVu Sans,
        // 19.875 px at 17 px (headless Chromium 156, the font through @font-face), unless an emoji
        // presentation selector asks for the emoji font.
        let emoji = try #require(FontLibrary.shared.emojiFace())
        let plain = try #require(measurer.laidOut(TextMeasureRequest(text: "😂", font: font, width: nil)))
        #expect(plain.lines[0].runs[0].face !== emoji)
        #expect(abs(width("😂") - 19.875) < 1.0 / 64, "Chromium rounds advances to 1/64 px")
        let selected = try #require(measurer.laidOut(TextMeasureRequest(text: "😂\u{FE0F}", font: font, width: nil)))
        #expect(selected.lines[0].runs[0].face === emoji)
        // With a skin tone DejaVu Sans lacks, the whole cluster goes to the emoji font.
        #expect(try #require(measurer.laidOut(TextMeasureRequest(text: "🙋🏽", font: font, width: nil))).lines[0].runs[0].face === emoji)
    }

    @Test func textAndEmojiAddUp() {
        // Fallback per cluster: the text face's words and the emoji's advance, side by side.
        let mixed = width("ok 👍🏽 ok")
        #expect(abs(mixed - (width("ok  ok") + 17 * Self.emojiAdvancePerEm)) < 0.05)
    }

    @Test(arguments: [LineBreakMode.byWordWrapping, .byCharWrapping])
    func linesNeverBreakInsideACluster(_ mode: LineBreakMode) {
        // Narrower than two emoji: every line holds whole clusters only, one each.
        let text = Self.clusters.joined() + "👨‍👩‍👧‍👦🇫🇷👍🏿"
        let lines = measurer.lines(TextMeasureRequest(text: text, font: font, width: 17 * 1.8, numberOfLines: 0, lineBreakMode: mode))
        #expect(lines.map(\.text) == text.map(String.init))
        #expect(lines.allSatisfy { abs($0.width - 17 * Self.emojiAdvancePerEm) < 1e-6 })
    }

    @Test func emojiBetweenWordsBreakAtTheirEdges() {
        let text = "family 👨‍👩‍👧‍👦 flag 🇯🇵 keycap 1️⃣ thumbs 👍🏽 smile ☺️"
        for width in stride(from: 30.0, through: 200.0, by: 10.0) {
            let lines = measurer.lines(TextMeasureRequest(text: text, font: font, width: width, numberOfLines: 0))
            // The clusters of the text are the clusters of its lines, in order: none was split.
            #expect(lines.flatMap { Array($0.text) }.filter { !$0.isWhitespace } == Array(text).filter { !$0.isWhitespace },
                    "at \(width)")
        }
    }
}
