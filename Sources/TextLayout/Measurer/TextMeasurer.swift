import AutoLayout
import Foundation
import Synchronization

/// Measures and lays out text with the real Linux text stack: fonts through fontconfig, shaping
/// with HarfBuzz, line breaking with ICU, greedy line filling as browsers do (spaces hang at the
/// end of a line, a word longer than the line breaks between grapheme clusters).
///
/// A text is prepared once (segmented at its break opportunities, each segment shaped once, its
/// width cached per font); laying it out at a width is then arithmetic. The measurer keeps three
/// caches, each counted in ``statistics``: fonts resolved to faces, segment widths, and prepared
/// texts.
///
/// Threading: every method may be called from any number of threads at once. Faces, break
/// iterators and shaping buffers are shared safely; the caches are sharded, each shard behind
/// its own lock, so that threads measuring at once rarely wait; prepared texts are immutable
/// values. A label's measuring context (``measure(_:context:)``) belongs to that label and is used
/// by one thread at a time, as a label is.
public final class TextMeasurer: TextMeasuring, Sendable {
    /// Where fonts are found.
    public let library: FontLibrary

    /// Segment widths, cached per font (``SegmentWidths``).
    let widths = SegmentWidths()
    /// Prepared texts, in shards with a lock each (``PreparedShard``).
    let preparedTexts = Shards(count: 8) { PreparedShard() }
    /// Fonts resolved to faces, by what asked for them: fontconfig is asked once per font.
    let fonts = Mutex(FontCache())
    /// Glyph runs shaped for drawing (``laidOut(_:)``), which no cache keeps.
    let glyphShapingCalls = Mutex(0)

    /// The most segment widths kept; the cache is emptied when it grows past this.
    public static let cacheLimit = 200_000
    /// The most prepared texts kept.
    public static let preparedLimit = 16_384

    /// A measurer with empty caches, finding fonts in `library`.
    public init(library: FontLibrary = .shared) {
        self.library = library
    }

    /// Measures a text: its size, baselines and line count, as a UILabel with the request's
    /// settings would lay it out.
    public func measure(_ request: TextMeasureRequest) -> TextMeasurement {
        guard let font = resolve(request.font, language: request.language, category: request.contentSizeCategory) else {
            return TextMeasurer.noFont
        }
        let prepared = prepare(request.text, font, language: request.language,
                               charWrap: request.lineBreakMode == .byCharWrapping)
        return measure(request, prepared, lineMetrics(request, font))
    }

    /// The laid-out lines of a text: each line's text and width.
    ///
    /// With a limit on the number of lines, the last line shown takes what is left, cut as the
    /// line break mode says (UILabel): an ellipsis at the tail, head or middle, or clipped.
    public func lines(_ request: TextMeasureRequest) -> [(text: String, width: Double)] {
        guard let font = resolve(request.font, language: request.language, category: request.contentSizeCategory) else { return [] }
        let prepared = prepare(request.text, font, language: request.language, charWrap: request.lineBreakMode == .byCharWrapping)
        return lines(prepared, width: request.width.map(Double.init), limit: request.numberOfLines,
                     mode: request.lineBreakMode, font, language: request.language)
    }

    /// The lines of a prepared text at a width, the last one shown truncated when there are more
    /// than `limit` (0: no limit).
    func lines(_ prepared: PreparedText, width: Double?, limit: Int, mode: LineBreakMode, _ font: ResolvedFont,
               language: String?) -> [(text: String, width: Double)] {
        let all = prepared.lines(width: width)
        guard limit > 0, all.count > limit else { return all.map { (String($0.text), $0.width) } }
        var shown = all.prefix(limit - 1).map { (String($0.text), $0.width) }
        let rest = prepared.text[all[limit - 1].text.startIndex...]
        shown.append(truncate(rest, width: width, mode: mode, font, language: language))
        return shown
    }

    /// Segments a text at its break opportunities and measures each segment once; laying the
    /// prepared text out at any width is then arithmetic (see ``PreparedText/lines(width:)``).
    /// - Parameters:
    ///   - text: the text.
    ///   - font: the font, resolved through fontconfig (or its file).
    ///   - language: a BCP-47 tag: it picks the CJK font variant and can change shaping.
    ///   - category: the content size category a Dynamic Type font takes its size at.
    ///   - keep: whether to keep the prepared text for later calls with the same text
    ///     (labels re-measure one text at several widths; a batch of distinct texts gains nothing).
    /// - Returns: the prepared text, or nil when no font is found.
    public func prepare(_ text: String, font: Font, language: String? = nil,
                        category: ContentSizeCategory = .large, keep: Bool = true) -> PreparedText? {
        guard let resolved = resolve(font, language: language, category: category) else { return nil }
        return prepare(text, resolved, language: language, keep: keep)
    }

    /// The height of each line and the first baseline, as the request's line height asks (a
    /// text style's natural line height is its leading); the glyphs sit centred in the line.
    func lineMetrics(_ request: TextMeasureRequest, _ font: ResolvedFont) -> (lineHeight: Double, firstBaseline: Double) {
        let face = font.primary
        let ascent = font.px(face.ascender, face), descent = -font.px(face.descender, face), gap = font.px(face.lineGap, face)
        let natural = font.leading ?? ascent + descent + gap
        let lineHeight: Double
        switch request.lineHeight {
        case .natural: lineHeight = natural
        case let .fixed(h): lineHeight = Double(h)
        case let .minimum(h): lineHeight = max(natural, Double(h))
        case let .maximum(h): lineHeight = min(natural, Double(h))
        case let .multiple(m): lineHeight = natural * Double(m)
        }
        return (lineHeight, (lineHeight - ascent - descent) / 2 + ascent)
    }

    /// What a text measures when no font can be found for it.
    static let noFont = TextMeasurement(size: .zero, firstBaseline: 0, lastBaseline: 0, lineCount: 0)

    /// A prepared text's measurement at the request's width and line limit.
    func measure(_ request: TextMeasureRequest, _ prepared: PreparedText,
                 _ metrics: (lineHeight: Double, firstBaseline: Double)) -> TextMeasurement {
        let (lineCount, widest) = prepared.size(width: request.width.map(Double.init), maxLines: request.numberOfLines)
        let (lineHeight, firstBaseline) = metrics
        let height = lineHeight * Double(lineCount)
        return TextMeasurement(size: CGSize(width: widest, height: height), firstBaseline: CGFloat(firstBaseline),
                               lastBaseline: CGFloat(height - lineHeight + firstBaseline), lineCount: lineCount)
    }
}
