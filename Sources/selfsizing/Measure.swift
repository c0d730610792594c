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
        Heights are lineCount x --line-height when it is given, else the font's natural line height. \
        Each line's text is in logical order (the order of the input, as lines are broken), also for \
        right-to-left and mixed text: reordering for display (Unicode bidi) happens only when drawing \
        (`render`), and a program that shows the lines should reorder each one itself.
        """)

    @Option(help: "The font family (fontconfig name), or \"system\".")
    var font: String = "system"

    @Option(name: .customLong("font-file"), help: "A font file to use instead of --font.")
    var fontFile: String?

    @Option(parsing: .unconditional, help: "The font size in px (above 0, at most 1000).")
    var size: Double

    @Option(parsing: .unconditional, help: "The font weight, 100...1000.")
    var weight: Int = 400

    @Option(name: .customLong("line-height"), parsing: .unconditional, help: "A fixed line height in px.")
    var lineHeight: Double?

    @Option(name: .customLong("width"), parsing: .unconditionalSingleValue, help: "A width to lay out at (above 0, at most 100000); repeat for several.")
    var widths: [Double]

    @Option(parsing: .unconditional, help: "The most lines (0 for no limit).")
    var lines: Int = 0

    @Option(help: "json or text.")
    var format: Layout.OutputFormat = .json

    @Flag(name: .customLong("no-lines"), help: "Leave the lines out of the output.")
    var noLines = false

    @Argument(help: "The input file, or - for standard input.")
    var input: String

    func validate() throws {
        try NumberLimits.fontSize.check(size, "--size")
        try NumberLimits.weight.check(weight, "--weight")
        if let lineHeight { try NumberLimits.lineHeight.check(lineHeight, "--line-height") }
        guard !widths.isEmpty else { throw ValidationError("give at least one --width") }
        for w in widths { try NumberLimits.width.check(w, "--width") }
        try NumberLimits.lines.check(lines, "--lines")
    }

    typealias Item = TextBatchMeasurer.Item

    /// Warns on standard error when fontconfig has no family `--font` and another stands in (a
    /// warning, as UIKit draws a missing font in the system font); no font at all is an error.
    func warnOfFallback() throws {
        guard let match = FontLibrary.shared.match(family: font, weight: weight, italic: false) else {
            throw CLIError("no font found for --font \(font), nor any font to use instead")
        }
        guard !match.isExact else { return }
        CellSource.warn("--font: " + FontWarning(requested: font, substitute: match.family, substituteStyle: match.style).description)
    }

    func run() throws {
        let items = try readItems()
        if let fontFile, let problem = FontFace.problem(path: fontFile) {
            throw CLIError("\(fontFile): \(problem); --font-file takes a TrueType or OpenType font")
        }
        if fontFile == nil { try warnOfFallback() }
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
        pending.reserveCapacity(1 << 21)
        var failure: (any Error)?
        let output = MeasureOutput(format: format, noLines: noLines, widths: widths, lineHeight: batch.lineHeight)
        batch.measure(items, transform: { output.render($0) }, consume: { text in
            pending += text
            if pending.utf8.count >= 1 << 20 {
                if failure == nil { do { try Output.write(pending) } catch { failure = error } }
                pending.removeAll(keepingCapacity: true)
            }
        })
        if format == .json { pending += "\n]\n" }
        if let failure { throw failure }
        try Output.write(pending)
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

    /// An id as JSON without serializing it again, when it is a string or an integer (most inputs
    /// number or name their items); nil for anything else.
    static func plainID(_ raw: Any) -> String? {
        if let s = raw as? String {
            var out = ""
            MeasureOutput.appendQuoted(s, to: &out)
            return out
        }
        // JSONSerialization's integers; its booleans are NSNumbers of type "c".
        if let n = raw as? NSNumber, ["i", "q", "l", "s"].contains(String(cString: n.objCType)) {
            return String(n.int64Value)
        }
        return nil
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
                    if let plain = Self.plainID(raw) {
                        id = plain
                    } else {
                        guard let d = try? JSONSerialization.data(withJSONObject: raw, options: [.fragmentsAllowed, .sortedKeys]) else {
                        throw CLIError("\(source): item \(i) has an id that is not JSON")
                    }
                        id = String(decoding: d, as: UTF8.self)
                    }
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
