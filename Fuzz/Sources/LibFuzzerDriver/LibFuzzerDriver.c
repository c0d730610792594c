// Declarations only (include/LibFuzzerDriver.h); the driver is in the toolchain's fuzzer runtime.
#include "LibFuzzerDriver.h"
