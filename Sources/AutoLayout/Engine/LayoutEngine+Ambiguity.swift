import Cassowary
import Foundation

// Probing for ambiguity (UIView.hasAmbiguousLayout), in a scratch engine.

extension LayoutEngine {
    /// The frame attributes of `view` that the constraints leave free: one that a probe at the
    /// weakest priority can move has other optimal values, which is what ambiguous means.
    ///
    /// 1. Install the hierarchy's active constraints in a scratch engine (the hierarchy's own
    ///    engine is left as it is), with the root and `view` taking part, and solve.
    /// 2. For each of x, y, width and height, add a probe pulling it 10 points away, at priority
    ///    1, then 10 points the other way; one that moves is free.
    static func ambiguousAttributes(of view: View) -> [LayoutAttribute] {
        let root = view.root
        let scratch = LayoutEngine(root: root, kind: .scratch)       // 1
        for c in activeConstraints(of: root.subtree) where !c.isPending { scratch.install(c) }
        scratch.participate(root)
        scratch.participate(view)
        scratch.solver.updateVariables()
        let b = scratch.box(of: view)
        var free: [LayoutAttribute] = []
        for (variable, attribute) in [(b.x, LayoutAttribute.left), (b.y, .top), (b.w, .width), (b.h, .height)] {
            let start = variable.value                                  // 2
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
}
