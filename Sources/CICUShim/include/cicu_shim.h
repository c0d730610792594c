#ifndef CICU_SHIM_H
#define CICU_SHIM_H

#include <stdint.h>

/* ICU renames its C functions with the library's major version (ubrk_open_72); these wrappers
   give TextLayout stable names. Text goes in as UTF-8; break offsets come out in UTF-8 bytes. */

typedef struct cicu_breaker cicu_breaker;

/* A line-break iterator for a locale ("" for the root locale); NULL on failure. */
cicu_breaker *cicu_line_breaker_open(const char *locale);

void cicu_breaker_close(cicu_breaker *breaker);

/* Sets UTF-8 text (kept by reference: it must outlive the iteration). Returns 0 on success. */
int cicu_breaker_set_utf8(cicu_breaker *breaker, const uint8_t *text, int32_t length);

/* The first break after the start (or the text's end), then each next one; -1 when done. */
int32_t cicu_breaker_first(cicu_breaker *breaker);
int32_t cicu_breaker_next(cicu_breaker *breaker);

/* The rule status of the last break: >= 100 and < 200 for a hard (mandatory) line break. */
int32_t cicu_breaker_rule_status(cicu_breaker *breaker);

/* Bidi (UAX #9) through ubidi, on UTF-16 text. A bidi object resolves one text's paragraphs
   (cicu_bidi_set_para) and then, in a second object, one line of it (cicu_bidi_set_line). */

typedef struct cicu_bidi cicu_bidi;

/* A bidi object; NULL on failure. */
cicu_bidi *cicu_bidi_open(void);

void cicu_bidi_close(cicu_bidi *bidi);

/* Resolves the paragraphs of UTF-16 text (kept by reference: it must outlive the object's use).
   level: 0 left to right, 1 right to left, -1 the first strong character's (else left to right),
   -2 the first strong character's (else right to left). Returns 0 on success. */
int cicu_bidi_set_para(cicu_bidi *bidi, const uint16_t *text, int32_t length, int level);

/* Resolves the line [start, limit) of a paragraph resolved in `para` (one paragraph only) into
   `line`, with trailing whitespace at the paragraph's level (rule L1). Returns 0 on success. */
int cicu_bidi_set_line(cicu_bidi *para, int32_t start, int32_t limit, cicu_bidi *line);

/* The embedding level of the paragraph holding UTF-16 offset `index` (odd: right to left). */
int cicu_bidi_paragraph_level(cicu_bidi *bidi, int32_t index);

/* The number of level runs of the text or line set last; -1 on failure. */
int32_t cicu_bidi_run_count(cicu_bidi *bidi);

/* The run at `visual_index` in visual order (left to right): its logical start and length, and
   its direction as the return value (0 left to right, 1 right to left). */
int cicu_bidi_visual_run(cicu_bidi *bidi, int32_t visual_index, int32_t *logical_start, int32_t *length);

/* The direction of the first strong character of UTF-16 text: 0 left to right, 1 right to left,
   -1 none (neutral text). */
int cicu_bidi_first_strong(const uint16_t *text, int32_t length);

#endif
