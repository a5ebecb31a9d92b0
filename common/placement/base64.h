/*
 * base64.h - base64 as Kubernetes reads a ConfigMap's binaryData (and as
 * YuniKorn 1.4 reads it once more): Go's standard encoding, padding
 * required, CR and LF skipped wherever they are, the unused low bits of
 * the last character not checked. Errors give the offset Go gives, so
 * messages can say what kubectl says.
 */
#ifndef PK_BASE64_H
#define PK_BASE64_H

#include <stddef.h>

#include "buffer.h"

/*
 * Decode the n bytes at src into out (cleared first; it may hold NULs).
 * Returns 0, or -1 with *bad set to the input offset of the problem:
 * "illegal base64 data at input byte N".
 */
int b64_decode(struct buf *out, const char *src, size_t n, size_t *bad);

#endif
