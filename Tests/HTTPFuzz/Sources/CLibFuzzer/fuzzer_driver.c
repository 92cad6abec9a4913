// Declarations only (include/fuzzer_driver.h): libFuzzer, linked by -sanitize=fuzzer, defines them.
#include "fuzzer_driver.h"
