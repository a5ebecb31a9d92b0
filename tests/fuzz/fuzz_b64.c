/*
 * fuzz_b64 - the base64 decoder (b64_decode) against a plain reference:
 * drop every CR and LF, then the rest must be groups of four from the
 * alphabet, padding only at the very end. Both must agree on what is
 * valid and on the bytes; an error offset lies inside the input.
 */
#include <string.h>

#include "base64.h"
#include "fuzz.h"
#include "xalloc.h"

static int
val(unsigned char c)
{
	const char *a = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	    "0123456789+/", *p;

	return c != '\0' && (p = strchr(a, c)) != NULL ? (int)(p - a) : -1;
}

/* The reference: the decoded length, or -1. */
static long
reference(const char *in, size_t n, unsigned char *out)
{
	char *s = xmalloc(n + 1);
	size_t i, k = 0, o = 0, pad;
	long rc = -1;

	for (i = 0; i < n; i++)
		if (in[i] != '\r' && in[i] != '\n')
			s[k++] = in[i];
	if (k % 4 != 0)
		goto out;
	pad = k >= 1 && s[k - 1] == '=' ? (k >= 2 && s[k - 2] == '=' ? 2 : 1) : 0;
	for (i = 0; i < k; i += 4) {
		int v[4], j, last = i + 4 == k;
		unsigned long x = 0;

		for (j = 0; j < 4; j++) {
			if (last && j >= 4 - (int)pad)
				v[j] = 0;
			else if ((v[j] = val((unsigned char)s[i + j])) < 0)
				goto out;
			x = x << 6 | (unsigned long)v[j];
		}
		out[o++] = (unsigned char)(x >> 16);
		if (!last || pad < 2)
			out[o++] = (unsigned char)(x >> 8);
		if (!last || pad < 1)
			out[o++] = (unsigned char)x;
	}
	rc = (long)o;
out:
	free(s);
	return rc;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t n)
{
	struct buf out = { 0 };
	unsigned char *ref = xmalloc(n + 1);
	size_t bad = 0;
	long want = reference((const char *)data, n, ref);
	int rc = b64_decode(&out, (const char *)data, n, &bad);

	FUZZ_ASSERT((rc == 0) == (want >= 0));
	if (rc == 0)
		FUZZ_ASSERT(out.n == (size_t)want && memcmp(out.s, ref, out.n) == 0);
	else
		FUZZ_ASSERT(bad <= n);
	free(ref);
	buf_free(&out);
	return 0;
}
