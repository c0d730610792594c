import ArgumentParser
import AutoLayout
import CellSpecs
import Foundation
import Rendering
import SelfSizing
import TextLayout

/// `selfsizing demo` (what `make demo` runs): a mixed list from the project's own examples, laid
/// out cold and warm, summarised, and drawn to demo.png; then a two-column grid of product cards,
/// summarised the same way and drawn beside it (demo-products.png).
struct Demo: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Lay out a sample list and a product grid, print a summary, and draw their first screens.",
        discussion: """
        Uses only files in the project's examples/: the feed cell over examples/feed.json and the UYL text cell over \
        examples/sentences.json, in one table of two sections; then the text section again with its cell imported \
        from examples/cells.storyboard (prototype TextCell), its heights compared with the YAML cell's; then the \
        product card over examples/products.json in a two-column grid, drawn to a second file beside the first \
        (demo-products.png for demo.png).
        """)

    @Option(parsing: .unconditional, help: "The table's width in points (from 200 to 2000).")
    var width: Double = 375

    @Option(help: "Where to write the picture of the first screen.")
    var output = "demo.png"

    /// The demo's width: a phone's or a tablet's, the range its two screens are designed for.
    static let width = NumberLimit("the demo's width", unit: "points", 200...2000)

    func validate() throws {
        try Self.width.check(width, "--width")
        guard RenderFormat(path: output) != nil else { throw ValidationError("--output must end in .png, .pdf or .svg") }
    }

    /// The project's examples directory: under the working directory, or beside the build.
    static func examples() throws -> String {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        let candidates = ["examples", executable.deletingLastPathComponent().appendingPathComponent("../../examples").path,
                          executable.deletingLastPathComponent().appendingPathComponent("../../../examples").path]
        for dir in candidates where FileManager.default.fileExists(atPath: dir + "/feed-cell.yaml") { return dir }
        throw CLIError("cannot find the project's examples/ directory; run the demo from the project (make demo)")
    }

    func run() throws {
        let dir = try Self.examples()
        let products = try ProductGrid(examples: dir, width: width)
        let feedSpec: CellSpec, textSpec: CellSpec, headerSpec: CellSpec, feed: [DataItem], sentences: [DataItem]
        do {
            headerSpec = try CellSpec(contentsOf: dir + "/section-header.yaml")
            feedSpec = try CellSpec(contentsOf: dir + "/feed-cell.yaml")
            textSpec = try CellSpec(contentsOf: dir + "/uyl-text-cell.yaml")
            feed = try DataFile.read(dir + "/feed.json")
            sentences = try DataFile.read(dir + "/sentences.json")
        } catch {
            throw CLIError(error)
        }
        let identifiers = ["feed", "text"]
        let source = ItemsDataSource(sections: [feed, sentences]) { ip, _ in identifiers[ip.section] }
        source.headers = [["title": .string("FEED  ·  examples/feed-cell.yaml")], ["title": .string("TEXT  ·  examples/uyl-text-cell.yaml")]]
        let measurer = TextMeasurer()
        let table = TableView(width: CGFloat(width))
        table.dataSource = source
        table.register(feedSpec, measurer: measurer, forCellReuseIdentifier: "feed")
        table.register(textSpec, measurer: measurer, forCellReuseIdentifier: "text")
        table.register(headerSpec, measurer: measurer, forHeaderFooterViewReuseIdentifier: "header")

        // Cold: new templates, nothing shaped. Warm: the heights forgotten, templates and text kept.
        let cold = try timed { try table.layoutAllRows() }
        table.invalidateAllHeights()
        let warm = try timed { try table.layoutAllRows() }
        // Lookups, as heightForRowAt asks for each row: all from the cache.
        let hitsBefore = table.statistics.cacheHits
        let lookup = try timed {
            for s in 0..<2 {
                for r in 0..<table.numberOfRows(inSection: s) { _ = try table.automaticHeight(forRowAt: IndexPath(row: r, section: s)) }
            }
        }
        let hits = table.statistics.cacheHits - hitsBefore

        let rows = feed.count + sentences.count
        try Output.line("SelfSizing demo: a table \(Self.number(width)) points wide, two sections, \(rows) rows, real text")
        try Output.line("")
        let header = ["section", "cell", "rows", "content height"]
        var lines: [[String]] = [header]
        for (s, (name, spec)) in [("feed", "examples/feed-cell.yaml"), ("text", "examples/uyl-text-cell.yaml")].enumerated() {
            let height = table.rowHeights(inSection: s).reduce(0, +)
            lines.append([name, spec, "\(table.numberOfRows(inSection: s))", Self.number(Double(height)) + " pt"])
        }
        lines.append(["all", "", "\(rows)", Self.number(Double(table.contentSize.height)) + " pt"])
        try Output.line(Self.table(lines))
        try Output.line("")
        let perRow = { (t: Double) in String(format: "%.1f us/row", t / Double(rows) * 1e6) }
        try Output.line("  cold (templates made, text shaped)   \(String(format: "%7.2f ms", cold * 1e3))   \(perRow(cold))")
        try Output.line("  warm (templates and text reused)     \(String(format: "%7.2f ms", warm * 1e3))   \(perRow(warm))")
        try Output.line("  cached lookups                       \(hits) of \(rows) hit the cache, \(String(format: "%.0f ns", lookup / Double(rows) * 1e9)) each")
        try Output.line("  layout passes \(table.statistics.layoutPasses), templates made \(table.statistics.templatesMade)")
        try Output.line("")

        let renderer = Renderer(measurer: measurer)
        renderer.scale = 2
        let screen = min(CGFloat(812), table.contentSize.height)
        do { try renderer.render(table, span: 0...screen, to: output) } catch { throw CLIError(error) }
        let path = URL(fileURLWithPath: output).standardizedFileURL.path
        try Output.line("Wrote \(path): the first screen, \(Self.number(width)) x \(Self.number(Double(screen))) points at 2x.")
        try Output.line("")
        try StoryboardSection(examples: dir, sentences: sentences, width: width, measurer: measurer)
            .run(yamlHeights: table.rowHeights(inSection: 1))
        try Output.line("")
        try products.run(picture: Self.productsPath(output))
        try Output.line("")
        try Output.line("Try next:")
        try Output.line("  .build/release/selfsizing render examples/feed-cell.yaml --data examples/feed.json --width 320 --output feed.png --overlay")
        try Output.line("  .build/release/selfsizing heights examples/uyl-text-cell.yaml --data examples/sentences.json --width 375 --content-size-category AX2")
        try Output.line("  .build/release/selfsizing layout examples/feed-cell.yaml --width 375 --data item.json --format text")
        try Output.line("  .build/release/selfsizing cells examples/cells.storyboard --format text")
        try Output.line("  .build/release/selfsizing heights examples/cells.storyboard --cell TextCell --data examples/sentences.json --width 375")
        try Output.line("  .build/release/selfsizing layout examples/cells.storyboard --cell FeedCell --as-recorded --format text")
        try Output.line("  .build/release/selfsizing collection examples/product-card.yaml --data examples/products.json --width 375 --columns 2 --section-inset 10 --format json")
        try Output.line("  make test    # the test suite;  make bench   # the benchmarks")
    }

    private func timed(_ body: () throws -> Void) throws -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    static func number(_ x: Double) -> String {
        x == x.rounded() ? String(Int(x)) : String(format: "%.2f", x)
    }

    /// Columns padded to their widest cell.
    static func table(_ rows: [[String]]) -> String {
        let widths = (0..<rows[0].count).map { c in rows.map { $0[c].count }.max() ?? 0 }
        return rows.map { row in
            "  " + row.enumerated().map { c, cell in
                c >= 2 ? String(repeating: " ", count: widths[c] - cell.count) + cell
                    : cell + String(repeating: " ", count: widths[c] - cell.count)
            }.joined(separator: "   ")
        }.joined(separator: "\n")
    }
}
