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
/// Files are written atomically: into a temporary file beside the output, then renamed.
public final class Renderer {
    /// Measures labels that have no `TextMeasurer` of their own.
    public let measurer: TextMeasurer
    /// Pixels per point.
    public var scale: Double = 2
    /// Frames (red), the content view's margins (blue, dashed) and label baselines (green).
    public var overlay = false

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
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let data = cairo_image_surface_get_data(surface) else { throw .cairo("no pixel data") }
        var pixels = [UInt32](repeating: 0, count: w * h)
        for y in 0..<h {
            let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<w { pixels[y * w + x] = row[x] }
        }
        return Bitmap(width: w, height: h, pixels: pixels)
    }

    // MARK: - Surfaces

    private func pixelSize(_ size: CGSize) throws(RenderError) -> (Int, Int) {
        let w = Int((Double(size.width) * scale).rounded(.up)), h = Int((Double(size.height) * scale).rounded(.up))
        guard w > 0, h > 0 else { throw .nothingToDraw("the picture would be empty") }
        guard w <= 32_767, h <= 32_767 else { throw .tooLarge(width: w, height: h) }
        return (w, h)
    }

    private func paint(_ surface: OpaquePointer, _ body: (Canvas) throws(RenderError) -> Void) throws(RenderError) {
        guard let cr = cairo_create(surface) else { throw .cairo("no context") }
        defer { cairo_destroy(cr) }
        cairo_scale(cr, scale, scale)
        let canvas = Canvas(cr)
        try body(canvas)
        let status = cairo_status(cr)
        guard status == CAIRO_STATUS_SUCCESS else { throw .cairo(String(cString: cairo_status_to_string(status))) }
    }

    func checkWritable(_ path: String) throws(RenderError) {
        let directory = (path as NSString).deletingLastPathComponent
        let dir = directory.isEmpty ? "." : directory
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dir, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .unwritable(path: path, reason: "no directory \(dir)")
        }
        guard FileManager.default.isWritableFile(atPath: dir) else { throw .unwritable(path: path, reason: "\(dir) is not writable") }
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw .unwritable(path: path, reason: "it is a directory")
        }
    }

    /// Draws into a temporary file beside `path` and renames it into place.
    func write(_ format: RenderFormat, size: CGSize, to path: String,
                       _ body: (Canvas) throws(RenderError) -> Void) throws(RenderError) {
        let (w, h) = try pixelSize(size)
        let directory = (path as NSString).deletingLastPathComponent
        let temporary = (directory.isEmpty ? "." : directory) + "/.\((path as NSString).lastPathComponent).\(UUID().uuidString).tmp"
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        let surface: OpaquePointer?
        switch format {
        case .png: surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(w), Int32(h))
        // Vector formats are in points; the scale only matters for bitmaps.
        case .pdf: surface = cairo_pdf_surface_create(temporary, Double(size.width), Double(size.height))
        case .svg: surface = cairo_svg_surface_create(temporary, Double(size.width), Double(size.height))
        }
        guard let surface, cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            throw .unwritable(path: path, reason: "Cairo cannot create the surface")
        }
        do {
            let saved = scale
            if format != .png { scale = 1 }
            defer { scale = saved }
            try paint(surface, body)
        } catch {
            cairo_surface_destroy(surface)
            throw error
        }
        if format == .png {
            let status = cairo_surface_write_to_png(surface, temporary)
            cairo_surface_destroy(surface)
            guard status == CAIRO_STATUS_SUCCESS else {
                throw .unwritable(path: path, reason: String(cString: cairo_status_to_string(status)))
            }
        } else {
            cairo_surface_finish(surface)
            let status = cairo_surface_status(surface)
            cairo_surface_destroy(surface)
            guard status == CAIRO_STATUS_SUCCESS else {
                throw .unwritable(path: path, reason: String(cString: cairo_status_to_string(status)))
            }
        }
        guard rename(temporary, path) == 0 else {
            throw .unwritable(path: path, reason: String(cString: strerror(errno)))
        }
    }
}
