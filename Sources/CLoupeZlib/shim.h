// zlib for Swift: `inflateInit2` is a macro, so it is wrapped as a static inline function.
#ifndef LOUPE_CZLIB_SHIM_H
#define LOUPE_CZLIB_SHIM_H

#include <zlib.h>

static inline int loupe_inflateInit2(z_streamp stream, int windowBits) {
    return inflateInit2(stream, windowBits);
}

#endif
