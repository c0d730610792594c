import AutoLayout
import Foundation

/// A table's viewport, its anchoring, and the running means of measured heights: one stored
/// property of ``TableView``, changed only on the table's thread.
struct TableViewportState: ListAnchorHolding {
    var viewport = ListViewport()
    /// Whether the offset was set (by the user or a layout): until then it is the top,
    /// `-contentInset.top`, whatever the insets are set to meanwhile.
    var hasOffset = false
    /// Measured heights by reuse identifier, for ``TableView/automaticDimension`` estimates.
    var means: [String: (sum: Double, count: Int)] = [:]
    /// Measured rows of each identifier when unmeasured rows were last estimated again: they are
    /// again when the count doubles, so that estimating costs O(n log n) over a table's life.
    var meansApplied: [String: Int] = [:]
    /// The anchor a batch update mapped to the rows after it, for the rebuild that follows.
    var pendingAnchor: ListAnchor?
    var hasPendingAnchor = false
    /// The anchor held from a rebuild or the start of a scroll until the viewport's rows are
    /// measured: the row that was first on screen, whatever its estimate makes of it meanwhile
    /// (an estimate shorter than the row was would otherwise hand the anchor to the next row).
    var heldAnchor: ListAnchor?
    /// Sections whose sums took point updates (to be rebuilt exactly after a bulk measure).
    var pointUpdatedSections = Set<Int>()
}

extension TableView {
    // MARK: - The one entry point for measured heights

    /// Sets measured heights of rows (their separators included), marks them measured, and
    /// anchors: the content offset is corrected in the same step so that the anchored row keeps
    /// its on-screen position (``anchoring``). Every change of a measured height in the geometry
    /// goes through here (``measureRow(at:)``, ``layoutAllRows(progress:)``, the viewport,
    /// results measured elsewhere, such as in the background).
    ///
    /// Index paths the geometry does not have are ignored (results for an older arrangement must
    /// be dropped by the caller, who knows its data version). Heights that are not finite or are
    /// negative are taken as 0, as measuring gives them.
    /// - Complexity: O(k log n) for k heights in sections of n rows, or O(n) for a section when
    ///   more than an eighth of its rows change at once; O(n) more when a running mean of
    ///   estimates has doubled its sample (see ``automaticDimension``).
    func setMeasuredHeights(_ updates: [(IndexPath, Double)]) {
        guard !updates.isEmpty else { return }
        let anchor = viewportState.heldAnchor ?? captureAnchor()
        var perSection: [Int: Int] = [:]
        for (ip, _) in updates where hasRow(ip) { perSection[ip.section, default: 0] += 1 }
        let bulk = Set(perSection.filter { $0.value * 8 > sections[$0.key].rows.count }.keys)
        let tracksMeans = tracksRunningMeans
        for (ip, value) in updates where hasRow(ip) {
            let h = value.isFinite && value > 0 ? value : 0
            let s = ip.section, r = ip.row
            if tracksMeans, let id = dataSource?.tableView(self, cellIdentifierForRowAt: ip) {
                var m = viewportState.means[id] ?? (0, 0)
                if sections[s].isMeasured[r] { m.sum -= sections[s].rows[r] } else { m.count += 1 }
                m.sum += h
                viewportState.means[id] = m
            }
            sections[s].isMeasured[r] = true
            if bulk.contains(s) {
                sections[s].rows.setWithoutSums(r, h)
            } else {
                sections[s].rows[r] = h
                viewportState.pointUpdatedSections.insert(s)
            }
        }
        for s in bulk { sections[s].rows = PrefixSums(sections[s].rows.values) }
        for s in perSection.keys { sectionTotals[s] = sections[s].total }
        if tracksMeans { estimateAgainIfMeansGrew() }
        restore(anchor)
    }

    /// Rebuilds exactly the sums that took point updates, and the section totals (the heights
    /// stay as they are; the sums lose the rounding of many small updates, so that measuring in
    /// any order, in chunks of any size, ends with the same sums).
    func normalizeSums() {
        for s in viewportState.pointUpdatedSections where s < sections.count {
            sections[s].rows = PrefixSums(sections[s].rows.values)
        }
        viewportState.pointUpdatedSections.removeAll()
        sectionTotals = PrefixSums(sections.map(\.total))
    }

    // MARK: - Anchors

    /// The anchor of the current geometry, as ``anchoring`` says; nil for `.none` or no rows.
    /// - Complexity: O(log n).
    func captureAnchor(keepingEnd: Bool = true) -> ListAnchor? {
        guard !sections.isEmpty else { return nil }
        let vp = viewport
        switch anchoring {
        case .none:
            return nil
        case .top:
            guard let ip = firstRow(atOrAfter: CGFloat(vp.visibleTop)) else { return nil }
            return ListAnchor(indexPath: ip, edge: .top, screenY: vp.screenY(Double(rectForRow(at: ip).minY)))
        case .end:
            if keepingEnd && vp.isAtEnd(contentHeight: Double(contentSize.height)) {
                return ListAnchor(indexPath: IndexPath(row: 0, section: 0), edge: .end, screenY: 0)
            }
            guard let ip = lastRow(atOrBefore: vp.visibleBottom) ?? firstRow(atOrAfter: CGFloat(vp.visibleTop)) else { return nil }
            return ListAnchor(indexPath: ip, edge: .bottom, screenY: vp.screenY(Double(rectForRow(at: ip).maxY)))
        }
    }

    /// Puts an anchor back (a row the geometry no longer has keeps the offset), then clamps.
    func restore(_ anchor: ListAnchor?) {
        let height = Double(contentSize.height)
        var vp = viewport
        if let anchor, anchor.edge == .end || hasRow(anchor.indexPath) {
            let r = rectForRow(at: anchor.indexPath)
            vp.offset = anchor.offset(rowTop: Double(r.minY), extent: Double(r.height), in: vp, contentHeight: height)
        }
        viewportState.viewport.offset = vp.clamped(vp.offset, contentHeight: height)
        viewportState.hasOffset = true
    }

    /// The last row whose top is above `y` (rows of zero height at `y` excluded).
    private func lastRow(atOrBefore y: Double) -> IndexPath? {
        var s = min(sectionTotals.index(containing: max(y - sectionsTop, 0)), sections.count - 1)
        while s >= 0 {
            let n = sections[s].rows.count
            if n > 0 {
                let inSection = y - sectionsTop - sectionTotals.prefix(s) - sections[s].header
                if inSection > 0 {
                    let r = min(sections[s].rows.index(containing: inSection), n - 1)
                    // A row whose top is at y is below it.
                    if sections[s].rows.prefix(r) < inSection { return IndexPath(row: r, section: s) }
                    if r > 0 { return IndexPath(row: r - 1, section: s) }
                }
            }
            s -= 1
        }
        return nil
    }

    // MARK: - Rebuilds

    /// The anchor to keep across a rebuild: the one a batch update mapped, else the current one
    /// by index path (a width, category or separator change, a reload).
    func anchorForRebuild() -> ListAnchor? {
        if let mapped = viewportState.takePendingAnchor() { return mapped }
        return viewportState.heldAnchor ?? captureAnchor()
    }

    /// After a rebuild: the running means recounted from the measured rows, estimates made
    /// again from them, and the anchor put back.
    func didRebuild(keeping anchor: ListAnchor?) {
        viewportState.pointUpdatedSections.removeAll()
        if tracksRunningMeans {
            viewportState.means = [:]
            viewportState.meansApplied = [:]
            if let dataSource {
                for s in sections.indices {
                    for r in sections[s].isMeasured.indices where sections[s].isMeasured[r] {
                        let id = dataSource.tableView(self, cellIdentifierForRowAt: IndexPath(row: r, section: s))
                        var m = viewportState.means[id] ?? (0, 0)
                        m.sum += sections[s].rows[r]
                        m.count += 1
                        viewportState.means[id] = m
                    }
                }
            }
            estimateAgainIfMeansGrew()
        }
        restore(anchor)
        viewportState.heldAnchor = anchor
    }

    /// Maps the anchor through a batch update about to be applied (its rows as they will be):
    /// the first visible row that survives it (for `.end`, the last), reloaded rows counting as
    /// surviving in place, followed by `BatchUpdates.following(oldCounts:newCounts:)` (reloads
    /// left out, so that a reloaded row stays where it is; when reloaded sections change counts,
    /// the update as given).
    /// - Complexity: O(n).
    func anchorThrough(_ updates: BatchUpdates) {
        viewportState.hasPendingAnchor = true
        viewportState.pendingAnchor = nil
        guard anchoring != .none, !sections.isEmpty else { return }
        if anchoring == .end, viewport.isAtEnd(contentHeight: Double(contentSize.height)) {
            viewportState.pendingAnchor = ListAnchor(indexPath: IndexPath(row: 0, section: 0), edge: .end, screenY: 0)
            return
        }
        let visible = indexPathsForVisibleRows
        guard !visible.isEmpty else { return }
        guard let follow = updates.following(oldCounts: sections.map(\.rows.count), newCounts: rowCounts()) else { return }
        let vp = viewport
        for ip in anchoring == .end ? visible.reversed() : visible {
            guard let place = follow(ip) else { continue }
            let frame = rectForRow(at: ip)
            let edge: ListAnchor.Edge = anchoring == .end ? .bottom : .top
            let y = edge == .top ? frame.minY : frame.maxY
            viewportState.pendingAnchor = ListAnchor(indexPath: place, edge: edge, screenY: vp.screenY(Double(y)))
            return
        }
    }

    // MARK: - Running means

    /// Whether measured heights are counted by reuse identifier: when estimates may ask for
    /// running means (``estimatedRowHeight`` is ``automaticDimension``, or a delegate says).
    var tracksRunningMeans: Bool {
        dataSource != nil && (estimatedRowHeight == TableView.automaticDimension || delegate != nil)
    }

    /// A row's ``automaticDimension`` estimate: the mean measured height of its reuse
    /// identifier, else of all rows, else 44.
    func runningMeanEstimate(at ip: IndexPath) -> CGFloat {
        if let id = dataSource?.tableView(self, cellIdentifierForRowAt: ip), let m = viewportState.means[id], m.count > 0 {
            return CGFloat(m.sum / Double(m.count))
        }
        let all = viewportState.means.values.reduce((sum: 0.0, count: 0)) { ($0.sum + $1.sum, $0.count + $1.count) }
        return all.count > 0 ? CGFloat(all.sum / Double(all.count)) : 44
    }

    /// Estimates every unmeasured row again when some identifier's sample has doubled since the
    /// last time (first measured rows included), without anchoring (the caller anchors).
    private func estimateAgainIfMeansGrew() {
        let grew = viewportState.means.contains { id, m in m.count >= 2 * (viewportState.meansApplied[id] ?? 0) && m.count > 0 }
        guard grew else { return }
        for (id, m) in viewportState.means { viewportState.meansApplied[id] = m.count }
        for s in sections.indices {
            var changed = false
            for r in sections[s].isMeasured.indices where !sections[s].isMeasured[r] {
                let e = Double(estimatedHeight(at: IndexPath(row: r, section: s)))
                if e != sections[s].rows[r] {
                    sections[s].rows.setWithoutSums(r, e)
                    changed = true
                }
            }
            if changed {
                sections[s].rows = PrefixSums(sections[s].rows.values)
                sectionTotals[s] = sections[s].total
            }
        }
    }
}
