import ArgumentParser
import AutoLayout
import CellSpecs
import Foundation
import SelfSizing

/// `--strict`, for CI: a cell whose layout is broken fails the run instead of being laid out anyway.
///
/// Rules:
/// 1. Without `--strict` nothing changes: the engine breaks one constraint and goes on (UIKit's
///    behaviour), and the diagnostics are warnings (`layout` prints them in its output).
/// 2. With it, after the command's output is written, the layout diagnostics are printed on
///    standard error, one `error: ...` each (each text once), and the command exits with ``exitCode`` (3): an
///    unsatisfiable constraint (the engine broke one), an ambiguous view, or a missing edge (the
///    cell takes no height, or no width, from its content).
/// 3. `layout` checks its one cell. `heights`, `collection` and `render` check the first row's (or
///    item's) cell as `layout` would at the width the list gave it, and every sizing diagnostic the
///    list kept while measuring (a cell that fell back to `sizeThatFits` or to the last-resort
///    size). A problem only some later row's data brings out is not seen.
struct StrictOptions: ParsableArguments {
    @Flag(help: "Exit with status 3 when layout reports an unsatisfiable constraint, an ambiguous view or a missing edge (the diagnostics printed on standard error as errors). Without it they are warnings and layout goes on, as UIKit's does.")
    var strict = false

    /// The exit status of a run that `--strict` fails: distinct from 1 (an error) and 64 (a usage error).
    static let exitCode: Int32 = 3

    /// Rule 2: fails the run when strict and there are diagnostics.
    func finish(_ diagnostics: [String]) throws {
        // The engine keeps a diagnostic for each fit that met it: each is printed once.
        var seen: Set<String> = []
        let diagnostics = diagnostics.filter { seen.insert($0).inserted }
        guard strict, !diagnostics.isEmpty else { return }
        for d in diagnostics { Output.error("error: \(d)\n") }
        Output.error("error: --strict: \(diagnostics.count) layout \(diagnostics.count == 1 ? "problem" : "problems")\n")
        throw ExitCode(Self.exitCode)
    }

    /// Rule 3 for a table: the first row's cell, reported at its content view's width, and the
    /// table's sizing diagnostics.
    func diagnostics(of table: TableView) throws -> [String] {
        guard strict else { return [] }
        var found: [String] = []
        if table.numberOfSections > 0, table.numberOfRows(inSection: 0) > 0 {
            let cell = try table.layOutCell(forRowAt: IndexPath(row: 0, section: 0)).cell
            found += Self.report(cell)
        }
        return found + table.diagnostics.map(\.description)
    }

    /// Rule 3 for a collection: the first item's cell, reported at its frame's width, and the
    /// collection's sizing diagnostics (an item clamped to its line is not a layout problem).
    func diagnostics(of collection: CollectionView) throws -> [String] {
        guard strict else { return [] }
        var found: [String] = []
        if collection.numberOfSections > 0, collection.numberOfItems(inSection: 0) > 0 {
            let cell = try collection.layOutCell(forItemAt: IndexPath(item: 0, section: 0)).cell
            found += Self.report(cell)
        }
        for case let .sizing(d) in collection.diagnostics { found.append(d.description) }
        return found
    }

    /// What `layout` would report of a list's cell at the width it was given.
    private static func report(_ cell: ListCell) -> [String] {
        guard let cell = cell as? SpecCell else { return [] }
        return cell.template.report(width: cell.contentView.frame.width).diagnostics.map(\.description)
    }
}
