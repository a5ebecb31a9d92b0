/*
 * gotext.c - Go's text forms of values, and its white space (gotext.h).
 */
#include <stdint.h>

#include "gotext.h"
#include "utf8.h"

size_t
pl_go_space_len(const char *s, size_t n)
{
	const unsigned char *u = (const unsigned char *)s;
	unsigned cp;

	if (n == 0)
		return 0;
	if (u[0] < 0x80)
		return (u[0] == ' ' || (u[0] >= '\t' && u[0] <= '\r')) ? 1 : 0;
	if (n >= 2 && u[0] == 0xC2 && (u[1] == 0x85 || u[1] == 0xA0))
		return 2;
	if (n < 3 || (u[0] & 0xF0) != 0xE0 || (u[1] & 0xC0) != 0x80 ||
	    (u[2] & 0xC0) != 0x80)
		return 0;
	cp = ((unsigned)(u[0] & 0x0F) << 12) | ((unsigned)(u[1] & 0x3F) << 6) |
	    (u[2] & 0x3F);
	if (cp == 0x1680 || (cp >= 0x2000 && cp <= 0x200A) || cp == 0x2028 ||
	    cp == 0x2029 || cp == 0x202F || cp == 0x205F || cp == 0x3000)
		return 3;
	return 0;
}

void
pl_go_trim(const char **s, size_t *n)
{
	size_t i = 0, end = 0, k;

	while (*n > 0 && (k = pl_go_space_len(*s, *n)) > 0)
		*s += k, *n -= k;
	while (i < *n) {
		k = pl_go_space_len(*s + i, *n - i);
		if (k == 0)
			end = ++i;
		else
			i += k;
	}
	*n = end;
}

/* The code point of the valid UTF-8 sequence at s and its length, or 0. */
static size_t
utf8(const unsigned char *s, size_t n, uint32_t *cp)
{
	size_t len = u8_seq((const char *)s, n), i;

	if (len < 2)
		return 0;
	*cp = s[0] & (0xFF >> (len + 1));
	for (i = 1; i < len; i++)
		*cp = *cp << 6 | (s[i] & 0x3F);
	return len;
}

static int
printable(uint32_t c)
{
	return !(c < 0xA0 || c == 0xAD || c == 0x2028 || c == 0x2029 ||
	    c == 0xFEFF || (c & 0xFFFE) == 0xFFFE);
}

void
pl_go_quote(struct buf *b, const char *s, size_t n)
{
	static const char esc[] = "\a\b\f\n\r\t\v", letter[] = "abfnrtv";
	const unsigned char *u = (const unsigned char *)s;
	const char *e;
	size_t i = 0, k;
	uint32_t cp;

	buf_add(b, "\"", 1);
	while (i < n) {
		if (u[i] >= 0x80) {
			if ((k = utf8(u + i, n - i, &cp)) == 0)
				buf_printf(b, "\\x%02x", u[i++]);
			else {
				if (printable(cp))
					buf_add(b, s + i, k);
				else if (cp < 0x10000)
					buf_printf(b, "\\u%04x", (unsigned)cp);
				else
					buf_printf(b, "\\U%08x", (unsigned)cp);
				i += k;
			}
			continue;
		}
		if (u[i] == '"' || u[i] == '\\') {
			buf_add(b, "\\", 1);
			buf_add(b, s + i, 1);
		} else if (u[i] >= 0x20 && u[i] < 0x7F)
			buf_add(b, s + i, 1);
		else if (u[i] != 0 && (e = strchr(esc, u[i])) != NULL)
			buf_printf(b, "\\%c", letter[e - esc]);
		else
			buf_printf(b, "\\x%02x", u[i]);
		i++;
	}
	buf_add(b, "\"", 1);
}

void
pl_go_strs(struct buf *b, const struct pl_gostr *v, size_t n)
{
	size_t i;

	buf_add(b, "[", 1);
	for (i = 0; i < n; i++) {
		if (i > 0)
			buf_add(b, " ", 1);
		buf_add(b, v[i].s, v[i].n);
	}
	buf_add(b, "]", 1);
}
