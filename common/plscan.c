/*
 * plscan.c - the fast path for application lines (plapp.h): read the
 * common shape of an application straight from its text, without json-c.
 *
 * It accepts only what it can prove valid and reads exactly as
 * pl_app_from_json would: one object, ASCII strings without escapes,
 * members "user" and "queue" (string or null), "groups" (array of strings
 * or null), "tags" (object of strings or null), anything else a string,
 * an integer in range, true, false or null; no key twice. Everything else
 * - escapes, non-ASCII bytes, fractions, nesting, a "placement" member,
 * bad JSON of any kind - is left to the general path, which has the
 * json-c parse and the exact error messages.
 */
#include <string.h>

#include "ndjson.h"
#include "plapp.h"

#define SCAN_KEYS 32		/* members (and tags) compared for duplicates */

struct scan {
	const char *p, *e;
};

struct str {
	const char *s;
	size_t n;
};

static void
ws(struct scan *c)
{
	while (c->p < c->e && (*c->p == ' ' || *c->p == '\t'))
		c->p++;
}

static int
eat(struct scan *c, char ch)
{
	ws(c);
	if (c->p == c->e || *c->p != ch)
		return 0;
	c->p++;
	ws(c);
	return 1;
}

/* A string of printable ASCII without escapes. */
static int
str(struct scan *c, struct str *s)
{
	const char *p = c->p;

	if (p == c->e || *p != '"')
		return 0;
	s->s = ++p;
	while (p < c->e && (unsigned char)*p >= 0x20 && (unsigned char)*p < 0x80 &&
	    *p != '"' && *p != '\\')
		p++;
	if (p == c->e || *p != '"')
		return 0;
	s->n = (size_t)(p - s->s);
	c->p = p + 1;
	return 1;
}

static int
word(struct scan *c, const char *w, size_t n)
{
	if ((size_t)(c->e - c->p) < n || memcmp(c->p, w, n) != 0)
		return 0;
	c->p += n;
	return 1;
}

/* null: 1 (and nothing read), else 0 with the position unchanged. */
static int
null(struct scan *c)
{
	return word(c, "null", 4);
}

/* An integer literal that fits in 64 bits and is not part of a float. */
static int
integer(struct scan *c)
{
	const char *s = c->p, *p = s;

	if (p < c->e && *p == '-')
		p++;
	if (p == c->e || *p < '0' || *p > '9')
		return 0;
	if (*p++ == '0') {
		if (p < c->e && *p >= '0' && *p <= '9')
			return 0;
	} else
		while (p < c->e && *p >= '0' && *p <= '9')
			p++;
	if (p < c->e && (*p == '.' || *p == 'e' || *p == 'E'))
		return 0;
	if (!nj_int_fits(s, (size_t)(p - s)))
		return 0;
	c->p = p;
	return 1;
}

static int
other(struct scan *c)
{
	struct str s;

	return str(c, &s) || null(c) || word(c, "true", 4) ||
	    word(c, "false", 5) || integer(c);
}

static int
known(const struct str *keys, size_t n, const struct str *k)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (keys[i].n == k->n && memcmp(keys[i].s, k->s, k->n) == 0)
			return 1;
	return 0;
}

static int
groups(struct scan *c, struct pl_appbuf *b)
{
	struct str g;

	if (!eat(c, '['))
		return 0;
	if (c->p < c->e && *c->p == ']') {
		c->p++;
		return 1;
	}
	do {
		if (!str(c, &g))
			return 0;
		pl_appbuf_group(b, g.s, g.n);
	} while (eat(c, ','));
	return c->p < c->e && *c->p++ == ']';
}

static int
tags(struct scan *c, struct pl_appbuf *b)
{
	struct str k, v, keys[SCAN_KEYS];
	size_t n = 0;

	if (!eat(c, '{'))
		return 0;
	if (c->p < c->e && *c->p == '}') {
		c->p++;
		return 1;
	}
	do {
		if (n == SCAN_KEYS || !str(c, &k) || known(keys, n, &k) ||
		    !eat(c, ':') || !str(c, &v))
			return 0;
		keys[n++] = k;
		pl_appbuf_tag(b, k.s, k.n, v.s, v.n);
	} while (eat(c, ','));
	return c->p < c->e && *c->p++ == '}';
}

static int
is(const struct str *k, const char *w)
{
	return k->n == strlen(w) && memcmp(k->s, w, k->n) == 0;
}

/* One member's value. */
static int
value(struct scan *c, const struct str *k, struct pl_app *a,
    struct pl_appbuf *b, size_t g0)
{
	struct str s;

	if (null(c))
		return !is(k, "placement");
	if (is(k, "user") || is(k, "queue")) {
		if (!str(c, &s))
			return 0;
		if (k->s[0] == 'u') {
			a->user.name = s.s;
			a->user.len = s.n;
		} else {
			a->queue = s.s;
			a->qlen = s.n;
		}
		return 1;
	}
	if (is(k, "groups")) {
		if (!groups(c, b))
			return 0;
		a->groups_given = b->ng > g0;
		return 1;
	}
	if (is(k, "tags"))
		return tags(c, b);
	if (is(k, "placement"))
		return 0;
	return other(c);
}

size_t
pl_app_scan(struct pl_app *a, struct pl_appbuf *b, const char *text,
    size_t len)
{
	struct scan c = { text, text + len };
	struct str k, keys[SCAN_KEYS];
	size_t g0 = b->ng, t0 = b->nt, n = 0, objlen;

	memset(a, 0, sizeof *a);
	a->user.name = a->queue = "";
	if (len == 0 || *c.p++ != '{')
		return 0;
	ws(&c);
	if (c.p < c.e && *c.p == '}')
		c.p++;
	else {
		do {
			if (n == SCAN_KEYS || !str(&c, &k) || known(keys, n, &k) ||
			    !eat(&c, ':') || !value(&c, &k, a, b, g0))
				goto general;
			keys[n++] = k;
		} while (eat(&c, ','));
		if (c.p == c.e || *c.p++ != '}')
			goto general;
	}
	objlen = (size_t)(c.p - text);
	while (c.p < c.e && (*c.p == ' ' || *c.p == '\t' || *c.p == '\r'))
		c.p++;
	if (c.p != c.e)
		goto general;
	a->nmembers = n;
	pl_app_finish(a, b, g0, t0);
	return objlen;
general:
	b->ng = g0;
	b->nt = t0;
	return 0;
}
