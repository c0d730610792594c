/// A real-valued unknown of a constraint system.
///
/// A variable is identified by the object itself (`===`), never by its name: two variables with the
/// same name are different unknowns. Its ``value`` is written by ``Solver/updateVariables()``.
///
/// Variables are not `Sendable`: a solver and the variables and constraints it uses belong to one
/// thread (or actor) at a time.
public final class Variable {
    /// A name used in descriptions and error messages.
    public let name: String

    /// The value the last ``Solver/updateVariables()`` of a solver holding this variable gave it;
    /// 0 before that.
    public var value: Double {
        guard isPublished, let owner = cachedOwner else { return storedValue }
        return Solver.publishedValue(owner: owner, symbol: cachedSymbol)
    }

    /// The value while no solver publishes it.
    @exclusivity(unchecked) var storedValue: Double = 0
    /// Whether the value is the one `cachedOwner`, this variable's only solver, publishes at
    /// `cachedSymbol` (see `Tableau.published`): that solver's `updateVariables` then writes a
    /// dense array rather than this object, a cache miss per variable in a 10,000-view system.
    /// Cleared, with the value copied here, when the solver goes or another one takes the
    /// variable.
    @exclusivity(unchecked) var isPublished = false

    /// A one-entry cache of the symbol this variable has in a solver holding it: the first one
    /// that took it while the cache was empty. The common case (one solver per variable) then
    /// needs no hashing; other solvers look the variable up in a dictionary of their own.
    @exclusivity(unchecked) var cachedOwner: ObjectIdentifier?
    @exclusivity(unchecked) var cachedSymbol: Int32 = -1
    /// How many solvers hold this variable. With more than one, each of them writes every value
    /// on each `updateVariables`, so that the last call wins; a variable's only solver writes
    /// just the values that moved. `cachedOwner` is cleared when its solver goes, so that it
    /// always names a live solver.
    @exclusivity(unchecked) var holders: Int32 = 0

    /// Creates a variable.
    /// - Parameter name: a name for descriptions; it need not be unique.
    public init(_ name: String = "") {
        self.name = name
    }
}

extension Variable: CustomStringConvertible {
    public var description: String { name.isEmpty ? "v\(UInt(bitPattern: ObjectIdentifier(self).hashValue) % 10_000)" : name }
}
