#include "cicu_shim.h"

#include <stdlib.h>
#include <unicode/ubidi.h>
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

struct cicu_bidi {
    UBiDi *bidi;
};

cicu_bidi *cicu_bidi_open(void) {
    UBiDi *b = ubidi_open();
    if (!b) return NULL;
    cicu_bidi *out = calloc(1, sizeof(cicu_bidi));
    if (!out) {
        ubidi_close(b);
        return NULL;
    }
    out->bidi = b;
    return out;
}

void cicu_bidi_close(cicu_bidi *bidi) {
    if (!bidi) return;
    ubidi_close(bidi->bidi);
    free(bidi);
}

int cicu_bidi_set_para(cicu_bidi *bidi, const uint16_t *text, int32_t length, int level) {
    UErrorCode status = U_ZERO_ERROR;
    UBiDiLevel para = level == -1 ? UBIDI_DEFAULT_LTR : level == -2 ? UBIDI_DEFAULT_RTL : (UBiDiLevel)level;
    ubidi_setPara(bidi->bidi, (const UChar *)text, length, para, NULL, &status);
    return U_FAILURE(status) ? 1 : 0;
}

int cicu_bidi_set_line(cicu_bidi *para, int32_t start, int32_t limit, cicu_bidi *line) {
    UErrorCode status = U_ZERO_ERROR;
    ubidi_setLine(para->bidi, start, limit, line->bidi, &status);
    return U_FAILURE(status) ? 1 : 0;
}

int cicu_bidi_paragraph_level(cicu_bidi *bidi, int32_t index) {
    UErrorCode status = U_ZERO_ERROR;
    UBiDiLevel level = 0;
    ubidi_getParagraph(bidi->bidi, index, NULL, NULL, &level, &status);
    return U_FAILURE(status) ? ubidi_getParaLevel(bidi->bidi) : level;
}

int32_t cicu_bidi_run_count(cicu_bidi *bidi) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t n = ubidi_countRuns(bidi->bidi, &status);
    return U_FAILURE(status) ? -1 : n;
}

int cicu_bidi_visual_run(cicu_bidi *bidi, int32_t visual_index, int32_t *logical_start, int32_t *length) {
    return ubidi_getVisualRun(bidi->bidi, visual_index, logical_start, length) == UBIDI_RTL ? 1 : 0;
}

int cicu_bidi_first_strong(const uint16_t *text, int32_t length) {
    UBiDiDirection d = ubidi_getBaseDirection((const UChar *)text, length);
    return d == UBIDI_LTR ? 0 : d == UBIDI_RTL ? 1 : -1;
}
