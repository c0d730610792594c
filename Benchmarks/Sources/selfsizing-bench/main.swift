import Cassowary
#if canImport(Glibc)
import Glibc
#endif

// selfsizing-bench: the standard solver workloads, printed in kiwi_workloads.py's format with
// the same checksums. `--quick` runs fewer cells and sizes, `--scaling` adds n = 10,000 and 20,000,
// `--only NAME` runs the workloads whose name starts with NAME, `--stats` prints tableau sizes,
// pivots and bound flips,
// `--parts` times the parts of the spec workload, `--check` compares reused and fresh templates,
// `--serial` lays list rows out on one thread, `--cycles NAME N CYCLES` builds one chain workload
// and runs that many resize cycles (scripts/bench-misses.sh counts them in cachegrind; with
// `--times` it prints each cycle's time), `--random-systems FROM TO [MIN MAX]` adds mild random
// systems and reports those that end with a required constraint off (RandomSystems.swift).

let arguments = CommandLine.arguments
let quick = arguments.contains("--quick")
let scaling = arguments.contains("--scaling")
/// `--only NAME` runs the workloads whose name starts with NAME.
let only: String? = arguments.firstIndex(of: "--only").flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
func selected(_ name: String) -> Bool { only.map { name.hasPrefix($0) } ?? true }

func now() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

/// Runs `body` `runs` times; the median and minimum in nanoseconds, and the last result.
func timed<T>(_ runs: Int, _ body: () throws -> T) rethrows -> (median: Double, min: Double, result: T) {
    var times: [Double] = []
    var result: T?
    for _ in 0..<runs {
        // The previous run's result is freed outside the clock: a build is timed without the
        // teardown of the one before it.
        result = nil
        let t0 = now()
        result = try body()
        times.append(Double(now() - t0))
    }
    times.sort()
    let median = times.count % 2 == 1 ? times[times.count / 2] : (times[times.count / 2 - 1] + times[times.count / 2]) / 2
    return (median, times[0], result!)
}

func fixed(_ x: Double, _ decimals: Int, width: Int = 0) -> String {
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let negative = x < 0
    let r = (abs(x) * scale).rounded()
    var digits = String(Int64(r))
    if decimals > 0 {
        while digits.count <= decimals { digits = "0" + digits }
        digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -decimals))
    }
    let s = (negative && r != 0 ? "-" : "") + digits
    return String(repeating: " ", count: max(0, width - s.count)) + s
}

func pad(_ s: String, _ n: Int) -> String { s + String(repeating: " ", count: max(0, n - s.count)) }

/// The cell workloads, each running `cells` cells and returning sum(height), sum(title.w).
func cellWorkloads(cells: Int) -> [(String, () throws -> (Double, Double))] {
    [
        ("cell-cold", {
            var a = 0.0, b = 0.0
            for i in 0..<cells { let (h, w) = try cellCold(i); a += h; b += w }
            return (a, b)
        }),
        ("cell-cold-values", {
            var a = 0.0, b = 0.0
            for i in 0..<cells { let (h, w) = try cellColdValues(i); a += h; b += w }
            return (a, b)
        }),
        ("cell-objects", {
            var a = 0.0, b = 0.0
            for i in 0..<cells { let (n, sum) = cellObjects(i); a += n; b += sum }
            return (a, b)
        }),
        ("cell-warm", {
            let warm = try WarmCell()
            var a = 0.0, b = 0.0
            for i in 0..<cells { let (h, w) = try warm.run(i); a += h; b += w }
            return (a, b)
        }),
        ("cell-readd", {
            let warm = try WarmCellReadding()
            var a = 0.0, b = 0.0
            for i in 0..<cells { let (h, w) = try warm.run(i); a += h; b += w }
            return (a, b)
        }),
    ]
}

func benchCells() throws {
    let cells = quick ? 200 : 1000
    let runs = quick ? 3 : 7
    let (h, tw) = try cellCold(0)
    let c0 = content(0)
    print("cell 0: content=(\(c0.0), \(c0.1), \(c0.2)) height=\(fixed(h, 2)) title.w=\(fixed(tw, 2))")
    for (name, body) in cellWorkloads(cells: cells) where selected(name) {
        let (median, minimum, (a, b)) = try timed(runs, body)
        print("\(pad(name, 16)) N=\(pad(String(cells), 5)) median \(fixed(median / Double(cells) / 1e3, 2, width: 8)) us/cell  min \(fixed(minimum / Double(cells) / 1e3, 2, width: 8)) us/cell  runs=\(runs)  \(cellCheck(name, a, b))")
    }
}

/// A cell workload's check, as its two sums read: kiwi's for the cells a solver lays out;
/// cell-objects solves nothing, and sums the constraints it kept and two constants.
func cellCheck(_ name: String, _ a: Double, _ b: Double) -> String {
    name == "cell-objects" ? "constraints=\(Int(a)) sum(body.w constants)=\(fixed(b, 2)) (no solver)"
        : "sum(height)=\(fixed(a, 2)) sum(title.w)=\(fixed(b, 2))"
}

/// The medians of the chain workloads in ms, by "name build|resize n", for the scaling check.
nonisolated(unsafe) var chainMedians: [String: Double] = [:]

func benchChain<C: ResizableChain>(_ name: String, _ builder: (Int) throws -> C, _ n: Int, runs: Int,
                                   resizes: [Double], resizeRuns: Int, total: Bool = false) throws {
    guard selected(name) else { return }
    let (median, minimum, chain) = try timed(runs) { try builder(n) }
    chainMedians["\(name) build \(n)"] = median / 1e6
    let check = total ? "total.w=\(fixed(chain.totalWidth(), 2))" : "checksum=\(fixed(chain.checksum(), 2))"
    print("\(pad(name, 11)) n=\(pad(String(n), 5)) build+solve   median \(fixed(median / 1e6, 3, width: 10)) ms  min \(fixed(minimum / 1e6, 3, width: 10)) ms  runs=\(runs)  \(check)")
    // The resizes timed, as `part` ("resize", "steady") of the scaling check.
    func timeResizes(_ part: String, _ label: String, _ after: String) throws {
        let (median, minimum, value) = try timed(resizeRuns) { () throws -> Double in
            for f in resizes { try chain.resize(to: chain.base * f) }
            return total ? chain.totalWidth() : chain.checksum()
        }
        let k = Double(resizes.count)
        chainMedians["\(name) \(part) \(n)"] = median / k / 1e6
        let check = total ? "total.w=\(fixed(value, 2))" : "checksum=\(fixed(value, 2))"
        print("\(pad(name, 11)) n=\(pad(String(n), 5)) \(pad(label, 13)) median \(fixed(median / k / 1e6, 3, width: 10)) ms  min \(fixed(minimum / k / 1e6, 3, width: 10)) ms  per resize \(after)  \(check)")
    }
    try timeResizes("resize", "resize", "(x\(resizes.count), runs=\(resizeRuns))")
    // The same after `steadyCycles` more cycles: a window resized over and over reaches a steady
    // state the first resizes do not show (stale column nodes made row-flex's 1,000-view resize
    // four times slower after forty cycles, before dense rows).
    for _ in 0..<steadyCycles {
        for f in resizes { try chain.resize(to: chain.base * f) }
    }
    try timeResizes("steady", "steady resize", "after \(steadyCycles + resizeRuns) cycles")
}

/// Resize cycles run untimed before the steady-state resizes are timed.
let steadyCycles = 40

if let k = arguments.firstIndex(of: "--random-systems") {
    let numbers = arguments[(k + 1)...].prefix(4).compactMap { Int($0) }
    guard numbers.count == 2 || numbers.count == 4, numbers[0] >= 0, numbers[1] > numbers[0],
          numbers.count == 2 || (numbers[2] >= 1 && numbers[3] >= numbers[2]) else {
        print("error: --random-systems FROM TO [MIN MAX]: seeds FROM..<TO, MIN-MAX variables (60-250 by default)")
        exit(2)
    }
    runRandomSystems(UInt64(numbers[0])..<UInt64(numbers[1]),
                     variables: numbers.count == 4 ? numbers[2]...numbers[3] : 60...250)
    exit(0)
}

if let k = arguments.firstIndex(of: "--cells") {
    // A cell workload's cells run once, untimed, for an instruction count: the difference of
    // two counts (say 1,000 and 2,000 cells) divided by the cells between them is the cost per
    // cell, without the process's start.
    let rest = Array(arguments.dropFirst(k + 1))
    guard rest.count >= 2, let n = Int(rest[1]), n >= 0,
          let body = cellWorkloads(cells: n).first(where: { $0.0 == rest[0] })?.1 else {
        print("error: --cells NAME N, NAME one of \(cellWorkloads(cells: 0).map(\.0).joined(separator: ", "))")
        exit(2)
    }
    let (a, b) = try body()
    print("\(rest[0]) cells=\(n) \(cellCheck(rest[0], a, b))")
    exit(0)
}

if let k = arguments.firstIndex(of: "--cycles") {
    // A chain workload's resize cycles alone, for an instruction and cache-miss count: the
    // difference of two cycle counts is the cost of the cycles, without the build.
    let rest = arguments.dropFirst(k + 1)
    guard rest.count >= 3, let n = Int(rest[rest.startIndex + 1]), let cycles = Int(rest[rest.startIndex + 2]), n > 0, cycles >= 0 else {
        print("error: --cycles NAME N CYCLES [--builds K], NAME one of chain-plain, chain-intr, row-flex (or their -values)")
        exit(2)
    }
    let builders: [String: (Int) throws -> any ResizableChain] = [
        "chain-plain": chainPlain, "chain-intr": chainIntrinsic, "row-flex": rowFlex,
        "chain-plain-values": chainPlainValues, "chain-intr-values": chainIntrinsicValues, "row-flex-values": rowFlexValues,
    ]
    let name = rest[rest.startIndex]
    guard let build = builders[name] else {
        print("error: --cycles: no chain workload \(name)")
        exit(2)
    }
    // `--builds K` builds (and frees) the chain K more times first: the difference of two
    // build counts is the cost of a warm build, without the process's first-use costs.
    if let b = arguments.firstIndex(of: "--builds"), b + 1 < arguments.count, let extra = Int(arguments[b + 1]), extra >= 0 {
        var times: [Double] = []
        for _ in 0..<extra {
            let t0 = now()
            _ = try build(n)
            times.append(Double(now() - t0) / 1e6)
        }
        if arguments.contains("--times") { print("ms per build and teardown:", times.map { fixed($0, 3) }.joined(separator: " ")) }
    }
    let chain = try build(n)
    let widths = name.hasPrefix("row-flex") ? [0.9, 1.0] : [320 / 375.0, 414 / 375.0, 200 / 375.0, 1.0]
    var check = 0.0
    var times: [Double] = []
    for _ in 0..<cycles {
        let t0 = now()
        for f in widths { try chain.resize(to: chain.base * f) }
        check += name.hasPrefix("row-flex") ? chain.totalWidth() : chain.checksum()
        times.append(Double(now() - t0) / 1e6)
    }
    print("\(name) n=\(n) cycles=\(cycles) resizes per cycle=\(widths.count) sum=\(fixed(check, 2))")
    if arguments.contains("--times") {
        if let objects = chain as? Chain { print(objects.solver.statistics) }
        print("ms per cycle:", times.map { fixed($0, 3) }.joined(separator: " "))
    }
    exit(0)
}

if arguments.contains("--stats") {
    // The size of the tableau and the pivots each workload takes, to explain the timings.
    let cold = Cell()
    let s = Solver()
    try s.add(cold.structural())
    let (fixed, body) = cold.labelConstraints(cold.labelSizes(0, bodyWidth: nil))
    try s.add(fixed + body)
    print("cell (one pass)      ", s.statistics)
    let warm = try WarmCell()
    for i in 0..<100 { _ = try warm.run(i) }
    print("cell-warm, 100 cells ", warm.s.statistics)
    let readd = try WarmCellReadding()
    for i in 0..<100 { _ = try readd.run(i) }
    print("cell-readd, 100 cells", readd.s.statistics)
    do {
        // What building chain-plain's constraints costs without a solver.
        let t0 = now()
        var kept: [Constraint] = []
        kept.reserveCapacity(4000)
        let c = View("c")
        var previous: View?
        for i in 0..<1000 {
            let v = View("v\(i)")
            kept.append(previous.map { v.t == $0.b + 8 } ?? (v.t == c.t + 8))
            kept.append(v.h == 30 + Double(i % 5) * 4)
            kept.append(v.l == c.l + 8)
            kept.append(v.r == c.r - 8)
            previous = v
        }
        print("chain-plain 1000: constraints alone \(Double(now() - t0) / 1e6) ms")
    }
    for n in [1000, 10_000] {
        print("chain-plain \(n)", try chainPlain(n).solver.statistics)
        let chain = try chainIntrinsic(n)
        print("chain-intr \(n) ", chain.solver.statistics)
        for f in [320 / 375.0, 414 / 375.0, 200 / 375.0, 1.0] { try chain.solver.suggestValue(375 * f, for: chain.container.w) }
        print("chain-intr \(n) resized x4", chain.solver.statistics)
        let r = try rowFlex(n)
        print("row-flex \(n)   ", r.solver.statistics)
        try r.solver.suggestValue(r.base * 0.9, for: r.container.w)
        print("row-flex \(n) shrunk", r.solver.statistics)
    }
    exit(0)
}

do {
    print("selfsizing Cassowary (Swift)")
    try benchCells()
    let runs = quick ? 3 : 7
    let widths = [320 / 375.0, 414 / 375.0, 200 / 375.0, 1.0]
    // 20,000 too: whether the cost per view still grows past 10,000 views, where the tableau no
    // longer fits the 2 MiB L2 cache either way.
    let extra = scaling ? [10_000, 20_000] : []
    for n in (quick ? [250, 1000] : [250, 500, 1000, 2000]) + extra {
        try benchChain("chain-plain", chainPlain, n, runs: n >= 10_000 ? 3 : runs, resizes: widths, resizeRuns: 5)
    }
    for n in (quick ? [250, 1000] : [250, 500, 1000]) + extra {
        try benchChain("chain-intr", chainIntrinsic, n, runs: n >= 10_000 ? 3 : runs, resizes: widths, resizeRuns: 3)
    }
    // The same chains through the value API (ValueWorkloads.swift): no Variable or Constraint
    // objects, the values read from the solver.
    for n in [1000] + extra {
        try benchChain("chain-plain-values", chainPlainValues, n, runs: n >= 10_000 ? 3 : runs, resizes: widths, resizeRuns: 5)
        try benchChain("chain-intr-values", chainIntrinsicValues, n, runs: n >= 10_000 ? 3 : runs, resizes: widths, resizeRuns: 3)
    }
    if selected("text") { try benchText() }
    if selected("al-feed") { try benchFeedCell() }
    if selected("al-spec") { try benchSpecFromScratch() }
    if selected("list-huck") { try benchHuckleberryList() }
    if selected("scroll") { try benchScroll() }
    if selected("precache") { try benchPrecache() }
    if selected("coll") { try benchCollections() }
    if selected("ib") { try benchInterfaceBuilderImport() }
    if selected("cache") { try benchSavedCache() }
    // Its peak memory must be its own: only in a process of its own (make bench runs one).
    if only == "list-million" { try benchMillionRows() }
    for n in (quick ? [250] : [250, 500, 1000]) + extra {
        try benchChain("row-flex", rowFlex, n, runs: 3, resizes: [0.9, 1.0], resizeRuns: 3, total: true)
    }
    for n in [1000] + extra {
        try benchChain("row-flex-values", rowFlexValues, n, runs: 3, resizes: [0.9, 1.0], resizeRuns: 3, total: true)
    }
    if scaling {
        // The scaling check: 10x the views should cost at most 12x the time.
        for name in ["chain-plain", "chain-intr", "row-flex", "chain-plain-values", "chain-intr-values", "row-flex-values"] {
            for part in ["build", "resize", "steady"] {
                guard let small = chainMedians["\(name) \(part) 1000"], let large = chainMedians["\(name) \(part) 10000"] else { continue }
                let ratio = large / small
                print("scaling     \(pad(name, 11)) \(pad(part, 6)) 10,000 / 1,000 views  \(fixed(ratio, 1, width: 5))x  (target <= 12x)\(ratio <= 12 ? "" : "  MISSED")")
            }
        }
        // Past the cache: both sizes miss L2, so this ratio shows whether the work per view grows.
        for name in ["chain-plain", "chain-intr", "row-flex", "chain-plain-values", "chain-intr-values", "row-flex-values"] {
            for part in ["build", "resize", "steady"] {
                guard let small = chainMedians["\(name) \(part) 10000"], let large = chainMedians["\(name) \(part) 20000"] else { continue }
                print("scaling     \(pad(name, 11)) \(pad(part, 6)) 20,000 / 10,000 views \(fixed(large / small, 1, width: 5))x  (linear: 2x; no target)")
            }
        }
    }
} catch {
    print("error: \(error)")
    exit(1)
}
