import AutoLayout
import Foundation

extension CollectionView {
    // MARK: - Layout

    /// Brings the layout up to date after a reload, an update, or a change of size, category or
    /// layout parameters: counts, section metrics, item sizes (final ones, and estimates for
    /// self-sizing items not yet measured) and their arrangement.
    /// - Throws: ``CollectionViewError`` from the delegate's sizes.
    public func layoutIfNeeded() throws(CollectionViewError) {
        if needsLayout || sizeCache.context != context { try rebuild() }
    }

    /// Rebuilds every section from the data source, the delegate and the size cache.
    /// The first visible item keeps its on-screen position across it (``anchoring``): the one a
    /// batch update mapped, else the same index path.
    func rebuild() throws(CollectionViewError) {
        let anchor = anchorForRebuild()
        sizeCache.switchTo(context)
        let counts = itemCounts()
        hasLoadedData = true
        sizeCache.match(itemCounts: counts)
        let metrics = counts.indices.map(metrics(forSection:))
        sectionSizing = metrics.map { layout.itemSizing(metrics: $0, collectionSize: CGSize(width: width, height: height)) }
        var new: [SectionState] = []
        new.reserveCapacity(counts.count)
        for (s, n) in counts.enumerated() {
            var sizes = [CGSize](repeating: .zero, count: n)
            var measured = [Bool](repeating: true, count: n)
            for i in 0..<n {
                let ip = IndexPath(item: i, section: s)
                guard case let .selfSizing(_, estimate) = sectionSizing[s] else {
                    sizes[i] = try delegateSize(at: ip)
                    continue
                }
                if let cached = sizeCache.size(at: ip) {
                    sizes[i] = cached
                    continue
                }
                // Without a delegate the stand-in is the estimate (what its default would look up again).
                sizes[i] = delegate == nil ? sanitized(estimate) : try delegateSize(at: ip)
                measured[i] = false
            }
            let arrangement = arrange(sizes, metrics: metrics[s])
            new.append(SectionState(arrangement: arrangement, metrics: metrics[s], sizing: sectionSizing[s], isMeasured: measured))
        }
        sections = new
        sectionLengths = PrefixSums(sections.map { Double($0.arrangement.length) })
        needsLayout = false
        collectClampedItems()
        didRebuild(keeping: anchor)
    }

    func itemCounts() -> [Int] {
        guard let dataSource else { return [] }
        let n = max(dataSource.numberOfSections(in: self), 0)
        return (0..<n).map { max(dataSource.collectionView(self, numberOfItemsInSection: $0), 0) }
    }

    /// A section's parameters: the delegate's, else the layout's.
    private func metrics(forSection s: Int) -> SectionMetrics {
        guard let delegate else { return layout.defaultMetrics }
        let vertical = layout.scrollDirection == .vertical
        let header = delegate.collectionView(self, layout: layout, referenceSizeForHeaderInSection: s)
        let footer = delegate.collectionView(self, layout: layout, referenceSizeForFooterInSection: s)
        return SectionMetrics(inset: delegate.collectionView(self, layout: layout, insetForSectionAt: s),
                              lineSpacing: delegate.collectionView(self, layout: layout, minimumLineSpacingForSectionAt: s),
                              interitemSpacing: delegate.collectionView(self, layout: layout, minimumInteritemSpacingForSectionAt: s),
                              headerLength: max(vertical ? header.height : header.width, 0),
                              footerLength: max(vertical ? footer.height : footer.width, 0))
    }

    /// The delegate's size for an item, or the layout's; NaN, infinite and negative sizes are 0.
    private func delegateSize(at ip: IndexPath) throws(CollectionViewError) -> CGSize {
        guard let delegate else { return sanitized(layoutSize(forItemAt: ip)) }
        do { return sanitized(try delegate.collectionView(self, layout: layout, sizeForItemAt: ip)) } catch let error as CollectionViewError {
            throw error
        } catch {
            throw .configurationFailed(indexPath: ip, identifier: "", message: "\(error)")
        }
    }

    private func sanitized(_ size: CGSize) -> CGSize {
        func clean(_ x: CGFloat) -> CGFloat { x.isFinite && x > 0 ? x : 0 }
        return CGSize(width: clean(size.width), height: clean(size.height))
    }

    func collectClampedItems() {
        clampedItems = []
        for (s, section) in sections.enumerated() {
            for i in section.arrangement.clampedItems { clampedItems.append(IndexPath(item: i, section: s)) }
        }
    }

    // MARK: - Measuring self-sizing items

    /// Measures the self-sizing items that `rect` shows (with their estimates, then with their
    /// real sizes, until what it shows is measured), and re-flows their sections.
    /// - Returns: the items the rectangle shows.
    @discardableResult
    public func layoutItems(in rect: CGRect) throws(CollectionViewError) -> [IndexPath] {
        try layoutIfNeeded()
        guard dataSource != nil else { return [] }
        while true {
            let shown = indexPathsForItems(in: rect)
            let pending = shown.filter { !sections[$0[0]].isMeasured[$0[1]] }
            if pending.isEmpty { return shown }
            // Measured first, then each section arranged again once (one item re-flows from its
            // line), rather than re-flowed from each item's line in turn.
            try measure(pending)
        }
    }

    /// Arranges a section again with some of its items' sizes changed, and updates its length.
    /// With `updatingTotals` false the caller updates the section lengths and the clamped items.
    func rearrange(section s: Int, with changes: [(Int, CGSize)], updatingTotals: Bool = true) {
        var sizes = sizes(inSection: s)
        for (i, size) in changes { sizes[i] = size }
        sections[s].arrangement = arrange(sizes, metrics: sections[s].metrics)
        guard updatingTotals else { return }
        let length = Double(sections[s].arrangement.length)
        if sectionLengths.values[s] != length { sectionLengths[s] = length }
        collectClampedItems()
    }

    /// A section's items arranged by the layout at the collection's cross length.
    private func arrange(_ sizes: [CGSize], metrics: SectionMetrics) -> SectionArrangement {
        SectionArrangement(kind: layout.arrangementKind, sizes: sizes, metrics: metrics, crossLength: crossLength,
                           direction: layout.scrollDirection)
    }

    /// The sizes a section's items are arranged with now.
    private func sizes(inSection s: Int) -> [CGSize] {
        (0..<sections[s].arrangement.count).map(sections[s].arrangement.size(ofItem:))
    }

    /// Measures one self-sizing item (nothing for others) and re-flows its section from its line.
    /// - Complexity: the measuring, and O(items after it in its section) to re-flow.
    @discardableResult
    public func measureItem(at ip: IndexPath) throws(CollectionViewError) -> CGSize {
        try layoutIfNeeded()
        guard hasItem(ip) else { throw .invalidIndexPath(ip) }
        if let dataSource, !sections[ip[0]].isMeasured[ip[1]] { try measure(ip, dataSource) }
        return sections[ip[0]].arrangement.size(ofItem: ip[1])
    }

    private func measure(_ ip: IndexPath, _ dataSource: CollectionViewDataSource) throws(CollectionViewError) {
        let s = ip[0], i = ip[1]
        guard case let .selfSizing(mode, estimate) = sections[s].sizing else {
            sections[s].isMeasured[i] = true
            return
        }
        setMeasuredSizes([(ip, try selfSizedSize(at: ip, mode, estimate: estimate, dataSource))])
    }

    /// Re-flows an item's section with its new size and updates the section's length.
    func setSize(_ size: CGSize, ofItemAt ip: IndexPath) {
        let s = ip[0]
        let before = sections[s].arrangement.clampedItems.count
        sections[s].arrangement.setSize(size, ofItem: ip[1])
        let length = Double(sections[s].arrangement.length)
        if sectionLengths.values[s] != length { sectionLengths[s] = length }
        if sections[s].arrangement.clampedItems.count != before { collectClampedItems() }
    }

    /// Measures every self-sizing item not yet measured (on ``maximumConcurrency`` threads when
    /// the data source configures concurrently), reporting progress (items done, items in all).
    public func layoutAllItems(progress: ((Int, Int) -> Void)? = nil) throws(CollectionViewError) {
        try layoutIfNeeded()
        guard let dataSource else { return }
        var pending: [IndexPath] = []
        var total = 0
        for (s, section) in sections.enumerated() {
            total += section.isMeasured.count
            for (i, done) in section.isMeasured.enumerated() where !done { pending.append(IndexPath(item: i, section: s)) }
        }
        var done = total - pending.count
        // The sizes measured, entering the geometry at the end (or at an error) through the one
        // entry point, which arranges each touched section again once and anchors.
        var results: [(IndexPath, CGSize)] = []
        results.reserveCapacity(pending.count)
        defer { setMeasuredSizes(results) }
        if dataSource.configuresConcurrently && maximumConcurrency > 1 {
            let sizing = sections.map(\.sizing)
            let source = ItemSource(collection: self, dataSource: dataSource)
            try sizer.measureConcurrently(pending, threads: maximumConcurrency, measure: { (worker, ip) throws(CollectionViewError) in
                try Self.measureItem(ip, sizing[ip[0]], source, worker)
            }, chunkDone: { chunk, measured in
                for (k, ip) in chunk.enumerated() {
                    guard let size = measured(k) else { continue }
                    sizeCache.setSize(size, at: ip)
                    results.append((ip, size))
                }
                sizer.statistics.cacheMisses += chunk.count
                done += chunk.count
                progress?(done, total)
            })
        } else {
            for ip in pending {
                if case let .selfSizing(mode, estimate) = sections[ip[0]].sizing {
                    results.append((ip, try selfSizedSize(at: ip, mode, estimate: estimate, dataSource)))
                } else {
                    results.append((ip, sections[ip[0]].arrangement.size(ofItem: ip[1])))
                }
                done += 1
                if done & 1023 == 0 { progress?(done, total) }
            }
        }
        progress?(done, total)
    }

    /// One self-sizing item on a worker thread, with the worker's template.
    private static func measureItem(_ ip: IndexPath, _ sizing: ItemSizing, _ source: ItemSource,
                                    _ worker: TemplateCells<ListCell>.Worker) throws(CollectionViewError) -> CGSize {
        guard case let .selfSizing(mode, estimate) = sizing else { return .zero }
        let id = source.dataSource.collectionView(source.collection, cellIdentifierForItemAt: ip)
        let cell: ListCell
        do { cell = try worker.template(for: id) } catch { throw CollectionViewError(error, indexPath: ip) }
        try configure(cell, identifier: id, item: ip, from: source.dataSource, of: source.collection)
        return preferredSize(of: cell, estimate: estimate, mode: mode) ?? worker.fit(cell, mode, identifier: id)
    }
}

/// What the workers of ``CollectionView/layoutAllItems(progress:)`` read: the collection is not
/// used from other threads meanwhile (the data source promised as much).
private struct ItemSource: @unchecked Sendable {
    let collection: CollectionView
    let dataSource: CollectionViewDataSource
}
