// libFuzzer's entry for executables that have a main of their own (LLVM's libFuzzer docs, "Using
// libFuzzer as a library"). SwiftPM names every executable's entry point itself, so the fuzzer starts
// its driver from Swift instead of linking libFuzzer's main.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
