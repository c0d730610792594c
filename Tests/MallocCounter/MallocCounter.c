// See include/MallocCounter.h. Counters are thread-local in the initial-exec model, so that
// reading them never allocates (a general-dynamic thread-local may call `malloc` itself), and
// counting is off until a thread asks for it: other tests, running at the same time on other
// threads, neither count nor pay more than a flag's test.
#include "MallocCounter.h"

#include <stddef.h>

#if defined(__has_feature)
#  if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
#    define MC_SANITIZED 1
#  endif
#endif

#if defined(__linux__) && defined(__GLIBC__) && !defined(MC_SANITIZED)

#include <errno.h>

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);
extern void __libc_free(void *);

#define MC_TLS __thread __attribute__((tls_model("initial-exec")))
static MC_TLS int counting;
static MC_TLS MCCounts counts;

int mc_available(void) { return 1; }

void mc_begin(void) {
    counts.allocations = 0;
    counts.reallocations = 0;
    counts.frees = 0;
    counting = 1;
}

MCCounts mc_end(void) {
    counting = 0;
    return counts;
}

void *malloc(size_t size) {
    if (counting) counts.allocations += 1;
    return __libc_malloc(size);
}

void *calloc(size_t n, size_t size) {
    if (counting) counts.allocations += 1;
    return __libc_calloc(n, size);
}

void *realloc(void *p, size_t size) {
    if (counting) {
        if (p == NULL) counts.allocations += 1; else counts.reallocations += 1;
    }
    return __libc_realloc(p, size);
}

void free(void *p) {
    if (counting && p != NULL) counts.frees += 1;
    __libc_free(p);
}

void *memalign(size_t alignment, size_t size) {
    if (counting) counts.allocations += 1;
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    if (counting) counts.allocations += 1;
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **out, size_t alignment, size_t size) {
    // glibc's own checks: a power of two, a multiple of the size of a pointer.
    if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0 || alignment == 0) return EINVAL;
    if (counting) counts.allocations += 1;
    void *p = __libc_memalign(alignment, size);
    if (p == NULL) return ENOMEM;
    *out = p;
    return 0;
}

#else

int mc_available(void) { return 0; }
void mc_begin(void) {}
MCCounts mc_end(void) { MCCounts none = {0, 0, 0}; return none; }

#endif
