import AutoLayout
import CellSpecs
import Foundation
import Rendering
import SelfSizing
import TextLayout

extension Demo {
    /// Where the product grid's picture goes: beside the table's, "-products" before the extension.
    static func productsPath(_ output: String) -> String {
        let ext = (output as NSString).pathExtension
        return (output as NSString).deletingPathExtension + "-products." + ext
    }
}

/// The demo's product section: examples/product-card.yaml over examples/products.json in a grid
/// of two columns (10-point insets and spacing, as `collection --columns 2 --section-inset 10`),
/// measured cold and warm, summarised and drawn.
struct ProductGrid {
    let spec: CellSpec
    let items: [DataItem]
    let width: Double

    /// Reads the card and the products; errors name the file.
    init(examples dir: String, width: Double) throws {
        do {
            spec = try CellSpec(contentsOf: dir + "/product-card.yaml")
            items = try DataFile.read(dir + "/products.json")
        } catch {
            throw CLIError(error)
        }
        self.width = width
    }

    func run(picture: String) throws {
        let measurer = TextMeasurer()
        let layout = GridLayout(columns: 2)
        layout.contentInsets = EdgeInsets(all: 10)
        let collection = CollectionView(width: CGFloat(width), layout: layout)
        let source = ItemsDataSource(sections: [items], cellIdentifier: "card")
        collection.dataSource = source
        collection.register(spec, measurer: measurer, forCellWithReuseIdentifier: "card")
        // Cold: new templates, the products' text never shaped. Warm: the sizes forgotten, templates and text kept.
        let cold: Double, warm: Double
        do {
            cold = try Self.timed { try collection.layoutAllItems() }
            collection.invalidateAllSizes()
            warm = try Self.timed { try collection.layoutAllItems() }
        } catch {
            throw CLIError(error, spec: "examples/product-card.yaml", data: "examples/products.json")
        }
        let n = items.count
        let content = collection.contentSize
        try Output.line("Product grid: examples/product-card.yaml over examples/products.json, two columns, \(Demo.number(width)) points wide")
        try Output.line("  \(n) items, content size \(Demo.number(Double(content.width))) x \(Demo.number(Double(content.height))) pt")
        let perItem = { (t: Double) in String(format: "%.1f us/item", t / Double(max(n, 1)) * 1e6) }
        try Output.line("  cold (templates made, text shaped)   \(String(format: "%7.2f ms", cold * 1e3))   \(perItem(cold))")
        try Output.line("  warm (templates and text reused)     \(String(format: "%7.2f ms", warm * 1e3))   \(perItem(warm))")
        try Output.line("")
        let renderer = Renderer(measurer: measurer)
        renderer.scale = 2
        let screen = min(CGFloat(812), content.height)
        do { try renderer.render(collection: collection, span: 0...screen, to: picture) } catch { throw CLIError(error) }
        withExtendedLifetime(source) {}
        let path = URL(fileURLWithPath: picture).standardizedFileURL.path
        try Output.line("Wrote \(path): the product grid's first screen, \(Demo.number(width)) x \(Demo.number(Double(screen))) points at 2x.")
    }

    private static func timed(_ body: () throws -> Void) throws -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }
}
