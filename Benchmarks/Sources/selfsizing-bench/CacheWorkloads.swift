import AutoLayout
import CellSpecs
import Foundation
import SelfSizing
import TextLayout
#if canImport(Glibc)
import Glibc
#endif

// Saved caches (`cache`): restoring a saved cache of 1,000,000 rows into a new table, in process
// (target <= 1 s). `selfsizing heights --cache` on an unchanged Huckleberry against a cold run, as
// whole processes, is timed by scripts/bench-coldstart.sh (make bench runs it): Foundation's
// `Process.waitUntilExit()` polls its run loop every 50 ms on Linux, so a process spawned from here
// cannot be timed more finely than that.

func benchSavedCache() throws {
    try benchMillionRowRestore()
}

/// A million generated rows, a saved cache of them (heights made up: measuring them is
/// list-million's work), restored into a new table and laid out with no row measured.
func benchMillionRowRestore() throws {
    guard let specPath = examplePath("uyl-text-cell.yaml") else { print("cache: examples/uyl-text-cell.yaml not found; skipped"); return }
    let spec = try CellSpec(contentsOf: specPath)
    let count = quick ? 100_000 : 1_000_000
    let items: [DataItem] = (0..<count).map { ["text": .string("Row \($0) of the river, the raft and Jim, \($0 % 97) nights.")] }
    let template = "spec:" + StableHash.hex(StableHash.of(bytes: try Data(contentsOf: URL(fileURLWithPath: specPath))))
    let context = TableView(width: 375).savedSizesContext
    var group = SavedSizes.Group(template: template, context: context)
    group.keys.reserveCapacity(count)
    for (i, item) in items.enumerated() {
        group.append(key: "0.\(i)", hash: StableHash.of(item), size: CGSize(width: 375, height: 44 + Double(i % 5) * 20 + 1.0 / 3))
    }
    let saved = SavedSizes(groups: [group])
    let runs = quick ? 3 : 5
    var passes = 0, restoredCount = 0
    let (restore, restoreMin, _) = try timed(runs) { () throws -> Int in
        let (table, source) = uylTable(items: items, spec: spec, measurer: TextMeasurer(), width: 375)
        restoredCount = table.restore(saved, template: template) { StableHash.of(source.sections[0][$0.row]) }
        try table.layoutAllRows()
        passes = table.statistics.layoutPasses
        return restoredCount
    }
    print("cache       rows=\(count) restore + layout, hashes included  median \(fixed(restore / 1e9, 3, width: 7)) s  min \(fixed(restoreMin / 1e9, 3, width: 7)) s  restored \(restoredCount)  layout passes \(passes)  (target <= 1 s)")
    // The file: written atomically and read back.
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("selfsizing-bench-cache-\(getpid()).json")
    defer { try? FileManager.default.removeItem(at: url) }
    let t0 = now()
    try saved.write(to: url)
    let t1 = now()
    let loaded = try SavedSizes.load(from: url)
    let t2 = now()
    let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.doubleValue ?? 0
    print("cache       rows=\(count) file \(fixed(size / 1e6, 1)) MB  write \(fixed(Double(t1 - t0) / 1e9, 3)) s  load \(fixed(Double(t2 - t1) / 1e9, 3)) s  same \(loaded == saved)")
}
