import ArgumentParser
import AutoLayout
import CellSpecs
import Foundation
import SelfSizing
import TextLayout

/// What every command that lays a cell out takes beside its SPEC path: which cell of an Interface
/// Builder file, and font directories to add before any text is measured.
struct CellOptions: ParsableArguments {
    @Option(help: "The cell of a .xib or .storyboard: its reuse identifier, custom class or IB id (see `selfsizing cells`). Optional when the file has one cell.")
    var cell: String?

    @Option(name: .customLong("font-dir"), help: "A directory of font files to add (repeatable), for custom fonts and the system font's stand-in.")
    var fontDirectories: [String] = []

    @Option(name: .customLong("layout-direction"),
            help: "The app's layout direction, ltr or rtl: what views whose semanticContentAttribute is not forced resolve to (default: the spec's layoutDirection, else ltr).")
    var layoutDirection: DirectionName?

    /// `--layout-direction`'s values.
    enum DirectionName: String, ExpressibleByArgument, CaseIterable {
        case ltr, rtl
    }

    /// The spec with `--layout-direction` as its app direction, when given (it overrides the spec's).
    func directed(_ spec: CellSpec) -> CellSpec {
        guard let layoutDirection else { return spec }
        var spec = spec
        spec.layoutDirection = layoutDirection == .rtl ? .rightToLeft : .leftToRight
        return spec
    }

    /// Adds the font directories to the shared font library; call before making any measurer
    /// (a measurer keeps the fonts it resolved).
    func addFontDirectories() throws {
        for directory in fontDirectories {
            do { try FontLibrary.shared.addFontDirectory(directory) } catch { throw CLIError(error.description) }
        }
    }
}

/// Interface Builder's fonts as TextLayout resolves them: a `<fontDescription>` becomes an
/// ``InterfaceBuilderFont``, found through fontconfig by the measurer's library (the system font's
/// stand-in, custom fonts by PostScript name or family, `--font-dir`'s fonts); a font that is not
/// found falls back with a warning, never an error.
struct TextLayoutFonts: InterfaceBuilderFontResolving {
    let measurer: TextMeasurer

    func font(forDescription attributes: [String: String]) -> (font: Font, warning: String?) {
        guard let ibFont = InterfaceBuilderFont(attributes: attributes) else {
            let written = attributes.sorted { $0.key < $1.key }.map { "\($0.key)=\"\($0.value)\"" }.joined(separator: " ")
            return (Font(family: FontLibrary.systemUIFamilyName, size: InterfaceBuilderFont.defaultPointSize),
                    "<fontDescription \(written)> describes no font; using the system font at 17 points")
        }
        let (font, warning) = measurer.font(for: ibFont)
        return (font, warning?.description)
    }
}

/// A cell as a command reads it from its SPEC path, the one place that tells the two kinds apart.
///
/// Rules:
/// 1. A path ending in `.xib` or `.storyboard` is an Interface Builder file: `--cell NAME` names
///    the cell (required unless the file has exactly one); it is imported to a cell spec, its fonts
///    resolved by ``TextLayoutFonts``, and its import warnings printed once to standard error as
///    `warning: FILE:LINE:COL: message`. Items bind to its outlets (``OutletBinding``); keys naming no
///    outlet are collected and reported once (``reportUnknownKeys()``), not fatal.
/// 2. Any other path is a cell spec (YAML or JSON) as ``CellSpec/init(contentsOf:)`` reads it; items
///    bind to its `{field}`s; `--cell` and `--as-recorded` are errors.
final class CellSource {
    /// The path the user gave.
    let path: String
    /// The cell spec: read, or imported.
    let spec: CellSpec
    /// The import, for an Interface Builder cell.
    let imported: InterfaceBuilderImport?
    /// The Interface Builder cell, for an imported one.
    let ibCell: IBCell?
    /// Whether the import reproduces Interface Builder's design-time layout (`--as-recorded`).
    let isAsRecorded: Bool
    /// Keys of the items bound so far that named no outlet, in the order first seen.
    var unknownKeys: [String] { unknownKeysLock.withLock { unknownKeyList } }
    private var unknownKeyList: [String] = []
    private var unknownKeySet: Set<String> = []
    /// Lists bind rows on several threads (one template each): the unknown keys are shared.
    private let unknownKeysLock = NSLock()
    private let binding: OutletBinding?

    /// Whether a path names an Interface Builder file.
    static func isInterfaceBuilder(_ path: String) -> Bool {
        let ext = URL(fileURLWithPath: path).pathExtension.lowercased()
        return ext == "xib" || ext == "storyboard"
    }

    /// Reads the cell at `path` (see the type's rules).
    /// - Parameters:
    ///   - path: the SPEC argument.
    ///   - options: `--cell` and `--font-dir` (the directories must have been added already).
    ///   - asRecorded: imports for Interface Builder's design-time layout (`--as-recorded`).
    ///   - measurer: the measurer the fonts resolve in.
    init(path: String, options: CellOptions, asRecorded: Bool = false, measurer: TextMeasurer) throws {
        self.path = path
        isAsRecorded = asRecorded
        guard Self.isInterfaceBuilder(path) else {
            if options.cell != nil { throw CLIError("--cell names a cell of a .xib or .storyboard; \(path) is a cell spec") }
            if asRecorded { throw CLIError("--as-recorded reproduces an Interface Builder file's layout; \(path) is a cell spec") }
            do { spec = options.directed(try CellSpec(contentsOf: path)) } catch { throw CLIError(error) }
            imported = nil
            ibCell = nil
            binding = nil
            outletsByView = [:]
            return
        }
        let document: InterfaceBuilderDocument
        let cell: IBCell
        do {
            document = try InterfaceBuilderDocument(contentsOf: path)
            if let name = options.cell {
                cell = try document.cell(named: name)
            } else {
                let cells = try document.nonEmptyCells()
                guard cells.count == 1 else {
                    throw CLIError("\(path) has \(cells.count) cells; give --cell NAME, one of: \(cells.map(\.name).joined(separator: ", "))")
                }
                cell = cells[0]
            }
            let imported = try InterfaceBuilderImport(
                cell: cell, in: document, options: .init(fonts: TextLayoutFonts(measurer: measurer), asRecorded: asRecorded))
            self.imported = imported
            spec = options.directed(imported.spec)
            binding = OutletBinding(imported)
            outletsByView = Self.outletsByView(imported.outlets)
        } catch { throw CLIError(error) }
        ibCell = cell
        var seen: Set<InterfaceBuilderImport.Warning> = []
        for warning in imported?.warnings ?? [] where seen.insert(warning).inserted {
            Self.warn("\(warning.location): \(warning.message)")
        }
    }

    /// Writes `warning: message` to standard error.
    static func warn(_ message: String) {
        Output.error("warning: \(message)\n")
    }

    /// The cell's name: its IB name, else the spec file's.
    var name: String { ibCell?.name ?? path }

    /// A template of the cell: with Interface Builder's placeholder intrinsic sizes when imported
    /// as recorded.
    func makeTemplate(measurer: TextMeasurer) throws -> CellTemplate {
        do {
            return try CellTemplate(spec: spec, measurer: measurer, usesPlaceholderIntrinsicSizes: isAsRecorded)
        } catch { throw CLIError(error) }
    }

    /// Binds an item: to the outlets of an imported cell (collecting unknown keys), else to the
    /// spec's `{field}`s with the 1-based row.
    func bind(_ item: DataItem, row: Int, to template: CellTemplate) throws(BindingError) {
        guard let binding else { return try template.configure(with: item, row: row) }
        let unknown = try binding.apply(item, to: template)
        guard !unknown.isEmpty else { return }
        unknownKeysLock.withLock {
            for key in unknown where unknownKeySet.insert(key).inserted { unknownKeyList.append(key) }
        }
    }

    /// A list cell of this cell for a reuse identifier, binding as ``bind(_:row:to:)``.
    func makeCell(reuseIdentifier: String, measurer: TextMeasurer) throws(SpecError) -> SpecCell {
        guard binding != nil else { return try SpecCell(spec: spec, reuseIdentifier: reuseIdentifier, measurer: measurer) }
        return try SpecCell(spec: spec, reuseIdentifier: reuseIdentifier, measurer: measurer) { template, item, row throws(BindingError) in
            try self.bind(item, row: row, to: template)
        }
    }

    /// Prints, once, the item keys that named no outlet of an imported cell.
    func reportUnknownKeys(data: String?) {
        let unknownKeys = self.unknownKeys
        guard !unknownKeys.isEmpty else { return }
        let keys = unknownKeys.map { "\"\($0)\"" }.joined(separator: ", ")
        Self.warn("\(data ?? "the data item"): \(unknownKeys.count == 1 ? "key" : "keys") \(keys) \(unknownKeys.count == 1 ? "names" : "name") no outlet of cell \"\(name)\" in \(path); not bound")
    }

    /// The key a view's frame is printed under: its IB object id for an imported cell (the spec id
    /// when the import made the view itself), else its spec id.
    func key(ofView id: String) -> String { imported?.ibIDs[id] ?? id }

    /// The outlet that names a view of an imported cell (the first by name when several do).
    func outlet(ofView id: String) -> String? { outletsByView[id] }

    private let outletsByView: [String: String]

    /// Spec view id -> the outlet naming it (the first by name when several do).
    private static func outletsByView(_ outlets: [String: String]) -> [String: String] {
        var out: [String: String] = [:]
        for (property, view) in outlets.sorted(by: { $0.key < $1.key }) where out[view] == nil { out[view] = property }
        return out
    }
}
