import AutoLayout
import CellSpecs
import Foundation
import TextLayout

// Interface Builder workload (`--only ib`): a storyboard of 20 prototype cells, made from the
// project's example storyboard (examples/cells.storyboard: its two prototypes copied ten times,
// every IB id and reuse identifier given the copy's number), read from its bytes, every cell
// imported and laid out once at 375 points (a template built, fitted and laid out), with a new
// text measurer each run: parsing, the import, font resolution and text shaping are all timed.
// Target: 20 ms.

/// The example storyboard with its prototypes repeated until it holds `cells` cells.
func repeatedStoryboard(cells: Int) throws -> String {
    guard let path = examplePath("cells.storyboard") else { throw BenchError("examples/cells.storyboard not found; run from the project") }
    let text = try String(contentsOfFile: path, encoding: .utf8)
    guard let open = text.range(of: "<prototypes>"), let close = text.range(of: "</prototypes>") else {
        throw BenchError("examples/cells.storyboard has no <prototypes>")
    }
    let prototypes = String(text[open.upperBound..<close.lowerBound])
    let perCopy = prototypes.components(separatedBy: "<tableViewCell ").count - 1
    guard perCopy > 0 else { throw BenchError("examples/cells.storyboard has no prototype cells") }
    // Every id written in the prototypes (ids, references and reuse identifiers are quoted the same way).
    var names: [String] = []
    for key in ["id=\"", "reuseIdentifier=\""] {
        for part in prototypes.components(separatedBy: key).dropFirst() {
            if let end = part.firstIndex(of: "\"") { names.append(String(part[..<end])) }
        }
    }
    var body = ""
    for copy in 0..<(cells + perCopy - 1) / perCopy {
        var block = prototypes
        for name in names { block = block.replacingOccurrences(of: "\"\(name)\"", with: "\"\(name)-\(copy)\"") }
        body += block
    }
    return String(text[..<open.upperBound]) + body + String(text[close.lowerBound...])
}

/// Interface Builder fonts through TextLayout, as the command line resolves them.
struct BenchFonts: InterfaceBuilderFontResolving {
    let measurer: TextMeasurer
    func font(forDescription attributes: [String: String]) -> (font: Font, warning: String?) {
        guard let ibFont = InterfaceBuilderFont(attributes: attributes) else { return (Font(), nil) }
        let (font, warning) = measurer.font(for: ibFont)
        return (font, warning?.description)
    }
}

func benchInterfaceBuilderImport() throws {
    let storyboard = Data(try repeatedStoryboard(cells: 20).utf8)
    let runs = quick ? 5 : 15
    let (median, minimum, (count, total)) = try timed(runs) { () throws -> (Int, Double) in
        let measurer = TextMeasurer()
        let document = try InterfaceBuilderDocument(data: storyboard, file: "cells-20.storyboard")
        let options = InterfaceBuilderImport.Options(fonts: BenchFonts(measurer: measurer))
        var total = 0.0
        for cell in document.cells {
            let imported = try InterfaceBuilderImport(cell: cell, in: document, options: options)
            let template = try CellTemplate(spec: imported.spec, measurer: measurer)
            let size = template.fittingSize(width: 375)
            template.layout(size: size)
            total += Double(size.height)
        }
        return (document.cells.count, total)
    }
    print("\(pad("ib-import", 11)) cells=\(count) parse+import+lay out each once  median \(fixed(median / 1e6, 3, width: 8)) ms  min \(fixed(minimum / 1e6, 3, width: 8)) ms  runs=\(runs)  (target 20 ms)  sum(height)=\(fixed(total, 2))")
}
