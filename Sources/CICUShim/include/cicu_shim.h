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

#endif
