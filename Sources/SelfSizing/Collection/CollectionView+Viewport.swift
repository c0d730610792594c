import AutoLayout
import Foundation

/// A collection's viewport along its scroll axis: one stored property of ``CollectionView``.
struct CollectionViewportState {
    var viewport = ListViewport()
}

extension CollectionView {
    // MARK: - Viewport

    /// The viewport with the collection's bounds: its length along the scroll axis (the height
    /// when scrolling vertically, the width when horizontally); collections have no insets.
    var viewport: ListViewport {
        var vp = viewportState.viewport
        vp.height = Double(layout.scrollDirection == .vertical ? height : width)
        return vp
    }

    /// Along the scroll axis, the start and extent of a frame.
    private func span(_ frame: CGRect) -> (start: Double, extent: Double) {
        layout.scrollDirection == .vertical ? (Double(frame.minY), Double(frame.height)) : (Double(frame.minX), Double(frame.width))
    }

    private var contentLength: Double {
        Double(layout.scrollDirection == .vertical ? contentSize.height : contentSize.width)
    }

    /// UIKit's `contentOffset` along the scroll axis (y when scrolling vertically, x when
    /// horizontally), clamped to `[0, content length - bounds length]`; setting it measures
    /// nothing (call ``layoutViewport()`` or use ``scroll(to:)``).
    public var contentOffset: CGFloat {
        get { CGFloat(viewportState.viewport.offset) }
        set { viewportState.viewport.offset = viewport.clamped(Double(newValue), contentHeight: contentLength) }
    }

    /// How far before and after the bounds items are measured as they come near; the bounds'
    /// length unless set. Negative values count as 0.
    public var overscan: CGFloat {
        get { CGFloat(viewport.effectiveOverscan) }
        set { viewportState.viewport.overscan = newValue.isFinite ? max(Double(newValue), 0) : nil }
    }

    /// What stays still on screen when sizes change: `.top` (the default) holds the first visible
    /// item's leading edge, `.end` the end while there (else the last visible item's trailing
    /// edge), `.none` nothing (UIKit's jump). See ``ListAnchoring``.
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
    private func rect(from start: Double, to end: Double) -> CGRect {
        let cross = Double(crossLength)
        return layout.scrollDirection == .vertical
            ? CGRect(x: 0, y: start, width: cross, height: max(end - start, 0))
            : CGRect(x: start, y: 0, width: max(end - start, 0), height: cross)
    }

    // MARK: - Scrolling

    /// Lays the collection out and measures the items the bounds and the overscan band show,
    /// holding the anchor still (see ``anchoring``), then clamps the offset.
    public func layoutViewport() throws(CollectionViewError) {
        try layoutIfNeeded()
        try measureBand(holding: captureAnchor())
    }

    /// Scrolls to an offset (clamped) and measures what shows there, the item first on screen
    /// there held still.
    public func scroll(to offset: CGFloat) throws(CollectionViewError) {
        try layoutIfNeeded()
        contentOffset = offset
        try measureBand(holding: captureAnchor())
    }

    /// Scrolls by `delta` points (clamped), measuring the items that come near: the item that
    /// was first on screen moves by exactly the scroll (anchoring `.top`), whatever they measure.
    /// - Returns: the scroll applied.
    @discardableResult
    public func scroll(by delta: CGFloat) throws(CollectionViewError) -> CGFloat {
        try layoutIfNeeded()
        var anchor = captureAnchor(keepingEnd: false)
        let before = viewportState.viewport.offset
        contentOffset = CGFloat(before + (delta.isFinite ? Double(delta) : 0))
        let applied = viewportState.viewport.offset - before
        anchor?.screenY -= applied
        try measureBand(holding: anchor)
        return CGFloat(applied)
    }

    /// The anchor of the current layout, as ``anchoring`` says (the rule of ``ListAnchor``).
    private func captureAnchor(keepingEnd: Bool = true) -> ListAnchor? {
        let vp = viewport
        guard anchoring != .none, vp.height > 0 else { return nil }
        if anchoring == .end && keepingEnd && vp.isAtEnd(contentHeight: contentLength) {
            return ListAnchor(indexPath: IndexPath(item: 0, section: 0), edge: .end, screenY: 0)
        }
        let visible = indexPathsForVisibleItems
        let pick = anchoring == .end ? visible.last : visible.first
        guard let ip = pick, let frame = layoutAttributesForItem(at: ip)?.frame else { return nil }
        let (start, extent) = span(frame)
        return anchoring == .end
            ? ListAnchor(indexPath: ip, edge: .bottom, screenY: vp.screenY(start + extent))
            : ListAnchor(indexPath: ip, edge: .top, screenY: vp.screenY(start))
    }

    /// Puts an anchor back (one the layout no longer has keeps the offset), then clamps.
    private func restore(_ anchor: ListAnchor?) {
        var vp = viewport
        if let anchor {
            if anchor.edge == .end {
                vp.offset = vp.offsetRange(contentHeight: contentLength).upperBound
            } else if let frame = layoutAttributesForItem(at: anchor.indexPath)?.frame {
                let (start, extent) = span(frame)
                vp.offset = anchor.offset(rowTop: start, extent: extent, in: vp, contentHeight: contentLength)
            }
        }
        viewportState.viewport.offset = vp.clamped(vp.offset, contentHeight: contentLength)
    }

    /// Measures the items of the bounds and the overscan band (``layoutItems(in:)``), putting
    /// the anchor back after each pass, until a pass measures nothing new.
    private func measureBand(holding anchor: ListAnchor?) throws(CollectionViewError) {
        defer { restore(anchor) }
        while true {
            let vp = viewport
            let band = rect(from: vp.visibleTop - vp.effectiveOverscan, to: vp.visibleBottom + vp.effectiveOverscan)
            let pending = indexPathsForItems(in: band).filter { !isItemMeasured(at: $0) }
            if pending.isEmpty { return }
            try layoutItems(in: band)
            restore(anchor)
        }
    }
}
