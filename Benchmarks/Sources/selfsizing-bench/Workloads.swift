import Cassowary

// The five standard solver workloads of ../shared/bench/kiwi_workloads.py, constraint for
// constraint and in the same insertion order, so that the checksums match kiwi's.

/// A view's frame variables.
struct View {
    let l, t, w, h: Variable
    init(_ name: String) {
        l = Variable(name + ".l")
        t = Variable(name + ".t")
        w = Variable(name + ".w")
        h = Variable(name + ".h")
    }
    var r: Expression { l + w }
    var b: Expression { t + h }
}

/// intrinsicContentSize as hugging (<=) and compression resistance (>=) per axis.
func intrinsic(_ v: View, _ iw: Double, _ ih: Double,
               _ hugH: Priority, _ compH: Priority, _ hugV: Priority, _ compV: Priority) -> [Constraint] {
    [(v.w <= iw).priority(hugH), (v.w >= iw).priority(compH),
     (v.h <= ih).priority(hugV), (v.h >= ih).priority(compV)]
}

// MARK: - Cells

let cellWidth = 375.0
let titleCharWidth = 8.0, timestampCharWidth = 6.5, bodyCharWidth = 7.0
let titleLineHeight = 20.0, timestampLineHeight = 16.0, bodyLineHeight = 20.0

func content(_ i: Int) -> (title: Int, timestamp: Int, body: Int) {
    (8 + (i * 7919) % 33, 3 + (i * 104_729) % 8, 20 + (i * 1_299_709) % 381)
}

func bodyHeight(_ length: Int, _ width: Double) -> Double {
    let lines = max(1, (Double(length) * bodyCharWidth / max(width, 1)).rounded(.up))
    return lines * bodyLineHeight
}

/// The intrinsic sizes of a cell's three labels (no allocation, so that cell-warm measures the
/// solver).
struct LabelSizes {
    var title, timestamp, body: (Double, Double)
    subscript(k: Int) -> (Double, Double) { k == 0 ? title : k == 1 ? timestamp : body }
}

struct Cell {
    let cv = View("cv"), av = View("av"), ti = View("ti"), bo = View("bo"), ts = View("ts")

    func structural() -> [Constraint] {
        [
            cv.l == 0, cv.t == 0,
            av.l == cv.l + 8, av.t == cv.t + 8, av.w == 40, av.h == 40,
            ti.l == av.r + 8, ti.t == cv.t + 8,
            ts.l >= ti.r + 8, ts.r == cv.r - 8, ts.t == ti.t,
            bo.l == ti.l, bo.r == cv.r - 8, bo.t == ti.b + 4,
            cv.b == bo.b + 8, cv.b >= av.b + 8,
            // systemLayoutSizeFitting(CGSize(375, 0), .required, .fittingSizeLevel)
            cv.w == cellWidth, (cv.h == 0).priority(.fittingSizeLevel),
        ]
    }

    /// The intrinsic sizes of cell `i`: title and timestamp, then the body (single-line estimate in
    /// pass 1, measured at the solved width in pass 2).
    func labelSizes(_ i: Int, bodyWidth: Double?) -> LabelSizes { Cell.labelSizes(i, bodyWidth: bodyWidth) }

    static func labelSizes(_ i: Int, bodyWidth: Double?) -> LabelSizes {
        let (tl, sl, bl) = content(i)
        let body: (Double, Double)
        if let bw = bodyWidth {
            body = (min(Double(bl) * bodyCharWidth, bw), bodyHeight(bl, bw))
        } else {
            body = (Double(bl) * bodyCharWidth, bodyLineHeight)
        }
        return LabelSizes(title: (Double(tl) * titleCharWidth, titleLineHeight),
                          timestamp: (Double(sl) * timestampCharWidth, timestampLineHeight), body: body)
    }

    func labelConstraints(_ sizes: LabelSizes) -> (fixed: [Constraint], body: [Constraint]) {
        let fixed = intrinsic(ti, sizes[0].0, sizes[0].1, 250, 750, 250, 750)
            + intrinsic(ts, sizes[1].0, sizes[1].1, 251, 751, 250, 750)
        return (fixed, intrinsic(bo, sizes[2].0, sizes[2].1, 250, 750, 250, 750))
    }
}

/// cell-cold: a fresh solver per cell, two passes.
func cellCold(_ i: Int) throws -> (Double, Double) {
    let cell = Cell()
    let s = Solver()
    try s.add(cell.structural())
    let (fixed, body) = cell.labelConstraints(cell.labelSizes(i, bodyWidth: nil))
    try s.add(fixed)
    try s.add(body)
    s.updateVariables()
    let bw = cell.bo.w.value
    for c in body { try s.remove(c) }
    try s.add(cell.labelConstraints(cell.labelSizes(i, bodyWidth: bw)).body)
    s.updateVariables()
    return (cell.cv.h.value, cell.ti.w.value)
}

/// cell-objects: cell-cold's own objects without a solver: the five views' 20 variables (named
/// as kiwi names them), the 18 structural constraints and both passes' label constraints (pass
/// 2 builds all 12, as kiwi_workloads.py does, and uses the body's 4), built and freed. What
/// cell-cold through objects costs before its solver does anything: the floor under that
/// workload, which no change of the solver lowers. Returns the number of constraints kept and
/// the constants of the two passes' body width constraints (which depend on the cell), so that
/// the work cannot be left out; reading every constant would copy every expression.
func cellObjects(_ i: Int) -> (Double, Double) {
    let cell = Cell()
    let structural = cell.structural()
    let (fixed, body) = cell.labelConstraints(cell.labelSizes(i, bodyWidth: nil))
    // The body's width as cell-cold solves it: 375 less its leading 56 and trailing 8.
    let body2 = cell.labelConstraints(cell.labelSizes(i, bodyWidth: cellWidth - 64)).body
    let constants = body[0].expression.constant + body2[0].expression.constant
    return (Double(structural.count + fixed.count + body.count + body2.count), constants)
}

/// cell-warm: one solver reused across cells (cell reuse); the intrinsic sizes change in place
/// with setConstant, as Auto Layout does when a label's text changes.
final class WarmCell {
    let cell = Cell()
    let s = Solver()
    var intrinsics: [Constraint] = []

    init() throws {
        try s.add(cell.structural())
    }

    /// Sets the 4 intrinsic constraints of each label from `sizes`, adding them the first time.
    private func apply(_ sizes: LabelSizes, labels: Range<Int>) throws {
        if intrinsics.isEmpty {
            let (fixed, body) = cell.labelConstraints(sizes)
            intrinsics = fixed + body
            try s.add(intrinsics)
            return
        }
        for k in labels {
            let (w, h) = sizes[k]
            try s.setConstant(-w, for: intrinsics[4 * k])
            try s.setConstant(-w, for: intrinsics[4 * k + 1])
            try s.setConstant(-h, for: intrinsics[4 * k + 2])
            try s.setConstant(-h, for: intrinsics[4 * k + 3])
        }
    }

    func run(_ i: Int) throws -> (Double, Double) {
        try apply(cell.labelSizes(i, bodyWidth: nil), labels: 0..<3)
        s.updateVariables()
        try apply(cell.labelSizes(i, bodyWidth: cell.bo.w.value), labels: 2..<3)
        s.updateVariables()
        return (cell.cv.h.value, cell.ti.w.value)
    }
}

/// cell-warm as kiwi runs it: remove the previous 12 intrinsic constraints, add the new ones.
final class WarmCellReadding {
    let cell = Cell()
    let s = Solver()
    var current: [Constraint] = []

    init() throws {
        try s.add(cell.structural())
    }

    func run(_ i: Int) throws -> (Double, Double) {
        for c in current { try s.remove(c) }
        let (fixed, body) = cell.labelConstraints(cell.labelSizes(i, bodyWidth: nil))
        try s.add(fixed)
        try s.add(body)
        s.updateVariables()
        let bw = cell.bo.w.value
        for c in body { try s.remove(c) }
        let body2 = cell.labelConstraints(cell.labelSizes(i, bodyWidth: bw)).body
        try s.add(body2)
        s.updateVariables()
        current = fixed + body2
        return (cell.cv.h.value, cell.ti.w.value)
    }
}

// MARK: - Chains

struct Chain {
    let solver: Solver
    let container: View
    let views: [View]
    let base: Double

    func checksum() -> Double {
        container.h.value + views.reduce(0) { $0 + $1.w.value + $1.h.value } + views.last!.l.value + views.last!.t.value
    }

    /// The sum of the views' widths: row-flex's shrunk solution is not unique, its total is.
    func totalWidth() -> Double { views.reduce(0) { $0 + $1.w.value } }
}

func makeContainer(_ s: Solver, width: Double, fittingHeight: Bool) throws -> View {
    let c = View("c")
    try s.add(c.l == 0)
    try s.add(c.t == 0)
    if fittingHeight { try s.add((c.h == 0).priority(50)) }
    try s.addEditVariable(c.w, priority: 999)
    try s.suggestValue(width, for: c.w)
    return c
}

func chainPlain(_ n: Int) throws -> Chain {
    let s = Solver()
    let c = try makeContainer(s, width: 375, fittingHeight: false)
    var views: [View] = []
    views.reserveCapacity(n)
    for i in 0..<n {
        let v = View("v\(i)")
        try s.add(views.last.map { v.t == $0.b + 8 } ?? (v.t == c.t + 8))
        try s.add(v.h == 30 + Double(i % 5) * 4)
        try s.add(v.l == c.l + 8)
        try s.add(v.r == c.r - 8)
        views.append(v)
    }
    try s.add(c.b == views.last!.b + 8)
    s.updateVariables()
    return Chain(solver: s, container: c, views: views, base: 375)
}

func chainIntrinsic(_ n: Int) throws -> Chain {
    let s = Solver()
    let c = try makeContainer(s, width: 375, fittingHeight: true)
    var views: [View] = []
    views.reserveCapacity(n)
    for i in 0..<n {
        let v = View("v\(i)")
        try s.add(views.last.map { v.t == $0.b + 8 } ?? (v.t == c.t + 8))
        try s.add(v.l == c.l + 8)
        try s.add(v.r <= c.r - 8)
        try s.add(intrinsic(v, 100 + Double(i % 7) * 30, 30 + Double(i % 5) * 4, 250, 750, 250, 750))
        views.append(v)
    }
    try s.add(c.b == views.last!.b + 8)
    s.updateVariables()
    return Chain(solver: s, container: c, views: views, base: 375)
}

func rowIntrinsicWidth(_ i: Int) -> Double { 50 + Double(i % 5) * 4 }

func rowFlex(_ n: Int) throws -> Chain {
    let s = Solver()
    let natural = 8 + (0..<n).reduce(0.0) { $0 + rowIntrinsicWidth($1) + 8 }
    let c = try makeContainer(s, width: natural, fittingHeight: true)
    var views: [View] = []
    views.reserveCapacity(n)
    for i in 0..<n {
        let v = View("v\(i)")
        try s.add(views.last.map { v.l == $0.r + 8 } ?? (v.l == c.l + 8))
        try s.add(v.w >= 10)
        try s.add((v.w <= rowIntrinsicWidth(i)).priority(250))
        try s.add((v.w >= rowIntrinsicWidth(i)).priority(750))
        try s.add(v.t == c.t + 8)
        try s.add(v.h == 30)
        try s.add(c.b >= v.b + 8)
        views.append(v)
    }
    try s.add(views.last!.r <= c.r - 8)
    s.updateVariables()
    return Chain(solver: s, container: c, views: views, base: natural)
}
