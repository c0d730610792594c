#ifndef CICU_SHIM_H
#define CICU_SHIM_H

#include <stdint.h>

/* ICU renames its C functions with the library's major version (ubrk_open_72); these wrappers
   give TextLayout stable names. UTF-16 text in, break offsets (UTF-16 code units) out. */

typedef struct cicu_breaker cicu_breaker;

/* A line-break iterator for a locale ("" for the root locale); NULL on failure. */
cicu_breaker *cicu_line_breaker_open(const char *locale);

void cicu_breaker_close(cicu_breaker *breaker);

/* Sets the text (kept by reference: it must outlive the iteration). Returns 0 on success. */
int cicu_breaker_set_text(cicu_breaker *breaker, const uint16_t *text, int32_t length);

/* The first break after the start (or the text's end), then each next one; -1 when done. */
int32_t cicu_breaker_first(cicu_breaker *breaker);
int32_t cicu_breaker_next(cicu_breaker *breaker);

/* The rule status of the last break: >= 100 and < 200 for a hard (mandatory) line break. */
int32_t cicu_breaker_rule_status(cicu_breaker *breaker);

#endif
