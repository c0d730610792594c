import AutoLayout
import Foundation
import SelfSizing
import Testing

/// Scrolling a table's viewport: exact scroll-to-row over unknown heights at every position,
/// clamping as UIKit clamps, running-mean estimates, and the scroll simulation.
@Suite struct ViewportScrollTests {
    static let rows = (0..<36).map { Row(id: $0, text: words(1 + $0 * 17 % 55, seed: $0)) }

    /// Three sections with headers and footers, insets, estimates far from the heights.
    func table(_ source: RowsDataSource) -> TableView {
        let table = makeTable(source)
        table.sectionHeaderHeight = 30
        table.sectionFooterHeight = 12
        table.tableHeaderHeight = 50
        table.contentInset = (top: 20, bottom: 34)
        table.viewportHeight = 300
        table.estimatedRowHeight = 44
        return table
    }

    func source() -> RowsDataSource {
        RowsDataSource([Array(Self.rows[0..<12]), Array(Self.rows[12..<20]), Array(Self.rows[20...])])
    }

    /// UIKit's rule, written plainly in UIKit's coordinates (frames from the top of the content
    /// below the inset) over a table with every row measured: where the row shows on screen.
    func uikitScreenY(_ measured: TableView, _ ip: IndexPath, _ position: ScrollPosition) -> Double {
        let top = Double(measured.contentInset.top), bottom = Double(measured.contentInset.bottom)
        let h = Double(measured.viewportHeight)
        let frame = measured.rectForRow(at: ip)
        let y = Double(frame.minY) - top, rowHeight = Double(frame.height)
        let contentHeight = Double(measured.contentSize.height) - top - bottom
        let area = h - top - bottom
        let offset: Double
        switch position {
        case .top: offset = y - top
        case .bottom: offset = y + rowHeight - h + bottom
        case .middle: offset = y + rowHeight / 2 - top - area / 2
        case .none:
            // From the top: a row below the visible area comes up to its bottom, or to its top
            // when taller than the area (the least scroll that shows its top).
            offset = y + rowHeight <= h - top - bottom ? -top : rowHeight > area ? y - top : y + rowHeight - h + bottom
        }
        let clamped = min(max(offset, -top), max(-top, contentHeight - h + bottom))
        return y - clamped
    }

    @Test(arguments: ScrollPosition.allCases)
    func scrollToRowLandsExactlyOverUnknownHeights(position: ScrollPosition) throws {
        let reference = table(source())
        let referenceSource = source()
        reference.dataSource = referenceSource
        try reference.layoutAllRows()
        let s = source()
        for ip in (0..<3).flatMap({ sec in (0..<s.sections[sec].count).map { IndexPath(row: $0, section: sec) } }) {
            let t = table(s)
            try t.scrollToRow(at: ip, at: position)
            let shown = Double(t.rectForRow(at: ip).minY - t.contentInset.top - t.contentOffset)
            let expected = uikitScreenY(reference, ip, position)
            #expect(abs(shown - expected) <= 1e-6, "\(ip) at \(position): shows at \(shown), UIKit's rule says \(expected)")
            // Only what the placement and the band need was measured.
            #expect(t.numberOfMeasuredRows < Self.rows.count || ip.section == 1, "\(ip)")
            #expect(t.contentOffsetRange.contains(t.contentOffset))
        }
    }

    @Test func withoutAnchoringScrollToRowLandsWhereTheEstimatesSay() throws {
        let s = source()
        var missed = 0
        for row in 4..<12 {
            let t = table(s)
            t.anchoring = .none
            let ip = IndexPath(row: row, section: 2)
            try t.scrollToRow(at: ip, at: .top)
            let shown = Double(t.rectForRow(at: ip).minY - t.contentInset.top - t.contentOffset)
            if abs(shown - Double(t.contentInset.top)) > 1 { missed += 1 }
        }
        #expect(missed > 0)
    }

    @Test func offsetsClampAsUIKitClamps() throws {
        let s = source()
        let t = table(s)
        try t.layoutViewport()
        #expect(t.contentOffset == -20)
        try t.scroll(to: -500)
        #expect(t.contentOffset == -20)
        #expect(try t.scroll(by: -10) == 0)
        try t.scroll(to: 1e9)
        // At the end every row near it is measured: the range's end is the true one there.
        let end = t.contentSize.height - 20 - 34 - 300 + 34
        #expect(abs(t.contentOffset - end) <= 1e-9)
        #expect(t.contentOffsetRange.upperBound == t.contentOffset)
        let applied = try t.scroll(by: -100)
        #expect(applied == -100)
        #expect(try t.scroll(by: .nan) == 0)

        // Content shorter than the bounds: the only offset is the top.
        let shortSource = RowsDataSource([[Row(id: 0, text: "one")]])
        let short = table(shortSource)
        try short.layoutViewport()
        try short.scroll(to: 300)
        #expect(short.contentOffset == -20)
        #expect(short.contentOffsetRange == -20 ... -20)
        #expect(short.indexPathsForVisibleRows == [IndexPath(row: 0, section: 0)])
        #expect(throws: TableViewError.invalidIndexPath(IndexPath(row: 1, section: 0))) {
            try short.scrollToRow(at: IndexPath(row: 1, section: 0), at: .top)
        }
    }

    @Test func automaticDimensionEstimatesWithTheRunningMeanOfEachIdentifier() throws {
        let s = source()
        // Every third row is a frame-layout cell: two identifiers, two means.
        final class Mixed: TableViewDataSource {
            let inner: RowsDataSource
            init(_ inner: RowsDataSource) { self.inner = inner }
            func numberOfSections(in tableView: TableView) -> Int { inner.numberOfSections(in: tableView) }
            func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
                inner.tableView(tableView, numberOfRowsInSection: section)
            }
            func tableView(_ tableView: TableView, cellIdentifierForRowAt indexPath: IndexPath) -> String {
                indexPath.row % 3 == 0 ? "frame" : "text"
            }
            func tableView(_ tableView: TableView, configure cell: TableViewCell, forRowAt indexPath: IndexPath) throws {
                try inner.tableView(tableView, configure: cell, forRowAt: indexPath)
            }
        }
        let mixed = Mixed(s)
        let t = table(s)
        t.dataSource = mixed
        t.estimatedRowHeight = TableView.automaticDimension
        t.overscan = 0
        try t.layoutIfNeeded()
        // Nothing measured yet: 44.
        #expect(t.rowHeights(inSection: 2).allSatisfy { $0 == 44 })
        try t.layoutViewport()
        // A layout again from the cache recounts the means exactly.
        t.reloadDataKeepingHeightCache()
        try t.layoutIfNeeded()
        var sums: [String: (Double, Int)] = [:]
        var unmeasured: [(IndexPath, String)] = []
        for sec in 0..<t.numberOfSections {
            for (r, h) in t.rowHeights(inSection: sec).enumerated() {
                let ip = IndexPath(row: r, section: sec)
                let id = mixed.tableView(t, cellIdentifierForRowAt: ip)
                if t.isRowMeasured(at: ip) {
                    sums[id, default: (0, 0)].0 += Double(h)
                    sums[id, default: (0, 0)].1 += 1
                } else {
                    unmeasured.append((ip, id))
                }
            }
        }
        #expect(sums.count == 2 && !unmeasured.isEmpty)
        for (ip, id) in unmeasured {
            let mean = sums[id]!.0 / Double(sums[id]!.1)
            #expect(abs(Double(t.rectForRow(at: ip).height) - mean) <= 1e-9, "\(ip) \(id)")
        }
    }

    @Test func theSimulationSeesNoJumpWithAnchoringAndMeasuresTheTrueHeightInTheEnd() throws {
        let s = RowsDataSource([(0..<150).map { Row(id: $0, text: words(1 + $0 * 13 % 50, seed: $0)) }])
        let reference = makeTable(s)
        try reference.layoutAllRows()
        let trueHeight = Double(reference.contentSize.height)
        var reports: [ListAnchoring: ScrollReport] = [:]
        for anchoring in ListAnchoring.allCases {
            let t = makeTable(s)
            t.viewportHeight = 600
            t.anchoring = anchoring
            let simulation = ScrollSimulation(table: t, trueContentHeight: trueHeight)
            let report = try simulation.run(jumpingTo: IndexPath(row: 120, section: 0))
            #expect(report.steps > 2 * 300 / Int(simulation.pointsPerFrame))
            #expect(report.rowsMeasured == 150)
            #expect(abs(Double(t.contentSize.height) - trueHeight) <= 1e-6)
            #expect((report.maxIndicatorError ?? 0) > 0)
            reports[anchoring] = report
        }
        #expect(reports[.top]!.maxVisibleJump <= 1e-6)
        #expect(reports[.top]!.landedOnRow == IndexPath(row: 120, section: 0))
        #expect(reports[.top]!.landingError! <= 1e-6)
        #expect(reports[.none]!.maxVisibleJump > 1)
    }
}
