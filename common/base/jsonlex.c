/*
 * jsonlex.c - the lexical rules of every JSON input and their words
 * (jsonlex.h).
 */
#include "jsonlex.h"

const char *
jl_msg(enum jl_err e)
{
	switch (e) {
	case JL_CONTROL:
		return "control character in string";
	case JL_BADUTF8:
		return "invalid UTF-8 in string";
	case JL_ESCAPE:
		return "invalid escape in string";
	case JL_UESCAPE:
		return "invalid \\u escape";
	case JL_INT64:
		return "integer does not fit in 64 bits";
	case JL_NAN:
		return "NaN and Infinity are not JSON";
	case JL_CHAR:
		break;
	case JL_DEPTH:
		return "nesting deeper than 64 levels";
	}
	return "unexpected character";
}

int
jl_int_fits(const char *s, size_t n)
{
	const char *lim = "18446744073709551615";
	size_t limlen = 20;

	if (n > 0 && s[0] == '-') {
		s++, n--;
		lim = "9223372036854775808";
		limlen = 19;
	}
	while (n > 1 && s[0] == '0')
		s++, n--;
	if (n != limlen)
		return n < limlen;
	return memcmp(s, lim, n) <= 0;
}

enum jl_err
jl_not_value(unsigned char c)
{
	return c == 'N' || c == 'I' ? JL_NAN : JL_CHAR;
}
