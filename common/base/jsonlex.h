/*
 * jsonlex.h - the lexical rules every JSON input is held to, in one place:
 * what a string may hold, and the bytes of a string that need a look.
 *
 * A string's plain bytes are printable ASCII other than the quote and the
 * backslash; any other byte (a control character, the end of the string,
 * an escape, a byte of a UTF-8 sequence) needs a look. Strings are mostly
 * plain, so they are scanned eight bytes at a time.
 */
#ifndef PK_JSONLEX_H
#define PK_JSONLEX_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* Does a string's byte c need a look? */
#define JL_ODD_BYTE(c) ((c) < 0x20 || (c) >= 0x80 || (c) == '"' || \
	(c) == '\\')

/*
 * Where in p[0..8) is the first byte that needs a look? Its index, or 8
 * if none. (Each test may also flag bytes above a hit, never below it, so
 * the lowest flag is exact.)
 */
static inline size_t
jl_odd8(const unsigned char *p)
{
	const uint64_t ones = 0x0101010101010101ULL, high = 0x8080808080808080ULL;
	uint64_t v, q, bs, low, m;

	memcpy(&v, p, 8);
	low = (v - ones * 0x20) & ~v & high;	/* bytes < 0x20 */
	q = v ^ (ones * '"');
	q = (q - ones) & ~q & high;		/* bytes == '"' */
	bs = v ^ (ones * '\\');
	bs = (bs - ones) & ~bs & high;		/* bytes == '\\' */
	if ((m = low | q | bs | (v & high)) == 0)
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

#endif
