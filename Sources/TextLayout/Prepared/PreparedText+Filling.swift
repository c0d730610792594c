/// Line filling: a prepared text laid out at a width with its segments' widths alone.
extension PreparedText {
    /// Greedy line filling, as browsers do (CSS Text 3 §5, with `overflow-wrap: break-word`).
    /// Calls `emit` for each line. For each segment (the text up to a break opportunity,
    /// ``LineBreakRules``):
    /// 1. **Fit**: it joins the line when the line with it (without its hanging spaces) fits; a
    ///    closing bracket set half-width at the line's end may make it fit (`text-spacing-trim`).
    /// 2. **Wrap**: otherwise the line ends before it and it starts the next one. (An opening
    ///    bracket that starts a line keeps its full width: `text-spacing-trim: normal`, Chromium's
    ///    default, trims only at line ends and between adjacent punctuation.)
    /// 3. **Break inside** (`overflow-wrap: break-word`): only a segment that does not fit on a line
    ///    of its own breaks, between grapheme clusters, each line taking as many clusters as fit
    ///    (at least one); widths come from its cluster advances (``ClusterAdvances``), kept from
    ///    preparation, so no width costs shaping. Its last piece starts the next line. When that
    ///    piece is a hyphen before a digit, the next segment breaks inside after it (Blink finds
    ///    no break opportunity there, see `hyphenStartsLine`).
    /// 4. **Mandatory break**: a hard break ends the line after the segment.
    @inline(__always)
    func fill(width: Double?, _ emit: (Line) -> Void) {
        let lineFit = LineFit(width: width)
        @inline(__always) func exceeds(_ w: Double) -> Bool { lineFit.exceeds(w) }
        var lineStart: Int32 = 0
        var lineEnd: Int32 = 0
        var lineWidth = 0.0
        var fitWidth = 0.0
        var emitted = false
        // Whether the line holds only a hyphen left by breaking inside a word, before a digit: Blink
        // looks for break opportunities from the line's start, where that hyphen has no letter or
        // digit before it (``LineBreakRules`` step 4), so the next segment continues the same
        // unbreakable sequence and breaks inside right after it.
        var hyphenStartsLine = false
        for seg in segments {
            let continuing = hyphenStartsLine
            hyphenStartsLine = false
            // 1.
            var fit = seg.fitWidth
            if lineWidth > 0 && exceeds(lineWidth + fit) && !exceeds(lineWidth + fit - seg.endTrim) {
                // It fits with its closing bracket set half-width at the end of the line.
                fit -= seg.endTrim
            }
            // A segment continuing the hyphen's sequence breaks inside rather than wrapping.
            var clusters: ClusterAdvances?
            if continuing && lineWidth > 0 && exceeds(lineWidth + fit) && seg.bodyEnd - seg.start > 1 {
                let c = clusterAdvances(of: seg)
                if c.count > 1 { clusters = c }
            }
            // 2.
            if lineWidth > 0 && exceeds(lineWidth + fit) && clusters == nil {
                emit(Line(start: lineStart, end: lineEnd, width: fitWidth))
                emitted = true
                lineStart = lineEnd
                lineWidth = 0
                fitWidth = 0
                fit = seg.fitWidth
            }
            if clusters == nil && lineWidth == 0 && exceeds(fit) && seg.bodyEnd - seg.start > 1 {
                clusters = clusterAdvances(of: seg)
            }
            let full = seg.width - (seg.fitWidth - fit)
            // 3.
            if exceeds(lineWidth + fit), let clusters, clusters.count > 1 {
                var from = 0
                // What the line holds before the segment (a hyphen, when continuing).
                var used = lineWidth > 0 ? fitWidth : 0
                while true {
                    let to = clusters.lastFitting(from: from, lineFit, after: used)
                    if to < from {
                        // Not one cluster fits after the hyphen: the line ends with it.
                        emit(Line(start: lineStart, end: seg.start, width: fitWidth))
                        emitted = true
                        lineStart = seg.start
                        used = 0
                        continue
                    }
                    let w = used + clusters.width(from: from, to: to)
                    if to == clusters.count - 1 {
                        fitWidth = w
                        lineWidth = w + (seg.width - seg.fitWidth)
                        hyphenStartsLine = from == to && from > 0 && seg.hyphenBeforeDigit
                        break
                    }
                    emit(Line(start: lineStart, end: clusters.ends[to], width: w))
                    emitted = true
                    lineStart = clusters.ends[to]
                    from = to + 1
                    used = 0
                }
                lineEnd = seg.textEnd
            } else {
                fitWidth = lineWidth + fit
                lineWidth += full
                lineEnd = seg.textEnd
            }
            // 4.
            if seg.hard {
                emit(Line(start: lineStart, end: lineEnd, width: fitWidth))
                emitted = true
                lineStart = seg.end
                lineEnd = seg.end
                lineWidth = 0
                fitWidth = 0
            }
        }
        let total = Int32(text.utf8.count)
        if lineWidth > 0 || !emitted || lineStart < total { emit(Line(start: lineStart, end: max(lineEnd, lineStart), width: fitWidth)) }
    }

    /// The lines ``fill(width:_:)`` would make and the widest of them, counted with one add and
    /// one compare per segment, when only the width ends lines and every segment fits on a line
    /// of its own; nil otherwise.
    func countLines(_ fit: LineFit) -> (lineCount: Int, width: Double)? {
        guard storage.breaksByWidthAlone && fit.fits(storage.widestSegment) else { return nil }
        return storage.segments.withUnsafeBufferPointer { segs in
            // A line always follows the last break (and an empty text is one line).
            var count = 1
            var widest = 0.0
            var lineWidth = 0.0
            var fitWidth = 0.0
            for seg in segs {
                if fit.exceeds(lineWidth + seg.fitWidth) {
                    count += 1
                    widest = max(widest, fitWidth)
                    lineWidth = 0
                }
                fitWidth = lineWidth + seg.fitWidth
                lineWidth += seg.width
            }
            return (count, max(widest, fitWidth))
        }
    }
}
