// A counting allocator hook for the tests: the heap calls one thread makes between
// `mc_begin()` and `mc_end()`, counted as they happen rather than inferred from the solver's
// own bookkeeping. On Linux with glibc the test executable defines `malloc`, `free` and their
// kin, which the dynamic linker binds every library's calls to (ELF symbol interposition), and
// forwards each to glibc's `__libc_*` entry point. Elsewhere, and under a sanitizer (which
// intercepts the same functions), nothing is defined and `mc_available()` is 0.
#ifndef MALLOC_COUNTER_H
#define MALLOC_COUNTER_H

#include <stdint.h>

typedef struct {
    /// Blocks allocated: `malloc`, `calloc`, the aligned allocators, `realloc` of NULL.
    int64_t allocations;
    /// Blocks resized in place or moved: `realloc` of a block.
    int64_t reallocations;
    /// Blocks freed (`free` of NULL not counted).
    int64_t frees;
} MCCounts;

/// 1 where this build counts heap calls, 0 where it cannot.
int mc_available(void);

/// Starts counting the calling thread's heap calls, from zero.
void mc_begin(void);

/// Stops counting on the calling thread and returns what it counted since `mc_begin()`.
MCCounts mc_end(void);

#endif
