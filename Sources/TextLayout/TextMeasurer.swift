import AutoLayout
import Foundation

/// Measures and lays out text with the real Linux text stack: fonts through fontconfig, shaping
/// with HarfBuzz, line breaking with ICU, greedy line filling as browsers do (spaces hang at the
/// end of a line, a word longer than the line breaks between grapheme clusters).
///
/// Thread-safe: faces and iterators are shared safely, and the segment-width cache is locked.
public final class TextMeasurer: TextMeasuring, @unchecked Sendable {
    public let library: FontLibrary

    private let lock = NSLock()
    /// Segment widths in shards with a lock each, so that threads measuring at once rarely wait.
    private let shards = (0..<16).map { _ in WidthShard() }
    private var prepared: [String: PreparedText] = [:]
    /// The most segment widths kept; the cache is emptied when it grows past this.
    public static let cacheLimit = 200_000
    /// The most prepared texts kept.
    public static let preparedLimit = 4_096

    public init(library: FontLibrary = .shared) {
        self.library = library
    }

    /// A font resolved to faces and a pixel size.
    struct ResolvedFont {
        let primary: FontFace
        let fallback: FontFace?
        let size: Double
        let key: String
        /// A small number for the font in cache keys.
        let id: Int

        func px(_ units: Double, _ face: FontFace) -> Double { units * size / face.unitsPerEm }
    }

    func resolve(_ font: Font, language: String?, category: ContentSizeCategory) -> ResolvedFont? {
        var size = Double(font.size)
        var weight = font.weight
        if let style = font.textStyle {
            let metrics = DynamicType.metrics(style, category)
            size = metrics.size
            weight = metrics.weight
        }
        guard let primary = library.face(family: font.family, weight: weight, italic: font.isItalic, language: language) else {
            return nil
        }
        let fallback = library.cjkFace(weight: weight, language: language)
        let key = "\(primary.path)#\(primary.index)|\(fallback?.path ?? "")|\(size)|\(language ?? "")"
        return ResolvedFont(primary: primary, fallback: fallback, size: size, key: key, id: fontID(key))
    }

    private var fontIDs: [String: Int] = [:]

    private func fontID(_ key: String) -> Int {
        lock.lock()
        defer { lock.unlock() }
        if let id = fontIDs[key] { return id }
        let id = fontIDs.count
        fontIDs[key] = id
        return id
    }

    /// The width of a segment in pixels, shaped run by run (the fallback face takes what the
    /// primary face has no glyph for), cached per font.
    func width(of segment: Substring, _ font: ResolvedFont, language: String?) -> Double {
        let key = SegmentKey(font: font.id, bytes: Array(segment.utf8))
        let shard = shards[key.hashValue & (shards.count - 1)]
        if let w = shard.get(key) { return w }
        let w = shapedWidth(of: segment, font, language: language)
        shard.set(key, w, limit: TextMeasurer.cacheLimit / shards.count)
        return w
    }

    private func shapedWidth(of segment: Substring, _ font: ResolvedFont, language: String?) -> Double {
        var total = 0.0
        var runStart = segment.startIndex
        var runFace: FontFace?
        var i = segment.startIndex
        while i < segment.endIndex {
            let scalar = segment.unicodeScalars[i]
            let face = font.primary.hasGlyph(for: scalar) || scalar.properties.isWhitespace ? font.primary
                : (font.fallback.map { $0.hasGlyph(for: scalar) ? $0 : font.primary } ?? font.primary)
            if let current = runFace, current !== face {
                total += font.px(current.advance(of: segment[runStart..<i], language: language), current)
                runStart = i
            }
            runFace = face
            i = segment.unicodeScalars.index(after: i)
        }
        if let current = runFace {
            total += font.px(current.advance(of: segment[runStart..<segment.endIndex], language: language), current)
        }
        return total
    }

    /// The laid-out lines of a text: each line's text and width.
    public func lines(_ request: TextMeasureRequest) -> [(text: Substring, width: Double)] {
        guard let font = resolve(request.font, language: request.language, category: request.contentSizeCategory) else { return [] }
        return prepare(request.text, font, language: request.language).lines(width: request.width.map(Double.init))
    }

    /// Segments a text at its break opportunities and measures each segment once; laying the
    /// prepared text out at any width is then arithmetic (see ``PreparedText/lines(width:)``).
    /// - Parameter keep: whether to keep the prepared text for later calls with the same text
    ///   (labels re-measure one text at several widths; a batch of distinct texts gains nothing).
    public func prepare(_ text: String, font: Font, language: String? = nil,
                        category: ContentSizeCategory = .large, keep: Bool = true) -> PreparedText? {
        guard let resolved = resolve(font, language: language, category: category) else { return nil }
        return prepare(text, resolved, language: language, keep: keep)
    }

    func prepare(_ text: String, _ font: ResolvedFont, language: String?, keep: Bool = true) -> PreparedText {
        let key = keep ? font.key + "\u{0}" + text : ""
        if keep {
            lock.lock()
            if let p = prepared[key] {
                lock.unlock()
                return p
            }
            lock.unlock()
        }
        let utf16 = Array(text.utf16)
        let breaks = LineBreakRules.tailor(BreakIterators.shared.lineBreaks(utf16), utf16)
        var segments: [PreparedText.Segment] = []
        segments.reserveCapacity(breaks.count)
        var previous = 0
        for b in breaks {
            let start = String.Index(utf16Offset: previous, in: text), end = String.Index(utf16Offset: b.offset, in: text)
            previous = b.offset
            var segment = text[start..<end]
            // A hard break's newline takes no room and belongs to no line.
            while let last = segment.last, last.isNewline { segment = segment.dropLast() }
            let trimmed = segment.reversed().drop(while: { $0 == " " || $0 == "\t" }).count
            let body = segment.prefix(trimmed)
            let full = segment.isEmpty ? 0 : width(of: segment, font, language: language)
            let fit = body.isEmpty ? 0 : (body.count == segment.count ? full : width(of: body, font, language: language))
            segments.append(PreparedText.Segment(range: start..<segment.endIndex, bodyEnd: body.endIndex, end: end, width: full,
                                                 fitWidth: fit, isHardBreak: b.isHard && b.offset < utf16.count))
        }
        let p = PreparedText(text: text, segments: segments) { [self] prefix in width(of: prefix, font, language: language) }
        if keep {
            lock.lock()
            if prepared.count > TextMeasurer.preparedLimit { prepared.removeAll(keepingCapacity: true) }
            prepared[key] = p
            lock.unlock()
        }
        return p
    }

    public func measure(_ request: TextMeasureRequest) -> TextMeasurement {
        guard let font = resolve(request.font, language: request.language, category: request.contentSizeCategory) else {
            return TextMeasurement(size: .zero, firstBaseline: 0, lastBaseline: 0, lineCount: 0)
        }
        var lines = prepare(request.text, font, language: request.language).lines(width: request.width.map(Double.init))
        if request.numberOfLines > 0 && lines.count > request.numberOfLines {
            lines.removeLast(lines.count - request.numberOfLines)
        }
        let face = font.primary
        let ascent = font.px(face.ascender, face), descent = -font.px(face.descender, face), gap = font.px(face.lineGap, face)
        let natural = ascent + descent + gap
        let lineHeight: Double
        switch request.lineHeight {
        case .natural: lineHeight = natural
        case let .fixed(h): lineHeight = Double(h)
        case let .minimum(h): lineHeight = max(natural, Double(h))
        case let .maximum(h): lineHeight = min(natural, Double(h))
        case let .multiple(m): lineHeight = natural * Double(m)
        }
        let firstBaseline = (lineHeight - ascent - descent) / 2 + ascent
        let height = lineHeight * Double(lines.count)
        let width = lines.map(\.width).max() ?? 0
        return TextMeasurement(size: CGSize(width: width, height: height), firstBaseline: CGFloat(firstBaseline),
                               lastBaseline: CGFloat(height - lineHeight + firstBaseline), lineCount: lines.count)
    }
}

/// A segment's cache key: its font and its UTF-8 bytes (hashing bytes skips the Unicode
/// normalisation a String key would pay).
struct SegmentKey: Hashable {
    let font: Int
    let bytes: [UInt8]
}

/// One shard of the segment-width cache.
final class WidthShard: @unchecked Sendable {
    private let lock = NSLock()
    private var widths: [SegmentKey: Double] = [:]

    func get(_ key: SegmentKey) -> Double? {
        lock.lock()
        defer { lock.unlock() }
        return widths[key]
    }

    func set(_ key: SegmentKey, _ width: Double, limit: Int) {
        lock.lock()
        defer { lock.unlock() }
        if widths.count > limit { widths.removeAll(keepingCapacity: true) }
        widths[key] = width
    }
}
