// zlib, for making the gzip and deflate bodies that FuzzBodyDecoding expects Loupe to decode back.
// Only plain functions are used (compress2, crc32), so no macro needs a wrapper.
#ifndef LOUPE_FUZZ_ZLIB_SHIM_H
#define LOUPE_FUZZ_ZLIB_SHIM_H
#include <zlib.h>
#endif
