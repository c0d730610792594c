import AutoLayout
import Foundation
import SelfSizing
import Testing
import TestSupport

/// The viewport as a plain reference computes it from the table's heights: frames summed row by
/// row (no prefix sums), the bounds at `contentOffset + contentInset.top`.
struct ViewportReference {
    struct Frame {
        var indexPath: IndexPath
        var top: Double
        var height: Double
    }

    let frames: [Frame]
    let visibleTop: Double
    let visibleBottom: Double

    init(_ table: TableView) {
        var out: [Frame] = []
        var y = Double(table.contentInset.top + table.tableHeaderHeight)
        for s in 0..<table.numberOfSections {
            y += Double(table.rectForHeader(inSection: s).height)
            for (r, h) in table.rowHeights(inSection: s).enumerated() {
                out.append(Frame(indexPath: IndexPath(row: r, section: s), top: y, height: Double(h)))
                y += Double(h)
            }
            y += Double(table.rectForFooter(inSection: s).height)
        }
        frames = out
        visibleTop = Double(table.contentOffset + table.contentInset.top)
        visibleBottom = visibleTop + Double(table.viewportHeight)
    }

    /// Rows any part of which the bounds show.
    var visibleRows: [IndexPath] {
        frames.filter { $0.top < visibleBottom && $0.top + $0.height > visibleTop }.map(\.indexPath)
    }

    /// Rows any part of which lies in `[visibleTop - band, visibleBottom + band]`.
    func rows(within band: Double) -> [IndexPath] {
        frames.filter { $0.top <= visibleBottom + band && $0.top + $0.height >= visibleTop - band }.map(\.indexPath)
    }

    /// Where a row's top shows on screen.
    func screenY(_ ip: IndexPath) -> Double? {
        frames.first { $0.indexPath == ip }.map { $0.top - visibleTop }
    }
}

extension RowsDataSource {
    /// Where the row of an identity is now.
    func indexPath(ofID id: Int) -> IndexPath? {
        for (s, rows) in sections.enumerated() {
            if let r = rows.firstIndex(where: { $0.id == id }) { return IndexPath(row: r, section: s) }
        }
        return nil
    }

    func row(at ip: IndexPath) -> Row { sections[ip.section][ip.row] }
}

/// Anchoring over seeded random sequences of scrolls, measures, batch updates above and below
/// the viewport, reloads, and width and category changes, against ``ViewportReference``: after
/// every step the first visible row shows where it did (moved by exactly the scroll, for a
/// scroll), unless the offset had to be clamped to the content; every row in the bounds and the
/// overscan band is measured; the visible rows are the reference's.
@Suite struct ViewportAnchoringTests {
    @Test(arguments: [(TableView.automaticDimension, 0...2), (44, 3...4), (120, 5...5)])
    func firstVisibleRowNeverMoves(estimate: CGFloat, seeds: ClosedRange<Int>) throws {
        for seed in seeds { try run(seed: UInt64(seed), estimate: estimate) }
    }

    func run(seed: UInt64, estimate: CGFloat) throws {
        var rng = SeededGenerator(seed: seed * 7919 + 11)
        var nextID = 0
        func newRow() -> Row {
            defer { nextID += 1 }
            return Row(id: nextID, text: words(Int.random(in: 1...45, using: &rng), seed: nextID))
        }
        let source = RowsDataSource([(0..<50).map { _ in newRow() }, (0..<50).map { _ in newRow() }])
        let table = makeTable(source)
        table.estimatedRowHeight = estimate
        table.sectionHeaderHeight = 28
        table.contentInset = (top: 20, bottom: 30)
        table.viewportHeight = 400
        table.overscan = 150
        try table.layoutViewport()
        try table.scroll(to: 1500)
        var checked = 0

        for step in 0..<120 {
            let context = "seed \(seed) step \(step)"
            let before = ViewportReference(table)
            let first = try #require(table.indexPathsForVisibleRows.first, "\(context)")
            let anchorID = source.row(at: first).id
            let anchorY = try #require(before.screenY(first))
            let flat = source.sections.enumerated().flatMap { s, rows in rows.indices.map { IndexPath(row: $0, section: s) } }
            let firstIndex = flat.firstIndex(of: first)!
            var expectedY = anchorY
            var checksAnchor = true
            var action = ""
            switch Int.random(in: 0..<10, using: &rng) {
            case 0, 1:
                let dy = CGFloat(Double.random(in: -500...500, using: &rng))
                let applied = try table.scroll(by: dy)
                expectedY = anchorY - Double(applied)
                action = "scroll by \(dy)"
            case 2:
                try table.scroll(to: CGFloat(Double.random(in: -100...6000, using: &rng)))
                checksAnchor = false
                action = "scroll to"
            case 3:
                let ip = flat[Int.random(in: 0..<flat.count, using: &rng)]
                try table.measureRow(at: ip)
                action = "measure \(ip)"
            case 4 where firstIndex > 0:
                // Rows inserted above the first visible row.
                let at = flat[Int.random(in: 0..<firstIndex, using: &rng)]
                let n = Int.random(in: 1...3, using: &rng)
                source.sections[at.section].insert(contentsOf: (0..<n).map { _ in newRow() }, at: at.row)
                var u = BatchUpdates()
                u.insertItems(at: (0..<n).map { IndexPath(row: at.row + $0, section: at.section) })
                try table.performBatchUpdates(u)
                action = "insert \(n) above at \(at)"
            case 5 where firstIndex > 0:
                let at = flat[Int.random(in: 0..<firstIndex, using: &rng)]
                source.sections[at.section].remove(at: at.row)
                var u = BatchUpdates()
                u.deleteItems(at: [at])
                try table.performBatchUpdates(u)
                action = "delete above at \(at)"
            case 6:
                // A reload above, or of the first visible row itself (it keeps its top).
                let at = Bool.random(using: &rng) || firstIndex == 0 ? first : flat[Int.random(in: 0..<firstIndex, using: &rng)]
                source.sections[at.section][at.row].text = words(Int.random(in: 1...45, using: &rng), seed: step)
                var u = BatchUpdates()
                u.reloadItems(at: [at])
                try table.performBatchUpdates(u)
                action = "reload \(at)"
            case 7:
                table.width = table.width == 320 ? 290 : 320
                action = "width \(table.width)"
            case 8:
                table.contentSizeCategory = table.contentSizeCategory == .large ? .extraLarge : .large
                action = "category"
            default:
                // Below the viewport: an insert and a delete far down.
                let last = flat.count - 1
                guard firstIndex + 40 < last else { continue }
                let at = flat[Int.random(in: (firstIndex + 30)...last, using: &rng)]
                source.sections[at.section].remove(at: at.row)
                source.sections[at.section].insert(newRow(), at: at.row)
                var u = BatchUpdates()
                u.deleteItems(at: [at])
                u.insertItems(at: [at])
                try table.performBatchUpdates(u)
                action = "replace below at \(at)"
            }
            try table.layoutViewport()

            let after = ViewportReference(table)
            let range = table.contentOffsetRange
            #expect(range.contains(table.contentOffset), "\(context): \(action)")
            let clamped = abs(table.contentOffset - range.lowerBound) < 1e-9 || abs(table.contentOffset - range.upperBound) < 1e-9
            if checksAnchor && !clamped {
                let ip = try #require(source.indexPath(ofID: anchorID), "\(context): \(action)")
                let y = try #require(after.screenY(ip))
                checked += 1
                #expect(abs(y - expectedY) <= 1e-6, "\(context): \(action): the first visible row moved from \(expectedY) to \(y)")
            }
            #expect(table.indexPathsForVisibleRows == after.visibleRows, "\(context): \(action)")
            let unmeasured = after.rows(within: Double(table.overscan)).filter { !table.isRowMeasured(at: $0) }
            #expect(unmeasured.isEmpty, "\(context): \(action): unmeasured rows in the band: \(unmeasured)")
        }
        // Clamped steps are the exception: the rule was checked on most.
        #expect(checked >= 60, "seed \(seed): only \(checked) steps checked")
    }

    /// UIKit's behaviour for contrast: the same kind of sequence without anchoring moves the
    /// first visible row (scrolling up from a jump over estimated rows).
    @Test func withoutAnchoringRowsJump() throws {
        var jumps: [ListAnchoring: Double] = [:]
        for anchoring in [ListAnchoring.none, .top] {
            let source = RowsDataSource([(0..<200).map { Row(id: $0, text: words(1 + $0 * 13 % 50, seed: $0)) }])
            let table = makeTable(source)
            table.anchoring = anchoring
            table.viewportHeight = 500
            try table.scrollToRow(at: IndexPath(row: 150, section: 0), at: .top)
            var largest = 0.0
            for _ in 0..<60 {
                let first = try #require(table.indexPathsForVisibleRows.first)
                let y = try #require(ViewportReference(table).screenY(first))
                let applied = try table.scroll(by: -70)
                let now = try #require(ViewportReference(table).screenY(first))
                largest = max(largest, abs(now - (y - Double(applied))))
            }
            jumps[anchoring] = largest
        }
        #expect(jumps[.top]! <= 1e-6)
        #expect(jumps[.none]! > 1)
    }

    // MARK: - End anchoring (chat)

    func chat(rows n: Int) throws -> (RowsDataSource, TableView) {
        let source = RowsDataSource([(0..<n).map { Row(id: $0, text: words(1 + $0 * 11 % 30, seed: $0)) }])
        let table = makeTable(source)
        table.anchoring = .end
        table.viewportHeight = 400
        table.contentInset = (top: 10, bottom: 24)
        try table.scrollToRow(at: IndexPath(row: n - 1, section: 0), at: .bottom)
        return (source, table)
    }

    func isAtEnd(_ table: TableView) -> Bool { abs(table.contentOffset - table.contentOffsetRange.upperBound) <= 1e-9 }

    /// The bottom of the last row, on screen.
    func lastBottom(_ table: TableView, _ source: RowsDataSource) -> Double {
        let r = ViewportReference(table)
        let last = r.frames.last!
        return last.top + last.height - r.visibleTop
    }

    @Test func chatFollowsAppendsAtTheEndAndKeepsTheBottomForPrependsAndGrowth() throws {
        let (source, table) = try chat(rows: 60)
        #expect(isAtEnd(table))
        let bottom = lastBottom(table, source)
        // The last row's bottom sits on the visible area's bottom.
        #expect(abs(bottom - (400 - 24)) <= 1e-6)

        // Appended while at the end: followed.
        source.sections[0] += (60..<63).map { Row(id: $0, text: words(20, seed: $0)) }
        var u = BatchUpdates()
        u.insertItems(at: (60..<63).map { IndexPath(row: $0, section: 0) })
        try table.performBatchUpdates(u)
        try table.layoutViewport()
        #expect(isAtEnd(table))
        #expect(abs(lastBottom(table, source) - bottom) <= 1e-6)

        // Prepended: the bottom stays.
        source.sections[0].insert(contentsOf: (100..<105).map { Row(id: $0, text: words(33, seed: $0)) }, at: 0)
        u = BatchUpdates()
        u.insertItems(at: (0..<5).map { IndexPath(row: $0, section: 0) })
        try table.performBatchUpdates(u)
        try table.layoutViewport()
        #expect(isAtEnd(table))
        #expect(abs(lastBottom(table, source) - bottom) <= 1e-6)

        // The last row grows (a message streaming in): it grows upward.
        let lastIP = IndexPath(row: source.sections[0].count - 1, section: 0)
        let oldHeight = table.rectForRow(at: lastIP).height
        source.sections[0][lastIP.row].text = words(80, seed: 3)
        u = BatchUpdates()
        u.reloadItems(at: [lastIP])
        try table.performBatchUpdates(u)
        try table.layoutViewport()
        #expect(table.rectForRow(at: lastIP).height > oldHeight)
        #expect(isAtEnd(table))
        #expect(abs(lastBottom(table, source) - bottom) <= 1e-6)
    }

    @Test func awayFromTheEndChatKeepsTheLastVisibleRowsBottom() throws {
        let (source, table) = try chat(rows: 80)
        try table.scroll(by: -900)
        #expect(!isAtEnd(table))
        let last = try #require(table.indexPathsForVisibleRows.last)
        let id = source.row(at: last).id
        func bottomOfAnchor() throws -> Double {
            let ip = try #require(source.indexPath(ofID: id))
            let r = ViewportReference(table)
            let f = try #require(r.frames.first { $0.indexPath == ip })
            return f.top + f.height - r.visibleTop
        }
        let before = try bottomOfAnchor()
        // Appended below: not followed. Prepended above: nothing moves.
        let n = source.sections[0].count
        source.sections[0].append(Row(id: 1000, text: words(12)))
        source.sections[0].insert(contentsOf: [Row(id: 1001, text: words(40)), Row(id: 1002, text: words(9))], at: 0)
        var u = BatchUpdates()
        u.insertItems(at: [IndexPath(row: 0, section: 0), IndexPath(row: 1, section: 0), IndexPath(row: n + 2, section: 0)])
        try table.performBatchUpdates(u)
        try table.layoutViewport()
        #expect(!isAtEnd(table))
        #expect(abs(try bottomOfAnchor() - before) <= 1e-6)
    }
}
