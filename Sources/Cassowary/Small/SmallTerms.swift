// The terms the small tableau's `add` reads: a value constraint's, or an object constraint's
// with each variable's symbol in this tableau. Reading an object constraint in place spares
// building an expression of handles from it and copying that per add: a cold cell through
// objects 98.3k to 90.8k instructions, `cell-readd` 61.1k to 57.8k, and through values 54.9k
// to 54.4k. (In the generic body, a local that a nested function captured, used from a
// closure, took dynamic exclusivity checks: `mayBeSubject` takes its floor `inout`.)

/// Terms over the small tableau's symbols, and a constant.
protocol SmallTerms {
    /// The number of terms.
    var count: Int { get }
    var constant: Double { get }
    /// Whether every coefficient and the constant are finite numbers.
    var isFinite: Bool { get }
    /// The serial of the tableau whose symbols the terms name (see `LinearExpression.owner`).
    var owner: UInt64 { get }
    /// Calls `body` with each term's symbol and coefficient, in order.
    func forEachTerm(_ body: (Int32, Double) throws -> Void) rethrows
}

/// A value constraint reads as its expression's terms. (The constraint itself, not its
/// expression, is what `add` takes: a stored expression handed to a generic parameter is copied
/// first.)
extension LinearConstraint: SmallTerms {
    var count: Int { expression.count }
    var constant: Double { expression.constant }
    var isFinite: Bool { expression.isFinite }
    var owner: UInt64 { expression.owner }

    /// The expression's loop, written out here rather than forwarding `body` to it: a closure
    /// handed on as a value is no longer inlined into the loop (0.75k instructions of a cell
    /// through values), and binding `more` with `if let` cost 3k more. A count past four
    /// means `more` holds the terms from the fifth on (`LinearExpression.appendSlot`).
    @inline(__always) func forEachTerm(_ body: (Int32, Double) throws -> Void) rethrows {
        let n = expression.storedCount
        if n > 0 { try body(expression.inline.0.symbol, expression.inline.0.coefficient) }
        if n > 1 { try body(expression.inline.1.symbol, expression.inline.1.coefficient) }
        if n > 2 { try body(expression.inline.2.symbol, expression.inline.2.coefficient) }
        if n > 3 { try body(expression.inline.3.symbol, expression.inline.3.coefficient) }
        if n > 4 { for slot in expression.more.unsafelyUnwrapped { try body(slot.symbol, slot.coefficient) } }
    }
}

/// A `Constraint`'s terms, each variable read through its one-entry cache
/// (`Variable.cachedSymbol`), which `Solver.addToSmall` has set for this tableau.
struct ObjectTerms: SmallTerms {
    let constraint: Constraint
    let owner: UInt64

    init(_ constraint: Constraint, owner: UInt64) {
        self.constraint = constraint
        self.owner = owner
    }

    /// Counted when asked: `add` asks only for a foreign or empty expression, or to log the
    /// terms, which a system of objects does not.
    var count: Int {
        var n = 0
        constraint.forEachTerm { _, _ in n += 1 }
        return n
    }

    var constant: Double { constraint.constant }
    var isFinite: Bool { constraint.isFinite }

    @inline(__always) func forEachTerm(_ body: (Int32, Double) throws -> Void) rethrows {
        try constraint.forEachTerm { v, c in try body(v.cachedSymbol, c) }
    }
}
