import AutoLayout
import CellSpecs
import Foundation
import Rendering
import SelfSizing
import Testing
import TextLayout

/// A drawn collection has each cell's pixels where the collection puts its frame, and the
/// collection's background between them.
@Suite struct CollectionRenderingTests {
    /// A card whose content view is a solid colour, with a title that wraps.
    static let spec = """
    views:
      - {id: title, type: label, text: "{title}", font: {size: 15}, numberOfLines: 0}
      - {id: swatch, type: view, backgroundColor: "#FF0000"}
    contentView: {layoutMargins: [8, 8, 8, 8], backgroundColor: "#00C000"}
    constraints:
      - "H:|-[title]-|"
      - "H:|-[swatch]-|"
      - "V:|-[title]-4-[swatch(20)]-|"
    """

    let titles = ["One", "A title long enough to wrap onto several lines in a narrow column", "Three", "四", "Five"]

    func collection(width: CGFloat = 300) throws -> (CollectionView, ItemsDataSource) {
        let layout = GridLayout(columns: 2)
        layout.contentInsets = EdgeInsets(all: 10)
        let collection = CollectionView(width: width, layout: layout)
        let source = ItemsDataSource(sections: [titles.map { ["title": .string($0)] }], cellIdentifier: "card")
        collection.dataSource = source
        collection.register(try CellSpec(yaml: Self.spec), measurer: TextMeasurer(), forCellWithReuseIdentifier: "card")
        try collection.layoutAllItems()
        return (collection, source)
    }

    func channels(_ pixel: UInt32) -> (UInt32, UInt32, UInt32) { (pixel >> 16 & 0xFF, pixel >> 8 & 0xFF, pixel & 0xFF) }

    @Test func cellsAreDrawnAtTheirFramesOnTheBackground() throws {
        let (collection, source) = try collection()
        let renderer = Renderer()
        renderer.scale = 2
        let height = collection.contentSize.height
        let bitmap = try renderer.bitmap(collection: collection, span: 0...height)
        #expect(bitmap.width == 600 && bitmap.height == Int((height * 2).rounded(.up)))
        var frames: [CGRect] = []
        for i in titles.indices {
            let frame = try #require(collection.layoutAttributesForItem(at: IndexPath(item: i, section: 0))?.frame)
            frames.append(frame)
            // The swatch: red, 8 points in from the frame's left and bottom, 20 tall.
            let swatch = channels(bitmap[Int((frame.minX + 12) * 2), Int((frame.maxY - 18) * 2)])
            #expect(swatch == (0xFF, 0, 0), "item \(i)")
            // The content view's green in its top-left margin.
            let margin = channels(bitmap[Int((frame.minX + 3) * 2), Int((frame.minY + 3) * 2)])
            #expect(margin == (0, 0xC0, 0), "item \(i)")
        }
        // Between the columns and in the insets: the grouped background.
        let gap = channels(bitmap[Int((frames[0].maxX + 5) * 2), Int((frames[0].minY + 5) * 2)])
        #expect(gap == (0xF2, 0xF2, 0xF7))
        #expect(channels(bitmap[4, 4]) == (0xF2, 0xF2, 0xF7))
        // Nothing of a cell outside every frame: no green or red pixel there.
        for y in stride(from: 0, to: bitmap.height, by: 3) {
            for x in stride(from: 0, to: bitmap.width, by: 3) {
                let (r, g, b) = channels(bitmap[x, y])
                guard (r == 0xFF && g == 0 && b == 0) || (r == 0 && g == 0xC0 && b == 0) else { continue }
                let p = CGPoint(x: (Double(x) + 0.5) / 2, y: (Double(y) + 0.5) / 2)
                #expect(frames.contains { $0.contains(p) }, "cell colour at \(x), \(y)")
            }
        }
        withExtendedLifetime(source) {}
    }

    @Test func aSpanDrawsWhatItShowsShiftedToTheTop() throws {
        let (collection, source) = try collection()
        let third = try #require(collection.layoutAttributesForItem(at: IndexPath(item: 2, section: 0))?.frame)
        let renderer = Renderer()
        renderer.scale = 1
        let bitmap = try renderer.bitmap(collection: collection, span: third.minY...(third.minY + 50))
        #expect(bitmap.width == 300 && bitmap.height == 50)
        #expect(channels(bitmap[Int(third.minX + 3), 3]) == (0, 0xC0, 0))
        #expect(throws: RenderError.self) { try renderer.bitmap(collection: collection, span: 10...10) }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("collection-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        for ext in ["png", "pdf", "svg"] {
            try renderer.render(collection: collection, span: 0...200, to: dir + "/grid." + ext)
            #expect(FileManager.default.fileExists(atPath: dir + "/grid." + ext))
        }
        withExtendedLifetime(source) {}
    }
}
