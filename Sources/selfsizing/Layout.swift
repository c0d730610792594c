import ArgumentParser
import AutoLayout
import CellSpecs
import Foundation
import TextLayout

/// `selfsizing layout SPEC --width W`: lays a cell spec out as a self-sizing cell and prints its
/// size and frames.
struct Layout: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Lay a cell spec out at a width and print its size and frames.",
        discussion: """
        Fits the template as systemLayoutSizeFitting(CGSize(W, 0), .required, .fittingSizeLevel), lays it out at that \
        size, and prints every frame in contentView coordinates. Text is measured with fontconfig, HarfBuzz and ICU.
        """)

    @Argument(help: "The cell spec file (YAML or JSON).")
    var spec: String

    @Option(help: "The content view's width in points.")
    var width: Double

    @Option(help: "A JSON file with the data item to bind (an object, or a string bound as {text}).")
    var data: String?

    @Option(help: "The row number {row} binds to.")
    var row: Int = 1

    @Option(help: "json or text.")
    var format: OutputFormat = .json

    @Option(help: "Snap frames to pixels at this scale, as UIKit does (e.g. 2 or 3).")
    var scale: Double?

    enum OutputFormat: String, ExpressibleByArgument {
        case json, text
    }

    func validate() throws {
        guard width.isFinite, width > 0, width <= 100_000 else {
            throw ValidationError("--width must be a number above 0 (points), got \(width)")
        }
        if let scale, !(scale.isFinite && scale > 0 && scale <= 10) {
            throw ValidationError("--scale must be a number from above 0 to 10, got \(scale)")
        }
        guard row >= 1 else { throw ValidationError("--row must be 1 or more") }
    }

    func run() throws {
        let item = try data.map(readItem) ?? [:]
        let cell: CellTemplate
        do {
            cell = try CellTemplate(spec: try CellSpec(contentsOf: spec), measurer: TextMeasurer())
            try cell.configure(with: item, row: row)
        } catch { throw CLIError(error, spec: spec, data: data) }
        let report = cell.report(width: CGFloat(width))
        var frames = report.frames.map { ($0.id, $0.frame) }
        var size = report.size
        if let scale {
            frames = frames.map { ($0.0, $0.1.pixelAligned(scale: CGFloat(scale))) }
            size = CGRect(origin: .zero, size: size).pixelAligned(scale: CGFloat(scale)).size
        }
        let diagnostics = report.diagnostics.map(\.description)
        switch format {
        case .json: print(json(size: size, frames: frames, diagnostics: diagnostics))
        case .text: print(text(size: size, frames: frames, cell: cell, diagnostics: diagnostics))
        }
    }

    func readItem(_ path: String) throws -> DataItem {
        do { return try DataFile.readItem(path) } catch { throw CLIError(error) }
    }

    func json(size: CGSize, frames: [(String, CGRect)], diagnostics: [String]) -> String {
        func n(_ x: CGFloat) -> String { JSONNumber.format(Double(x)) }
        func rect(_ r: CGRect) -> String {
            "{\"x\": \(n(r.origin.x)), \"y\": \(n(r.origin.y)), \"width\": \(n(r.size.width)), \"height\": \(n(r.size.height))}"
        }
        var out = "{\n  \"size\": {\"width\": \(n(size.width)), \"height\": \(n(size.height))},\n  \"frames\": {\n"
        out += frames.map { "    \(JSONNumber.quote($0.0)): \(rect($0.1))" }.joined(separator: ",\n")
        out += "\n  },\n  \"diagnostics\": ["
        out += diagnostics.map { JSONNumber.quote($0) }.joined(separator: ", ")
        out += "]\n}"
        return out
    }

    func text(size: CGSize, frames: [(String, CGRect)], cell: CellTemplate, diagnostics: [String]) -> String {
        func n(_ x: CGFloat) -> String { JSONNumber.format((Double(x) * 100).rounded() / 100) }
        var out = "contentView \(n(size.width)) x \(n(size.height))\n"
        let byID = Dictionary(uniqueKeysWithValues: frames)
        func walk(_ view: View, _ depth: Int) {
            for sub in view.subviews {
                guard let r = byID[sub.identifier] else { continue }
                var line = String(repeating: "  ", count: depth) + "\(sub.identifier)  (\(n(r.origin.x)), \(n(r.origin.y)))  \(n(r.size.width)) x \(n(r.size.height))"
                if let label = sub as? Label { line += "  \"\(label.text.prefix(40))\(label.text.count > 40 ? "..." : "")\"" }
                out += line + "\n"
                walk(sub, depth + 1)
            }
        }
        walk(cell.contentView, 1)
        for d in diagnostics { out += "warning: \(d)\n" }
        return out
    }
}

enum JSONNumber {
    /// A number as JSON: integers without a fraction, others in Swift's shortest round-trip form.
    static func format(_ x: Double) -> String {
        guard x.isFinite else { return "null" }
        if x == x.rounded(), abs(x) < 1e15 { return String(Int64(x)) }
        return String(x)
    }

    static func quote(_ s: String) -> String {
        var out = "\""
        for c in s.unicodeScalars {
            switch c {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if c.value < 0x20 { out += String(format: "\\u%04x", c.value) } else { out.unicodeScalars.append(c) }
            }
        }
        return out + "\""
    }
}
