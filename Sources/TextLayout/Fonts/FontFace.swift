import CHarfBuzz
import Foundation
import Synchronization

/// One font file (a face of it) loaded into HarfBuzz, shared by every size: shaping happens in font
/// units and is scaled to pixels by the caller.
///
/// Thread safety: the HarfBuzz font is made immutable after set-up, and each shaping call uses its
/// own buffer, so a face may shape on several threads at once.
public final class FontFace: @unchecked Sendable {
    /// The file and face index it came from.
    public let path: String
    public let index: Int
    /// Units per em: the font's design units, or for a colour bitmap face (an emoji font) 1/64
    /// pixel of its bitmap strike, so that its advances are the strike's, exactly, as browsers scale them.
    public let unitsPerEm: Double
    /// Vertical metrics in design units (descender is negative).
    public let ascender, descender, lineGap, capHeight, xHeight: Double
    /// Whether the face has a glyph for every printable ASCII character: ASCII text then shapes
    /// in this face without a look-up per character.
    public let coversASCII: Bool
    /// Whether the face draws glyphs in colour (colour bitmaps, layers or SVG: an emoji font).
    public let hasColorGlyphs: Bool

    let font: OpaquePointer
    /// For a colour bitmap face, the plain HarfBuzz font that `font` (a sub-font with the strike's
    /// advances, ``ColorBitmapAdvances``) stands on, and the advances it reads.
    private let bitmapBase: (font: OpaquePointer, table: UnsafeMutablePointer<Int32>)?

    init?(path: String, index: Int) {
        guard let blob = hb_blob_create_from_file_or_fail(path) else { return nil }
        defer { hb_blob_destroy(blob) }
        guard let face = hb_face_create(blob, UInt32(index)) else { return nil }
        defer { hb_face_destroy(face) }
        let upem = hb_face_get_upem(face)
        guard upem > 0, let base = hb_font_create(face) else { return nil }
        hb_font_set_scale(base, Int32(upem), Int32(upem))
        hb_font_make_immutable(base)
        guard Self.problem(face, base) == nil else {
            hb_font_destroy(base)
            return nil
        }
        hasColorGlyphs = hb_ot_color_has_png(face) != 0 || hb_ot_color_has_layers(face) != 0 || hb_ot_color_has_svg(face) != 0
        // A colour bitmap face measures in its strike's pixels (``ColorBitmapAdvances``); any
        // other in design units.
        var font = base
        var units = Double(upem)
        if let strike = ColorBitmapAdvances.read(face), let scaled = ColorBitmapAdvances.font(over: base, strike) {
            font = scaled.font
            units = Double(strike.unitsPerEm)
            bitmapBase = (base, scaled.table)
        } else {
            bitmapBase = nil
        }
        self.font = font
        self.path = path
        self.index = index
        unitsPerEm = units
        var extents = hb_font_extents_t()
        hb_font_get_h_extents(font, &extents)
        ascender = Double(extents.ascender)
        descender = Double(extents.descender)
        lineGap = Double(extents.line_gap)
        var position: hb_position_t = 0
        capHeight = hb_ot_metrics_get_position(font, HB_OT_METRICS_TAG_CAP_HEIGHT, &position) != 0 ? Double(position) : ascender * 0.7
        xHeight = hb_ot_metrics_get_position(font, HB_OT_METRICS_TAG_X_HEIGHT, &position) != 0 ? Double(position) : ascender * 0.5
        var glyph: hb_codepoint_t = 0
        coversASCII = (0x21...0x7E).allSatisfy { hb_font_get_nominal_glyph(font, hb_codepoint_t($0), &glyph) != 0 }
    }

    deinit {
        hb_font_destroy(font)
        if let bitmapBase {
            hb_font_destroy(bitmapBase.font)
            bitmapBase.table.deallocate()
        }
    }

    /// Why the file at `path` gives no usable face, or nil when it does (a face loads only then):
    /// a file that cannot be read, is empty, is not an OpenType, TrueType or collection file, or
    /// whose face has no glyphs, no line height or no character map (a truncated or damaged file
    /// loses those tables) would otherwise measure every text as 0 points high.
    /// - Parameters:
    ///   - path: a font file.
    ///   - index: the face in a collection.
    /// - Returns: the problem, to follow the path and a colon ("no glyphs (truncated or damaged)").
    public static func problem(path: String, index: Int = 0) -> String? {
        guard let blob = hb_blob_create_from_file_or_fail(path) else { return "cannot read the file" }
        defer { hb_blob_destroy(blob) }
        guard hb_blob_get_length(blob) > 0 else { return "the file is empty" }
        let faces = hb_face_count(blob)
        guard faces > 0 else { return "not a font file (no OpenType, TrueType or collection header)" }
        guard index < faces else { return "no face \(index) (the file has \(faces))" }
        guard let face = hb_face_create(blob, UInt32(index)) else { return "not a font file" }
        defer { hb_face_destroy(face) }
        guard let font = hb_font_create(face) else { return "not a font file" }
        defer { hb_font_destroy(font) }
        return problem(face, font)
    }

    /// What makes a loaded face unusable: no glyphs, no line height, no characters mapped.
    private static func problem(_ face: OpaquePointer, _ font: OpaquePointer) -> String? {
        guard hb_face_get_glyph_count(face) > 0 else { return "no glyphs (truncated or damaged)" }
        var extents = hb_font_extents_t()
        hb_font_get_h_extents(font, &extents)
        guard extents.ascender > extents.descender else { return "no line height (truncated or damaged)" }
        // The 'cmap' table, unparsed: a look-up of its bytes, not of every character it maps.
        let cmap = hb_face_reference_table(face, 0x636D_6170)
        defer { hb_blob_destroy(cmap) }
        guard hb_blob_get_length(cmap) > 0 else { return "no character map (truncated or damaged)" }
        return nil
    }

    /// Whether the face has a glyph for a character.
    public func hasGlyph(for scalar: Unicode.Scalar) -> Bool {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(font, scalar.value, &glyph) != 0
    }

    /// The advance of a run of text, shaped with kerning and ligatures, in design units.
    /// - Parameters:
    ///   - text: the run, all of it in this face.
    ///   - language: a BCP-47 tag that can change the shaping of some scripts.
    ///   - features: OpenType features to turn on, as HarfBuzz parses them ("chws").
    public func advance(of text: Substring, language: String? = nil, features: [String] = []) -> Double {
        shaped(text, language: language, features: features) { _, positions, count in
            var total: Int64 = 0
            for i in 0..<count { total += Int64(positions[i].x_advance) }
            return Double(total)
        } ?? 0
    }

    /// The advance of UTF-8 bytes, shaped as ``advance(of:language:features:)`` shapes text.
    func advance(utf8: UnsafeBufferPointer<UInt8>, language: String?) -> Double {
        shaped(utf8: utf8, language: language, features: []) { _, positions, count in
            var total: Int64 = 0
            for i in 0..<count { total += Int64(positions[i].x_advance) }
            return Double(total)
        } ?? 0
    }

    /// Shapes a run with HarfBuzz and hands its glyphs and positions to `body`; nil for an empty run.
    func shaped<T>(_ text: Substring, language: String?, features: [String], direction: hb_direction_t = HB_DIRECTION_INVALID,
                   _ body: (UnsafeMutablePointer<hb_glyph_info_t>, UnsafeMutablePointer<hb_glyph_position_t>, Int) -> T) -> T? {
        var utf8 = Array(text.utf8)
        return utf8.withUnsafeMutableBufferPointer { p in
            shaped(utf8: UnsafeBufferPointer(p), language: language, features: features, direction: direction, body)
        }
    }

    /// Shapes UTF-8 bytes with a pooled HarfBuzz buffer, in `direction` (HB_DIRECTION_INVALID:
    /// the direction of the text's script, as HarfBuzz guesses it).
    func shaped<T>(utf8: UnsafeBufferPointer<UInt8>, language: String?, features: [String],
                   direction: hb_direction_t = HB_DIRECTION_INVALID, _ body: (UnsafeMutablePointer<hb_glyph_info_t>, UnsafeMutablePointer<hb_glyph_position_t>, Int) -> T) -> T? {
        let count = Int32(utf8.count)
        guard count > 0, let base = utf8.baseAddress, let buffer = ShapingBuffers.shared.borrow() else { return nil }
        defer { ShapingBuffers.shared.giveBack(buffer) }
        base.withMemoryRebound(to: CChar.self, capacity: utf8.count) { hb_buffer_add_utf8(buffer, $0, count, 0, count) }
        if let language { hb_buffer_set_language(buffer, hb_language_from_string(language, -1)) }
        if direction != HB_DIRECTION_INVALID { hb_buffer_set_direction(buffer, direction) }
        hb_buffer_guess_segment_properties(buffer)
        var parsed = features.map { name -> hb_feature_t in
            var f = hb_feature_t()
            _ = hb_feature_from_string(name, -1, &f)
            return f
        }
        hb_shape(font, buffer, &parsed, UInt32(parsed.count))
        var length: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &length),
              let positions = hb_buffer_get_glyph_positions(buffer, &length) else { return nil }
        return body(infos, positions, Int(length))
    }
}

/// A face's vertical metrics at a size, in pixels (descender negative, as in the font).
public struct FontMetrics: Hashable, Sendable {
    public var ascender, descender, lineGap, capHeight, xHeight: Double

    /// The natural line height: ascender - descender + line gap.
    public var lineHeight: Double { ascender - descender + lineGap }
}

extension FontFace {
    /// The vertical metrics at a size in pixels.
    public func metrics(size: Double) -> FontMetrics {
        let s = size / unitsPerEm
        return FontMetrics(ascender: ascender * s, descender: descender * s, lineGap: lineGap * s,
                           capHeight: capHeight * s, xHeight: xHeight * s)
    }
}

extension FontFace {
    /// A shaped glyph: its id in this face, and its advance and offsets in design units.
    public struct Glyph: Hashable, Sendable {
        public var id: UInt32
        public var xAdvance: Int32
        public var xOffset: Int32
        public var yOffset: Int32
        /// The UTF-8 offset, in the text shaped, of the cluster the glyph belongs to.
        public var cluster: UInt32 = 0
    }

    /// The glyphs of a run of text, shaped as ``advance(of:language:features:)`` shapes it.
    public func glyphs(of text: Substring, language: String? = nil, features: [String] = []) -> [Glyph] {
        glyphs(of: text, language: language, features: features, rightToLeft: nil)
    }

    /// The glyphs of a run of text shaped in a direction (nil: its script's), in visual order (left
    /// to right: a right-to-left run's glyphs come last character first).
    func glyphs(of text: Substring, language: String?, features: [String], rightToLeft: Bool?) -> [Glyph] {
        let direction = rightToLeft.map { $0 ? HB_DIRECTION_RTL : HB_DIRECTION_LTR } ?? HB_DIRECTION_INVALID
        return shaped(text, language: language, features: features, direction: direction) { infos, positions, count in
            (0..<count).map {
                Glyph(id: infos[$0].codepoint, xAdvance: positions[$0].x_advance, xOffset: positions[$0].x_offset,
                      yOffset: positions[$0].y_offset, cluster: infos[$0].cluster)
            }
        } ?? []
    }
}

/// HarfBuzz buffers, pooled: making one per shaping costs more than clearing one.
final class ShapingBuffers: Sendable {
    static let shared = ShapingBuffers()

    private let buffers = Mutex(Pool())

    func borrow() -> OpaquePointer? {
        buffers.withLock { $0.take() } ?? hb_buffer_create()
    }

    func giveBack(_ buffer: OpaquePointer) {
        hb_buffer_clear_contents(buffer)
        if !buffers.withLock({ $0.put(buffer, limit: 64) }) { hb_buffer_destroy(buffer) }
    }
}
