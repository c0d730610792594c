import AutoLayout
import Foundation

extension CollectionView {
    // MARK: - Scrolling to an item

    /// Scrolls so that an item shows at a position of the bounds along the scroll axis, UIKit's
    /// `scrollToItem(at:at:animated:)`, and lands there exactly whatever the estimates.
    ///
    /// Positions (``ScrollPosition`` mapped to the scroll axis): scrolling vertically, `.top`,
    /// `.middle` and `.bottom` are UIKit's `top`, `centeredVertically` and `bottom`; scrolling
    /// horizontally they are `left`, `centeredHorizontally` and `right`. `.none` scrolls the
    /// least that shows the item whole (none when it already shows whole).
    ///
    /// Rules: 1. The item and the items within one bounds' length before and after it are
    /// measured first (again until none is left there, as measuring moves the item). 2. The
    /// offset that puts the item at the position is set, clamped to ``contentOffsetRange`` as
    /// UIKit clamps it. 3. The bounds and the overscan band are measured with the item held
    /// still. Rule 1 makes the content exact wherever rule 2 clamps, so the item lands where it
    /// would with every size known. With anchoring `.none` the offset comes from the estimates
    /// (rule 2 only, then 3 without holding), as UIKit's does, and the item lands where the
    /// measuring leaves it.
    /// - Throws: ``ListError/invalidIndexPath(_:)`` for an item the collection does not have, and
    ///   errors of items that cannot be measured.
    public func scrollToItem(at indexPath: IndexPath, at position: ScrollPosition) throws(CollectionViewError) {
        try layoutIfNeeded()
        guard hasItem(indexPath) else { throw .invalidIndexPath(indexPath) }
        if anchoring != .none { try measureAround(indexPath) }
        guard let frame = layoutAttributesForItem(at: indexPath)?.frame else { throw .invalidIndexPath(indexPath) }
        let (start, extent) = span(frame)
        contentOffset = CGFloat(viewport.offset(showing: start, extent: extent, at: position))
        let anchor = anchoring == .none ? nil : ListAnchor(indexPath: indexPath, edge: .top, screenY: viewport.screenY(start))
        try measureBand(holding: anchor)
    }

    /// Measures an item and the items within a bounds' length before and after it, again until
    /// none there is left unmeasured (measuring moves the item and brings others near).
    private func measureAround(_ target: IndexPath) throws(CollectionViewError) {
        // Without a data source nothing can be measured (and nothing would ever be left).
        guard dataSource != nil else { return }
        let reach = max(viewport.height, 1)
        while let frame = layoutAttributesForItem(at: target)?.frame {
            let (start, extent) = span(frame)
            let around = rect(from: start - reach, to: start + extent + reach)
            // The item itself, whatever its estimate's extent (0 would meet no rectangle).
            var pending = isItemMeasured(at: target) ? [] : [target]
            pending += indexPathsForItems(in: around).filter { $0 != target && !isItemMeasured(at: $0) }
            if pending.isEmpty { return }
            try measure(pending)
        }
    }

    /// Measures some items (self-sizing ones; the others are only marked measured) and sets their
    /// sizes through ``setMeasuredSizes(_:)``; nothing without a data source.
    func measure(_ items: [IndexPath]) throws(CollectionViewError) {
        guard let dataSource else { return }
        var sizes: [(IndexPath, CGSize)] = []
        for ip in items {
            guard case let .selfSizing(mode, estimate) = sections[ip[0]].sizing else {
                sizes.append((ip, sections[ip[0]].arrangement.size(ofItem: ip[1])))
                continue
            }
            sizes.append((ip, try selfSizedSize(at: ip, mode, estimate: estimate, dataSource)))
        }
        setMeasuredSizes(sizes)
    }
}
