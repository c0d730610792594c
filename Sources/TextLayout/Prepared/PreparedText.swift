import Synchronization

/// A text segmented at its line break opportunities, with every segment measured: laying it out at
/// a width is arithmetic only, so a new width (rotation, split view) never shapes again.
///
/// Segments are kept as UTF-8 offsets and widths in flat arrays; ``lineCount(width:)`` and
/// ``size(width:maxLines:)`` touch nothing else, and ``lines(width:)`` makes the line texts at the end.
public struct PreparedText: Sendable {
    /// What a prepared text holds, in one object: copying a prepared text (out of a cache, into
    /// an array) costs one reference count.
    final class Storage: Sendable {
        let text: String
        let segments: [Segment]
        /// The cluster advances of the segments that have them from preparation (``Segment/clusters``).
        let clusters: [ClusterAdvances]
        /// Measures the cluster advances of the bytes `[start, end)`, for a segment that a line is
        /// too narrow for and that has none from preparation; kept in ``measuredClusters``.
        let measureClusters: @Sendable (Int32, Int32) -> ClusterAdvances
        /// Cluster advances measured after preparation, by segment start: a text laid out at a
        /// narrow width measures each of its long segments once, whatever widths follow.
        let measuredClusters = Mutex<[Int32: ClusterAdvances]>([:])
        /// Whether only the width ends lines: no segment has a closing bracket to trim (CJK
        /// punctuation) or a hard break after it.
        let breaksByWidthAlone: Bool
        /// The widest segment without its hanging spaces: a line at least this wide breaks none.
        let widestSegment: Double

        init(_ text: String, _ segments: [Segment], _ clusters: [ClusterAdvances],
             _ measureClusters: @escaping @Sendable (Int32, Int32) -> ClusterAdvances) {
            self.text = text
            self.segments = segments
            self.clusters = clusters
            self.measureClusters = measureClusters
            // One pass: this runs for every text prepared.
            var byWidth = true, widest = 0.0
            for s in segments {
                byWidth = byWidth && s.endTrim == 0 && !s.hard
                widest = max(widest, s.fitWidth)
            }
            breaksByWidthAlone = byWidth
            widestSegment = widest
        }
    }

    let storage: Storage

    public var text: String { storage.text }
    /// One segment: where its text starts, where its body (without trailing spaces) ends, where
    /// its text (without a trailing newline) ends and where the next segment starts, in UTF-8; its
    /// width with trailing spaces and without (spaces hang at the end of a line); what CSS
    /// `text-spacing-trim: normal` may take off it (half of a fullwidth closing bracket that ends a
    /// line that does not fit otherwise);
    /// whether a mandatory break follows it; whether it ends with a hyphen before a digit (a break
    /// that only a letter or digit before the hyphen allows); where its cluster advances are kept
    /// from preparation (an index into the storage's, or -1).
    struct Segment: Sendable {
        var start, bodyEnd, textEnd, end: Int32
        var width, fitWidth, endTrim: Double
        var hard: Bool
        var hyphenBeforeDigit = false
        var clusters: Int32 = -1
    }

    var segments: [Segment] { storage.segments }

    /// - Parameters:
    ///   - clusters: cluster advances measured at preparation, which segments point to.
    ///   - measureClusters: measures the cluster advances of a text's bytes `[start, end)`.
    init(text: String, segments: [Segment], clusters: [ClusterAdvances] = [],
         measureClusters: @escaping @Sendable (Int32, Int32) -> ClusterAdvances) {
        storage = Storage(text, segments, clusters, measureClusters)
    }

    /// A segment's cluster advances: kept from preparation, or measured once and kept.
    func clusterAdvances(of seg: Segment) -> ClusterAdvances {
        if seg.clusters >= 0 { return storage.clusters[Int(seg.clusters)] }
        return storage.measuredClusters.withLock { kept in
            if let c = kept[seg.start] { return c }
            let c = storage.measureClusters(seg.start, seg.bodyEnd)
            kept[seg.start] = c
            return c
        }
    }

    public var segmentCount: Int { segments.count }

    func substring(_ from: Int32, _ to: Int32) -> Substring {
        let u = text.utf8
        let a = u.index(u.startIndex, offsetBy: Int(from)), b = u.index(u.startIndex, offsetBy: Int(to))
        return text[a..<b]
    }

    /// One laid-out line: UTF-8 offsets of its text and its width without hanging spaces.
    struct Line {
        var start: Int32
        var end: Int32
        var width: Double
    }

    /// The lines at a width (nil: no limit), each with its text and its width without the spaces
    /// that hang at its end.
    public func lines(width: Double?) -> [(text: Substring, width: Double)] {
        var out: [(text: Substring, width: Double)] = []
        fill(width: width) { line in out.append((substring(line.start, line.end), line.width)) }
        return out
    }

    /// How many lines the text takes at a width (at most `maxLines` when above 0), and the widest
    /// of those lines.
    public func size(width: Double?, maxLines: Int = 0) -> (lineCount: Int, width: Double) {
        let counted = countLines(LineFit(width: width))
        if let counted, maxLines <= 0 || counted.lineCount <= maxLines { return counted }

        var count = 0
        var widest = 0.0
        fill(width: width) { line in
            guard maxLines <= 0 || count < maxLines else { return }
            count += 1
            widest = max(widest, line.width)
        }
        return (count, widest)
    }

    /// How many lines the text takes at a width.
    public func lineCount(width: Double?) -> Int { size(width: width).lineCount }
}
