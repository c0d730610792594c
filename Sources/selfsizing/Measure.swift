import ArgumentParser
import AutoLayout
import CellSpecs
import Foundation
import TextLayout

/// `selfsizing measure`: line counts, heights and lines of many texts at one or more widths.
struct Measure: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Measure texts at one or more widths: line count, height and lines.",
        discussion: """
        Input: a JSON array of strings, or of objects {"id": any, "text": string, "lang": optional BCP-47 tag}. \
        Output (json): an array in input order of {"id", "results": [{"width", "lineCount", "height", "lines"}]}. \
        Heights are lineCount x --line-height when it is given, else the font's natural line height.
        """)

    @Option(help: "The font family (fontconfig name), or \"system\".")
    var font: String = "system"

    @Option(name: .customLong("font-file"), help: "A font file to use instead of --font.")
    var fontFile: String?

    @Option(help: "The font size in px.")
    var size: Double

    @Option(help: "The font weight, 100...900.")
    var weight: Int = 400

    @Option(name: .customLong("line-height"), help: "A fixed line height in px.")
    var lineHeight: Double?

    @Option(name: .customLong("width"), help: "A width to lay out at; repeat for several.")
    var widths: [Double]

    @Option(help: "The most lines (0 for no limit).")
    var lines: Int = 0

    @Option(help: "json or text.")
    var format: Layout.OutputFormat = .json

    @Flag(name: .customLong("no-lines"), help: "Leave the lines out of the output.")
    var noLines = false

    @Argument(help: "The input file, or - for standard input.")
    var input: String

    func validate() throws {
        guard size.isFinite, size > 0, size <= 1000 else { throw ValidationError("--size must be a number above 0, got \(size)") }
        guard (1...1000).contains(weight) else { throw ValidationError("--weight must be from 1 to 1000") }
        if let lineHeight, !(lineHeight.isFinite && lineHeight > 0) {
            throw ValidationError("--line-height must be a number above 0")
        }
        guard !widths.isEmpty else { throw ValidationError("give at least one --width") }
        for w in widths where !(w.isFinite && w > 0) { throw ValidationError("--width must be a number above 0, got \(w)") }
        guard lines >= 0 else { throw ValidationError("--lines must be 0 or more") }
    }

    typealias Item = TextBatchMeasurer.Item

    func run() throws {
        let items = try readItems()
        if let fontFile, !FileManager.default.isReadableFile(atPath: fontFile) {
            throw CLIError("\(fontFile): cannot read the font file")
        }
        let fontSpec = fontFile.map { Font.file($0, size: CGFloat(size)) } ?? Font(family: font, size: CGFloat(size), weight: weight)
        let batch: TextBatchMeasurer
        do {
            batch = try TextBatchMeasurer(font: fontSpec, widths: widths, lineHeight: lineHeight, lineLimit: lines,
                                          includesLines: !noLines)
        } catch {
            throw CLIError(fontFile.map { "\($0): not a font HarfBuzz can load" } ?? "no font found for --font \(font)")
        }
        // Items are rendered on the measuring threads; the output is written in input order, a
        // megabyte at a time.
        // The first write error stops the writing; it is the command's error once measuring ends.
        var pending = format == .json ? "[" : ""
        var failure: (any Error)?
        let format = format, noLines = noLines
        batch.measure(items, transform: { Self.render($0, format: format, noLines: noLines) }, consume: { text in
            pending += text
            if pending.utf8.count >= 1 << 20 {
                if failure == nil { do { try Output.write(pending) } catch { failure = error } }
                pending = ""
            }
        })
        if format == .json { pending += "\n]\n" }
        if let failure { throw failure }
        try Output.write(pending)
    }

    /// One item's output: a JSON object, or an indented block of text.
    static func render(_ result: TextBatchMeasurer.Result, format: Layout.OutputFormat, noLines: Bool) -> String {
        guard let layouts = result.layouts else { return "" }
        var out = ""
        if format == .json {
            out += result.index == 0 ? "\n" : ",\n"
            out += "{\"id\": \(result.id), \"results\": ["
        } else {
            out += "\(result.id)\n"
        }
        for (k, layout) in layouts.enumerated() {
            let height = layout.height
            if format == .json {
                out += k == 0 ? "" : ", "
                out += "{\"width\": \(JSONNumber.format(layout.width)), \"lineCount\": \(layout.lineCount), \"height\": \(JSONNumber.format(height))"
                if !noLines { out += ", \"lines\": [" + (layout.lines ?? []).map { JSONNumber.quote($0) }.joined(separator: ", ") + "]" }
                out += "}"
            } else {
                out += "  width \(JSONNumber.format(layout.width)): \(layout.lineCount) lines, height \(JSONNumber.format(height))\n"
                if !noLines { for l in layout.lines ?? [] { out += "    | \(l)\n" } }
            }
        }
        if format == .json { out += "]}" }
        return out
    }

    /// All of standard input, read with read(2) so that a closed or unreadable descriptor is an
    /// error naming the system's error (EBADF, EIO), not a trap.
    static func readStandardInput() throws -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { Foundation.read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if n == 0 { return data }
            if n < 0 {
                if errno == EINTR { continue }
                throw CLIError("standard input: cannot read: \(String(cString: strerror(errno)))")
            }
            data.append(contentsOf: buffer[..<n])
        }
    }

    func readItems() throws -> [Item] {
        let data: Data
        if input == "-" {
            data = try Self.readStandardInput()
        } else {
            guard let d = FileManager.default.contents(atPath: input) else { throw CLIError("\(input): cannot read the file") }
            data = d
        }
        let source = input == "-" ? "standard input" : input
        let json: Any
        do { json = try JSONSerialization.jsonObject(with: data) } catch {
            let place = JSONErrorPlace(error, in: data)
            throw CLIError("\(source):\(place.line):\(place.column): not valid JSON: \(place.message)")
        }
        guard let array = json as? [Any] else { throw CLIError("\(source): expected a JSON array of strings or objects") }
        var items: [Item] = []
        items.reserveCapacity(array.count)
        for (i, element) in array.enumerated() {
            if let s = element as? String {
                items.append(Item(id: String(i), text: s, language: nil))
            } else if let o = element as? [String: Any] {
                guard let text = o["text"] as? String else { throw CLIError("\(source): item \(i) has no string \"text\"") }
                var id = String(i)
                if let raw = o["id"] {
                    guard let d = try? JSONSerialization.data(withJSONObject: raw, options: [.fragmentsAllowed, .sortedKeys]) else {
                        throw CLIError("\(source): item \(i) has an id that is not JSON")
                    }
                    id = String(decoding: d, as: UTF8.self)
                }
                var language: String?
                if let l = o["lang"] {
                    guard let tag = l as? String else { throw CLIError("\(source): item \(i): \"lang\" must be a string") }
                    language = tag
                }
                items.append(Item(id: id, text: text, language: language))
            } else {
                throw CLIError("\(source): item \(i) is neither a string nor an object with \"text\"")
            }
        }
        return items
    }
}
