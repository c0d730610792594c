import AutoLayout
import Foundation
import SelfSizing
import Testing
import TestSupport

extension ChipsDataSource {
    /// Where the item of an identity is now.
    func indexPath(ofID id: Int) -> IndexPath? {
        for (s, items) in sections.enumerated() {
            if let i = items.firstIndex(where: { $0.id == id }) { return IndexPath(item: i, section: s) }
        }
        return nil
    }

    func item(at ip: IndexPath) -> Row { sections[ip.section][ip.item] }
}

/// The viewport as a plain reference reads it from a collection's frames: every item's frame
/// asked for one by one (no range queries), the bounds at `contentOffset` along the scroll axis.
struct CollectionViewportReference {
    struct Frame {
        var indexPath: IndexPath
        var start: Double
        var extent: Double
    }

    let frames: [Frame]
    let visibleStart: Double
    let visibleEnd: Double

    init(_ c: CollectionView) {
        let vertical = c.layout.scrollDirection == .vertical
        var out: [Frame] = []
        for s in 0..<c.numberOfSections {
            for i in 0..<c.numberOfItems(inSection: s) {
                let f = c.layoutAttributesForItem(at: IndexPath(item: i, section: s))!.frame
                out.append(Frame(indexPath: IndexPath(item: i, section: s), start: Double(vertical ? f.minY : f.minX),
                                 extent: Double(vertical ? f.height : f.width)))
            }
        }
        frames = out
        visibleStart = Double(c.contentOffset)
        visibleEnd = visibleStart + Double(vertical ? c.height : c.width)
    }

    /// Items any part of which the bounds show.
    var visibleItems: [IndexPath] {
        frames.filter { $0.start < visibleEnd && $0.start + $0.extent > visibleStart }.map(\.indexPath)
    }

    /// Items any part of which lies in the bounds widened by `band` each way.
    func items(within band: Double) -> [IndexPath] {
        frames.filter { $0.start <= visibleEnd + band && $0.start + $0.extent >= visibleStart - band }.map(\.indexPath)
    }

    func frame(_ ip: IndexPath) -> Frame? { frames.first { $0.indexPath == ip } }

    /// Where an item's leading edge shows on screen along the scroll axis.
    func screenStart(_ ip: IndexPath) -> Double? { frame(ip).map { $0.start - visibleStart } }
}

/// A self-sizing flow scrolling `direction`: chips with estimates far from their sizes, a 300
/// point viewport along the scroll axis (small, to measure little: the tests stay fast).
func viewportFlow(_ source: ChipsDataSource, _ direction: ScrollDirection, anchoring: ListAnchoring = .top) -> CollectionView {
    let layout = FlowLayout()
    layout.scrollDirection = direction
    layout.estimatedItemSize = CGSize(width: 60, height: 30)
    layout.sectionInset = EdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
    layout.headerReferenceSize = CGSize(width: 24, height: 24)
    let c = makeCollection(source, width: direction == .vertical ? 320 : 300, layout: layout)
    c.height = direction == .vertical ? 300 : 280
    c.anchoring = anchoring
    c.overscan = 60
    return c
}

/// A self-sizing grid of three columns, rows as tall as their tallest item, scrolling vertically
/// with the viewport of ``viewportFlow(_:_:anchoring:)``.
func viewportGrid(_ source: ChipsDataSource) -> CollectionView {
    let layout = GridLayout(columns: 3)
    layout.estimatedItemHeight = 30
    layout.uniformAcrossSiblings = true
    layout.contentInsets = EdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
    layout.headerLength = 24
    let c = makeCollection(source, width: 320, layout: layout)
    c.height = 300
    c.overscan = 60
    return c
}

/// Anchoring on collections (flows both ways, a grid) over seeded random sequences of scrolls,
/// measures, batch updates above and below the viewport (inserts, deletes, moves, reloads), a
/// full layout, and cross length and category changes, against ``CollectionViewportReference``: after every step the
/// first visible item shows where it did (moved by exactly the scroll, for a scroll), unless the
/// offset had to be clamped to the content; every item of the bounds and the overscan band is
/// measured; the visible items are the reference's.
@Suite struct ViewportCollectionAnchoringTests {
    @Test(arguments: [(ScrollDirection.vertical, false, 0), (.vertical, false, 1), (.horizontal, false, 2), (.vertical, true, 3)])
    func firstVisibleItemNeverMoves(direction: ScrollDirection, grid: Bool, seed: Int) throws {
        var rng = SeededGenerator(seed: UInt64(seed) * 7919 + 5)
        var nextID = 0
        func newItem() -> Row {
            defer { nextID += 1 }
            return Row(id: nextID, text: words(Int.random(in: 1...16, using: &rng), seed: nextID))
        }
        let source = ChipsDataSource([(0..<90).map { _ in newItem() }, (0..<90).map { _ in newItem() }])
        let c = grid ? viewportGrid(source) : viewportFlow(source, direction)
        try c.layoutViewport()
        try c.scroll(to: 1200)
        var checked = 0

        for step in 0..<(grid ? 45 : 70) {
            let context = "\(grid ? "grid" : "flow") \(direction) seed \(seed) step \(step)"
            let before = CollectionViewportReference(c)
            let first = try #require(c.indexPathsForVisibleItems.first, "\(context)")
            let anchorID = source.item(at: first).id
            let anchorStart = try #require(before.screenStart(first))
            let flat = source.sections.enumerated().flatMap { s, items in items.indices.map { IndexPath(item: $0, section: s) } }
            let firstIndex = flat.firstIndex(of: first)!
            var expected = anchorStart
            var checksAnchor = true
            var action = ""
            switch Int.random(in: 0..<12, using: &rng) {
            case 0, 1:
                let delta = CGFloat(Double.random(in: -350...350, using: &rng))
                expected = anchorStart - Double(try c.scroll(by: delta))
                action = "scroll by \(delta)"
            case 2:
                try c.scroll(to: CGFloat(Double.random(in: -100...8000, using: &rng)))
                checksAnchor = false
                action = "scroll to"
            case 3:
                let ip = flat[Int.random(in: 0..<flat.count, using: &rng)]
                try c.measureItem(at: ip)
                action = "measure \(ip)"
            case 4 where firstIndex > 0:
                let at = flat[Int.random(in: 0..<firstIndex, using: &rng)]
                let n = Int.random(in: 1...4, using: &rng)
                source.sections[at.section].insert(contentsOf: (0..<n).map { _ in newItem() }, at: at.item)
                var u = BatchUpdates()
                u.insertItems(at: (0..<n).map { IndexPath(item: at.item + $0, section: at.section) })
                try c.performBatchUpdates(u)
                action = "insert \(n) above at \(at)"
            case 5 where firstIndex > 0:
                let at = flat[Int.random(in: 0..<firstIndex, using: &rng)]
                source.sections[at.section].remove(at: at.item)
                var u = BatchUpdates()
                u.deleteItems(at: [at])
                try c.performBatchUpdates(u)
                action = "delete above at \(at)"
            case 6 where firstIndex > 0:
                // An item above moved elsewhere in its section (maybe below the viewport).
                let from = flat[Int.random(in: 0..<firstIndex, using: &rng)]
                let count = source.sections[from.section].count
                let to = IndexPath(item: Int.random(in: 0..<count, using: &rng), section: from.section)
                let moved = source.sections[from.section].remove(at: from.item)
                source.sections[to.section].insert(moved, at: to.item)
                var u = BatchUpdates()
                u.moveItem(at: from, to: to)
                try c.performBatchUpdates(u)
                action = "move \(from) to \(to)"
            case 7:
                // A reload above, or of the first visible item itself (it keeps its leading edge).
                let at = Bool.random(using: &rng) || firstIndex == 0 ? first : flat[Int.random(in: 0..<firstIndex, using: &rng)]
                source.sections[at.section][at.item].text = words(Int.random(in: 1...16, using: &rng), seed: step)
                var u = BatchUpdates()
                u.reloadItems(at: [at])
                try c.performBatchUpdates(u)
                action = "reload \(at)"
            case 8:
                // The cross length: the lines re-flow and every item is measured again.
                if direction == .vertical { c.width = c.width == 320 ? 290 : 320 } else { c.height = c.height == 280 ? 250 : 280 }
                action = "cross length"
            case 9:
                c.contentSizeCategory = c.contentSizeCategory == .large ? .extraLarge : .large
                action = "category"
            case 10 where step % 4 == 0:
                try c.layoutAllItems()
                action = "layout all"
            default:
                // Below the viewport: an item replaced far down.
                let last = flat.count - 1
                guard firstIndex + 60 < last else { continue }
                let at = flat[Int.random(in: (firstIndex + 50)...last, using: &rng)]
                source.sections[at.section][at.item] = newItem()
                var u = BatchUpdates()
                u.deleteItems(at: [at])
                u.insertItems(at: [at])
                try c.performBatchUpdates(u)
                action = "replace below at \(at)"
            }
            try c.layoutViewport()

            let after = CollectionViewportReference(c)
            let range = c.contentOffsetRange
            #expect(range.contains(c.contentOffset), "\(context): \(action)")
            let clamped = abs(c.contentOffset - range.lowerBound) < 1e-9 || abs(c.contentOffset - range.upperBound) < 1e-9
            if checksAnchor && !clamped {
                let ip = try #require(source.indexPath(ofID: anchorID), "\(context): \(action)")
                let start = try #require(after.screenStart(ip))
                checked += 1
                #expect(abs(start - expected) <= 1e-6, "\(context): \(action): the first visible item moved from \(expected) to \(start)")
            }
            #expect(c.indexPathsForVisibleItems == after.visibleItems, "\(context): \(action)")
            let unmeasured = after.items(within: Double(c.overscan)).filter { !c.isItemMeasured(at: $0) }
            #expect(unmeasured.isEmpty, "\(context): \(action): unmeasured items in the band: \(unmeasured)")
        }
        #expect(checked >= (grid ? 20 : 30), "\(direction) seed \(seed): only \(checked) steps checked")
    }

    /// UIKit's behaviour for contrast: with anchoring `.none`, items inserted and measured above
    /// move what the bounds show; with `.top` nothing moves.
    @Test func withoutAnchoringUpdatesAboveJump() throws {
        var jumps: [ListAnchoring: Double] = [:]
        for anchoring in [ListAnchoring.none, .top] {
            let source = ChipsDataSource([(0..<300).map { Row(id: $0, text: words(1 + $0 * 7 % 13, seed: $0)) }])
            let c = viewportFlow(source, .vertical, anchoring: anchoring)
            try c.scroll(to: 3000)
            let first = try #require(c.indexPathsForVisibleItems.first)
            let id = source.item(at: first).id
            let y = try #require(CollectionViewportReference(c).screenStart(first))
            source.sections[0].insert(contentsOf: (1000..<1010).map { Row(id: $0, text: words(12, seed: $0)) }, at: 3)
            var u = BatchUpdates()
            u.insertItems(at: (3..<13).map { IndexPath(item: $0, section: 0) })
            try c.performBatchUpdates(u)
            try c.measureItem(at: IndexPath(item: 20, section: 0))
            try c.layoutViewport()
            let now = try #require(CollectionViewportReference(c).screenStart(source.indexPath(ofID: id)!))
            jumps[anchoring] = abs(now - y)
        }
        #expect(jumps[.top]! <= 1e-6)
        #expect(jumps[.none]! > 1)
    }

    /// The indicator's error: the content length with estimates less the true one, which
    /// measuring everything brings to 0.
    @Test func indicatorErrorShrinksToZero() throws {
        let items = (0..<90).map { Row(id: $0, text: words(1 + $0 * 5 % 15, seed: $0)) }
        let truthSource = ChipsDataSource([items])
        let truth = viewportFlow(truthSource, .vertical)
        try truth.layoutAllItems()
        let trueLength = truth.contentSize.height
        let source = ChipsDataSource([items])
        let c = viewportFlow(source, .vertical)
        try c.layoutViewport()
        let error = c.estimatedContentLengthError(trueContentLength: trueLength)
        #expect(abs(error - (c.contentSize.height - trueLength)) <= 1e-9)
        #expect(abs(error) > 1)
        #expect(c.numberOfMeasuredItems < 90)
        try c.layoutAllItems()
        #expect(c.numberOfMeasuredItems == 90)
        #expect(abs(c.estimatedContentLengthError(trueContentLength: trueLength)) <= 1e-6)
    }
}
