import AutoLayout
import CellSpecs
import Foundation

/// `selfsizing layout FILE --cell NAME --as-recorded`: Interface Builder's design-time layout
/// beside the frames IB recorded, to check an import.
///
/// Rules:
/// 1. The cell is laid out at the size IB recorded for its content view (`IBCell.recordedContentSize`:
///    its `<rect key="frame">`, a frameless table prototype's row height less its separator, else
///    the cell's recorded size); a cell with none is an error.
/// 2. Each view's difference is the largest of |dx|, |dy|, |dwidth|, |dheight| between its frame and
///    its recorded frame (content-view coordinates); views without a recorded frame have none.
/// 3. The largest difference is the largest over the views (0 when none has a recorded frame).
extension Layout {
    /// One view's frame beside IB's.
    struct RecordedRow {
        let key: String
        let outlet: String?
        let frame: CGRect
        let recorded: CGRect?

        /// Rule 2's difference, nil without a recorded frame.
        var difference: CGFloat? {
            guard let recorded else { return nil }
            return [frame.minX - recorded.minX, frame.minY - recorded.minY, frame.width - recorded.width,
                    frame.height - recorded.height].map(abs).max()
        }
    }

    func printRecorded(_ source: CellSource, _ cell: CellTemplate) throws {
        guard let imported = source.imported, let ibCell = source.ibCell else {
            throw CLIError("--as-recorded reproduces an Interface Builder file's layout; \(spec) is a cell spec")
        }
        guard let size = ibCell.recordedContentSize, size.width > 0, size.height > 0 else {
            throw CLIError("\(spec): cell \"\(ibCell.name)\" has no recorded size to lay it out at")
        }
        cell.layout(size: size)
        let diagnostics = cell.contentView.layoutDiagnostics.map { CellDiagnostic.layout($0).description }
        let rows = cell.spec.views.compactMap { v -> RecordedRow? in
            guard let view = cell.views[v.id] else { return nil }
            let frame = view.convert(CGRect(origin: .zero, size: view.frame.size), to: cell.contentView)
            return RecordedRow(key: source.key(ofView: v.id), outlet: source.outlet(ofView: v.id), frame: frame,
                               recorded: imported.recordedFrames[v.id])
        }
        let largest = rows.compactMap(\.difference).max() ?? 0
        switch format {
        case .json: try Output.line(recordedJSON(source, size: size, rows: rows, largest: largest, diagnostics: diagnostics))
        case .text: try Output.line(recordedText(size: size, rows: rows, largest: largest, diagnostics: diagnostics))
        }
        try strict.finish(diagnostics)
    }

    func recordedJSON(_ source: CellSource, size: CGSize, rows: [RecordedRow], largest: CGFloat, diagnostics: [String]) -> String {
        func n(_ x: CGFloat) -> String { JSONNumber.format(Double(x)) }
        var out = "{\n  \"cell\": \(JSONNumber.quote(source.name)),\n"
        out += "  \"size\": {\"width\": \(n(size.width)), \"height\": \(n(size.height))},\n  \"views\": ["
        out += rows.map { row in
            "\n    {\"id\": \(JSONNumber.quote(row.key)), \"outlet\": \(row.outlet.map(JSONNumber.quote) ?? "null"), "
                + "\"frame\": \(Self.rect(row.frame)), \"recorded\": \(row.recorded.map { Self.rect($0) } ?? "null"), "
                + "\"difference\": \(row.difference.map(n) ?? "null")}"
        }.joined(separator: ",")
        out += rows.isEmpty ? "],\n" : "\n  ],\n"
        out += "  \"largestDifference\": \(n(largest)),\n  \"diagnostics\": ["
        out += diagnostics.map { JSONNumber.quote($0) }.joined(separator: ", ")
        return out + "]\n}"
    }

    func recordedText(size: CGSize, rows: [RecordedRow], largest: CGFloat, diagnostics: [String]) -> String {
        func n(_ x: CGFloat) -> String { JSONNumber.points(Double(x)) }
        func rect(_ r: CGRect) -> String { "(\(n(r.minX)), \(n(r.minY))) \(n(r.width)) x \(n(r.height))" }
        var lines = [["view", "frame", "recorded", "difference"]]
        for row in rows {
            lines.append([row.key + (row.outlet.map { " [\($0)]" } ?? ""), rect(row.frame), row.recorded.map(rect) ?? "-",
                          row.difference.map(n) ?? "-"])
        }
        let widths = (0..<4).map { c in lines.map { $0[c].count }.max() ?? 0 }
        var out = "contentView \(n(size.width)) x \(n(size.height)) (as recorded)\n"
        for line in lines {
            out += line.enumerated().map { c, s in s + String(repeating: " ", count: widths[c] - s.count) }
                .joined(separator: "  ").trimmingCharacters(in: .whitespaces) + "\n"
        }
        out += "largest difference \(n(largest)) pt"
        for d in diagnostics { out += "\nwarning: \(d)" }
        return out
    }
}
