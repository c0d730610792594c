import AutoLayout
import Foundation
import SelfSizing
import Testing
import TestSupport

/// A collection's viewport: over seeded random scrolls of a self-sizing flow layout (several
/// chips a line, estimates far from their sizes), the first visible item moves by exactly the
/// scroll with anchoring `.top`, every item in the band is measured, and without anchoring items
/// jump.
@Suite struct ViewportCollectionTests {
    func collection(_ source: ChipsDataSource, anchoring: ListAnchoring) -> CollectionView {
        let layout = FlowLayout()
        layout.estimatedItemSize = CGSize(width: 60, height: 30)
        layout.sectionInset = EdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
        let c = makeCollection(source, layout: layout)
        c.height = 500
        c.anchoring = anchoring
        return c
    }

    func screenY(_ c: CollectionView, _ ip: IndexPath) -> Double {
        Double(c.layoutAttributesForItem(at: ip)!.frame.minY - c.contentOffset)
    }

    @Test(arguments: 0..<2)
    func firstVisibleItemMovesByExactlyTheScroll(seed: Int) throws {
        var rng = SeededGenerator(seed: UInt64(seed) * 31 + 7)
        let items = (0..<400).map { Row(id: $0, text: words(Int.random(in: 1...14, using: &rng), seed: $0)) }
        let source = ChipsDataSource([Array(items[0..<200]), Array(items[200...])])
        let c = collection(source, anchoring: .top)
        c.overscan = 150
        try c.layoutViewport()
        try c.scroll(to: 2500)
        var checked = 0
        for step in 0..<60 {
            let first = try #require(c.indexPathsForVisibleItems.first)
            let y = screenY(c, first)
            let applied = try c.scroll(by: CGFloat(Double.random(in: -400...400, using: &rng)))
            let range = 0...max(0, c.contentSize.height - 500)
            #expect(range.contains(c.contentOffset), "seed \(seed) step \(step)")
            if c.contentOffset > range.lowerBound && c.contentOffset < range.upperBound {
                #expect(abs(screenY(c, first) - (y - Double(applied))) <= 1e-6, "seed \(seed) step \(step)")
                checked += 1
            }
            let band = CGRect(x: 0, y: c.contentOffset - c.overscan, width: 375, height: 500 + 2 * c.overscan)
            #expect(c.indexPathsForItems(in: band).allSatisfy { c.isItemMeasured(at: $0) }, "seed \(seed) step \(step)")
        }
        #expect(checked >= 30)
    }

    @Test func withoutAnchoringItemsJump() throws {
        var jumps: [ListAnchoring: Double] = [:]
        for anchoring in [ListAnchoring.none, .top] {
            let items = (0..<300).map { Row(id: $0, text: words(1 + $0 * 7 % 13, seed: $0)) }
            let source = ChipsDataSource([items])
            let c = collection(source, anchoring: anchoring)
            c.overscan = 100
            try c.scroll(to: 4000)
            var largest = 0.0
            for _ in 0..<25 {
                let first = try #require(c.indexPathsForVisibleItems.first)
                let y = screenY(c, first)
                let applied = try c.scroll(by: -70)
                largest = max(largest, abs(screenY(c, first) - (y - Double(applied))))
            }
            jumps[anchoring] = largest
        }
        #expect(jumps[.top]! <= 1e-6)
        #expect(jumps[.none]! > 1)
    }
}
