import AutoLayout

/// The measuring context a label keeps (``TextMeasuring/measure(_:context:)``): a label measured
/// again with the same font resolves nothing and, with the same text, prepares nothing.
extension TextMeasurer {

    /// What a label keeps between its measurements: its measurer, its font resolved, the line
    /// metrics, and its last text prepared. It measures by itself while the label's font,
    /// category and language stay (``SelfMeasuringContext``).
    ///
    /// A storage type with unchecked exclusivity: a context belongs to one label (its
    /// `measuringContext`), and a label is measured by one thread at a time, so no two accesses
    /// to its variables overlap; checking that on every measurement would cost more than the rest
    /// of a hit.
    fileprivate final class MeasuringContext: SelfMeasuringContext {
        let measurer: TextMeasurer
        let font: Font
        let language: String?
        let category: ContentSizeCategory
        let resolved: ResolvedFont?
        /// The resolved font's id, which finds prepared texts without touching the font (which
        /// every thread's labels share).
        let fontID: Int
        @exclusivity(unchecked) var text = ""
        @exclusivity(unchecked) var charWrap = false
        @exclusivity(unchecked) var prepared: PreparedText?
        /// The line height and first baseline for a line-height setting.
        @exclusivity(unchecked) var metrics: (setting: LineHeight, lineHeight: Double, firstBaseline: Double)?

        init(_ measurer: TextMeasurer, _ request: TextMeasureRequest, _ resolved: ResolvedFont?) {
            self.measurer = measurer
            font = request.font
            language = request.language
            category = request.contentSizeCategory
            self.resolved = resolved
            fontID = resolved?.id ?? -1
        }

        func matches(_ request: TextMeasureRequest) -> Bool {
            category == request.contentSizeCategory && language == request.language && font == request.font
        }

        func measure(_ request: TextMeasureRequest) -> TextMeasurement? {
            matches(request) ? measurer.measure(request, in: self) : nil
        }
    }

    /// Measures as ``measure(_:)`` does, resolving the font only when the label's font changed and
    /// preparing the text only when its text changed (no lock, no hashing of the text otherwise).
    public func measure(_ request: TextMeasureRequest, context: inout AnyObject?) -> TextMeasurement {
        let c: MeasuringContext
        if let kept = context as? MeasuringContext, kept.measurer === self, kept.matches(request) {
            c = kept
        } else {
            c = MeasuringContext(self, request, resolve(request.font, language: request.language,
                                                         category: request.contentSizeCategory))
            context = c
        }
        return measure(request, in: c)
    }

    /// (The resolved font is read only to prepare a new text or to work out line metrics.)
    fileprivate func measure(_ request: TextMeasureRequest, in c: MeasuringContext) -> TextMeasurement {
        guard c.fontID >= 0 else { return TextMeasurer.noFont }
        let charWrap = request.lineBreakMode == .byCharWrapping
        let p: PreparedText
        if let kept = c.prepared, c.charWrap == charWrap, c.text == request.text {
            p = kept
        } else {
            // Found by the font's id; the font itself is read only to prepare a new text.
            let key = PreparedKey(font: c.fontID, charWrap: charWrap, text: request.text)
            p = keptPrepared(key) ?? prepareAndKeep(key, c.resolved!, language: request.language)
            c.prepared = p
            c.text = request.text
            c.charWrap = charWrap
        }
        let metrics: (lineHeight: Double, firstBaseline: Double)
        if let m = c.metrics, m.setting == request.lineHeight {
            metrics = (m.lineHeight, m.firstBaseline)
        } else {
            metrics = lineMetrics(request, c.resolved!)
            c.metrics = (request.lineHeight, metrics.lineHeight, metrics.firstBaseline)
        }
        return measure(request, p, metrics)
    }
}
