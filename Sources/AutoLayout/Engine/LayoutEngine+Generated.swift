import Cassowary
import Foundation

// The constraints the engine makes itself for a participant: the root at the origin with its frame's
// size, a view with autoresizing constraints at its frame in its superview, and hugging and
// compression resistance from the intrinsic content size (kept in step with it, in batches).

extension LayoutEngine {
    /// The root sits at the origin with its frame's size (unless it is being fitted or placed by
    /// its own constraints); a view with autoresizing constraints keeps its frame in its superview.
    func makeFrameConstraints(_ r: Participant) {
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
            let f = view.frame, mask = view.autoresizingMask
            if mask.isDisjoint(with: AutoresizingMask.movesHorizontally) {
                made = [b.x == sb.x + Double(f.minX), b.w == Double(f.width)]
            } else {
                // From the superview's size the frame was given in (AutoresizingMask's rules).
                let a = AutoresizingMask.Axis(origin: f.minX, size: f.width, superSize: view.autoresizingReferenceSize?.width ?? s.frame.width,
                                              flexible: (mask.contains(.flexibleLeftMargin), mask.contains(.flexibleWidth),
                                                         mask.contains(.flexibleRightMargin)))
                made = [b.x == a.origin(sb.x, sb.w), b.w == a.size(sb.w)]
            }
            if mask.isDisjoint(with: AutoresizingMask.movesVertically) {
                made += [b.y == sb.y + Double(f.minY), b.h == Double(f.height)]
            } else {
                let a = AutoresizingMask.Axis(origin: f.minY, size: f.height, superSize: view.autoresizingReferenceSize?.height ?? s.frame.height,
                                              flexible: (mask.contains(.flexibleTopMargin), mask.contains(.flexibleHeight),
                                                         mask.contains(.flexibleBottomMargin)))
                made += [b.y == a.origin(sb.y, sb.h), b.h == a.size(sb.h)]
            }
        }
        r.frame = made
        for c in made {
            do { try solver.add(c) } catch { reportFailure(of: c, error) }
        }
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
    func collectPendingIntrinsicChanges() {
        guard !pending.isEmpty else { return }
        for r in pending {
            r.isPending = false
            updateIntrinsic(r, force: false, collecting: &changes)
        }
        pending.removeAll(keepingCapacity: true)
    }

    /// Sets the gathered ``changes`` in one dual simplex pass; should that fail, one by one, so that
    /// one bad change does not hold the others back (each failure is reported about the constraint
    /// that failed). Returns whether every change was made.
    @discardableResult
    func applyChanges() -> Bool {
        guard !changes.isEmpty else { return true }
        var applied = true
        do { try solver.setConstants(changes) } catch {
            for (c, k) in changes {
                do { try solver.setConstant(k, for: c) } catch {
                    applied = false
                    reportFailure(of: c, error, constant: k)
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
    func updateIntrinsic(_ r: Participant, force: Bool) {
        updateIntrinsic(r, force: force, collecting: &changes)
        applyChanges()
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
            var isNew = false
            if !force, hasNew, made.count == 2 {
                if old != new { for c in made { changes.append((c, -Double(new))) } }
            } else {
                for c in made { try? solver.remove(c) }
                made = []
                if hasNew {
                    made = [(variable <= Double(new)).priority(view.contentHuggingPriority(for: axis)),
                            (variable >= Double(new)).priority(view.contentCompressionResistancePriority(for: axis))]
                    isNew = true
                }
            }
            if axis == .horizontal {
                r.horizontal = made
                r.intrinsic.width = hasNew ? new : CGSize.noIntrinsicMetric
            } else {
                r.vertical = made
                r.intrinsic.height = hasNew ? new : CGSize.noIntrinsicMetric
            }
            // Added once on the record, where a failure's report looks them up.
            if isNew {
                for c in made {
                    do { try solver.add(c) } catch { reportFailure(of: c, error) }
                }
            }
        }
    }
}

extension AutoresizingMask.Axis {
    /// The origin in the root's coordinates: the superview's origin plus this axis's origin, as
    /// an expression of the superview's origin and size variables (no zero terms).
    func origin(_ superOrigin: Variable, _ superSize: Variable) -> Cassowary.Expression {
        var e = Cassowary.Expression(constant: originConstant)
        e.append(superOrigin)
        if originFactor != 0 { e.append(superSize, originFactor) }
        return e
    }

    /// The size, as an expression of the superview's size variable.
    func size(_ superSize: Variable) -> Cassowary.Expression {
        var e = Cassowary.Expression(constant: sizeConstant)
        if sizeFactor != 0 { e.append(superSize, sizeFactor) }
        return e
    }
}
