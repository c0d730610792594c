import TextLayout

/// `selfsizing measure`'s output for one item, from parts worked out once for all items: each
/// width's opening (its JSON object's first key, or its text line's start) and the heights of the
/// first line counts. Items are rendered on the measuring threads, so this is most of the output's
/// cost: a few appends per width.
struct MeasureOutput: Sendable {
    let format: Layout.OutputFormat
    let noLines: Bool
    /// Each width's opening, by its place in the widths.
    let openings: [String]
    /// The heights of 0 to 255 lines, as JSON numbers.
    let heights: [String]

    init(format: Layout.OutputFormat, noLines: Bool, widths: [Double], lineHeight: Double) {
        self.format = format
        self.noLines = noLines
        openings = widths.map { format == .json ? MeasureOutput.jsonOpening($0) : MeasureOutput.textOpening($0) }
        heights = (0..<256).map { JSONNumber.format(Double($0) * lineHeight) }
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
        for (k, layout) in layouts.enumerated() {
            let json = format == .json
            out += k > 0 && json ? ", " : ""
            out += k < openings.count ? openings[k] : json ? Self.jsonOpening(layout.width) : Self.textOpening(layout.width)
            out += String(layout.lineCount)
            out += json ? ", \"height\": " : " lines, height "
            out += layout.lineCount >= 0 && layout.lineCount < heights.count ? heights[layout.lineCount]
                : JSONNumber.format(layout.height)
            if json {
                if !noLines {
                    out += ", \"lines\": ["
                    for (n, line) in (layout.lines ?? []).enumerated() {
                        if n > 0 { out += ", " }
                        Self.appendQuoted(line, to: &out)
                    }
                    out += "]"
                }
                out += "}"
            } else {
                out += "\n"
                if !noLines { for l in layout.lines ?? [] { out += "    | \(l)\n" } }
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
