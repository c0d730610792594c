import AutoLayout
import Foundation
import SelfSizing
import Testing
import TestSupport

/// Model-based tests of a collection's caches and geometry: seeded random batch updates of items
/// and sections in UIKit's order, against a reference that knows which items are cached; and
/// geometry queries against a brute-force scan of every frame.
@Suite struct CollectionModelTests {
    @Test(arguments: 0..<4)
    func cachedSizesFollowBatchUpdates(batch: Int) throws {
        var rng = SeededGenerator(seed: UInt64(7_000 + batch))
        var nextID = 0
        func newRow() -> Row {
            defer { nextID += 1 }
            return Row(id: nextID, text: words(1 + Int.random(in: 0...20, using: &rng), seed: nextID))
        }
        let source = ChipsDataSource((0..<3).map { _ in (0..<Int.random(in: 0...12, using: &rng)).map { _ in newRow() } })
        let layout = GridLayout(columns: 3)
        let collection = makeCollection(source, layout: layout)
        try collection.layoutAllItems()
        // The ids whose size is cached in the current context.
        var cached = Set(source.sections.joined().map(\.id))
        let itemWidth = (375 - 20) / 3.0
        for step in 0..<60 {
            var u = BatchUpdates()
            let nonEmpty = source.sections.indices.filter { !source.sections[$0].isEmpty }
            switch Int.random(in: 0..<6, using: &rng) {
            case 0 where !nonEmpty.isEmpty:
                let s = nonEmpty.randomElement(using: &rng)!
                let i = Int.random(in: 0..<source.sections[s].count, using: &rng)
                cached.remove(source.sections[s].remove(at: i).id)
                u.deleteItems(at: [IndexPath(item: i, section: s)])
            case 1:
                let s = Int.random(in: 0..<source.sections.count, using: &rng)
                let i = Int.random(in: 0...source.sections[s].count, using: &rng)
                source.sections[s].insert(newRow(), at: i)
                u.insertItems(at: [IndexPath(item: i, section: s)])
            case 2 where !nonEmpty.isEmpty:
                let s = nonEmpty.randomElement(using: &rng)!
                let i = Int.random(in: 0..<source.sections[s].count, using: &rng)
                let row = source.sections[s].remove(at: i)
                let t = Int.random(in: 0..<source.sections.count, using: &rng)
                let j = Int.random(in: 0...source.sections[t].count, using: &rng)
                source.sections[t].insert(row, at: j)
                u.moveItem(at: IndexPath(item: i, section: s), to: IndexPath(item: j, section: t))
            case 3 where !nonEmpty.isEmpty:
                let s = nonEmpty.randomElement(using: &rng)!
                let i = Int.random(in: 0..<source.sections[s].count, using: &rng)
                source.sections[s][i].text = words(1 + Int.random(in: 0...20, using: &rng), seed: step)
                cached.remove(source.sections[s][i].id)
                u.reloadItems(at: [IndexPath(item: i, section: s)])
            case 4:
                let s = Int.random(in: 0...source.sections.count, using: &rng)
                source.sections.insert((0..<Int.random(in: 0...4, using: &rng)).map { _ in newRow() }, at: s)
                u.insertSections([s])
            default:
                guard source.sections.count > 1 else { continue }
                let s = Int.random(in: 0..<source.sections.count, using: &rng)
                for row in source.sections.remove(at: s) { cached.remove(row.id) }
                u.deleteSections([s])
            }
            try collection.performBatchUpdates(u)
            let before = collection.statistics.layoutPasses
            try collection.layoutAllItems()
            let uncached = source.sections.joined().filter { !cached.contains($0.id) }.count
            #expect(collection.statistics.layoutPasses - before == uncached, "step \(step): layout passes")
            cached = Set(source.sections.joined().map(\.id))
            for (s, rows) in source.sections.enumerated() {
                for (i, row) in rows.enumerated() {
                    let frame = try #require(collection.layoutAttributesForItem(at: IndexPath(item: i, section: s))?.frame)
                    #expect(frame.height == freshSize(row.text, .fixedWidth(itemWidth)).height, "step \(step): [\(s), \(i)]")
                }
            }
        }
    }

    /// Updates that disagree with the data source are the lists' error, and the collection reloads.
    @Test func inconsistentUpdatesThrowAndReload() throws {
        let source = ChipsDataSource([[Row(id: 1, text: "a"), Row(id: 2, text: "b")]])
        let collection = makeCollection(source, layout: GridLayout(columns: 2))
        try collection.layoutAllItems()
        var u = BatchUpdates()
        u.insertItems(at: [IndexPath(item: 0, section: 0)])
        #expect(throws: CollectionViewError.invalidUpdate(.itemCountMismatch(section: 0, dataSource: 2, result: 3))) {
            try collection.performBatchUpdates(u)
        }
        try collection.layoutAllItems()
        #expect(collection.numberOfItems(inSection: 0) == 2)
    }

    @Test(arguments: [ScrollDirection.vertical, .horizontal])
    func geometryQueriesAgreeWithAScan(direction: ScrollDirection) throws {
        var rng = SeededGenerator(seed: 42)
        let source = ChipsDataSource((0..<4).map { s in (0..<Int.random(in: 0...40, using: &rng)).map { Row(id: s * 100 + $0, text: words(1 + $0 % 9, seed: $0)) } })
        let layout = FlowLayout()
        layout.scrollDirection = direction
        layout.estimatedItemSize = FlowLayout.automaticSize
        layout.headerReferenceSize = CGSize(width: 30, height: 30)
        layout.sectionInset = EdgeInsets(top: 4, left: 6, bottom: 8, right: 10)
        let collection = makeCollection(source, layout: layout)
        try collection.layoutAllItems()
        var all: [LayoutAttributes] = []
        for (s, rows) in source.sections.enumerated() {
            for i in rows.indices { all.append(collection.layoutAttributesForItem(at: IndexPath(item: i, section: s))!) }
        }
        let content = collection.contentSize
        for _ in 0..<200 {
            let rect = CGRect(x: .random(in: -50...content.width, using: &rng), y: .random(in: -50...content.height, using: &rng),
                              width: .random(in: 0...400, using: &rng), height: .random(in: 0...400, using: &rng))
            let expected = all.filter { $0.frame.intersects(rect) }.map(\.indexPath)
            #expect(collection.indexPathsForItems(in: rect) == expected)
            #expect(collection.layoutAttributesForElements(in: rect).filter { $0.kind == .cell }.map(\.indexPath) == expected)
            let point = CGPoint(x: rect.minX, y: rect.minY)
            #expect(collection.indexPathForItem(at: point) == all.first { $0.frame.contains(point) }?.indexPath)
        }
    }
}
