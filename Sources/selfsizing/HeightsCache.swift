import CellSpecs
import Foundation
import Rendering
import SelfSizing
import TextLayout

/// `heights --cache FILE`: the saved heights a run restores before measuring and writes after.
///
/// Rules:
/// 1. The template's identity hashes (``StableHash``) the SPEC file's bytes, `--cell`, and the font
///    settings the measurer resolves: the system family and the system UI family, the file the
///    system family resolves to, and each `--font-dir` with its font files' names, sizes and
///    modification times. A changed spec or font changes it, and every row is measured again.
/// 2. Rows are keyed by index path and hashed by their data item (``StableHash/of(_:)``); the
///    context is the table's (``TableView/savedSizesContext``): a changed item, width, category,
///    separator or scale measures again what it changes.
/// 3. A missing file is a cold run; an unreadable one, or one of another version, is a warning and
///    a cold run, and is replaced. The file is written atomically (``AtomicFile``: flushed, renamed,
///    and removed if the run is interrupted) after the rows are laid out (not at all when it would
///    not change); failing to write it is a warning.
struct HeightsCache {
    let url: URL
    let template: String
    let hashes: [UInt64]
    /// The cache as read (nil: none), whose other groups are kept when it is written.
    private(set) var saved: SavedSizes?

    /// Reads the cache file, if any, for the rows of a spec (rule 3).
    init(path: String, list: ListOptions, items: [DataItem]) {
        url = URL(fileURLWithPath: path)
        template = Self.identity(list)
        hashes = items.map(StableHash.of)
        do { saved = try SavedSizes.load(from: url) } catch {
            CellSource.warn("\(error); measuring every row")
        }
    }

    /// Restores the heights of unchanged rows into the table.
    @discardableResult
    func restore(into table: TableView) -> Int {
        guard let saved else { return 0 }
        let hashes = self.hashes
        return table.restore(saved, template: template) { hashes[$0.row] }
    }

    /// Writes the table's heights (rule 3).
    func write(from table: TableView) {
        let hashes = self.hashes
        let out = table.savedSizes(template: template, contentHash: { hashes[$0.row] }, adding: saved ?? SavedSizes())
        // Nothing changed: the file is already what would be written.
        if out == saved { return }
        let failure: String
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            let data = try encoder.encode(out)
            let file = try AtomicFile(path: url.path)
            _ = data.withUnsafeBytes { file.write($0) }
            try file.commit()
            return
        } catch let RenderError.unwritable(_, reason) {
            failure = reason
        } catch {
            failure = "\(error)"
        }
        CellSource.warn("\(SavedSizesError.unwritable(path: url.path, message: failure))")
    }

    /// The template's identity (rule 1).
    static func identity(_ list: ListOptions) -> String {
        var h = StableHash()
        h.combine(bytes: (try? Data(contentsOf: URL(fileURLWithPath: list.spec))) ?? Data())
        h.combine(list.cellOptions.cell ?? "")
        let fonts = FontLibrary.shared
        h.combine(fonts.systemFamily)
        h.combine(fonts.systemUIFamily)
        h.combine(fonts.match(family: fonts.systemFamily, weight: 400, italic: false)?.face.path ?? "")
        for directory in list.cellOptions.fontDirectories {
            h.combine(directory)
            let files = FileManager.default.enumerator(atPath: directory)?.compactMap { $0 as? String }.sorted() ?? []
            for file in files {
                let attributes = try? FileManager.default.attributesOfItem(atPath: directory + "/" + file)
                h.combine(file)
                h.combine(UInt64((attributes?[.size] as? NSNumber)?.int64Value ?? 0))
                h.combine(UInt64(bitPattern: Int64((attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)))
            }
        }
        return "spec:" + StableHash.hex(h.value)
    }
}
