// zlib for Swift: `inflateInit2` and `deflateInit2` are macros, so they are wrapped as static
// inline functions.
#ifndef LOUPE_CZLIB_SHIM_H
#define LOUPE_CZLIB_SHIM_H

#include <zlib.h>

static inline int loupe_inflateInit2(z_streamp stream, int windowBits) {
    return inflateInit2(stream, windowBits);
}

static inline int loupe_deflateInit2(z_streamp stream, int level, int windowBits, int memLevel) {
    return deflateInit2(stream, level, Z_DEFLATED, windowBits, memLevel, Z_DEFAULT_STRATEGY);
}

#endif
