// Solver-owned variables and value constraints: the handle API's side of the tableau.
//
// A handle variable is an external symbol with no `Variable` object (`variables[s]` is nil): it
// is made once and never freed, so its symbol names it until the tableau goes. A value
// constraint's tag has no object either; the tag keeps the constraint's terms (a run of
// `termSymbols` / `termCoefficients`), which re-adding it and explaining a conflict need.

extension Tableau {
    /// The identity of a value constraint's tag: never a constraint object's, as it is a type's.
    static let valueTagID = ObjectIdentifier(LinearConstraint.self)

    // MARK: - Variables

    mutating func makeVariable(named name: String) -> VariableHandle {
        let s = newSymbol(.external)
        if !name.isEmpty { handleNames[s] = name }
        return VariableHandle(owner: serial, symbol: s)
    }

    /// Whether `handle` names a variable of this tableau.
    mutating func owns(_ handle: VariableHandle) -> Bool {
        handle.owner == serial && handle.symbol >= 0 && Int(handle.symbol) < symbols.count
            && symbols[Int(handle.symbol)].kind == .external && variables[Int(handle.symbol)] == nil
    }

    /// The first variable of `expression` that this tableau does not own, or nil.
    private mutating func foreignVariable(in expression: LinearExpression) -> VariableHandle? {
        guard expression.count > 0 else { return nil }
        var foreign: VariableHandle?
        // Terms of two solvers leave the owner mixed: no symbol of theirs is checked then.
        let owner = expression.owner == LinearExpression.mixedOwners ? 0 : expression.owner
        expression.forEachTerm { s, _ in
            let handle = VariableHandle(owner: owner, symbol: s)
            if foreign == nil && !owns(handle) { foreign = handle }
        }
        return foreign
    }

    // MARK: - Constraints

    mutating func add(_ constraint: LinearConstraint) throws -> ConstraintHandle {
        guard constraint.priority.isValid else { throw SolverError.invalidPriority(constraint.priority) }
        if let foreign = foreignVariable(in: constraint.expression) { throw SolverError.foreignVariable(foreign) }
        guard constraint.expression.isFinite else { throw SolverError.nonFiniteConstraint(described(constraint)) }
        try refactorIfDrifting()
        invalidateAllValues()
        compactIfNeeded()
        let constant = constraint.expression.constant
        beginAccumulator(constant: constant)
        constraint.expression.forEachTerm { s, c in accumulate(s, c) }
        guard let tag = try installAccumulated(constraint.relation, constraint.priority, constant: constant),
              try repairAfterPlacing(tag) else {
            throw unsatisfiable(constraint, constant: constant)
        }
        // The terms, for re-adding the constraint and for explaining conflicts.
        compactTermsIfNeeded()
        let start = Int32(termSymbols.count)
        constraint.expression.forEachTerm { s, c in
            termSymbols.append(s)
            termCoefficients.append(c)
        }
        let t = storeValueTag(tag, relation: constraint.relation, termStart: start, termCount: Int32(constraint.expression.count))
        registerBound(tag: t)
        try optimize(afterInstalling: t)
        return ConstraintHandle(owner: serial, tag: t, generation: valueTags[Int(t)].generation)
    }

    /// The tag of an installed value constraint, or nil.
    mutating func tag(of handle: ConstraintHandle) -> Int32? {
        let t = handle.tag
        guard handle.owner == serial, t >= 0, Int(t) < tags.count, tags[Int(t)].id == Tableau.valueTagID,
              valueTags[Int(t)].generation == handle.generation else { return nil }
        return t
    }

    private mutating func storeValueTag(_ tag: Tag, relation: Relation, termStart: Int32, termCount: Int32) -> Int32 {
        var tag = tag
        tag.id = Tableau.valueTagID
        let t: Int32
        if let free = freeTags.popLast() {
            t = free
            tags[Int(t)] = tag
        } else {
            t = Int32(tags.count)
            tags.append(tag)
            tagConstraints.append(nil)
        }
        // A slot's generation lives on while constraint objects use the slot in between.
        if valueTags.count <= Int(t) { valueTags.append(repeating: ValueTag(), count: Int(t) + 1 - valueTags.count) }
        valueTags[Int(t)].relation = relation
        valueTags[Int(t)].termStart = termStart
        valueTags[Int(t)].termCount = termCount
        return t
    }

    /// Frees a value constraint's tag: its handle stops naming it, and its terms become garbage.
    mutating func releaseValueTag(_ t: Int32) {
        garbageTerms += Int(valueTags[Int(t)].termCount)
        tags[Int(t)].id = nil
        valueTags[Int(t)].generation &+= 1
        valueTags[Int(t)].termCount = 0
        freeTags.append(t)
    }

    /// Copies the live runs of terms into fresh storage once removed constraints left more
    /// garbage than live terms. (Runs are not in tag order: a freed tag is reused by a later
    /// constraint, whose run is at the end.)
    private mutating func compactTermsIfNeeded() {
        guard garbageTerms > 64, garbageTerms * 2 > termSymbols.count else { return }
        var symbols = Buffer<Int32>(), coefficients = Buffer<Double>()
        symbols.reserve(termSymbols.count - garbageTerms)
        coefficients.reserve(termSymbols.count - garbageTerms)
        for t in tags.indices where tags[t].id == Tableau.valueTagID {
            let start = Int(valueTags[t].termStart), n = Int(valueTags[t].termCount)
            valueTags[t].termStart = Int32(symbols.count)
            for k in start..<start + n {
                symbols.append(termSymbols[k])
                coefficients.append(termCoefficients[k])
            }
        }
        termSymbols.deallocate()
        termCoefficients.deallocate()
        termSymbols = symbols
        termCoefficients = coefficients
        garbageTerms = 0
    }

    /// Adds the terms of the value constraint of tag `t` to the accumulator.
    mutating func accumulateTerms(ofValueTag t: Int32) {
        let info = valueTags[Int(t)]
        for k in Int(info.termStart)..<Int(info.termStart + info.termCount) { accumulate(termSymbols[k], termCoefficients[k]) }
    }

    /// Puts a value constraint back with another constant, in its own tag (its handle stays
    /// valid); the constraint must have been taken out by `remove(tag:keepingTag:)`.
    /// - Returns: false when it cannot hold at `constant` (the tableau is as before the call).
    mutating func reinstallValueConstraint(_ t: Int32, constant: Double) throws -> Bool {
        let info = valueTags[Int(t)]
        beginAccumulator(constant: constant)
        accumulateTerms(ofValueTag: t)
        guard var tag = try installAccumulated(info.relation, Priority(tags[Int(t)].priority), constant: constant) else { return false }
        tag.id = Tableau.valueTagID
        tags[Int(t)] = tag
        registerBound(tag: t)
        try optimize()
        return true
    }

    // MARK: - Descriptions

    /// A constraint object that reads like a value constraint, for errors: its variables are
    /// made for the description, named after the handles (`names` keeps one object per symbol,
    /// so that a conflict set shares them).
    mutating func described(_ constraint: LinearConstraint, names: inout [Int32: Variable]) -> Constraint {
        var terms: [Term] = []
        constraint.expression.forEachTerm { s, c in terms.append(Term(describedVariable(s, &names), c)) }
        return Constraint(Expression(terms, constant: constraint.expression.constant), constraint.relation,
                          priority: constraint.priority)
    }

    mutating func described(_ constraint: LinearConstraint) -> Constraint {
        var names: [Int32: Variable] = [:]
        return described(constraint, names: &names)
    }

    /// The value constraint of an installed tag as a constraint object, at `constant` (the one
    /// it holds, or one refused for it; see `described(_:names:)`).
    mutating func described(tag t: Int32, constant: Double, names: inout [Int32: Variable]) -> Constraint {
        let info = valueTags[Int(t)]
        var terms: [Term] = []
        for k in Int(info.termStart)..<Int(info.termStart + info.termCount) {
            terms.append(Term(describedVariable(termSymbols[k], &names), termCoefficients[k]))
        }
        return Constraint(Expression(terms, constant: constant), info.relation, priority: Priority(tags[Int(t)].priority))
    }

    private mutating func describedVariable(_ s: Int32, _ names: inout [Int32: Variable]) -> Variable {
        if let v = names[s] { return v }
        let v = Variable(handleNames[s] ?? "v\(s)")
        names[s] = v
        return v
    }
}
