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
    private var widths: [String: Double] = [:]
    /// The most segment widths kept; the cache is emptied when it grows past this.
    public static let cacheLimit = 200_000

    public init(library: FontLibrary = .shared) {
        self.library = library
    }

    /// A font resolved to faces and a pixel size.
    struct ResolvedFont {
        let primary: FontFace
        let fallback: FontFace?
        let size: Double
        let key: String

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
        return ResolvedFont(primary: primary, fallback: fallback, size: size,
                            key: "\(primary.path)#\(primary.index)|\(fallback?.path ?? "")|\(size)|\(language ?? "")")
    }

    /// The width of a segment in pixels, shaped run by run (the fallback face takes what the
    /// primary face has no glyph for), cached per font.
    func width(of segment: Substring, _ font: ResolvedFont, language: String?) -> Double {
        let key = font.key + "|" + segment
        lock.lock()
        if let w = widths[key] {
            lock.unlock()
            return w
        }
        lock.unlock()
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
        lock.lock()
        if widths.count > TextMeasurer.cacheLimit { widths.removeAll(keepingCapacity: true) }
        widths[key] = total
        lock.unlock()
        return total
    }

    /// The laid-out lines of a text: each line's text and width.
    public func lines(_ request: TextMeasureRequest) -> [(text: Substring, width: Double)] {
        guard let font = resolve(request.font, language: request.language, category: request.contentSizeCategory) else { return [] }
        return layout(request, font)
    }

    func layout(_ request: TextMeasureRequest, _ font: ResolvedFont) -> [(text: Substring, width: Double)] {
        let text = request.text
        let utf16 = Array(text.utf16)
        let breaks = BreakIterators.shared.lineBreaks(utf16)
        let limit = request.width.map(Double.init) ?? .infinity
        var lines: [(text: Substring, width: Double)] = []
        var lineStart = text.startIndex
        var lineEnd = text.startIndex
        var lineWidth = 0.0   // up to the end of the last segment, trailing spaces included
        var fitWidth = 0.0    // without the trailing spaces of the last segment
        var previous = 0
        func index(_ offset: Int) -> String.Index { String.Index(utf16Offset: offset, in: text) }
        func endLine() {
            lines.append((text[lineStart..<lineEnd], fitWidth))
            lineStart = lineEnd
            lineWidth = 0
            fitWidth = 0
        }
        for b in breaks {
            let start = index(previous), end = index(b.offset)
            previous = b.offset
            var segment = text[start..<end]
            // A hard break's newline takes no room and belongs to no line.
            while let last = segment.last, last.isNewline { segment = segment.dropLast() }
            let segmentEnd = segment.endIndex
            let trimmed = segment.reversed().drop(while: { $0 == " " || $0 == "\t" }).count
            let body = segment.prefix(trimmed)
            let full = segment.isEmpty ? 0 : width(of: segment, font, language: request.language)
            let fit = body.isEmpty ? 0 : (body.count == segment.count ? full : width(of: body, font, language: request.language))
            if lineWidth > 0 && lineWidth + fit > limit + 1e-9 { endLine() }
            if lineWidth == 0 && fit > limit + 1e-9 {
                // Longer than a line alone: break between grapheme clusters (overflow-wrap: break-word).
                var rest = body
                while !rest.isEmpty {
                    var taken = rest.startIndex
                    var w = 0.0
                    for c in rest.indices {
                        let next = rest.index(after: c)
                        let cw = width(of: rest[rest.startIndex..<next], font, language: request.language)
                        if cw > limit + 1e-9 && taken > rest.startIndex { break }
                        taken = next
                        w = cw
                    }
                    lineEnd = taken
                    fitWidth = w
                    lineWidth = w
                    rest = rest[taken...]
                    if !rest.isEmpty { endLine() }
                }
                lineEnd = segmentEnd
                lineWidth = fitWidth + (full - fit)
            } else {
                fitWidth = lineWidth + fit
                lineWidth += full
                lineEnd = segmentEnd
            }
            if b.isHard && b.offset < utf16.count {
                endLine()
                lineStart = end
                lineEnd = end
            }
        }
        if lineWidth > 0 || lines.isEmpty || lineStart < text.endIndex { lines.append((text[lineStart..<text.endIndex], fitWidth)) }
        return lines
    }

    public func measure(_ request: TextMeasureRequest) -> TextMeasurement {
        guard let font = resolve(request.font, language: request.language, category: request.contentSizeCategory) else {
            return TextMeasurement(size: .zero, firstBaseline: 0, lastBaseline: 0, lineCount: 0)
        }
        var lines = layout(request, font)
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
