import AutoLayout
import Foundation
import SelfSizing
import Testing

/// The flow layout's line-filling rules, each with numbers computed by hand.
@Suite struct FlowLayoutTests {
    /// Width 375 less insets of 10 each side: L = 355.
    let metrics = SectionMetrics(inset: EdgeInsets(top: 10, left: 10, bottom: 10, right: 10))

    func flow(_ sizes: [CGSize], metrics: SectionMetrics? = nil, width: CGFloat = 375) -> SectionArrangement {
        SectionArrangement(
            kind: .flow, sizes: sizes, metrics: metrics ?? self.metrics, crossLength: width, direction: .vertical)
    }

    func xs(_ section: SectionArrangement) -> [CGFloat] { (0..<section.count).map { section.frame(ofItem: $0).minX } }

    @Test func rule1AvailableLengthIsTheWidthLessTheInsets() {
        #expect(flow([]).availableLength == 355)
        #expect(flow([], width: 15).availableLength == 0)
    }

    /// 100 + 10 + 100 + 10 + 100 = 320 <= 355; a fourth needs 430: three items a line.
    @Test func rule2ItemsFillALineWhileTheyFit() {
        let section = flow(Array(repeating: CGSize(width: 100, height: 50), count: 7))
        #expect(section.lineCount == 3)
        #expect(section.frame(ofItem: 2).minY == 10)
        #expect(section.frame(ofItem: 3).minY == 70)
        #expect(section.frame(ofItem: 6).minY == 130)
        #expect(section.clampedItems.isEmpty)
    }

    /// L = 0.3 holds 0.1 and 0.2 although 0.1 + 0.2 is 0.30000000000000004 in binary.
    @Test func rule2ToleratesRounding() {
        let section = flow(
            [CGSize(width: 0.1, height: 1), CGSize(width: 0.2, height: 1)],
            metrics: SectionMetrics(interitemSpacing: 0), width: 0.3)
        #expect(section.lineCount == 1)
        let exact = flow(
            [CGSize(width: 177.5, height: 1), CGSize(width: 177.5, height: 1), CGSize(width: 1, height: 1)],
            metrics: SectionMetrics(inset: EdgeInsets(left: 5, right: 5)))
        #expect(exact.lineCount == 2)
        #expect(exact.frame(ofItem: 1).maxX == 370)
    }

    /// A 500-wide item starts a line of its own, clamped to 355 (and so at the inset), and is reported.
    @Test func rule2ClampsAnItemWiderThanTheLine() {
        let section = flow([100, 500, 100].map { CGSize(width: $0, height: 40) })
        #expect(section.lineCount == 3)
        #expect(section.frame(ofItem: 1) == CGRect(x: 10, y: 60, width: 355, height: 40))
        #expect(section.size(ofItem: 1) == CGSize(width: 500, height: 40))
        #expect(section.clampedItems == [1])
    }

    /// Three 100-wide items leave 355 - 300 = 55: gaps of 27.5, at 10, 137.5 and 265 (flush right).
    @Test func rule3JustifiesALineThatIsNotTheLast() {
        let section = flow(Array(repeating: CGSize(width: 100, height: 50), count: 7))
        #expect(xs(section)[0..<6] == [10, 137.5, 265, 10, 137.5, 265])
        #expect(section.frame(ofItem: 2).maxX == 365)
    }

    /// 300 + 10 + 300 > 355: each 300-wide item is alone on its line, centred at 10 + 55 / 2.
    @Test func rule4CentresASingleItemThatIsNotTheLast() {
        let section = flow([300, 300, 50].map { CGSize(width: $0, height: 20) })
        #expect(section.lineCount == 3)
        #expect(xs(section) == [37.5, 37.5, 10])
    }

    /// The last line's items sit at 10 and 10 + 100 + 10, not justified; a last single item is leading too.
    @Test func rule5LeadingAlignsTheLastLine() {
        let two = flow(Array(repeating: CGSize(width: 100, height: 50), count: 5))
        #expect(xs(two) == [10, 137.5, 265, 10, 120])
        let one = flow([CGSize(width: 100, height: 50)])
        #expect(xs(one) == [10])
    }

    /// Heights 40, 80 and 60 make a line 80 tall, the others centred 20 and 10 below its top.
    @Test func rule6CentresItemsInTheirLine() {
        let section = flow([40, 80, 60, 30].map { CGSize(width: 100, height: $0) })
        #expect((0..<3).map { section.frame(ofItem: $0).minY } == [30, 10, 20])
        // The second line starts after the first (10 + 80) and the spacing.
        #expect(section.frame(ofItem: 3) == CGRect(x: 10, y: 100, width: 100, height: 30))
    }

    /// header 30 + inset 10 + lines 50 + 10 + 50 + 10 + 50 + inset 10 + footer 20 = 240.
    @Test func rule7StacksHeaderInsetsLinesAndFooter() {
        var metrics = self.metrics
        metrics.headerLength = 30
        metrics.footerLength = 20
        let section = flow(Array(repeating: CGSize(width: 100, height: 50), count: 7), metrics: metrics)
        #expect(section.length == 240)
        #expect(section.frame(ofItem: 0).minY == 40)
        #expect(section.headerFrame == CGRect(x: 0, y: 0, width: 375, height: 30))
        #expect(section.footerFrame == CGRect(x: 0, y: 220, width: 375, height: 20))
        #expect(flow([]).headerFrame == nil)
        #expect(flow([]).footerFrame == nil)
    }

    /// An empty section keeps its header, insets and footer: 30 + 10 + 10 + 20.
    @Test func rule7AnEmptySectionIsHeaderInsetsAndFooter() {
        var metrics = self.metrics
        metrics.headerLength = 30
        metrics.footerLength = 20
        let section = flow([], metrics: metrics)
        #expect(section.length == 70)
        #expect(section.lineCount == 0)
        #expect(section.items(in: CGRect(x: 0, y: 0, width: 375, height: 100)).isEmpty)
        #expect(section.item(at: CGPoint(x: 10, y: 40)) == nil)
    }

    /// The product grid: items `375 / 2 - 10 = 177.5` wide fill lines of two (365 <= 375),
    /// justified with a gap of 20 (second item at 197.5) except the last, leading with a gap of 10.
    @Test func canonicalTwoColumnFlow() {
        let heights: [CGFloat] = [200, 250, 180, 180, 300, 120]
        let section = flow(
            heights.map { CGSize(width: 375 / 2 - 10, height: $0) }, metrics: SectionMetrics())
        #expect(section.lineCount == 3)
        #expect(section.frame(ofItem: 0) == CGRect(x: 0, y: 25, width: 177.5, height: 200))
        #expect(section.frame(ofItem: 1) == CGRect(x: 197.5, y: 0, width: 177.5, height: 250))
        #expect(section.frame(ofItem: 2) == CGRect(x: 0, y: 260, width: 177.5, height: 180))
        #expect(section.frame(ofItem: 3) == CGRect(x: 197.5, y: 260, width: 177.5, height: 180))
        #expect(section.frame(ofItem: 4) == CGRect(x: 0, y: 450, width: 177.5, height: 300))
        #expect(section.frame(ofItem: 5) == CGRect(x: 187.5, y: 540, width: 177.5, height: 120))
        #expect(section.length == 750)
    }

    /// Scrolling horizontally, lines are columns running down from the top inset.
    @Test func horizontalLinesRunDown() {
        let section = SectionArrangement(
            kind: .flow, sizes: Array(repeating: CGSize(width: 50, height: 100), count: 4),
            metrics: SectionMetrics(inset: EdgeInsets(top: 10, left: 20, bottom: 10, right: 5), headerLength: 30),
            crossLength: 375, direction: .horizontal)
        #expect(section.availableLength == 355)
        #expect(section.lineCount == 2)
        #expect(section.frame(ofItem: 0) == CGRect(x: 50, y: 10, width: 50, height: 100))
        #expect(section.frame(ofItem: 2) == CGRect(x: 50, y: 265, width: 50, height: 100))
        #expect(section.frame(ofItem: 3) == CGRect(x: 110, y: 10, width: 50, height: 100))
        #expect(section.headerFrame == CGRect(x: 0, y: 0, width: 30, height: 375))
        // header 30 + inset 20 + lines 50 + 10 + 50 + inset 5.
        #expect(section.length == 165)
    }
}
