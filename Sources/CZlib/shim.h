#ifndef HERALD_CZLIB_SHIM_H
#define HERALD_CZLIB_SHIM_H
#include <zlib.h>

/* inflateInit2 is a macro that passes the library version and the stream size; Swift cannot
   call macros. 16 + 15 window bits: a gzip wrapper (RFC 1952) and a 32 KiB window. */
static inline int herald_inflate_init_gzip(z_streamp stream) {
    return inflateInit2(stream, 16 + MAX_WBITS);
}
/* The same wrapper for compressing (deflateInit2 is a macro too): level 6, 8-level memory, the
   default strategy, as `gzip -6` and Python's gzip module write it. */
static inline int herald_deflate_init_gzip(z_streamp stream, int level) {
    return deflateInit2(stream, level, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY);
}
#endif
