import CCairo
import Foundation

extension Renderer {
    /// Checks early that `path` can be written: its directory exists and is writable, and it is
    /// not a directory.
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

    /// Draws into a temporary file beside `path` and renames it into place (``AtomicFile``); on
    /// any failure the temporary file is removed and the old file kept.
    ///
    /// Steps:
    /// 1. PNG: the picture is drawn in bands of `bandBytes` (each band a Cairo image surface
    ///    translated to its rows, drawing only what reaches it) and streamed out by ``PNGStream``.
    /// 2. PDF and SVG: Cairo's stream surfaces write through a callback into the file, whose
    ///    errors stop Cairo (CAIRO_STATUS_WRITE_ERROR); the surface's status after
    ///    `cairo_surface_finish` and the file's first write error are both checked.
    /// 3. The file is committed: flushed, size checked, renamed.
    func write(_ format: RenderFormat, size: CGSize, to path: String,
               _ body: (Canvas) throws(RenderError) -> Void) throws(RenderError) {
        let (w, h) = try pixelSize(size)
        let file = try AtomicFile(path: path)
        defer { file.discard() }
        switch format {
        case .png: try writePNG(width: w, height: h, to: file, body)
        case .pdf, .svg: try writeVector(format, size: size, to: file, body)
        }
        try file.commit()
    }

    /// Step 1.
    private func writePNG(width w: Int, height h: Int, to file: AtomicFile,
                          _ body: (Canvas) throws(RenderError) -> Void) throws(RenderError) {
        let bandRows = max(1, min(h, bandBytes / (w * 4)))
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(w), Int32(bandRows)),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            throw .cairo("no image surface of \(w) x \(bandRows) pixels")
        }
        defer { cairo_surface_destroy(surface) }
        guard let data = cairo_image_surface_get_data(surface) else { throw .cairo("no pixel data") }
        let stride = Int(cairo_image_surface_get_stride(surface))
        let png = try PNGStream(file: file, width: w, height: h)
        var canvas: Canvas?
        for top in Swift.stride(from: 0, to: h, by: bandRows) {
            let rows = min(bandRows, h - top)
            cairo_surface_flush(surface)
            memset(data, 0, stride * bandRows)
            cairo_surface_mark_dirty(surface)
            let visible = CGRect(x: 0, y: Double(top) / scale, width: Double(w) / scale, height: Double(rows) / scale)
            try paint(surface, top: top, visible: visible, canvas: canvas) { c throws(RenderError) in
                canvas = c
                try body(c)
            }
            cairo_surface_flush(surface)
            try png.append(data, stride: stride, count: rows)
            if let failure = file.failure { throw .unwritable(path: file.path, reason: failure) }
        }
        try png.finish()
    }

    /// Step 2.
    private func writeVector(_ format: RenderFormat, size: CGSize, to file: AtomicFile,
                             _ body: (Canvas) throws(RenderError) -> Void) throws(RenderError) {
        let closure = Unmanaged.passUnretained(file).toOpaque()
        // Vector formats are in points; the scale only matters for bitmaps.
        let surface = format == .pdf
            ? cairo_pdf_surface_create_for_stream(writeToFile, closure, Double(size.width), Double(size.height))
            : cairo_svg_surface_create_for_stream(writeToFile, closure, Double(size.width), Double(size.height))
        guard let surface, cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            throw .unwritable(path: file.path, reason: "Cairo cannot create the surface")
        }
        defer { cairo_surface_destroy(surface) }
        let saved = scale
        scale = 1
        defer { scale = saved }
        try paint(surface, body)
        cairo_surface_finish(surface)
        let status = cairo_surface_status(surface)
        if let failure = file.failure { throw .unwritable(path: file.path, reason: failure) }
        guard status == CAIRO_STATUS_SUCCESS else {
            throw .unwritable(path: file.path, reason: String(cString: cairo_status_to_string(status)))
        }
    }
}

/// Cairo's write callback for stream surfaces: the closure is the ``AtomicFile``.
private let writeToFile: cairo_write_func_t = { closure, data, length in
    guard let closure else { return CAIRO_STATUS_WRITE_ERROR }
    let file = Unmanaged<AtomicFile>.fromOpaque(closure).takeUnretainedValue()
    return file.write(UnsafeRawBufferPointer(start: data, count: Int(length))) ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR
}
