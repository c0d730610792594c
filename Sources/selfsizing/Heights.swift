import ArgumentParser
import AutoLayout
import Foundation
import SelfSizing
import TextLayout

/// `selfsizing heights SPEC --data FILE --width W`: every row's height in a table of spec cells.
struct Heights: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Compute the height of every row of a list of spec cells, as a self-sizing UITableView would.",
        discussion: """
        Data: a JSON array (of objects or strings), JSON Lines, CSV with a header row, or a property list array. \
        Each item binds to the spec's {field}s; a string item binds to {text}; {row} is the 1-based row. \
        A cell of a .xib or .storyboard (--cell NAME) binds items to its outlets by property name (a string item to \
        its only multi-line label, else its only label); keys that name no outlet are reported once on standard error. \
        Heights include the separator (1/scale) unless --separator none.
        """)

    @OptionGroup var list: ListOptions

    @OptionGroup var stream: StreamOptions

    @OptionGroup var strict: StrictOptions

    @Option(help: "json, csv or text; or jsonl, streamed in constant memory (--data - reads JSON Lines from standard input): one line per input row, in input order, {\"row\": N, \"id\": ID, \"height\": H}, N the input line's number plus --row-offset, \"id\" only when the item has one. A bad line is named and stops the run (exit 1) after the rows before it were written, unless --skip-bad-lines.")
    var format: Format = .text

    @Option(help: "singleLine or none.")
    var separator: Separator = .singleLine

    @Option(parsing: .unconditional, help: "The screen scale (the separator is 1/scale points; from 1 to 10).")
    var scale: Double = 3

    @Option(help: "A file of saved heights: read when present (unchanged rows are not measured again), written after.")
    var cache: String?

    @Flag(help: "Show a progress bar on standard error (shown anyway on a terminal).")
    var progress = false

    enum Format: String, ExpressibleByArgument {
        case json, csv, text, jsonl
    }

    enum Separator: String, ExpressibleByArgument {
        case singleLine, none
    }

    func validate() throws {
        try NumberLimits.scale.check(scale, "--scale")
        if cache != nil && (format == .jsonl || list.data == "-") {
            throw ValidationError("--cache keeps a whole table's heights; it does not stream: drop --cache or --format jsonl")
        }
    }

    /// The separator and screen scale the options give a table's rows.
    func style(_ table: TableView) {
        table.separatorStyle = separator == .none ? .none : .singleLine
        table.scale = CGFloat(scale)
    }

    func run() throws {
        if format == .jsonl || list.data == "-" { return try HeightsStream(command: self).run() }
        let (cell, items, measurer) = try list.read()
        let start = Date()
        let (table, source) = list.table(cell, items, measurer: measurer)
        style(table)
        let saved = cache.map { HeightsCache(path: $0, list: list, items: items) }
        saved?.restore(into: table)
        let bar = (progress || isatty(STDERR_FILENO) == 1) && items.count > 0 ? ProgressBar(total: items.count) : nil
        do {
            try table.layoutAllRows { done, _ in bar?.update(done) }
        } catch {
            bar?.finish()
            throw list.cliError(error)
        }
        bar?.finish()
        saved?.write(from: table)
        _ = source
        cell.reportUnknownKeys(data: list.data)
        let seconds = Date().timeIntervalSince(start)
        let heights = items.isEmpty ? [] : table.rowHeights(inSection: 0)
        let contentHeight = Double(table.contentSize.height)
        if !strict.strict, let problem = table.diagnostics.first { Output.error("warning: \(problem)\n") }
        let problems: [String]
        do { problems = try strict.diagnostics(of: table) } catch { throw list.cliError(error) }
        // The whole output is made before any of it is written: an error leaves nothing behind.
        var out = ""
        out.reserveCapacity(heights.count * 8 + 64)
        switch format {
        case .json:
            out += "{\"rows\": \(heights.count), \"contentHeight\": \(JSONNumber.format(contentHeight)), "
            out += "\"seconds\": \(JSONNumber.format((seconds * 1e6).rounded() / 1e6)), \"heights\": ["
            out += heights.map { JSONNumber.format(Double($0)) }.joined(separator: ", ")
            out += "]}\n"
        case .csv:
            out += "row,height\n"
            for (i, h) in heights.enumerated() { out += "\(i + 1),\(JSONNumber.format(Double(h)))\n" }
        case .text:
            for (i, h) in heights.enumerated() { out += "\(i + 1)\t\(JSONNumber.points(Double(h)))\n" }
            let perRow = heights.isEmpty ? 0 : seconds / Double(heights.count) * 1e6
            out += "\(heights.count) rows, content height \(JSONNumber.points(contentHeight)) pt, "
            out += String(format: "%.3f s (%.1f us/row)\n", seconds, perRow)
        case .jsonl:
            break // streamed above
        }
        try Output.write(out)
        try strict.finish(problems)
    }

}

/// A progress bar on standard error, redrawn at most ten times a second.
final class ProgressBar {
    let total: Int
    private var last = Date.distantPast

    init(total: Int) { self.total = total }

    func update(_ done: Int) {
        let now = Date()
        guard now.timeIntervalSince(last) >= 0.1 || done == total else { return }
        last = now
        let width = 30
        let filled = total == 0 ? width : done * width / total
        let bar = String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled)
        let percent = total == 0 ? 100 : done * 100 / total
        Output.error("\r[\(bar)] \(percent)% \(done)/\(total) rows")
    }

    func finish() {
        Output.error("\n")
    }
}

extension ContentSizeCategory {
    static let shortNames = ["xSmall", "small", "medium", "large", "xLarge", "xxLarge", "xxxLarge",
                             "AX1", "AX2", "AX3", "AX4", "AX5"]

    /// A category by its short name (as SwiftUI's DynamicTypeSize and Apple's tables name them),
    /// or its full name, in any case.
    init?(name: String) {
        let lower = name.lowercased()
        if let i = Self.shortNames.firstIndex(where: { $0.lowercased() == lower }) {
            self = Self.allCases[i]
        } else if let c = Self.allCases.first(where: { $0.rawValue.lowercased() == lower }) {
            self = c
        } else {
            return nil
        }
    }
}
