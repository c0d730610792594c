import AutoLayout
import CellSpecs
import Foundation
import SelfSizing
import TextLayout

/// The demo's Interface Builder section: the text section again, its cell imported from the
/// project's example storyboard (examples/cells.storyboard, prototype `TextCell`) instead of
/// examples/uyl-text-cell.yaml, over the same sentences in a table of the same width, its heights
/// compared row by row with the YAML cell's.
struct StoryboardSection {
    /// The storyboard and the cell, as the summary names them.
    static let file = "examples/cells.storyboard"
    static let cellName = "TextCell"

    let cell: CellSource
    let sentences: [DataItem]
    let width: Double
    let measurer: TextMeasurer

    /// Imports the cell; errors name the file (and the line, for the storyboard's).
    init(examples dir: String, sentences: [DataItem], width: Double, measurer: TextMeasurer) throws {
        let options = try CellOptions.parse(["--cell", Self.cellName])
        cell = try CellSource(path: dir + "/cells.storyboard", options: options, measurer: measurer)
        self.sentences = sentences
        self.width = width
        self.measurer = measurer
    }

    /// Lays every row out and prints the summary beside the YAML cell's heights (`yamlHeights`).
    func run(yamlHeights: [CGFloat]) throws {
        let table = TableView(width: CGFloat(width))
        let source = ItemsDataSource(sections: [sentences], cellIdentifier: "text")
        table.dataSource = source
        table.register(forCellReuseIdentifier: "text") { [cell, measurer] in try cell.makeCell(reuseIdentifier: "text", measurer: measurer) }
        let start = DispatchTime.now().uptimeNanoseconds
        do { try table.layoutAllRows() } catch { throw CLIError(error, spec: Self.file, data: "examples/sentences.json") }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        cell.reportUnknownKeys(data: "examples/sentences.json")
        let heights = table.rowHeights(inSection: 0)
        let differences = zip(heights, yamlHeights).map { abs($0 - $1) }
        let agreeing = differences.filter { $0 < 0.01 }.count
        try Output.line("Bring your cells: the text section again, its cell imported from Interface Builder "
              + "(\(Self.file), prototype \(Self.cellName), instead of examples/uyl-text-cell.yaml)")
        try Output.line("  \(heights.count) rows, content height \(Demo.number(Double(table.contentSize.height))) pt, "
              + String(format: "%.2f ms", seconds * 1e3) + " cold")
        let largest = differences.max() ?? 0
        try Output.line("  the same heights as the YAML cell's on \(agreeing) of \(heights.count) rows"
              + (agreeing == heights.count ? "" : " (largest difference \(Demo.number(Double(largest))) pt)"))
        withExtendedLifetime(source) {}
    }
}
