/// Whether content fits on a line of a given width, compared as Blink compares it: in LayoutUnit,
/// 1/64 px, so a line 180.002 px wide fits in 180 px. Line breaking (``PreparedText``) and
/// truncation (``TextMeasurer/lines(_:)``) both decide with it, so that a text that fits on one
/// line when broken also fits when truncated.
///
/// round(w * 64) > L * 64 exactly when w >= L + 1/128, L the limit in layout units; so content
/// exceeds a line when it reaches ``threshold``. No width: nothing exceeds a line.
struct LineFit {
    /// The width content reaches when it no longer fits.
    let threshold: Double

    /// - Parameter width: the line's width in pixels; nil for no limit.
    @inline(__always)
    init(width: Double?) {
        threshold = width.map { ($0 * 64).rounded() / 64 + 1.0 / 128 } ?? .infinity
    }

    /// Whether content `w` pixels wide does not fit.
    @inline(__always)
    func exceeds(_ w: Double) -> Bool { w >= threshold }

    /// Whether content `w` pixels wide fits.
    @inline(__always)
    func fits(_ w: Double) -> Bool { w < threshold }
}
