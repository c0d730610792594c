import AutoLayout
import CCairo
import CFontconfig
import Foundation
import TextLayout

extension Color {
    /// UIKit's systemGroupedBackground, separator, and a placeholder grey.
    public static let groupedBackground = Color(hex: 0xF2F2F7)
    public static let separator = Color(hex: 0xC6C6C8)
    public static let placeholder = Color(hex: 0xE5E5EA)
    public static let placeholderStroke = Color(hex: 0xC7C7CC)
}

/// Drawing on a Cairo context in points (the context is scaled), with fonts cached per face.
final class Canvas {
    /// The context drawn on: one per band of a picture drawn in bands.
    var cr: OpaquePointer
    /// The part of the picture, in points, the context's surface shows (nil: all of it): what
    /// lies wholly outside it need not be drawn.
    var visible: CGRect?

    /// Whether any row of `rect` (in points) is on the surface: bands are horizontal.
    func shows(_ rect: CGRect) -> Bool {
        guard let visible else { return true }
        return rect.maxY > visible.minY && rect.minY < visible.maxY
    }
    private var fontFaces: [String: OpaquePointer] = [:]

    init(_ cr: OpaquePointer) { self.cr = cr }

    deinit {
        for face in fontFaces.values { cairo_font_face_destroy(face) }
    }

    func fill(_ rect: CGRect, _ color: Color) {
        set(color)
        cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
        cairo_fill(cr)
    }

    func stroke(_ rect: CGRect, _ color: Color, width: Double) {
        set(color)
        cairo_set_line_width(cr, width)
        cairo_rectangle(cr, rect.minX + width / 2, rect.minY + width / 2, max(rect.width - width, 0), max(rect.height - width, 0))
        cairo_stroke(cr)
    }

    func line(from a: CGPoint, to b: CGPoint, _ color: Color, width: Double, dashed: Bool = false) {
        set(color)
        cairo_set_line_width(cr, width)
        if dashed {
            var dashes = [2.0, 2.0]
            cairo_set_dash(cr, &dashes, 2, 0)
        }
        cairo_move_to(cr, a.x, a.y)
        cairo_line_to(cr, b.x, b.y)
        cairo_stroke(cr)
        if dashed { cairo_set_dash(cr, nil, 0, 0) }
    }

    /// Draws with everything outside `rect` clipped away.
    func clipped(to rect: CGRect, _ body: () -> Void) {
        cairo_save(cr)
        cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
        cairo_clip(cr)
        body()
        cairo_restore(cr)
    }

    /// A PNG file scaled into a rect; false when the file is not a readable PNG.
    func image(atPath path: String, in rect: CGRect) -> Bool {
        guard FileManager.default.isReadableFile(atPath: path), let surface = cairo_image_surface_create_from_png(path) else {
            return false
        }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { return false }
        let w = Double(cairo_image_surface_get_width(surface)), h = Double(cairo_image_surface_get_height(surface))
        guard w > 0, h > 0 else { return false }
        cairo_save(cr)
        cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
        cairo_clip(cr)
        cairo_translate(cr, rect.minX, rect.minY)
        cairo_scale(cr, rect.width / w, rect.height / h)
        cairo_set_source_surface(cr, surface, 0, 0)
        cairo_paint(cr)
        cairo_restore(cr)
        return true
    }

    /// Glyph runs with their origins relative to `origin` (the line's start on its baseline).
    func glyphs(_ runs: [LaidOutText.Run], at origin: CGPoint, _ color: Color) {
        set(color)
        for run in runs where !run.glyphs.isEmpty {
            guard let face = fontFace(run.face) else { continue }
            cairo_set_font_face(cr, face)
            cairo_set_font_size(cr, run.size)
            var glyphs = zip(run.glyphs, run.positions).map { g, p in
                cairo_glyph_t(index: UInt(g), x: Double(origin.x) + p.x, y: Double(origin.y) + p.y)
            }
            cairo_show_glyphs(cr, &glyphs, Int32(glyphs.count))
        }
    }

    /// The Cairo face of a font file's face (through fontconfig and FreeType), made once.
    private func fontFace(_ face: FontFace) -> OpaquePointer? {
        let key = "\(face.path)#\(face.index)"
        if let f = fontFaces[key] { return f }
        guard let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        FcPatternAddString(pattern, FC_FILE, face.path)
        FcPatternAddInteger(pattern, FC_INDEX, Int32(face.index))
        if face.hasColorGlyphs {
            // Colour glyphs (emoji): Cairo loads a face's bitmaps only when the pattern allows
            // embedded bitmaps, and in colour (FreeType's FT_LOAD_COLOR) when it says so.
            FcPatternAddBool(pattern, FC_EMBEDDED_BITMAP, FcTrue)
            FcPatternAddBool(pattern, FC_COLOR, FcTrue)
        }
        guard let f = cairo_ft_font_face_create_for_pattern(pattern) else { return nil }
        fontFaces[key] = f
        return f
    }

    private func set(_ c: Color) {
        cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha)
    }
}
