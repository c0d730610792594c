// How a `Constraint` keeps its expression: the fields of `Expression` stored on the object, with
// the four inline coefficients as four `Double`s (`c0`...`c3`) rather than one `SIMD4<Double>`.
//
// Why: the vector's 32-byte alignment made the Swift runtime allocate every constraint through
// `posix_memalign`, which carves an aligned block out of a larger one and frees the rest. Plain
// doubles leave the object 8-byte aligned, allocated by `malloc`. The fields are the object's
// own rather than one stored struct: a struct of nine fields is copied through outlined value
// witnesses (see `Expression`), which cost more than the allocation saves. (An `Expression`
// keeps the vector: as a value passed between operators, its field count is what matters.)
//
// The terms are the expression's, in order: the first nil slot ends them, and a fourth slot
// holding a `TermOverflow` holds the terms from the fourth on (`c3` is then unused).

extension Constraint {
    /// Whether the fourth slot holds the overflow box (more than four terms).
    @inline(__always) var hasOverflow: Bool {
        v3 != nil && type(of: v3.unsafelyUnwrapped) == TermOverflow.self
    }

    /// Calls `body` with each term's variable and coefficient, in order, read in place (no
    /// retain, no array), as `Expression.forEachTerm` does.
    @inline(__always) func forEachTerm(_ body: (Variable, Double) throws -> Void) rethrows {
        guard v0 != nil else { return }
        try body(v0.unsafelyUnwrapped, c0)
        guard v1 != nil else { return }
        try body(v1.unsafelyUnwrapped, c1)
        guard v2 != nil else { return }
        try body(v2.unsafelyUnwrapped, c2)
        guard v3 != nil else { return }
        if hasOverflow {
            for t in unsafeDowncast(v3.unsafelyUnwrapped, to: TermOverflow.self).terms { try body(t.variable, t.coefficient) }
        } else {
            try body(unsafeDowncast(v3.unsafelyUnwrapped, to: Variable.self), c3)
        }
    }

    /// Whether every coefficient and the constant are finite numbers.
    var isFinite: Bool {
        var finite = constant.isFinite
        forEachTerm { _, c in finite = finite && c.isFinite }
        return finite
    }
}
