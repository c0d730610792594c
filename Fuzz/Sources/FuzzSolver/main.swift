import Foundation
import LibFuzzerDriver
import SolverPrograms

/// The input function: one solver program (see SolverPrograms).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSolver(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    runSolverProgram(bytes, count)
    return 0
}

// libFuzzer's driver, with this target's input function; it parses libFuzzer's flags.
var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzSolver))
