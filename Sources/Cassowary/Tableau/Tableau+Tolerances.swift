// The tableau's numerical tolerances and row scaling, in one place: what counts as zero, as a
// tie, as a rounding residue, and when a cost or a pivot is trusted. Layouts (coefficients and
// costs near 1) are far from all of them; random systems of hundreds of rows are where each was
// measured.

extension Tableau {
    /// The tolerance of comparisons: a constant within it of zero is zero, two ratios within it
    /// are a tie.
    static let epsilon = 1.0e-8

    /// How far from zero the constant of a new row made of dummies only (a combination of
    /// installed equalities) may be for the new constraint to count as redundant rather than
    /// conflicting: `epsilon`, or `epsilon` relative to `magnitude`, the sum of the magnitudes
    /// of the constants combined, when that is larger.
    ///
    /// Why relative: the rows' constants carry the rounding of every operation that changed them.
    /// In the stress probe's seed 3018 (shrunk to 8 calls: a constraint of 1e-4 coefficients
    /// added and removed, then twice an installed equality) the pivots on 1e-4 left the
    /// redundant equality's row at 1.9e-7 from zero, against a magnitude of 2,124 (9e-11
    /// relative): kiwi's absolute 1e-8 refused a constraint that an LP check and the object path
    /// both accept. Relative to the values, 1e-8 is the solver's precision elsewhere too
    /// (`x == 10000` and `x == 10000.0001` are one constraint to it).
    @inline(__always) static func redundancyTolerance(magnitude: Double) -> Double {
        epsilon * Swift.max(1, magnitude)
    }

    /// Cells under this magnitude leave the rows (kiwi's nearZero drops them under `epsilon`).
    /// Dropping a cell moves its row by the cell, and every later substitution of that row
    /// carries the error on, multiplied: with cells dropped at 1e-8, rows of a random system of
    /// 43 variables and mild coefficients (0.25-3) read 1.0833333331518 for 13/12 after 95
    /// constraints, and at 98 a required constraint was off by 24,000 (`RandomSystemsTests`).
    /// Rounding residues of zero are near 1e-16 of the magnitudes they come from, far under
    /// this; the residues that the accumulated error makes larger are met by the two
    /// tolerances below, where a pivot is chosen, rather than by dropping cells everywhere.
    static let dropTolerance = 1.0e-12

    /// The simplex's two tolerances (production LP codes keep theirs near 1e-7, HiGHS and CLP): a
    /// symbol enters the primal simplex only at a cost under `-optimalityTolerance`, and a ratio
    /// test never pivots on a residue (`Tableau.isResidue`): a coefficient under
    /// `pivotTolerance` times its row's largest (at least 1). A step that only residues limit
    /// is unbounded, which for a level (a sum of errors, >= 0) means its cost is rounding.
    /// Long rows carry residues of zero: in a random system of 199 variables and coefficients
    /// 0.25-3 (the stress probe's seed 4026), a cost of -5.7e-8 entered and pivoted on -1.9e-7, a
    /// step of 6e10, and a later one on -6.6e-8 at a ratio of zero; the values went to 1e63 and
    /// a required constraint was wrongly accepted. At 1e-7 a pivot of -2e-7 in a row whose
    /// largest is 1.7 still got through (`RandomSystemsTests`, 91 variables). Layouts, whose
    /// coefficients and costs are near 1, never come near either tolerance.
    static let optimalityTolerance = 1.0e-7
    static let pivotTolerance = 1.0e-6

    /// An objective coefficient under this is looked at again before it decides whether a symbol
    /// enters (`reprice(_:)`): it may be rounding. Layouts' costs are near 1. The objective
    /// collects rounding faster than the rows (see `reprice(_:at:)`): at 1e-5, costs of 1.3e-5 to
    /// 5.3e-5 that the rows put at zero blocked lower levels of FuzzSolver's programs 7.5% and
    /// 26% over their optimum (`fixed-rounding-block`, `-2`); at 1e-3 both reach it, and the
    /// random systems keep their refactorizations.
    static let repriceGate = 1.0e-3

    /// A repriced cost that differs from the one the objective held by more than this, relative
    /// to the cost (at least 1), means the objective, and the rows it was built from, drifted:
    /// the solver refactors at the start of its next operation (`refactorIfDrifting()`). In
    /// FuzzSolver's `fixed-objective-drift`, with values near 4e6, one repricing found 1.9e-3
    /// (under 1e-6 of that cost); the end state, 0.07% over the optimum of its fourth level,
    /// reached it after one refactorization there. No benchmark layout refactors with it; the
    /// mild random systems refactor a little more often at the same speed
    /// (60-250 variables, seeds 0-299: 380 to 387; 250-500 variables, seeds 0-39: 247 to 305).
    static let driftTolerance = 1.0e-9

    /// An installed constraint that misses at the rows' solution by more than this, relative to
    /// the size of its terms there (at least 1), says the rows drifted, once the ratio tests
    /// have passed over residues: the solver refactors at the start of its next operation
    /// (`refactorIfDrifting()`). A hundred times under the fuzz target's measure of a wrong
    /// answer (1e-6); rows derived again after every operation held the random program that
    /// needed it (`fixed-constraint-drift`) under 1e-9 throughout.
    static let residualDriftTolerance = 1.0e-8

    /// An installed constraint that misses at the rows' solution by more than this, relative to
    /// the size of its terms there (at least 1), has the solution refined
    /// (`refinedResidual(_:)`) when a drift check or the end of a refactorization measures it.
    /// Rows that hold their constraints to rounding miss by 1e-16 to 1e-13 (the mild random
    /// programs, values to 8e5); the drift checks of the exact-mode programs measured 1e-10 to
    /// 5e-9 under their floor, which one step took to 1e-16-1e-12.
    static let refinementTolerance = 1.0e-11

    /// At most this many steps of refinement at a time: each costs two passes over the
    /// constraints' terms (the misses, then the check) and a walk of the moved markers'
    /// columns, and a step that does not halve the miss ends it.
    static let refinementSteps = 3

    /// Where a pivot is forced rather than chosen by a ratio test (the row a removed
    /// constraint's marker leaves through, the artificial variable's replacement), a
    /// coefficient under this times the largest of its column (a marker's, at least 1) or row
    /// is a rounding residue, passed over while another is there. In random systems of 20-100
    /// variables the residues of a marker's column measured 1e-12 to 2e-9 of its largest, and
    /// its genuine small cells 5e-5 and up. `pivotTolerance` of the row's largest would also
    /// pass over the genuine cells of scaled rows (`rowScale`: 1e-3 beside 1e3 becomes 1e-6),
    /// and a removal then left rows infeasible that the ratio rule keeps feasible. (A new row's
    /// subject passes over residues under `subjectTolerance`, and externals under
    /// `subjectThreshold` of the row's largest external: skipping externals under
    /// `pivotTolerance` of the row's largest cell there left the stress probe's seed 4019 far
    /// from its optimum.)
    static let forcedPivotTolerance = 1.0e-7

    /// A new row is never solved for an external variable whose coefficient is under this times
    /// the row's largest (or times 1): such a coefficient is a rounding residue of zero, and
    /// dividing the row by it multiplies every error the row carries into the rows it is
    /// substituted into. The solver fuzz target (`FuzzSolver`) found a soft equality over three
    /// variables whose row, after the basic variables were substituted, held its only external
    /// at -1.33e-8 beside a largest of 368: solved for it, a required equality of the system
    /// (16 variables, coefficients 1/4-8) ended off by 8.5e-5 of its size. Genuine small
    /// coefficients of scaled rows are 1e-6 of their row's largest (see
    /// `forcedPivotTolerance`), three orders over this; residues are near 1e-16 of the
    /// magnitudes they come from, until errors accumulate.
    static let subjectTolerance = 1.0e-9

    /// A new row is solved for an external variable whose coefficient is at least this times
    /// the largest external coefficient of the row: kiwi's first external, unless a larger one
    /// would divide the row by 100 times more. This is the threshold partial pivoting of sparse
    /// Gaussian elimination (Duff, Erisman and Reid, Direct Methods for Sparse Matrices, 5.4:
    /// u = 0.1 or 0.01 keeps the growth of the entries bounded while leaving most choices
    /// free). Solving for a small coefficient multiplies the row's rounding into every row it is
    /// substituted into: in an exact-mode fuzz program (mild numbers, 32 variables, values to
    /// 6.7e5; `fixed-rebuild-drift`) the rows a refactorization wrote again drifted until a
    /// bound `-4 x - 8 == 0` missed by 5.4 and a required constraint was off by 123 of its size
    /// 1,915. Layouts' coefficients are within 100 of each other, and keep kiwi's choice. With
    /// 0.1, a mutation of that program ended a required constraint off by 0.19; the largest
    /// external always (no threshold) stalled the random systems' seed 524 for minutes. The
    /// rebuild uses the add's rule: with a rule of its own it failed a mutation the add's
    /// passes. No threshold passes every near-singular mutation (values near 1e6):
    /// `fixed-threshold-drift` failed at 0.01 and passed at 0, until the rows a rebuild wrote
    /// were derived again (`refactor`, step 7).
    static let subjectThreshold = 0.01

    /// A coefficient at or over this is never a residue, so that the ratio test reads a row's
    /// largest coefficient only for the rare small one: rows whose largest is over
    /// `residueGate / pivotTolerance` (1,000) are not looked at for it.
    static let residueGate = 1.0e-3

    /// Under this, a coefficient of a row whose largest (in magnitude) is `largest` is a rounding
    /// residue (`Tableau.isResidue`): `tolerance` times that largest, or times 1 when it is
    /// smaller, and never `residueGate` or more.
    @inline(__always) static func residueFloor(largest: Double, tolerance: Double = pivotTolerance) -> Double {
        Swift.min(residueGate, tolerance * Swift.max(1, largest))
    }

    /// The factor a new constraint's row is divided by, from its largest coefficient: 1 up to 100
    /// (the coefficients of layouts), else that coefficient, so that the row's largest is 1.
    /// Cells under `epsilon` leave the rows, so a row of `1e9 * x` would make every row it is
    /// substituted into lose the terms it divides under epsilon (another constraint's `2 * x`
    /// for good), and `1000 * v17 - v47` beside rows of 1e-3 makes products under it. Rows whose
    /// coefficients are all small are not scaled up: multiplying them multiplies the rounding
    /// in their constants too, and the probe found configurations that then disagreed on
    /// whether a required row holds (seed 3074). Rows of layouts are left as they are, so that
    /// their pivots do not move.
    static func rowScale(largest: Double) -> Double {
        largest > 100 ? largest : 1
    }
}
