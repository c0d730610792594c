import Cassowary
import Foundation

// Solving: the solver's solution, refined by re-measuring the views whose intrinsic size depends on
// their width, and turned into frames.

extension LayoutEngine {
    /// Solves with the root at its frame's size and sets the frames of the constrained views.
    func layout() {
        if fitting != nil { endFitting() }
        // Every view placed by constraints takes part, constrained or not: as in UIKit, one
        // without constraints still gets its intrinsic size (at an undetermined position). A view
        // kept at its frame takes part when its autoresizing mask moves it with its superview.
        for view in root.subtree where view === root || !view.translatesAutoresizingMaskIntoConstraints
            || !view.autoresizingMask.isDisjoint(with: AutoresizingMask.moves) {
            participate(view)
        }
        solve()
        needsSolve = false
        applyFrames()
    }

    /// Solves, re-measuring width-dependent views at their solved widths, as UIKit lays out
    /// multi-line labels:
    ///
    /// 1. Bring the hugging and compression constants of the views whose intrinsic size changed
    ///    up to date, all in one dual simplex pass.
    /// 2. Solve: update the variables.
    /// 3. Offer each width-dependent view (``WidthDependentLayout``) its solved width. A view whose
    ///    intrinsic size changes tells the engine of its hierarchy; a scratch engine, which views
    ///    do not know (``Kind/isKnownToViews``), updates the view's constraints itself.
    /// 4. Stop when no intrinsic size changed, or after ``measurePasses`` solves; otherwise go
    ///    back to 1.
    func solve() {
        collectPendingIntrinsicChanges()    // 1
        applyChanges()
        solver.updateVariables()            // 2
        var pass = 1
        while pass < LayoutEngine.measurePasses && !widthDependents.isEmpty {
            var changed = false
            for r in widthDependents {      // 3
                guard let view = r.widthDependent, view.wrapsAtLayoutWidth,
                      view.adoptLayoutWidth(r.box.w.value) else { continue }
                if !kind.isKnownToViews {
                    updateIntrinsic(r, force: false)
                    geometryConstantsDidChange(view)
                }
                changed = true
            }
            if !changed { break }           // 4
            collectPendingIntrinsicChanges()
            applyChanges()
            solver.updateVariables()
            pass += 1
        }
    }

    /// Sets the frame of every participating view from the solution, in its superview's
    /// coordinates.
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
}
