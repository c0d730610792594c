#include "cicu_shim.h"

#include <unicode/ubrk.h>
#include <unicode/utypes.h>

struct cicu_breaker;

static cicu_breaker *open_kind(UBreakIteratorType kind, const char *locale) {
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *it = ubrk_open(kind, locale, NULL, 0, &status);
    if (U_FAILURE(status)) return NULL;
    return (cicu_breaker *)it;
}

cicu_breaker *cicu_line_breaker_open(const char *locale) { return open_kind(UBRK_LINE, locale); }

void cicu_breaker_close(cicu_breaker *breaker) {
    if (breaker) ubrk_close((UBreakIterator *)breaker);
}

int cicu_breaker_set_text(cicu_breaker *breaker, const uint16_t *text, int32_t length) {
    UErrorCode status = U_ZERO_ERROR;
    ubrk_setText((UBreakIterator *)breaker, (const UChar *)text, length, &status);
    return U_FAILURE(status) ? 1 : 0;
}

int32_t cicu_breaker_first(cicu_breaker *breaker) {
    ubrk_first((UBreakIterator *)breaker);
    int32_t next = ubrk_next((UBreakIterator *)breaker);
    return next == UBRK_DONE ? -1 : next;
}

int32_t cicu_breaker_next(cicu_breaker *breaker) {
    int32_t next = ubrk_next((UBreakIterator *)breaker);
    return next == UBRK_DONE ? -1 : next;
}

int32_t cicu_breaker_rule_status(cicu_breaker *breaker) {
    return ubrk_getRuleStatus((UBreakIterator *)breaker);
}
