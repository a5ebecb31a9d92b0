/*
 * gunzip.c - gzip members through zlib, with an output limit (gunzip.h).
 */
#include <limits.h>
#include <stdint.h>
#include <string.h>
#include <zlib.h>

#include "gunzip.h"
#include "xalloc.h"

#define CHUNK 65536

static const char *
reason(const z_stream *z, int rc)
{
	static const char *const known[] = {
		"invalid block type", "invalid stored block lengths",
		"too many length or distance symbols", "invalid code lengths set",
		"invalid bit length repeat", "invalid literal/lengths set",
		"invalid distances set", "invalid literal/length code",
		"invalid distance code", "invalid distance too far back",
		"incorrect header check", "unknown compression method",
		"invalid window size", "unknown header flags set",
		"header crc mismatch", "incorrect data check",
		"incorrect length check", NULL
	};
	static const char *const said[] = {
		"gzip: invalid block type", "gzip: invalid stored block lengths",
		"gzip: too many length or distance symbols",
		"gzip: invalid code lengths set", "gzip: invalid bit length repeat",
		"gzip: invalid literal/lengths set", "gzip: invalid distances set",
		"gzip: invalid literal/length code", "gzip: invalid distance code",
		"gzip: invalid distance too far back", "gzip: invalid header",
		"gzip: unknown compression method", "gzip: invalid window size",
		"gzip: unknown header flags set", "gzip: header checksum mismatch",
		"gzip: checksum error", "gzip: length error"
	};
	size_t i;

	if (rc == Z_MEM_ERROR)
		xoom();
	for (i = 0; z->msg != NULL && known[i] != NULL; i++)
		if (strcmp(z->msg, known[i]) == 0)
			return said[i];
	return "gzip: corrupt data";
}

int
gz_decode(struct buf *out, const char *src, size_t n, size_t max,
    const char **why)
{
	z_stream z;
	int rc;

	buf_clear(out);
	if (n < 2 || (unsigned char)src[0] != 0x1f ||
	    (unsigned char)src[1] != 0x8b) {
		*why = n == 0 ? "no gzip data" : "not gzip data";
		return -1;
	}
	if (n > UINT_MAX) {		/* more than any ConfigMap holds */
		*why = "gzip data larger than 4 GiB";
		return -1;
	}
	memset(&z, 0, sizeof z);
	if ((rc = inflateInit2(&z, 16 + MAX_WBITS)) != Z_OK) {
		*why = reason(&z, rc);
		return -1;
	}
	z.next_in = (unsigned char *)(uintptr_t)src;
	z.avail_in = (unsigned)n;
	for (;;) {
		if (out->n + CHUNK + 1 > out->cap)
			buf_grow(out, out->n + CHUNK + 1);
		z.next_out = (unsigned char *)out->s + out->n;
		z.avail_out = CHUNK;
		rc = inflate(&z, Z_NO_FLUSH);
		out->n += CHUNK - z.avail_out;
		out->s[out->n] = '\0';
		if (out->n > max) {
			*why = "decompressed size over the limit of 16 MiB";
			break;
		}
		if (rc == Z_STREAM_END) {
			if (z.avail_in == 0) {
				inflateEnd(&z);
				return 0;
			}
			inflateReset(&z);	/* the next member */
			continue;
		}
		if (rc == Z_OK)
			continue;
		*why = rc == Z_BUF_ERROR ? "unexpected end of gzip data" :
		    reason(&z, rc);
		break;
	}
	inflateEnd(&z);
	return -1;
}
