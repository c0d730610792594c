import AutoLayout
import CellSpecs
import Foundation
import SelfSizing
import TextLayout
#if canImport(Glibc)
import Glibc
#endif

// Saved caches (`cache`): restoring a saved cache of 1,000,000 rows into a new table, in process
// (target <= 1 s), and `selfsizing heights --cache` on an unchanged Huckleberry against a cold run,
// whole processes of the release binary (target <= 10% of the cold run; starting the process
// costs about half a cold run here, so the time beyond `--help`'s is printed too).

func benchSavedCache() throws {
    try benchMillionRowRestore()
    try benchHeightsCacheProcess()
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

/// `heights --cache` on an unchanged Huckleberry against a cold run, each a whole process.
func benchHeightsCacheProcess() throws {
    let data = ["../shared/data/huckleberry-finn.plist", "../../shared/data/huckleberry-finn.plist"]
        .first { FileManager.default.fileExists(atPath: $0) }
    guard let data else { print("cache: ../shared/data/huckleberry-finn.plist not found; heights --cache skipped"); return }
    guard let spec = examplePath("uyl-text-cell.yaml") else { print("cache: examples/uyl-text-cell.yaml not found; skipped"); return }
    let binary = [".build/release/selfsizing", "../.build/release/selfsizing"].first { FileManager.default.isExecutableFile(atPath: $0) }
    guard let binary else { print("cache: .build/release/selfsizing not found (swift build -c release); heights --cache skipped"); return }
    let cache = FileManager.default.temporaryDirectory.appendingPathComponent("selfsizing-bench-heights-\(getpid()).json").path
    defer { try? FileManager.default.removeItem(atPath: cache) }
    func run(_ extra: [String]) throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: binary)
        p.arguments = ["heights", spec, "--data", data, "--width", "375", "--format", "json"] + extra
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        p.waitUntilExit()
    }
    let runs = quick ? 5 : 11
    let (cold, _, _) = try timed(runs) { try run([]) }
    try run(["--cache", cache])
    let (warm, _, _) = try timed(runs) { try run(["--cache", cache]) }
    let (help, _, _) = try timed(runs) { try run(["--help"]) }
    print("cache       heights huck (1,997 rows), whole process  cold \(fixed(cold / 1e6, 1)) ms  --cache unchanged \(fixed(warm / 1e6, 1)) ms (\(fixed(warm / cold * 100, 0))% of cold; target <= 10%)  process floor (--help) \(fixed(help / 1e6, 1)) ms; beyond the floor \(fixed(max(warm - help, 0) / max(cold - help, 1) * 100, 0))% of cold  runs=\(runs)")
}
