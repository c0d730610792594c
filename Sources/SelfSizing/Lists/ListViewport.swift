import Foundation

/// A scrolling list's viewport and the anchoring rule, shared by tables and collections.
///
/// Coordinates: a list's frames (`rectForRow(at:)`) measure y from the top of the top content
/// inset, so that `contentSize` holds both insets; ``offset`` is UIKit's `contentOffset.y`,
/// which measures from the top of the content below the inset. The bounds thus cover
/// `[offset + insetTop, offset + insetTop + height]` in frame coordinates, and a frame's y shows
/// on screen at `y - insetTop - offset`.
///
/// Invariant (kept by the lists): ``offset`` lies in ``offsetRange(contentHeight:)``, UIKit's
/// `[-contentInset.top, contentSize.height - bounds.height + contentInset.bottom]` (with UIKit's
/// content size, which has no insets), or is its lower end when the content is shorter than the
/// bounds.
package struct ListViewport: Sendable {
    /// UIKit's `contentOffset.y`.
    package var offset: Double = 0
    /// The bounds' height.
    package var height: Double = 0
    /// How far above and below the bounds rows are measured as they come near.
    package var overscan: Double?
    package var anchoring = ListAnchoring.top
    package var insetTop: Double = 0
    package var insetBottom: Double = 0

    package init() {}

    /// The band measured around the bounds: one bounds' height each way unless set.
    package var effectiveOverscan: Double { overscan ?? height }

    /// The top of the bounds in frame coordinates.
    package var visibleTop: Double { offset + insetTop }
    /// The bottom of the bounds in frame coordinates.
    package var visibleBottom: Double { offset + insetTop + height }

    /// UIKit's range of content offsets for content of `contentHeight` (insets included).
    package func offsetRange(contentHeight: Double) -> ClosedRange<Double> {
        let lower = -insetTop
        return lower...max(lower, contentHeight - insetTop - height)
    }

    /// `y` clamped to ``offsetRange(contentHeight:)``; NaN is the lower end.
    package func clamped(_ y: Double, contentHeight: Double) -> Double {
        let range = offsetRange(contentHeight: contentHeight)
        guard !y.isNaN else { return range.lowerBound }
        return min(max(y, range.lowerBound), range.upperBound)
    }

    /// Where a frame's y shows on screen, from the bounds' top.
    package func screenY(_ y: Double) -> Double { y - visibleTop }

    /// Whether the bounds are at the end of the content (within the anchoring tolerance).
    package func isAtEnd(contentHeight: Double) -> Bool {
        offset >= offsetRange(contentHeight: contentHeight).upperBound - ListViewport.tolerance
    }

    /// The tolerance anchoring promises: far below a pixel.
    package static let tolerance = 1e-6

    /// The offset (unclamped) that shows a frame spanning `[top, top + extent]` at `position` in
    /// the visible area (the bounds less the insets), following UIKit's `scrollToRow(at:at:)`.
    ///
    /// Rules: 1. `.top` puts the frame's top at the visible area's top. 2. `.bottom` puts its
    /// bottom at the visible area's bottom. 3. `.middle` puts its middle at the visible area's
    /// middle. 4. `.none` keeps the offset when the frame shows whole, else scrolls the least:
    /// rule 1 when the frame is above the visible area (or taller than it), rule 2 when below.
    package func offset(showing top: Double, extent: Double, at position: ScrollPosition) -> Double {
        // In frame coordinates the visible area starts at offset + 2 insetTop (the bounds start
        // at offset + insetTop, the area below the top inset).
        let area = max(height - insetTop - insetBottom, 0)
        let toTop = top - 2 * insetTop
        let toBottom = top + extent - area - 2 * insetTop
        switch position {
        case .top: return toTop
        case .bottom: return toBottom
        case .middle: return top + extent / 2 - area / 2 - 2 * insetTop
        case .none:
            let areaTop = offset + 2 * insetTop
            if top < areaTop || extent > area { return toTop }
            if top + extent > areaTop + area { return toBottom }
            return offset
        }
    }
}

/// What anchoring holds still across a change: a row's edge at a position on screen, or the end
/// of the content.
package struct ListAnchor: Sendable {
    package enum Edge: Sendable {
        /// The row's top stays at ``screenY`` (anchoring `.top`).
        case top
        /// The row's bottom stays at ``screenY`` (anchoring `.end`, away from the end).
        case bottom
        /// The bounds stay at the end of the content (anchoring `.end` at the end); no row.
        case end
        /// The bounds stay at the start of the content; no row. Collections hold it while at the
        /// start, where the first line cannot move but its items may within it.
        case start
    }

    package var indexPath: IndexPath
    package var edge: Edge
    /// The anchored edge's on-screen y (from the bounds' top) when the anchor was taken.
    package var screenY: Double

    package init(indexPath: IndexPath, edge: Edge, screenY: Double) {
        self.indexPath = indexPath
        self.edge = edge
        self.screenY = screenY
    }

    /// The offset that puts the anchor back, given the anchored row's frame now, before clamping.
    /// - Parameters:
    ///   - top: the row's top now; `extent` its height.
    ///   - viewport: the viewport (its insets and, for `.end`, the range).
    ///   - contentHeight: the content's height now.
    package func offset(rowTop top: Double, extent: Double, in viewport: ListViewport, contentHeight: Double) -> Double {
        switch edge {
        case .top: return top - viewport.insetTop - screenY
        case .bottom: return top + extent - viewport.insetTop - screenY
        case .end: return viewport.offsetRange(contentHeight: contentHeight).upperBound
        case .start: return viewport.offsetRange(contentHeight: contentHeight).lowerBound
        }
    }
}

/// The anchors a list's viewport state holds across rebuilds (a table's and a collection's).
protocol ListAnchorHolding {
    /// The anchor a batch update mapped to the items after it, for the rebuild that follows.
    var pendingAnchor: ListAnchor? { get set }
    /// Whether ``pendingAnchor`` was set, even to nil (no item survived the update).
    var hasPendingAnchor: Bool { get set }
    /// The anchor held from a rebuild or the start of a scroll until the viewport is measured.
    var heldAnchor: ListAnchor? { get set }
}

extension ListAnchorHolding {
    /// The anchor a batch update mapped, taken so that it serves one rebuild: `.some` (nil when
    /// no item survived the update) when one was mapped, `nil` when none was.
    mutating func takePendingAnchor() -> ListAnchor?? {
        guard hasPendingAnchor else { return nil }
        hasPendingAnchor = false
        defer { pendingAnchor = nil }
        return .some(pendingAnchor)
    }
}
