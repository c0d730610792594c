// Small systems of `Variable` and `Constraint` objects in the small dense tableau. A solver whose
// first call is `add(_: Constraint)` starts there (`Mode.smallObjects`), as a value-API system
// does, and keeps adding and removing constraints there while the system stays small: a table
// cell's solver, built and dropped per cell or reused with its constraints replaced, then runs
// no merging of sorted rows, no column lists and no hashing.
//
// The small tableau numbers each object variable with a symbol of its own; the variable's
// one-entry cache (`cachedOwner`, `cachedSymbol`) and the constraint's (`cachedTag`) hold the
// symbol and the tag, and the tableau's block keeps the objects (retained) by symbol and by tag,
// so that a cold cell's solver still holds one heap block (which the `BlockCache` hands from one
// cell's solver to the next). Promotion (any other call: new constants, edit variables, the
// value API, a variable another solver holds, an error to report, no room) frees those caches
// and adds the installed constraints again, in the order they were installed, to the general
// tableau, which then holds the objects as it does from the start. Its solution can differ only
// where the optimum is not unique.
//
// A small system holds its variables as the general tableau does (`holders`), so that another
// solver that takes one of them writes every value as shared variables need; it writes its
// values into the objects (`storedValue`) on `updateVariables()`, never publishes them.

extension Solver {
    /// Installs `constraint` in the small tableau, starting one on a fresh solver. False when the
    /// small tableau does not take it: the solver must promote and make the call on the general
    /// tableau, which reports errors.
    func addToSmall(_ constraint: Constraint) -> Bool {
        if mode == .fresh {
            guard usesSmallTableau else { return false }
            small = SmallTableau(serial: SolverSerial.next())
            small.keepsLog = false
            mode = .smallObjects
        }
        guard mode == .smallObjects, constraint.cachedOwner == nil else { return false }
        let me = ObjectIdentifier(self)
        var taken = true
        constraint.forEachTerm { v, _ in
            guard taken else { return }
            if v.cachedOwner != me {
                // A variable of another solver, or one a general tableau holds through its
                // dictionary: the general tableau's bookkeeping serves it.
                guard v.cachedOwner == nil, v.holders == 0, let handle = small.makeVariable(named: "") else {
                    taken = false
                    return
                }
                v.cachedOwner = me
                v.cachedSymbol = handle.symbol
                v.holders = 1
                small.variableObjects[Int(handle.symbol)] = Unmanaged.passRetained(v)
            }
        }
        guard taken else { return false }
        let handle: ConstraintHandle
        do {
            handle = try small.add(ObjectTerms(constraint, owner: small.serial), constraint.relation,
                                   constraint.priority)
        } catch {
            return false
        }
        constraint.cachedOwner = me
        constraint.cachedTag = handle.tag
        small.constraintObjects[Int(handle.tag)] = Unmanaged.passRetained(constraint)
        small.installOrder[Int(handle.tag)] = nextInstall
        nextInstall &+= 1
        return true
    }

    /// Takes an installed constraint out of the small tableau. False when the small tableau
    /// refused (the solver must promote and make the call on the general tableau).
    func removeFromSmall(_ constraint: Constraint) -> Bool {
        let t = Int(constraint.cachedTag)
        do {
            try small.remove(tag: constraint.cachedTag)
        } catch {
            return false
        }
        constraint.cachedOwner = nil
        constraint.cachedTag = -1
        small.constraintObjects[t]?.release()
        small.constraintObjects[t] = nil
        return true
    }

    /// Whether the small tableau holds `constraint`.
    func smallHolds(_ constraint: Constraint) -> Bool {
        mode == .smallObjects && constraint.cachedOwner == ObjectIdentifier(self)
    }

    /// The value of a variable of the small tableau, 0 for any other.
    func smallValue(of variable: Variable) -> Double {
        variable.cachedOwner == ObjectIdentifier(self) ? small.value(of: variable.cachedSymbol) : 0
    }

    /// Writes every variable's value into its object.
    func updateSmallVariables() {
        // Over `Int`, not `Int32`: a debug build iterates a `Range<Int32>` through the standard
        // library's unspecialized iterator, which allocates on every step (63 blocks a table
        // cell, counted by `AllocationCountTests`); release builds specialize either alike.
        for s in 0..<small.symbolCount {
            guard let v = small.variableObjects[s] else { continue }
            v._withUnsafeGuaranteedRef { $0.storedValue = small.value(of: Int32(s)) }
        }
    }

    /// Lets go of the objects of the small tableau: their caches are cleared and the variables
    /// keep their last values.
    func releaseSmallObjects() {
        releaseSmallObjects { _, _ in }
    }

    /// Lets go of the objects of the small tableau, as `releaseSmallObjects()`, and returns the
    /// installed constraints, in the order they were installed, for the general tableau to add
    /// again.
    func takeSmallObjects() -> [Constraint] {
        var installed: [(order: UInt32, constraint: Constraint)] = []
        releaseSmallObjects { order, c in installed.append((order, c)) }
        return installed.sorted { $0.order < $1.order }.map(\.constraint)
    }

    /// Releases every object of the small tableau, calling `keep` with each constraint (and its
    /// install number) while it is still retained.
    private func releaseSmallObjects(_ keep: (UInt32, Constraint) -> Void) {
        let me = ObjectIdentifier(self)
        for s in 0..<small.symbolCount {
            guard let reference = small.variableObjects[s] else { continue }
            reference._withUnsafeGuaranteedRef { v in
                if v.cachedOwner == me {
                    v.cachedOwner = nil
                    v.cachedSymbol = -1
                }
                v.holders -= 1
            }
            reference.release()
            small.variableObjects[s] = nil
        }
        // By the objects rather than the live tags: a removal the small tableau refused midway
        // may have freed its tag, and the general tableau makes it again.
        for t in 0..<small.tagCount {
            guard let reference = small.constraintObjects[t] else { continue }
            reference._withUnsafeGuaranteedRef { c in
                if c.cachedOwner == me {
                    c.cachedOwner = nil
                    c.cachedTag = -1
                }
                keep(small.installOrder[t], c)
            }
            reference.release()
            small.constraintObjects[t] = nil
        }
    }
}
