import CLibFuzzer
import Glibc

// libFuzzer's driver, run from this executable's own entry point (fuzzer_driver.h says why): it
// reads libFuzzer's options and corpus folders from the command line and calls the check per input.
var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in ReaderInvariants.check(data, size) })
