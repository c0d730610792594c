// libFuzzer's driver, as compiler-rt's FuzzerInterface.h declares it. The fuzz targets call it
// from their own `main`: SwiftPM links an executable's entry point itself (as `<Target>_main`),
// so libFuzzer's `main` is never the one that runs.
#pragma once
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*UserCb)(const uint8_t *Data, size_t Size));
