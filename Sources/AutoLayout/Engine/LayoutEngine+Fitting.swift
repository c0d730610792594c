import Cassowary
import Foundation

// Fitting (UIView.systemLayoutSizeFitting): the root's size pulled toward a target at two
// priorities, in the engine of the hierarchy for a root, in a scratch engine for a view inside one.

extension LayoutEngine {
    /// UIKit's systemLayoutSizeFitting: the size of `view` with its width and height pulled toward
    /// the target at the given priorities.
    static func fit(_ view: View, _ target: CGSize, _ horizontal: LayoutPriority, _ vertical: LayoutPriority) -> CGSize {
        if view.superview == nil {
            return engine(of: view).fit(target, horizontal, vertical)
        }
        // A view inside a hierarchy is fitted on its own, with the constraints inside its subtree.
        let scratch = LayoutEngine(root: view, kind: .scratch)
        let views = view.subtree
        let inside = Set(views.map(ObjectIdentifier.init))
        for c in activeConstraints(of: views) {
            let within = [c.firstItem, c.secondItem].allSatisfy { $0.map { inside.contains(ObjectIdentifier($0)) } ?? true }
            if within { scratch.install(c) }
        }
        return scratch.fit(target, horizontal, vertical)
    }

    /// Fits the root, which this engine's fitting constraints pull toward `target`:
    ///
    /// 1. With fitting constraints of the same priorities in place (the next row of a list),
    ///    set their constants to the new target, in one batch with the intrinsic size changes.
    /// 2. Otherwise make them, with the root's frame no longer fixing its size.
    /// 3. Solve, with the re-measure passes (``solve()``), and read the root's size, at least 0.
    ///
    /// The fitting constraints stay until the next ``layout()`` (``endFitting()``).
    func fit(_ target: CGSize, _ horizontal: LayoutPriority, _ vertical: LayoutPriority) -> CGSize {
        let r = participate(root)
        let b = r.box
        if let current = fitting, current.width.priority == horizontal, current.height.priority == vertical {
            collectPendingIntrinsicChanges()                                    // 1
            // The next row of a list is fitted to the same target: only what changed is set.
            let retarget = target != fittingTarget
            if retarget {
                changes.append((current.width, -Double(target.width)))
                changes.append((current.height, -Double(target.height)))
            }
            // A target that could not be set (a broken constraint) is tried again next time.
            let applied = applyChanges()
            if retarget { fittingTarget = applied ? target : CGSize(width: CGFloat.nan, height: .nan) }
        } else {
            if fitting != nil { endFitting() }                                  // 2
            // The fitting constraints are made once per pair of priorities; later fits only
            // change their constants.
            let width = (b.w == Double(target.width)).priority(horizontal)
            let height = (b.h == Double(target.height)).priority(vertical)
            fitting = (width, height)
            fittingTarget = target
            makeFrameConstraints(r)
            for c in [width, height] {
                do { try solver.add(c) } catch { reportFailure(of: c, error) }
            }
        }
        solve()                                                                 // 3
        needsSolve = true
        // A size the required constraints make negative is 0: a frame has no negative size, and
        // laying the view out at 0 breaks the constraint that asked for less, which the engine
        // reports (a negative size would be standardized into a positive one, silently).
        return CGSize(width: nonNegative(b.w.value), height: nonNegative(b.h.value))
    }

    /// `x`, or 0 for a negative number or NaN.
    private func nonNegative(_ x: Double) -> CGFloat { x >= 0 ? CGFloat(x) : 0 }

    func endFitting() {
        guard let f = fitting else { return }
        try? solver.remove(f.width)
        try? solver.remove(f.height)
        fitting = nil
        if let r = record(of: root) { makeFrameConstraints(r) }
    }
}
