import AutoLayout
import Dispatch
import Foundation

/// What a worker reads to measure a row: the table and data source held weakly (a table let go
/// mid-frame is not kept alive by its precacher), and the context's numbers copied.
/// Sendable unchecked: the weak references are set once, at init, and only loaded afterwards.
private final class PrecacheSource: @unchecked Sendable {
    weak var table: TableView?
    weak var dataSource: TableViewDataSource?
    let width: CGFloat
    let separator: CGFloat

    init(table: TableView, dataSource: TableViewDataSource) {
        self.table = table
        self.dataSource = dataSource
        width = table.rowWidth
        separator = table.separatorHeight
    }
}

extension TableView {
    // MARK: - Precaching
    //
    // A frame, headlessly, is one call of `precacheTick()` on the table's thread: it commits what
    // the workers finished (in one step, only results of the current data version and context),
    // starts a new generation if the version changed, and opens the frame: each worker measures
    // rows nearest the centre first until it has spent the budget's `perFrame`, then stops until
    // the next tick. A loop at 60 frames a second calls it once per frame; tests and benchmarks
    // call `precacheAll()`, which runs frames back to back.

    /// How much of each frame each precaching worker may take (4 ms of each 1/60 s by default).
    public var precacheBudget: PrecacheBudget {
        get { precacher?.budget ?? .default }
        set { madePrecacher.budget = newValue }
    }

    /// Counts of what precaching did so far.
    public var precacheStatistics: PrecacheStatistics { precacher?.statistics ?? PrecacheStatistics() }

    /// Whether ticks precache (from ``precache(around:reach:)`` to ``stopPrecaching()``).
    public var isPrecaching: Bool { precacher?.isRunning ?? false }

    private var madePrecacher: Precacher {
        if let precacher { return precacher }
        let made = Precacher()
        precacher = made
        return made
    }

    /// Precaches rows around `rows` (the visible rows, as flat indices: the rows of every section
    /// counted in order), nearest first, alternating ahead and behind, out to `reach` rows on each
    /// side (nil for every row), from the next ``precacheTick()`` on. Moving the centre keeps work
    /// in flight; only a data version change cancels it.
    ///
    /// Rows are measured on ``maximumConcurrency`` worker threads, each with template cells of its
    /// own, when the data source configures concurrently and no delegate gives row heights;
    /// otherwise on the table's thread, within the budget, during ticks. A concurrent data source
    /// is called from workers while the table's thread goes on: it must answer for the rows the
    /// table last saw (until it is told of a change) from state that is safe to read meanwhile
    /// (an immutable model replaced as a whole, or one behind a lock), and throw rather than trap
    /// for a row that is gone. Results of such a call are dropped, as the change bumps the version.
    /// (``ItemsDataSource`` reads its `sections` without a lock: change them between
    /// ``stopPrecaching()`` and the next call of this method.)
    public func precache(around rows: Range<Int>, reach: Int? = nil) {
        let p = madePrecacher
        guard !p.isRunning || p.centre != rows || p.reach != reach else { return }
        p.centre = rows
        p.reach = reach
        p.isRunning = true
        p.needsRecentre = true
    }

    /// Precaches rows around the rows of `indexPaths` (from the first to the last of them in the
    /// table's order, as of the last layout); see ``precache(around:reach:)``.
    public func precache(aroundRowsAt indexPaths: [IndexPath], reach: Int? = nil) {
        var starts = [0]
        for s in sections { starts.append(starts[starts.count - 1] + s.rows.count) }
        let flat = indexPaths.filter(hasRow).map { starts[$0.section] + $0.row }
        guard let first = flat.min(), let last = flat.max() else { return precache(around: 0..<0, reach: reach) }
        precache(around: first..<(last + 1), reach: reach)
    }

    /// Precaches rows around the viewport's visible rows (``indexPathsForVisibleRows``); while
    /// precaching runs, every scroll and ``layoutViewport()`` moves the centre to the rows then
    /// visible (work in flight is kept).
    public func precacheAroundViewport(reach: Int? = nil) {
        precache(aroundRowsAt: indexPathsForVisibleRows, reach: reach)
    }

    /// Moves a running precache's centre to the visible rows (after a scroll measured its band).
    func followViewportWithPrecache() {
        guard let precacher, precacher.isRunning else { return }
        precache(aroundRowsAt: indexPathsForVisibleRows, reach: precacher.reach)
    }

    /// Stops precaching: work in flight is cancelled and its results dropped; heights committed
    /// stay. Returns once no worker runs (each finishes the row it is measuring), so that the data
    /// source may then change without a lock.
    public func stopPrecaching() {
        guard let precacher else { return }
        precacher.cancel()
        precacher.isRunning = false
        precacher.waitUntilIdle()
    }

    /// One frame of precaching, on the table's thread: commits the heights workers finished since
    /// the last tick (those measured against the current data version and context; the rest are
    /// dropped and their rows queued again), then lets workers measure for one budget more
    /// (or measures on this thread within it, without workers).
    /// - Returns: what the frame committed and whether every row in reach is done.
    /// - Throws: ``TableViewError`` from the layout the tick brings up to date first.
    @discardableResult
    public func precacheTick() throws(TableViewError) -> PrecacheFrame {
        var frame = PrecacheFrame()
        guard let p = precacher, p.isRunning else { return frame }
        try layoutIfNeeded()
        p.statistics.frames += 1
        // 1. Commit what the workers finished.
        commitHandover(p, into: &frame)
        // 2. A new generation when the version, context, rows or templates changed; the queue
        //    again from the centre when it moved.
        guard let dataSource else {
            p.cancel()
            frame.isComplete = true
            return frame
        }
        let category = sizer.contentSizeCategory, registrations = sizer.templates.registrations
        if p.setsMadeFor.map({ $0.category != category || $0.registrations != registrations }) ?? true {
            p.cancel()
            p.resetSets(category: category, registrations: registrations)
        }
        if let job = p.currentJob, job.version == dataVersion, job.context == context, matches(job.rowCounts) {
            if p.needsRecentre { p.recentre(rows: precacheRows()) }
        } else {
            p.cancel()
            let source = PrecacheSource(table: self, dataSource: dataSource)
            p.start(version: dataVersion, context: context, rows: precacheRows()) { (worker, ip) throws(TableViewError) in
                try TableView.precacheRow(ip, source, worker)
            }
        }
        // 3. The frame: workers, or this thread.
        let budget = p.budget.perFrameNanoseconds
        if delegate == nil && dataSource.configuresConcurrently {
            p.openFrame(threads: max(maximumConcurrency, 1), budget: budget) { sizer.templates.detachedWorker() }
        } else {
            measureOnTableThread(p, budget: budget, into: &frame)
        }
        frame.isComplete = p.isComplete
        return frame
    }

    /// Precaches every row in reach (every row, by default) around the centre, running frames
    /// back to back (each still within the budget) until none is left: for tests and benchmarks.
    public func precacheAll() throws(TableViewError) {
        let p = madePrecacher
        p.isRunning = true
        while !(try precacheTick()).isComplete { p.waitUntilIdle() }
    }

    /// Blocks until no precaching worker runs: the frame's work is done and waits for the next
    /// tick. For tests and benchmarks.
    package func waitForPrecacheFrame() { precacher?.waitUntilIdle() }

    // MARK: - Committing

    /// Takes what the workers handed over and commits the results that are still right.
    private func commitHandover(_ p: Precacher, into frame: inout PrecacheFrame) {
        let handover = p.takeHandover()
        sizer.statistics.layoutPasses += handover.measured
        sizer.statistics.cacheMisses += handover.measured
        sizer.statistics.templatesMade += handover.templatesMade
        for d in handover.diagnostics { sizer.note(d) }
        p.statistics.rowsMeasured += handover.measured
        frame.stale = handover.stale
        // A result is right only for the generation, version and context it was measured in, and
        // the rows the table has now.
        let job = p.currentJob.flatMap { $0.version == dataVersion && $0.context == context && matches($0.rowCounts) ? $0 : nil }
        var heights: [(indexPath: IndexPath, size: CGSize)] = []
        heights.reserveCapacity(handover.results.count)
        for result in handover.results {
            guard let job, result.generation == job.generation else {
                frame.stale += 1
                continue
            }
            switch result.outcome {
            case .failure:
                p.statistics.rowsFailed += 1
            case .success(let size):
                if sections[result.indexPath.section].isMeasured[result.indexPath.row] {
                    p.statistics.rowsAlreadyMeasured += 1
                } else {
                    heights.append((result.indexPath, size))
                }
            }
        }
        p.statistics.rowsStale += frame.stale
        commit(heights, caching: true)
        frame.committed += heights.count
        p.statistics.rowsCommitted += heights.count
        p.statistics.mostRowsPerFrame = max(p.statistics.mostRowsPerFrame, frame.committed)
    }

    /// The one place precached heights enter the table: the height cache (unless the delegate
    /// gave them), then the rows' geometry through ``setMeasuredHeights(_:)``, which keeps the
    /// first visible row in place when rows above it change height; in one step on the table's
    /// thread.
    private func commit(_ heights: [(indexPath: IndexPath, size: CGSize)], caching: Bool) {
        guard !heights.isEmpty else { return }
        if caching { for (ip, size) in heights { heightCache.setSize(size, at: ip) } }
        setMeasuredHeights(heights.map { ($0.indexPath, Double($0.size.height)) })
    }

    // MARK: - Without workers

    /// Measures queued rows on the table's thread until the budget is spent (at least one row),
    /// then commits them: a data source that does not configure concurrently, or a delegate that
    /// gives row heights.
    private func measureOnTableThread(_ p: Precacher, budget: UInt64, into frame: inout PrecacheFrame) {
        let start = DispatchTime.now().uptimeNanoseconds
        var heights: [(indexPath: IndexPath, size: CGSize)] = []
        let byDelegate = delegate != nil
        if !byDelegate && p.tableThreadSet == nil { p.tableThreadSet = sizer.templates.detachedWorker() }
        let madeBefore = p.tableThreadSet?.made ?? 0
        while let next = p.takeRow() {
            let (job, ip) = next
            do throws(TableViewError) {
                if let delegate {
                    let h = try delegateRowHeight(ip, delegate)
                    heights.append((ip, CGSize(width: rowWidth, height: h)))
                } else if let set = p.tableThreadSet, let size = try job.measure(set, ip) {
                    sizer.statistics.layoutPasses += 1
                    sizer.statistics.cacheMisses += 1
                    heights.append((ip, size))
                }
            } catch {
                p.statistics.rowsFailed += 1
            }
            frame.measuredOnTableThread += 1
            if DispatchTime.now().uptimeNanoseconds &- start >= budget { break }
        }
        if let set = p.tableThreadSet {
            sizer.statistics.templatesMade += set.made - madeBefore
            for d in set.diagnostics { sizer.note(d) }
            set.diagnostics = []
        }
        p.statistics.rowsMeasured += frame.measuredOnTableThread
        p.statistics.rowsMeasuredOnTableThread += frame.measuredOnTableThread
        commit(heights, caching: !byDelegate)
        frame.committed += heights.count
        p.statistics.rowsCommitted += heights.count
        p.statistics.mostRowsPerFrame = max(p.statistics.mostRowsPerFrame, frame.committed)
    }

    /// A row's height from the delegate, as ``measureRow(at:)`` takes it (0 for nonsense).
    private func delegateRowHeight(_ ip: IndexPath, _ delegate: TableViewDelegate) throws(TableViewError) -> CGFloat {
        let h: CGFloat
        do { h = try delegate.tableView(self, heightForRowAt: ip) } catch let e as TableViewError { throw e } catch {
            throw .configurationFailed(indexPath: ip, identifier: "", message: "\(error)")
        }
        return h.isFinite && h > 0 ? h : 0
    }

    // MARK: - Rows

    /// The rows as of the last layout, with what is measured: an immutable copy for the workers
    /// (the flags are shared until the table next changes them).
    private func precacheRows() -> PrecacheRows { PrecacheRows(measured: sections.map(\.isMeasured)) }

    /// Whether the table has these row counts.
    private func matches(_ rowCounts: [Int]) -> Bool {
        rowCounts.count == sections.count && zip(rowCounts, sections).allSatisfy { $0 == $1.rows.count }
    }

    /// One row on a worker (or the table's thread), measured as concurrent layout measures it
    /// (``measureRow(_:table:dataSource:width:separator:_:)``). Nil when the table or its data
    /// source is gone.
    private static func precacheRow(_ ip: IndexPath, _ source: PrecacheSource,
                                    _ worker: TemplateCells<TableViewCell>.Worker) throws(TableViewError) -> CGSize? {
        guard let table = source.table, let dataSource = source.dataSource else { return nil }
        return try measureRow(ip, table: table, dataSource: dataSource, width: source.width,
                              separator: source.separator, worker)
    }
}
