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
