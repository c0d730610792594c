import AutoLayout
import CellSpecs
import Foundation

// AutoLayout workloads: the post cell of examples/post-cell.yaml re-laid out for new content (text
// measured by the monospace test measurer, so that the figure is the layout engine's), and a
// 1,000-view spec built from scratch.

/// The post cell spec, read from the project's examples.
func postCellSpec() throws -> CellSpec {
    guard let path = examplePath("post-cell.yaml") else { throw BenchError("examples/post-cell.yaml not found; run from the project") }
    return try CellSpec(contentsOf: path)
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ message: String) { description = message }
}

/// Deterministic feed content for row `i`, as the solver workloads make theirs.
func feedItem(_ i: Int) -> DataItem {
    let words = ["layout", "cell", "height", "auto", "constraint", "text", "row", "image", "feed", "swift"]
    let titleLength = 2 + (i * 7919) % 5
    let bodyLength = 5 + (i * 104_729) % 60
    let title = (0..<titleLength).map { words[($0 + i) % words.count] }.joined(separator: " ")
    let body = (0..<bodyLength).map { words[($0 * 3 + i) % words.count] }.joined(separator: " ")
    let hasImage = i % 3 != 0
    return ["title": .string(title), "time": .string("\(1 + i % 12)h"), "content": .string(body),
            "imageWidth": .number(hasImage ? Double(120 + (i * 31) % 160) : 0),
            "imageHeight": .number(hasImage ? Double(80 + (i * 17) % 120) : 0)]
}

func benchFeedCell() throws {
    let rows = quick ? 200 : 1000
    let items = (0..<rows).map(feedItem)
    let spec = try postCellSpec()
    let cell = try CellTemplate(spec: spec, measurer: MonospaceTextMeasurer())
    let (median, minimum, total) = try timed(quick ? 3 : 7) { () throws -> Double in
        var sum = 0.0
        for (i, item) in items.enumerated() {
            try cell.configure(with: item, row: i + 1)
            sum += Double(cell.fittingSize(width: 375).height)
        }
        return sum
    }
    if arguments.contains("--check") {
        // Template reuse must give what a fresh template gives.
        var differ = 0
        for (i, item) in items.prefix(200).enumerated() {
            try cell.configure(with: item, row: i + 1)
            let reused = cell.fittingSize(width: 375).height
            let fresh = try CellTemplate(spec: spec, measurer: MonospaceTextMeasurer())
            try fresh.configure(with: item, row: i + 1)
            let h = fresh.fittingSize(width: 375).height
            if abs(h - reused) > 1e-6 {
                differ += 1
                if differ <= 3 {
                    cell.layout(size: CGSize(width: 375, height: reused))
                    fresh.layout(size: CGSize(width: 375, height: h))
                    let names = ["title", "time", "body", "photo", "buttons", "avatar"]
                    print("row \(i): reused \(reused) fresh \(h)")
                    print("  reused:", names.map { "\($0)=\(cell.views[$0]!.frame)" })
                    print("  fresh: ", names.map { "\($0)=\(fresh.views[$0]!.frame)" })
                }
            }
        }
        print("check: \(differ) of 200 rows differ")
    }
    if arguments.contains("--stats") {
        print("diagnostics: \(cell.contentView.layoutDiagnostics.count) first: \(cell.contentView.layoutDiagnostics.first.map { "\($0)" } ?? "-")")
    }
    print("\(pad("al-feed", 11)) N=\(pad(String(rows), 5)) median \(fixed(median / Double(rows) / 1e3, 2, width: 8)) us/row   min \(fixed(minimum / Double(rows) / 1e3, 2, width: 8)) us/row   template reused, monospace text  sum(height)=\(fixed(total, 2))")
}

/// A spec of `n` views stacked vertically with fixed heights, as YAML text.
func chainSpec(_ n: Int) -> String {
    var yaml = "views:\n"
    for i in 0..<n { yaml += "  - {id: v\(i)}\n" }
    yaml += "constraints:\n"
    for i in 0..<n {
        yaml += i == 0 ? "  - \"v0.top == contentView.top + 8\"\n" : "  - \"v\(i).top == v\(i - 1).bottom + 8\"\n"
        yaml += "  - \"v\(i).height == \(30 + (i % 5) * 4)\"\n"
        yaml += "  - \"H:|-8-[v\(i)]-8-|\"\n"
    }
    yaml += "  - \"contentView.bottom == v\(n - 1).bottom + 8\"\n"
    return yaml
}

func benchSpecFromScratch() throws {
    let n = 1000
    let yaml = chainSpec(n)
    let (median, minimum, height) = try timed(quick ? 3 : 7) { () throws -> Double in
        let cell = try CellTemplate(spec: CellSpec(yaml: yaml, file: "chain.yaml"))
        return Double(cell.fittingSize(width: 375).height)
    }
    if arguments.contains("--parts") {
        let t0 = now()
        let spec = try CellSpec(yaml: yaml, file: "chain.yaml")
        let t1 = now()
        let cell = try CellTemplate(spec: spec)
        let t2 = now()
        _ = cell.fittingSize(width: 375)
        let t3 = now()
        print("al-spec parts: parse \(Double(t1 - t0) / 1e6) ms, build \(Double(t2 - t1) / 1e6) ms, fit \(Double(t3 - t2) / 1e6) ms")
    }
    print("\(pad("al-spec", 11)) n=\(pad(String(n), 5)) parse+build+fit median \(fixed(median / 1e6, 3, width: 8)) ms  min \(fixed(minimum / 1e6, 3, width: 8)) ms  height=\(fixed(height, 2))")
}
