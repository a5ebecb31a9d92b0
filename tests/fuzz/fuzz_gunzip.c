/*
 * fuzz_gunzip - the gzip reader (gz_decode): any input decodes or fails
 * with a message, never past its limit; and the input compressed with
 * zlib, as one member and as two, decodes back to itself.
 */
#include <string.h>
#include <zlib.h>

#include "fuzz.h"
#include "gunzip.h"

static void
gzip(struct buf *z, const uint8_t *s, size_t n)
{
	z_stream st;

	memset(&st, 0, sizeof st);
	FUZZ_ASSERT(deflateInit2(&st, 6, Z_DEFLATED, 16 + MAX_WBITS, 8,
	    Z_DEFAULT_STRATEGY) == Z_OK);
	buf_grow(z, z->n + deflateBound(&st, (uLong)n) + 1);
	st.next_in = (unsigned char *)(uintptr_t)s;
	st.avail_in = (unsigned)n;
	st.next_out = (unsigned char *)z->s + z->n;
	st.avail_out = (unsigned)(z->cap - z->n);
	FUZZ_ASSERT(deflate(&st, Z_FINISH) == Z_STREAM_END);
	z->n += st.total_out;
	deflateEnd(&st);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t n)
{
	struct buf out = { 0 }, z = { 0 };
	const char *why = NULL;

	if (gz_decode(&out, (const char *)data, n, GZ_MAXOUT, &why) == 0)
		FUZZ_ASSERT(out.n <= GZ_MAXOUT);
	else
		FUZZ_ASSERT(why != NULL && *why != '\0');
	gzip(&z, data, n);
	FUZZ_ASSERT(gz_decode(&out, z.s, z.n, GZ_MAXOUT, &why) == 0);
	FUZZ_ASSERT(out.n == n && memcmp(out.s, data, n) == 0);
	gzip(&z, data, n);
	FUZZ_ASSERT(gz_decode(&out, z.s, z.n, GZ_MAXOUT, &why) == 0);
	FUZZ_ASSERT(out.n == 2 * n && memcmp(out.s + n, data, n) == 0);
	buf_free(&out);
	buf_free(&z);
	return 0;
}
