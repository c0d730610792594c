import ArgumentParser
import AutoLayout
import CellSpecs
import Foundation
import SelfSizing
import TextLayout

/// What `heights`, `collection` and `render` share: a spec, its rows, the list's width and Dynamic Type size.
struct ListOptions: ParsableArguments {
    @Argument(help: "The cell spec file (YAML or JSON), or an Interface Builder file (.xib or .storyboard) with --cell.")
    var spec: String

    @OptionGroup var cellOptions: CellOptions

    @Option(help: "The data file (.json, .jsonl, .csv, .plist).")
    var data: String

    @Option(parsing: .unconditional, help: "The table's or collection's width in points (above 0, at most 100000).")
    var width: Double

    @Option(name: .customLong("content-size-category"),
            help: "The Dynamic Type size: xSmall, small, medium, large, xLarge, xxLarge, xxxLarge, AX1 ... AX5 (or UIKit's names).")
    var contentSizeCategory: String = "large"

    func validate() throws {
        try NumberLimits.width.check(width, "--width")
        guard ContentSizeCategory(name: contentSizeCategory) != nil else {
            throw ValidationError("--content-size-category '\(contentSizeCategory)' is not one of "
                                  + ContentSizeCategory.shortNames.joined(separator: ", "))
        }
    }

    /// The font directories added, a measurer, the cell and the rows, read; errors name the file
    /// and where in it.
    func read() throws -> (CellSource, [DataItem], TextMeasurer) {
        try cellOptions.addFontDirectories()
        let measurer = TextMeasurer()
        let source = try CellSource(path: spec, options: cellOptions, measurer: measurer)
        let items: [DataItem]
        do { items = try DataFile.read(data) } catch { throw CLIError(error) }
        return (source, items, measurer)
    }

    /// An error of laying the table out, for the command line: a row that fails is named in the
    /// data file, anything else in the spec.
    func cliError(_ error: Error) -> CLIError { CLIError(error, spec: spec, data: data) }

    /// A one-section table of the rows in the source's cells (reuse identifier "cell").
    func table(_ cell: CellSource, _ items: [DataItem], measurer: TextMeasurer) -> (TableView, ItemsDataSource) {
        let source = ItemsDataSource(sections: [items], cellIdentifier: "cell")
        return (table(cell, source: source, measurer: measurer), source)
    }

    /// A table of the cell (reuse identifier "cell") at the width and category, showing what
    /// `source` gives (the caller keeps it: a table holds its data source weakly).
    func table(_ cell: CellSource, source: TableViewDataSource, measurer: TextMeasurer) -> TableView {
        let table = TableView(width: CGFloat(width))
        table.contentSizeCategory = ContentSizeCategory(name: contentSizeCategory)!
        table.dataSource = source
        table.register(forCellReuseIdentifier: "cell") { try cell.makeCell(reuseIdentifier: "cell", measurer: measurer) }
        return table
    }
}
