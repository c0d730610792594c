/// Why the solver refused an operation. Each case carries what was refused.
///
/// A refused operation leaves the solver as it was before the call: the same constraints, edit
/// values and constants, and a solution just as good at every priority level. Where several
/// solutions are equally good (a variable free between two required bounds, say), the refused
/// operation's pivots may leave the solver showing another of them. The numbers are exact up to
/// rounding, which a refused change of a huge magnitude (a constant or suggested value of 1e15
/// and more) can make visible in the values.
///
/// The error is `Sendable` so that it can be thrown across concurrency domains; the constraints and
/// variables it carries are not, so read them (their descriptions are immutable) but do not hand
/// them to a solver used on another thread.
public enum SolverError: Error, @unchecked Sendable {
    /// The required constraint cannot hold together with the required constraints already in the
    /// solver. `conflicts` lists a smallest set of installed required constraints that, with this
    /// one, cannot all hold, when one could be found (it is empty otherwise).
    case unsatisfiableConstraint(Constraint, conflicts: [Constraint])
    /// The constraint is already in the solver.
    case duplicateConstraint(Constraint)
    /// The constraint is not in the solver.
    case unknownConstraint(Constraint)
    /// The variable already is an edit variable of the solver.
    case duplicateEditVariable(Variable)
    /// The variable is not an edit variable of the solver.
    case unknownEditVariable(Variable)
    /// Edit variables cannot be required: a suggested value must be allowed to lose.
    case requiredEditVariable(Variable)
    /// A coefficient or the constant of the constraint is NaN or infinite.
    case nonFiniteConstraint(Constraint)
    /// A suggested value or a new constant is NaN or infinite.
    case nonFiniteValue(Double)
    /// The priority is not a finite number in 1...1000.
    case invalidPriority(Priority)
    /// The variable handle belongs to another solver, or to this one before its last
    /// ``Solver/reset()`` (or a constraint mixes handles of two solvers).
    case foreignVariable(VariableHandle)
    /// The constraint handle names no constraint installed in the solver: another solver's, one
    /// removed since, or one from before the last ``Solver/reset()``.
    case unknownConstraintHandle(ConstraintHandle)
    /// An internal failure of the algorithm (a bug); the message says where.
    case internalError(String)
}

extension SolverError: CustomStringConvertible {
    public var description: String {
        switch self {
        case let .unsatisfiableConstraint(c, conflicts):
            if conflicts.isEmpty { return "unable to satisfy the required constraint \(c)" }
            return "unable to simultaneously satisfy constraints: \(c) conflicts with "
                + conflicts.map { "\($0)" }.joined(separator: "; ")
        case let .duplicateConstraint(c): return "the constraint \(c) is already in the solver"
        case let .unknownConstraint(c): return "the constraint \(c) is not in the solver"
        case let .duplicateEditVariable(v): return "\(v) is already an edit variable"
        case let .unknownEditVariable(v): return "\(v) is not an edit variable"
        case let .requiredEditVariable(v): return "the edit variable \(v) cannot have the required priority"
        case let .nonFiniteConstraint(c): return "the constraint \(c) has a NaN or infinite number"
        case let .nonFiniteValue(x): return "the value \(x) is not a finite number"
        case let .invalidPriority(p): return "the priority \(p.rawValue) is not in 1...1000"
        case let .foreignVariable(v): return "the variable \(v) belongs to another solver, or to this one before a reset"
        case let .unknownConstraintHandle(c): return "the constraint \(c.tag) (generation \(c.generation)) is not in the solver"
        case let .internalError(where_): return "internal solver error: \(where_)"
        }
    }
}
