import Cassowary

extension LayoutEngine {
    /// The two kinds of engine, chosen when one is made. Everything a scratch engine does
    /// differently from the hierarchy's engine is decided here and in ``ParticipantStore``: the
    /// engine asks the two properties below, never the kind itself.
    enum Kind {
        /// The engine of a view hierarchy, kept by its root view for as long as the hierarchy is.
        case hierarchy
        /// A one-off that fits a subtree inside a hierarchy, or probes a hierarchy for ambiguity:
        /// it installs the same views and constraints as their hierarchy's engine, and must leave
        /// that engine's bookkeeping on them as it is.
        case scratch

        /// Whether views and constraints point back at the engine: a view at its record, an
        /// installed constraint at the engine, its solver constraint and its place. Only the
        /// hierarchy's engine, which views and constraints tell of their changes (constants,
        /// priorities, intrinsic sizes, margins, frames) through those pointers. A scratch engine
        /// finds its records in tables of its own, is told of nothing, and so brings itself up to
        /// date when a width-dependent view re-measures during its solve.
        var isKnownToViews: Bool { self == .hierarchy }

        /// Whether broken constraints are logged as well as kept: a scratch engine's repeat (or
        /// anticipate) those of the hierarchy's engine, and a probe for ambiguity is not layout.
        var logsDiagnostics: Bool { self == .hierarchy }
    }

    /// Where an engine keeps the records of its participants and its installed constraints, and
    /// how it finds them again: on the views and constraints themselves for the hierarchy's engine
    /// (a pointer read and a compare, on the per-row path), in tables of its own for a scratch
    /// engine. A value inside the engine, so that the choice costs a switch on ``kind``, not a call
    /// through an existential.
    ///
    /// Invariants: ``records`` holds each participant once, at its ``Participant/slot``. In the
    /// hierarchy's engine, a view's ``View/participation`` is its record, and an installed
    /// constraint's ``LayoutConstraint/installedSlot`` is its place in ``installed`` and its
    /// ``LayoutConstraint/solverConstraint`` the solver constraint there.
    struct ParticipantStore {
        let kind: Kind
        /// The participants, in the order they joined (the last one takes the place of one that
        /// leaves).
        private(set) var records: [Participant] = []
        /// A scratch engine's records by view.
        private var table: [ObjectIdentifier: Participant] = [:]
        /// Each installed layout constraint with its solver constraint.
        private(set) var installed: [(layout: LayoutConstraint, solver: Cassowary.Constraint)] = []

        init(kind: Kind) { self.kind = kind }

        /// The record of `view` in `engine` (whose store this is), or nil.
        @inline(__always)
        func record(of view: View, in engine: LayoutEngine) -> Participant? {
            switch kind {
            case .hierarchy:
                guard let r = view.participation, r.engineID == ObjectIdentifier(engine) else { return nil }
                return r
            case .scratch:
                return table[ObjectIdentifier(view)]
            }
        }

        mutating func add(_ r: Participant) {
            r.slot = records.count
            records.append(r)
            switch kind {
            case .hierarchy: r.view.participation = r
            case .scratch: table[ObjectIdentifier(r.view)] = r
            }
        }

        mutating func remove(_ r: Participant) {
            let last = records.removeLast()
            if r.slot < records.count {
                records[r.slot] = last
                last.slot = r.slot
            }
            switch kind {
            case .hierarchy: r.view.participation = nil
            case .scratch: table[ObjectIdentifier(r.view)] = nil
            }
            r.engineID = nil
        }

        /// Records that `c` is installed as `s`.
        mutating func didInstall(_ c: LayoutConstraint, as s: Cassowary.Constraint) {
            if kind.isKnownToViews {
                c.installedSlot = installed.count
                c.solverConstraint = s
            }
            installed.append((c, s))
        }

        /// Makes `engine` the one `c` tells of its changes, installed or broken (a broken
        /// constraint is tried again when its constant or priority changes).
        func claim(_ c: LayoutConstraint, for engine: LayoutEngine) {
            if kind.isKnownToViews { c.engine = engine }
        }

        /// Takes `c` out of the installed constraints of `engine` and returns its solver
        /// constraint; nil when it is not installed there. (A scratch engine is never asked:
        /// constraints do not know it.)
        mutating func removeInstalled(_ c: LayoutConstraint, from engine: LayoutEngine) -> Cassowary.Constraint? {
            guard kind.isKnownToViews, c.engine === engine, let s = c.solverConstraint else { return nil }
            let slot = c.installedSlot
            let last = installed.removeLast()
            if slot < installed.count {
                installed[slot] = last
                last.layout.installedSlot = slot
            }
            c.solverConstraint = nil
            return s
        }

        /// The solver constraint of `c` when it is installed in `engine`.
        func solverConstraint(of c: LayoutConstraint, in engine: LayoutEngine) -> Cassowary.Constraint? {
            switch kind {
            case .hierarchy: return c.engine === engine ? c.solverConstraint : nil
            case .scratch: return installed.first { $0.layout === c }?.solver
            }
        }

        /// The layout constraint installed as `s`, if any. A linear search: for diagnostics only.
        func layoutConstraint(installedAs s: Cassowary.Constraint) -> LayoutConstraint? {
            installed.first { $0.solver === s }?.layout
        }

        /// The engine goes away: its records and constraints stop pointing at it.
        func release() {
            for r in records { r.engineID = nil }
            guard kind.isKnownToViews else { return }
            for (c, _) in installed {
                c.engine = nil
                c.solverConstraint = nil
            }
        }
    }
}
