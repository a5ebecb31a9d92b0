/*
 * jsonlex.h - the lexical rules every JSON input is held to, in one place,
 * with the words for each problem: the NDJSON reader's pre-scan
 * (jsonread.c) and the Kubernetes object reader (kubeobj.c) both scan
 * with them, so that the same text gets the same message in either.
 *
 * A string's plain bytes are printable ASCII other than the quote and the
 * backslash; any other byte (a control character, the end of the string,
 * an escape, a byte of a UTF-8 sequence) needs a look. Strings are mostly
 * plain, so they are scanned eight bytes at a time; the fast paths'
 * scanner (jsonscan.h) and the writer's escaping (jsonwrite.c) use that
 * too.
 *
 * The rules: no raw control character in a string; with JL_UTF8, strings
 * of valid UTF-8 (u8_seq); with JL_ESC, only JSON's escapes; integers
 * within [-2^63, 2^64-1]; no NaN or Infinity; nesting at most JL_MAXDEPTH
 * deep. Where a value's grammar is judged is the reader's business.
 */
#ifndef PK_JSONLEX_H
#define PK_JSONLEX_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "utf8.h"

#define JL_MAXDEPTH 64		/* the deepest nesting */

/* A problem; jl_msg() has its words. */
enum jl_err {
	JL_CONTROL,		/* a raw control character in a string */
	JL_BADUTF8,		/* invalid UTF-8 in a string (JL_UTF8) */
	JL_ESCAPE,		/* an escape JSON does not have (JL_ESC) */
	JL_UESCAPE,		/* \u without four hex digits (JL_ESC) */
	JL_INT64,		/* an integer outside 64 bits */
	JL_NAN,			/* NaN or Infinity where a value starts */
	JL_CHAR,		/* any other byte that cannot be there */
	JL_DEPTH		/* nesting deeper than JL_MAXDEPTH */
};

/* Where a scan stopped at a problem. */
struct jl_bad {
	size_t at;
	enum jl_err err;
};

#define JL_UTF8 1		/* jl_str: check that strings are UTF-8 */
#define JL_ESC  2		/* jl_str: check the escapes */

const char *jl_msg(enum jl_err);
/* Does the integer literal s[0..n) fit in [-2^63, 2^64-1]? */
int jl_int_fits(const char *s, size_t n);
/* What a byte c is where a value should start and none can. */
enum jl_err jl_not_value(unsigned char c);

/* Does a string's byte c need a look? */
#define JL_ODD_BYTE(c) ((c) < 0x20 || (c) >= 0x80 || (c) == '"' || \
	(c) == '\\')

/*
 * Where in p[0..8) is the first byte that needs a look? Its index, or 8
 * if none. A byte's high bit is set in the mask when it is 0x80 or above;
 * when it is below 0x20 (the subtraction of 0x20 borrows); when it is a
 * quote or a backslash (the subtraction of 1 from it xor that borrows).
 * A byte of 0x80 or above may set the others too, which does not matter,
 * and a borrow may flag the bytes above a hit, never below it: so the
 * lowest flag is exact.
 */
static inline size_t
jl_odd8(const unsigned char *p)
{
	const uint64_t ones = 0x0101010101010101ULL, high = 0x8080808080808080ULL;
	uint64_t v, m;

	memcpy(&v, p, 8);
	m = ((v - ones * 0x20) | ((v ^ (ones * '"')) - ones) |
	    ((v ^ (ones * '\\')) - ones) | v) & high;
	if (m == 0)
		return 8;
#if defined(__GNUC__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	return (size_t)__builtin_ctzll(m) >> 3;
#else
	{
		size_t i;

		for (i = 0; !JL_ODD_BYTE(p[i]); i++)
			;
		return i;
	}
#endif
}

/* How many bytes of p[0, n) are plain, from the first. */
static inline size_t
jl_plain(const unsigned char *p, size_t n)
{
	size_t i = 0, k;

	for (; n - i >= 8; i += 8)
		if ((k = jl_odd8(p + i)) < 8)
			return i + k;
	while (i < n && !JL_ODD_BYTE(p[i]))
		i++;
	return i;
}

/* Is c a hex digit? */
static inline int
jl_hex(unsigned char c)
{
	return (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'f');
}

/*
 * Scan string bytes from b[i], inside a string (*esc: the byte before was
 * a backslash), up to lim. Returns the index of the closing quote; or
 * where to go on when more bytes come: lim, or the start of a UTF-8
 * sequence cut short by lim, or of a backslash that ends the text; or
 * SIZE_MAX with the problem in *bad. Without JL_ESC an escape is skipped
 * unchecked, a byte of a UTF-8 sequence after it left to the UTF-8 check;
 * with it, the text must be whole: a \u cut short by lim is invalid.
 */
static inline size_t
jl_str(const unsigned char *b, size_t i, size_t lim, unsigned flags,
    int *esc, struct jl_bad *bad)
{
	size_t k;

	for (;;) {
		if (*esc) {
			if (i == lim)
				return lim;
			*esc = 0;
			if (b[i] < 0x80)
				i++;
		}
		i += jl_plain(b + i, lim - i);
		if (i == lim || b[i] == '"')
			return i;
		if (b[i] >= 0x80) {
			if (!(flags & JL_UTF8))
				k = 1;
			else if ((k = u8_seq((const char *)b + i, lim - i)) == 0) {
				if (u8_cut((const char *)b + i, lim - i))
					return i;
				bad->at = i;
				bad->err = JL_BADUTF8;
				return SIZE_MAX;
			}
			i += k;
			continue;
		}
		if (b[i] != '\\') {
			bad->at = i;
			bad->err = JL_CONTROL;
			return SIZE_MAX;
		}
		if (!(flags & JL_ESC)) {
			*esc = 1;
			i++;
			continue;
		}
		if (lim - i < 2)
			return i;
		if (b[i + 1] == 'u') {
			if (lim - i < 6 || !jl_hex(b[i + 2]) || !jl_hex(b[i + 3]) ||
			    !jl_hex(b[i + 4]) || !jl_hex(b[i + 5])) {
				bad->at = i;
				bad->err = JL_UESCAPE;
				return SIZE_MAX;
			}
			i += 6;
		} else if (b[i + 1] == '\0' ||
		    strchr("\"\\/bfnrt", b[i + 1]) == NULL) {
			bad->at = i;
			bad->err = JL_ESCAPE;
			return SIZE_MAX;
		} else
			i += 2;
	}
}

#endif
