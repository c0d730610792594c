import AutoLayout
import Foundation

/// A collection's viewport along its scroll axis and the anchors it holds: one stored property of
/// ``CollectionView``, changed only on the collection's thread.
struct CollectionViewportState: ListAnchorHolding {
    var viewport = ListViewport()
    /// The anchor a batch update mapped to the items after it, for the rebuild that follows.
    var pendingAnchor: ListAnchor?
    var hasPendingAnchor = false
    /// The anchor held from a rebuild or the start of a scroll until the viewport's items are
    /// measured: the item that was first on screen, whatever its estimate makes of it meanwhile
    /// (an estimate shorter than the item was would otherwise hand the anchor to the next one).
    var heldAnchor: ListAnchor?
}

extension CollectionView {
    // MARK: - The one entry point for measured sizes

    /// Sets measured sizes of self-sizing items, marks them measured, and anchors: the content
    /// offset is corrected in the same step so that the anchored item keeps its on-screen
    /// position (``anchoring``). Every measured size enters the geometry here
    /// (``measureItem(at:)``, ``layoutItems(in:)``, ``layoutAllItems(progress:)``, the viewport),
    /// as ``TableView``'s heights enter through its one entry point.
    ///
    /// Rules: 1. Index paths the geometry does not have are ignored. 2. A section with one item
    /// changed re-flows from that item's line (``SectionArrangement/setSize(_:ofItem:)``); a
    /// section with more is arranged again once. 3. Items that are not self-sizing keep the
    /// size they have and are only marked measured.
    /// - Complexity: O(log n + items re-flowed) per single change, O(n) per section arranged again.
    func setMeasuredSizes(_ updates: [(IndexPath, CGSize)]) {
        guard !updates.isEmpty else { return }
        let anchor = viewportState.heldAnchor ?? captureAnchor()
        var perSection: [Int: [(Int, CGSize)]] = [:]
        for (ip, size) in updates where hasItem(ip) {
            let s = ip[0]
            sections[s].isMeasured[ip[1]] = true
            guard case .selfSizing = sections[s].sizing else { continue }
            perSection[s, default: []].append((ip[1], size))
        }
        var arranged: [Int] = []
        for (s, changes) in perSection {
            if changes.count == 1 {
                setSize(changes[0].1, ofItemAt: IndexPath(item: changes[0].0, section: s))
            } else {
                rearrange(section: s, with: changes, updatingTotals: false)
                arranged.append(s)
            }
        }
        if !arranged.isEmpty {
            // Many sections at once are summed afresh (as a rebuild sums them), few point by point.
            if arranged.count * 8 > sections.count {
                sectionLengths = PrefixSums(sections.map { Double($0.arrangement.length) })
            } else {
                for s in arranged {
                    let length = Double(sections[s].arrangement.length)
                    if sectionLengths.values[s] != length { sectionLengths[s] = length }
                }
            }
            collectClampedItems()
        }
        restoreAnchor(anchor)
    }

    // MARK: - Anchors

    /// Along the scroll axis, the start and extent of a frame.
    func span(_ frame: CGRect) -> (start: Double, extent: Double) {
        layout.scrollDirection == .vertical ? (Double(frame.minY), Double(frame.height)) : (Double(frame.minX), Double(frame.width))
    }

    /// The content's length along the scroll axis.
    var contentLength: Double {
        Double(layout.scrollDirection == .vertical ? contentSize.height : contentSize.width)
    }

    /// The anchor of the current layout, as ``anchoring`` says: for `.top` the start of the
    /// content while the bounds are there, else the first visible item's leading edge; for `.end`
    /// the end of the content while the bounds are there, else the last visible item's trailing
    /// edge; nil for `.none`, no bounds or no visible item. With `keepingEnd` false (a scroll by
    /// a distance) the start and the end are not held, the item is.
    ///
    /// Why the start: at the start nothing lies before the first line, so the table's rule (the
    /// first visible row cannot move there) holds the start; in a flow the first item may still
    /// move within its line as its line-mates are measured, and holding it would scroll the
    /// bounds away from the start.
    /// - Complexity: O(log n + k) for k visible items.
    func captureAnchor(keepingEnd: Bool = true) -> ListAnchor? {
        let vp = viewport
        guard anchoring != .none, vp.height > 0, !sections.isEmpty else { return nil }
        if anchoring == .end && keepingEnd && vp.isAtEnd(contentHeight: contentLength) { return endAnchor }
        if anchoring == .top && keepingEnd && vp.offset <= vp.offsetRange(contentHeight: contentLength).lowerBound + ListViewport.tolerance {
            return startAnchor
        }
        let visible = indexPathsForVisibleItems
        guard let ip = anchoring == .end ? visible.last : visible.first,
              let frame = layoutAttributesForItem(at: ip)?.frame else { return nil }
        let (start, extent) = span(frame)
        return anchoring == .end
            ? ListAnchor(indexPath: ip, edge: .bottom, screenY: vp.screenY(start + extent))
            : ListAnchor(indexPath: ip, edge: .top, screenY: vp.screenY(start))
    }

    /// The anchor that keeps the bounds at the end of the content (any anchoring but `.none`).
    var endAnchor: ListAnchor? {
        anchoring == .none ? nil : ListAnchor(indexPath: IndexPath(item: 0, section: 0), edge: .end, screenY: 0)
    }

    /// The anchor that keeps the bounds at the start of the content (any anchoring but `.none`).
    var startAnchor: ListAnchor? {
        anchoring == .none ? nil : ListAnchor(indexPath: IndexPath(item: 0, section: 0), edge: .start, screenY: 0)
    }

    /// Puts an anchor back (an item the layout no longer has keeps the offset), then clamps.
    func restoreAnchor(_ anchor: ListAnchor?) {
        let length = contentLength
        var vp = viewport
        if let anchor {
            if anchor.edge == .end || anchor.edge == .start {
                vp.offset = anchor.offset(rowTop: 0, extent: 0, in: vp, contentHeight: length)
            } else if let frame = layoutAttributesForItem(at: anchor.indexPath)?.frame {
                let (start, extent) = span(frame)
                vp.offset = anchor.offset(rowTop: start, extent: extent, in: vp, contentHeight: length)
            }
        }
        viewportState.viewport.offset = vp.clamped(vp.offset, contentHeight: length)
    }

    // MARK: - Rebuilds

    /// The anchor to keep across a rebuild: the one a batch update mapped, else the one held,
    /// else the current one by index path (a width, category or layout change, a reload).
    func anchorForRebuild() -> ListAnchor? {
        if let mapped = viewportState.takePendingAnchor() { return mapped }
        return viewportState.heldAnchor ?? captureAnchor()
    }

    /// After a rebuild: the anchor put back and held until the viewport is measured (the items
    /// on screen may stand in with estimates in the new context).
    func didRebuild(keeping anchor: ListAnchor?) {
        restoreAnchor(anchor)
        viewportState.heldAnchor = anchor
    }

    /// Maps the anchor through a batch update about to be applied (its items as they will be):
    /// the first visible item that survives it (for `.end`, the last; at the end, the end),
    /// reloaded items counting as surviving in place, followed by `BatchUpdates.following(oldCounts:newCounts:)`
    /// (the table's rule).
    /// - Complexity: O(n).
    /// - Parameter oldCounts: the item counts before the update; a layout that does not have
    ///   them (a reload not yet laid out) gives no anchor.
    func anchorThrough(_ updates: BatchUpdates, oldCounts: [Int]) {
        viewportState.hasPendingAnchor = true
        viewportState.pendingAnchor = nil
        guard anchoring != .none, !sections.isEmpty, sections.map(\.arrangement.count) == oldCounts else { return }
        if anchoring == .end, viewport.isAtEnd(contentHeight: contentLength) {
            viewportState.pendingAnchor = endAnchor
            return
        }
        let visible = indexPathsForVisibleItems
        guard !visible.isEmpty else { return }
        guard let follow = updates.following(oldCounts: oldCounts, newCounts: itemCounts()) else { return }
        let vp = viewport
        for ip in anchoring == .end ? visible.reversed() : visible {
            guard let place = follow(ip), let frame = layoutAttributesForItem(at: ip)?.frame else { continue }
            let (start, extent) = span(frame)
            viewportState.pendingAnchor = anchoring == .end
                ? ListAnchor(indexPath: place, edge: .bottom, screenY: vp.screenY(start + extent))
                : ListAnchor(indexPath: place, edge: .top, screenY: vp.screenY(start))
            return
        }
    }
}
