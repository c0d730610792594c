/// Where a segment may break when it is longer than a line (CSS Text 3 `overflow-wrap:
/// break-word`: between grapheme clusters), and how wide it is up to each of those places: the
/// advances of one shaping of the whole segment, summed cluster by cluster.
///
/// Kept with a prepared text so that breaking inside a long word at a new width is arithmetic (a
/// binary search over ``widths``), never shaping again. The widths are those of the whole word's
/// glyphs, kerning included, as Blink takes them from the word's shape result.
struct ClusterAdvances: Sendable {
    /// The UTF-8 offset in the text after each grapheme cluster, ascending; the last is the end of
    /// the segment's body.
    var ends: [Int32]
    /// The advance from the segment's start to each of ``ends``, in pixels, non-decreasing.
    var widths: [Double]

    var count: Int { ends.count }

    /// The width of clusters `from...to`.
    @inline(__always)
    func width(from: Int, to: Int) -> Double {
        widths[to] - (from > 0 ? widths[from - 1] : 0)
    }

    /// The last cluster `to >= from` such that clusters `from...to` fit (``LineFit``) after `used`
    /// pixels of the line; when even one does not, `from` on an empty line (a line holds at least
    /// one cluster) and `from - 1` after something. Binary search: the widths grow.
    @inline(__always)
    func lastFitting(from: Int, _ fit: LineFit, after used: Double = 0) -> Int {
        let base = (from > 0 ? widths[from - 1] : 0) - used
        var lo = from, hi = widths.count - 1
        if !fit.fits(widths[lo] - base) { return used > 0 ? from - 1 : from }
        // Invariant: clusters from...lo fit; those from...hi+1 (if any) do not.
        while lo < hi {
            let mid = (lo + hi + 1) >> 1
            if fit.fits(widths[mid] - base) { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }
}

extension SegmentWidths {
    /// The grapheme clusters of the UTF-8 bytes `[start, end)` of a text and their advances, shaped
    /// once as ``width(bytes:_:_:_:language:)`` shapes (run by run of one face).
    func clusterAdvances(bytes: UnsafeBufferPointer<UInt8>, _ start: Int32, _ end: Int32, _ font: TextMeasurer.ResolvedFont,
                         language: String?) -> ClusterAdvances {
        let slice = UnsafeBufferPointer(rebasing: bytes[Int(start)..<Int(end)])
        let n = slice.count
        guard n > 0 else { return ClusterAdvances(ends: [], widths: []) }
        // Step 1: each byte's share of the advance, a glyph's advance going to the byte its cluster
        // starts at (HarfBuzz's cluster values are UTF-8 offsets into what it shaped).
        var perByte = [Double](repeating: 0, count: n)
        var shapingCalls = 0
        let ascii = slice.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
        if ascii && font.primary.coversASCII {
            let scale = font.size / font.primary.unitsPerEm
            shapingCalls += 1
            _ = font.primary.shaped(utf8: slice, language: language, features: []) { infos, positions, count in
                for g in 0..<count { perByte[Int(infos[g].cluster)] += Double(positions[g].x_advance) * scale }
            }
        } else {
            let text = Substring(String(decoding: slice, as: UTF8.self))
            SegmentWidths.forEachFaceRun(text, font) { run, face in
                let offset = text.utf8.distance(from: text.startIndex, to: run.startIndex)
                let scale = font.size / face.unitsPerEm
                shapingCalls += 1
                _ = face.shaped(run, language: language, features: SegmentWidths.features(of: face, font)) { infos, positions, count in
                    for g in 0..<count {
                        perByte[min(n - 1, offset + Int(infos[g].cluster))] += Double(positions[g].x_advance) * scale
                    }
                }
            }
        }
        count(shapingCalls: shapingCalls)
        // Step 2: the boundaries after each grapheme cluster (UAX #29; ASCII: every byte but CR LF)
        // and the advance up to each.
        var ends: [Int32] = [], widths: [Double] = []
        var boundaries: [Int] = []
        if ascii {
            boundaries = Array(1...n)
        } else {
            let text = String(decoding: slice, as: UTF8.self)
            var offset = 0
            for c in text {
                offset += c.utf8.count
                boundaries.append(offset)
            }
        }
        ends.reserveCapacity(boundaries.count)
        widths.reserveCapacity(boundaries.count)
        var sum = 0.0, b = 0
        for boundary in boundaries {
            while b < boundary { sum += perByte[b]; b += 1 }
            ends.append(start + Int32(boundary))
            widths.append(sum)
        }
        return ClusterAdvances(ends: ends, widths: widths)
    }
}
