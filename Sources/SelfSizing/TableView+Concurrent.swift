import AutoLayout
import Dispatch
import Foundation

/// One worker's template cells and what it found, used by one thread at a time.
private final class Worker: @unchecked Sendable {
    var templates: [String: TableViewCell] = [:]
    var templatesMade = 0
    var problems: [(String, String)] = []
}

/// Results of a chunk of rows, each slot written by one worker.
private struct Slots: @unchecked Sendable {
    let heights: UnsafeMutableBufferPointer<Double>
    let errors: UnsafeMutableBufferPointer<TableViewError?>

    init(count: Int) {
        heights = .allocate(capacity: count)
        heights.initialize(repeating: .nan)
        errors = .allocate(capacity: count)
        errors.initialize(repeating: nil)
    }

    func deallocate() {
        heights.deallocate()
        _ = errors.deinitialize()
        errors.deallocate()
    }
}

/// What the workers read: the table is not used from other threads meanwhile (the data source
/// promised as much with `configuresConcurrently`).
private struct Shared: @unchecked Sendable {
    let table: TableView
    let dataSource: TableViewDataSource
    let factories: [String: () throws -> TableViewCell]
}

extension TableView {
    /// Rows measured per round; each round's heights go into the cache and the geometry on the
    /// calling thread, which also reports progress.
    static let concurrentChunk = 4096

    /// Measures the rows not yet measured on ``maximumConcurrency`` threads, each with template
    /// cells of its own: the heights are those the calling thread would get (a template
    /// configured for a row gives what a fresh one gives), cached by index path as
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
        let count = max(1, maximumConcurrency)
        while workerTemplates.count < count { workerTemplates.append([:]) }
        let workers = (0..<count).map { w in
            let worker = Worker()
            worker.templates = workerTemplates[w]
            return worker
        }
        let shared = Shared(table: self, dataSource: dataSource, factories: cellFactories)
        let category = contentSizeCategory, width = rowWidth, separator = separatorHeight
        var touched = Set<Int>()
        defer {
            for s in touched {
                sections[s].rows = PrefixSums(sections[s].rows.values)
                sectionTotals[s] = sections[s].total
            }
            for (k, w) in workers.enumerated() {
                workerTemplates[k] = w.templates
                statistics.templatesMade += w.templatesMade
                for (message, subject) in w.problems { note(message, about: subject) }
            }
        }
        var start = 0
        while start < pending.count {
            let chunk = Array(pending[start..<min(start + TableView.concurrentChunk, pending.count)])
            let slots = Slots(count: chunk.count)
            defer { slots.deallocate() }
            // Each worker takes a run of the chunk's rows: rows next to each other share cache
            // lines in the results, which two threads writing by turns would pass back and forth.
            DispatchQueue.concurrentPerform(iterations: workers.count) { w in
                let worker = workers[w]
                let run = chunk.count * w / workers.count..<chunk.count * (w + 1) / workers.count
                for i in run {
                    do throws(TableViewError) {
                        slots.heights[i] = try Self.measureRow(chunk[i], shared, worker, category, width, separator)
                    } catch {
                        slots.errors[i] = error
                        return
                    }
                }
            }
            for (i, ip) in chunk.enumerated() {
                if let error = slots.errors[i] { throw error }
                let h = slots.heights[i]
                // A worker stops at its first error; rows after it are measured by the next call.
                guard !h.isNaN else { continue }
                heightCache.setHeight(CGFloat(h), at: ip)
                sections[ip.section].rows.setWithoutSums(ip.row, h)
                sections[ip.section].isMeasured[ip.row] = true
                touched.insert(ip.section)
            }
            statistics.layoutPasses += chunk.count
            statistics.cacheMisses += chunk.count
            done += chunk.count
            start += chunk.count
            progress?(done, total)
        }
        if pending.isEmpty { progress?(done, total) }
    }

    /// One row on a worker: the data source's identifier and configuration, the worker's template.
    private static func measureRow(_ ip: IndexPath, _ shared: Shared, _ worker: Worker, _ category: ContentSizeCategory,
                                   _ width: CGFloat, _ separator: CGFloat) throws(TableViewError) -> Double {
        let id = shared.dataSource.tableView(shared.table, cellIdentifierForRowAt: ip)
        let cell: TableViewCell
        if let c = worker.templates[id] {
            cell = c
        } else {
            cell = try makeTemplate(id, shared.factories[id], category: category)
            worker.templates[id] = cell
            worker.templatesMade += 1
        }
        try configure(cell, identifier: id, row: ip, from: shared.dataSource, of: shared.table)
        let fitted = fittedHeight(of: cell, width: width - cell.accessoryWidth, identifier: id)
        if !fitted.problems.isEmpty { worker.problems += fitted.problems }
        return Double(fitted.height + separator)
    }
}
