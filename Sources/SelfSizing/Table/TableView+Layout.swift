import AutoLayout
import Foundation

/// One section's vertical layout: header, rows, footer.
struct SectionGeometry {
    var header: Double
    var footer: Double
    /// Each row's height: measured, or its estimate until it is.
    var rows: PrefixSums
    var isMeasured: [Bool]

    var total: Double { header + rows.total + footer }

    /// Measured heights, NaN where a row has only an estimate.
    var measuredHeights: [Double] {
        zip(rows.values, isMeasured).map { $1 ? $0 : .nan }
    }
}

extension TableView {
    // MARK: - Layout

    /// Brings the layout up to date after a reload, an update, or a change of width, category or
    /// separator: section counts, header and footer heights, and row heights (cached heights of
    /// this context, estimates for the rest; with ``estimatedRowHeight`` 0, every row measured).
    /// - Throws: ``TableViewError`` from a header, footer or row that cannot be measured.
    public func layoutIfNeeded() throws(TableViewError) {
        if needsReload {
            heightCache.switchTo(context)
            try rebuild(measured: nil)
        } else if needsSectionLayout {
            try rebuild(measured: sections.map(\.measuredHeights))
        }
    }

    /// Rebuilds the sections from the data source, keeping `measured` heights where given (same
    /// counts) and otherwise taking cached heights and estimates.
    func rebuild(measured: [[Double]]?) throws(TableViewError) {
        let anchor = anchorForRebuild()
        let counts = rowCounts()
        hasLoadedData = true
        heightCache.match(itemCounts: counts)
        var new: [SectionGeometry] = []
        new.reserveCapacity(counts.count)
        for (s, n) in counts.enumerated() {
            var values = [Double](repeating: 0, count: n)
            var known = [Bool](repeating: false, count: n)
            let carried = measured.flatMap { s < $0.count && $0[s].count == n ? $0[s] : nil }
            for r in 0..<n {
                let ip = IndexPath(row: r, section: s)
                if let h = carried?[r], !h.isNaN {
                    values[r] = h
                    known[r] = true
                } else if let h = heightCache.height(at: ip) {
                    values[r] = Double(h)
                    known[r] = true
                } else {
                    values[r] = Double(estimatedHeight(at: ip))
                }
            }
            new.append(SectionGeometry(header: 0, footer: 0, rows: PrefixSums(values), isMeasured: known))
        }
        sections = new
        for s in sections.indices {
            sections[s].header = Double(try headerHeight(s))
            sections[s].footer = Double(try footerHeight(s))
        }
        sectionTotals = PrefixSums(sections.map(\.total))
        needsReload = false
        needsSectionLayout = false
        didRebuild(keeping: anchor)
        if estimatedRowHeight == 0 { try measureAll(progress: nil) }
    }

    func rowCounts() -> [Int] {
        guard let dataSource else { return [] }
        let n = max(dataSource.numberOfSections(in: self), 0)
        return (0..<n).map { max(dataSource.tableView(self, numberOfRowsInSection: $0), 0) }
    }

    func estimatedHeight(at ip: IndexPath) -> CGFloat {
        let e = delegate?.tableView(self, estimatedHeightForRowAt: ip) ?? estimatedRowHeight
        if e == TableView.automaticDimension { return runningMeanEstimate(at: ip) }
        return e.isFinite && e > 0 ? e : 44
    }

    private func headerHeight(_ s: Int) throws(TableViewError) -> CGFloat {
        if let delegate { return try sanitized(wrapping(nil) { try delegate.tableView(self, heightForHeaderInSection: s) }) }
        if let dataSource, let id = dataSource.tableView(self, headerIdentifierForSection: s) {
            return try height(forHeaderFooterViewWithIdentifier: id) { view in
                try dataSource.tableView(self, configureHeader: view, forSection: s)
            }
        }
        return sectionHeaderHeight
    }

    private func footerHeight(_ s: Int) throws(TableViewError) -> CGFloat {
        guard let delegate else { return sectionFooterHeight }
        return try sanitized(wrapping(nil) { try delegate.tableView(self, heightForFooterInSection: s) })
    }

    private func sanitized(_ h: CGFloat) -> CGFloat { h.isFinite && h > 0 ? h : 0 }

    /// Runs a delegate call, turning its errors into ``TableViewError``.
    private func wrapping(_ ip: IndexPath?, _ body: () throws -> CGFloat) throws(TableViewError) -> CGFloat {
        do { return try body() } catch let e as TableViewError { throw e } catch {
            throw .configurationFailed(indexPath: ip, identifier: "", message: "\(error)")
        }
    }

    /// A row's height from the delegate, or as a self-sizing cell; 0 for nonsense.
    func rowHeight(at ip: IndexPath) throws(TableViewError) -> Double {
        try rowHeight(at: ip, delegate: delegate, dataSource: dataSource)
    }

    /// A row's height with the delegate and data source loaded once for many rows.
    /// (Tested against nil and unwrapped in place: binding them would count a reference to each
    /// for every row, and the weakly held data source counts them the slow way.)
    private func rowHeight(at ip: IndexPath, delegate: TableViewDelegate?, dataSource: TableViewDataSource?) throws(TableViewError) -> Double {
        if delegate != nil {
            return Double(sanitized(try wrapping(ip) { try delegate.unsafelyUnwrapped.tableView(self, heightForRowAt: ip) }))
        }
        guard dataSource != nil else { return Double(sanitized(estimatedRowHeight)) }
        return Double(sanitized(try automaticHeight(forRowAt: ip, dataSource.unsafelyUnwrapped)))
    }

    /// Measures one row (through the delegate, or as a self-sizing cell) and updates the
    /// geometry.
    /// - Complexity: O(log n) beyond the measuring.
    @discardableResult
    public func measureRow(at ip: IndexPath) throws(TableViewError) -> CGFloat {
        try layoutIfNeeded()
        guard hasRow(ip) else { throw .invalidIndexPath(ip) }
        let height = try rowHeight(at: ip)
        setMeasuredHeights([(ip, height)])
        return CGFloat(height)
    }

    /// Measures every row not yet measured, reporting progress (rows done, rows in all) now and
    /// then.
    public func layoutAllRows(progress: ((Int, Int) -> Void)? = nil) throws(TableViewError) {
        try layoutIfNeeded()
        try measureAll(progress: progress)
    }

    private func measureAll(progress: ((Int, Int) -> Void)?) throws(TableViewError) {
        if delegate == nil, let dataSource, dataSource.configuresConcurrently, maximumConcurrency > 1 {
            return try measureAllConcurrently(dataSource, progress: progress)
        }
        let total = sections.reduce(0) { $0 + $1.rows.count }
        var done = 0
        let delegate = delegate, dataSource = dataSource
        // Heights go to the geometry in chunks, through the one entry point that anchors.
        var chunk: [(IndexPath, Double)] = []
        chunk.reserveCapacity(TableView.concurrentChunk)
        defer { normalizeSums() }
        for s in sections.indices {
            for r in sections[s].isMeasured.indices {
                if !sections[s].isMeasured[r] {
                    let ip = IndexPath(row: r, section: s)
                    chunk.append((ip, try rowHeight(at: ip, delegate: delegate, dataSource: dataSource)))
                    if chunk.count == TableView.concurrentChunk {
                        setMeasuredHeights(chunk)
                        chunk.removeAll(keepingCapacity: true)
                    }
                }
                done += 1
                if done & 1023 == 0 { progress?(done, total) }
            }
            setMeasuredHeights(chunk)
            chunk.removeAll(keepingCapacity: true)
        }
        progress?(done, total)
    }

    // MARK: - Geometry (as of the last layout)

    public var numberOfSections: Int { sections.count }

    /// The rows of a section as of the last layout; 0 for a section the table does not have.
    public func numberOfRows(inSection section: Int) -> Int {
        section >= 0 && section < sections.count ? sections[section].rows.count : 0
    }

    /// Whether the last layout has a row at the index path.
    public func hasRow(_ ip: IndexPath) -> Bool {
        ip.count == 2 && ip.row >= 0 && ip.row < numberOfRows(inSection: ip.section)
    }

    /// The heights of a section's rows: measured, or estimated where not yet measured.
    public func rowHeights(inSection section: Int) -> [CGFloat] {
        numberOfRows(inSection: section) > 0 ? sections[section].rows.values.map { CGFloat($0) } : []
    }

    /// Whether a row has been measured (rather than standing in with its estimate).
    public func isRowMeasured(at ip: IndexPath) -> Bool { hasRow(ip) && sections[ip.section].isMeasured[ip.row] }

    /// The height of everything: insets, table header and footer, sections.
    public var contentSize: CGSize {
        CGSize(width: width, height: contentInset.top + tableHeaderHeight + CGFloat(sectionTotals.total)
               + tableFooterHeight + contentInset.bottom)
    }

    var sectionsTop: Double { Double(contentInset.top + tableHeaderHeight) }

    /// The top of a section (its header's top).
    /// - Complexity: O(log n).
    public func rectForSection(_ section: Int) -> CGRect {
        guard section >= 0 && section < sections.count else { return .zero }
        let y = sectionsTop + sectionTotals.prefix(section)
        return CGRect(x: 0, y: y, width: Double(width), height: sections[section].total)
    }

    public func rectForHeader(inSection section: Int) -> CGRect {
        guard section >= 0 && section < sections.count else { return .zero }
        let r = rectForSection(section)
        return CGRect(x: 0, y: r.minY, width: r.width, height: CGFloat(sections[section].header))
    }

    public func rectForFooter(inSection section: Int) -> CGRect {
        guard section >= 0 && section < sections.count else { return .zero }
        let r = rectForSection(section)
        let f = CGFloat(sections[section].footer)
        return CGRect(x: 0, y: r.maxY - f, width: r.width, height: f)
    }

    /// A row's frame in the table (inset-grouped rows are inset by the margins).
    /// - Complexity: O(log n).
    /// - Returns: `.zero` for an index path the table does not have.
    public func rectForRow(at ip: IndexPath) -> CGRect {
        guard hasRow(ip) else { return .zero }
        let sectionGeometry = sections[ip.section]
        let y = sectionsTop + sectionTotals.prefix(ip.section) + sectionGeometry.header + sectionGeometry.rows.prefix(ip.row)
        var x: CGFloat = 0
        var w = width - sectionIndexWidth
        if style == .insetGrouped {
            let m = effectiveLayoutMargins
            x = m.leading
            w -= m.leading + m.trailing
        }
        return CGRect(x: Double(x), y: y, width: Double(max(w, 0)), height: sectionGeometry.rows[ip.row])
    }

    /// The row at a point's height, or nil over a header, a footer, an inset or past the end.
    /// - Complexity: O(log n).
    public func indexPathForRow(at y: CGFloat) -> IndexPath? {
        let offset = Double(y) - sectionsTop
        guard offset >= 0 else { return nil }
        let s = sectionTotals.index(containing: offset)
        guard s < sections.count else { return nil }
        let inSection = offset - sectionTotals.prefix(s) - sections[s].header
        guard inSection >= 0 else { return nil }
        let r = sections[s].rows.index(containing: inSection)
        return r < sections[s].rows.count ? IndexPath(row: r, section: s) : nil
    }

    /// The rows that a vertical span shows, with the heights they have now.
    /// - Complexity: O(log n + k) for k rows.
    public func indexPathsForRows(in span: ClosedRange<CGFloat>) -> [IndexPath] {
        var result: [IndexPath] = []
        guard var ip = firstRow(atOrAfter: span.lowerBound) else { return result }
        while rectForRow(at: ip).minY <= Double(span.upperBound) {
            result.append(ip)
            guard let next = row(after: ip) else { break }
            ip = next
        }
        return result
    }

    /// Measures the rows a viewport shows (as UIKit does while scrolling: rows above keep their
    /// estimates), and returns them.
    public func layoutRows(in span: ClosedRange<CGFloat>) throws(TableViewError) -> [IndexPath] {
        try layoutIfNeeded()
        var result: [IndexPath] = []
        guard var ip = firstRow(atOrAfter: span.lowerBound) else { return result }
        // A row's top does not depend on its own height: rows are measured once they are known
        // to show.
        while rectForRow(at: ip).minY <= Double(span.upperBound) {
            if !sections[ip.section].isMeasured[ip.row] { try measureRow(at: ip) }
            result.append(ip)
            guard let next = row(after: ip) else { break }
            ip = next
        }
        return result
    }

    func firstRow(atOrAfter y: CGFloat) -> IndexPath? {
        if let ip = indexPathForRow(at: max(y, CGFloat(sectionsTop))) { return ip }
        // Over a header or footer: the next row down.
        let offset = max(Double(y) - sectionsTop, 0)
        var s = sectionTotals.index(containing: offset)
        if s < sections.count, offset - sectionTotals.prefix(s) < sections[s].header, !sections[s].rows.values.isEmpty {
            return IndexPath(row: 0, section: s)
        }
        s += 1
        while s < sections.count {
            if sections[s].rows.count > 0 { return IndexPath(row: 0, section: s) }
            s += 1
        }
        return nil
    }

    func row(after ip: IndexPath) -> IndexPath? {
        if ip.row + 1 < sections[ip.section].rows.count { return IndexPath(row: ip.row + 1, section: ip.section) }
        var s = ip.section + 1
        while s < sections.count {
            if sections[s].rows.count > 0 { return IndexPath(row: 0, section: s) }
            s += 1
        }
        return nil
    }
}
