import Cassowary

// cell-cold through the value API: the same constraints in the same order as `cellCold`, over
// variables the solver owns (`VariableHandle`) and constraints as values (`LinearConstraint`), so
// that a cell builds no object but its solver.

/// A view's frame variables, owned by `solver`.
struct ValueView {
    let l, t, w, h: VariableHandle
    init(_ solver: Solver) {
        l = solver.makeVariable()
        t = solver.makeVariable()
        w = solver.makeVariable()
        h = solver.makeVariable()
    }
    var r: LinearExpression { l + w }
    var b: LinearExpression { t + h }
}

/// `intrinsic` over handles: hugging (<=) and compression resistance (>=) per axis, added at once.
@discardableResult
func addIntrinsic(_ s: Solver, _ v: ValueView, _ size: (Double, Double),
                  _ hugH: Priority, _ compH: Priority, _ hugV: Priority, _ compV: Priority) throws -> [ConstraintHandle] {
    [try s.add((v.w <= size.0).priority(hugH)), try s.add((v.w >= size.0).priority(compH)),
     try s.add((v.h <= size.1).priority(hugV)), try s.add((v.h >= size.1).priority(compV))]
}

/// cell-cold's cell over handles.
struct ValueCell {
    let cv, av, ti, bo, ts: ValueView

    init(_ s: Solver) {
        cv = ValueView(s); av = ValueView(s); ti = ValueView(s); bo = ValueView(s); ts = ValueView(s)
    }

    /// `Cell.structural()`, constraint for constraint (in statements rather than one literal,
    /// which is more than the type checker takes in reasonable time).
    func addStructural(_ s: Solver) throws {
        try s.add(cv.l == 0); try s.add(cv.t == 0)
        try s.add(av.l == cv.l + 8); try s.add(av.t == cv.t + 8); try s.add(av.w == 40); try s.add(av.h == 40)
        try s.add(ti.l == av.r + 8); try s.add(ti.t == cv.t + 8)
        try s.add(ts.l >= ti.r + 8); try s.add(ts.r == cv.r - 8); try s.add(ts.t == ti.t)
        try s.add(bo.l == ti.l); try s.add(bo.r == cv.r - 8); try s.add(bo.t == ti.b + 4)
        try s.add(cv.b == bo.b + 8); try s.add(cv.b >= av.b + 8)
        try s.add(cv.w == cellWidth); try s.add((cv.h == 0).priority(.fittingSizeLevel))
    }
}

/// cell-cold through the value API: a fresh solver per cell, two passes.
func cellColdValues(_ i: Int) throws -> (Double, Double) {
    let s = Solver()
    let cell = ValueCell(s)
    try cell.addStructural(s)
    let pass1 = Cell.labelSizes(i, bodyWidth: nil)
    try addIntrinsic(s, cell.ti, pass1.title, 250, 750, 250, 750)
    try addIntrinsic(s, cell.ts, pass1.timestamp, 251, 751, 250, 750)
    let body = try addIntrinsic(s, cell.bo, pass1.body, 250, 750, 250, 750)
    let bw = s.value(of: cell.bo.w)
    for c in body { try s.remove(c) }
    try addIntrinsic(s, cell.bo, Cell.labelSizes(i, bodyWidth: bw).body, 250, 750, 250, 750)
    return (s.value(of: cell.cv.h), s.value(of: cell.ti.w))
}

// MARK: - Chains through the value API

/// A chain workload the benchmark builds, resizes and checks: through objects (`Chain`) or
/// through the value API (`ValueChain`).
protocol ResizableChain {
    /// The container width the chain was built at.
    var base: Double { get }
    /// Moves the container's width and brings the solution up to date.
    func resize(to width: Double) throws
    func checksum() -> Double
    /// The sum of the views' widths: row-flex's shrunk solution is not unique, its total is.
    func totalWidth() -> Double
}

extension Chain: ResizableChain {
    func resize(to width: Double) throws {
        try solver.suggestValue(width, for: container.w)
        solver.updateVariables()
    }
}

/// A chain over handles. The container's width is `width == 0` at priority 999, moved with
/// `setConstant`: the constraint kiwi's `addEditVariable` installs and the marker shift its
/// `suggestValue` makes, so the tableau and its pivots are the same as through an edit variable.
struct ValueChain: ResizableChain {
    let solver: Solver
    let container: ValueView
    let views: [ValueView]
    let width: ConstraintHandle
    let base: Double

    func resize(to width: Double) throws {
        try solver.setConstant(-width, for: self.width)
        // Reading a value brings every value up to date, as `updateVariables` does for objects.
        _ = solver.value(of: container.w)
    }

    func checksum() -> Double {
        solver.value(of: container.h) + views.reduce(0) { $0 + solver.value(of: $1.w) + solver.value(of: $1.h) }
            + solver.value(of: views.last!.l) + solver.value(of: views.last!.t)
    }

    func totalWidth() -> Double { views.reduce(0) { $0 + solver.value(of: $1.w) } }
}

/// `makeContainer` over handles: the container and its width constraint.
func makeValueContainer(_ s: Solver, width: Double, fittingHeight: Bool) throws -> (ValueView, ConstraintHandle) {
    let c = ValueView(s)
    try s.add(c.l == 0)
    try s.add(c.t == 0)
    if fittingHeight { try s.add((c.h == 0).priority(50)) }
    let w = try s.add((c.w == 0).priority(999))
    try s.setConstant(-width, for: w)
    return (c, w)
}

/// `chainPlain` over handles, constraint for constraint.
func chainPlainValues(_ n: Int) throws -> ValueChain {
    let s = Solver()
    let (c, width) = try makeValueContainer(s, width: 375, fittingHeight: false)
    var views: [ValueView] = []
    views.reserveCapacity(n)
    for i in 0..<n {
        let v = ValueView(s)
        try s.add(views.last.map { v.t == $0.b + 8 } ?? (v.t == c.t + 8))
        try s.add(v.h == 30 + Double(i % 5) * 4)
        try s.add(v.l == c.l + 8)
        try s.add(v.r == c.r - 8)
        views.append(v)
    }
    try s.add(c.b == views.last!.b + 8)
    _ = s.value(of: c.h)
    return ValueChain(solver: s, container: c, views: views, width: width, base: 375)
}

/// `chainIntrinsic` over handles, constraint for constraint.
func chainIntrinsicValues(_ n: Int) throws -> ValueChain {
    let s = Solver()
    let (c, width) = try makeValueContainer(s, width: 375, fittingHeight: true)
    var views: [ValueView] = []
    views.reserveCapacity(n)
    for i in 0..<n {
        let v = ValueView(s)
        try s.add(views.last.map { v.t == $0.b + 8 } ?? (v.t == c.t + 8))
        try s.add(v.l == c.l + 8)
        try s.add(v.r <= c.r - 8)
        try addIntrinsic(s, v, (100 + Double(i % 7) * 30, 30 + Double(i % 5) * 4), 250, 750, 250, 750)
        views.append(v)
    }
    try s.add(c.b == views.last!.b + 8)
    _ = s.value(of: c.h)
    return ValueChain(solver: s, container: c, views: views, width: width, base: 375)
}

/// `rowFlex` over handles, constraint for constraint.
func rowFlexValues(_ n: Int) throws -> ValueChain {
    let s = Solver()
    let natural = 8 + (0..<n).reduce(0.0) { $0 + rowIntrinsicWidth($1) + 8 }
    let (c, width) = try makeValueContainer(s, width: natural, fittingHeight: true)
    var views: [ValueView] = []
    views.reserveCapacity(n)
    for i in 0..<n {
        let v = ValueView(s)
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
    _ = s.value(of: c.h)
    return ValueChain(solver: s, container: c, views: views, width: width, base: natural)
}
