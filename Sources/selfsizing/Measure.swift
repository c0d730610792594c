import ArgumentParser
import AutoLayout
import Dispatch
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

    /// Result slots written by concurrent workers, each at its own index.
    struct Slots: @unchecked Sendable {
        let base: UnsafeMutableBufferPointer<String>
        init(count: Int) {
            base = .allocate(capacity: count)
            base.initialize(repeating: "")
        }
        subscript(k: Int) -> String {
            get { base[k] }
            nonmutating set { base[k] = newValue }
        }
        func deallocate() {
            base.deinitialize()
            base.deallocate()
        }
    }

    struct Item: Sendable {
        var id: String   // JSON text of the id
        var text: String
        var language: String?
    }

    func run() throws {
        let items = try readItems()
        let measurer = TextMeasurer()
        if let fontFile, !FileManager.default.isReadableFile(atPath: fontFile) {
            throw CLIError("\(fontFile): cannot read the font file")
        }
        let fontSpec = fontFile.map { Font.file($0, size: CGFloat(size)) } ?? Font(family: font, size: CGFloat(size), weight: weight)
        guard measurer.prepare("x", font: fontSpec) != nil else {
            throw CLIError(fontFile.map { "\($0): not a font HarfBuzz can load" } ?? "no font found for --font \(font)")
        }
        let lineHeightSetting: LineHeight = lineHeight.map { .fixed(CGFloat($0)) } ?? .natural
        let natural = Double(measurer.measure(TextMeasureRequest(text: "x", font: fontSpec, width: nil,
                                                                 lineHeight: lineHeightSetting)).size.height)
        // Items are measured in parallel chunks; each chunk's output is written in input order.
        let chunk = 2048
        let chunks = (items.count + chunk - 1) / chunk
        let out = FileHandle.standardOutput
        if format == .json { out.write(Data("[".utf8)) }
        var pending: [Int: String] = [:]
        var next = 0
        let lock = NSLock()
        let batch = max(1, ProcessInfo.processInfo.activeProcessorCount) * 4
        var first = 0
        while first < chunks {
            let last = min(chunks, first + batch)
            let start = first
            let results = Slots(count: last - first)
            defer { results.deallocate() }
            DispatchQueue.concurrentPerform(iterations: last - first) { k in
                let c = start + k
                var text = ""
                for i in (c * chunk)..<min(items.count, (c + 1) * chunk) {
                    let item = items[i]
                    guard let prepared = measurer.prepare(item.text, font: fontSpec, language: item.language, keep: false) else { continue }
                    text += render(item, index: i, prepared: prepared, lineHeight: natural, measurer: measurer, font: fontSpec)
                }
                results[k] = text
            }
            lock.lock()
            for k in 0..<(last - first) { pending[first + k] = results[k] }
            while let text = pending.removeValue(forKey: next) {
                out.write(Data(text.utf8))
                next += 1
            }
            lock.unlock()
            first = last
        }
        if format == .json { out.write(Data("\n]\n".utf8)) }
    }

    func render(_ item: Item, index: Int, prepared: PreparedText, lineHeight: Double, measurer: TextMeasurer,
                font: Font) -> String {
        var out = ""
        if format == .json {
            out += index == 0 ? "\n" : ",\n"
            out += "{\"id\": \(item.id), \"results\": ["
        } else {
            out += "\(item.id)\n"
        }
        for (k, w) in widths.enumerated() {
            var laid = prepared.lines(width: w).map { (text: String($0.text), width: $0.width) }
            if lines > 0 && laid.count > lines {
                // The last line shown ends in an ellipsis, as a UILabel's (byTruncatingTail).
                laid = measurer.lines(TextMeasureRequest(text: item.text, font: font, width: CGFloat(w), numberOfLines: lines,
                                                         lineBreakMode: .byTruncatingTail, language: item.language))
            }
            let height = Double(laid.count) * lineHeight
            if format == .json {
                out += k == 0 ? "" : ", "
                out += "{\"width\": \(JSONNumber.format(w)), \"lineCount\": \(laid.count), \"height\": \(JSONNumber.format(height))"
                if !noLines { out += ", \"lines\": [" + laid.map { JSONNumber.quote($0.text) }.joined(separator: ", ") + "]" }
                out += "}"
            } else {
                out += "  width \(JSONNumber.format(w)): \(laid.count) lines, height \(JSONNumber.format(height))\n"
                if !noLines { for l in laid { out += "    | \(l.text)\n" } }
            }
        }
        if format == .json { out += "]}" }
        return out
    }

    func readItems() throws -> [Item] {
        let data: Data
        if input == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            guard let d = FileManager.default.contents(atPath: input) else { throw CLIError("\(input): cannot read the file") }
            data = d
        }
        let source = input == "-" ? "standard input" : input
        let json: Any
        do { json = try JSONSerialization.jsonObject(with: data) } catch {
            throw CLIError("\(source): not valid JSON: \(error.localizedDescription)")
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
