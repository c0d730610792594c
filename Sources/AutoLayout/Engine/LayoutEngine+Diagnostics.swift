import Cassowary
import Foundation

// Diagnostics: what the solver refused, recorded as values (``LayoutDiagnostic``) that name the
// constraints involved in the words of the code that made them. Turned into text only by their
// descriptions.

extension LayoutEngine {
    /// Records and logs a constraint that could not hold, as UIKit's "Unable to simultaneously
    /// satisfy constraints", with the constraints it conflicts with. The constraint is broken (left
    /// out, or left at its old constant) and layout goes on.
    func report(_ error: Error, breaking c: LayoutConstraint) {
        var conflicts: [ConflictingConstraint] = []
        if case let SolverError.unsatisfiableConstraint(_, found) = error {
            conflicts = found.map(conflictingConstraint)
        }
        let diagnostic = LayoutDiagnostic.unsatisfiable(c, conflicts: conflicts)
        diagnostics.append(diagnostic)
        if kind.logsDiagnostics { LayoutEngine.logger.warning("\(diagnostic.description)") }
    }

    /// Records a constraint the engine made (`s`) that the solver refused, with `constant` when
    /// it was a new constant that could not be set. Kept, not logged.
    func reportFailure(of s: Cassowary.Constraint, _ error: Error, constant: Double? = nil) {
        let reason = error as? SolverError ?? .internalError("\(error)")
        // Every constraint the engine makes is on a participant's record or is a fitting one.
        guard let generated = generatedConstraint(s, constant: constant) else { return }
        diagnostics.append(.generatedConstraintFailed(generated, reason))
    }

    /// A solver constraint as what it was made from: a layout constraint, or what the engine made
    /// it for. Looked for only when a conflict is reported.
    private func conflictingConstraint(_ s: Cassowary.Constraint) -> ConflictingConstraint {
        if let c = store.layoutConstraint(installedAs: s) { return .layout(c) }
        if let g = generatedConstraint(s) { return .generated(g) }
        return .solver(s)
    }

    /// What the engine made `s` for (the root's frame, autoresizing, intrinsic size, fitting), with
    /// its constant: `constant` when given (a refused change), else its current one. Nil for a
    /// constraint the engine did not make.
    func generatedConstraint(_ s: Cassowary.Constraint, constant: Double? = nil) -> GeneratedConstraint? {
        let k = constant ?? solver.constant(for: s) ?? s.expression.constant
        func made(_ view: View, _ kind: GeneratedConstraint.Kind, _ attribute: LayoutAttribute,
                  _ relation: LayoutRelation) -> GeneratedConstraint {
            GeneratedConstraint(view: view.identifier, kind: kind, attribute: attribute, relation: relation,
                                constant: CGFloat(-k), priority: s.priority)
        }
        if let f = fitting, s === f.width || s === f.height {
            return made(root, .fitting, s === f.width ? .width : .height, .equal)
        }
        for r in store.records {
            if let i = r.frame.firstIndex(where: { $0 === s }) {
                return made(r.view, r.view === root ? .rootFrame : .autoresizing, [.left, .top, .width, .height][i], .equal)
            }
            for (attribute, constraints) in [(LayoutAttribute.width, r.horizontal), (.height, r.vertical)] {
                if let i = constraints.firstIndex(where: { $0 === s }) {
                    return i == 0 ? made(r.view, .contentHugging, attribute, .lessThanOrEqual)
                        : made(r.view, .compressionResistance, attribute, .greaterThanOrEqual)
                }
            }
        }
        return nil
    }
}
