import AutoLayout
import Foundation
import SelfSizing
import Testing

/// The grid's rows, with numbers computed by hand.
@Suite struct GridLayoutTests {
    /// Width 375 less insets of 5 each side: L = 365, two columns of (365 - 10) / 2 = 177.5.
    let metrics = SectionMetrics(inset: EdgeInsets(top: 0, left: 5, bottom: 0, right: 5))
    let heights: [CGFloat] = [100, 150, 120]

    func grid(uniform: Bool, columns: Int = 2) -> SectionArrangement {
        SectionArrangement(
            kind: .grid(columns: columns, uniformHeights: uniform),
            sizes: heights.map { CGSize(width: 1, height: $0) }, metrics: metrics, crossLength: 375,
            direction: .vertical)
    }

    @Test func itemLengthSharesTheLineLessTheSpacing() {
        #expect(SectionArrangement.gridItemLength(columns: 2, metrics: metrics, crossLength: 375, direction: .vertical) == 177.5)
        #expect(grid(uniform: false).gridItemLength == 177.5)
        #expect(SectionArrangement.gridItemLength(columns: 3, metrics: SectionMetrics(), crossLength: 320, direction: .vertical) == 100)
        #expect(SectionArrangement.gridItemLength(columns: 0, metrics: SectionMetrics(), crossLength: 320, direction: .vertical) == 320)
        let flow = SectionArrangement(kind: .flow, sizes: [], metrics: metrics, crossLength: 375, direction: .vertical)
        #expect(flow.gridItemLength == nil)
    }

    /// Rows of two: the first as tall as its 150-tall item, the second at 150 + 10.
    @Test func topAlignedItemsKeepTheirHeights() {
        let section = grid(uniform: false)
        #expect(section.lineCount == 2)
        #expect(section.frame(ofItem: 0) == CGRect(x: 5, y: 0, width: 177.5, height: 100))
        #expect(section.frame(ofItem: 1) == CGRect(x: 192.5, y: 0, width: 177.5, height: 150))
        #expect(section.frame(ofItem: 2) == CGRect(x: 5, y: 160, width: 177.5, height: 120))
        #expect(section.size(ofItem: 0) == CGSize(width: 1, height: 100))
        #expect(section.length == 280)
        #expect(section.clampedItems.isEmpty)
    }

    @Test func uniformItemsStretchToTheRow() {
        let section = grid(uniform: true)
        #expect(section.frame(ofItem: 0) == CGRect(x: 5, y: 0, width: 177.5, height: 150))
        #expect(section.frame(ofItem: 1) == CGRect(x: 192.5, y: 0, width: 177.5, height: 150))
        #expect(section.frame(ofItem: 2) == CGRect(x: 5, y: 160, width: 177.5, height: 120))
    }

    /// An item growing makes its row taller and moves the rows after it; one shrinking back restores them.
    @Test func setSizeChangesTheRow() {
        var section = grid(uniform: false)
        section.setSize(CGSize(width: 1, height: 200), ofItem: 0)
        #expect(section.frame(ofItem: 2).minY == 210)
        section.setSize(CGSize(width: 1, height: 100), ofItem: 0)
        let fresh = grid(uniform: false)
        #expect((0..<3).map(section.frame(ofItem:)) == (0..<3).map(fresh.frame(ofItem:)))
        #expect(section.length == fresh.length)
    }

    /// Scrolling horizontally, a grid's rows are columns: items 177.5 tall, as wide as given.
    @Test func horizontalRowsAreColumns() {
        let section = SectionArrangement(
            kind: .grid(columns: 2, uniformHeights: false), sizes: heights.map { CGSize(width: $0, height: 1) },
            metrics: SectionMetrics(inset: EdgeInsets(top: 5, left: 0, bottom: 5, right: 0)), crossLength: 375,
            direction: .horizontal)
        #expect(section.frame(ofItem: 1) == CGRect(x: 0, y: 192.5, width: 150, height: 177.5))
        #expect(section.frame(ofItem: 2) == CGRect(x: 160, y: 5, width: 120, height: 177.5))
    }
}
