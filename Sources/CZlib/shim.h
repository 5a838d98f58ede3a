#ifndef HERALD_CZLIB_SHIM_H
#define HERALD_CZLIB_SHIM_H
#include <zlib.h>

/* inflateInit2 is a macro that passes the library version and the stream size; Swift cannot
   call macros. 16 + 15 window bits: a gzip wrapper (RFC 1952) and a 32 KiB window. */
static inline int herald_inflate_init_gzip(z_streamp stream) {
    return inflateInit2(stream, 16 + MAX_WBITS);
}
#endif
