import TextLayout

/// `selfsizing measure`'s output for one item, from parts worked out once for all items: each
/// width's opening (with the comma before it, its JSON object's first key; or its text line's
/// start) and what follows the line count for the first line counts (the height, and without lines
/// the object's end). Items are rendered on the measuring threads: three appends per width.
struct MeasureOutput: Sendable {
    let format: Layout.OutputFormat
    let noLines: Bool
    /// Each width's opening, by its place in the widths.
    let openings: [String]
    /// What follows a line count of 0 to 255: the height, as a JSON number, with its key or words.
    let heights: [String]

    init(format: Layout.OutputFormat, noLines: Bool, widths: [Double], lineHeight: Double) {
        self.format = format
        self.noLines = noLines
        openings = widths.enumerated().map { k, w in
            format == .json ? (k > 0 ? ", " : "") + MeasureOutput.jsonOpening(w) : MeasureOutput.textOpening(w)
        }
        heights = (0..<256).map { MeasureOutput.afterCount(JSONNumber.format(Double($0) * lineHeight), format, noLines) }
    }

    /// What follows a line count: the height and, in JSON without lines, the object's end.
    static func afterCount(_ height: String, _ format: Layout.OutputFormat, _ noLines: Bool) -> String {
        format == .json ? ", \"height\": " + height + (noLines ? "}" : "") : " lines, height " + height + "\n"
    }

    static func jsonOpening(_ width: Double) -> String { "{\"width\": \(JSONNumber.format(width)), \"lineCount\": " }
    static func textOpening(_ width: Double) -> String { "  width \(JSONNumber.format(width)): " }

    /// One item's output: a JSON object (after a comma, but for the first), or an indented block
    /// of text; nothing for an item no font was found for.
    func render(_ result: TextBatchMeasurer.Result) -> String {
        guard let layouts = result.layouts else { return "" }
        var out = ""
        out.reserveCapacity(64 + layouts.count * (noLines ? 48 : 200))
        if format == .json {
            out += result.index == 0 ? "\n{\"id\": " : ",\n{\"id\": "
            out += result.id
            out += ", \"results\": ["
        } else {
            out += result.id
            out += "\n"
        }
        let json = format == .json
        for (k, layout) in layouts.enumerated() {
            out += k < openings.count ? openings[k]
                : json ? (k > 0 ? ", " : "") + Self.jsonOpening(layout.width) : Self.textOpening(layout.width)
            out += String(layout.lineCount)
            out += layout.lineCount >= 0 && layout.lineCount < heights.count ? heights[layout.lineCount]
                : Self.afterCount(JSONNumber.format(layout.height), format, noLines)
            guard !noLines else { continue }
            if json {
                out += ", \"lines\": ["
                for (n, line) in (layout.lines ?? []).enumerated() {
                    if n > 0 { out += ", " }
                    Self.appendQuoted(line, to: &out)
                }
                out += "]}"
            } else {
                for l in layout.lines ?? [] { out += "    | \(l)\n" }
            }
        }
        if format == .json { out += "]}" }
        return out
    }

    /// Appends a string as a JSON string: as it is between quotes when nothing in it needs
    /// escaping (the common case, checked on its UTF-8 bytes), else as ``JSONNumber/quote(_:)``
    /// escapes it.
    static func appendQuoted(_ s: String, to out: inout String) {
        let plain = s.utf8.withContiguousStorageIfAvailable { bytes in
            !bytes.contains { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }
        } ?? false
        if plain {
            out += "\""
            out += s
            out += "\""
        } else {
            out += JSONNumber.quote(s)
        }
    }
}
