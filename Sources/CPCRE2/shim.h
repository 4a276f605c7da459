// PCRE2 with 8-bit code units; Swift calls the _8 functions directly.
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

// Macros that are casts cannot be imported into Swift.
static inline PCRE2_SIZE cpcre2_unset(void) { return PCRE2_UNSET; }
static inline PCRE2_SIZE cpcre2_zero_terminated(void) { return PCRE2_ZERO_TERMINATED; }
