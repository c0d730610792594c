import AutoLayout
import Foundation
import TextLayout

// TextLayout workloads on the seeds' Huckleberry Finn sentences (../shared/data), joined until each
// text is about 200 characters, as the target's corpus is: prepare (segment and measure, segment
// widths cached) and lay out at another width (arithmetic only). `text-long`: layout at new widths
// of texts with words longer than the line (paths, URLs, long compounds), which break inside.

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
    benchLongWords(texts)
}

/// Layout at a new width of texts whose words may be longer than the line, per text and width:
/// the median over the corpus (every third text with a path, a URL or a long compound in it) and
/// the slowest text, and the worst case alone: a 2,000-character text of 30-character tokens, every
/// one broken inside at narrow widths. Targets: median <= 0.3 us, no text above 2 us.
func benchLongWords(_ prose: [String]) {
    let tokens = ["/var/mobile/Containers/Data/Application/3F2A9C1E-77B0/Documents/cache.sqlite",
                  "https://www.useyourloaf.com/blog/self-sizing-table-view-cells/", "Rechtsschutzversicherungsgesellschaften",
                  "snake_case_identifier_name_that_goes_on", "ayu.pratama+feed@example.co.id"]
    var texts: [String] = []
    for (k, text) in prose.prefix(quick ? 400 : 2000).enumerated() {
        guard k % 3 == 0 else { texts.append(text); continue }
        var words = text.split(separator: " ").map(String.init)
        words.insert(tokens[k % tokens.count], at: (k * 7) % max(1, words.count))
        texts.append(words.joined(separator: " "))
    }
    var worst = ""
    var k = 0
    while worst.utf8.count < 2000 {
        worst += String(String(repeating: String("abcdefghijklmnop".dropFirst(k % 9)), count: 4).prefix(30)) + " "
        k += 1
    }
    let measurer = TextMeasurer()
    let font = Font(family: "DejaVu Sans", size: 17)
    let prepared = texts.compactMap { measurer.prepare($0, font: font, keep: false) }
    guard let worstPrepared = measurer.prepare(worst, font: font, keep: false) else { return }
    let widths: [Double] = [100, 120, 140, 160, 180, 200, 220, 240, 260, 300, 320, 343]
    let repeats = quick ? 5 : 20
    // Each text at every width once first: what a narrow width measures once is not counted.
    for p in prepared { for w in widths { _ = p.lineCount(width: w) } }
    func perLayout(_ p: PreparedText) -> Double {
        var n = 0
        let t0 = now()
        for _ in 0..<repeats { for w in widths { n &+= p.lineCount(width: w) } }
        let t = Double(now() - t0) / Double(repeats * widths.count) / 1e3
        return n < 0 ? 0 : t
    }
    // Each text's best of 3 rounds: a round the scheduler interrupts says nothing of the text.
    var times = prepared.map { p in (0..<3).map { _ in perLayout(p) }.min()! }
    times.sort()
    let median = times.isEmpty ? 0 : times[times.count / 2]
    let slowest = times.last ?? 0
    for w in widths { _ = worstPrepared.lineCount(width: w) }
    var worstTimes = (0..<(quick ? 3 : 7)).map { _ in perLayout(worstPrepared) }
    worstTimes.sort()
    let worstMedian = worstTimes[worstTimes.count / 2], worstMin = worstTimes[0]
    print("\(pad("text-long", 11)) N=\(pad(String(prepared.count), 5)) layout per text and width median \(fixed(median, 3)) us  slowest \(fixed(slowest, 3)) us  worst case (2,000 chars, 30-char tokens) median \(fixed(worstMedian, 3)) us (min \(fixed(worstMin, 3)))  targets 0.3 / 2 us")
}

