import AutoLayout
import CellSpecs
import Foundation
import SelfSizing
import TextLayout

// The scroll workload: the Huckleberry list (UYL cell, 375 points, a 812-point viewport) with
// estimated heights, flung top to bottom and back at 60 frames a second (4,000 pt/s, 66.67 pt a
// frame), and jumped to its middle then flung to the top and the bottom; with anchoring and
// without. Each frame's work (scrolling, measuring the rows that come near, anchoring) is timed
// on the calling thread: the median and the largest per frame, against a budget of 1 ms.

/// One run's figures.
struct ScrollFigures {
    var frames: [Double] = []
    /// The frames that measured at least one row (template layouts counted by the table).
    var measuringFrames: [Double] = []
    /// The first frame: the viewport's first layout, fonts and templates made.
    var firstFrame = 0.0
    var maxJump = 0.0
    var rowsMeasured = 0
    var maxIndicatorError = 0.0
}

func benchScroll() throws {
    guard let sentences = huckleberrySentences() else { print("scroll: Huckleberry Finn not found; skipped"); return }
    guard let specPath = examplePath("uyl-text-cell.yaml") else { print("scroll: examples/uyl-text-cell.yaml not found; skipped"); return }
    let spec = try CellSpec(contentsOf: specPath)
    let items: [DataItem] = sentences.map { ["text": .string($0)] }
    // The true content height, from a table of its own (its own measurer, so that the scrolled
    // table's text is cold): not work the scrolled table does.
    let (reference, referenceSource) = uylTable(items: items, spec: spec, measurer: TextMeasurer(), width: 375)
    try reference.layoutAllRows()
    let trueHeight = Double(reference.contentSize.height)
    _ = referenceSource

    for (scenario, jump) in [("fling", false), ("jump+fling", true)] {
        for (estimate, estimateName) in [(CGFloat(44), "44"), (TableView.automaticDimension, "auto")] {
            for anchoring in [ListAnchoring.top, .none] {
                let name = "scroll \(scenario) est=\(estimateName) anchoring=\(anchoring.rawValue)"
                let f = try scrollRun(items: items, spec: spec, estimate: estimate, anchoring: anchoring, jump: jump, trueHeight: trueHeight)
                let sorted = f.frames.dropFirst().sorted()
                let measuring = f.measuringFrames.sorted()
                func median(_ xs: [Double]) -> Double { xs.isEmpty ? 0 : xs[xs.count / 2] }
                func p99(_ xs: [Double]) -> Double { xs.isEmpty ? 0 : xs[min(xs.count - 1, xs.count * 99 / 100)] }
                let over = sorted.filter { $0 > 1e6 }.count
                print("\(pad(name, 40)) frames=\(sorted.count + 1) first \(fixed(f.firstFrame / 1e6, 2)) ms; then median \(fixed(median(sorted) / 1e6, 3)) ms, measuring frames (\(measuring.count)) median \(fixed(median(measuring) / 1e6, 3)) ms p99 \(fixed(p99(measuring) / 1e6, 3)) ms, max \(fixed((sorted.last ?? 0) / 1e6, 2)) ms, >1 ms \(over); max jump \(fixed(f.maxJump, 2)) pt; rows measured \(f.rowsMeasured)/\(items.count); max indicator error \(fixed(f.maxIndicatorError, 0)) pt")
            }
        }
    }
}

/// One simulated scroll, each frame timed.
func scrollRun(items: [DataItem], spec: CellSpec, estimate: CGFloat, anchoring: ListAnchoring, jump: Bool,
               trueHeight: Double) throws -> ScrollFigures {
    let (table, source) = uylTable(items: items, spec: spec, measurer: TextMeasurer(), width: 375)
    defer { _ = source }
    table.estimatedRowHeight = estimate
    table.viewportHeight = 812
    table.anchoring = anchoring
    let simulation = ScrollSimulation(table: table, trueContentHeight: trueHeight)
    var figures = ScrollFigures()
    func timedFrame(_ body: () throws -> Void) rethrows {
        let passes = table.statistics.layoutPasses
        let t0 = now()
        try body()
        let t = Double(now() - t0)
        if figures.frames.isEmpty { figures.firstFrame = t }
        figures.frames.append(t)
        if table.statistics.layoutPasses > passes { figures.measuringFrames.append(t) }
    }
    func fling(down: Bool) throws {
        let dy = down ? simulation.pointsPerFrame : -simulation.pointsPerFrame
        while true {
            try timedFrame { try simulation.step(by: dy) }
            let range = table.contentOffsetRange
            if down ? table.contentOffset >= range.upperBound : table.contentOffset <= range.lowerBound { break }
        }
    }
    try timedFrame { try simulation.start() }
    if jump {
        try timedFrame { try simulation.jump(toRow: IndexPath(row: items.count / 2, section: 0)) }
        try fling(down: false)
        try fling(down: true)
    } else {
        try fling(down: true)
        try fling(down: false)
    }
    let report = simulation.report
    figures.maxJump = report.maxVisibleJump
    figures.rowsMeasured = report.rowsMeasured
    figures.maxIndicatorError = report.maxIndicatorError ?? 0
    return figures
}
