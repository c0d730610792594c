#include "cicu_shim.h"

#include <stdlib.h>
#include <unicode/ubrk.h>
#include <unicode/utext.h>
#include <unicode/utypes.h>

struct cicu_breaker {
    UBreakIterator *iterator;
    UText text;
};

cicu_breaker *cicu_line_breaker_open(const char *locale) {
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *it = ubrk_open(UBRK_LINE, locale, NULL, 0, &status);
    if (U_FAILURE(status)) return NULL;
    cicu_breaker *b = calloc(1, sizeof(cicu_breaker));
    if (!b) {
        ubrk_close(it);
        return NULL;
    }
    b->iterator = it;
    UText empty = UTEXT_INITIALIZER;
    b->text = empty;
    return b;
}

void cicu_breaker_close(cicu_breaker *breaker) {
    if (!breaker) return;
    ubrk_close(breaker->iterator);
    utext_close(&breaker->text);
    free(breaker);
}

int cicu_breaker_set_utf8(cicu_breaker *breaker, const uint8_t *text, int32_t length) {
    UErrorCode status = U_ZERO_ERROR;
    utext_openUTF8(&breaker->text, (const char *)text, length, &status);
    if (U_FAILURE(status)) return 1;
    ubrk_setUText(breaker->iterator, &breaker->text, &status);
    return U_FAILURE(status) ? 1 : 0;
}

int32_t cicu_breaker_first(cicu_breaker *breaker) {
    ubrk_first(breaker->iterator);
    int32_t next = ubrk_next(breaker->iterator);
    return next == UBRK_DONE ? -1 : next;
}

int32_t cicu_breaker_next(cicu_breaker *breaker) {
    int32_t next = ubrk_next(breaker->iterator);
    return next == UBRK_DONE ? -1 : next;
}

int32_t cicu_breaker_rule_status(cicu_breaker *breaker) {
    return ubrk_getRuleStatus(breaker->iterator);
}
