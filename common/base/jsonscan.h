/*
 * jsonscan.h - a small strict scanner for the fast paths that read common
 * JSON records straight from their text (appread.c; fastrecords.c through
 * fieldtab.c).
 *
 * It reads only the plainest JSON: strings of printable ASCII without
 * escapes (js_ustr: or of valid UTF-8), integers of at most 18 digits,
 * true, false, null, and the punctuation between them, with spaces and
 * tabs. Anything else makes a
 * function fail, and its caller hands the whole record to json-c, which
 * reads everything and reports errors. A scanner never reads past e.
 */
#ifndef PK_JSONSCAN_H
#define PK_JSONSCAN_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "jsonlex.h"
#include "utf8.h"

struct js {
	const char *p, *e;	/* the unread text */
};

struct js_str {
	const char *s;
	size_t n;
};

static inline void
js_ws(struct js *c)
{
	while (c->p < c->e && (unsigned char)*c->p <= ' ' &&
	    (*c->p == ' ' || *c->p == '\t'))
		c->p++;
}

/* The character ch, with blanks around it. */
static inline int
js_eat(struct js *c, char ch)
{
	js_ws(c);
	if (c->p == c->e || *c->p != ch)
		return 0;
	c->p++;
	js_ws(c);
	return 1;
}

/* ch right here. */
static inline int
js_is(struct js *c, char ch)
{
	if (c->p == c->e || *c->p != ch)
		return 0;
	c->p++;
	return 1;
}

/* A string without escapes, of printable ASCII and, with utf8, valid UTF-8
 * (u8_seq); s points into the text. */
static inline int
js_string(struct js *c, struct js_str *s, int utf8)
{
	const char *p = c->p;
	size_t k;

	if (p == c->e || *p != '"')
		return 0;
	s->s = ++p;
	for (;;) {
		p += jl_plain((const unsigned char *)p, (size_t)(c->e - p));
		if (!utf8 || p == c->e || (unsigned char)*p < 0x80)
			break;
		if ((k = u8_seq(p, (size_t)(c->e - p))) == 0)
			return 0;
		p += k;
	}
	if (p == c->e || *p != '"')
		return 0;
	s->n = (size_t)(p - s->s);
	c->p = p + 1;
	return 1;
}

/* A string of printable ASCII without escapes. */
static inline int
js_str(struct js *c, struct js_str *s)
{
	return js_string(c, s, 0);
}

/* A string of printable ASCII and valid UTF-8 without escapes. */
static inline int
js_ustr(struct js *c, struct js_str *s)
{
	return js_string(c, s, 1);
}

/* The literal w (n bytes). */
static inline int
js_word(struct js *c, const char *w, size_t n)
{
	if ((size_t)(c->e - c->p) < n || memcmp(c->p, w, n) != 0)
		return 0;
	c->p += n;
	return 1;
}

/* true or false, into *b. */
static inline int
js_bool(struct js *c, int *b)
{
	if (js_word(c, "true", 4))
		return *b = 1;
	if (js_word(c, "false", 5))
		return !(*b = 0);
	return 0;
}

/* An integer of 1 to 18 digits (no fraction, no exponent). */
static inline int
js_int(struct js *c, int64_t *v)
{
	const char *p = c->p, *d;
	int64_t x = 0;
	int neg = 0;

	if (p < c->e && *p == '-')
		neg = 1, p++;
	d = p;
	while (p < c->e && *p >= '0' && *p <= '9' && p - d < 18)
		x = 10 * x + (*p++ - '0');
	if (p == d || (*d == '0' && p - d > 1))
		return 0;
	if (p < c->e && ((*p >= '0' && *p <= '9') || *p == '.' || *p == 'e' ||
	    *p == 'E'))
		return 0;
	*v = neg ? -x : x;
	c->p = p;
	return 1;
}

static inline int
js_streq(const struct js_str *s, const char *w, size_t n)
{
	return s->n == n && memcmp(s->s, w, n) == 0;
}

#endif
