import AutoLayout
import Foundation

extension CollectionView {
    // MARK: - Viewport

    /// The viewport with the collection's bounds: its length along the scroll axis (the height
    /// when scrolling vertically, the width when horizontally); collections have no insets.
    var viewport: ListViewport {
        var vp = viewportState.viewport
        vp.height = Double(layout.scrollDirection == .vertical ? height : width)
        return vp
    }

    /// UIKit's `contentOffset` along the scroll axis (y when scrolling vertically, x when
    /// horizontally), clamped to `[0, content length - bounds length]`; setting it measures
    /// nothing (call ``layoutViewport()`` or use ``scroll(to:)``).
    public var contentOffset: CGFloat {
        get { CGFloat(viewportState.viewport.offset) }
        set {
            viewportState.heldAnchor = nil
            viewportState.viewport.offset = viewport.clamped(Double(newValue), contentHeight: contentLength)
        }
    }

    /// How far before and after the bounds items are measured as they come near; the bounds'
    /// length unless set. Negative values count as 0.
    public var overscan: CGFloat {
        get { CGFloat(viewport.effectiveOverscan) }
        set { viewportState.viewport.overscan = newValue.isFinite ? max(Double(newValue), 0) : nil }
    }

    /// What stays still on screen when sizes change: `.top` (the default) holds the first visible
    /// item's leading edge (the start of the content while the bounds are there, except across
    /// batch updates), `.end` the end while there (else the last visible item's trailing edge),
    /// `.none` nothing (UIKit's jump). Measuring, ``layoutAllItems(progress:)``, batch updates,
    /// and changes of the cross length, the content size category or the layout all anchor.
    /// See ``ListAnchoring``.
    public var anchoring: ListAnchoring {
        get { viewportState.viewport.anchoring }
        set { viewportState.viewport.anchoring = newValue }
    }

    /// The items the bounds show, in index order.
    /// - Complexity: O(log n + k) for k items.
    public var indexPathsForVisibleItems: [IndexPath] {
        let vp = viewport
        guard vp.height > 0 else { return [] }
        return indexPathsForItems(in: rect(from: vp.visibleTop, to: vp.visibleBottom))
    }

    /// The rectangle spanning `[start, end]` along the scroll axis, the whole cross length across.
    func rect(from start: Double, to end: Double) -> CGRect {
        let cross = Double(crossLength)
        return layout.scrollDirection == .vertical
            ? CGRect(x: 0, y: start, width: cross, height: max(end - start, 0))
            : CGRect(x: start, y: 0, width: max(end - start, 0), height: cross)
    }

    /// UIKit's range of content offsets along the scroll axis: 0 to the content length less the
    /// bounds' length (0 when the content is shorter).
    public var contentOffsetRange: ClosedRange<CGFloat> {
        let r = viewport.offsetRange(contentHeight: contentLength)
        return CGFloat(r.lowerBound)...CGFloat(r.upperBound)
    }

    /// The difference between the content length along the scroll axis as the collection has it
    /// now (estimates for items not measured) and the true one (every item measured): what the
    /// scroll indicator is off by. Positive when the estimates are too long.
    public func estimatedContentLengthError(trueContentLength: CGFloat) -> CGFloat {
        CGFloat(contentLength) - trueContentLength
    }

    /// The number of items whose size is final (measured, or not self-sizing) rather than an
    /// estimate.
    /// - Complexity: O(n).
    public var numberOfMeasuredItems: Int {
        sections.reduce(0) { $0 + $1.isMeasured.reduce(0) { $0 + ($1 ? 1 : 0) } }
    }

    // MARK: - Scrolling

    /// Lays the collection out and measures the items the bounds and the overscan band show,
    /// holding the anchor still (see ``anchoring``; after a rebuild, the item that was first on
    /// screen before it), then clamps the offset.
    public func layoutViewport() throws(CollectionViewError) {
        try layoutIfNeeded()
        try measureBand(holding: viewportState.heldAnchor ?? captureAnchor())
    }

    /// Scrolls to an offset (clamped) and measures what shows there; the item first on screen
    /// there is held still, or the end of the content when the offset asked for is at or past it.
    public func scroll(to offset: CGFloat) throws(CollectionViewError) {
        try layoutIfNeeded()
        let pastEnd = Double(offset) >= Double(contentOffsetRange.upperBound)
        contentOffset = offset
        try measureBand(holding: pastEnd ? endAnchor : captureAnchor())
    }

    /// Scrolls by `delta` points (clamped), measuring the items that come near: the item that
    /// was first on screen moves by exactly the scroll (anchoring `.top`; `.end` holds the last
    /// visible item's trailing edge), whatever they measure; with `.none` it moves by whatever
    /// the items before it changed too.
    /// - Returns: the scroll applied: `delta` clamped to the content as it was before measuring.
    @discardableResult
    public func scroll(by delta: CGFloat) throws(CollectionViewError) -> CGFloat {
        try layoutIfNeeded()
        var anchor = viewportState.heldAnchor ?? captureAnchor(keepingEnd: false)
        if anchor?.edge == .end || anchor?.edge == .start { anchor = captureAnchor(keepingEnd: false) }
        let before = viewport.offset
        let wanted = before + (delta.isFinite ? Double(delta) : 0)
        contentOffset = CGFloat(wanted)
        let applied = viewport.offset - before
        anchor?.screenY -= applied
        // A scroll stopped by the end keeps to the end while the items there are measured, one
        // stopped by the start (anchoring `.top`) to the start.
        if wanted > viewport.offset && delta > 0 { anchor = endAnchor }
        if wanted < viewport.offset && delta < 0 && anchoring == .top { anchor = startAnchor }
        try measureBand(holding: anchor)
        return CGFloat(applied)
    }

    /// Measures the items of the bounds and the overscan band (through ``setMeasuredSizes(_:)``,
    /// which anchors), holding `anchor` still, until a pass measures nothing new; then puts it
    /// back (clamping) and lets it go.
    func measureBand(holding anchor: ListAnchor?) throws(CollectionViewError) {
        viewportState.heldAnchor = anchor
        defer {
            restoreAnchor(anchor)
            viewportState.heldAnchor = nil
        }
        // Without a data source (it is held weakly) nothing can be measured.
        guard dataSource != nil else { return }
        while true {
            let vp = viewport
            let band = rect(from: vp.visibleTop - vp.effectiveOverscan, to: vp.visibleBottom + vp.effectiveOverscan)
            if indexPathsForItems(in: band).allSatisfy(isItemMeasured(at:)) { return }
            try layoutItems(in: band)
            restoreAnchor(anchor)
        }
    }
}
