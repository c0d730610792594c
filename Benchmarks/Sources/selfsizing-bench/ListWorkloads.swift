import AutoLayout
import CellSpecs
import Foundation
import SelfSizing
import TextLayout
#if canImport(Glibc)
import Glibc
#endif

// SelfSizing workloads: the seeds' sample (the 1,997 Huckleberry Finn sentences in the UYL text
// cell, real text) cold, at a new width, and as cached lookups; and a million generated rows with
// their peak memory.

/// The project's own copy of a file under examples/, found from the working directory.
func examplePath(_ name: String) -> String? {
    for base in ["examples", "../examples"] where FileManager.default.fileExists(atPath: "\(base)/\(name)") {
        return "\(base)/\(name)"
    }
    return nil
}

func uylTable(items: [DataItem], spec: CellSpec, measurer: TextMeasurer, width: CGFloat) -> (TableView, ItemsDataSource) {
    let table = TableView(width: width)
    // `--serial` measures on one thread, to compare with all cores.
    if arguments.contains("--serial") { table.maximumConcurrency = 1 }
    let source = ItemsDataSource(sections: [items], cellIdentifier: "cell")
    table.dataSource = source
    table.register(spec, measurer: measurer, forCellReuseIdentifier: "cell")
    return (table, source)
}

func benchHuckleberryList() throws {
    guard let sentences = huckleberrySentences() else { return }
    guard let specPath = examplePath("uyl-text-cell.yaml") else { print("list: examples/uyl-text-cell.yaml not found; skipped"); return }
    let spec = try CellSpec(contentsOf: specPath)
    let items: [DataItem] = sentences.map { ["text": .string($0)] }
    let runs = quick ? 3 : 7
    // Cold: a new table and a new measurer (no shaped segment, no font loaded) each run.
    let (cold, coldMin, height) = try timed(runs) { () throws -> Double in
        let (table, source) = uylTable(items: items, spec: spec, measurer: TextMeasurer(), width: 375)
        try table.layoutAllRows()
        _ = source
        return Double(table.contentSize.height)
    }
    print("list-huck   rows=\(items.count) cold, text included       median \(fixed(cold / 1e6, 2, width: 8)) ms  min \(fixed(coldMin / 1e6, 2, width: 8)) ms  runs=\(runs)  content height \(fixed(height, 2))")
    // A new width: the table laid out at 375 (untimed), then at a width it has not seen; the text
    // is prepared, so only line breaking and layout run again.
    let measurer = TextMeasurer()
    var widths = [320.0, 414, 390, 360, 428, 300, 768].makeIterator()
    var kept: [(TableView, ItemsDataSource)] = []
    var newWidth: [Double] = []
    for _ in 0..<runs {
        let (table, source) = uylTable(items: items, spec: spec, measurer: measurer, width: 375)
        try table.layoutAllRows()
        kept = [(table, source)]
        table.width = CGFloat(widths.next() ?? 500)
        let t0 = now()
        try table.layoutAllRows()
        newWidth.append(Double(now() - t0))
    }
    newWidth.sort()
    print("list-huck   rows=\(items.count) new width                median \(fixed(newWidth[newWidth.count / 2] / 1e6, 2, width: 8)) ms  min \(fixed(newWidth[0] / 1e6, 2, width: 8)) ms  runs=\(runs)")
    // Cached lookups: what heightForRowAt costs once every row is measured.
    let table = kept[0].0
    let source = kept[0].1
    let lookups = 100
    // UIKit hands heightForRowAt an index path; making them is not part of the lookup.
    let paths = (0..<items.count).map { IndexPath(row: $0, section: 0) }
    let (hit, hitMin, sum) = try timed(runs) { () throws -> Double in
        var s = 0.0
        for _ in 0..<lookups {
            for ip in paths {
                s += Double(try table.height(forCellWithIdentifier: "cell", cacheBy: ip) { _ in })
            }
        }
        return s
    }
    let n = Double(lookups * items.count)
    print("list-huck   cached lookup (heightForRowAt)        median \(fixed(hit / n, 1, width: 8)) ns  min \(fixed(hitMin / n, 1, width: 8)) ns  per lookup  sum=\(fixed(sum / Double(lookups), 2))")
    _ = source
}

/// Peak resident memory of the process in bytes.
func peakMemory() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) * 1024
}

/// A million rows of generated sentences in the UYL cell; the time to lay every row out (with a
/// progress bar on stderr) and the peak memory beyond the data. Run in a process of its own
/// (`--only list-million`), so that the peak is its own.
func benchMillionRows() throws {
    guard let specPath = examplePath("uyl-text-cell.yaml") else { print("list: examples/uyl-text-cell.yaml not found; skipped"); return }
    let spec = try CellSpec(contentsOf: specPath)
    let count = quick ? 100_000 : 1_000_000
    let words = ["the", "river", "raft", "Jim", "night", "town", "widow", "said", "never", "mighty", "considerable",
                 "and", "was", "we", "a", "it", "Tom", "Sawyer", "clothes", "shore", "island", "fog", "canoe", "judge"]
    var items: [DataItem] = []
    items.reserveCapacity(count)
    var x: UInt64 = 0x9E37_79B9
    for _ in 0..<count {
        x = x &* 6364136223846793005 &+ 1442695040888963407
        let length = 4 + Int((x >> 33) % 40)
        var sentence = ""
        for k in 0..<length {
            if k > 0 { sentence += " " }
            sentence += words[Int((x >> UInt64(k % 50)) % UInt64(words.count))]
        }
        items.append(["text": .string(sentence + ".")])
    }
    let baseline = peakMemory()
    let bar = ProgressBarLine(total: count)
    let t0 = now()
    let (table, source) = uylTable(items: items, spec: spec, measurer: TextMeasurer(), width: 375)
    try table.layoutAllRows { done, _ in bar.update(done) }
    let seconds = Double(now() - t0) / 1e9
    bar.finish()
    let beyond = (peakMemory() - baseline) / Double(count)
    print("list-million rows=\(count) layout, text included  \(fixed(seconds, 2, width: 8)) s  (\(fixed(seconds / Double(count) * 1e6, 1)) us/row)  peak memory beyond the data \(fixed(beyond, 0)) bytes/row  content height \(fixed(Double(table.contentSize.height), 0))")
    _ = source
}

/// A progress bar on standard error.
final class ProgressBarLine {
    let total: Int
    var last = 0

    init(total: Int) { self.total = total }

    func update(_ done: Int) {
        let percent = done * 100 / max(total, 1)
        guard percent != last else { return }
        last = percent
        let filled = percent * 30 / 100
        FileHandle.standardError.write(Data("\r[\(String(repeating: "#", count: filled))\(String(repeating: " ", count: 30 - filled))] \(percent)% \(done)/\(total) rows".utf8))
    }

    func finish() { FileHandle.standardError.write(Data("\n".utf8)) }
}
