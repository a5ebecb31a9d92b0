/*
 * gunzip.h - gzip data, read as Go's gzip reader reads it (YuniKorn
 * decompresses a ConfigMap's binaryData *.gz entries with it): one member
 * or several in a row, the header, CRC and length of each checked,
 * nothing but another member after one. The output has a size limit, so
 * a small input that expands without end is an error, not a hang: one
 * budget of GZ_MAXOUT for all that a whole input decompresses.
 */
#ifndef PK_GUNZIP_H
#define PK_GUNZIP_H

#include <stddef.h>

#include "buffer.h"

#define GZ_MAXOUT (16UL << 20)	/* bytes of decompressed output */

/*
 * Decompress the n bytes at src into out (cleared first), at most max
 * bytes of it (what is left of the budget). Returns 0, or -1 with *why
 * set to a static message: "not gzip data", "unexpected end of gzip
 * data", "gzip: <zlib's reason>", or "decompressed size over the limit
 * of 16 MiB" (the budget's, max being what is left of it).
 */
int gz_decode(struct buf *out, const char *src, size_t n, size_t max,
    const char **why);

#endif
