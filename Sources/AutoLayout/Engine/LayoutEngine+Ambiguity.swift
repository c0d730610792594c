import Cassowary
import Foundation

// Probing for ambiguity (UIView.hasAmbiguousLayout), in a scratch engine.
//
// A frame variable is free (ambiguous) when the constraints leave it other optimal values: a probe
// at the weakest priority pulling it away can move it.

extension LayoutEngine {
    /// The frame attributes of `view` that the constraints leave free: one that a probe at the
    /// weakest priority can move has other optimal values, which is what ambiguous means.
    ///
    /// 1. Install the hierarchy's active constraints in a scratch engine (the hierarchy's own
    ///    engine is left as it is), with the root and `view` taking part, and solve.
    /// 2. For each of x, y, width and height, add a probe pulling it 10 points away, at priority
    ///    1, then 10 points the other way; one that moves is free.
    static func ambiguousAttributes(of view: View) -> [LayoutAttribute] {
        let scratch = probingEngine(root: view.root, views: [view])    // 1
        let b = scratch.box(of: view)
        return zip(b.variables, LayoutBox.attributes).compactMap { variable, attribute in   // 2
            moves(variable, in: scratch) ? attribute : nil
        }
    }

    /// The free frame attributes of each of `views` (of one hierarchy), as
    /// ``ambiguousAttributes(of:)-(View)`` finds them one view at a time: one view at a time (one
    /// scratch engine each) for up to `exactUpTo` views, by group tests in one scratch engine for
    /// more.
    ///
    /// A variable that moves under probes at the weakest priority is free: the probes cannot
    /// change what the stronger priorities make optimal. Group testing:
    ///
    /// 1. Build one scratch engine with every view taking part, and solve.
    /// 2. Take the variables in batches of about the square root of their number (at least
    ///    ``smallestBatch``). Pull each variable of a batch 10 points away from where the solution
    ///    has it by a probe of its own, each with a generic weight and a random direction, all at
    ///    once; then again with every direction reversed. Every variable that moves is free.
    /// 3. When nothing moves, the batch's remaining variables count as determined; otherwise test
    ///    its remaining variables again, up to ``roundsPerBatch`` times.
    ///
    /// Each test reads the solution once, and batches keep a freedom many variables share (the
    /// widths of views tied to a root of no set width) from costing a pivot over all of them per
    /// probe: the first batch that pulls it moves them all. Probing each variable alone in one
    /// engine instead costs a pivot and a read of the whole solution per variable: minutes for a
    /// thousand views. The group test finds the free variables of the usual cells (tested against
    /// the one-view check); with conflicting required constraints and inequalities at several
    /// priorities it can miss a freedom that only one probe alone reveals.
    /// - Precondition: the views share a root.
    static func ambiguousAttributes(of views: [View], exactUpTo: Int) -> [[LayoutAttribute]] {
        if views.count <= exactUpTo { return views.map(ambiguousAttributes(of:)) }
        let scratch = probingEngine(root: views[0].root, views: views)          // 1
        let variables = views.flatMap { scratch.box(of: $0).variables }
        var state = [ProbeState](repeating: .unknown, count: variables.count)
        var weights = ProbeWeights()

        /// Probes `members` in both directions; whether any unknown variable moved (each one
        /// that moved is marked free).
        func test(_ members: [Int]) -> Bool {
            // Each probe's weight and direction, the same in both passes but for the sign.
            let pulls = members.map { _ in (weight: weights.next(), direction: weights.next() < 1.5 ? 1.0 : -1.0) }
            for sign in [1.0, -1.0] {
                let watched = state.indices.filter { state[$0] == .unknown }
                let start = watched.map { scratch.solver.value(of: variables[$0]) }
                // Targets from the solution before any probe: a probe added later must not pull a
                // variable an earlier one moved back to where it was.
                let targets = members.map { scratch.solver.value(of: variables[$0]) }
                var probes: [Cassowary.Constraint] = []
                probes.reserveCapacity(members.count)
                for ((i, target), pull) in zip(zip(members, targets), pulls) {
                    let w = pull.weight
                    let probe = Cassowary.Constraint(Expression([Term(variables[i], w)], constant: -w * (target + 10 * sign * pull.direction)),
                                                     .equal, priority: probePriority)
                    if (try? scratch.solver.add(probe)) != nil { probes.append(probe) }
                }
                var moved = false
                for (k, i) in watched.enumerated() where abs(scratch.solver.value(of: variables[i]) - start[k]) > movedBy {
                    state[i] = .free
                    moved = true
                }
                for p in probes { try? scratch.solver.remove(p) }
                if moved { return true }
            }
            return false
        }

        let batch = max(smallestBatch, Int(Double(variables.count).squareRoot()))
        for first in stride(from: 0, to: variables.count, by: batch) {             // 2
            let members = Array(first..<min(first + batch, variables.count))
            var remaining = members.filter { state[$0] == .unknown }
            var rounds = 0
            while !remaining.isEmpty && rounds < roundsPerBatch && test(remaining) {  // 3
                rounds += 1
                remaining = remaining.filter { state[$0] == .unknown }
            }
            for i in members where state[i] == .unknown { state[i] = .determined }
        }
        return views.indices.map { v in LayoutBox.attributes.indices.compactMap { state[4 * v + $0] == .free ? LayoutBox.attributes[$0] : nil } }
    }

    /// Whether a probe pulling `variable` 10 points up, or else down, moves it.
    private static func moves(_ variable: Variable, in scratch: LayoutEngine) -> Bool {
        for delta in [10.0, -10.0] {
            let start = scratch.solver.value(of: variable)
            let probe = (variable == start + delta).priority(probePriority)
            guard (try? scratch.solver.add(probe)) != nil else { continue }
            let moved = abs(scratch.solver.value(of: variable) - start) > movedBy
            try? scratch.solver.remove(probe)
            if moved { return true }
        }
        return false
    }

    /// A scratch engine with the hierarchy of `root`'s active constraints, `root` and `views`
    /// taking part, solved.
    private static func probingEngine(root: View, views: [View]) -> LayoutEngine {
        let scratch = LayoutEngine(root: root, kind: .scratch)
        for c in activeConstraints(of: root.subtree) where !c.isPending { scratch.install(c) }
        scratch.participate(root)
        for view in views { scratch.participate(view) }
        scratch.solver.updateVariables()
        return scratch
    }

    /// The probes' priority: the weakest, so that they cannot change what any constraint of a
    /// higher priority makes optimal.
    private static let probePriority = Priority(1)
    /// How far a variable must move to count as moved.
    private static let movedBy = 1e-6
    /// Up to this many views, ``ambiguousAttributes(of:exactUpTo:)`` probes one view at a time.
    static let exactLimit = 64
    /// The fewest variables a batch of the group test probes together.
    static let smallestBatch = 64
    /// Tests of one batch before its remaining variables count as determined.
    static let roundsPerBatch = 32
}

extension LayoutBox {
    /// x, y, width and height, in the order of ``attributes``.
    var variables: [Variable] { [x, y, w, h] }
    /// The attribute each of ``variables`` stands for in an ambiguity report.
    static let attributes: [LayoutAttribute] = [.left, .top, .width, .height]
}

/// What the group test knows of a variable.
private enum ProbeState {
    case unknown, free, determined
}

/// Probe weights in [1, 2): generic numbers from a fixed sequence (a 64-bit linear congruential
/// generator), so that a check gives the same answer every run.
private struct ProbeWeights {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15

    mutating func next() -> Double {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return 1 + Double(state >> 11) / Double(1 << 53)
    }
}
