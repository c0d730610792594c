import AutoLayout
import Foundation
import SelfSizing
import Testing
import TestSupport

/// Rows behind a lock, as a data source that precaching workers call while the test's thread
/// changes the rows: the rows are replaced as a whole, and a row that is gone throws.
final class LockedRowsDataSource: TableViewDataSource, @unchecked Sendable {
    struct Gone: Error {}

    private let lock = NSLock()
    private var stored: [[Row]]
    /// Rows for which configuring throws.
    let failing: Set<Int>
    let concurrent: Bool

    init(_ sections: [[Row]], concurrent: Bool = true, failing: Set<Int> = []) {
        stored = sections
        self.concurrent = concurrent
        self.failing = failing
    }

    var sections: [[Row]] {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }

    var configuresConcurrently: Bool { concurrent }
    func numberOfSections(in tableView: TableView) -> Int { sections.count }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { sections[section].count }
    func tableView(_ tableView: TableView, cellIdentifierForRowAt indexPath: IndexPath) -> String { "text" }

    func tableView(_ tableView: TableView, configure cell: TableViewCell, forRowAt indexPath: IndexPath) throws {
        let sections = self.sections
        guard indexPath.section < sections.count, indexPath.row < sections[indexPath.section].count else { throw Gone() }
        let row = sections[indexPath.section][indexPath.row]
        if failing.contains(row.id) { throw Gone() }
        (cell as? TextCell)?.label.text = row.text
    }
}

/// A table of `TextCell`s over a locked data source.
func makePrecacheTable(_ source: LockedRowsDataSource, width: CGFloat = 320, threads: Int = 2) -> TableView {
    let table = TableView(width: width)
    table.dataSource = source
    table.maximumConcurrency = threads
    table.register(forCellReuseIdentifier: "text") { TextCell() }
    return table
}

/// Rows of varied lengths (so that a height measured for the wrong row shows).
func precacheRows(_ n: Int, from id: Int = 0) -> [Row] {
    (id..<(id + n)).map { Row(id: $0, text: words(1 + $0 * 7 % 37, seed: $0)) }
}

/// Every row's height as the table has it.
func allHeights(_ table: TableView) -> [[CGFloat]] {
    (0..<table.numberOfSections).map { table.rowHeights(inSection: $0) }
}

/// The heights a fresh table measures synchronously, on one thread, for the same rows.
func freshHeights(_ sections: [[Row]], width: CGFloat, category: ContentSizeCategory = .large) throws -> [[CGFloat]] {
    let source = LockedRowsDataSource(sections, concurrent: false)
    let table = makePrecacheTable(source, width: width, threads: 1)
    table.contentSizeCategory = category
    try table.layoutAllRows()
    return withExtendedLifetime(source) { allHeights(table) }
}

@Suite struct PrecacheTests {
    let sections = [precacheRows(70), precacheRows(0, from: 70), precacheRows(45, from: 70)]

    @Test(arguments: [1, 2, 4])
    func precachedHeightsEqualSynchronousOnes(threads: Int) throws {
        let source = LockedRowsDataSource(sections)
        let table = makePrecacheTable(source, threads: threads)
        defer { withExtendedLifetime(source) {} }
        table.precache(around: 60..<64)
        try table.precacheAll()
        let rows = sections.reduce(0) { $0 + $1.count }
        #expect(allHeights(table) == (try freshHeights(sections, width: 320)))
        for s in sections.indices {
            for r in sections[s].indices {
                let ip = IndexPath(row: r, section: s)
                #expect(table.isRowMeasured(at: ip))
                #expect(table.heightCache.height(at: ip) == table.rectForRow(at: ip).height)
            }
        }
        let stats = table.precacheStatistics
        #expect(stats.rowsCommitted == rows && stats.rowsMeasured == rows && stats.rowsMeasuredOnTableThread == 0)
        #expect(stats.rowsStale == 0 && stats.rowsFailed == 0)
        #expect(table.statistics.layoutPasses == rows)
        // Each worker made its own template, besides none on the table's thread.
        #expect(table.statistics.templatesMade >= 1 && table.statistics.templatesMade <= threads)
        // Nothing is left: another tick commits nothing.
        let frame = try table.precacheTick()
        #expect(frame.committed == 0 && frame.isComplete)
    }

    /// With no time to spare, each worker measures one row per frame, and the rows handed out
    /// are always the first ones of the nearest-first order: after k frames of w workers, the
    /// measured rows are exactly the first k * w rows of the order.
    @Test func workersTakeRowsNearestFirstOnePerFrameWithoutBudget() throws {
        let rows = precacheRows(40)
        let source = LockedRowsDataSource([rows])
        let table = makePrecacheTable(source, threads: 2)
        defer { withExtendedLifetime(source) {} }
        table.precacheBudget = PrecacheBudget(perFrame: 0)
        table.precache(around: 25..<28)
        let order = Array(PrecacheOrder(count: 40, around: 25..<28))
        var frames = 0
        while true {
            let frame = try table.precacheTick()
            #expect(frame.committed <= 2)
            let measured = Set((0..<40).filter { table.isRowMeasured(at: IndexPath(row: $0, section: 0)) })
            #expect(measured == Set(order.prefix(min(frames * 2, 40))))
            if frame.isComplete { break }
            table.waitForPrecacheFrame()
            frames += 1
        }
        #expect(frames == 20)
        #expect(table.precacheStatistics.mostRowsPerFrame == 2)
        #expect(allHeights(table) == (try freshHeights([rows], width: 320)))
    }

    /// A data source that does not configure concurrently is measured on the table's thread,
    /// during ticks, in the same order; without time to spare, one row per tick.
    @Test func withoutConcurrencyTheTableThreadMeasuresWithinTheBudget() throws {
        let rows = precacheRows(30)
        let source = LockedRowsDataSource([rows], concurrent: false)
        let table = makePrecacheTable(source, threads: 4)
        defer { withExtendedLifetime(source) {} }
        table.precacheBudget = PrecacheBudget(perFrame: 0)
        table.precache(around: 10..<11)
        var committed: [Int] = []
        for _ in 0..<30 {
            let before = Set((0..<30).filter { table.isRowMeasured(at: IndexPath(row: $0, section: 0)) })
            let frame = try table.precacheTick()
            #expect(frame.measuredOnTableThread == 1 && frame.committed == 1)
            let after = Set((0..<30).filter { table.isRowMeasured(at: IndexPath(row: $0, section: 0)) })
            committed += after.subtracting(before)
        }
        #expect(committed == Array(PrecacheOrder(count: 30, around: 10..<11)))
        #expect(try table.precacheTick().isComplete)
        let stats = table.precacheStatistics
        #expect(stats.rowsMeasuredOnTableThread == 30 && stats.rowsCommitted == 30)
        #expect(allHeights(table) == (try freshHeights([rows], width: 320)))

        // With the default budget, one tick does several rows (a row takes far less than 4 ms
        // here) but leaves the rest for later frames only when it runs out of time.
        let otherSource = LockedRowsDataSource([rows], concurrent: false)
        let other = makePrecacheTable(otherSource)
        other.precache(around: 0..<1)
        let frame = try withExtendedLifetime(otherSource) { try other.precacheTick() }
        #expect(frame.measuredOnTableThread >= 1 && frame.committed == frame.measuredOnTableThread)
    }

    /// Index paths name the centre by its first and last rows, across sections (an empty
    /// section in between counts no rows).
    @Test func indexPathsNameTheCentre() throws {
        let source = LockedRowsDataSource([precacheRows(5), [], precacheRows(10, from: 5)], concurrent: false)
        let table = makePrecacheTable(source)
        defer { withExtendedLifetime(source) {} }
        try table.layoutIfNeeded()
        table.precacheBudget = PrecacheBudget(perFrame: 0)
        table.precache(aroundRowsAt: [IndexPath(row: 3, section: 2), IndexPath(row: 1, section: 2)])
        var order: [IndexPath] = []
        for _ in 0..<5 {
            try table.precacheTick()
            let measured = (0..<3).flatMap { s in (0..<table.numberOfRows(inSection: s)).map { IndexPath(row: $0, section: s) } }
                .filter { table.isRowMeasured(at: $0) && !order.contains($0) }
            order += measured
        }
        #expect(order == [[2, 1], [2, 2], [2, 3], [2, 4], [2, 0]])
        try table.precacheAll()
        #expect(allHeights(table) == (try freshHeights(source.sections, width: 320)))
    }

    /// A delegate that gives row heights is asked on the table's thread; its heights are not
    /// cached by index path (as measureRow does not cache them).
    @Test func delegateHeightsAreTakenOnTheTableThread() throws {
        final class Delegate: TableViewDelegate {
            func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) throws -> CGFloat {
                CGFloat(30 + indexPath.row)
            }
        }
        let delegate = Delegate()
        let source = LockedRowsDataSource([precacheRows(12)])
        let table = makePrecacheTable(source)
        table.delegate = delegate
        table.precache(around: 0..<3)
        try withExtendedLifetime(source) { try table.precacheAll() }
        #expect(table.rowHeights(inSection: 0) == (0..<12).map { CGFloat(30 + $0) })
        #expect(table.precacheStatistics.rowsMeasuredOnTableThread == 12)
        #expect(table.heightCache.height(at: IndexPath(row: 0, section: 0)) == nil)
    }

    /// Rows whose configuration fails are counted and left unmeasured (the table reports the
    /// error when it measures them itself); the others are precached.
    @Test(arguments: [true, false])
    func failingRowsAreSkipped(concurrent: Bool) throws {
        let rows = precacheRows(20)
        let source = LockedRowsDataSource([rows], concurrent: concurrent, failing: [3, 11])
        let table = makePrecacheTable(source)
        table.precache(around: 0..<5)
        try table.precacheAll()
        defer { withExtendedLifetime(source) {} }
        #expect(table.precacheStatistics.rowsFailed == 2)
        for r in 0..<20 { #expect(table.isRowMeasured(at: IndexPath(row: r, section: 0)) == (r != 3 && r != 11)) }
        #expect(throws: TableViewError.self) { try table.measureRow(at: IndexPath(row: 3, section: 0)) }
    }

    @Test func stoppingDropsWorkInFlightAndKeepsWhatWasCommitted() throws {
        let rows = precacheRows(60)
        let source = LockedRowsDataSource([rows])
        let table = makePrecacheTable(source)
        defer { withExtendedLifetime(source) {} }
        table.precacheBudget = PrecacheBudget(perFrame: 0)
        table.precache(around: 0..<1)
        try table.precacheTick()
        table.waitForPrecacheFrame()
        try table.precacheTick()
        let kept = allHeights(table)
        table.stopPrecaching()
        table.waitForPrecacheFrame()
        #expect(!table.isPrecaching)
        #expect(try table.precacheTick() == PrecacheFrame())
        #expect(allHeights(table) == kept)
        #expect(table.precacheStatistics.rowsCommitted == 2)
    }
}

/// Precaching beside a viewport: heights committed above the first visible row move the content,
/// not the row (the viewport's anchoring), and a running precache follows the scroll.
@Suite struct PrecacheViewportTests {
    @Test func precachedRowsAboveTheViewportDoNotMoveTheFirstVisibleRow() throws {
        let source = LockedRowsDataSource([precacheRows(300)])
        let table = makePrecacheTable(source)
        table.viewportHeight = 500
        table.overscan = 0
        try table.scrollToRow(at: IndexPath(row: 150, section: 0), at: .top)
        let first = try #require(table.indexPathsForVisibleRows.first)
        let screenY = { Double(table.rectForRow(at: first).minY - table.contentInset.top - table.contentOffset) }
        let before = screenY()
        table.precacheAroundViewport()
        try table.precacheAll()
        #expect(table.numberOfMeasuredRows == 300)
        #expect(abs(screenY() - before) <= 1e-6, "the first visible row moved by \(screenY() - before)")

        // The same rows measured by a table without a viewport: the heights agree.
        let referenceSource = LockedRowsDataSource([precacheRows(300)])
        let reference = makePrecacheTable(referenceSource)
        try reference.layoutAllRows()
        #expect(allHeights(table) == allHeights(reference))
        withExtendedLifetime(referenceSource) {}
    }

    @Test func aRunningPrecacheFollowsTheViewport() throws {
        let source = LockedRowsDataSource([precacheRows(400)], concurrent: false)
        let table = makePrecacheTable(source)
        table.viewportHeight = 400
        table.overscan = 0
        try table.layoutViewport()
        table.precacheAroundViewport(reach: 5)
        try table.precacheAll()
        let measuredNearTop = table.numberOfMeasuredRows
        try table.scrollToRow(at: IndexPath(row: 300, section: 0), at: .top)
        try table.precacheAll()
        // The rows within reach of the new visible rows were precached too.
        let visible = table.indexPathsForVisibleRows
        let last = try #require(visible.last).row
        for r in (last + 1)...min(last + 5, 399) {
            #expect(table.heightCache.height(at: IndexPath(row: r, section: 0)) != nil, "row \(r)")
        }
        #expect(table.numberOfMeasuredRows > measuredNearTop)
    }
}
