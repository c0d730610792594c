import ArgumentParser
import AutoLayout
import CellSpecs
import Foundation
import TextLayout

/// `selfsizing layout SPEC --width W`: lays a cell spec out as a self-sizing cell and prints its
/// size and frames; `selfsizing layout FILE --cell NAME --width W` does so for a cell of a xib or
/// storyboard, and with `--as-recorded` compares its layout with the frames IB recorded.
struct Layout: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Lay a cell spec, or a cell of a .xib or .storyboard, out at a width and print its size and frames.",
        discussion: """
        Fits the template as systemLayoutSizeFitting(CGSize(W, 0), .required, .fittingSizeLevel), lays it out at that \
        size, and prints every frame in contentView coordinates. Text is measured with fontconfig, HarfBuzz and ICU.

        A .xib or .storyboard cell (--cell NAME, see `selfsizing cells`) is imported first; the data item binds to \
        its outlets by property name. Its frames are keyed by IB object id (the content view by its own id, or \
        "contentView" when the file gives it none), each with the outlet naming it when one does: json {"cell": NAME, \
        "size": {...}, "frames": {"<IB id>": {"x", "y", "width", "height", "outlet": "titleLabel"}, ...}, \
        "diagnostics": [...]}; text "<IB id> [outlet]  (x, y)  w x h".

        --as-recorded reproduces Interface Builder's own layout: the cell at the size IB recorded (its content \
        view's frame), labels, image views, buttons and text views sized as IB recorded them; it prints each view's \
        frame next to IB's recorded frame (content-view coordinates) and the largest difference in points: json \
        {"cell", "size", "views": [{"id", "outlet", "frame", "recorded", "difference"}], "largestDifference", \
        "diagnostics"}. --width is not needed.
        """)

    @Argument(help: "The cell spec file (YAML or JSON), or an Interface Builder file (.xib or .storyboard) with --cell.")
    var spec: String

    @OptionGroup var cellOptions: CellOptions

    @OptionGroup var strict: StrictOptions

    @Option(parsing: .unconditional, help: "The content view's width in points (above 0, at most 100000).")
    var width: Double?

    @Flag(name: .customLong("as-recorded"), help: "Lay an Interface Builder cell out as IB did and compare with its recorded frames.")
    var asRecorded = false

    @Option(help: "A JSON file with the data item to bind (an object, or a string bound as {text}).")
    var data: String?

    @Option(parsing: .unconditional, help: "The row number {row} binds to.")
    var row: Int = 1

    @Option(help: "json or text.")
    var format: OutputFormat = .json

    @Option(parsing: .unconditional, help: "Snap frames to pixels at this scale, as UIKit does (e.g. 2 or 3; from 1 to 10).")
    var scale: Double?

    enum OutputFormat: String, ExpressibleByArgument {
        case json, text
    }

    func validate() throws {
        if let width {
            try NumberLimits.width.check(width, "--width")
        } else if !asRecorded {
            throw ValidationError("give --width W: the content view's width in points (only --as-recorded takes IB's recorded size)")
        }
        if let scale { try NumberLimits.scale.check(scale, "--scale") }
        try NumberLimits.row.check(row, "--row")
    }

    func run() throws {
        try cellOptions.addFontDirectories()
        let measurer = TextMeasurer()
        let source = try CellSource(path: spec, options: cellOptions, asRecorded: asRecorded, measurer: measurer)
        let item = try data.map(readItem) ?? [:]
        let cell = try source.makeTemplate(measurer: measurer)
        do { try source.bind(item, row: row, to: cell) } catch { throw CLIError(error, spec: spec, data: data) }
        source.reportUnknownKeys(data: data)
        if asRecorded { return try printRecorded(source, cell) }
        let report = cell.report(width: CGFloat(width ?? 0))
        var frames = report.frames.map { ($0.id, $0.frame) }
        var size = report.size
        if let scale {
            frames = frames.map { ($0.0, $0.1.pixelAligned(scale: CGFloat(scale))) }
            size = CGRect(origin: .zero, size: size).pixelAligned(scale: CGFloat(scale)).size
        }
        let diagnostics = report.diagnostics.map(\.description)
        switch format {
        case .json: try Output.line(json(size: size, frames: frames, diagnostics: diagnostics, source: source))
        case .text: try Output.line(text(size: size, frames: frames, cell: cell, diagnostics: diagnostics, source: source))
        }
        try strict.finish(diagnostics)
    }

    func readItem(_ path: String) throws -> DataItem {
        do { return try DataFile.readItem(path) } catch { throw CLIError(error) }
    }

    /// A frame as a JSON object, with an `outlet` member when one is given.
    static func rect(_ r: CGRect, outlet: String? = nil) -> String {
        func n(_ x: CGFloat) -> String { JSONNumber.format(Double(x)) }
        let named = outlet.map { ", \"outlet\": \(JSONNumber.quote($0))" } ?? ""
        return "{\"x\": \(n(r.origin.x)), \"y\": \(n(r.origin.y)), \"width\": \(n(r.size.width)), \"height\": \(n(r.size.height))\(named)}"
    }

    func json(size: CGSize, frames: [(String, CGRect)], diagnostics: [String], source: CellSource) -> String {
        func n(_ x: CGFloat) -> String { JSONNumber.format(Double(x)) }
        var out = "{\n"
        if source.imported != nil { out += "  \"cell\": \(JSONNumber.quote(source.name)),\n" }
        out += "  \"size\": {\"width\": \(n(size.width)), \"height\": \(n(size.height))},\n  \"frames\": {\n"
        out += frames.map { "    \(JSONNumber.quote(source.key(ofView: $0.0))): \(Self.rect($0.1, outlet: source.outlet(ofView: $0.0)))" }
            .joined(separator: ",\n")
        out += "\n  },\n  \"diagnostics\": ["
        out += diagnostics.map { JSONNumber.quote($0) }.joined(separator: ", ")
        out += "]\n}"
        return out
    }

    func text(size: CGSize, frames: [(String, CGRect)], cell: CellTemplate, diagnostics: [String], source: CellSource) -> String {
        func n(_ x: CGFloat) -> String { JSONNumber.points(Double(x)) }
        var out = "contentView \(n(size.width)) x \(n(size.height))\n"
        let byID = Dictionary(uniqueKeysWithValues: frames)
        func walk(_ view: View, _ depth: Int) {
            for sub in view.subviews {
                guard let r = byID[sub.identifier] else { continue }
                let name = source.key(ofView: sub.identifier) + (source.outlet(ofView: sub.identifier).map { " [\($0)]" } ?? "")
                var line = String(repeating: "  ", count: depth) + "\(name)  (\(n(r.origin.x)), \(n(r.origin.y)))  \(n(r.size.width)) x \(n(r.size.height))"
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
    /// A number of points for people to read: rounded to hundredths, then as ``format(_:)`` writes it.
    static func points(_ x: Double) -> String { format((x * 100).rounded() / 100) }

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
