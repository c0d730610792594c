import Foundation
import SolverPrograms

// Runs solver programs outside libFuzzer, without sanitizers: random ones, of a seed, or files.
//
//   SolverProgramRunner --random COUNT SEED MAXLEN   COUNT random programs of 8 to MAXLEN bytes
//   SolverProgramRunner --write SEED MAXLEN FILE     writes the first program of SEED to FILE
//   SolverProgramRunner FILE...                      runs each file
//
// A program traps at its first finding (FUZZ_SOLVER_EXACT=1 adds the exactness checks), so
// scripts/solver-programs.sh runs one seed per process and counts the ones that trap. The
// programs of a seed are a function of the seed alone (SplitMix64), on every machine.

/// SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number generators", 2014).
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E3779B97F4A7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9
        z = (z ^ (z >> 27)) &* 0x94D049BB133111EB
        return z ^ (z >> 31)
    }
}

/// The next random program: 8 to `length` bytes, the first with mild numbers (bit 0 clear).
func randomProgram(_ rng: inout SplitMix, length: Int) -> [UInt8] {
    var bytes = (0..<Int.random(in: 8...length, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
    bytes[0] &= 0b1110
    return bytes
}

/// libFuzzer's input function, which `make fuzz` needs to link this package's every executable
/// with `-sanitize=fuzzer`; this runner's own builds do not call it.
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    runSolverProgram(bytes, count)
    return 0
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(2)
}

let args = Array(CommandLine.arguments.dropFirst())
switch args.first {
case "--random":
    guard args.count == 4, let n = Int(args[1]), let seed = UInt64(args[2]), let length = Int(args[3]), n >= 0, length >= 8 else {
        fail("usage: SolverProgramRunner --random COUNT SEED MAXLEN (MAXLEN at least 8)")
    }
    var rng = SplitMix(state: seed)
    for _ in 0..<n {
        randomProgram(&rng, length: length).withUnsafeBufferPointer { runSolverProgram($0.baseAddress, $0.count) }
    }
    print("ran \(n) programs of seed \(seed)")
case "--write":
    guard args.count == 4, let seed = UInt64(args[1]), let length = Int(args[2]), length >= 8 else {
        fail("usage: SolverProgramRunner --write SEED MAXLEN FILE (MAXLEN at least 8)")
    }
    var rng = SplitMix(state: seed)
    do { try Data(randomProgram(&rng, length: length)).write(to: URL(fileURLWithPath: args[3]), options: .atomic) } catch {
        fail("cannot write \(args[3]): \(error)")
    }
case nil:
    fail("usage: SolverProgramRunner --random COUNT SEED MAXLEN | --write SEED MAXLEN FILE | FILE...")
default:
    for path in args {
        guard let data = FileManager.default.contents(atPath: path) else { fail("cannot read \(path)") }
        data.withUnsafeBytes { runSolverProgram($0.bindMemory(to: UInt8.self).baseAddress, $0.count) }
        print("ok \(path)")
    }
}
