import ArgumentParser
import AutoLayout
import CellSpecs
import Foundation
import Rendering
import SelfSizing
import TextLayout

/// `selfsizing render SPEC --data FILE --width W --output out.png`: draws a list of spec cells, or
/// with `--columns N`, `--flow` or `--item-width W` a collection of them.
struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Draw a list of spec cells (or one cell) to a PNG, PDF or SVG file.",
        discussion: """
        Lays the rows out as `heights` does and draws the viewport: --rows A..B (1-based, inclusive), or --offset Y \
        --height H in points (the rows above and in the viewport measured, so that Y is placed on their real heights), \
        or by default the first 812 points. With a single data item, draws that one cell. \
        Labels are drawn with the glyphs and line breaks their measurement produced; images as their PNG file when \
        the spec binds a path, else as placeholders of their size. The file is written atomically.

        With a collection layout (--columns N, --flow or --item-width W, and the layout flags of `collection`), draws \
        the collection's first screen: --offset along the scroll axis (default 0) and --height, the viewport's height \
        (default 812). Scrolling horizontally (--horizontal), --height is the collection's height and the viewport \
        is --width points along x from --offset. Each item is drawn at its frame on the collection's grey background.
        """)

    @OptionGroup var list: ListOptions

    @OptionGroup var collectionLayout: CollectionOptions

    @OptionGroup var strict: StrictOptions

    @Option(help: "The output file: .png, .pdf or .svg.")
    var output: String

    @Option(help: "The rows to draw, 1-based and inclusive, as A..B.")
    var rows: String?

    @Option(parsing: .unconditional, help: "The top of the viewport in points (checked against the list's laid-out length).")
    var offset: Double?

    @Option(parsing: .unconditional, help: "The height of the viewport in points (above 0, at most 100000).")
    var height: Double?

    @Option(parsing: .unconditional, help: "Pixels per point for PNG (from 1 to 10).")
    var scale: Double = 2

    @Flag(help: "Draw frames, margins and baselines over the cells.")
    var overlay = false

    func validate() throws {
        try NumberLimits.scale.check(scale, "--scale")
        if rows != nil && (offset != nil || height != nil) { throw ValidationError("give --rows or --offset/--height, not both") }
        if let rows, parseRows(rows) == nil { throw ValidationError("--rows must be A..B with 1 <= A <= B, got '\(rows)'") }
        if let offset { try NumberLimits.offset.check(offset, "--offset") }
        if let height { try NumberLimits.height.check(height, "--height") }
        guard RenderFormat(path: output) != nil else {
            throw ValidationError("--output must end in .png, .pdf or .svg, got '\(output)'")
        }
        if collectionLayout.isCollection {
            if rows != nil { throw ValidationError("--rows draws table rows; a collection is drawn by --offset/--height") }
            try collectionLayout.check(width: list.width, height: height)
        } else if let flag = collectionLayout.layoutFlagsGiven.first {
            throw ValidationError("\(flag) applies to a collection: give --columns N, --flow or --item-width W")
        }
    }

    /// Measures the rows from the top, in order, until one reaches `bottom` or none is left: the
    /// viewport is then placed on the rows' real heights, not on their estimates (a list of short
    /// rows ends well above rows x the estimate).
    func measureRows(of table: TableView, through bottom: CGFloat) throws {
        for r in 0..<table.numberOfRows(inSection: 0) {
            let ip = IndexPath(row: r, section: 0)
            if !table.isRowMeasured(at: ip) { try table.measureRow(at: ip) }
            if table.rectForRow(at: ip).maxY >= bottom { break }
        }
    }

    func parseRows(_ text: String) -> ClosedRange<Int>? {
        let parts = text.components(separatedBy: "..")
        guard parts.count == 2, let a = Int(parts[0]), let b = Int(parts[1]), a >= 1, a <= b else { return nil }
        return a...b
    }

    func run() throws {
        let (cell, items, measurer) = try list.read()
        guard !items.isEmpty else { throw CLIError("\(list.data): no rows to draw") }
        if collectionLayout.isCollection { return try drawCollection(cell, items, measurer) }
        let (table, source) = list.table(cell, items, measurer: measurer)
        table.scale = CGFloat(scale)
        if items.count == 1 { table.separatorStyle = .none }
        let span: ClosedRange<CGFloat>
        do {
            try table.layoutIfNeeded()
            if let rowRange = rows.flatMap(parseRows) {
                guard rowRange.lowerBound <= items.count else {
                    throw CLIError("--rows \(rows!): the data has \(items.count) rows")
                }
                let last = min(rowRange.upperBound, items.count)
                // Rows above keep their estimates; the ones drawn are measured first.
                for r in rowRange.lowerBound...last { try table.measureRow(at: IndexPath(row: r - 1, section: 0)) }
                let top = table.rectForRow(at: IndexPath(row: rowRange.lowerBound - 1, section: 0)).minY
                let bottom = table.rectForRow(at: IndexPath(row: last - 1, section: 0)).maxY
                span = top...bottom
            } else if items.count == 1 && offset == nil && height == nil {
                try table.measureRow(at: IndexPath(row: 0, section: 0))
                span = 0...table.rectForRow(at: IndexPath(row: 0, section: 0)).maxY
            } else {
                let top = CGFloat(offset ?? 0), bottom = top + CGFloat(height ?? 812)
                try measureRows(of: table, through: bottom)
                let end = min(bottom, table.contentSize.height)
                guard end > top else {
                    throw CLIError("--offset \(JSONNumber.format(Double(top))) is past the end of the list "
                                   + "(\(JSONNumber.format(Double(table.contentSize.height))) points, its \(items.count) rows measured)")
                }
                span = top...end
            }
        } catch {
            throw list.cliError(error)
        }
        let renderer = Renderer(measurer: measurer)
        renderer.scale = scale
        renderer.overlay = overlay
        do { try renderer.render(table, span: span, to: output) } catch { throw CLIError(error) }
        let problems: [String]
        do { problems = try strict.diagnostics(of: table) } catch { throw list.cliError(error) }
        _ = source
        cell.reportUnknownKeys(data: list.data)
        try Output.line("wrote \(output): \(JSONNumber.format(list.width)) x \(JSONNumber.format(Double(span.upperBound - span.lowerBound))) points")
        try strict.finish(problems)
    }
}

extension Render {
    /// Draws the viewport of a collection: its first screen, or --offset and --height along the
    /// scroll axis (scrolling horizontally, --width points from --offset, the collection --height tall).
    func drawCollection(_ cell: CellSource, _ items: [DataItem], _ measurer: TextMeasurer) throws {
        let horizontal = collectionLayout.horizontal
        let setup = collectionLayout.makeCollection(cell, items, list: list, height: horizontal ? height : nil, measurer: measurer)
        let collection = setup.collection
        let start = CGFloat(offset ?? 0)
        let length = horizontal ? CGFloat(list.width) : CGFloat(height ?? 812)
        let span: ClosedRange<CGFloat>
        do {
            try collection.layoutIfNeeded()
            // An offset is placed on the items' real sizes: with one, every item is measured first
            // (a flow's lines depend on each of their items). Without, what the first screen shows
            // is measured, until it no longer changes.
            if offset != nil { try collection.layoutAllItems() }
            _ = try collection.layoutItems(in: viewport(start, length, collection))
            let total = horizontal ? collection.contentSize.width : collection.contentSize.height
            let end = min(start + length, total)
            guard end > start else {
                throw CLIError("--offset \(JSONNumber.format(Double(start))) is past the end of the collection (\(JSONNumber.format(Double(total))) points)")
            }
            span = start...end
            _ = try collection.layoutItems(in: viewport(start, end - start, collection))
        } catch {
            throw list.cliError(error)
        }
        let renderer = Renderer(measurer: measurer)
        renderer.scale = scale
        renderer.overlay = overlay
        do { try renderer.render(collection: collection, span: span, to: output) } catch { throw CLIError(error) }
        let problems: [String]
        do { problems = try strict.diagnostics(of: collection) } catch { throw list.cliError(error) }
        withExtendedLifetime(setup) {}
        cell.reportUnknownKeys(data: list.data)
        let drawn = Double(span.upperBound - span.lowerBound)
        let size = horizontal ? (drawn, Double(collection.height)) : (list.width, drawn)
        try Output.line("wrote \(output): \(JSONNumber.format(size.0)) x \(JSONNumber.format(size.1)) points")
        try strict.finish(problems)
    }

    private func viewport(_ start: CGFloat, _ length: CGFloat, _ collection: CollectionView) -> CGRect {
        collectionLayout.horizontal ? CGRect(x: start, y: 0, width: length, height: collection.height)
            : CGRect(x: 0, y: start, width: collection.width, height: length)
    }
}
