import CellSpecs
import Foundation
import SelfSizing
import TextLayout
#if canImport(Glibc)
import Glibc
#endif

// Background precaching: the 1,997 Huckleberry rows (UYL text cell, a cold measurer each run)
// precached around the first screen while a simulated 60 fps loop ticks on this thread. Reports
// the time until every row is measured, the frames it took, and what each tick (the commit of
// the workers' heights, on the table's thread) costs.

/// The calling thread's CPU time in nanoseconds.
private func threadCPUTime() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

func benchPrecache() throws {
    guard let sentences = huckleberrySentences() else { print("precache: Huckleberry sentences not found; skipped"); return }
    guard let specPath = examplePath("uyl-text-cell.yaml") else { print("precache: examples/uyl-text-cell.yaml not found; skipped"); return }
    let spec = try CellSpec(contentsOf: specPath)
    let items: [DataItem] = sentences.map { ["text": .string($0)] }
    let runs = quick ? 3 : 5
    let period = 1.0 / 60
    var totals: [Double] = [], frameCounts: [Int] = [], ticks: [Double] = [], tickCPU: [Double] = []
    var height = 0.0
    var workers = 0
    for _ in 0..<runs {
        let (table, source) = uylTable(items: items, spec: spec, measurer: TextMeasurer(), width: 375)
        workers = table.maximumConcurrency
        try table.layoutIfNeeded()
        table.precache(around: 0..<15)
        let t0 = now()
        var deadline = Double(t0) / 1e9
        var frames = 0
        while true {
            let c0 = now(), cpu0 = threadCPUTime()
            let frame = try table.precacheTick()
            ticks.append(Double(now() - c0))
            tickCPU.append(Double(threadCPUTime() - cpu0))
            frames += 1
            if frame.isComplete { break }
            // The rest of the frame belongs to the app: sleep until the next one starts.
            deadline += period
            let left = deadline - Double(now()) / 1e9
            if left > 0 { Thread.sleep(forTimeInterval: left) }
        }
        totals.append(Double(now() - t0))
        frameCounts.append(frames)
        height = Double(table.contentSize.height)
        _ = source
    }
    totals.sort()
    frameCounts.sort()
    ticks.sort()
    tickCPU.sort()
    let budget = PrecacheBudget.default
    print("precache    rows=\(items.count) workers=\(workers) budget \(fixed(budget.perFrame * 1e3, 1)) of \(fixed(budget.framePeriod * 1e3, 1)) ms: all rows in median \(fixed(totals[totals.count / 2] / 1e6, 1, width: 7)) ms (\(frameCounts[frameCounts.count / 2]) frames)  min \(fixed(totals[0] / 1e6, 1)) ms  runs=\(runs)  content height \(fixed(height, 2))")
    // For comparison: frames back to back (each still within the budget), and every row at once
    // on all cores, each with a cold measurer.
    let (backToBack, _, backToBackFrames) = try timed(runs) { () throws -> Int in
        let (table, source) = uylTable(items: items, spec: spec, measurer: TextMeasurer(), width: 375)
        try table.precacheAll()
        _ = source
        return table.precacheStatistics.frames
    }
    let (layoutAll, _, _) = try timed(runs) { () throws -> Double in
        let (table, source) = uylTable(items: items, spec: spec, measurer: TextMeasurer(), width: 375)
        try table.layoutAllRows()
        _ = source
        return Double(table.contentSize.height)
    }
    print("precache    rows=\(items.count) frames back to back (precacheAll) median \(fixed(backToBack / 1e6, 1, width: 7)) ms (\(backToBackFrames) frames); layoutAllRows at once \(fixed(layoutAll / 1e6, 1)) ms")
    // Wall time includes waits for a core (the workers take both); the thread's CPU time is what
    // the tick itself costs.
    print("precache    tick on the table's thread, CPU time     median \(fixed(tickCPU[tickCPU.count / 2] / 1e3, 1, width: 8)) us  p95 \(fixed(tickCPU[tickCPU.count * 95 / 100] / 1e3, 1)) us  max \(fixed(tickCPU[tickCPU.count - 1] / 1e3, 1)) us  over \(tickCPU.count) ticks")
    print("precache    tick on the table's thread, wall time    median \(fixed(ticks[ticks.count / 2] / 1e3, 1, width: 8)) us  p95 \(fixed(ticks[ticks.count * 95 / 100] / 1e3, 1)) us  max \(fixed(ticks[ticks.count - 1] / 1e3, 1)) us")
}
