import AutoLayout
import Foundation
import Synchronization

/// Measures and lays out text with the real Linux text stack: fonts through fontconfig, shaping
/// with HarfBuzz, line breaking with ICU, greedy line filling as browsers do (spaces hang at the
/// end of a line, a word longer than the line breaks between grapheme clusters).
///
/// Thread-safe: faces and iterators are shared safely, and the segment-width cache is locked.
public final class TextMeasurer: TextMeasuring, @unchecked Sendable {
    public let library: FontLibrary

    private let lock = NSLock()
    private let resolveLock = NSLock()
    /// Segment widths, cached per font; prepared texts keep it (not the measurer) to measure
    /// over-long segments, so that the measurer's cache of prepared texts makes no cycle.
    let widths = SegmentWidths()
    /// Prepared texts in shards with a lock each, so that threads measuring at once rarely wait.
    private let preparedShards = (0..<8).map { _ in PreparedShard() }
    /// The shards without reference counting (`preparedShards` keeps them): threads looking up
    /// at once would otherwise take turns at each shard's reference count.
    private let preparedShardRefs: [Unmanaged<PreparedShard>]
    /// Fonts resolved to faces, by what asked for them: fontconfig is asked once per font.
    @exclusivity(unchecked) private var resolved: [ResolveKey: ResolvedFont?] = [:]
    @exclusivity(unchecked) private var recentlyResolved: [(ResolveKey, ResolvedFont?)] = []

    /// One shard of the prepared texts, sized for a list of a few thousand texts at the start
    /// (growing from nothing rehashes every text several times; sizing it for the limit costs a
    /// new measurer megabytes it may never use).
    private final class PreparedShard: Sendable {
        /// A Mutex rather than an NSLock: taking it uncontended is one atomic operation, with no
        /// call into pthreads.
        private let texts: Mutex<[PreparedKey: PreparedText]>

        init() {
            var table: [PreparedKey: PreparedText] = [:]
            table.reserveCapacity(512)
            texts = Mutex(table)
        }

        func text(for key: PreparedKey) -> PreparedText? {
            texts.withLock { $0[key] }
        }

        /// Keeps a prepared text, emptying the shard first when it holds `limit`.
        func keep(_ text: PreparedText, for key: PreparedKey, limit: Int) {
            texts.withLock { table in
                if table.count > limit { table.removeAll(keepingCapacity: true) }
                table[key] = text
            }
        }
    }

    /// A prepared text's key: the font, the breaking mode and the text's UTF-8 bytes (compared as
    /// bytes, not as canonically equivalent strings: the bytes are what is shaped).
    fileprivate struct PreparedKey: Hashable {
        let font: Int
        let charWrap: Bool
        let text: String
        /// The bytes' hash, made once per lookup, eight bytes at a step. String's own hashing
        /// normalises text it does not know to be NFC first, which costs more than the rest of a hit.
        let bytesHash: Int

        init(font: Int, charWrap: Bool, text: String) {
            self.font = font
            self.charWrap = charWrap
            self.text = text
            bytesHash = text.utf8.withContiguousStorageIfAvailable(PreparedKey.hash) ?? Array(text.utf8).withUnsafeBufferPointer(PreparedKey.hash)
        }

        static func == (a: PreparedKey, b: PreparedKey) -> Bool {
            guard a.bytesHash == b.bytesHash, a.font == b.font, a.charWrap == b.charWrap else { return false }
            let same = a.text.utf8.withContiguousStorageIfAvailable { x in
                b.text.utf8.withContiguousStorageIfAvailable { y in
                    x.count == y.count && (x.count == 0 || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0)
                }
            }
            return (same ?? nil) ?? a.text.utf8.elementsEqual(b.text.utf8)
        }

        func hash(into hasher: inout Hasher) { hasher.combine(bytesHash) }

        /// A multiply-and-shift mix over eight-byte words: a cache key needs speed, not resistance
        /// to chosen collisions.
        static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
            let raw = UnsafeRawBufferPointer(bytes)
            var h: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
            var i = 0
            while i + 8 <= raw.count {
                h = (h ^ raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
                h ^= h >> 32
                i += 8
            }
            var tail: UInt64 = 0
            while i < raw.count {
                tail = tail << 8 | UInt64(raw[i])
                i += 1
            }
            h = (h ^ tail) &* 0xC4CE_B9FE_1A85_EC53
            return Int(truncatingIfNeeded: h ^ (h >> 29))
        }
    }

    private struct ResolveKey: Hashable {
        let font: Font
        let language: String?
        let category: ContentSizeCategory
    }
    /// The most segment widths kept; the cache is emptied when it grows past this.
    public static let cacheLimit = 200_000
    /// Fullwidth opening brackets, set half-width at the start of a line, and closing brackets, set
    /// half-width at the end of a line that does not fit otherwise (CSS text-spacing-trim: normal, as
    /// Chromium applies it; commas and stops keep their width).
    static let openingPunctuation: Set<UInt32> = [0xFF08, 0x300C, 0x300E, 0x3010, 0x3008, 0x300A, 0x3014, 0x3016, 0xFF3B, 0xFF5B]
    static let closingPunctuation: Set<UInt32> = [0xFF09, 0x300D, 0x300F, 0x3011, 0x3009, 0x300B, 0x3015, 0x3017, 0xFF3D, 0xFF5D]

    /// Half the advance of the fullwidth punctuation at the start or end of `[start, end)` when it
    /// may be trimmed there, else 0.
    func trim(_ p: UnsafeBufferPointer<UInt8>, _ start: Int32, _ end: Int32, atStart: Bool, _ font: ResolvedFont) -> Double {
        guard end - start >= 3 else { return 0 }
        // Fullwidth punctuation is 3 bytes in UTF-8 (U+3000...U+FFFF).
        let at = atStart ? Int(start) : Int(end) - 3
        let b0 = UInt32(p[at]), b1 = UInt32(p[at + 1]), b2 = UInt32(p[at + 2])
        guard b0 & 0xF0 == 0xE0, b1 & 0xC0 == 0x80, b2 & 0xC0 == 0x80 else { return 0 }
        let scalar = (b0 & 0x0F) << 12 | (b1 & 0x3F) << 6 | (b2 & 0x3F)
        let set = atStart ? TextMeasurer.openingPunctuation : TextMeasurer.closingPunctuation
        guard set.contains(scalar) else { return 0 }
        return width(bytes: p, Int32(at), Int32(at + 3), font, language: nil) / 2
    }

    /// OpenType features of CJK runs: contextual half-width spacing of adjacent fullwidth
    /// punctuation, as Chromium's default `text-spacing-trim` applies it.
    static let cjkFeatures = ["chws"]
    /// The most prepared texts kept.
    public static let preparedLimit = 16_384

    public init(library: FontLibrary = .shared) {
        self.library = library
        preparedShardRefs = preparedShards.map { Unmanaged.passUnretained($0) }
    }

    /// A font resolved to faces and a pixel size (a class: measuring passes it around often).
    final class ResolvedFont: Sendable {
        let primary: FontFace
        let fallback: FontFace?
        let size: Double
        /// The line height of a Dynamic Type style; nil takes it from the font.
        let leading: Double?
        let key: String
        /// A small number for the font in cache keys.
        let id: Int

        init(primary: FontFace, fallback: FontFace?, size: Double, leading: Double?, key: String, id: Int) {
            self.primary = primary
            self.fallback = fallback
            self.size = size
            self.leading = leading
            self.key = key
            self.id = id
        }

        func px(_ units: Double, _ face: FontFace) -> Double { units * size / face.unitsPerEm }
    }

    func resolve(_ font: Font, language: String?, category: ContentSizeCategory) -> ResolvedFont? {
        let key = ResolveKey(font: font, language: language, category: category)
        resolveLock.lock()
        // The last few fonts asked for are compared before anything is hashed: a table's labels
        // ask for the same two or three fonts row after row.
        for (k, r) in recentlyResolved where k == key {
            resolveLock.unlock()
            return r
        }
        if let r = resolved[key] {
            if recentlyResolved.count == 4 { recentlyResolved.removeFirst() }
            recentlyResolved.append((key, r))
            resolveLock.unlock()
            return r
        }
        resolveLock.unlock()
        let r = resolveUncached(font, language: language, category: category)
        resolveLock.lock()
        resolved[key] = r
        resolveLock.unlock()
        return r
    }

    private func resolveUncached(_ font: Font, language: String?, category: ContentSizeCategory) -> ResolvedFont? {
        var size = Double(font.size)
        var weight = font.weight
        var leading: Double?
        if let style = font.textStyle {
            let metrics = DynamicType.metrics(style, category)
            size = metrics.size
            weight = metrics.weight
            leading = metrics.leading
        }
        let face = font.path.map { library.face(path: $0) } ?? library.face(family: font.family, weight: weight,
                                                                             italic: font.isItalic, language: language)
        guard let primary = face else { return nil }
        let fallback = library.cjkFace(weight: weight, language: language)
        let key = "\(primary.path)#\(primary.index)|\(fallback?.path ?? "")|\(size)|\(language ?? "")"
        return ResolvedFont(primary: primary, fallback: fallback, size: size, leading: leading, key: key, id: fontID(key))
    }

    @exclusivity(unchecked) private var fontIDs: [String: Int] = [:]

    private func fontID(_ key: String) -> Int {
        lock.lock()
        defer { lock.unlock() }
        if let id = fontIDs[key] { return id }
        let id = fontIDs.count
        fontIDs[key] = id
        return id
    }

    /// The width of a segment in pixels (see ``SegmentWidths``).
    func width(of segment: Substring, _ font: ResolvedFont, language: String?) -> Double {
        widths.width(of: segment, font, language: language)
    }

    /// The width of the UTF-8 bytes `[start, end)`, from the cache or shaped.
    func width(bytes: UnsafeBufferPointer<UInt8>, _ start: Int32, _ end: Int32, _ font: ResolvedFont, language: String?) -> Double {
        widths.width(bytes: bytes, start, end, font, language: language)
    }

    func forEachFaceRun(_ text: Substring, _ font: ResolvedFont, _ body: (Substring, FontFace) -> Void) {
        SegmentWidths.forEachFaceRun(text, font, body)
    }

    func features(of face: FontFace, _ font: ResolvedFont) -> [String] { SegmentWidths.features(of: face, font) }

    /// The laid-out lines of a text: each line's text and width.
    ///
    /// With a limit on the number of lines, the last line shown takes what is left, cut as the
    /// line break mode says (UILabel): an ellipsis at the tail, head or middle, or clipped.
    public func lines(_ request: TextMeasureRequest) -> [(text: String, width: Double)] {
        guard let font = resolve(request.font, language: request.language, category: request.contentSizeCategory) else { return [] }
        let prepared = prepare(request.text, font, language: request.language, charWrap: request.lineBreakMode == .byCharWrapping)
        let all = prepared.lines(width: request.width.map(Double.init))
        let limit = request.numberOfLines
        guard limit > 0, all.count > limit else { return all.map { (String($0.text), $0.width) } }
        var shown = all.prefix(limit - 1).map { (String($0.text), $0.width) }
        let rest = request.text[all[limit - 1].text.startIndex...]
        shown.append(truncate(rest, width: request.width.map(Double.init) ?? .infinity, mode: request.lineBreakMode,
                              font, language: request.language))
        return shown
    }

    /// A break after every grapheme cluster; newlines stay mandatory breaks.
    func graphemeBreaks(_ text: String) -> [BreakOpportunity] {
        var out: [BreakOpportunity] = []
        var offset = 0
        for c in text {
            offset += c.utf8.count
            out.append(BreakOpportunity(offset: offset, isHard: c.isNewline))
        }
        if out.isEmpty { out.append(BreakOpportunity(offset: 0, isHard: false)) }
        return out
    }

    /// The last line of a label cut short: as many grapheme clusters as fit with the ellipsis.
    func truncate(_ text: Substring, width: Double, mode: LineBreakMode, _ font: ResolvedFont,
                  language: String?) -> (text: String, width: Double) {
        let body = text.trimmingTrailingWhitespace
        let ellipsis = "\u{2026}"
        let ellipsisWidth = self.width(of: Substring(ellipsis), font, language: language)
        func fits(_ s: String) -> Double? {
            let w = self.width(of: Substring(s), font, language: language)
            return w <= width + 1e-9 ? w : nil
        }
        let clusters = Array(body)
        switch mode {
        case .byTruncatingHead:
            var best = (ellipsis, ellipsisWidth)
            for k in stride(from: clusters.count - 1, through: 0, by: -1) {
                let candidate = ellipsis + String(clusters[k...])
                guard let w = fits(candidate) else { break }
                best = (candidate, w)
            }
            return best
        case .byTruncatingMiddle:
            var best = (ellipsis, ellipsisWidth)
            var head = 0, tail = 0
            while head + tail < clusters.count {
                let takeHead = head <= tail
                let h = head + (takeHead ? 1 : 0), t = tail + (takeHead ? 0 : 1)
                let candidate = String(clusters[..<h]) + ellipsis + String(clusters[(clusters.count - t)...])
                guard let w = fits(candidate) else { break }
                best = (candidate, w)
                head = h
                tail = t
            }
            return best
        case .byClipping, .byWordWrapping, .byCharWrapping:
            var best = ("", 0.0)
            for k in 1...max(1, clusters.count) where k <= clusters.count {
                let candidate = String(clusters[..<k])
                guard let w = fits(candidate) else { break }
                best = (candidate, w)
            }
            return best
        case .byTruncatingTail:
            var best = (ellipsis, ellipsisWidth)
            for k in 1...max(1, clusters.count) where k <= clusters.count {
                let candidate = String(clusters[..<k]).trimmingTrailingWhitespace + ellipsis
                guard let w = fits(candidate) else { break }
                best = (candidate, w)
            }
            return best
        }
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
    public func prepare(_ text: String, font: Font, language: String? = nil,
                        category: ContentSizeCategory = .large, keep: Bool = true) -> PreparedText? {
        guard let resolved = resolve(font, language: language, category: category) else { return nil }
        return prepare(text, resolved, language: language, keep: keep)
    }

    /// - Parameter charWrap: break between any grapheme clusters (UILabel's byCharWrapping), not
    ///   only where UAX #14 allows.
    func prepare(_ text: String, _ font: ResolvedFont, language: String?, keep: Bool = true,
                 charWrap: Bool = false) -> PreparedText {
        guard keep else { return makePrepared(text, font, language: language, charWrap: charWrap) }
        let key = PreparedKey(font: font.id, charWrap: charWrap, text: text)
        return keptPrepared(key) ?? prepareAndKeep(key, font, language: language)
    }

    /// The shard that keeps the texts of a key.
    private func shard(for key: PreparedKey) -> Unmanaged<PreparedShard> {
        preparedShardRefs[(key.bytesHash &+ key.font) & (preparedShardRefs.count - 1)]
    }

    /// A text prepared and kept earlier, or nil.
    private func keptPrepared(_ key: PreparedKey) -> PreparedText? {
        shard(for: key)._withUnsafeGuaranteedRef { $0.text(for: key) }
    }

    /// Prepares a key's text and keeps it.
    private func prepareAndKeep(_ key: PreparedKey, _ font: ResolvedFont, language: String?) -> PreparedText {
        let p = makePrepared(key.text, font, language: language, charWrap: key.charWrap)
        shard(for: key).takeUnretainedValue().keep(p, for: key, limit: TextMeasurer.preparedLimit / preparedShards.count)
        return p
    }

    /// Segments a text and measures its segments (a new prepared text, kept nowhere).
    private func makePrepared(_ text: String, _ font: ResolvedFont, language: String?, charWrap: Bool) -> PreparedText {
        let bytes = Array(text.utf8)
        let breaks = charWrap ? graphemeBreaks(text) : bytes.withUnsafeBufferPointer { p in
            LineBreakRules.tailor(BreakIterators.shared.lineBreaks(p), p)
        }
        let n = breaks.count
        var segments: [PreparedText.Segment] = []
        segments.reserveCapacity(n)
        var previous: Int32 = 0
        let spaceWidth = width(of: " ", font, language: language), tabWidth = width(of: "\t", font, language: language)
        bytes.withUnsafeBufferPointer { p in
            for b in breaks {
                let start = previous, end = Int32(b.offset)
                previous = end
                // A hard break's newline takes no room and belongs to no line.
                var textEnd = end
                while textEnd > start {
                    let c = p[Int(textEnd) - 1]
                    if c == 0x0A || c == 0x0D || c == 0x0B || c == 0x0C {
                        textEnd -= 1
                    } else if c == 0xA8 || c == 0xA9, textEnd - start >= 3, p[Int(textEnd) - 3] == 0xE2,
                              p[Int(textEnd) - 2] == 0x80 {
                        textEnd -= 3   // U+2028, U+2029
                    } else if textEnd - start >= 2, c == 0x85, p[Int(textEnd) - 2] == 0xC2 {
                        textEnd -= 2   // U+0085
                    } else {
                        break
                    }
                }
                var bodyEnd = textEnd
                while bodyEnd > start, p[Int(bodyEnd) - 1] == 0x20 || p[Int(bodyEnd) - 1] == 0x09 { bodyEnd -= 1 }
                // The body is shaped; the spaces after it, which hang at a line's end, add their own
                // advances (one look-up per segment instead of two).
                // A soft hyphen is invisible inside a line; a line that breaks at it shows a hyphen.
                let softHyphen = bodyEnd == textEnd && bodyEnd - start >= 2 && p[Int(bodyEnd) - 2] == 0xC2
                    && p[Int(bodyEnd) - 1] == 0xAD
                let shaped = softHyphen ? bodyEnd - 2 : bodyEnd
                var fit = shaped > start ? width(bytes: p, start, shaped, font, language: language) : 0
                var full = fit
                if softHyphen {
                    // Shaped with the hyphen it shows, kerning included.
                    let withHyphen = Array(UnsafeBufferPointer(rebasing: p[Int(start)..<Int(shaped)])) + [0x2D]
                    fit = withHyphen.withUnsafeBufferPointer { width(bytes: $0, 0, Int32($0.count), font, language: language) }
                }
                var i = bodyEnd
                while i < textEnd {
                    full += p[Int(i)] == 0x20 ? spaceWidth : tabWidth
                    i += 1
                }
                segments.append(PreparedText.Segment(
                    start: start, bodyEnd: bodyEnd, textEnd: textEnd, end: end, width: full, fitWidth: fit,
                    startTrim: trim(p, start, bodyEnd, atStart: true, font), endTrim: trim(p, start, bodyEnd, atStart: false, font),
                    hard: b.isHard && b.offset < bytes.count))
            }
        }
        return PreparedText(text: text, segments: segments) { [widths] prefix in
            widths.width(of: prefix, font, language: language)
        }
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

    public func measure(_ request: TextMeasureRequest) -> TextMeasurement {
        guard let font = resolve(request.font, language: request.language, category: request.contentSizeCategory) else {
            return TextMeasurer.noFont
        }
        let prepared = prepare(request.text, font, language: request.language,
                               charWrap: request.lineBreakMode == .byCharWrapping)
        return measure(request, prepared, lineMetrics(request, font))
    }

    /// What a text measures when no font can be found for it.
    private static let noFont = TextMeasurement(size: .zero, firstBaseline: 0, lastBaseline: 0, lineCount: 0)

    /// What a label keeps between its measurements: its measurer, its font resolved, the line
    /// metrics, and its last text prepared. It measures by itself while the label's font,
    /// category and language stay (``SelfMeasuringContext``).
    private final class MeasuringContext: SelfMeasuringContext {
        let measurer: TextMeasurer
        let font: Font
        let language: String?
        let category: ContentSizeCategory
        let resolved: ResolvedFont?
        /// The resolved font's id, which finds prepared texts without touching the font (which
        /// every thread's labels share).
        let fontID: Int
        @exclusivity(unchecked) var text = ""
        @exclusivity(unchecked) var charWrap = false
        @exclusivity(unchecked) var prepared: PreparedText?
        /// The line height and first baseline for a line-height setting.
        @exclusivity(unchecked) var metrics: (setting: LineHeight, lineHeight: Double, firstBaseline: Double)?

        init(_ measurer: TextMeasurer, _ request: TextMeasureRequest, _ resolved: ResolvedFont?) {
            self.measurer = measurer
            font = request.font
            language = request.language
            category = request.contentSizeCategory
            self.resolved = resolved
            fontID = resolved?.id ?? -1
        }

        func matches(_ request: TextMeasureRequest) -> Bool {
            category == request.contentSizeCategory && language == request.language && font == request.font
        }

        func measure(_ request: TextMeasureRequest) -> TextMeasurement? {
            matches(request) ? measurer.measure(request, in: self) : nil
        }
    }

    /// Measures as ``measure(_:)`` does, resolving the font only when the label's font changed and
    /// preparing the text only when its text changed (no lock, no hashing of the text otherwise).
    public func measure(_ request: TextMeasureRequest, context: inout AnyObject?) -> TextMeasurement {
        let c: MeasuringContext
        if let kept = context as? MeasuringContext, kept.measurer === self, kept.matches(request) {
            c = kept
        } else {
            c = MeasuringContext(self, request, resolve(request.font, language: request.language,
                                                         category: request.contentSizeCategory))
            context = c
        }
        return measure(request, in: c)
    }

    /// (The resolved font is read only to prepare a new text or to work out line metrics.)
    private func measure(_ request: TextMeasureRequest, in c: MeasuringContext) -> TextMeasurement {
        guard c.fontID >= 0 else { return TextMeasurer.noFont }
        let charWrap = request.lineBreakMode == .byCharWrapping
        let p: PreparedText
        if let kept = c.prepared, c.charWrap == charWrap, c.text == request.text {
            p = kept
        } else {
            // Found by the font's id; the font itself is read only to prepare a new text.
            let key = PreparedKey(font: c.fontID, charWrap: charWrap, text: request.text)
            p = keptPrepared(key) ?? prepareAndKeep(key, c.resolved!, language: request.language)
            c.prepared = p
            c.text = request.text
            c.charWrap = charWrap
        }
        let metrics: (lineHeight: Double, firstBaseline: Double)
        if let m = c.metrics, m.setting == request.lineHeight {
            metrics = (m.lineHeight, m.firstBaseline)
        } else {
            metrics = lineMetrics(request, c.resolved!)
            c.metrics = (request.lineHeight, metrics.lineHeight, metrics.firstBaseline)
        }
        return measure(request, p, metrics)
    }

    private func measure(_ request: TextMeasureRequest, _ prepared: PreparedText,
                         _ metrics: (lineHeight: Double, firstBaseline: Double)) -> TextMeasurement {
        let (lineCount, widest) = prepared.size(width: request.width.map(Double.init), maxLines: request.numberOfLines)
        let (lineHeight, firstBaseline) = metrics
        let height = lineHeight * Double(lineCount)
        return TextMeasurement(size: CGSize(width: widest, height: height), firstBaseline: CGFloat(firstBaseline),
                               lastBaseline: CGFloat(height - lineHeight + firstBaseline), lineCount: lineCount)
    }
}

/// One shard of the segment-width cache: an open-addressing table keyed by (font, UTF-8 bytes),
/// the bytes kept in one arena, looked up without copying or reference counting per probe.
final class WidthShard: @unchecked Sendable {
    private struct Entry {
        var hash = 0
        var font: Int32 = 0
        var offset: Int32 = 0
        var length: Int32 = -1
        var width = 0.0
    }

    // Every access holds `lock`. The table and the bytes are raw buffers that this shard owns:
    // a lookup then costs no reference counting.
    private let lock = NSLock()
    private var entries: UnsafeMutableBufferPointer<Entry> = .init(start: nil, count: 0)
    private var arena: UnsafeMutablePointer<UInt8> = .allocate(capacity: 4096)
    private var arenaCount = 0
    private var arenaCapacity = 4096
    private var count = 0

    deinit {
        entries.deallocate()
        arena.deallocate()
    }

    func get(font: Int, bytes: UnsafeBufferPointer<UInt8>, hash: Int) -> Double? {
        lock.lock()
        defer { lock.unlock() }
        let mask = entries.count - 1
        guard mask >= 0 else { return nil }
        let f = Int32(truncatingIfNeeded: font)
        var i = hash & mask
        while entries[i].length >= 0 {
            let e = entries[i]
            if e.hash == hash && e.font == f && Int(e.length) == bytes.count
                && (bytes.isEmpty || memcmp(arena + Int(e.offset), bytes.baseAddress!, bytes.count) == 0) {
                return e.width
            }
            i = (i + 1) & mask
        }
        return nil
    }

    func set(font: Int, bytes: [UInt8], hash: Int, width: Double, limit: Int) {
        lock.lock()
        defer { lock.unlock() }
        if count > limit || entries.isEmpty { reset(capacity: entries.isEmpty ? 1024 : entries.count) }
        if (count + 1) * 2 > entries.count { grow() }
        if arenaCount + bytes.count > arenaCapacity {
            let capacity = max(arenaCapacity * 2, arenaCount + bytes.count)
            let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
            bigger.update(from: arena, count: arenaCount)
            arena.deallocate()
            arena = bigger
            arenaCapacity = capacity
        }
        let mask = entries.count - 1
        var i = hash & mask
        while entries[i].length >= 0 { i = (i + 1) & mask }
        entries[i] = Entry(hash: hash, font: Int32(truncatingIfNeeded: font), offset: Int32(arenaCount),
                           length: Int32(bytes.count), width: width)
        if !bytes.isEmpty { bytes.withUnsafeBufferPointer { (arena + arenaCount).update(from: $0.baseAddress!, count: $0.count) } }
        arenaCount += bytes.count
        count += 1
    }

    private func reset(capacity: Int) {
        entries.deallocate()
        entries = .allocate(capacity: capacity)
        entries.initialize(repeating: Entry())
        arenaCount = 0
        count = 0
    }

    private func grow() {
        let old = entries
        entries = .allocate(capacity: old.count * 2)
        entries.initialize(repeating: Entry())
        let mask = entries.count - 1
        for e in old where e.length >= 0 {
            var i = e.hash & mask
            while entries[i].length >= 0 { i = (i + 1) & mask }
            entries[i] = e
        }
        old.deallocate()
    }
}

extension StringProtocol {
    /// The text without its trailing spaces and tabs.
    var trimmingTrailingWhitespace: String {
        var end = endIndex
        while end > startIndex {
            let before = index(before: end)
            guard self[before] == " " || self[before] == "\t" else { break }
            end = before
        }
        return String(self[startIndex..<end])
    }
}

/// Segment widths in pixels, shaped run by run (the fallback face takes what the primary face has
/// no glyph for) and cached per font in shards with a lock each, so that threads measuring at once
/// rarely wait.
final class SegmentWidths: @unchecked Sendable {
    private let shards = (0..<16).map { _ in WidthShard() }
    /// The same shards, borrowed without reference counting on each look-up (`shards` keeps them).
    private let shardRefs: [Unmanaged<WidthShard>]

    init() {
        shardRefs = shards.map { Unmanaged.passUnretained($0) }
    }

    /// The width of a segment in pixels, shaped run by run (the fallback face takes what the
    /// primary face has no glyph for), cached per font.
    func width(of segment: Substring, _ font: TextMeasurer.ResolvedFont, language: String?) -> Double {
        let bytes = Array(segment.utf8)
        return bytes.withUnsafeBufferPointer { width(bytes: $0, 0, Int32(bytes.count), font, language: language) }
    }

    /// The width of the UTF-8 bytes `[start, end)`, from the cache or shaped.
    func width(bytes: UnsafeBufferPointer<UInt8>, _ start: Int32, _ end: Int32, _ font: TextMeasurer.ResolvedFont, language: String?) -> Double {
        let slice = UnsafeBufferPointer(rebasing: bytes[Int(start)..<Int(end)])
        // FNV-1a: cache keys need speed, not resistance to chosen collisions.
        var h: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64(font.id)
        for b in slice { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
        let hash = Int(truncatingIfNeeded: h ^ (h >> 29))
        let ref = shardRefs[hash & (shardRefs.count - 1)]
        if let w = ref._withUnsafeGuaranteedRef({ $0.get(font: font.id, bytes: slice, hash: hash) }) { return w }
        let shard = ref.takeUnretainedValue()
        let w: Double
        if font.primary.coversASCII && slice.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            // Printable ASCII is all in the primary face: shaped from the bytes as they are.
            w = font.px(font.primary.advance(utf8: slice, language: language), font.primary)
        } else {
            w = shapedWidth(of: Substring(String(decoding: slice, as: UTF8.self)), font, language: language)
        }
        shard.set(font: font.id, bytes: Array(slice), hash: hash, width: w, limit: TextMeasurer.cacheLimit / shardRefs.count)
        return w
    }

    private func shapedWidth(of segment: Substring, _ font: TextMeasurer.ResolvedFont, language: String?) -> Double {
        var total = 0.0
        SegmentWidths.forEachFaceRun(segment, font) { run, face in
            total += font.px(face.advance(of: run, language: language, features: SegmentWidths.features(of: face, font)), face)
        }
        return total
    }

    /// Splits text into runs of one face: the primary face, or the fallback where the primary
    /// has no glyph (whitespace stays with the primary).
    static func forEachFaceRun(_ text: Substring, _ font: TextMeasurer.ResolvedFont, _ body: (Substring, FontFace) -> Void) {
        var runStart = text.startIndex
        var runFace: FontFace?
        var i = text.startIndex
        while i < text.endIndex {
            let scalar = text.unicodeScalars[i]
            let face = font.primary.hasGlyph(for: scalar) || scalar.properties.isWhitespace ? font.primary
                : (font.fallback.map { $0.hasGlyph(for: scalar) ? $0 : font.primary } ?? font.primary)
            if let current = runFace, current !== face {
                body(text[runStart..<i], current)
                runStart = i
            }
            runFace = face
            i = text.unicodeScalars.index(after: i)
        }
        if let current = runFace { body(text[runStart..<text.endIndex], current) }
    }

    /// The OpenType features a face shapes with: CJK spacing for the fallback face.
    static func features(of face: FontFace, _ font: TextMeasurer.ResolvedFont) -> [String] {
        face === font.primary ? [] : TextMeasurer.cjkFeatures
    }

}
