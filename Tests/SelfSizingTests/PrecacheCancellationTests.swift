import AutoLayout
import Foundation
import SelfSizing
import Testing
import TestSupport

/// Precaching while the data, the width and the category change under it: random sequences of
/// inserts, deletes, reloads, moves, full reloads, width and category changes, interleaved with
/// ticks while the workers run. After every tick, every measured row must have the height its
/// current content has at the current width and category (nothing stale was stored), and at the
/// end, once precaching has run out, every row is measured (nothing was lost) with exactly the
/// heights a fresh table measures synchronously.
@Suite struct PrecacheCancellationTests {
    /// Heights of texts alone, measured synchronously by a one-row table per width and category.
    final class Oracle {
        private var tables: [String: TableView] = [:]
        private var heights: [String: CGFloat] = [:]

        func height(_ text: String, width: CGFloat, category: ContentSizeCategory) throws -> CGFloat {
            let key = "\(width)|\(category)|\(text)"
            if let h = heights[key] { return h }
            let tableKey = "\(width)|\(category)"
            let table = tables[tableKey] ?? {
                let t = TableView(width: width)
                t.contentSizeCategory = category
                t.register(forCellReuseIdentifier: "text") { TextCell() }
                return t
            }()
            tables[tableKey] = table
            let h = try table.height(forCellWithIdentifier: "text") { ($0 as? TextCell)?.label.text = text }
            heights[key] = h
            return h
        }
    }

    /// Checks every measured row against the oracle; returns how many rows were measured.
    @discardableResult
    func checkMeasured(_ table: TableView, _ source: LockedRowsDataSource, _ oracle: Oracle,
                       _ step: String) throws -> Int {
        let sections = source.sections
        var measured = 0
        #expect(table.numberOfSections == sections.count, "\(step)")
        for (s, rows) in sections.enumerated() {
            let heights = table.rowHeights(inSection: s)
            for (r, row) in rows.enumerated() where table.isRowMeasured(at: IndexPath(row: r, section: s)) {
                measured += 1
                let expected = try oracle.height(row.text, width: table.width, category: table.contentSizeCategory)
                #expect(heights[r] == expected, "\(step): row \(r) of section \(s) (id \(row.id))")
            }
        }
        return measured
    }

    @Test(arguments: [1, 2, 3, 4, 5])
    func nothingStaleNothingLost(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        var nextID = 1000
        let source = LockedRowsDataSource([precacheRows(60), precacheRows(40, from: 60)])
        let table = makePrecacheTable(source, threads: 2)
        // A short budget, so that frames end while rows are still queued and updates land while
        // workers run.
        table.precacheBudget = PrecacheBudget(perFrame: 0.0005)
        table.precache(around: 20..<24)
        let oracle = Oracle()
        let versionBefore = table.dataVersion
        try table.precacheTick()
        for step in 0..<60 {
            var sections = source.sections
            let s = Int.random(in: 0..<sections.count, using: &random)
            var updates = BatchUpdates()
            var name = ""
            var op = Int.random(in: 0..<10, using: &random)
            if sections[s].count < 2 && (2...5).contains(op) { op = 0 }
            switch op {
            case 0, 1:
                let r = Int.random(in: 0...sections[s].count, using: &random)
                sections[s].insert(Row(id: nextID, text: words(1 + nextID % 29, seed: nextID)), at: r)
                nextID += 1
                updates.insertedItems = [IndexPath(row: r, section: s)]
                name = "insert \(s).\(r)"
            case 2, 3:
                let r = Int.random(in: 0..<sections[s].count, using: &random)
                sections[s].remove(at: r)
                updates.deletedItems = [IndexPath(row: r, section: s)]
                name = "delete \(s).\(r)"
            case 4:
                let r = Int.random(in: 0..<sections[s].count, using: &random)
                sections[s][r].text = words(1 + (nextID + r) % 31, seed: nextID)
                nextID += 1
                updates.reloadedItems = [IndexPath(row: r, section: s)]
                name = "reload \(s).\(r)"
            case 5:
                let from = Int.random(in: 0..<sections[s].count, using: &random)
                let to = Int.random(in: 0..<sections[s].count, using: &random)
                sections[s].insert(sections[s].remove(at: from), at: to)
                updates.movedItems = [.init(from: IndexPath(row: from, section: s), to: IndexPath(row: to, section: s))]
                name = "move \(s).\(from) to \(to)"
            case 6:
                table.width = [300, 320, 375].randomElement(using: &random)!
                name = "width \(table.width)"
            case 7:
                table.contentSizeCategory = [.large, .extraLarge, .small].randomElement(using: &random)!
                name = "category \(table.contentSizeCategory)"
            case 8:
                sections[s].shuffle(using: &random)
                name = "reload data"
            default:
                name = "centre"
                let rows = sections.reduce(0) { $0 + $1.count }
                let a = Int.random(in: 0...rows, using: &random)
                table.precache(around: a..<min(a + 5, rows))
            }
            // The rows change, then the table is told, as UIKit requires.
            if sections != source.sections {
                source.sections = sections
                if name == "reload data" { table.reloadData() } else { try table.performBatchUpdates(updates) }
            }
            // Ticks: the first commits what finished and starts workers, which keep running into
            // the next step's change.
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                try table.precacheTick()
                try checkMeasured(table, source, oracle, "step \(step) (\(name))")
            }
        }
        #expect(table.dataVersion > versionBefore)
        try table.precacheAll()
        let total = source.sections.reduce(0) { $0 + $1.count }
        #expect(try checkMeasured(table, source, oracle, "end") == total)
        #expect(allHeights(table) == (try freshHeights(source.sections, width: table.width, category: table.contentSizeCategory)))
        let stats = table.precacheStatistics
        #expect(stats.rowsFailed == 0)
        #expect(stats.rowsMeasured == stats.rowsCommitted + stats.rowsStale + stats.rowsAlreadyMeasured)
    }

    /// Workers started in one frame may not run until after the category changed and a new
    /// generation started: they must not measure its rows with templates of the old category.
    /// (Whether a worker starts late is up to the scheduler; the heights must be right either way.)
    @Test func workersStartedBeforeACategoryChangeDoNotMeasureForTheNewOne() throws {
        let rows = precacheRows(60)
        let expected = try freshHeights([rows], width: 320, category: .extraLarge)[0]
        for _ in 0..<10 {
            let source = LockedRowsDataSource([rows])
            let table = makePrecacheTable(source, threads: 2)
            defer { withExtendedLifetime(source) {} }
            table.precacheBudget = PrecacheBudget(perFrame: 0)
            table.precache(around: 20..<24)
            try table.precacheTick()
            table.contentSizeCategory = .extraLarge
            try table.precacheTick()
            table.waitForPrecacheFrame()
            try table.precacheTick()
            let heights = table.rowHeights(inSection: 0)
            for r in 0..<60 where table.isRowMeasured(at: IndexPath(row: r, section: 0)) {
                #expect(heights[r] == expected[r], "row \(r)")
            }
            try table.precacheAll()
            #expect(table.rowHeights(inSection: 0) == expected)
        }
    }
}
