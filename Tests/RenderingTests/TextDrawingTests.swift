import AutoLayout
import Foundation
import Rendering
import Testing
import TextLayout

/// How labels' text is drawn: emoji in colour, right-to-left text on the right under `natural`
/// alignment, justified lines to the label's width; checked on the pixels.
@Suite struct TextDrawingTests {
    let renderer: Renderer = {
        let r = Renderer()
        r.scale = 2
        return r
    }()

    func label(_ text: String, size: CGFloat = 17, width: CGFloat = 300, height: CGFloat = 40,
               _ configure: (Label) -> Void = { _ in }) -> Label {
        let label = Label(text: text, font: Font(family: "DejaVu Sans", size: size))
        label.numberOfLines = 0
        configure(label)
        label.frame = CGRect(x: 0, y: 0, width: width, height: height)
        return label
    }

    func channels(_ pixel: UInt32) -> (r: Int, g: Int, b: Int) {
        (Int(pixel >> 16 & 0xFF), Int(pixel >> 8 & 0xFF), Int(pixel & 0xFF))
    }

    /// Pixels far from grey: one channel at least 80 above another.
    func colouredPixels(_ bitmap: Renderer.Bitmap) -> Int {
        bitmap.pixels.reduce(0) { n, p in
            let c = channels(p)
            return n + (max(c.r, c.g, c.b) - min(c.r, c.g, c.b) >= 80 ? 1 : 0)
        }
    }

    /// The columns (in pixels) that hold ink (a channel below 128) in rows `rows`.
    func inkColumns(_ bitmap: Renderer.Bitmap, rows: Range<Int> = 0..<Int.max) -> [Int] {
        var xs: [Int] = []
        for x in 0..<bitmap.width {
            for y in max(rows.lowerBound, 0)..<min(rows.upperBound, bitmap.height) {
                let c = channels(bitmap[x, y])
                if min(c.r, c.g, c.b) < 128 { xs.append(x); break }
            }
        }
        return xs
    }

    @Test(.enabled(if: FontLibrary.shared.emojiFace() != nil, "no colour emoji font: run scripts/setup.sh"))
    func emojiAreDrawnInColour() throws {
        let emoji = try renderer.bitmap(label("👍🏽 🇯🇵", size: 30, height: 50))
        #expect(colouredPixels(emoji) > 200)
        // The same label in black text has no colour at all (grey antialiasing).
        #expect(colouredPixels(try renderer.bitmap(label("ok JP", size: 30, height: 50))) == 0)
        // Drawn at the font's size: the thumb's ink is about as wide as its advance (136/109 em).
        let columns = inkColumns(emoji, rows: 0..<emoji.height).filter { $0 < Int(30 * 136.0 / 109 * 2) + 4 }
        #expect(columns.count > 30 && columns.count <= Int(30 * 136.0 / 109 * 2) + 4)
    }

    @Test(.enabled(if: FontLibrary.shared.emojiFace() != nil, "no colour emoji font: run scripts/setup.sh"))
    func emojiAreDrawnInColourInPDF() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("emoji-pdf-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let emoji = dir.appendingPathComponent("emoji.pdf").path, plain = dir.appendingPathComponent("plain.pdf").path
        try renderer.render(label("👍🏽 1️⃣", size: 30, height: 50), to: emoji)
        try renderer.render(label("ok 1", size: 30, height: 50), to: plain)
        // Cairo draws colour glyphs into a PDF as images (the text as a font).
        let emojiPDF = try String(decoding: Data(contentsOf: URL(fileURLWithPath: emoji)), as: UTF8.self)
        let plainPDF = try String(decoding: Data(contentsOf: URL(fileURLWithPath: plain)), as: UTF8.self)
        #expect(emojiPDF.contains("/Subtype /Image"))
        #expect(!plainPDF.contains("/Subtype /Image"))
    }

    @Test func rightToLeftTextWithNaturalAlignmentIsOnTheRight() throws {
        for text in ["שלום עולם", "مرحبا بالعالم"] {
            let columns = inkColumns(try renderer.bitmap(label(text)))
            #expect(columns.min()! > 300, "\(text): all ink in the right half")
            #expect(columns.max()! > 590, "\(text): reaches the right edge")
        }
        // Latin stays on the left, even in a right-to-left label: its paragraph is left to right.
        let latin = inkColumns(try renderer.bitmap(label("Hello") { $0.layoutDirection = .rightToLeft }))
        #expect(latin.max()! < 300)
        // Neutral text takes the label's direction.
        let digits = inkColumns(try renderer.bitmap(label("123") { $0.layoutDirection = .rightToLeft }))
        #expect(digits.min()! > 300)
        // `left` is left in either direction.
        let left = inkColumns(try renderer.bitmap(label("שלום") { $0.textAlignment = .left }))
        #expect(left.max()! < 300)
    }

    @Test func justifiedLinesReachTheWidthButTheLast() throws {
        let text = "A paragraph long enough to wrap onto several lines, justified as UILabel justifies it."
        let font = Font(family: "DejaVu Sans", size: 15)
        let laid = try #require(TextMeasurer().laidOut(TextMeasureRequest(text: text, font: font, width: 200)))
        let height = Double(laid.lines.count) * laid.lineHeight
        let justified = label(text, size: 15, width: 200, height: CGFloat(height)) { $0.textAlignment = .justified }
        let natural = label(text, size: 15, width: 200, height: CGFloat(height))
        let j = try renderer.bitmap(justified), n = try renderer.bitmap(natural)
        for (k, line) in laid.lines.enumerated() {
            let rows = Int(((Double(k) * laid.lineHeight) * 2).rounded())..<Int(((Double(k + 1) * laid.lineHeight) * 2).rounded())
            let right = try #require(inkColumns(j, rows: rows).max()), left = try #require(inkColumns(j, rows: rows).min())
            #expect(left == inkColumns(n, rows: rows).min(), "line \(k) starts where the natural one does")
            if line.endsParagraph {
                #expect(right == inkColumns(n, rows: rows).max(), "the last line is natural")
                #expect(right < 390)
            } else {
                #expect(right >= 394, "line \(k) reaches the label's right edge (400 px)")
            }
        }
    }
}
