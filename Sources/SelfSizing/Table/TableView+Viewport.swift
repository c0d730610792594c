import AutoLayout
import Foundation

extension TableView {
    // MARK: - Viewport

    /// UIKit's `UITableView.automaticDimension` as an estimate: ``estimatedRowHeight`` (or the
    /// delegate's estimate for a row) set to it makes unmeasured rows stand in with the running
    /// mean of the measured heights of their reuse identifier (44 until one is measured). Also
    /// what Interface Builder writes as -1.
    public static let automaticDimension: CGFloat = -1

    /// The viewport with the table's insets: what the rules of ``ListViewport`` read.
    var viewport: ListViewport {
        var vp = viewportState.viewport
        vp.insetTop = Double(contentInset.top)
        vp.insetBottom = Double(contentInset.bottom)
        if !viewportState.hasOffset { vp.offset = -vp.insetTop }
        return vp
    }

    /// UIKit's `contentOffset.y`: `-contentInset.top` shows the top of the content below the top
    /// inset. Setting it clamps it to ``contentOffsetRange`` and measures nothing (call
    /// ``layoutViewport()``, or use ``scroll(to:)``). Rows show on screen at
    /// `rectForRow(at:).minY - contentInset.top - contentOffset` (frames measure from the top of
    /// the top inset).
    public var contentOffset: CGFloat {
        get { CGFloat(viewport.offset) }
        set {
            viewportState.heldAnchor = nil
            viewportState.viewport.offset = viewport.clamped(Double(newValue), contentHeight: Double(contentSize.height))
            viewportState.hasOffset = true
        }
    }

    /// The height of the table's bounds: the viewport. 0 (the default) shows no rows but still
    /// anchors the row at ``contentOffset``.
    public var viewportHeight: CGFloat {
        get { CGFloat(viewportState.viewport.height) }
        set { viewportState.viewport.height = newValue.isFinite ? max(Double(newValue), 0) : 0 }
    }

    /// How far above and below the bounds rows are measured as they come near (so that they
    /// show measured); ``viewportHeight`` unless set. Negative values count as 0.
    public var overscan: CGFloat {
        get { CGFloat(viewportState.viewport.effectiveOverscan) }
        set { viewportState.viewport.overscan = newValue.isFinite ? max(Double(newValue), 0) : nil }
    }

    /// What stays still on screen when heights change (``ListAnchoring``); `.top` by default.
    public var anchoring: ListAnchoring {
        get { viewportState.viewport.anchoring }
        set { viewportState.viewport.anchoring = newValue }
    }

    /// UIKit's range of content offsets: `-contentInset.top` to
    /// `contentHeight - viewportHeight + contentInset.bottom`, the content height without insets
    /// (the lower end when the content is shorter than the bounds).
    public var contentOffsetRange: ClosedRange<CGFloat> {
        let r = viewport.offsetRange(contentHeight: Double(contentSize.height))
        return CGFloat(r.lowerBound)...CGFloat(r.upperBound)
    }

    /// The bounds in the coordinates of ``rectForRow(at:)``.
    public var visibleRect: CGRect {
        let vp = viewport
        return CGRect(x: 0, y: vp.visibleTop, width: Double(width), height: vp.height)
    }

    /// The rows the bounds show, in order, with the heights they have now (measured where
    /// ``layoutViewport()`` measured them).
    /// - Complexity: O(log n + k) for k rows.
    public var indexPathsForVisibleRows: [IndexPath] {
        let vp = viewport
        guard vp.height > 0, var ip = firstRow(atOrAfter: CGFloat(vp.visibleTop)) else { return [] }
        var result: [IndexPath] = []
        while true {
            let frame = rectForRow(at: ip)
            guard Double(frame.minY) < vp.visibleBottom else { break }
            if Double(frame.maxY) > vp.visibleTop { result.append(ip) }
            guard let next = row(after: ip) else { break }
            ip = next
        }
        return result
    }

    /// The difference between the content height as the table has it now (estimates for rows
    /// not measured) and the true one (every row measured): what the scroll indicator is off by.
    /// Positive when the estimates are too tall.
    public func estimatedContentHeightError(trueContentHeight: CGFloat) -> CGFloat {
        contentSize.height - trueContentHeight
    }

    /// The number of rows measured (rather than standing in with estimates).
    /// - Complexity: O(n).
    public var numberOfMeasuredRows: Int {
        sections.reduce(0) { $0 + $1.isMeasured.reduce(0) { $0 + ($1 ? 1 : 0) } }
    }

    // MARK: - Scrolling

    /// Lays the table out and measures the rows the bounds and the ``overscan`` band around them
    /// show, anchoring after each batch (the anchored row does not move), then clamps the offset.
    /// - Throws: ``TableViewError`` from a row that cannot be measured.
    public func layoutViewport() throws(TableViewError) {
        try layoutIfNeeded()
        try measureBand(holding: viewportState.heldAnchor ?? captureAnchor())
    }

    /// Scrolls to a content offset (clamped) and measures what shows there; the row at the new
    /// offset is the anchor while the band is measured, or the end of the content when the offset
    /// asked for is at or past it (the end stays the end whatever the rows there measure).
    public func scroll(to offset: CGFloat) throws(TableViewError) {
        try layoutIfNeeded()
        let pastEnd = Double(offset) >= Double(contentOffsetRange.upperBound)
        contentOffset = offset
        try measureBand(holding: pastEnd ? endAnchor : captureAnchor())
    }

    /// The anchor that keeps the bounds at the end of the content (with any anchoring but `.none`).
    private var endAnchor: ListAnchor? {
        anchoring == .none ? nil : ListAnchor(indexPath: IndexPath(row: 0, section: 0), edge: .end, screenY: 0)
    }

    /// Scrolls by `dy` points (clamped at the ends), measuring the rows that come near, as a
    /// finger or a fling moves the content: the row that was first on screen moves by exactly the
    /// scroll (anchoring `.top`; `.end` holds the last row's bottom) whatever the rows that come
    /// near measure; with anchoring `.none` it moves by whatever the rows above it changed too.
    /// - Returns: the scroll applied: `dy` clamped to the content as it was before measuring.
    @discardableResult
    public func scroll(by dy: CGFloat) throws(TableViewError) -> CGFloat {
        try layoutIfNeeded()
        var anchor = viewportState.heldAnchor ?? captureAnchor(keepingEnd: false)
        if anchor?.edge == .end { anchor = captureAnchor(keepingEnd: false) }
        let before = viewport.offset
        let wanted = before + (dy.isFinite ? Double(dy) : 0)
        contentOffset = CGFloat(wanted)
        let applied = viewport.offset - before
        anchor?.screenY -= applied
        // A scroll stopped by the end keeps to the end while the rows there are measured.
        if wanted > viewport.offset && dy > 0 { anchor = endAnchor }
        try measureBand(holding: anchor)
        return CGFloat(applied)
    }

    /// Scrolls so that a row shows at a position of the visible area (UIKit's rules, see
    /// ``ScrollPosition``) and lands there exactly whatever the estimates: the row, the rows
    /// below it filling a viewport and the rows above it filling a viewport are measured first,
    /// then the offset is set, then the band is measured with the row held still. With anchoring
    /// `.none` the offset comes from the estimates, as UIKit's does, and the row lands where the
    /// measuring leaves it.
    /// - Throws: ``ListError/invalidIndexPath(_:)`` for a row the table does not have, and
    ///   errors of rows that cannot be measured.
    public func scrollToRow(at indexPath: IndexPath, at position: ScrollPosition) throws(TableViewError) {
        try layoutIfNeeded()
        guard hasRow(indexPath) else { throw .invalidIndexPath(indexPath) }
        if anchoring != .none { try measureAround(indexPath) }
        let frame = rectForRow(at: indexPath)
        let vp = viewport
        contentOffset = CGFloat(vp.offset(showing: Double(frame.minY), extent: Double(frame.height), at: position))
        let anchor = anchoring == .none ? nil
            : ListAnchor(indexPath: indexPath, edge: .top, screenY: viewport.screenY(Double(frame.minY)))
        try measureBand(holding: anchor)
    }

    // MARK: - Measuring

    /// Measures the unmeasured rows of the bounds and the overscan band, in batches until none
    /// is left (each batch anchors, which may bring other rows in), holding `anchor` still
    /// throughout; then puts it back (clamping) and lets it go.
    private func measureBand(holding anchor: ListAnchor?) throws(TableViewError) {
        viewportState.heldAnchor = anchor
        defer {
            restore(anchor)
            viewportState.heldAnchor = nil
            followViewportWithPrecache()
        }
        while true {
            let vp = viewport
            let band = (vp.visibleTop - vp.effectiveOverscan)...(vp.visibleBottom + vp.effectiveOverscan)
            var updates: [(IndexPath, Double)] = []
            if var ip = firstRow(atOrAfter: CGFloat(band.lowerBound)) {
                while Double(rectForRow(at: ip).minY) <= band.upperBound {
                    if !sections[ip.section].isMeasured[ip.row] { updates.append((ip, try rowHeight(at: ip))) }
                    guard let next = row(after: ip) else { break }
                    ip = next
                }
            }
            if updates.isEmpty { return }
            setMeasuredHeights(updates)
        }
    }

    /// Measures a row and its neighbours until a viewport's height of rows below it (from its
    /// top) and above it are measured: what an exact placement needs.
    private func measureAround(_ target: IndexPath) throws(TableViewError) {
        let need = max(viewport.height, 1)
        var updates: [(IndexPath, Double)] = []
        func height(_ ip: IndexPath) throws(TableViewError) -> Double {
            if sections[ip.section].isMeasured[ip.row] { return sections[ip.section].rows[ip.row] }
            let h = try rowHeight(at: ip)
            updates.append((ip, h))
            return h
        }
        var below = 0.0
        var ip: IndexPath? = target
        while let current = ip, below < need {
            below += try height(current)
            ip = row(after: current)
        }
        var above = 0.0
        ip = row(before: target)
        while let current = ip, above < need {
            above += try height(current)
            ip = row(before: current)
        }
        setMeasuredHeights(updates)
    }

    /// The row before a row, across sections; nil for the first.
    func row(before ip: IndexPath) -> IndexPath? {
        if ip.row > 0 { return IndexPath(row: ip.row - 1, section: ip.section) }
        var s = ip.section - 1
        while s >= 0 {
            let n = sections[s].rows.count
            if n > 0 { return IndexPath(row: n - 1, section: s) }
            s -= 1
        }
        return nil
    }
}
