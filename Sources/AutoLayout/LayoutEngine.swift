import Cassowary
import Foundation
import Logging

/// A participant of an engine, held without reference counting: a view in a hierarchy is kept by
/// its superview (the root by whoever holds it, and the root keeps the engine), and a view that
/// leaves the hierarchy is forgotten by the engine before it can go away.
struct UnownedView {
    unowned(unsafe) let view: View
}

struct UnownedLabel {
    unowned(unsafe) let label: Label
}

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

/// The constraint engine of one view hierarchy, kept by its root view: a Cassowary solver over the
/// frames of the views that take part in layout, the constraints made from the views' active
/// constraints, and those the engine makes itself (intrinsic content size, autoresizing frames,
/// fitting).
///
/// Views take part once a constraint mentions them; a view whose frame is fixed by autoresizing
/// constraints pulls its superview in, since its frame is relative to it. Changes of constants,
/// intrinsic sizes, margins and frames update the installed solver constraints in place.
final class LayoutEngine {
    unowned let root: View
    let solver = Solver()
    /// Whether this engine is a one-off for fitting a subtree; it leaves the views' bookkeeping alone.
    let isScratch: Bool
    var needsSolve = true

    /// The solver constraint of each installed layout constraint.
    private var installed: [ObjectIdentifier: (layout: LayoutConstraint, solver: Cassowary.Constraint)] = [:]
    /// The views with frame variables in this solver.
    /// Held unowned: the hierarchy keeps its views (and the root keeps this engine, so a strong
    /// reference to the root here would never let either go); a view leaving is forgotten.
    private var participants: [ObjectIdentifier: UnownedView] = [:]
    private var generated: [ObjectIdentifier: Generated] = [:]
    private var fitting: (width: Cassowary.Constraint, height: Cassowary.Constraint)?
    /// Views whose intrinsic size changed since the last solve.
    private var pendingIntrinsic: Set<ObjectIdentifier> = []
    private var pendingViews: [ObjectIdentifier] = []
    /// The participating labels whose height depends on their solved width.
    private var labels: [ObjectIdentifier: UnownedLabel] = [:]
    /// How many times a layout re-solves for multi-line labels at most.
    static let labelPasses = 4
    /// What went wrong, newest last: broken constraints and the like.
    var diagnostics: [LayoutDiagnostic] = []
    /// Readable descriptions of the constraints the engine makes, and the layout constraint of each
    /// installed solver constraint (described when a conflict needs it), to report conflicts in the
    /// words of the code that made them.
    private var descriptions: [ObjectIdentifier: String] = [:]
    private var layoutConstraintOf: [ObjectIdentifier: LayoutConstraint] = [:]
    /// The installed constraints that use a view's margins or baselines, by view: what a change
    /// of those updates (most views have none, and are not looked at).
    private var geometryUsers: [ObjectIdentifier: [LayoutConstraint]] = [:]
    /// The views each of those constraints is listed under.
    private var geometryKeys: [ObjectIdentifier: [ObjectIdentifier]] = [:]
    static let logger = Logger(label: "SelfSizing.AutoLayout")

    /// The constraints the engine makes for one view.
    /// A class, so that updating one in place copies nothing.
    final class Generated {
        /// x, y, width, height from the frame (autoresizing), or from the root's size.
        var frame: [Cassowary.Constraint] = []
        /// hugging <=, compression >= per axis, with the size they were made for.
        var horizontal: [Cassowary.Constraint] = []
        var vertical: [Cassowary.Constraint] = []
        var intrinsic = CGSize(width: CGSize.noIntrinsicMetric, height: CGSize.noIntrinsicMetric)
    }

    init(root: View, scratch: Bool = false) {
        self.root = root
        self.isScratch = scratch
    }

    deinit {
        for (c, _) in installed.values where c.engine === self { c.engine = nil }
    }

    static func engine(of root: View) -> LayoutEngine {
        if let e = root.rootEngine { return e }
        let e = LayoutEngine(root: root)
        root.rootEngine = e
        return e
    }

    // MARK: - Activation

    static func activate(_ c: LayoutConstraint) {
        guard let first = c.firstItem else { return }
        first.activeConstraints[ObjectIdentifier(c)] = c
        c.secondItem?.activeConstraints[ObjectIdentifier(c)] = c
        let r = first.root
        if let second = c.secondItem, second.root !== r {
            c.isPending = true
            return
        }
        c.isPending = false
        engine(of: r).install(c)
    }

    static func deactivate(_ c: LayoutConstraint) {
        c.firstItem?.activeConstraints[ObjectIdentifier(c)] = nil
        c.secondItem?.activeConstraints[ObjectIdentifier(c)] = nil
        c.isPending = false
        c.engine?.uninstall(c)
    }

    /// A subtree joined the hierarchy of `root`: its constraints move to the root's engine, and
    /// waiting constraints whose views now share the hierarchy are installed.
    static func merge(subtree: View, from old: LayoutEngine?, into root: View) {
        var constraints: [ObjectIdentifier: LayoutConstraint] = [:]
        for v in subtree.subtree {
            for (k, c) in v.activeConstraints { constraints[k] = c }
        }
        if let old { for c in constraints.values where c.engine === old { old.uninstall(c) } }
        guard !constraints.isEmpty else { return }
        let e = engine(of: root)
        for c in constraints.values where c.engine == nil {
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
        var constraints: [ObjectIdentifier: LayoutConstraint] = [:]
        for v in views {
            for (k, c) in v.activeConstraints { constraints[k] = c }
        }
        for v in views { oldRoot.rootEngine?.forget(v) }
        for c in constraints.values {
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
        participate(first)
        if let second = c.secondItem { participate(second) }
        let constraint = solverConstraint(for: c)
        do {
            try solver.add(constraint)
            installed[ObjectIdentifier(c)] = (c, constraint)
            layoutConstraintOf[ObjectIdentifier(constraint)] = c
            var keys: [ObjectIdentifier] = []
            if c.firstAttribute.usesMargins || c.firstAttribute.usesBaseline { keys.append(ObjectIdentifier(first)) }
            if let second = c.secondItem, c.secondAttribute.usesMargins || c.secondAttribute.usesBaseline {
                keys.append(ObjectIdentifier(second))
            }
            if !keys.isEmpty {
                for k in keys { geometryUsers[k, default: []].append(c) }
                geometryKeys[ObjectIdentifier(c)] = keys
            }
        } catch {
            report(error, breaking: c)
        }
        if !isScratch { c.engine = self }
        needsSolve = true
    }

    func uninstall(_ c: LayoutConstraint) {
        if let entry = installed.removeValue(forKey: ObjectIdentifier(c)) {
            try? solver.remove(entry.solver)
            layoutConstraintOf[ObjectIdentifier(entry.solver)] = nil
            for key in geometryKeys.removeValue(forKey: ObjectIdentifier(c)) ?? [] {
                geometryUsers[key]?.removeAll { $0 === c }
                if geometryUsers[key]?.isEmpty == true { geometryUsers[key] = nil }
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
        let direction = first.effectiveLayoutDirection
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
        let direction = first.effectiveLayoutDirection
        var constant = attributeConstant(c.firstAttribute, of: first, direction) - Double(c.constant)
        if let second = c.secondItem {
            constant -= Double(c.multiplier) * attributeConstant(c.secondAttribute, of: second, direction)
        }
        return constant
    }

    /// The constant part of an attribute: what margins and baselines add to the frame terms of
    /// `attributeTerms`. (Leading and trailing margins come out the same in both directions:
    /// the negation of the right-to-left terms cancels the sign of the margin.)
    private func attributeConstant(_ attribute: LayoutAttribute, of view: View, _ direction: LayoutDirection) -> Double {
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
        guard let entry = installed[ObjectIdentifier(c)] else { return }
        let constant = constantForm(of: c)
        do {
            try solver.setConstant(constant, for: entry.solver)
        } catch {
            report(error, breaking: c)
        }
        needsSolve = true
    }

    func priorityDidChange(_ c: LayoutConstraint) {
        uninstall(c)
        install(c)
    }

    /// Margins or baselines of a view changed: the constraints that use them get new constants.
    func geometryConstantsDidChange(_ view: View) {
        guard let users = geometryUsers[ObjectIdentifier(view)] else { return }
        for c in users { updateConstant(of: c) }
    }

    /// The layout direction of a subtree changed: constraints with directional attributes are
    /// made again.
    func layoutDirectionDidChange(_ view: View) {
        // All of them come out before any goes back in: the old and new forms contradict.
        var seen = Set<ObjectIdentifier>()
        var affected: [LayoutConstraint] = []
        for v in view.subtree {
            for (k, c) in v.activeConstraints where installed[k] != nil && seen.insert(k).inserted {
                if c.firstAttribute.isDirectional || c.secondAttribute.isDirectional || c.firstAttribute.usesMargins
                    || c.secondAttribute.usesMargins {
                    affected.append(c)
                }
            }
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
            conflicts = found.map {
                layoutConstraintOf[ObjectIdentifier($0)]?.description ?? descriptions[ObjectIdentifier($0)] ?? "\($0)"
            }
        }
        let diagnostic = LayoutDiagnostic.unsatisfiable(c, conflicts: conflicts)
        diagnostics.append(diagnostic)
        if !isScratch { LayoutEngine.logger.warning("\(diagnostic.description)") }
    }

    // MARK: - Participants and their generated constraints

    /// Gives a view frame variables and the constraints the engine makes for it.
    func participate(_ view: View) {
        let key = ObjectIdentifier(view)
        guard participants[key] == nil else { return }
        participants[key] = UnownedView(view: view)
        generated[key] = Generated()
        if let label = view as? Label { labels[key] = UnownedLabel(label: label) }
        makeFrameConstraints(view)
        updateIntrinsic(view, force: true)
    }

    /// Takes a view out of this engine (it left the hierarchy).
    func forget(_ view: View) {
        let key = ObjectIdentifier(view)
        guard participants.removeValue(forKey: key) != nil, let g = generated.removeValue(forKey: key) else { return }
        labels[key] = nil
        for c in g.frame + g.horizontal + g.vertical { try? solver.remove(c) }
        needsSolve = true
    }

    /// The root sits at the origin with its frame's size (unless it is being fitted or placed by
    /// its own constraints); a view with autoresizing constraints keeps its frame in its superview.
    private func makeFrameConstraints(_ view: View) {
        let key = ObjectIdentifier(view)
        for c in generated[key]?.frame ?? [] { try? solver.remove(c) }
        generated[key]?.frame = []
        let b = box(of: view)
        var made: [Cassowary.Constraint] = []
        if view === root {
            made = [b.x == 0, b.y == 0]
            if view.translatesAutoresizingMaskIntoConstraints && fitting == nil {
                made += [b.w == Double(view.frame.width), b.h == Double(view.frame.height)]
            }
        } else if view.translatesAutoresizingMaskIntoConstraints, let s = view.superview {
            participate(s)
            let sb = box(of: s)
            made = [b.x == sb.x + Double(view.frame.minX), b.y == sb.y + Double(view.frame.minY),
                    b.w == Double(view.frame.width), b.h == Double(view.frame.height)]
        }
        for (c, what) in zip(made, ["minX", "minY", "width", "height"]) {
            descriptions[ObjectIdentifier(c)] = "\(view.identifier).\(what) == \(format(CGFloat(-c.expression.constant))) (\(view === root ? "root frame" : "autoresizing"))"
            do { try solver.add(c) } catch { diagnostics.append(.generatedConstraintFailed(view.identifier, "\(error)")) }
        }
        generated[key]?.frame = made
        needsSolve = true
    }

    func autoresizingFrameDidChange(_ view: View) {
        guard participants[ObjectIdentifier(view)] != nil else { return }
        makeFrameConstraints(view)
    }

    func autoresizingDidChange(_ view: View) {
        guard participants[ObjectIdentifier(view)] != nil else { return }
        makeFrameConstraints(view)
    }

    /// An intrinsic size changed: the view's hugging and compression constants are brought up to
    /// date before the next solve, in one batch with the other changes (as UIKit defers them to
    /// the next layout pass), so that configuring a cell's labels one after another and fitting it
    /// re-solves once.
    func intrinsicContentSizeDidChange(_ view: View) {
        let key = ObjectIdentifier(view)
        guard participants[key] != nil else { return }
        if pendingIntrinsic.insert(key).inserted { pendingViews.append(key) }
        needsSolve = true
    }

    /// The constant changes of the views whose intrinsic sizes changed since the last solve
    /// (structural changes, an axis gaining or losing a size, are made at once).
    private func takePendingIntrinsicChanges() -> [(Cassowary.Constraint, Double)] {
        guard !pendingViews.isEmpty else { return [] }
        var changes: [(Cassowary.Constraint, Double)] = []
        let views = pendingViews
        pendingViews.removeAll(keepingCapacity: true)
        pendingIntrinsic.removeAll(keepingCapacity: true)
        // A view that left since is no longer a participant (and is not read).
        for key in views {
            if let v = participants[key] { updateIntrinsic(v.view, force: false, collecting: &changes) }
        }
        return changes
    }

    /// Sets constants in one dual simplex pass; should that fail, one by one, so that one bad
    /// change does not hold the others back.
    private func setConstants(_ changes: [(Cassowary.Constraint, Double)], for what: String) {
        guard !changes.isEmpty else { return }
        do { try solver.setConstants(changes) } catch {
            for (c, k) in changes {
                do { try solver.setConstant(k, for: c) } catch {
                    diagnostics.append(.generatedConstraintFailed(what, "\(error)"))
                }
            }
        }
    }

    func intrinsicPrioritiesDidChange(_ view: View) {
        guard participants[ObjectIdentifier(view)] != nil else { return }
        updateIntrinsic(view, force: true)
    }

    /// Keeps a view's hugging and compression constraints in step with its intrinsic size: new
    /// values change the installed constants; an axis gaining or losing a size, or new priorities,
    /// make them again.
    private func updateIntrinsic(_ view: View, force: Bool) {
        var changes: [(Cassowary.Constraint, Double)] = []
        updateIntrinsic(view, force: force, collecting: &changes)
        setConstants(changes, for: view.identifier)
        needsSolve = true
    }

    private func updateIntrinsic(_ view: View, force: Bool, collecting changes: inout [(Cassowary.Constraint, Double)]) {
        let key = ObjectIdentifier(view)
        guard let g = generated[key] else { return }
        let size = view.intrinsicContentSize
        // The usual case, a new size on both axes that already have their constraints: two
        // constants each.
        if !force, g.horizontal.count == 2, g.vertical.count == 2, size.width != CGSize.noIntrinsicMetric,
           size.height != CGSize.noIntrinsicMetric, size.width.isFinite, size.height.isFinite {
            if size.width != g.intrinsic.width {
                changes.append((g.horizontal[0], -Double(size.width)))
                changes.append((g.horizontal[1], -Double(size.width)))
            }
            if size.height != g.intrinsic.height {
                changes.append((g.vertical[0], -Double(size.height)))
                changes.append((g.vertical[1], -Double(size.height)))
            }
            g.intrinsic = size
            return
        }
        let b = box(of: view)
        for axis in [LayoutAxis.horizontal, .vertical] {
            let old = axis == .horizontal ? g.intrinsic.width : g.intrinsic.height
            let new = axis == .horizontal ? size.width : size.height
            let variable = axis == .horizontal ? b.w : b.h
            var made = axis == .horizontal ? g.horizontal : g.vertical
            let hasNew = new != CGSize.noIntrinsicMetric && new.isFinite
            if !force, hasNew, made.count == 2 {
                if old != new { for c in made { changes.append((c, -Double(new))) } }
            } else {
                for c in made { try? solver.remove(c) }
                made = []
                if hasNew {
                    made = [(variable <= Double(new)).priority(view.contentHuggingPriority(for: axis)),
                            (variable >= Double(new)).priority(view.contentCompressionResistancePriority(for: axis))]
                    let name = "\(view.identifier).\(axis == .horizontal ? "width" : "height")"
                    descriptions[ObjectIdentifier(made[0])] = "\(name) <= \(format(new)) (content hugging)"
                    descriptions[ObjectIdentifier(made[1])] = "\(name) >= \(format(new)) (compression resistance)"
                    for c in made {
                        do { try solver.add(c) } catch { diagnostics.append(.generatedConstraintFailed(view.identifier, "\(error)")) }
                    }
                }
            }
            if axis == .horizontal {
                g.horizontal = made
                g.intrinsic.width = hasNew ? new : CGSize.noIntrinsicMetric
            } else {
                g.vertical = made
                g.intrinsic.height = hasNew ? new : CGSize.noIntrinsicMetric
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
        setConstants(takePendingIntrinsicChanges(), for: root.identifier)
        solver.updateVariables()
        var pass = 1
        while pass < LayoutEngine.labelPasses && !labels.isEmpty {
            var changed = false
            for entry in labels.values where entry.label.wrapsAtLayoutWidth {
                let label = entry.label
                guard let b = label.layoutBox, label.adoptLayoutWidth(b.w.value) else { continue }
                // The label has told the engine of its hierarchy; a scratch engine (which the
                // label does not know) is told here.
                if isScratch {
                    updateIntrinsic(label, force: false)
                    geometryConstantsDidChange(label)
                }
                changed = true
            }
            if !changed { break }
            setConstants(takePendingIntrinsicChanges(), for: root.identifier)
            solver.updateVariables()
            pass += 1
        }
    }

    private func applyFrames() {
        for view in root.subtree {
            guard let b = view.layoutBox, participants[ObjectIdentifier(view)] != nil else { continue }
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
        if participants[ObjectIdentifier(view)] != nil, let b = view.layoutBox {
            return CGPoint(x: b.x.value, y: b.y.value)
        }
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
        var seen = Set<ObjectIdentifier>()
        for v in root.subtree {
            for (k, c) in v.activeConstraints where seen.insert(k).inserted && !c.isPending { scratch.install(c) }
        }
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
        let inside = Set(view.subtree.map(ObjectIdentifier.init))
        var seen = Set<ObjectIdentifier>()
        for v in view.subtree {
            for (k, c) in v.activeConstraints where seen.insert(k).inserted {
                let within = [c.firstItem, c.secondItem].allSatisfy { $0.map { inside.contains(ObjectIdentifier($0)) } ?? true }
                if within { scratch.install(c) }
            }
        }
        return scratch.fit(target, horizontal, vertical)
    }

    func fit(_ target: CGSize, _ horizontal: LayoutPriority, _ vertical: LayoutPriority) -> CGSize {
        let b = box(of: root)
        if let current = fitting, current.width.priority == horizontal, current.height.priority == vertical {
            var changes = takePendingIntrinsicChanges()
            changes.append((current.width, -Double(target.width)))
            changes.append((current.height, -Double(target.height)))
            setConstants(changes, for: root.identifier)
        } else {
            if fitting != nil { endFitting() }
            // The fitting constraints are made once per pair of priorities; later fits only
            // change their constants.
            let width = (b.w == Double(target.width)).priority(horizontal)
            let height = (b.h == Double(target.height)).priority(vertical)
            fitting = (width, height)
            descriptions[ObjectIdentifier(width)] = "\(root.identifier).width == \(format(target.width)) @\(format(CGFloat(horizontal.rawValue))) (fitting)"
            descriptions[ObjectIdentifier(height)] = "\(root.identifier).height == \(format(target.height)) @\(format(CGFloat(vertical.rawValue))) (fitting)"
            participate(root)
            makeFrameConstraints(root)
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
        makeFrameConstraints(root)
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
