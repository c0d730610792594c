import AutoLayout
import Foundation

/// What the workers read: the table is not used from other threads meanwhile (the data source
/// promised as much with `configuresConcurrently`).
private struct RowSource: @unchecked Sendable {
    let table: TableView
    let dataSource: TableViewDataSource
    let width: CGFloat
    let separator: CGFloat
}

extension TableView {
    /// Rows measured per round; each round's heights go into the cache and the geometry on the
    /// calling thread, which also reports progress.
    static let concurrentChunk = 4096

    /// Measures the rows not yet measured on ``maximumConcurrency`` threads through the sizing
    /// core (``TemplateSizer/measureConcurrently(_:threads:chunk:measure:chunkDone:)``): the
    /// heights are those the calling thread would get, cached by index path as
    /// ``automaticHeight(forRowAt:)`` caches them.
    func measureAllConcurrently(_ dataSource: TableViewDataSource, progress: ((Int, Int) -> Void)?) throws(TableViewError) {
        let total = sections.reduce(0) { $0 + $1.rows.count }
        var pending: [IndexPath] = []
        var done = 0
        for s in sections.indices {
            for r in sections[s].isMeasured.indices {
                if sections[s].isMeasured[r] { done += 1 } else { pending.append(IndexPath(row: r, section: s)) }
            }
        }
        let source = RowSource(table: self, dataSource: dataSource, width: rowWidth, separator: separatorHeight)
        defer { normalizeSums() }
        try sizer.measureConcurrently(pending, threads: maximumConcurrency, chunk: TableView.concurrentChunk,
                                      measure: { (worker, ip) throws(TableViewError) in
                                          try Self.measureRow(ip, table: source.table, dataSource: source.dataSource,
                                                              width: source.width, separator: source.separator, worker)
                                      },
                                      chunkDone: { chunk, measured in
            var heights: [(IndexPath, Double)] = []
            heights.reserveCapacity(chunk.count)
            for (i, ip) in chunk.enumerated() {
                guard let size = measured(i) else { continue }
                heightCache.setSize(size, at: ip)
                heights.append((ip, Double(size.height)))
            }
            // Into the geometry through the one entry point that anchors.
            setMeasuredHeights(heights)
            sizer.statistics.cacheMisses += chunk.count
            done += chunk.count
            progress?(done, total)
        })
        if pending.isEmpty { progress?(done, total) }
    }

    /// One row on a worker (or, for precaching, the table's thread with a template set of its
    /// own): the data source's identifier and configuration, the worker's template, fitted at the
    /// row's width less its accessory, plus the separator. Concurrent layout and precaching both
    /// measure here.
    static func measureRow(_ ip: IndexPath, table: TableView, dataSource: TableViewDataSource, width: CGFloat,
                           separator: CGFloat, _ worker: TemplateCells<TableViewCell>.Worker) throws(TableViewError) -> CGSize {
        let id = dataSource.tableView(table, cellIdentifierForRowAt: ip)
        let cell: TableViewCell
        do { cell = try worker.template(for: id) } catch { throw TableViewError(error, indexPath: ip) }
        try configure(cell, identifier: id, row: ip, from: dataSource, of: table)
        let rowWidth = width - cell.accessoryWidth
        let fitted = worker.fit(cell, .fixedWidth(rowWidth), identifier: id)
        return CGSize(width: rowWidth, height: fitted.height + separator)
    }
}
