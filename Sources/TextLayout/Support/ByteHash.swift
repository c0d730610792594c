/// The one hash of UTF-8 bytes that TextLayout's caches key by (prepared texts, segment widths).
///
/// A multiply-and-shift mix over eight-byte words: a cache key needs speed, not resistance to
/// chosen collisions. String's own hashing normalises text it does not know to be NFC first,
/// which costs more than the rest of a cache hit; hashing the bytes does not, and the bytes are
/// what is shaped, so texts are compared as bytes too.
enum ByteHash {
    /// The hash of `bytes`, mixed with `seed` (a font's id, so that one text in two fonts spreads
    /// over two places).
    @inline(__always)
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>, seed: Int = 0) -> Int {
        let raw = UnsafeRawBufferPointer(bytes)
        var h: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count) ^ (UInt64(truncatingIfNeeded: seed) &* 0xD6E8_FEB8_6659_FD93)
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

    /// The hash of a string's UTF-8 bytes, read in place when the string is contiguous.
    static func hash(_ text: String, seed: Int = 0) -> Int {
        text.utf8.withContiguousStorageIfAvailable { hash($0, seed: seed) }
            ?? Array(text.utf8).withUnsafeBufferPointer { hash($0, seed: seed) }
    }
}
