import AutoLayout

/// Truncation: the last line a label shows when its text takes more lines than it may have.
extension TextMeasurer {
    /// The last line of a label cut short: as many grapheme clusters as fit with the ellipsis.
    ///
    /// A candidate fits as a line fits when breaking (``LineFit``, Blink's LayoutUnit
    /// comparison), so a text that breaks onto one line is not cut when truncated to one line.
    /// - Parameter width: the line's width; nil for no limit.
    func truncate(_ text: Substring, width: Double?, mode: LineBreakMode, _ font: ResolvedFont,
                  language: String?) -> (text: String, width: Double) {
        let body = text.trimmingTrailingWhitespace
        let ellipsis = "\u{2026}"
        let ellipsisWidth = self.width(of: Substring(ellipsis), font, language: language)
        let lineFit = LineFit(width: width)
        func fits(_ s: String) -> Double? {
            let w = self.width(of: Substring(s), font, language: language)
            return lineFit.fits(w) ? w : nil
        }
        let clusters = Array(body)
        switch mode {
        case .byTruncatingHead:
            var best = (ellipsis, ellipsisWidth)
            for k in stride(from: clusters.count - 1, through: 0, by: -1) {
                let candidate = ellipsis + String(clusters[k...])
                guard let w = fits(candidate) else { break }
                best = (candidate, w)
            }
            return best
        case .byTruncatingMiddle:
            var best = (ellipsis, ellipsisWidth)
            var head = 0, tail = 0
            while head + tail < clusters.count {
                let takeHead = head <= tail
                let h = head + (takeHead ? 1 : 0), t = tail + (takeHead ? 0 : 1)
                let candidate = String(clusters[..<h]) + ellipsis + String(clusters[(clusters.count - t)...])
                guard let w = fits(candidate) else { break }
                best = (candidate, w)
                head = h
                tail = t
            }
            return best
        case .byClipping, .byWordWrapping, .byCharWrapping:
            var best = ("", 0.0)
            for k in 1...max(1, clusters.count) where k <= clusters.count {
                let candidate = String(clusters[..<k])
                guard let w = fits(candidate) else { break }
                best = (candidate, w)
            }
            return best
        case .byTruncatingTail:
            var best = (ellipsis, ellipsisWidth)
            for k in 1...max(1, clusters.count) where k <= clusters.count {
                let candidate = String(clusters[..<k]).trimmingTrailingWhitespace + ellipsis
                guard let w = fits(candidate) else { break }
                best = (candidate, w)
            }
            return best
        }
    }
}

extension StringProtocol {
    /// The text without its trailing spaces and tabs.
    var trimmingTrailingWhitespace: String {
        var end = endIndex
        while end > startIndex {
            let before = index(before: end)
            guard self[before] == " " || self[before] == "\t" else { break }
            end = before
        }
        return String(self[startIndex..<end])
    }
}
