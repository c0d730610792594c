/// Segment widths in pixels, shaped run by run (the fallback face takes what the primary face has
/// no glyph for) and cached per font in shards with a lock each, so that threads measuring at once
/// rarely wait.
///
/// Prepared texts keep this cache (not their measurer) to measure over-long segments, so that the
/// measurer's cache of prepared texts makes no cycle.
final class SegmentWidths: Sendable {
    private let shards = Shards(count: 16) { WidthShard() }

    /// The width of a segment in pixels, shaped run by run (the fallback face takes what the
    /// primary face has no glyph for), cached per font.
    func width(of segment: Substring, _ font: TextMeasurer.ResolvedFont, language: String?) -> Double {
        let bytes = Array(segment.utf8)
        return bytes.withUnsafeBufferPointer { width(bytes: $0, 0, Int32(bytes.count), font, language: language) }
    }

    /// The width of the UTF-8 bytes `[start, end)`, from the cache or shaped.
    func width(bytes: UnsafeBufferPointer<UInt8>, _ start: Int32, _ end: Int32, _ font: TextMeasurer.ResolvedFont,
               language: String?) -> Double {
        let slice = UnsafeBufferPointer(rebasing: bytes[Int(start)..<Int(end)])
        let hash = ByteHash.hash(slice, seed: font.id)
        if let w = shards.withShard(for: hash, { $0.width(font: font.id, bytes: slice, hash: hash) }) { return w }
        let w: Double
        let shapingCalls: Int
        if font.primary.coversASCII && slice.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            // Printable ASCII is all in the primary face: shaped from the bytes as they are.
            w = font.px(font.primary.advance(utf8: slice, language: language), font.primary)
            shapingCalls = slice.isEmpty ? 0 : 1
        } else {
            (w, shapingCalls) = shapedWidth(of: Substring(String(decoding: slice, as: UTF8.self)), font, language: language)
        }
        shards.withShard(for: hash) {
            $0.keep(font: font.id, bytes: slice, hash: hash, width: w, limit: TextMeasurer.cacheLimit / shards.count,
                    shapingCalls: shapingCalls)
        }
        return w
    }

    /// A segment's width, and how many runs were shaped for it.
    private func shapedWidth(of segment: Substring, _ font: TextMeasurer.ResolvedFont, language: String?) -> (Double, Int) {
        var total = 0.0
        var runs = 0
        SegmentWidths.forEachFaceRun(segment, font) { run, face in
            total += font.px(face.advance(of: run, language: language, features: SegmentWidths.features(of: face, font)), face)
            runs += 1
        }
        return (total, runs)
    }

    /// Counts shaping calls made for something other than a segment's width (in the first shard).
    func count(shapingCalls: Int) {
        shards.all[0].count(shapingCalls: shapingCalls)
    }

    /// The cache's counters, summed over the shards.
    var counts: (hits: Int, misses: Int, shapingCalls: Int) {
        var sum = (hits: 0, misses: 0, shapingCalls: 0)
        for shard in shards.all {
            let c = shard.counts
            sum = (sum.hits + c.hits, sum.misses + c.misses, sum.shapingCalls + c.shapingCalls)
        }
        return sum
    }

    func resetCounts() {
        for shard in shards.all { shard.resetCounts() }
    }

    /// Splits text into runs of one face, choosing the face per grapheme cluster
    /// (``TextMeasurer/ResolvedFont/face(for:)``: emoji, primary, CJK fallback).
    static func forEachFaceRun(_ text: Substring, _ font: TextMeasurer.ResolvedFont, _ body: (Substring, FontFace) -> Void) {
        var runStart = text.startIndex
        var runFace: FontFace?
        var i = text.startIndex
        while i < text.endIndex {
            let next = text.index(after: i)
            let face = font.face(for: text[i..<next])
            if let current = runFace, current !== face {
                body(text[runStart..<i], current)
                runStart = i
            }
            runFace = face
            i = next
        }
        if let current = runFace { body(text[runStart..<text.endIndex], current) }
    }

    /// OpenType features of CJK runs: contextual half-width spacing of adjacent fullwidth
    /// punctuation, as Chromium's default `text-spacing-trim` applies it.
    static let cjkFeatures = ["chws"]

    /// The OpenType features a face shapes with: CJK spacing for the CJK fallback face.
    static func features(of face: FontFace, _ font: TextMeasurer.ResolvedFont) -> [String] {
        face === font.fallback && face !== font.primary ? cjkFeatures : []
    }
}
