import AutoLayout
import Foundation
import SelfSizing
import Testing
import TestSupport

/// `scrollToItem(at:at:)` on collections with unknown sizes lands exactly where it would with
/// every size known (a second collection measured whole first, then scrolled), at every position,
/// scrolling vertically and horizontally, clamped as UIKit clamps; and end anchoring for chat.
@Suite struct ViewportCollectionScrollTests {
    static let items = (0..<260).map { Row(id: $0, text: words(1 + $0 * 11 % 17, seed: $0)) }

    /// Targets: the first item, items in the middle of each section, and items near the end.
    static let targets = [IndexPath(item: 2, section: 0), IndexPath(item: 77, section: 0), IndexPath(item: 40, section: 1),
                          IndexPath(item: 129, section: 1)]

    func sections() -> [[Row]] { [Array(Self.items[0..<130]), Array(Self.items[130...])] }

    @Test(arguments: [ScrollDirection.vertical, .horizontal])
    func landsExactlyWithUnknownSizes(direction: ScrollDirection) throws {
        let knownSource = ChipsDataSource(sections())
        let known = viewportFlow(knownSource, direction)
        try known.layoutAllItems()
        for target in Self.targets {
            for position in ScrollPosition.allCases {
                let context = "\(direction) \(target) \(position)"
                let source = ChipsDataSource(sections())
                let c = viewportFlow(source, direction)
                try known.scroll(to: 0)
                try c.scrollToItem(at: target, at: position)
                try known.scrollToItem(at: target, at: position)
                let landed = try #require(CollectionViewportReference(c).screenStart(target))
                let exact = try #require(CollectionViewportReference(known).screenStart(target))
                #expect(abs(landed - exact) <= 1e-6, "\(context): landed at \(landed), exactly \(exact)")
                // The landing follows UIKit's rule with the sizes the collection has now.
                let frame = try #require(CollectionViewportReference(c).frame(target))
                let length = 300.0
                let range = c.contentOffsetRange
                func clamp(_ x: Double) -> Double { min(max(x, Double(range.lowerBound)), Double(range.upperBound)) }
                let wanted: Double? = switch position {
                case .top: clamp(frame.start)
                case .middle: clamp(frame.start + frame.extent / 2 - length / 2)
                case .bottom, .none: clamp(frame.start + frame.extent - length)
                }
                // `.none` from the top scrolls the least: the item's trailing edge to the bounds'
                // end when it was below them, nothing when it showed whole.
                if position != .none || frame.start + frame.extent > length {
                    #expect(abs(Double(c.contentOffset) - wanted!) <= 1e-6, "\(context)")
                } else {
                    #expect(c.contentOffset == 0, "\(context) \(frame) \(CollectionViewportReference(known).frame(target)!)")
                }
                let unmeasured = CollectionViewportReference(c).items(within: 0).filter { !c.isItemMeasured(at: $0) }
                #expect(unmeasured.isEmpty, "\(context)")
                #expect(c.numberOfMeasuredItems < 260, "\(context): measured everything")
            }
        }
    }

    /// `.none` leaves an item that shows whole where it is, and scrolls the least to one that
    /// does not: its leading edge to the bounds' start when it is before them.
    @Test func noneScrollsTheLeast() throws {
        let source = ChipsDataSource(sections())
        let c = viewportFlow(source, .vertical)
        try c.scrollToItem(at: IndexPath(item: 60, section: 1), at: .middle)
        let offset = c.contentOffset
        let shown = try #require(c.indexPathsForVisibleItems.dropFirst(2).first)
        try c.scrollToItem(at: shown, at: .none)
        #expect(c.contentOffset == offset)
        let before = IndexPath(item: 10, section: 1)
        try c.scrollToItem(at: before, at: .none)
        #expect(abs(try #require(CollectionViewportReference(c).screenStart(before))) <= 1e-6)
    }

    @Test func invalidItemIsAnError() throws {
        let source = ChipsDataSource(sections())
        let c = viewportFlow(source, .vertical)
        #expect(throws: CollectionViewError.self) { try c.scrollToItem(at: IndexPath(item: 130, section: 1), at: .top) }
    }

    /// A data source gone (it is held weakly) leaves estimates in place: scrolling measures
    /// nothing and returns rather than waiting for sizes that cannot come.
    @Test func withoutADataSourceNothingIsMeasuredAndNothingHangs() throws {
        var source: ChipsDataSource? = ChipsDataSource(sections())
        let c = viewportFlow(source!, .vertical)
        try c.layoutIfNeeded()
        source = nil
        #expect(c.dataSource == nil)
        try c.scrollToItem(at: IndexPath(item: 40, section: 1), at: .middle)
        #expect(c.indexPathsForVisibleItems.contains(IndexPath(item: 40, section: 1)))
        try c.scroll(by: 200)
        try c.layoutViewport()
        #expect(c.numberOfMeasuredItems == 0)
    }

    // MARK: - End anchoring (chat)

    func chat(_ n: Int, _ direction: ScrollDirection = .vertical) throws -> (ChipsDataSource, CollectionView) {
        let source = ChipsDataSource([(0..<n).map { Row(id: $0, text: words(1 + $0 * 11 % 30, seed: $0)) }])
        let c = viewportFlow(source, direction, anchoring: .end)
        try c.scroll(to: 1e9)
        return (source, c)
    }

    func isAtEnd(_ c: CollectionView) -> Bool { abs(c.contentOffset - c.contentOffsetRange.upperBound) <= 1e-9 }

    /// Where the content's end shows on screen.
    func endOnScreen(_ c: CollectionView) -> Double {
        Double((c.layout.scrollDirection == .vertical ? c.contentSize.height : c.contentSize.width) - c.contentOffset)
    }

    @Test(arguments: [ScrollDirection.vertical, .horizontal])
    func chatFollowsAppendsAndKeepsTheEndForPrependsAndGrowth(direction: ScrollDirection) throws {
        let (source, c) = try chat(150, direction)
        #expect(isAtEnd(c))
        #expect(abs(endOnScreen(c) - 300) <= 1e-6)
        var u = BatchUpdates()

        // Appended while at the end: followed, the new items measured.
        source.sections[0] += (150..<156).map { Row(id: $0, text: words(14, seed: $0)) }
        u.insertItems(at: (150..<156).map { IndexPath(item: $0, section: 0) })
        try c.performBatchUpdates(u)
        try c.layoutViewport()
        #expect(isAtEnd(c))
        #expect(abs(endOnScreen(c) - 300) <= 1e-6)
        #expect(c.indexPathsForVisibleItems.contains(IndexPath(item: 155, section: 0)))
        #expect(c.isItemMeasured(at: IndexPath(item: 155, section: 0)))

        // Prepended: the end stays.
        source.sections[0].insert(contentsOf: (500..<508).map { Row(id: $0, text: words(9, seed: $0)) }, at: 0)
        u = BatchUpdates()
        u.insertItems(at: (0..<8).map { IndexPath(item: $0, section: 0) })
        try c.performBatchUpdates(u)
        try c.layoutViewport()
        #expect(isAtEnd(c))
        #expect(abs(endOnScreen(c) - 300) <= 1e-6)

        // The last item grows (a message streaming in): it grows back from the end.
        let last = IndexPath(item: source.sections[0].count - 1, section: 0)
        let old = try #require(CollectionViewportReference(c).frame(last)).extent
        source.sections[0][last.item].text = words(60, seed: 2)
        u = BatchUpdates()
        u.reloadItems(at: [last])
        try c.performBatchUpdates(u)
        try c.layoutViewport()
        #expect(try #require(CollectionViewportReference(c).frame(last)).extent > old)
        #expect(isAtEnd(c))
        #expect(abs(endOnScreen(c) - 300) <= 1e-6)
    }

    @Test func awayFromTheEndChatKeepsTheLastVisibleItemsTrailingEdge() throws {
        let (source, c) = try chat(200)
        try c.scroll(by: -900)
        #expect(!isAtEnd(c))
        let last = try #require(c.indexPathsForVisibleItems.last)
        let id = source.item(at: last).id
        func trailing() throws -> Double {
            let r = CollectionViewportReference(c)
            let ip = try #require(source.indexPath(ofID: id))
            let f = try #require(r.frame(ip))
            return f.start + f.extent - r.visibleStart
        }
        let before = try trailing()
        // Appended below: not followed. Prepended above and measured: nothing moves.
        let n = source.sections[0].count
        source.sections[0].append(Row(id: 1000, text: words(12)))
        source.sections[0].insert(contentsOf: [Row(id: 1001, text: words(40)), Row(id: 1002, text: words(9))], at: 0)
        var u = BatchUpdates()
        u.insertItems(at: [IndexPath(item: 0, section: 0), IndexPath(item: 1, section: 0), IndexPath(item: n + 2, section: 0)])
        try c.performBatchUpdates(u)
        try c.layoutViewport()
        try c.measureItem(at: IndexPath(item: 0, section: 0))
        try c.layoutAllItems()
        #expect(!isAtEnd(c))
        #expect(abs(try trailing() - before) <= 1e-6)
    }

    /// Scrolling down into the end with `.end` keeps to the end while the last items are measured.
    @Test func scrollingIntoTheEndStaysThere() throws {
        let source = ChipsDataSource([(0..<200).map { Row(id: $0, text: words(1 + $0 * 11 % 30, seed: $0)) }])
        let c = viewportFlow(source, .vertical, anchoring: .end)
        try c.layoutViewport()
        try c.scroll(to: 1e6)
        #expect(isAtEnd(c))
        #expect(CollectionViewportReference(c).items(within: 0).allSatisfy { c.isItemMeasured(at: $0) })
    }
}
