import Foundation
import LibFuzzerDriver

// libFuzzer's driver, with this target's input function; it parses libFuzzer's flags.
var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzSolver))
