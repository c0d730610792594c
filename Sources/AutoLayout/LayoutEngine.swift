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
    /// The view, when it is a label (whose height may follow its solved width).
    unowned(unsafe) let label: Label?
    let box: LayoutBox
    /// The engine this belongs to, cleared when the engine forgets the view or goes away: a view
    /// keeps the record of its hierarchy's engine, and compares this to find it.
    @exclusivity(unchecked) fileprivate(set) var engineID: ObjectIdentifier?
    /// The place in the engine's list of participants.
    @exclusivity(unchecked) fileprivate var slot: Int
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

    fileprivate init(view: View, box: LayoutBox, engine: LayoutEngine, slot: Int) {
        self.view = view
        self.label = view as? Label
        self.box = box
        self.engineID = ObjectIdentifier(engine)
        self.slot = slot
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
/// The bookkeeping lives on the views and constraints rather than in tables keyed by them: a view
/// of the hierarchy points at its ``Participant`` record, an installed constraint at its solver
/// constraint and its place in ``installed``. A *scratch* engine (a one-off for fitting a subtree,
/// or for probing ambiguity) leaves those alone and keeps its own table.
final class LayoutEngine {
    /// Not counted: the root keeps the engine, and is gone only once the engine is.
    unowned(unsafe) let root: View
    let solver = Solver()
    /// Whether this engine is a one-off for fitting a subtree; it leaves the views' bookkeeping alone.
    let isScratch: Bool
    @exclusivity(unchecked) var needsSolve = true

    /// Each installed layout constraint with its solver constraint. A constraint installed in a
    /// hierarchy's engine knows its place here (``LayoutConstraint/installedSlot``).
    @exclusivity(unchecked) private var installed: [(layout: LayoutConstraint, solver: Cassowary.Constraint)] = []
    /// The views with frame variables in this solver, in the order they joined.
    @exclusivity(unchecked) private var records: [Participant] = []
    /// A scratch engine's records by view (a hierarchy's engine finds them on the views).
    @exclusivity(unchecked) private var scratchRecords: [ObjectIdentifier: Participant] = [:]
    /// The participating labels, whose height may depend on their solved width.
    @exclusivity(unchecked) private var labels: [Participant] = []
    /// The participants whose intrinsic size changed since the last solve.
    @exclusivity(unchecked) private var pending: [Participant] = []
    /// Constant changes gathered for one dual simplex pass; kept to reuse its storage.
    @exclusivity(unchecked) private var changes: [(Cassowary.Constraint, Double)] = []
    @exclusivity(unchecked) private var fitting: (width: Cassowary.Constraint, height: Cassowary.Constraint)?
    /// The target the fitting constraints' constants are set for.
    @exclusivity(unchecked) private var fittingTarget = CGSize.zero
    /// How many times a layout re-solves for multi-line labels at most.
    static let labelPasses = 4
    /// What went wrong, newest last: broken constraints and the like.
    @exclusivity(unchecked) var diagnostics: [LayoutDiagnostic] = []
    static let logger = Logger(label: "SelfSizing.AutoLayout")

    init(root: View, scratch: Bool = false) {
        self.root = root
        self.isScratch = scratch
    }

    deinit {
        for r in records { r.engineID = nil }
        if !isScratch {
            for (c, _) in installed {
                c.engine = nil
                c.solverConstraint = nil
            }
        }
    }

    static func engine(of root: View) -> LayoutEngine {
        if let e = root.rootEngine { return e }
        let e = LayoutEngine(root: root)
        root.rootEngine = e
        return e
    }

    /// The record of a view taking part in this engine, or nil.
    @inline(__always)
    private func record(of view: View) -> Participant? {
        if isScratch { return scratchRecords[ObjectIdentifier(view)] }
        guard let r = view.participation, r.engineID == ObjectIdentifier(self) else { return nil }
        return r
    }

    // MARK: - Activation

    static func activate(_ c: LayoutConstraint) {
        guard let first = c.firstItem else { return }
        c.forEachItem { $0.addActive(c) }
        let r = first.root
        if let second = c.secondItem, second.root !== r {
            c.isPending = true
            return
        }
        c.isPending = false
        engine(of: r).install(c)
    }

    static func deactivate(_ c: LayoutConstraint) {
        c.forEachItem { $0.removeActive(c) }
        c.isPending = false
        c.engine?.uninstall(c)
    }

    /// The active constraints of the views of a subtree, each once, in the order the views and
    /// their constraints come.
    private static func activeConstraints(of views: [View]) -> [LayoutConstraint] {
        var seen = Set<ObjectIdentifier>()
        var out: [LayoutConstraint] = []
        for v in views {
            for c in v.activeConstraints where seen.insert(ObjectIdentifier(c)).inserted { out.append(c) }
        }
        return out
    }

    /// A subtree joined the hierarchy of `root`: its constraints move to the root's engine, and
    /// waiting constraints whose views now share the hierarchy are installed.
    static func merge(subtree: View, from old: LayoutEngine?, into root: View) {
        let views = subtree.subtree
        let constraints = activeConstraints(of: views)
        if let old { for c in constraints where c.engine === old { old.uninstall(c) } }
        guard !constraints.isEmpty else { return }
        let e = engine(of: root)
        for c in constraints where c.engine == nil {
            guard let a = c.firstItem, a.root === root, c.secondItem.map({ $0.root === root }) ?? true else { continue }
            c.isPending = false
            e.install(c)
        }
    }

    /// A subtree left the hierarchy of `oldRoot`: constraints across the cut are deactivated, the
    /// subtree's own constraints move to an engine of its own.
    static func split(subtree: View, from oldRoot: View) {
        let views = subtree.subtree
        let inside = Set(views.map(ObjectIdentifier.init))
        let constraints = activeConstraints(of: views)
        for v in views { oldRoot.rootEngine?.forget(v) }
        for c in constraints {
            let crosses = [c.firstItem, c.secondItem].contains { v in v.map { !inside.contains(ObjectIdentifier($0)) } ?? false }
            if crosses {
                c.isActive = false
            } else {
                c.engine?.uninstall(c)
                engine(of: subtree).install(c)
            }
        }
    }

    // MARK: - Installing constraints

    func install(_ c: LayoutConstraint) {
        guard let first = c.firstItem else { return }
        let firstRecord = participate(first)
        let secondRecord = c.secondItem.map { participate($0) }
        let constraint = solverConstraint(for: c)
        do {
            try solver.add(constraint)
            if !isScratch {
                c.installedSlot = installed.count
                c.solverConstraint = constraint
            }
            installed.append((c, constraint))
            let firstUses = c.firstAttribute.usesMargins || c.firstAttribute.usesBaseline
            let secondUses = c.secondAttribute.usesMargins || c.secondAttribute.usesBaseline
            if firstUses { firstRecord.geometryUsers.append(c) }
            if let secondRecord, secondUses, !(firstUses && secondRecord === firstRecord) { secondRecord.geometryUsers.append(c) }
        } catch {
            report(error, breaking: c)
        }
        if !isScratch { c.engine = self }
        needsSolve = true
    }

    func uninstall(_ c: LayoutConstraint) {
        if !isScratch, c.engine === self, let constraint = c.solverConstraint {
            try? solver.remove(constraint)
            let slot = c.installedSlot
            let last = installed.removeLast()
            if slot < installed.count {
                installed[slot] = last
                last.layout.installedSlot = slot
            }
            c.solverConstraint = nil
            for item in [c.firstItem, c.secondItem] {
                if let item, let r = record(of: item), !r.geometryUsers.isEmpty { r.geometryUsers.removeAll { $0 === c } }
            }
        }
        if c.engine === self { c.engine = nil }
        needsSolve = true
    }

    /// The solver constraint for a layout constraint: `first - multiplier * second - constant`.
    private func solverConstraint(for c: LayoutConstraint) -> Cassowary.Constraint {
        let (expression, constant) = linearForm(of: c)
        var e = expression
        e.constant = constant
        let relation: Relation = switch c.relation {
        case .equal: .equal
        case .lessThanOrEqual: .lessThanOrEqual
        case .greaterThanOrEqual: .greaterThanOrEqual
        }
        return Cassowary.Constraint(e, relation, priority: c.priority)
    }

    /// The terms and the constant of a constraint's expression, with the current margins,
    /// baselines and layout direction (of its first item).
    private func linearForm(of c: LayoutConstraint) -> (Cassowary.Expression, Double) {
        let first = c.firstItem!
        // Only leading and trailing depend on the direction (margins are resolved by the view).
        let direction = c.firstAttribute.isDirectional || c.secondAttribute.isDirectional
            ? first.effectiveLayoutDirection : .leftToRight
        var terms: [Term] = []
        terms.reserveCapacity(4)
        appendTerms(c.firstAttribute, of: first, direction, scale: 1, to: &terms)
        if let second = c.secondItem {
            appendTerms(c.secondAttribute, of: second, direction, scale: -Double(c.multiplier), to: &terms)
        }
        return (Cassowary.Expression(terms), constantForm(of: c))
    }

    /// An attribute of a view as terms of its frame variables, times `scale`, appended without an
    /// array of their own (its constant comes from `attributeConstant`). Leading and trailing in
    /// right-to-left layout are negated right and left edges, so that `a.leading == b.leading + 20`
    /// places `a` 20 points in from `b`'s right edge.
    private func appendTerms(_ attribute: LayoutAttribute, of view: View, _ direction: LayoutDirection,
                             scale: Double, to terms: inout [Term]) {
        let b = box(of: view)
        @inline(__always) func add(_ v: Variable, _ k: Double = 1) { terms.append(Term(v, scale * k)) }
        let ltr = direction == .leftToRight
        switch attribute {
        case .left, .leftMargin: add(b.x)
        case .right, .rightMargin: add(b.x); add(b.w)
        case .top, .topMargin: add(b.y)
        case .bottom, .bottomMargin: add(b.y); add(b.h)
        case .width: add(b.w)
        case .height: add(b.h)
        case .centerX, .centerXWithinMargins: add(b.x); add(b.w, 0.5)
        case .centerY, .centerYWithinMargins: add(b.y); add(b.h, 0.5)
        case .leading, .leadingMargin: if ltr { add(b.x) } else { add(b.x, -1); add(b.w, -1) }
        case .trailing, .trailingMargin: if ltr { add(b.x); add(b.w) } else { add(b.x, -1) }
        case .firstBaseline:
            add(b.y)
            if view.firstBaselineOffsetFromTop == nil { add(b.h) }
        case .lastBaseline: add(b.y); add(b.h)
        case .notAnAttribute: break
        }
    }

    /// The constant of a constraint's expression alone (what margins, baselines and the
    /// constraint's own constant contribute), without building its terms.
    private func constantForm(of c: LayoutConstraint) -> Double {
        let first = c.firstItem!
        var constant = attributeConstant(c.firstAttribute, of: first) - Double(c.constant)
        if let second = c.secondItem {
            constant -= Double(c.multiplier) * attributeConstant(c.secondAttribute, of: second)
        }
        return constant
    }

    /// The constant part of an attribute: what margins and baselines add to the frame terms of
    /// `attributeTerms`. (Leading and trailing margins come out the same in both directions:
    /// the negation of the right-to-left terms cancels the sign of the margin.)
    private func attributeConstant(_ attribute: LayoutAttribute, of view: View) -> Double {
        switch attribute {
        case .leftMargin: return Double(view.layoutMargins.left)
        case .rightMargin: return -Double(view.layoutMargins.right)
        case .topMargin: return Double(view.directionalLayoutMargins.top)
        case .bottomMargin: return -Double(view.directionalLayoutMargins.bottom)
        case .leadingMargin: return Double(view.directionalLayoutMargins.leading)
        case .trailingMargin: return -Double(view.directionalLayoutMargins.trailing)
        case .centerXWithinMargins:
            let lr = view.layoutMargins
            return 0.5 * Double(lr.left - lr.right)
        case .centerYWithinMargins:
            let m = view.directionalLayoutMargins
            return 0.5 * Double(m.top - m.bottom)
        case .firstBaseline: return view.firstBaselineOffsetFromTop.map(Double.init) ?? 0
        case .lastBaseline: return view.lastBaselineOffsetFromBottom.map { -Double($0) } ?? 0
        default: return 0
        }
    }

    func box(of view: View) -> LayoutBox {
        if let b = view.layoutBox { return b }
        let b = LayoutBox(view.identifier)
        view.layoutBox = b
        return b
    }

    // MARK: - Updates in place

    func constantDidChange(_ c: LayoutConstraint) {
        updateConstant(of: c)
    }

    private func updateConstant(of c: LayoutConstraint) {
        guard let constraint = solverConstraint(of: c) else { return }
        let constant = constantForm(of: c)
        do {
            try solver.setConstant(constant, for: constraint)
        } catch {
            report(error, breaking: c)
        }
        needsSolve = true
    }

    /// The solver constraint of an installed layout constraint.
    private func solverConstraint(of c: LayoutConstraint) -> Cassowary.Constraint? {
        if !isScratch { return c.engine === self ? c.solverConstraint : nil }
        return installed.first { $0.layout === c }?.solver
    }

    func priorityDidChange(_ c: LayoutConstraint) {
        uninstall(c)
        install(c)
    }

    /// Margins or baselines of a view changed: the constraints that use them get new constants.
    func geometryConstantsDidChange(_ view: View) {
        if let r = record(of: view) { updateGeometryUsers(of: r) }
    }

    private func updateGeometryUsers(of r: Participant) {
        for c in r.geometryUsers { updateConstant(of: c) }
    }

    /// The layout direction of a subtree changed: constraints with directional attributes are
    /// made again.
    func layoutDirectionDidChange(_ view: View) {
        // All of them come out before any goes back in: the old and new forms contradict.
        let affected = LayoutEngine.activeConstraints(of: view.subtree).filter { c in
            solverConstraint(of: c) != nil
                && (c.firstAttribute.isDirectional || c.secondAttribute.isDirectional || c.firstAttribute.usesMargins
                    || c.secondAttribute.usesMargins)
        }
        for c in affected { uninstall(c) }
        for c in affected { install(c) }
    }

    /// Records and logs a constraint that could not hold, as UIKit's "Unable to simultaneously
    /// satisfy constraints", with the conflicting constraints in readable form. The constraint is
    /// broken (left out, or left at its old constant) and layout goes on.
    private func report(_ error: Error, breaking c: LayoutConstraint) {
        var conflicts: [String] = []
        if case let SolverError.unsatisfiableConstraint(_, found) = error {
            conflicts = found.map(describe)
        }
        let diagnostic = LayoutDiagnostic.unsatisfiable(c, conflicts: conflicts)
        diagnostics.append(diagnostic)
        if !isScratch { LayoutEngine.logger.warning("\(diagnostic.description)") }
    }

    /// A solver constraint in the words of the code that made it: the layout constraint it was made
    /// from, or what the engine made it for (the root's frame, autoresizing, intrinsic size,
    /// fitting), with its current constant. Looked for only when a conflict is reported.
    private func describe(_ s: Cassowary.Constraint) -> String {
        if let entry = installed.first(where: { $0.solver === s }) { return entry.layout.description }
        let value = format(CGFloat(-(solver.constant(for: s) ?? s.expression.constant)))
        if let f = fitting, s === f.width || s === f.height {
            let what = s === f.width ? "width" : "height"
            return "\(root.identifier).\(what) == \(value) @\(format(CGFloat(s.priority.rawValue))) (fitting)"
        }
        for r in records {
            let id = r.view.identifier
            if let i = r.frame.firstIndex(where: { $0 === s }) {
                let what = ["minX", "minY", "width", "height"][i]
                return "\(id).\(what) == \(value) (\(r.view === root ? "root frame" : "autoresizing"))"
            }
            for (axis, made) in [("width", r.horizontal), ("height", r.vertical)] {
                if let i = made.firstIndex(where: { $0 === s }) {
                    return i == 0 ? "\(id).\(axis) <= \(value) (content hugging)" : "\(id).\(axis) >= \(value) (compression resistance)"
                }
            }
        }
        return "\(s)"
    }

    // MARK: - Participants and their generated constraints

    /// Gives a view frame variables and the constraints the engine makes for it.
    @discardableResult
    func participate(_ view: View) -> Participant {
        if let r = record(of: view) { return r }
        let r = Participant(view: view, box: box(of: view), engine: self, slot: records.count)
        records.append(r)
        if isScratch { scratchRecords[ObjectIdentifier(view)] = r } else { view.participation = r }
        if r.label != nil { labels.append(r) }
        makeFrameConstraints(r)
        updateIntrinsic(r, force: true)
        return r
    }

    /// Takes a view out of this engine (it left the hierarchy).
    func forget(_ view: View) {
        guard let r = record(of: view) else { return }
        let last = records.removeLast()
        if r.slot < records.count {
            records[r.slot] = last
            last.slot = r.slot
        }
        if isScratch { scratchRecords[ObjectIdentifier(view)] = nil } else { view.participation = nil }
        r.engineID = nil
        if r.label != nil { labels.removeAll { $0 === r } }
        if r.isPending { pending.removeAll { $0 === r } }
        for c in r.frame + r.horizontal + r.vertical { try? solver.remove(c) }
        needsSolve = true
    }

    /// The root sits at the origin with its frame's size (unless it is being fitted or placed by
    /// its own constraints); a view with autoresizing constraints keeps its frame in its superview.
    private func makeFrameConstraints(_ r: Participant) {
        let view = r.view, b = r.box
        // A view placed by its own constraints has none of these (the usual case, looked at once).
        if r.frame.isEmpty && view !== root && !view.translatesAutoresizingMaskIntoConstraints { return }
        for c in r.frame { try? solver.remove(c) }
        r.frame = []
        var made: [Cassowary.Constraint] = []
        if view === root {
            made = [b.x == 0, b.y == 0]
            if view.translatesAutoresizingMaskIntoConstraints && fitting == nil {
                made += [b.w == Double(view.frame.width), b.h == Double(view.frame.height)]
            }
        } else if view.translatesAutoresizingMaskIntoConstraints, let s = view.superview {
            let sb = participate(s).box
            made = [b.x == sb.x + Double(view.frame.minX), b.y == sb.y + Double(view.frame.minY),
                    b.w == Double(view.frame.width), b.h == Double(view.frame.height)]
        }
        for c in made {
            do { try solver.add(c) } catch { diagnostics.append(.generatedConstraintFailed(view.identifier, "\(error)")) }
        }
        r.frame = made
        needsSolve = true
    }

    func autoresizingFrameDidChange(_ view: View) {
        guard let r = record(of: view) else { return }
        makeFrameConstraints(r)
    }

    func autoresizingDidChange(_ view: View) {
        guard let r = record(of: view) else { return }
        makeFrameConstraints(r)
    }

    /// An intrinsic size changed: the view's hugging and compression constants are brought up to
    /// date before the next solve, in one batch with the other changes (as UIKit defers them to
    /// the next layout pass), so that configuring a cell's labels one after another and fitting it
    /// re-solves once. With `baselines` the baselines changed too, and the constraints that use
    /// them get new constants at once.
    func contentDidChange(_ view: View, baselines: Bool) {
        guard let r = record(of: view) else { return }
        if !r.isPending {
            r.isPending = true
            pending.append(r)
        }
        needsSolve = true
        if baselines { updateGeometryUsers(of: r) }
    }

    /// Adds the constant changes of the views whose intrinsic sizes changed since the last solve
    /// to ``changes`` (structural changes, an axis gaining or losing a size, are made at once).
    private func collectPendingIntrinsicChanges() {
        guard !pending.isEmpty else { return }
        for r in pending {
            r.isPending = false
            updateIntrinsic(r, force: false, collecting: &changes)
        }
        pending.removeAll(keepingCapacity: true)
    }

    /// Sets the gathered ``changes`` in one dual simplex pass; should that fail, one by one, so that
    /// one bad change does not hold the others back. `view` is what a failure is reported about.
    /// Returns whether every change was made.
    @discardableResult
    private func applyChanges(for view: View) -> Bool {
        guard !changes.isEmpty else { return true }
        var applied = true
        do { try solver.setConstants(changes) } catch {
            for (c, k) in changes {
                do { try solver.setConstant(k, for: c) } catch {
                    applied = false
                    diagnostics.append(.generatedConstraintFailed(view.identifier, "\(error)"))
                }
            }
        }
        changes.removeAll(keepingCapacity: true)
        return applied
    }

    func intrinsicPrioritiesDidChange(_ view: View) {
        guard let r = record(of: view) else { return }
        updateIntrinsic(r, force: true)
    }

    /// Keeps a view's hugging and compression constraints in step with its intrinsic size: new
    /// values change the installed constants; an axis gaining or losing a size, or new priorities,
    /// make them again.
    private func updateIntrinsic(_ r: Participant, force: Bool) {
        updateIntrinsic(r, force: force, collecting: &changes)
        applyChanges(for: r.view)
        needsSolve = true
    }

    private func updateIntrinsic(_ r: Participant, force: Bool, collecting changes: inout [(Cassowary.Constraint, Double)]) {
        let view = r.view
        let size = view.intrinsicContentSize
        // No size, and no constraints for one: nothing to make or remove (a plain view).
        if r.horizontal.isEmpty, r.vertical.isEmpty, size.width == CGSize.noIntrinsicMetric || !size.width.isFinite,
           size.height == CGSize.noIntrinsicMetric || !size.height.isFinite {
            r.intrinsic = CGSize(width: CGSize.noIntrinsicMetric, height: CGSize.noIntrinsicMetric)
            return
        }
        // The usual case, a new size on both axes that already have their constraints: two
        // constants each.
        if !force, r.horizontal.count == 2, r.vertical.count == 2, size.width != CGSize.noIntrinsicMetric,
           size.height != CGSize.noIntrinsicMetric, size.width.isFinite, size.height.isFinite {
            if size.width != r.intrinsic.width {
                changes.append((r.horizontal[0], -Double(size.width)))
                changes.append((r.horizontal[1], -Double(size.width)))
            }
            if size.height != r.intrinsic.height {
                changes.append((r.vertical[0], -Double(size.height)))
                changes.append((r.vertical[1], -Double(size.height)))
            }
            r.intrinsic = size
            return
        }
        for axis in [LayoutAxis.horizontal, .vertical] {
            let old = axis == .horizontal ? r.intrinsic.width : r.intrinsic.height
            let new = axis == .horizontal ? size.width : size.height
            let variable = axis == .horizontal ? r.box.w : r.box.h
            var made = axis == .horizontal ? r.horizontal : r.vertical
            let hasNew = new != CGSize.noIntrinsicMetric && new.isFinite
            if !force, hasNew, made.count == 2 {
                if old != new { for c in made { changes.append((c, -Double(new))) } }
            } else {
                for c in made { try? solver.remove(c) }
                made = []
                if hasNew {
                    made = [(variable <= Double(new)).priority(view.contentHuggingPriority(for: axis)),
                            (variable >= Double(new)).priority(view.contentCompressionResistancePriority(for: axis))]
                    for c in made {
                        do { try solver.add(c) } catch { diagnostics.append(.generatedConstraintFailed(view.identifier, "\(error)")) }
                    }
                }
            }
            if axis == .horizontal {
                r.horizontal = made
                r.intrinsic.width = hasNew ? new : CGSize.noIntrinsicMetric
            } else {
                r.vertical = made
                r.intrinsic.height = hasNew ? new : CGSize.noIntrinsicMetric
            }
        }
    }

    // MARK: - Solving

    /// Solves with the root at its frame's size and sets the frames of the constrained views.
    func layout() {
        if fitting != nil { endFitting() }
        // Every view placed by constraints takes part, constrained or not: as in UIKit, one
        // without constraints still gets its intrinsic size (at an undetermined position).
        for view in root.subtree where view === root || !view.translatesAutoresizingMaskIntoConstraints {
            participate(view)
        }
        solve()
        needsSolve = false
        applyFrames()
    }

    /// Solves, then lets each multi-line label re-measure at its solved width and solves again,
    /// until no label's size changes (a bounded number of times), as UIKit lays out labels.
    private func solve() {
        collectPendingIntrinsicChanges()
        applyChanges(for: root)
        solver.updateVariables()
        var pass = 1
        while pass < LayoutEngine.labelPasses && !labels.isEmpty {
            var changed = false
            for r in labels {
                guard let label = r.label, label.wrapsAtLayoutWidth, label.adoptLayoutWidth(r.box.w.value) else { continue }
                // The label has told the engine of its hierarchy; a scratch engine (which the
                // label does not know) is told here.
                if isScratch {
                    updateIntrinsic(r, force: false)
                    geometryConstantsDidChange(label)
                }
                changed = true
            }
            if !changed { break }
            collectPendingIntrinsicChanges()
            applyChanges(for: root)
            solver.updateVariables()
            pass += 1
        }
    }

    private func applyFrames() {
        for view in root.subtree {
            guard let b = record(of: view)?.box else { continue }
            let origin = view.superview.map { rootOrigin(of: $0) } ?? .zero
            let frame = CGRect(x: b.x.value - Double(origin.x), y: b.y.value - Double(origin.y),
                               width: b.w.value, height: b.h.value)
            view.isApplyingLayout = true
            view.frame = frame
            view.isApplyingLayout = false
        }
    }

    /// A view's origin in root coordinates: from the solver when it takes part, else from frames.
    private func rootOrigin(of view: View) -> CGPoint {
        if let b = record(of: view)?.box { return CGPoint(x: b.x.value, y: b.y.value) }
        guard let s = view.superview else { return .zero }
        let o = rootOrigin(of: s)
        return CGPoint(x: o.x + view.frame.minX, y: o.y + view.frame.minY)
    }

    // MARK: - Ambiguity

    /// The frame attributes of `view` that the constraints leave free: each is pushed by a probe at
    /// the weakest priority (1) in a scratch copy of the hierarchy's engine; one that moves has
    /// other optimal values, which is what ambiguous means.
    static func ambiguousAttributes(of view: View) -> [LayoutAttribute] {
        let root = view.root
        let scratch = LayoutEngine(root: root, scratch: true)
        for c in activeConstraints(of: root.subtree) where !c.isPending { scratch.install(c) }
        scratch.participate(root)
        scratch.participate(view)
        scratch.solver.updateVariables()
        let b = scratch.box(of: view)
        var free: [LayoutAttribute] = []
        for (variable, attribute) in [(b.x, LayoutAttribute.left), (b.y, .top), (b.w, .width), (b.h, .height)] {
            let start = variable.value
            for delta in [10.0, -10.0] {
                let probe = (variable == start + delta).priority(LayoutPriority(1))
                guard (try? scratch.solver.add(probe)) != nil else { continue }
                let moved = abs(scratch.solver.value(of: variable) - start) > 1e-6
                try? scratch.solver.remove(probe)
                if moved {
                    free.append(attribute)
                    break
                }
            }
        }
        return free
    }

    // MARK: - Fitting

    /// UIKit's systemLayoutSizeFitting: the size of `view` with its width and height pulled toward
    /// the target at the given priorities.
    static func fit(_ view: View, _ target: CGSize, _ horizontal: LayoutPriority, _ vertical: LayoutPriority) -> CGSize {
        if view.superview == nil {
            return engine(of: view).fit(target, horizontal, vertical)
        }
        // A view inside a hierarchy is fitted on its own, with the constraints inside its subtree.
        let scratch = LayoutEngine(root: view, scratch: true)
        let views = view.subtree
        let inside = Set(views.map(ObjectIdentifier.init))
        for c in activeConstraints(of: views) {
            let within = [c.firstItem, c.secondItem].allSatisfy { $0.map { inside.contains(ObjectIdentifier($0)) } ?? true }
            if within { scratch.install(c) }
        }
        return scratch.fit(target, horizontal, vertical)
    }

    func fit(_ target: CGSize, _ horizontal: LayoutPriority, _ vertical: LayoutPriority) -> CGSize {
        let r = participate(root)
        let b = r.box
        if let current = fitting, current.width.priority == horizontal, current.height.priority == vertical {
            collectPendingIntrinsicChanges()
            // The next row of a list is fitted to the same target: only what changed is set.
            let retarget = target != fittingTarget
            if retarget {
                changes.append((current.width, -Double(target.width)))
                changes.append((current.height, -Double(target.height)))
            }
            // A target that could not be set (a broken constraint) is tried again next time.
            let applied = applyChanges(for: root)
            if retarget { fittingTarget = applied ? target : CGSize(width: CGFloat.nan, height: .nan) }
        } else {
            if fitting != nil { endFitting() }
            // The fitting constraints are made once per pair of priorities; later fits only
            // change their constants.
            let width = (b.w == Double(target.width)).priority(horizontal)
            let height = (b.h == Double(target.height)).priority(vertical)
            fitting = (width, height)
            fittingTarget = target
            makeFrameConstraints(r)
            for c in [width, height] {
                do { try solver.add(c) } catch { diagnostics.append(.generatedConstraintFailed(root.identifier, "\(error)")) }
            }
        }
        solve()
        needsSolve = true
        return CGSize(width: b.w.value, height: b.h.value)
    }

    private func endFitting() {
        guard let f = fitting else { return }
        try? solver.remove(f.width)
        try? solver.remove(f.height)
        fitting = nil
        if let r = record(of: root) { makeFrameConstraints(r) }
    }
}

/// Something the engine could not do as asked, kept for inspection and logged (swift-log,
/// label "SelfSizing.AutoLayout").
public enum LayoutDiagnostic: CustomStringConvertible {
    /// A required constraint could not hold with the others (or with its new constant): it was
    /// broken so that layout could go on. `conflicts` are the constraints it conflicts with.
    case unsatisfiable(LayoutConstraint, conflicts: [String])
    /// A constraint the engine makes (intrinsic size, autoresizing, fitting) failed.
    case generatedConstraintFailed(String, String)

    public var description: String {
        switch self {
        case let .unsatisfiable(c, conflicts):
            var text = "Unable to simultaneously satisfy constraints."
            for k in conflicts { text += "\n    \(k)" }
            text += "\n    \(c)"
            text += "\nWill attempt to recover by breaking constraint\n    \(c)"
            return text
        case let .generatedConstraintFailed(view, reason): return "A generated constraint of \(view) failed: \(reason)"
        }
    }
}
