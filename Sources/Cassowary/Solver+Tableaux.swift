// Which tableau holds a solver's system. A solver starts with neither; its first call starts the
// small dense tableau: a value-API call (`makeVariable`, `add(LinearConstraint)`) for values, an
// `add(_: Constraint)` for objects (see Solver+SmallObjects.swift), any other object call the
// general tableau. A small system moves to the general tableau (promotion) on the first call the
// small one does not serve or once it outgrows it (see `SmallTableau`).

extension Solver {
    enum Mode: UInt8 {
        /// Nothing made yet: the placeholder `tableau` answers as an empty system.
        case fresh
        /// `small` holds the system, built through the value API.
        case small
        /// `small` holds a system of `Variable` and `Constraint` objects.
        case smallObjects
        /// `tableau` holds the system.
        case general
    }

    /// Makes sure the general tableau holds the system.
    @inline(__always) func general() {
        if mode != .general { promote() }
    }

    /// Makes sure a value-API call finds a tableau: the small one on a fresh solver that uses it.
    @inline(__always) func beginValues() {
        if mode == .smallObjects { promote() }
        guard mode == .fresh else { return }
        if usesSmallTableau {
            small = SmallTableau(serial: SolverSerial.next())
            mode = .small
        } else {
            promote()
        }
    }

    /// Runs the simplex the small tableau left for when its solution is read (see
    /// `SmallTableau.settled`); at a numerical dead end there, the general tableau takes the
    /// system and solves it.
    func settleSmall() {
        if isSmall && !small.settle() { promote() }
    }

    /// Moves the system to the general tableau: made with its storage, then given the small
    /// tableau's calls again, in order, so that every handle stays valid; or the installed
    /// objects again, in the order they were installed.
    @inline(never) func promote() {
        var general = Tableau(identity: ObjectIdentifier(self))
        general.incrementalRows = incrementalRows
        general.columnCopyMinimum = columnCopyMinimum
        general.unlistedMinimum = unlistedMinimum
        general.refactorFactor = refactorFactor
        general.checksConstraintDrift = checksConstraintDrift
        general.kiwiPivotRules = kiwiPivotRules
        general.dualAdd.reversalLimit = dualAddReversals
        if let cells = denseRowsFromCells {
            general.denseRowMinimum = cells
            general.denseRowRatio = 1 << 20
            general.indexMinimum = Int32(clamping: min(cells, Int(Tableau.indexThreshold)))
        }
        if mode == .small {
            general.serial = small.serial
            small.replay(into: &general)
            small.deallocate()
        }
        var objects: [Constraint] = []
        if mode == .smallObjects {
            objects = takeSmallObjects()
            small.deallocate()
        }
        tableau.deallocate()
        tableau = general
        mode = .general
        for c in objects {
            // It held in the small tableau, with the same tolerance: it holds here.
            do { try tableau.add(c) } catch { assertionFailure("promotion refused \(c): \(error)") }
        }
    }

    /// Whether the small dense tableau holds the system now, for the tests.
    package var isSmall: Bool { mode == .small || mode == .smallObjects }
}
