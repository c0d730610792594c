import Cassowary

// One input: a program of solver operations, a byte code. The first byte picks the numbers
// (mild: coefficients 1/4 to 8 and constants up to 1,024, the range of layouts; hostile: 1e-15
// to 1e15, zero, NaN and the infinities) and the number of variables (4 to 32); then each
// operation is an opcode byte and its operands:
//   0-2 add a constraint: relation, priority, 1-4 terms (variable, coefficient), constant
//   3   remove an installed constraint        4   set an installed constraint's constant
//   5   make a variable an edit variable      6   suggest a value for an edit variable
//   7   update the variables and check them
// A typed `SolverError` is an expected outcome of many operations. A trap, a hang or a leak is
// a finding, and so, with mild numbers, is a required constraint that does not hold after an
// update (off by more than 1e-6 of its terms' size), or an operation that throws and leaves the
// installed constraints other than they were.

/// Reads the input's bytes in order; past the end, every read is 0 and `atEnd` is true.
struct ByteReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0
    var atEnd: Bool { position >= bytes.count }
    mutating func next() -> Int {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return Int(bytes[position])
    }
}

let mildCoefficients: [Double] = [1, -1, 2, -2, 0.5, -0.5, 3, -3, 0.25, -0.25, 4, -4, 1.5, -0.75, 8, -8]
let hostileNumbers: [Double] = [0, 1e-9, -1e-9, 1e9, -1e9, 1e-3, 1e3, -1e3, .nan, .infinity, -.infinity,
                                1e15, -1e-15, 3e-7, 487, 1]
let priorities: [Priority] = [.required, .required, .defaultHigh, .defaultLow, .fittingSizeLevel, 999, 251]
let relations: [Relation] = [.equal, .lessThanOrEqual, .greaterThanOrEqual]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSolver(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    var input = ByteReader(bytes: UnsafeBufferPointer(start: bytes, count: count))
    let header = input.next()
    let hostile = header & 1 == 1
    let variables = (0..<(4 << ((header >> 1) & 3))).map { Variable("x\($0)") }
    func coefficient(_ b: Int) -> Double { hostile ? hostileNumbers[b % 16] : mildCoefficients[b % 16] }
    func constant(_ b: Int) -> Double { hostile ? hostileNumbers[b % 16] * Double(b >> 4) : Double(Int8(truncatingIfNeeded: b)) * 8 }

    let solver = Solver()
    var installed: [Constraint] = []
    /// The constants `setConstant` gave, by constraint (the object keeps the one it was made with).
    var constants: [ObjectIdentifier: Double] = [:]
    var edits: [Variable] = []
    var operations = 0
    while !input.atEnd && operations < 400 {
        operations += 1
        let before = installed.map(ObjectIdentifier.init)
        do {
            switch input.next() % 8 {
            case 0, 1, 2:
                let relation = relations[input.next() % 3]
                let priority = priorities[input.next() % priorities.count]
                var expression = Expression(constant: 0)
                for _ in 0...(input.next() % 4) {
                    expression.append(variables[input.next() % variables.count], coefficient(input.next()))
                }
                expression.constant = constant(input.next())
                let c = Constraint(expression, relation, priority: priority)
                try solver.add(c)
                installed.append(c)
            case 3:
                guard !installed.isEmpty else { continue }
                let k = input.next() % installed.count
                try solver.remove(installed[k])
                constants[ObjectIdentifier(installed[k])] = nil
                installed.remove(at: k)
            case 4:
                guard !installed.isEmpty else { continue }
                let value = constant(input.next())
                let c = installed[input.next() % installed.count]
                try solver.setConstant(value, for: c)
                constants[ObjectIdentifier(c)] = value
            case 5:
                let v = variables[input.next() % variables.count]
                guard !edits.contains(where: { $0 === v }) else { continue }
                try solver.addEditVariable(v, priority: [Priority(999), .defaultHigh, .defaultLow][input.next() % 3])
                edits.append(v)
            case 6:
                guard !edits.isEmpty else { continue }
                try solver.suggestValue(constant(input.next()), for: edits[input.next() % edits.count])
            default:
                solver.updateVariables()
                if !hostile { checkRequired(installed, constants, operation: operations) }
            }
        } catch is SolverError {
            // Expected; the installed constraints must be the ones before the call.
            guard installed.map(ObjectIdentifier.init) == before else {
                fatalError("operation \(operations) threw and changed the installed constraints")
            }
        } catch {
            fatalError("operation \(operations) threw an untyped error: \(error)")
        }
    }
    solver.updateVariables()
    if !hostile { checkRequired(installed, constants, operation: operations) }
    return 0
}

/// Traps when an installed required constraint is off by more than 1e-6 of the size of its terms
/// at the solution (the mild random systems' measure of a wrong answer), with the constant
/// `setConstant` last gave it.
func checkRequired(_ installed: [Constraint], _ constants: [ObjectIdentifier: Double], operation: Int) {
    for c in installed where c.priority.isRequired {
        let constant = constants[ObjectIdentifier(c)] ?? c.expression.constant
        var size = abs(constant)
        for t in c.expression.terms { size += abs(t.coefficient * t.variable.value) }
        let r = c.expression.value - c.expression.constant + constant
        let tolerance = 1e-6 * max(size, 1)
        let holds = switch c.relation {
        case .equal: abs(r) <= tolerance
        case .lessThanOrEqual: r <= tolerance
        case .greaterThanOrEqual: r >= -tolerance
        }
        if !holds { fatalError("after operation \(operation): required \(c) (constant \(constant)) is off by \(r) (size \(size))") }
    }
}
