import AutoLayout
import CellSpecs
import Foundation
import SelfSizing
import Testing

/// Saved heights: restored for unchanged rows only, written atomically, read back alike.
@Suite struct SavedSizesTests {
    static let spec = """
    views:
      - {id: line, type: label, text: "{text}", font: {style: body}, numberOfLines: 0}
    constraints:
      - "H:|-[line]-|"
      - "V:|-[line]-|"
    """

    static let items: [DataItem] = (0..<200).map { ["text": .string(words($0 * 13 % 40 + 1, seed: $0))] }

    /// A table of the items, measuring on one thread (so that its statistics count every pass).
    func table(_ items: [DataItem], width: CGFloat = 320, category: ContentSizeCategory = .large) throws -> (TableView, ItemsDataSource) {
        let table = TableView(width: width)
        table.contentSizeCategory = category
        table.maximumConcurrency = 1
        let source = ItemsDataSource(sections: [items], cellIdentifier: "cell")
        table.dataSource = source
        table.register(try CellSpec(yaml: Self.spec), measurer: CategoryMeasurer(), forCellReuseIdentifier: "cell")
        return (table, source)
    }

    /// Measures every row, restored from `saved` first when given; the heights, the saved cache
    /// after, and the layout passes the run took.
    func run(_ items: [DataItem], template: String = "spec:1", saved: SavedSizes?, width: CGFloat = 320,
             category: ContentSizeCategory = .large) throws -> (heights: [CGFloat], saved: SavedSizes, passes: Int) {
        let (table, source) = try table(items, width: width, category: category)
        let hash = { (ip: IndexPath) in StableHash.of(source.sections[ip.section][ip.row]) }
        if let saved { table.restore(saved, template: template, contentHash: hash) }
        try table.layoutAllRows()
        return (table.rowHeights(inSection: 0), table.savedSizes(template: template, contentHash: hash, adding: saved ?? SavedSizes()),
                table.statistics.layoutPasses)
    }

    func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("saved-sizes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func aSecondRunMeasuresNothingAndGetsTheSameHeights() throws {
        let cold = try run(Self.items, saved: nil)
        #expect(cold.passes == Self.items.count)
        let warm = try run(Self.items, saved: cold.saved)
        #expect(warm.passes == 0)
        #expect(warm.heights == cold.heights)
    }

    @Test func aFileRoundTripKeepsEverySize() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("heights.json")
        let cold = try run(Self.items, saved: nil)
        try cold.saved.write(to: url)
        let loaded = try #require(try SavedSizes.load(from: url))
        #expect(loaded == cold.saved)
        #expect(loaded.groups.count == 1 && loaded.groups[0].count == Self.items.count)
        #expect(try run(Self.items, saved: loaded).passes == 0)
        // Atomic: only the file is left, no temporary beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["heights.json"])
        // Writing again replaces it whole.
        try SavedSizes().write(to: url)
        #expect(try SavedSizes.load(from: url) == SavedSizes())
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["heights.json"])
    }

    @Test func aChangedItemIsMeasuredAlone() throws {
        let cold = try run(Self.items, saved: nil)
        var changed = Self.items
        changed[17] = ["text": .string(words(35, seed: 99))]
        let warm = try run(changed, saved: cold.saved)
        #expect(warm.passes == 1)
        let fresh = try run(changed, saved: nil)
        #expect(warm.heights == fresh.heights)
        #expect(warm.heights[17] != cold.heights[17])
    }

    @Test func anotherTemplateIdentityMeasuresEveryRow() throws {
        let cold = try run(Self.items, template: "spec:1", saved: nil)
        #expect(try run(Self.items, template: "spec:2", saved: cold.saved).passes == Self.items.count)
    }

    @Test func anotherWidthOrCategoryMeasuresEveryRowAndBothAreKept() throws {
        let cold = try run(Self.items, saved: nil)
        let wide = try run(Self.items, saved: cold.saved, width: 400)
        #expect(wide.passes == Self.items.count)
        let large = try run(Self.items, saved: wide.saved, category: .accessibilityLarge)
        #expect(large.passes == Self.items.count)
        #expect(large.saved.groups.count == 3)
        // Each context finds its own heights again.
        #expect(try run(Self.items, saved: large.saved).passes == 0)
        #expect(try run(Self.items, saved: large.saved, width: 400).passes == 0)
    }

    @Test func keysAreFoundWhereverTheyAre() throws {
        let cold = try run(Self.items, saved: nil)
        var saved = cold.saved
        var group = saved.groups[0]
        group.keys.reverse(); group.hashes.reverse(); group.widths.reverse(); group.heights.reverse()
        saved.groups[0] = group
        let warm = try run(Self.items, saved: saved)
        #expect(warm.passes == 0 && warm.heights == cold.heights)
    }

    @Test func aCorruptOrOtherVersionFileIsAnErrorToReport() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("heights.json")
        #expect(try SavedSizes.load(from: url) == nil)
        try Data("{\"format\": \"selfsizing.savedSizes\", \"version\": 1, \"groups\": [".utf8).write(to: url)
        #expect { try SavedSizes.load(from: url) } throws: { ($0 as? SavedSizesError).map { if case .unreadable = $0 { true } else { false } } ?? false }
        try Data("{\"format\": \"selfsizing.savedSizes\", \"version\": 99, \"groups\": []}".utf8).write(to: url)
        #expect(throws: SavedSizesError.wrongVersion(path: url.path, found: 99)) { try SavedSizes.load(from: url) }
        try Data(#"{"format": "selfsizing.savedSizes", "version": 1, "groups": [{"template": "t", "context": "c", "keys": ["0.0"], "hashes": [], "widths": [1], "heights": [2]}]}"#.utf8).write(to: url)
        #expect(throws: SavedSizesError.self) { try SavedSizes.load(from: url) }
    }

    @Test func contentHashesAreStableAndCanonical() {
        // FNV-1a of nothing, and of "a": fixed values, the same in every process.
        #expect(StableHash().value == 0xcbf2_9ce4_8422_2325)
        let a: DataItem = ["b": .number(1), "a": .string("x"), "c": .bool(true), "d": .null]
        let b: DataItem = ["d": .null, "c": .bool(true), "a": .string("x"), "b": .number(1)]
        #expect(StableHash.of(a) == StableHash.of(b))
        #expect(StableHash.of(["a": .string("1")]) != StableHash.of(["a": .number(1)]))
        #expect(StableHash.of(["ab": .string("c")]) != StableHash.of(["a": .string("bc")]))
        #expect(StableHash.of(["n": .number(0)]) == StableHash.of(["n": .number(-0.0)]))
        #expect(StableHash.hex(0xab) == "00000000000000ab")
        var h = StableHash()
        h.combine(bytes: Array("a".utf8))
        #expect(h.value == 0xaf63_dc4c_8601_ec8c)  // FNV-1a 64 of "a", the published test vector
    }
}

/// A collection's self-sized items restore as a table's rows do.
@Suite struct CollectionSavedSizesTests {
    let rows = (0..<60).map { Row(id: $0, text: words(1 + $0 * 7 % 23, seed: $0)) }

    func run(_ rows: [Row], saved: SavedSizes?) throws -> (frames: [CGRect], saved: SavedSizes, passes: Int) {
        let source = ChipsDataSource([rows])
        let layout = FlowLayout()
        layout.estimatedItemSize = CGSize(width: 120, height: 60)
        let collection = makeCollection(source, layout: layout)
        let items = SavedSizesItems(template: { _ in "chip" }, contentHash: { ip in
            var h = StableHash()
            h.combine(source.sections[ip.section][ip.item].text)
            return h.value
        })
        if let saved { collection.restore(saved, items: items) }
        try collection.layoutAllItems()
        let frames = (0..<rows.count).compactMap { collection.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))?.frame }
        return (frames, collection.savedSizes(items: items, adding: saved ?? SavedSizes()), collection.statistics.layoutPasses)
    }

    @Test func aSecondRunMeasuresOnlyTheChangedItem() throws {
        let cold = try run(rows, saved: nil)
        #expect(cold.passes == rows.count)
        let warm = try run(rows, saved: cold.saved)
        #expect(warm.passes == 0 && warm.frames == cold.frames)
        var changed = rows
        changed[5].text = words(30, seed: 5)
        let one = try run(changed, saved: cold.saved)
        #expect(one.passes == 1)
        #expect(one.frames == (try run(changed, saved: nil)).frames)
    }
}
