import CZlib
import Foundation

/// A PNG written a band of rows at a time, so that a picture of any height costs the memory of one
/// band (the PNG specification, 2nd edition, W3C 2003).
///
/// Steps, as the specification orders a file:
/// 1. The signature, then IHDR: width, height, 8-bit RGBA (colour type 6), no interlace (§11.2.2).
/// 2. Each row, from Cairo's premultiplied native-endian ARGB32, un-premultiplied to RGBA (§4.2:
///    PNG's alpha is not premultiplied), filtered with filter type 2, Up (§9.2: the difference to
///    the row above, which suits flat interface pictures), prefixed with its filter byte.
/// 3. The filtered rows compressed as one zlib stream (§10), written as IDAT chunks of at most
///    64 KiB as the compressor fills them (§11.2.4).
/// 4. IEND (§11.2.5). Each chunk ends with the CRC-32 of its type and data (§5.3).
final class PNGStream {
    private let file: AtomicFile
    private let width: Int
    private let height: Int
    private var rowsWritten = 0
    /// The zlib stream: at a fixed address, as zlib keeps a pointer back to it.
    private let zstream: UnsafeMutablePointer<z_stream>
    private var raw: [UInt8]
    private var previous: [UInt8]
    private var filtered: [UInt8]
    private var compressed = [UInt8](repeating: 0, count: 1 << 16)
    private var isOpen = false

    /// Starts a PNG of `width` x `height` pixels in `file` (step 1).
    /// - Parameter level: zlib's compression level, 0...9.
    init(file: AtomicFile, width: Int, height: Int, level: Int32 = 6) throws(RenderError) {
        self.file = file
        self.width = width
        self.height = height
        raw = [UInt8](repeating: 0, count: width * 4)
        previous = raw
        filtered = [UInt8](repeating: 0, count: width * 4 + 1)
        zstream = .allocate(capacity: 1)
        zstream.initialize(to: z_stream())
        guard deflateInit_(zstream, level, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            zstream.deallocate()
            throw .cairo("zlib cannot start compressing")
        }
        isOpen = true
        file.write([137, 80, 78, 71, 13, 10, 26, 10])
        var header: [UInt8] = []
        header += Self.bigEndian(UInt32(width))
        header += Self.bigEndian(UInt32(height))
        header += [8, 6, 0, 0, 0]
        chunk("IHDR", header)
    }

    deinit {
        if isOpen { deflateEnd(zstream) }
        zstream.deallocate()
    }

    /// Appends `count` rows of a Cairo ARGB32 image (step 2 and 3).
    /// - Parameters:
    ///   - data: the first row's first pixel.
    ///   - stride: bytes from one row to the next.
    func append(_ data: UnsafePointer<UInt8>, stride: Int, count: Int) throws(RenderError) {
        precondition(rowsWritten + count <= height, "more rows than the header says")
        for r in 0..<count {
            let row = UnsafeRawPointer(data + r * stride).assumingMemoryBound(to: UInt32.self)
            raw.withUnsafeMutableBufferPointer { out in
                for x in 0..<width {
                    let p = row[x]
                    let a = p >> 24
                    var red = (p >> 16) & 0xFF, green = (p >> 8) & 0xFF, blue = p & 0xFF
                    if a != 0xFF {
                        if a == 0 {
                            red = 0; green = 0; blue = 0
                        } else {
                            red = (red * 255 + a / 2) / a
                            green = (green * 255 + a / 2) / a
                            blue = (blue * 255 + a / 2) / a
                        }
                    }
                    out[4 * x] = UInt8(truncatingIfNeeded: red)
                    out[4 * x + 1] = UInt8(truncatingIfNeeded: green)
                    out[4 * x + 2] = UInt8(truncatingIfNeeded: blue)
                    out[4 * x + 3] = UInt8(truncatingIfNeeded: a)
                }
            }
            filtered[0] = 2
            filtered.withUnsafeMutableBufferPointer { f in
                raw.withUnsafeBufferPointer { cur in
                    previous.withUnsafeBufferPointer { up in
                        for i in 0..<cur.count { f[i + 1] = cur[i] &- up[i] }
                    }
                }
            }
            swap(&raw, &previous)
            try compress(flush: Z_NO_FLUSH)
        }
        rowsWritten += count
    }

    /// Ends the zlib stream and writes IEND (step 4). The file is not committed.
    func finish() throws(RenderError) {
        precondition(rowsWritten == height, "fewer rows than the header says")
        filtered.removeAll()
        try compress(flush: Z_FINISH)
        deflateEnd(zstream)
        isOpen = false
        chunk("IEND", [])
    }

    /// Feeds `filtered` to zlib and writes what comes out as IDAT chunks.
    private func compress(flush: Int32) throws(RenderError) {
        var status: Int32 = Z_OK
        filtered.withUnsafeMutableBufferPointer { input in
            zstream.pointee.next_in = input.baseAddress
            zstream.pointee.avail_in = UInt32(input.count)
            compressed.withUnsafeMutableBufferPointer { output in
                repeat {
                    zstream.pointee.next_out = output.baseAddress
                    zstream.pointee.avail_out = UInt32(output.count)
                    status = deflate(zstream, flush)
                    let produced = output.count - Int(zstream.pointee.avail_out)
                    if produced > 0 { chunk("IDAT", UnsafeBufferPointer(rebasing: output[0..<produced])) }
                } while status == Z_OK && (zstream.pointee.avail_out == 0 || (flush == Z_FINISH && status != Z_STREAM_END))
            }
            zstream.pointee.next_in = nil
        }
        guard status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR else {
            throw .cairo("zlib failed to compress (\(status))")
        }
    }

    private func chunk(_ type: String, _ data: [UInt8]) {
        data.withUnsafeBufferPointer { chunk(type, $0) }
    }

    /// Length, type, data and CRC (step 4); errors are kept by the file.
    private func chunk(_ type: String, _ data: UnsafeBufferPointer<UInt8>) {
        let tag = Array(type.utf8)
        var crc = tag.withUnsafeBufferPointer { crc32(0, $0.baseAddress, UInt32($0.count)) }
        if data.count > 0 { crc = crc32(crc, data.baseAddress, UInt32(data.count)) }
        file.write(Self.bigEndian(UInt32(data.count)) + tag)
        file.write(UnsafeRawBufferPointer(data))
        file.write(Self.bigEndian(UInt32(truncatingIfNeeded: crc)))
    }

    private static func bigEndian(_ v: UInt32) -> [UInt8] {
        [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
    }
}
