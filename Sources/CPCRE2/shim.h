// PCRE2 for Swift: selects the 8-bit library and wraps what Swift cannot import (function-like
// macros and the width-suffixed names) as static inline functions.
#ifndef LOUPE_CPCRE2_SHIM_H
#define LOUPE_CPCRE2_SHIM_H

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#endif
