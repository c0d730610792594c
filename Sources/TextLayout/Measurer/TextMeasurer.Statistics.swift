extension TextMeasurer {
    /// What a measurer did since it was made or since ``TextMeasurer/resetStatistics()``: how
    /// often it shaped, and how often its caches answered.
    ///
    /// Counted per cache shard, under the lock the shard takes anyway, and summed when read:
    /// counting shares no memory between threads measuring at once.
    public struct Statistics: Hashable, Sendable {
        /// HarfBuzz shaping calls: one per run of one face in each segment measured, and one per
        /// glyph run laid out for drawing.
        public var shapingCalls = 0
        /// Segment widths found in the cache.
        public var segmentWidthHits = 0
        /// Segment widths not found in the cache (each then shaped and kept).
        public var segmentWidthMisses = 0
        /// Prepared texts found in the cache.
        public var preparedTextHits = 0
        /// Prepared texts not found in the cache (each then prepared and kept). Texts prepared
        /// with `keep: false` are not looked up, and not counted.
        public var preparedTextMisses = 0
        /// Fonts resolved to faces through the font library (each font, language and content
        /// size category once; later requests find it in the cache).
        public var fontResolutions = 0

        /// Statistics with every count at 0.
        public init() {}
    }

    /// The measurer's counts so far. Reading them takes each cache shard's lock in turn: read
    /// them between measurements, not on a hot path.
    public var statistics: Statistics {
        var s = Statistics()
        let w = widths.counts
        s.segmentWidthHits = w.hits
        s.segmentWidthMisses = w.misses
        s.shapingCalls = w.shapingCalls + glyphShapingCalls.withLock { $0 }
        for shard in preparedTexts.all {
            let p = shard.counts
            s.preparedTextHits += p.hits
            s.preparedTextMisses += p.misses
        }
        s.fontResolutions = fonts.withLock { $0.resolutions }
        return s
    }

    /// Sets every count of ``statistics`` to 0 (the caches keep what they hold).
    public func resetStatistics() {
        widths.resetCounts()
        glyphShapingCalls.withLock { $0 = 0 }
        for shard in preparedTexts.all { shard.resetCounts() }
        fonts.withLock { $0.resolutions = 0 }
    }
}
