import CHarfBuzz

/// The advances of a colour bitmap font (CBLC/CBDT, as Noto Color Emoji), scaled to the font size
/// as browsers scale them.
///
/// Why: a bitmap-only font draws each glyph from a strike of one pixel size (109 ppem in Noto Color
/// Emoji), and Chromium (Skia over FreeType) takes a glyph's advance from that strike's bitmap
/// metrics, scaled by size / ppem (136 / 109 em), not from the `hmtx` table (2550 / 2048 em). The
/// two differ by 0.2%; this type gives HarfBuzz the browser's.
///
/// Steps, after the OpenType CBLC and CBDT specifications:
/// 1. Pick the strike with the largest ppem (the one FreeType and Skia scale down from).
/// 2. For each index subtable of the strike, read each glyph's horizontal advance: from the
///    subtable's metrics (index formats 2 and 5) or from the glyph's data in CBDT (formats 1, 3
///    and 4, with small or big glyph metrics, data formats 17 and 18).
/// 3. Measure the face in units of 1/64 strike pixel (``Strike/unitsPerEm`` = 64 ppem), so that
///    each advance is exact (136 * 64 units of 109 * 64 per em) where design units would round it.
enum ColorBitmapAdvances {
    /// A strike's advances: in pixels at `ppem`, by glyph id (0 where the strike has no bitmap).
    struct Strike {
        var ppem: Int
        var advances: [UInt8]
        /// The units the face measures in: 1/64 pixel of the strike.
        var unitsPerEm: Int32 { Int32(ppem * 64) }
    }

    static let cblc: UInt32 = 0x4342_4C43, cbdt: UInt32 = 0x4342_4454

    /// The largest strike's advances, or nil when the face has no readable colour bitmap strike.
    static func read(_ face: OpaquePointer) -> Strike? {
        guard let cblcBlob = hb_face_reference_table(face, cblc) else { return nil }
        defer { hb_blob_destroy(cblcBlob) }
        guard let cbdtBlob = hb_face_reference_table(face, cbdt) else { return nil }
        defer { hb_blob_destroy(cbdtBlob) }
        var cblcLength: UInt32 = 0, cbdtLength: UInt32 = 0
        guard let cblcData = hb_blob_get_data(cblcBlob, &cblcLength), let cbdtData = hb_blob_get_data(cbdtBlob, &cbdtLength),
              cblcLength >= 8, cbdtLength > 0 else { return nil }
        let index = Table(UnsafeRawBufferPointer(start: cblcData, count: Int(cblcLength)))
        let data = Table(UnsafeRawBufferPointer(start: cbdtData, count: Int(cbdtLength)))
        // 1. The largest strike.
        guard let strikeCount = index.u32(4), strikeCount > 0, strikeCount < 1000 else { return nil }
        var strike = -1, ppem = 0
        for s in 0..<Int(strikeCount) {
            if let p = index.u8(8 + 48 * s + 45), Int(p) > ppem { (strike, ppem) = (s, Int(p)) }
        }
        guard strike >= 0, ppem > 0 else { return nil }
        let record = 8 + 48 * strike
        guard let arrayOffset = index.u32(record), let subtableCount = index.u32(record + 8),
              let lastGlyph = index.u16(record + 42), subtableCount < 65_536 else { return nil }
        var advances = [UInt8](repeating: 0, count: Int(lastGlyph) + 1)
        func keep(_ glyph: Int, _ advance: UInt8?) {
            guard let advance, glyph < advances.count else { return }
            advances[glyph] = advance
        }
        // 2. Each index subtable's glyphs.
        for k in 0..<Int(subtableCount) {
            let entry = Int(arrayOffset) + 8 * k
            guard let first = index.u16(entry), let last = index.u16(entry + 2), let extra = index.u32(entry + 4),
                  first <= last else { continue }
            let sub = Int(arrayOffset) + Int(extra)
            guard let indexFormat = index.u16(sub), let dataFormat = index.u16(sub + 2),
                  let imageOffset = index.u32(sub + 4) else { continue }
            // The advance byte of glyph data at a CBDT offset (small and big metrics both have it 5th).
            func advance(atData offset: Int) -> UInt8? {
                dataFormat == 17 || dataFormat == 18 ? data.u8(Int(imageOffset) + offset + 4) : nil
            }
            switch indexFormat {
            case 1, 3:
                let wide = indexFormat == 1
                for g in Int(first)...Int(last) {
                    let at = sub + 8 + (g - Int(first)) * (wide ? 4 : 2)
                    guard let a = wide ? index.u32(at).map(Int.init) : index.u16(at).map(Int.init),
                          let b = wide ? index.u32(at + (wide ? 4 : 2)).map(Int.init) : index.u16(at + 2).map(Int.init),
                          b > a else { continue }
                    keep(g, advance(atData: a))
                }
            case 2, 5:
                // imageSize, then big glyph metrics shared by every glyph (horiAdvance 5th).
                let shared = index.u8(sub + 12 + 4)
                if indexFormat == 2 {
                    for g in Int(first)...Int(last) { keep(g, shared) }
                } else if let count = index.u32(sub + 20), count < 65_536 {
                    for i in 0..<Int(count) { if let g = index.u16(sub + 24 + 2 * i) { keep(Int(g), shared) } }
                }
            case 4:
                guard let count = index.u32(sub + 8), count < 65_536 else { continue }
                for i in 0..<Int(count) {
                    let at = sub + 12 + 4 * i
                    guard let g = index.u16(at), let a = index.u16(at + 2), let b = index.u16(at + 6), b > a else { continue }
                    keep(Int(g), advance(atData: Int(a)))
                }
            default:
                continue
            }
        }
        return advances.contains { $0 > 0 } ? Strike(ppem: ppem, advances: advances) : nil
    }

    /// Big-endian reads that return nil past the end of the table.
    struct Table {
        let bytes: UnsafeRawBufferPointer
        init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

        func u8(_ at: Int) -> UInt8? { at >= 0 && at < bytes.count ? bytes[at] : nil }
        func u16(_ at: Int) -> UInt16? {
            guard at >= 0, at + 2 <= bytes.count else { return nil }
            return UInt16(bytes[at]) << 8 | UInt16(bytes[at + 1])
        }
        func u32(_ at: Int) -> UInt32? {
            guard at >= 0, at + 4 <= bytes.count else { return nil }
            return (0..<4).reduce(0) { $0 << 8 | UInt32(bytes[at + $1]) }
        }
    }

    /// A HarfBuzz sub-font of `parent` measuring in the strike's units (``Strike/unitsPerEm``),
    /// whose horizontal advances are the strike's (the parent's, scaled, where the strike has
    /// none), and the memory it reads them from, which the caller frees after destroying the font.
    /// Everything else (glyph look-up, extents) is the parent's, scaled.
    static func font(over parent: OpaquePointer, _ strike: Strike) -> (font: OpaquePointer, table: UnsafeMutablePointer<Int32>)? {
        guard let sub = hb_font_create_sub_font(parent), let funcs = hb_font_funcs_create() else { return nil }
        defer { hb_font_funcs_destroy(funcs) }
        // The table: its length first, then the advances in 1/64 pixel.
        let table = UnsafeMutablePointer<Int32>.allocate(capacity: strike.advances.count + 1)
        table[0] = Int32(strike.advances.count)
        for (i, a) in strike.advances.enumerated() { table[i + 1] = Int32(a) * 64 }
        hb_font_funcs_set_glyph_h_advance_func(funcs, { font, data, glyph, _ in
            let t = data!.assumingMemoryBound(to: Int32.self)
            if glyph < UInt32(t[0]), t[Int(glyph) + 1] > 0 { return t[Int(glyph) + 1] }
            // The parent's advance, in the parent's units, scaled to this font's.
            var parentX: Int32 = 0, selfX: Int32 = 0, y: Int32 = 0
            let parent = hb_font_get_parent(font)
            hb_font_get_scale(parent, &parentX, &y)
            hb_font_get_scale(font, &selfX, &y)
            let a = Int64(hb_font_get_glyph_h_advance(parent, glyph))
            return parentX > 0 ? Int32(a * Int64(selfX) / Int64(parentX)) : 0
        }, nil, nil)
        hb_font_funcs_make_immutable(funcs)
        hb_font_set_funcs(sub, funcs, UnsafeMutableRawPointer(table), nil)
        hb_font_set_scale(sub, strike.unitsPerEm, strike.unitsPerEm)
        hb_font_make_immutable(sub)
        return (sub, table)
    }
}
