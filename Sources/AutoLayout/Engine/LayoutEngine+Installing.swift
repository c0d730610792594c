import Cassowary
import Foundation

// Installing constraints: a layout constraint becomes a solver constraint over the frame variables
// of its views (its linear form), and a change of its constant, priority, margins, baselines or
// layout direction updates that solver constraint in place.

extension LayoutEngine {
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
    static func activeConstraints(of views: [View]) -> [LayoutConstraint] {
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

    /// Adds `c` to the solver, its views taking part. One that cannot hold is reported and left
    /// out, but the engine stays the one it tells of its changes, so that a new constant or
    /// priority tries it again.
    func install(_ c: LayoutConstraint) {
        guard let first = c.firstItem else { return }
        let firstRecord = participate(first)
        let secondRecord = c.secondItem.map { participate($0) }
        let constraint = solverConstraint(for: c)
        do {
            try solver.add(constraint)
            store.didInstall(c, as: constraint)
            let firstUses = c.firstAttribute.usesMargins || c.firstAttribute.usesBaseline
            let secondUses = c.secondAttribute.usesMargins || c.secondAttribute.usesBaseline
            if firstUses { firstRecord.geometryUsers.append(c) }
            if let secondRecord, secondUses, !(firstUses && secondRecord === firstRecord) { secondRecord.geometryUsers.append(c) }
        } catch {
            report(error, breaking: c)
        }
        store.claim(c, for: self)
        needsSolve = true
    }

    /// Takes `c` out of the solver if it is installed here, and out of its views' lists of
    /// margin and baseline users.
    func uninstall(_ c: LayoutConstraint) {
        if let constraint = store.removeInstalled(c, from: self) {
            try? solver.remove(constraint)
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
        var e = Cassowary.Expression()
        appendTerms(c.firstAttribute, of: first, direction, scale: 1, to: &e)
        if let second = c.secondItem {
            appendTerms(c.secondAttribute, of: second, direction, scale: -Double(c.multiplier), to: &e)
        }
        return (e, constantForm(of: c))
    }

    /// An attribute of a view as terms of its frame variables, times `scale`, appended to `e`
    /// (which holds up to four terms inline; the constant comes from `attributeConstant`). Leading
    /// and trailing in right-to-left layout are negated right and left edges, so that
    /// `a.leading == b.leading + 20` places `a` 20 points in from `b`'s right edge.
    private func appendTerms(_ attribute: LayoutAttribute, of view: View, _ direction: LayoutDirection,
                             scale: Double, to e: inout Cassowary.Expression) {
        let b = box(of: view)
        @inline(__always) func add(_ v: Variable, _ k: Double = 1) { e.append(v, scale * k) }
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
        case .leftMargin: return Double(view.effectiveLayoutMargins.left)
        case .rightMargin: return -Double(view.effectiveLayoutMargins.right)
        case .topMargin: return Double(view.effectiveDirectionalLayoutMargins.top)
        case .bottomMargin: return -Double(view.effectiveDirectionalLayoutMargins.bottom)
        case .leadingMargin: return Double(view.effectiveDirectionalLayoutMargins.leading)
        case .trailingMargin: return -Double(view.effectiveDirectionalLayoutMargins.trailing)
        case .centerXWithinMargins:
            let lr = view.effectiveLayoutMargins
            return 0.5 * Double(lr.left - lr.right)
        case .centerYWithinMargins:
            let m = view.effectiveDirectionalLayoutMargins
            return 0.5 * Double(m.top - m.bottom)
        case .firstBaseline: return view.firstBaselineOffsetFromTop.map(Double.init) ?? 0
        case .lastBaseline: return view.lastBaselineOffsetFromBottom.map { -Double($0) } ?? 0
        default: return 0
        }
    }

    // MARK: - Updates in place

    func constantDidChange(_ c: LayoutConstraint) {
        updateConstant(of: c)
    }

    func updateConstant(of c: LayoutConstraint) {
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
        store.solverConstraint(of: c, in: self)
    }

    func priorityDidChange(_ c: LayoutConstraint) {
        uninstall(c)
        install(c)
    }

    /// Margins or baselines of a view changed: the constraints that use them get new constants.
    func geometryConstantsDidChange(_ view: View) {
        if let r = record(of: view) { updateGeometryUsers(of: r) }
    }

    func updateGeometryUsers(of r: Participant) {
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
}
