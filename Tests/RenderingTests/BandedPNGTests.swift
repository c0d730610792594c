import AutoLayout
import CellSpecs
import Foundation
import Rendering
import SelfSizing
import Testing
import TextLayout

/// Issue 17: a PNG is drawn and compressed a band of rows at a time; the file holds the picture
/// drawn whole (to within a step of anti-aliasing where a band's edge cuts a line), whatever the bands.
@Suite struct BandedPNGTests {
    func table() throws -> (TableView, ItemsDataSource) {
        let items: [DataItem] = (1...12).map {
            ["title": .string("Row \($0)"), "body": .string(String(repeating: "Words that wrap across the band edges. ", count: $0 % 4 + 1))]
        }
        let source = ItemsDataSource(sections: [items], cellIdentifier: "cell")
        let table = TableView(width: 200)
        table.dataSource = source
        table.register(try CellSpec(yaml: RendererTests.spec), measurer: TextMeasurer(), forCellReuseIdentifier: "cell")
        try table.layoutAllRows()
        return (table, source)
    }

    @Test(arguments: [7, 64, 1 << 20])
    func aPNGDrawnInBandsHoldsThePictureDrawnWhole(_ rowsPerBand: Int) throws {
        let (table, source) = try table()
        let renderer = Renderer()
        renderer.scale = 2
        // Bands of `rowsPerBand` rows of the 400-pixel-wide picture (7: edges through every row of text).
        renderer.bandBytes = rowsPerBand * 400 * 4
        let span: ClosedRange<CGFloat> = 0...table.contentSize.height
        let whole = try renderer.bitmap(table, span: span)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("bands-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try renderer.render(table, span: span, to: dir + "/list.png")
        let file = try Renderer.Bitmap(contentsOfPNG: dir + "/list.png")
        #expect(file.width == whole.width && file.height == whole.height)
        // Cairo's coverage of a line cut by a band's edge may round one step apart.
        func channels(_ p: UInt32) -> [Int] { [24, 16, 8, 0].map { Int(p >> UInt32($0) & 0xFF) } }
        let largest = zip(file.pixels, whole.pixels).lazy.filter { $0 != $1 }
            .map { a, b in zip(channels(a), channels(b)).map { abs($0 - $1) }.max()! }.max() ?? 0
        #expect(largest <= 2, "a channel differs by \(largest)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["list.png"])
        withExtendedLifetime(source) {}
    }
}
