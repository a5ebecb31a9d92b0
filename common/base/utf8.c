/*
 * utf8.c - checking UTF-8 and escaping text for people (utf8.h).
 */
#include <stdio.h>

#include "utf8.h"

/* The length of a sequence led by c and the range of its second byte;
 * 0 when c leads none. */
static size_t
lead(unsigned char c, unsigned char *lo, unsigned char *hi)
{
	*lo = 0x80;
	*hi = 0xbf;
	if (c < 0x80)
		return 1;
	if (c < 0xc2)			/* continuation, or overlong 2-byte */
		return 0;
	if (c < 0xe0)
		return 2;
	if (c < 0xf0) {
		if (c == 0xe0)
			*lo = 0xa0;	/* overlong */
		else if (c == 0xed)
			*hi = 0x9f;	/* surrogates */
		return 3;
	}
	if (c < 0xf5) {
		if (c == 0xf0)
			*lo = 0x90;	/* overlong */
		else if (c == 0xf4)
			*hi = 0x8f;	/* past U+10FFFF */
		return 4;
	}
	return 0;
}

/* How many of the first n bytes of s fit a valid sequence (at most its
 * length), and its length in *len (0: none). */
static size_t
fit(const unsigned char *s, size_t n, size_t *len)
{
	unsigned char lo, hi;
	size_t i;

	if ((*len = lead(s[0], &lo, &hi)) == 0)
		return 0;
	if (*len == 1 || n < 2)
		return 1;
	if (s[1] < lo || s[1] > hi)
		return 1;
	for (i = 2; i < *len && i < n; i++)
		if (s[i] < 0x80 || s[i] > 0xbf)
			return i;
	return i;
}

size_t
u8_seq(const char *p, size_t n)
{
	size_t len;

	return fit((const unsigned char *)p, n, &len) == len ? len : 0;
}

int
u8_cut(const char *p, size_t n)
{
	size_t len;

	return n > 0 && fit((const unsigned char *)p, n, &len) == n && n < len;
}

size_t
u8_check(const char *s, size_t n)
{
	size_t i = 0, k;

	while (i < n) {
		if ((unsigned char)s[i] < 0x80) {
			i++;
			continue;
		}
		if ((k = u8_seq(s + i, n - i)) == 0)
			return i;
		i += k;
	}
	return n;
}

static void
hex(void (*put)(void *, const char *, size_t), void *arg, unsigned char c)
{
	char x[5];

	snprintf(x, sizeof x, "\\x%02x", c);
	put(arg, x, 4);
}

void
u8_escape_to(void (*put)(void *, const char *, size_t), void *arg,
    const char *s, size_t n)
{
	size_t i = 0, k, run;

	while (i < n) {
		unsigned char c = (unsigned char)s[i];

		for (run = i; run < n && (unsigned char)s[run] >= 0x20 &&
		    (unsigned char)s[run] < 0x7f; run++)
			;
		if (run > i) {
			put(arg, s + i, run - i);
			i = run;
			continue;
		}
		if (c == '\n' || c == '\t' || c == '\r') {
			put(arg, c == '\n' ? "\\n" : c == '\t' ? "\\t" : "\\r", 2);
			i++;
		} else if (c < 0x80) {
			hex(put, arg, c);
			i++;
		} else if ((k = u8_seq(s + i, n - i)) == 0) {
			hex(put, arg, c);
			i++;
		} else if (k == 2 && c == 0xc2 && (unsigned char)s[i + 1] < 0xa0) {
			hex(put, arg, c);	/* a C1 control: \xc2\x80-\x9f */
			hex(put, arg, (unsigned char)s[i + 1]);
			i += 2;
		} else {
			put(arg, s + i, k);
			i += k;
		}
	}
}

static void
to_buf(void *arg, const char *s, size_t n)
{
	buf_add(arg, s, n);
}

void
u8_escape(struct buf *b, const char *s, size_t n)
{
	u8_escape_to(to_buf, b, s, n);
}

static void
count(void *arg, const char *s, size_t n)
{
	(void)s;
	*(size_t *)arg += n;
}

size_t
u8_escaped_len(const char *s, size_t n)
{
	size_t len = 0;

	u8_escape_to(count, &len, s, n);
	return len;
}
