import AutoLayout
import Foundation
import TextLayout

// TextLayout workloads on the seeds' Huckleberry Finn sentences (../shared/data), joined until each
// text is about 200 characters, as the target's corpus is: prepare (segment and measure, segment
// widths cached) and lay out at another width (arithmetic only).

/// The seeds' sentences, or nil with a message when ../shared is not beside the project.
func huckleberrySentences() -> [String]? {
    let candidates = ["../shared/data/huckleberry-finn.plist", "../../shared/data/huckleberry-finn.plist"]
    for path in candidates {
        guard let data = FileManager.default.contents(atPath: path) else { continue }
        guard let list = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String] else {
            print("text: \(path) is not a property-list array of strings; skipped")
            return nil
        }
        return list
    }
    print("text: ../shared/data/huckleberry-finn.plist not found; text workloads skipped")
    return nil
}

func benchText() throws {
    guard let sentences = huckleberrySentences() else { return }
    var texts: [String] = []
    var current = ""
    for s in sentences {
        current = current.isEmpty ? s : current + " " + s
        if current.count >= 150 {
            texts.append(current)
            current = ""
        }
    }
    while texts.count < 2000 { texts += texts.prefix(2000 - texts.count) }
    let average = Double(texts.reduce(0) { $0 + $1.count }) / Double(texts.count)
    let measurer = TextMeasurer()
    let font = Font(family: "DejaVu Sans", size: 17)
    // Cold: the first preparation fills the segment-width cache.
    let t0 = now()
    var prepared = texts.compactMap { measurer.prepare($0, font: font, keep: false) }
    let cold = Double(now() - t0) / Double(texts.count) / 1e3
    let (prepareMedian, prepareMin, _) = timed(quick ? 3 : 7) { () -> Int in
        prepared = texts.compactMap { measurer.prepare($0, font: font, keep: false) }
        return prepared.count
    }
    let (layoutMedian, layoutMin, lineCount) = timed(quick ? 3 : 7) { () -> Int in
        var n = 0
        for p in prepared { n += p.lineCount(width: 260) }
        return n
    }
    let per = Double(texts.count)
    print("\(pad("text", 11)) N=\(pad(String(texts.count), 5)) avg \(fixed(average, 0)) chars  prepare cold \(fixed(cold, 2)) us  warm median \(fixed(prepareMedian / per / 1e3, 2)) us (min \(fixed(prepareMin / per / 1e3, 2)))  layout@260 median \(fixed(layoutMedian / per / 1e3, 3)) us (min \(fixed(layoutMin / per / 1e3, 3)))  lines=\(lineCount)")
}
