import AutoLayout
import CCairo
import Foundation
import SelfSizing
import TextLayout

/// Draws laid-out views and lists with Cairo: labels with the glyphs and line breaks their
/// measurement produced (HarfBuzz glyphs of the same font files), image views as their PNG file
/// or a placeholder of their size, row backgrounds, separators and section headers, and on
/// request an overlay of frames, margins and baselines.
///
/// Files are written atomically (``AtomicFile``): into a temporary file beside the output, then
/// renamed; PNGs a band of rows at a time, in bounded memory.
public final class Renderer {
    /// Measures labels that have no `TextMeasurer` of their own.
    public let measurer: TextMeasurer
    /// Pixels per point.
    public var scale: Double = 2
    /// Frames (red), the content view's margins (blue, dashed) and label baselines (green).
    public var overlay = false
    /// Bytes of the surface a PNG file is drawn on, a band of rows at a time: what a picture of
    /// any height costs in memory (8 MiB: 64 rows of the widest picture, 32,767 pixels).
    package var bandBytes = 8 << 20

    public init(measurer: TextMeasurer = TextMeasurer()) {
        self.measurer = measurer
    }

    // MARK: - Files

    /// Draws the rows of a table that a vertical span shows (measuring them first) into a file.
    public func render(_ table: TableView, span: ClosedRange<CGFloat>, to path: String) throws(RenderError) {
        guard let format = RenderFormat(path: path) else { throw .unknownFormat(path: path) }
        try checkWritable(path)
        try layOut(table, span)
        let size = CGSize(width: table.width, height: span.upperBound - span.lowerBound)
        try write(format, size: size, to: path) { canvas throws(RenderError) in try draw(table, span, on: canvas) }
    }

    /// Draws one laid-out content view (its frame's size) into a file.
    public func render(_ view: View, to path: String) throws(RenderError) {
        guard let format = RenderFormat(path: path) else { throw .unknownFormat(path: path) }
        try checkWritable(path)
        let size = view.frame.size
        guard size.width > 0, size.height > 0 else { throw .nothingToDraw("the view has no size") }
        try write(format, size: size, to: path) { canvas in
            canvas.fill(CGRect(origin: .zero, size: size), .white)
            draw(view, at: .zero, on: canvas, isContent: true)
        }
    }

    // MARK: - Bitmaps

    /// An image in memory: premultiplied ARGB pixels, row by row.
    public struct Bitmap: Sendable {
        public let width: Int
        public let height: Int
        public let pixels: [UInt32]

        /// The pixel at (x, y): 0xAARRGGBB.
        public subscript(x: Int, y: Int) -> UInt32 { pixels[y * width + x] }

        /// A PNG file's pixels, decoded by Cairo (libpng): to check what a file holds.
        /// - Throws: ``RenderError/cairo(_:)`` when the file is not a PNG Cairo can read.
        public init(contentsOfPNG path: String) throws(RenderError) {
            guard let surface = cairo_image_surface_create_from_png(path) else { throw .cairo("\(path): no surface") }
            defer { cairo_surface_destroy(surface) }
            let status = cairo_surface_status(surface)
            guard status == CAIRO_STATUS_SUCCESS else { throw .cairo("\(path): \(String(cString: cairo_status_to_string(status)))") }
            cairo_surface_flush(surface)
            let w = Int(cairo_image_surface_get_width(surface)), h = Int(cairo_image_surface_get_height(surface))
            guard let pixels = Self.pixels(of: surface, width: w, height: h) else { throw .cairo("\(path): no pixel data") }
            self.init(width: w, height: h, pixels: pixels)
        }

        init(width: Int, height: Int, pixels: [UInt32]) {
            self.width = width
            self.height = height
            self.pixels = pixels
        }

        /// An image surface's pixels, row by row without the stride's padding.
        static func pixels(of surface: OpaquePointer, width w: Int, height h: Int) -> [UInt32]? {
            let stride = Int(cairo_image_surface_get_stride(surface))
            guard let data = cairo_image_surface_get_data(surface) else { return nil }
            var pixels = [UInt32](repeating: 0, count: w * h)
            for y in 0..<h {
                let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<w { pixels[y * w + x] = row[x] }
            }
            return pixels
        }
    }

    /// Draws the rows a span shows into a bitmap (what `render(_:span:to:)` writes as PNG).
    public func bitmap(_ table: TableView, span: ClosedRange<CGFloat>) throws(RenderError) -> Bitmap {
        try layOut(table, span)
        return try bitmap(size: CGSize(width: table.width, height: span.upperBound - span.lowerBound)) { canvas throws(RenderError) in
            try draw(table, span, on: canvas)
        }
    }

    /// Draws a laid-out view into a bitmap of its frame's size.
    public func bitmap(_ view: View) throws(RenderError) -> Bitmap {
        let size = view.frame.size
        guard size.width > 0, size.height > 0 else { throw .nothingToDraw("the view has no size") }
        return try bitmap(size: size) { canvas in
            canvas.fill(CGRect(origin: .zero, size: size), .white)
            draw(view, at: .zero, on: canvas, isContent: true)
        }
    }

    func bitmap(size: CGSize, _ body: (Canvas) throws(RenderError) -> Void) throws(RenderError) -> Bitmap {
        let (w, h) = try pixelSize(size)
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(w), Int32(h)) else { throw .cairo("no surface") }
        defer { cairo_surface_destroy(surface) }
        try paint(surface, body)
        cairo_surface_flush(surface)
        guard let pixels = Bitmap.pixels(of: surface, width: w, height: h) else { throw .cairo("no pixel data") }
        return Bitmap(width: w, height: h, pixels: pixels)
    }

    // MARK: - Surfaces

    func pixelSize(_ size: CGSize) throws(RenderError) -> (Int, Int) {
        let w = (Double(size.width) * scale).rounded(.up), h = (Double(size.height) * scale).rounded(.up)
        guard w.isFinite, h.isFinite, w > 0, h > 0 else { throw .nothingToDraw("the picture would be empty") }
        guard w <= 32_767, h <= 32_767 else { throw .tooLarge(width: Int(min(w, 1e15)), height: Int(min(h, 1e15))) }
        return (Int(w), Int(h))
    }

    /// Draws `body` on a surface at ``scale``, its top `top` pixels down the picture. `canvas`
    /// (when given) keeps its fonts from one band of a picture to the next; `visible` is the part
    /// of the picture, in points, the surface shows (nil: all of it; what is wholly outside it may
    /// be skipped).
    func paint(_ surface: OpaquePointer, top: Int = 0, visible: CGRect? = nil, canvas: Canvas? = nil,
               _ body: (Canvas) throws(RenderError) -> Void) throws(RenderError) {
        guard let cr = cairo_create(surface) else { throw .cairo("no context") }
        defer { cairo_destroy(cr) }
        cairo_translate(cr, 0, -Double(top))
        cairo_scale(cr, scale, scale)
        let canvas = canvas ?? Canvas(cr)
        canvas.cr = cr
        canvas.visible = visible
        try body(canvas)
        let status = cairo_status(cr)
        guard status == CAIRO_STATUS_SUCCESS else { throw .cairo(String(cString: cairo_status_to_string(status))) }
    }
}
