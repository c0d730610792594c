#if os(Linux)
import Synchronization
#elseif canImport(Darwin)
import Darwin
#endif

/// A variable that a ``Solver`` owns, made by ``Solver/makeVariable(_:)``.
///
/// A handle is a plain value (two words): a system built and dropped per layout allocates nothing
/// per variable, and a solver writes no objects when it solves. Read values with
/// ``Solver/value(of:)-(VariableHandle)``. A handle belongs to the solver that made it, until that
/// solver's next ``Solver/reset()``: any other solver refuses it with
/// ``SolverError/foreignVariable(_:)``.
public struct VariableHandle: Hashable, Sendable {
    /// The serial of the solver (and reset) that made the handle.
    @usableFromInline let owner: UInt64
    /// The handle's symbol in that solver's tableau.
    @usableFromInline let symbol: Int32
}

extension VariableHandle: CustomStringConvertible {
    public var description: String { "v\(symbol)" }
}

/// An installed value constraint (``LinearConstraint``), as ``Solver/add(_:)-(LinearConstraint)``
/// returns it: what ``Solver/remove(_:)-(ConstraintHandle)`` and
/// ``Solver/setConstant(_:for:)-(_,ConstraintHandle)`` take.
///
/// A handle stays valid until its constraint is removed or the solver resets; after that the
/// solver refuses it with ``SolverError/unknownConstraintHandle(_:)``, even once the slot it named
/// holds another constraint.
public struct ConstraintHandle: Hashable, Sendable {
    /// The serial of the solver (and reset) that installed the constraint.
    let owner: UInt64
    /// The constraint's tag in that solver's tableau.
    let tag: Int32
    /// The tag's generation when the constraint was installed: it changes when the tag is freed.
    let generation: UInt32
}

/// Serial numbers for solvers, each one used once per process, so that a handle names one solver
/// for good: an address, unlike a serial, comes back once its solver is freed.
enum SolverSerial {
    #if os(Linux)
    private static let counter = Atomic<UInt64>(0)

    static func next() -> UInt64 {
        counter.wrappingAdd(1, ordering: .relaxed).newValue
    }
    #else
    private static let lock: UnsafeMutablePointer<pthread_mutex_t> = {
        let p = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        pthread_mutex_init(p, nil)
        return p
    }()
    nonisolated(unsafe) private static var counter: UInt64 = 0

    static func next() -> UInt64 {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        counter &+= 1
        return counter
    }
    #endif
}
