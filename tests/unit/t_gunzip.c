/* t_gunzip - gzip members, checks, corruption and the output limit */
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "gunzip.h"
#include "tap.h"
#include "xalloc.h"

static struct buf out;
static const char *why;

/* gzip of the n bytes at s, one member, into z. */
static void
gzip(struct buf *z, const char *s, size_t n)
{
	z_stream st;

	memset(&st, 0, sizeof st);
	deflateInit2(&st, 9, Z_DEFLATED, 16 + MAX_WBITS, 9, Z_DEFAULT_STRATEGY);
	buf_clear(z);
	buf_grow(z, deflateBound(&st, (uLong)n) + 1);
	st.next_in = (unsigned char *)(uintptr_t)s;
	st.avail_in = (unsigned)n;
	st.next_out = (unsigned char *)z->s;
	st.avail_out = (unsigned)z->cap;
	deflate(&st, Z_FINISH);
	z->n = st.total_out;
	deflateEnd(&st);
}

static size_t max = GZ_MAXOUT;	/* what is left of the budget */

static int
dec(const struct buf *z)
{
	why = NULL;
	return gz_decode(&out, z->s, z->n, max, &why);
}

int
main(void)
{
	const char *text = "partitions:\n  - name: default\n";
	struct buf z = { 0 }, two = { 0 };
	char *zeros;

	gzip(&z, text, strlen(text));
	ok(dec(&z) == 0 && strcmp(out.s, text) == 0, "one member");
	buf_set(&two, z.s, z.n);
	buf_add(&two, z.s, z.n);
	ok(dec(&two) == 0 && out.n == 2 * strlen(text) &&
	    strncmp(out.s + strlen(text), text, strlen(text)) == 0,
	    "two members in a row make one text");
	gzip(&two, "", 0);
	ok(dec(&two) == 0 && out.n == 0, "an empty member");

	two.n = 0;
	ok(dec(&two) == -1 && strcmp(why, "no gzip data") == 0, "nothing");
	buf_set(&two, "partitions:", 11);
	ok(dec(&two) == -1 && strcmp(why, "not gzip data") == 0, "plain text");
	buf_set(&two, z.s, z.n - 3);
	ok(dec(&two) == -1 && strcmp(why, "unexpected end of gzip data") == 0,
	    "truncated");
	buf_set(&two, z.s, z.n);
	two.s[z.n - 8] ^= 1;
	ok(dec(&two) == -1 && strcmp(why, "gzip: checksum error") == 0,
	    "a CRC that does not match");
	buf_set(&two, z.s, z.n);
	two.s[z.n - 4] ^= 1;
	ok(dec(&two) == -1 && strcmp(why, "gzip: length error") == 0,
	    "a length that does not match");
	buf_set(&two, z.s, z.n);
	buf_add(&two, "junk", 4);
	ok(dec(&two) == -1 && strcmp(why, "gzip: invalid header") == 0,
	    "something after the member");
	buf_set(&two, z.s, z.n);
	buf_add(&two, "\37", 1);
	ok(dec(&two) == -1 && strcmp(why, "unexpected end of gzip data") == 0,
	    "the start of another member only");
	buf_set(&two, z.s, z.n);
	two.s[2] = 7;
	ok(dec(&two) == -1 && strcmp(why, "gzip: unknown compression method") == 0,
	    "not deflate");
	buf_set(&two, z.s, z.n);
	two.s[3] = (char)0xe0;
	ok(dec(&two) == -1 && strcmp(why, "gzip: unknown header flags set") == 0,
	    "reserved header flags");

	zeros = xcalloc(GZ_MAXOUT + 1, 1);
	gzip(&z, zeros, GZ_MAXOUT);
	ok(dec(&z) == 0 && out.n == GZ_MAXOUT, "exactly the limit (from %zu bytes)",
	    z.n);
	gzip(&z, zeros, GZ_MAXOUT + 1);
	ok(dec(&z) == -1 && strcmp(why, "decompressed size over the limit of "
	    "16 MiB") == 0, "one byte over the limit, from %zu bytes", z.n);
	gzip(&z, zeros, 1000);
	max = 999;
	ok(dec(&z) == -1 && strcmp(why, "decompressed size over the limit of "
	    "16 MiB") == 0, "over what is left of the budget");
	max = 1000;
	ok(dec(&z) == 0 && out.n == 1000, "all that is left of it");
	free(zeros);
	buf_free(&z);
	buf_free(&two);
	buf_free(&out);
	return tap_done();
}
