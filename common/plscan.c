/*
 * plscan.c - the fast path for application lines (plapp.h): read the
 * common shape of an application straight from its text, without json-c.
 *
 * It accepts only what it can prove valid and reads exactly what
 * pl_app_from_json would read: one object, "app" not null, "user" and
 * "queue" (string or null), "groups" (array of strings or null), "tags"
 * (object of strings or null), anything else a string, an integer, true,
 * false or null; no key twice; the plain JSON of jscan.h. Everything
 * else - escapes, non-ASCII bytes, fractions, nesting, a "placement"
 * member, no "app", bad JSON of any kind - is left to the general path,
 * which has the json-c parse and the exact error messages.
 */
#include "jscan.h"
#include "plapp.h"

#define SCAN_KEYS 32		/* members (and tags) compared for duplicates */

static int
seen(const struct js_str *keys, size_t n, const struct js_str *k)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (js_streq(&keys[i], k->s, k->n))
			return 1;
	return 0;
}

static int
groups(struct js *c, struct pl_appbuf *b)
{
	struct js_str g;

	if (!js_eat(c, '['))
		return 0;
	if (js_is(c, ']'))
		return 1;
	do {
		if (!js_str(c, &g))
			return 0;
		pl_appbuf_group(b, g.s, g.n);
	} while (js_eat(c, ','));
	return js_is(c, ']');
}

static int
tags(struct js *c, struct pl_appbuf *b)
{
	struct js_str k, v, keys[SCAN_KEYS];
	size_t n = 0;

	if (!js_eat(c, '{'))
		return 0;
	if (js_is(c, '}'))
		return 1;
	do {
		if (n == SCAN_KEYS || !js_str(c, &k) || seen(keys, n, &k) ||
		    !js_eat(c, ':') || !js_str(c, &v))
			return 0;
		keys[n++] = k;
		pl_appbuf_tag(b, k.s, k.n, v.s, v.n);
	} while (js_eat(c, ','));
	return js_is(c, '}');
}

/* One member's value. */
static int
value(struct js *c, const struct js_str *k, struct pl_app *a,
    struct pl_appbuf *b)
{
	struct js_str s;
	int64_t i;
	int t;

	if (js_streq(k, "placement", 9))	/* its output needs the object */
		return 0;
	if (js_word(c, "null", 4))	/* "app" null: not an application */
		return !js_streq(k, "app", 3);
	if (js_streq(k, "user", 4)) {
		if (!js_str(c, &s))
			return 0;
		a->user.name = s.s;
		a->user.len = s.n;
		return 1;
	}
	if (js_streq(k, "queue", 5)) {
		if (!js_str(c, &s))
			return 0;
		a->queue = s.s;
		a->qlen = s.n;
		return 1;
	}
	if (js_streq(k, "groups", 6)) {
		if (!groups(c, b))
			return 0;
		a->groups_given = b->ng > b->g0;
		return 1;
	}
	if (js_streq(k, "tags", 4))
		return tags(c, b);
	if (js_str(c, &s)) {
		if (js_streq(k, "app", 3)) {
			a->id = s.s;
			a->idlen = s.n;
		}
		return 1;
	}
	return js_bool(c, &t) || js_int(c, &i);
}

size_t
pl_app_scan(struct pl_app *a, struct pl_appbuf *b, const char *text,
    size_t len)
{
	struct js c = { text, text + len };
	struct js_str k, keys[SCAN_KEYS];
	size_t n = 0, objlen;

	memset(a, 0, sizeof *a);
	a->id = a->user.name = a->queue = "";
	pl_appbuf_drop(b);
	if (!js_eat(&c, '{'))
		return 0;
	if (!js_is(&c, '}')) {
		do {
			if (n == SCAN_KEYS || !js_str(&c, &k) ||
			    seen(keys, n, &k) || !js_eat(&c, ':') ||
			    !value(&c, &k, a, b))
				goto general;
			keys[n++] = k;
		} while (js_eat(&c, ','));
		if (!js_is(&c, '}'))
			goto general;
	}
	if (!seen(keys, n, &(struct js_str){ "app", 3 }))
		goto general;		/* not an application: said there */
	objlen = (size_t)(c.p - text);
	while (c.p < c.e && (*c.p == ' ' || *c.p == '\t' || *c.p == '\r'))
		c.p++;
	if (c.p != c.e || text[0] != '{')
		goto general;
	a->nmembers = n;
	pl_app_finish(a, b);
	return objlen;
general:
	pl_appbuf_drop(b);
	return 0;
}
