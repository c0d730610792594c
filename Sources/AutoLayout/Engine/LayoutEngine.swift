import Cassowary
import Foundation
import Logging

/// A view's frame variables, in the coordinates of its hierarchy's root.
final class LayoutBox {
    let x, y, w, h: Variable

    init(_ name: String) {
        x = Variable(name + ".minX")
        y = Variable(name + ".minY")
        w = Variable(name + ".width")
        h = Variable(name + ".height")
    }
}

/// What an engine keeps for a view that takes part in it: the constraints the engine makes for the
/// view, and whether its intrinsic size changed since the last solve. A class, so that updating one
/// in place copies nothing.
///
/// The view is held without reference counting: a view in a hierarchy is kept by its superview
/// (the root by whoever holds it, and the root keeps the engine), and a view that leaves the
/// hierarchy is forgotten by the engine before it can go away.
final class Participant {
    unowned(unsafe) let view: View
    /// The view again when its intrinsic size depends on the width layout gives it (a wrapping
    /// label): what the re-measure passes offer solved widths to. Looked up once, when it joins.
    unowned(unsafe) let widthDependent: (any WidthDependentLayout)?
    let box: LayoutBox
    /// The engine this belongs to, cleared when the engine forgets the view or goes away: a view
    /// keeps the record of its hierarchy's engine, and compares this to find it.
    @exclusivity(unchecked) var engineID: ObjectIdentifier?
    /// The place in the engine's list of participants (``LayoutEngine/ParticipantStore/records``).
    @exclusivity(unchecked) var slot = -1
    /// x, y, width, height from the frame (autoresizing), or from the root's size.
    @exclusivity(unchecked) var frame: [Cassowary.Constraint] = []
    /// hugging <=, compression >= per axis, with the size they were made for.
    @exclusivity(unchecked) var horizontal: [Cassowary.Constraint] = []
    @exclusivity(unchecked) var vertical: [Cassowary.Constraint] = []
    @exclusivity(unchecked) var intrinsic = CGSize(width: CGSize.noIntrinsicMetric, height: CGSize.noIntrinsicMetric)
    /// Whether the intrinsic size changed since the constants were last brought up to date.
    @exclusivity(unchecked) var isPending = false
    /// The installed constraints that use the view's margins or baselines: what a change of those
    /// updates (most views have none).
    @exclusivity(unchecked) var geometryUsers: [LayoutConstraint] = []

    init(view: View, box: LayoutBox, engine: LayoutEngine) {
        self.view = view
        // Plain views, most of a hierarchy, skip the runtime's conformance lookup.
        self.widthDependent = type(of: view) == View.self ? nil : view as? any WidthDependentLayout
        self.box = box
        self.engineID = ObjectIdentifier(engine)
    }
}

/// The constraint engine of one view hierarchy, kept by its root view: a Cassowary solver over the
/// frames of the views that take part in layout, the constraints made from the views' active
/// constraints, and those the engine makes itself (intrinsic content size, autoresizing frames,
/// fitting).
///
/// Views take part once a constraint mentions them; a view whose frame is fixed by autoresizing
/// constraints pulls its superview in, since its frame is relative to it. Changes of constants,
/// intrinsic sizes, margins and frames update the installed solver constraints in place.
///
/// The engine's work, by file, in the order of its steps:
/// - `LayoutEngine+Installing`: activation; a layout constraint becomes a solver constraint
///   (its linear form), and changes of constants, priorities, margins and direction update it.
/// - `LayoutEngine+Generated`: the constraints the engine makes for a participant: the root's and
///   autoresizing frames, hugging and compression resistance from the intrinsic size.
/// - `LayoutEngine+Solving`: solving, the re-measure passes of width-dependent views, frames.
/// - `LayoutEngine+Fitting`, `LayoutEngine+Ambiguity`: systemLayoutSizeFitting, and the probes
///   of hasAmbiguousLayout.
/// - `LayoutEngine+Diagnostics`: broken constraints reported as values, conflicts named.
///
/// Invariants:
/// - Each participant is in ``store`` once, with ``Participant/engineID`` this engine's; every
///   view it made frame, hugging or compression constraints for is a participant, and those
///   constraints are in the solver.
/// - ``Participant/horizontal`` and ``Participant/vertical`` are empty, or `[hugging, compression]`
///   for the size in ``Participant/intrinsic`` (once ``pending`` is brought up to date).
/// - ``pending`` holds exactly the participants with ``Participant/isPending``; ``widthDependents``
///   exactly those with a ``Participant/widthDependent`` view.
/// - While ``fitting`` is set, the root has no width and height frame constraints: the fitting
///   constraints pull its size toward ``fittingTarget`` instead.
/// - ``changes`` is empty between operations.
///
/// The bookkeeping lives on the views and constraints rather than in tables keyed by them, for
/// the engine of a hierarchy; a *scratch* engine (a one-off for fitting a subtree, or for probing
/// ambiguity) leaves those alone and keeps tables of its own. ``Kind`` names everything the two do
/// differently, and ``ParticipantStore`` is where each keeps its records.
final class LayoutEngine {
    /// Not counted: the root keeps the engine, and is gone only once the engine is.
    unowned(unsafe) let root: View
    /// The general tableau from the start: an engine changes constants in place (intrinsic
    /// sizes, fitting targets), which the small tableau does not serve, so starting there would
    /// only add a promotion to every engine's first layout.
    let solver = Solver(smallTableau: false)
    /// The hierarchy's engine, or a scratch one; see ``Kind``.
    let kind: Kind
    @exclusivity(unchecked) var needsSolve = true

    /// The participants and the installed constraints, and how to find them from a view or a
    /// layout constraint.
    @exclusivity(unchecked) var store: ParticipantStore
    /// The participants whose intrinsic size may depend on their solved width.
    @exclusivity(unchecked) var widthDependents: [Participant] = []
    /// The participants whose intrinsic size changed since the last solve.
    @exclusivity(unchecked) var pending: [Participant] = []
    /// Constant changes gathered for one dual simplex pass; kept to reuse its storage.
    @exclusivity(unchecked) var changes: [(Cassowary.Constraint, Double)] = []
    @exclusivity(unchecked) var fitting: (width: Cassowary.Constraint, height: Cassowary.Constraint)?
    /// The target the fitting constraints' constants are set for.
    @exclusivity(unchecked) var fittingTarget = CGSize.zero
    /// How many times a layout solves at most, re-measuring width-dependent views in between.
    static let measurePasses = 4
    /// What went wrong, newest last: broken constraints and the like.
    @exclusivity(unchecked) var diagnostics: [LayoutDiagnostic] = []
    static let logger = Logger(label: "SelfSizing.AutoLayout")

    init(root: View, kind: Kind = .hierarchy) {
        self.root = root
        self.kind = kind
        self.store = ParticipantStore(kind: kind)
    }

    deinit {
        store.release()
    }

    static func engine(of root: View) -> LayoutEngine {
        if let e = root.rootEngine { return e }
        let e = LayoutEngine(root: root)
        root.rootEngine = e
        return e
    }

    /// The record of a view taking part in this engine, or nil.
    @inline(__always)
    func record(of view: View) -> Participant? {
        store.record(of: view, in: self)
    }

    // MARK: - Participants

    /// Gives a view frame variables and the constraints the engine makes for it.
    @discardableResult
    func participate(_ view: View) -> Participant {
        if let r = record(of: view) { return r }
        let r = Participant(view: view, box: box(of: view), engine: self)
        store.add(r)
        if r.widthDependent != nil { widthDependents.append(r) }
        makeFrameConstraints(r)
        updateIntrinsic(r, force: true)
        return r
    }

    /// Takes a view out of this engine (it left the hierarchy).
    func forget(_ view: View) {
        guard let r = record(of: view) else { return }
        store.remove(r)
        if r.widthDependent != nil { widthDependents.removeAll { $0 === r } }
        if r.isPending { pending.removeAll { $0 === r } }
        for c in r.frame + r.horizontal + r.vertical { try? solver.remove(c) }
        needsSolve = true
    }

    func box(of view: View) -> LayoutBox {
        if let b = view.layoutBox { return b }
        let b = LayoutBox(view.identifier)
        view.layoutBox = b
        return b
    }
}
