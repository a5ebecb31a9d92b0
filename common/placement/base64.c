/*
 * base64.c - base64 decoding, quantum by quantum as Go's decoder (base64.h).
 */
#include "base64.h"

static int
val(unsigned char c)
{
	if (c >= 'A' && c <= 'Z')
		return c - 'A';
	if (c >= 'a' && c <= 'z')
		return c - 'a' + 26;
	if (c >= '0' && c <= '9')
		return c - '0' + 52;
	if (c == '+')
		return 62;
	if (c == '/')
		return 63;
	return -1;
}

static int
is_nl(const char *s, size_t n, size_t i)
{
	return i < n && (s[i] == '\n' || s[i] == '\r');
}

/*
 * One group of four characters from s[*si]: its bytes are appended to
 * out. Returns 0 (*si == n at the end), or -1 with *bad.
 */
static int
quantum(struct buf *out, const char *s, size_t n, size_t *si, size_t *bad)
{
	unsigned char d[4] = { 0, 0, 0, 0 };
	unsigned long v;
	size_t j, len = 4;
	char b[3];
	int x, err = 0;

	for (j = 0; j < 4; j++) {
		if (*si == n) {
			if (j == 0)
				return 0;
			*bad = n - j;	/* padding is required */
			return -1;
		}
		if ((x = val((unsigned char)s[*si])) >= 0) {
			d[j] = (unsigned char)x;
			(*si)++;
			continue;
		}
		if (s[*si] == '\n' || s[*si] == '\r') {
			(*si)++;
			j--;
			continue;
		}
		if (s[(*si)++] != '=' || j < 2) {
			*bad = *si - 1;
			return -1;
		}
		if (j == 2) {		/* "==": the second one */
			while (is_nl(s, n, *si))
				(*si)++;
			if (*si == n) {
				*bad = n;
				return -1;
			}
			if (s[(*si)++] != '=') {
				*bad = *si - 1;
				return -1;
			}
		}
		while (is_nl(s, n, *si))
			(*si)++;
		if (*si < n) {		/* nothing may follow the padding */
			*bad = *si;
			err = -1;
		}
		len = j;
		break;
	}
	v = (unsigned long)d[0] << 18 | (unsigned long)d[1] << 12 |
	    (unsigned long)d[2] << 6 | d[3];
	b[0] = (char)(v >> 16);
	b[1] = (char)(v >> 8);
	b[2] = (char)v;
	buf_add(out, b, len - 1);
	return err;
}

int
b64_decode(struct buf *out, const char *src, size_t n, size_t *bad)
{
	size_t si = 0;

	if (out->cap < n / 4 * 3 + 1)
		buf_grow(out, n / 4 * 3 + 1);
	buf_clear(out);
	while (si < n)
		if (quantum(out, src, n, &si, bad) != 0)
			return -1;
	return 0;
}
