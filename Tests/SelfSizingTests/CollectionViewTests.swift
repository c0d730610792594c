import AutoLayout
import Foundation
import SelfSizing
import Testing
import TestSupport

/// Items of test content for a collection: each shown by a ``ChipCell`` (monospace text in
/// 10-point margins), by an id that survives moves.
final class ChipsDataSource: CollectionViewDataSource {
    var sections: [[Row]]
    var concurrent = false

    init(_ sections: [[Row]]) { self.sections = sections }

    func numberOfSections(in collectionView: CollectionView) -> Int { sections.count }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { sections[section].count }
    func collectionView(_ collectionView: CollectionView, cellIdentifierForItemAt indexPath: IndexPath) -> String { "chip" }
    func collectionView(_ collectionView: CollectionView, configure cell: ListCell, forItemAt indexPath: IndexPath) throws {
        (cell as! ChipCell).label.text = sections[indexPath.section][indexPath.item].text
    }
    var configuresConcurrently: Bool { concurrent }
}

func makeCollection(_ source: ChipsDataSource, width: CGFloat = 375, layout: CollectionViewLayout) -> CollectionView {
    let collection = CollectionView(width: width, height: 812, layout: layout)
    collection.dataSource = source
    collection.register(forCellWithReuseIdentifier: "chip") { ChipCell() }
    return collection
}

/// The size a fresh template gives a text, fitted as asked.
func freshSize(_ text: String, _ mode: FittingMode) -> CGSize {
    let cell = ChipCell()
    cell.label.text = text
    return TemplateFitting.fit(cell, mode, identifier: "chip").size
}

@Suite struct CollectionViewTests {
    let rows = (0..<60).map { Row(id: $0, text: words(1 + $0 * 7 % 23, seed: $0)) }

    /// AppDevKit's canonical grid: the delegate gives each item half the width less 10 and the
    /// fitted height; the content size goes from zero to the real total after layout.
    @Test func productGridThroughTheDelegateAsAppDevKitSizesIt() throws {
        final class Delegate: CollectionViewDelegateFlowLayout {
            let texts: [String]
            init(_ texts: [String]) { self.texts = texts }
            func collectionView(_ collectionView: CollectionView, layout: CollectionViewLayout, sizeForItemAt indexPath: IndexPath) throws -> CGSize {
                let width = collectionView.width / 2 - 10
                let text = texts[indexPath.item]
                return try collectionView.size(forCellWithIdentifier: "chip", fitting: .fixedWidth(width), cacheByKey: text) { cell in
                    (cell as! ChipCell).label.text = text
                }
            }
        }
        let source = ChipsDataSource([rows])
        let layout = FlowLayout()
        let collection = makeCollection(source, layout: layout)
        let delegate = Delegate(rows.map(\.text))
        collection.delegate = delegate
        #expect(collection.contentSize == CGSize(width: 375, height: 0))
        try collection.layoutIfNeeded()
        // 177.5 + 10 + 177.5 = 365 <= 375: two items a line, each line as tall as its taller item.
        let heights = rows.map { freshSize($0.text, .fixedWidth(177.5)).height }
        let lines = stride(from: 0, to: heights.count, by: 2).map { max(heights[$0], heights[min($0 + 1, heights.count - 1)]) }
        let total = lines.reduce(0, +) + CGFloat(lines.count - 1) * 10
        #expect(abs(collection.contentSize.height - total) < 1e-9)
        for (i, row) in rows.enumerated() {
            let frame = try #require(collection.layoutAttributesForItem(at: IndexPath(item: i, section: 0))?.frame)
            #expect(frame.size == CGSize(width: 177.5, height: freshSize(row.text, .fixedWidth(177.5)).height))
            // Rule 6: the two items of a line are centred on the same line.
            #expect(frame.midY == collection.layoutAttributesForItem(at: IndexPath(item: i - i % 2, section: 0))!.frame.midY)
        }
        // Laid out again: every size comes from the key cache.
        let passes = collection.statistics.layoutPasses
        collection.invalidateAllSizes()
        try collection.layoutIfNeeded()
        #expect(collection.statistics.layoutPasses == passes + rows.count)
    }

    @Test func selfSizingItemsStandInWithEstimatesUntilShown() throws {
        let source = ChipsDataSource([rows + rows.map { Row(id: $0.id + 100, text: $0.text) }])
        let layout = FlowLayout()
        layout.estimatedItemSize = CGSize(width: 120, height: 60)
        layout.sectionInset = EdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
        let collection = makeCollection(source, layout: layout)
        try collection.layoutIfNeeded()
        #expect(collection.statistics.layoutPasses == 0)
        let estimated = collection.contentSize.height
        let shown = try collection.layoutItems(in: CGRect(x: 0, y: 0, width: 375, height: 300))
        #expect(!shown.isEmpty && shown.count < 120)
        #expect(collection.statistics.layoutPasses >= shown.count && collection.statistics.layoutPasses < 120)
        for ip in shown { #expect(collection.isItemMeasured(at: ip)) }
        #expect(!collection.isItemMeasured(at: IndexPath(item: 119, section: 0)))
        try collection.layoutAllItems()
        #expect(collection.contentSize.height != estimated)
        for (i, row) in source.sections[0].enumerated() {
            let frame = try #require(collection.layoutAttributesForItem(at: IndexPath(item: i, section: 0))?.frame)
            #expect(frame.size == freshSize(row.text, .compressed(maximumWidth: 359)))
        }
    }

    @Test func gridItemsTakeTheColumnWidthAndTheirFittedHeights() throws {
        let source = ChipsDataSource([rows])
        let layout = GridLayout(columns: 2)
        let collection = makeCollection(source, layout: layout)
        try collection.layoutAllItems()
        for (i, row) in rows.enumerated() {
            let frame = try #require(collection.layoutAttributesForItem(at: IndexPath(item: i, section: 0))?.frame)
            // (375 - 10) / 2 wide, 10 apart.
            #expect(frame.size == CGSize(width: 182.5, height: freshSize(row.text, .fixedWidth(182.5)).height))
            #expect(frame.minX == (i % 2 == 0 ? 0 : 192.5))
        }
    }

    @Test func cellsMayPreferTheirOwnSize() throws {
        /// The common list pattern: the width of the proposal, the height fitted to it.
        final class FullWidthCell: ListCell {
            let chip = ChipCell()
            override init(reuseIdentifier: String? = nil, contentView: View = View(identifier: "contentView")) {
                super.init(reuseIdentifier: reuseIdentifier, contentView: chip.contentView)
            }
            override func preferredLayoutSize(fitting proposedSize: CGSize, mode: FittingMode) -> CGSize? {
                TemplateFitting.fit(self, .fixedWidth(proposedSize.width), identifier: "wide").size
            }
        }
        final class Source: CollectionViewDataSource {
            func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 3 }
            func collectionView(_ collectionView: CollectionView, cellIdentifierForItemAt indexPath: IndexPath) -> String { "wide" }
            func collectionView(_ collectionView: CollectionView, configure cell: ListCell, forItemAt indexPath: IndexPath) throws {
                (cell as! FullWidthCell).chip.label.text = words(5 + 9 * indexPath.item)
            }
        }
        let layout = FlowLayout()
        layout.estimatedItemSize = CGSize(width: 375, height: 44)
        let collection = CollectionView(width: 375, layout: layout)
        let source = Source()
        collection.dataSource = source
        collection.register(forCellWithReuseIdentifier: "wide") { FullWidthCell() }
        try collection.layoutAllItems()
        for i in 0..<3 {
            let frame = try #require(collection.layoutAttributesForItem(at: IndexPath(item: i, section: 0))?.frame)
            #expect(frame.size == freshSize(words(5 + 9 * i), .fixedWidth(375)))
        }
    }

    @Test func workersGiveTheSizesOfOneThread() throws {
        let many = (0..<500).map { Row(id: $0, text: words(1 + $0 % 31, seed: $0)) }
        let layout = FlowLayout()
        layout.estimatedItemSize = FlowLayout.automaticSize
        let serialSource = ChipsDataSource([many])
        let serial = makeCollection(serialSource, layout: layout)
        serial.maximumConcurrency = 1
        try serial.layoutAllItems()
        let concurrentSource = ChipsDataSource([many])
        concurrentSource.concurrent = true
        let concurrent = makeCollection(concurrentSource, layout: layout)
        concurrent.maximumConcurrency = 3
        try concurrent.layoutAllItems()
        for i in many.indices {
            let ip = IndexPath(item: i, section: 0)
            #expect(serial.layoutAttributesForItem(at: ip) == concurrent.layoutAttributesForItem(at: ip))
        }
        #expect(concurrent.contentSize == serial.contentSize)
    }

    @Test func aCategoryOrWidthChangeMeasuresAgainAndComingBackFindsTheSizes() throws {
        let source = ChipsDataSource([Array(rows.prefix(20))])
        let collection = makeCollection(source, layout: GridLayout(columns: 3))
        try collection.layoutAllItems()
        #expect(collection.statistics.layoutPasses == 20)
        collection.width = 320
        try collection.layoutAllItems()
        #expect(collection.statistics.layoutPasses == 40)
        collection.width = 375
        try collection.layoutAllItems()
        #expect(collection.statistics.layoutPasses == 40)
        collection.contentSizeCategory = .accessibilityLarge
        try collection.layoutAllItems()
        #expect(collection.statistics.layoutPasses == 60)
    }
}
