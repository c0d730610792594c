import AutoLayout
import Foundation
import SelfSizing
import Testing

/// A cell of any list, sized without a table: a label inside 10-point margins, one line unless
/// the width is bounded. Monospace text: 7 points a character, 20-point lines.
final class ChipCell: ListCell {
    let label = Label(identifier: "label", font: .system(size: 17))
    var frameSize: CGSize = .zero

    init(lines: Int = 0) {
        super.init()
        label.measurer = MonospaceTextMeasurer()
        label.numberOfLines = lines
        label.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(label)
        contentView.layoutMargins = EdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
        let margins = contentView.layoutMarginsGuide
        LayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
            label.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
            label.topAnchor.constraint(equalTo: margins.topAnchor),
            label.bottomAnchor.constraint(equalTo: margins.bottomAnchor),
        ])
    }

    override func sizeThatFits(_ size: CGSize) -> CGSize { frameSize }
}

/// The sizing core used as AppDevKit's calculators and a collection would use it: no table, no
/// rows, no separators.
@Suite struct SizingCoreTests {
    /// A sizer whose context is just a width.
    func makeSizer() -> TemplateSizer<ListCell, CGFloat> {
        let sizer = TemplateSizer<ListCell, CGFloat>(context: 300)
        sizer.templates.register("chip") { ChipCell() }
        return sizer
    }

    func text(_ cell: ListCell, _ s: String) { (cell as! ChipCell).label.text = s }

    @Test func fixedWidthCompressesTheHeight() throws {
        let sizer = makeSizer()
        // 30 characters of 7 points on 180-point lines (200 less the margins): 25 a line, two lines.
        let s = try sizer.size(ofCellWithIdentifier: "chip", fitting: .fixedWidth(200)) { text($0, String(repeating: "ab ", count: 10)) }
        #expect(s == CGSize(width: 200, height: 2 * 20 + 20))
        #expect(sizer.statistics.layoutPasses == 1 && sizer.statistics.templatesMade == 1)
    }

    @Test func fixedHeightCompressesTheWidth() throws {
        let sizer = makeSizer()
        let s = try sizer.size(ofCellWithIdentifier: "chip", fitting: .fixedHeight(40)) { text($0, "twelve chars") }
        #expect(s == CGSize(width: 12 * 7 + 20, height: 40))
    }

    @Test func compressedItemsTakeTheirContentSizeUpToTheMaximumWidth() throws {
        let sizer = makeSizer()
        let short = try sizer.size(ofCellWithIdentifier: "chip", fitting: .compressed(maximumWidth: 150)) { text($0, "tag") }
        #expect(short == CGSize(width: 3 * 7 + 20, height: 40))
        // 39 characters want 273 points on one line: at 150 (130 for text, 18 characters a line)
        // they wrap as 4 + 4 + 2 words, and the cell shrinks to its widest line, 15 characters.
        let long = try sizer.size(ofCellWithIdentifier: "chip", fitting: .compressed(maximumWidth: 150)) {
            text($0, String(repeating: "abc ", count: 10).trimmingCharacters(in: .whitespaces))
        }
        #expect(long == CGSize(width: 15 * 7 + 20, height: 3 * 20 + 20))
        // The same text after a short one gives the same size: fitting does not depend on history.
        _ = try sizer.size(ofCellWithIdentifier: "chip", fitting: .compressed(maximumWidth: 150)) { text($0, "x") }
        let again = try sizer.size(ofCellWithIdentifier: "chip", fitting: .compressed(maximumWidth: 150)) {
            text($0, String(repeating: "abc ", count: 10).trimmingCharacters(in: .whitespaces))
        }
        #expect(again == long)
    }

    @Test func frameLayoutThenTheLastResortWithDiagnosticsOncePerCell() throws {
        let sizer = TemplateSizer<ListCell, CGFloat>(context: 300)
        sizer.templates.register("frame") {
            let cell = ChipCell()
            cell.enforceFrameLayout = true
            return cell
        }
        sizer.templates.register("empty") { ListCell() }
        let framed = try sizer.size(ofCellWithIdentifier: "frame", fitting: .fixedWidth(200)) { ($0 as! ChipCell).frameSize = CGSize(width: 200, height: 57) }
        #expect(framed.height == 57 && sizer.diagnostics.isEmpty)
        // An empty content view has no height from Auto Layout and says nothing in sizeThatFits.
        for _ in 0..<3 {
            #expect(try sizer.size(ofCellWithIdentifier: "empty", fitting: .fixedWidth(200)) { _ in } == CGSize(width: 200, height: 44))
        }
        #expect(sizer.diagnostics.count == 2)
        #expect(sizer.diagnostics[0] == .noSizeFromAutoLayout(identifier: "empty", dimension: .height,
                                                               problem: sizer.diagnostics[0].problem))
        #expect(sizer.diagnostics[1] == .noSize(identifier: "empty", dimension: .height))
        #expect(try sizer.size(ofCellWithIdentifier: "empty", fitting: .fixedHeight(30)) { _ in }.width == 44)
    }

    @Test func indexPathAndKeyCachesCountHitsAndFollowTheContext() throws {
        let sizer = makeSizer()
        sizer.cache.reset(itemCounts: [3])
        let texts = ["one", "two words", "three little words"]
        func size(_ i: Int) throws -> CGSize {
            try sizer.size(ofCellWithIdentifier: "chip", fitting: .fixedHeight(40), cacheBy: IndexPath(item: i, section: 0)) { text($0, texts[i]) }
        }
        let first = try (0..<3).map(size)
        #expect(try (0..<3).map(size) == first)
        #expect(sizer.statistics.cacheMisses == 3 && sizer.statistics.cacheHits == 3 && sizer.statistics.layoutPasses == 3)
        // Another context has none of them; coming back finds them.
        sizer.cache.switchTo(500)
        #expect(sizer.cache.size(at: IndexPath(item: 0, section: 0)) == nil)
        sizer.cache.switchTo(300)
        #expect(sizer.cache.size(at: IndexPath(item: 2, section: 0)) == first[2])
        // By key: measured once.
        for _ in 0..<2 {
            _ = try sizer.size(ofCellWithIdentifier: "chip", fitting: .fixedWidth(100), cacheByKey: "k") { text($0, "keyed") }
        }
        #expect(sizer.statistics.layoutPasses == 4)
        sizer.cache.invalidateSize(forKey: "k")
        #expect(sizer.cache.size(forKey: "k") == nil)
    }

    @Test func cachedSizesMoveWithTheirItemsThroughBatchUpdates() throws {
        let cache = SizeCache<CGFloat>(context: 300, itemCounts: [3, 1])
        for i in 0..<3 { cache.setSize(CGSize(width: 10, height: Double(i + 1)), at: IndexPath(item: i, section: 0)) }
        cache.setSize(CGSize(width: 10, height: 9), at: IndexPath(item: 0, section: 1))
        var u = BatchUpdates()
        u.deleteItems(at: [IndexPath(item: 0, section: 0)])
        u.moveItem(at: IndexPath(item: 2, section: 0), to: IndexPath(item: 0, section: 1))
        u.insertItems(at: [IndexPath(item: 1, section: 0)])
        try cache.apply(u, itemCounts: [2, 2])
        #expect(cache.size(at: IndexPath(item: 0, section: 0))?.height == 2)
        #expect(cache.size(at: IndexPath(item: 1, section: 0)) == nil)
        #expect(cache.size(at: IndexPath(item: 0, section: 1))?.height == 3)
        #expect(cache.size(at: IndexPath(item: 1, section: 1))?.height == 9)
        // Counts that disagree with the data source: the error is the lists', and nothing is kept.
        var bad = BatchUpdates()
        bad.insertItems(at: [IndexPath(item: 0, section: 0)])
        #expect(throws: BatchUpdateError.itemCountMismatch(section: 0, dataSource: 2, result: 3)) {
            try cache.apply(bad, itemCounts: [2, 2])
        }
        #expect(cache.size(at: IndexPath(item: 0, section: 0)) == nil)
    }

    @Test func workersGiveTheSizesOfTheCallingThread() throws {
        let texts = (0..<300).map { words(1 + $0 % 17, seed: $0) }
        let items = texts.indices.map { IndexPath(item: $0, section: 0) }
        let serial = makeSizer()
        let expected = try items.map { ip in
            try serial.size(ofCellWithIdentifier: "chip", fitting: .compressed(maximumWidth: 160)) { text($0, texts[ip.item]) }
        }
        let sizer = makeSizer()
        var got = [CGSize?](repeating: nil, count: items.count)
        try sizer.measureConcurrently(items, threads: 3, chunk: 64, measure: { (worker, ip) throws(SizingError) in
            let cell = try worker.template(for: "chip")
            (cell as! ChipCell).label.text = texts[ip.item]
            return worker.fit(cell, .compressed(maximumWidth: 160), identifier: "chip")
        }, chunkDone: { chunk, measured in
            for (i, ip) in chunk.enumerated() { got[ip.item] = measured(i) }
        })
        #expect(got == expected.map { $0 })
        #expect(sizer.statistics.templatesMade == 3 && sizer.statistics.layoutPasses == items.count)
        // A second run reuses the workers' templates.
        try sizer.measureConcurrently(items, threads: 3, measure: { (worker, _) throws(SizingError) in
            worker.fit(try worker.template(for: "chip"), .fixedWidth(100), identifier: "chip")
        }, chunkDone: { _, _ in })
        #expect(sizer.statistics.templatesMade == 3)
    }

    @Test func registeringAgainMakesTheTemplateAgain() throws {
        let sizer = makeSizer()
        let a = try sizer.template(for: "chip")
        #expect(a.isTemplateLayoutCell && a.reuseIdentifier == "chip")
        #expect(try sizer.template(for: "chip") === a)
        sizer.templates.register("chip") { ChipCell(lines: 1) }
        #expect(try sizer.template(for: "chip") !== a)
        #expect(throws: SizingError.unregisteredIdentifier("nope")) { try sizer.template(for: "nope") }
    }

    @Test func templatesFollowTheContentSizeCategory() throws {
        let sizer = makeSizer()
        let cell = try sizer.template(for: "chip") as! ChipCell
        #expect(cell.label.contentSizeCategory == .large)
        sizer.contentSizeCategory = .accessibilityLarge
        #expect(cell.label.contentSizeCategory == .accessibilityLarge)
    }
}
