import ArgumentParser
import AutoLayout
import Foundation
import SelfSizing
import TextLayout

extension ListAnchoring: ExpressibleByArgument {}

/// `selfsizing scroll SPEC --data FILE --width W`: a fling over a table of spec cells with
/// estimated heights, reporting what the user would see.
struct Scroll: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Fling a table of spec cells with estimated heights from the top to the bottom and back, reporting jumps, rows measured and the scroll indicator's error.",
        discussion: """
        The table measures only the rows its viewport and an overscan band (one viewport above and below) come near; \
        the rest stand in with --estimated-row-height. A frame scrolls by the velocity / 60 points (4000 pt/s: 66.67 pt). \
        With --to-row N the table jumps to row N first (scrollToRow .top), then flings to the top and to the bottom. \
        Printed: steps (frames, and the jump), maxVisibleJump (the largest movement of the first visible row's on-screen \
        position not caused by the scroll itself, points), rowsMeasured, maxIndicatorError (the largest difference between \
        the content height with estimates and the true one, every row measured by a second table, points), landedOnRow \
        (1-based; the row at the top of the visible area after the jump, null without --to-row) and landingError (points). \
        Anchoring top keeps the first visible row still when heights change above it (jumps are 0); none is UIKit's jump; \
        end is for chat lists.
        """)

    @OptionGroup var list: ListOptions

    @Option(name: .customLong("estimated-row-height"),
            help: "The height rows stand in with until measured: points above 0, or 'automatic' for the running mean of the measured heights.")
    var estimatedRowHeight: String = "44"

    @Option(parsing: .unconditional, help: "The viewport's (the bounds') height in points (above 0, at most 100000).")
    var viewport: Double = 812

    @Option(help: "top, end or none.")
    var anchoring: ListAnchoring = .top

    @Option(name: .customLong("to-row"), parsing: .unconditional, help: "Jump to this row (1-based) first.")
    var toRow: Int?

    @Option(parsing: .unconditional, help: "The fling's speed in points per second, at 60 frames a second (from 60: a point a frame).")
    var velocity: Double = ScrollSimulation.defaultVelocity

    @OptionGroup var strict: StrictOptions

    @Option(help: "json or text.")
    var format: Format = .json

    enum Format: String, ExpressibleByArgument {
        case json, text
    }

    /// The estimate the option gives: points, or the running mean.
    var estimate: CGFloat? {
        if estimatedRowHeight.lowercased() == "automatic" { return TableView.automaticDimension }
        guard let h = Double(estimatedRowHeight), NumberLimits.height.allows(h) else { return nil }
        return CGFloat(h)
    }

    /// A fling's speed: from a point a frame at 60 frames a second.
    static let velocityLimit = NumberLimit("a velocity", unit: "points per second", 60...1_000_000)

    func validate() throws {
        if estimate == nil {
            let given = Double(estimatedRowHeight)
            throw ValidationError(given.map { NumberLimits.height.message($0, "--estimated-row-height") + ", or 'automatic'" }
                ?? "--estimated-row-height '\(estimatedRowHeight)' is not a number: a height is \(NumberLimits.height.stated), or 'automatic'")
        }
        try NumberLimits.height.check(viewport, "--viewport")
        try Self.velocityLimit.check(velocity, "--velocity")
        if let toRow { try NumberLimits.row.check(toRow, "--to-row") }
    }

    func run() throws {
        let (cell, items, measurer) = try list.read()
        if let toRow, toRow > items.count {
            throw CLIError("--to-row \(toRow): \(list.data) has \(items.count) row\(items.count == 1 ? "" : "s")")
        }
        let report: ScrollReport
        let problems: [String]
        do {
            // The true content height, from a second table that measures every row.
            let (reference, referenceSource) = list.table(cell, items, measurer: measurer)
            try reference.layoutAllRows()
            let trueHeight = Double(reference.contentSize.height)
            _ = referenceSource

            let (table, source) = list.table(cell, items, measurer: measurer)
            table.estimatedRowHeight = estimate!
            table.viewportHeight = CGFloat(viewport)
            table.anchoring = anchoring
            let simulation = ScrollSimulation(table: table, velocity: velocity, trueContentHeight: trueHeight)
            report = try simulation.run(jumpingTo: toRow.map { IndexPath(row: $0 - 1, section: 0) })
            problems = try strict.diagnostics(of: table)
            _ = source
        } catch {
            throw list.cliError(error)
        }
        cell.reportUnknownKeys(data: list.data)
        try Output.write(Self.formatted(report, rows: items.count, format: format))
        try strict.finish(problems)
    }

    /// The report as JSON (one object) or text (one line a field).
    static func formatted(_ r: ScrollReport, rows: Int, format: Format) -> String {
        let landed = r.landedOnRow.map { String($0.row + 1) } ?? "null"
        let landingError = r.landingError.map(JSONNumber.points) ?? "null"
        let indicator = r.maxIndicatorError.map(JSONNumber.points) ?? "null"
        switch format {
        case .json:
            return "{\"rows\": \(rows), \"steps\": \(r.steps), \"maxVisibleJump\": \(JSONNumber.points(r.maxVisibleJump)), "
                + "\"rowsMeasured\": \(r.rowsMeasured), \"maxIndicatorError\": \(indicator), "
                + "\"landedOnRow\": \(landed), \"landingError\": \(landingError)}\n"
        case .text:
            return """
            \(rows) rows, \(r.steps) steps
            max visible jump \(JSONNumber.points(r.maxVisibleJump)) pt
            rows measured \(r.rowsMeasured)
            max indicator error \(indicator) pt
            landed on row \(landed), \(landingError) pt off

            """
        }
    }
}
