/*
 * appread.c - reading an application line (appread.h): the fast path,
 * then json-c's parse.
 *
 * The fast path accepts only what it can prove valid and reads exactly
 * what pl_app_from_json would read: one object, "app" not null, "user"
 * and "queue" (string or null), "groups" (array of strings or null),
 * "tags" (object of strings or null), anything else a string, an
 * integer, true, false or null; no key twice; the plain JSON of
 * jsonscan.h, whose strings may hold UTF-8 as the general path's pre-scan
 * takes it (u8_seq). Everything else - escapes, fractions,
 * nesting, a "placement" member, no "app", bad JSON of any kind - is left
 * to the general path, which has the json-c parse and the exact error
 * messages.
 */
#include <string.h>

#include "appread.h"
#include "exitcode.h"
#include "jsonscan.h"

#define SCAN_KEYS 32		/* members (and tags) compared for duplicates */

/*
 * An application with nothing read yet, every member by name: a memset
 * of the record (or a copy of a constant one) compiles to rep stos, whose
 * start costs as much as scanning a short line.
 */
static void
start(struct pl_appin *in)
{
	struct pl_app *a = &in->app;

	a->id = a->user.name = a->queue = "";
	a->idlen = a->user.len = a->user.ngroups = a->qlen = a->ntags = 0;
	a->user.groups = NULL;
	a->user.glens = NULL;
	a->tags = NULL;
	a->forced = a->groups_given = 0;
	in->text = NULL;
	in->len = in->nmembers = 0;
	in->pos.file = NULL;
	in->pos.line = in->pos.col = 0;
	in->placement_member = 0;
	in->obj = NULL;
}

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
		if (!js_ustr(c, &g))
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
		if (n == SCAN_KEYS || !js_ustr(c, &k) || seen(keys, n, &k) ||
		    !js_eat(c, ':') || !js_ustr(c, &v))
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
		if (!js_ustr(c, &s))
			return 0;
		a->user.name = s.s;
		a->user.len = s.n;
		return 1;
	}
	if (js_streq(k, "queue", 5)) {
		if (!js_ustr(c, &s))
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
	if (js_ustr(c, &s)) {
		if (js_streq(k, "app", 3)) {
			a->id = s.s;
			a->idlen = s.n;
		}
		return 1;
	}
	return js_bool(c, &t) || js_int(c, &i);
}

size_t
pl_app_scan(struct pl_appin *in, struct pl_appbuf *b, const char *text,
    size_t len)
{
	struct pl_app *a = &in->app;
	struct js c = { text, text + len };
	struct js_str k, keys[SCAN_KEYS];
	size_t n = 0, objlen;

	start(in);
	pl_appbuf_drop(b);
	if (!js_eat(&c, '{'))
		return 0;
	if (!js_is(&c, '}')) {
		do {
			if (n == SCAN_KEYS || !js_ustr(&c, &k) ||
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
	in->nmembers = n;
	pl_app_finish(a, b);
	return objlen;
general:
	pl_appbuf_drop(b);
	return 0;
}

static int
set_str(struct json_object *v, const char **s, size_t *n)
{
	if (!json_object_is_type(v, json_type_string))
		return -1;
	*s = json_object_get_string(v);
	*n = (size_t)json_object_get_string_len(v);
	return 0;
}

static int
set_groups(struct pl_app *a, struct pl_appbuf *b, struct json_object *v)
{
	size_t i, n;

	if (!json_object_is_type(v, json_type_array))
		return -1;
	n = json_object_array_length(v);
	for (i = 0; i < n; i++) {
		struct json_object *g = json_object_array_get_idx(v, i);

		if (!json_object_is_type(g, json_type_string))
			return -1;
		pl_appbuf_group(b, json_object_get_string(g),
		    (size_t)json_object_get_string_len(g));
	}
	a->groups_given = n > 0;
	return 0;
}

static int
set_tags(struct pl_appbuf *b, struct json_object *v, const char **why)
{
	if (!json_object_is_type(v, json_type_object)) {
		*why = "'tags' must be an object of strings";
		return -1;
	}
	json_object_object_foreach(v, key, val) {
		if (!json_object_is_type(val, json_type_string)) {
			*why = "tag values must be strings";
			return -1;
		}
		pl_appbuf_tag(b, key, strlen(key), json_object_get_string(val),
		    (size_t)json_object_get_string_len(val));
	}
	return 0;
}

/*
 * What an object without "app" is. An object of YuniKorn's REST
 * application list holds the queue the application was placed in, not
 * the one it asked for, and no tags: placing it again means nothing.
 */
static const char *
not_an_app(int rest)
{
	if (!rest)
		return "not an application: it has no 'app'";
	return "a YuniKorn REST application object, not an application line: "
	    "its 'queueName' is the queue the application was placed in, not "
	    "the one it asked for, and it has no tags, so it cannot be placed "
	    "again; make application lines from the pods with 'placectl pods'";
}

int
pl_app_from_json(struct pl_appin *in, struct pl_appbuf *b,
    struct json_object *obj, const char **why)
{
	struct pl_app *a = &in->app;
	int rc = 0, app = 0, rest = 0;

	start(in);
	in->obj = obj;
	pl_appbuf_drop(b);
	json_object_object_foreach(obj, key, v) {	/* one pass, no lookups */
		in->nmembers++;
		if (v == NULL)			/* null: as if absent */
			continue;
		switch (key[0]) {		/* one strcmp per member at most */
		case 'a':
			if (strcmp(key, "app") == 0) {
				app = 1;
				(void)set_str(v, &a->id, &a->idlen);
			} else if (strcmp(key, "applicationID") == 0)
				rest |= 1;
			break;
		case 'u':
			if (strcmp(key, "user") == 0 &&
			    (rc = set_str(v, &a->user.name, &a->user.len)) != 0)
				*why = "'user' must be a string";
			break;
		case 'q':
			if (strcmp(key, "queue") == 0 &&
			    (rc = set_str(v, &a->queue, &a->qlen)) != 0)
				*why = "'queue' must be a string";
			else if (strcmp(key, "queueName") == 0)
				rest |= 2;
			break;
		case 'g':
			if (strcmp(key, "groups") == 0 &&
			    (rc = set_groups(a, b, v)) != 0)
				*why = "'groups' must be an array of strings";
			break;
		case 't':
			if (strcmp(key, "tags") == 0)
				rc = set_tags(b, v, why);
			break;
		case 'p':
			if (strcmp(key, "placement") == 0)
				in->placement_member = 1;
			break;
		}
		if (rc != 0) {
			pl_appbuf_drop(b);
			return rc;
		}
	}
	if (!app) {
		*why = not_an_app(rest == 3);
		pl_appbuf_drop(b);
		return -1;
	}
	pl_app_finish(a, b);
	return 0;
}

void
pl_app_lines(struct nj_reader *r)
{
	nj_set_eol(r, "the input is one JSON object per line (pretty-printed "
	    "JSON spans lines: 'jq -c .' writes one line each); 'placectl "
	    "pods' reads what 'kubectl get pods -o json' prints");
}

int
pl_app_read(struct pl_appin *in, struct pl_appbuf *b, struct nj_reader *r,
    struct nj_value *v, struct diag *d)
{
	const char *why;
	int rc;

	if ((in->len = pl_app_scan(in, b, v->text, v->len)) == 0) {
		if ((rc = nj_parse(r, v)) != NJ_VALUE)
			return rc;
		if (pl_app_from_json(in, b, v->obj, &why) != 0)
			return diag_err(d, EXIT_DATAERR, &v->pos, "%s", why),
			    NJ_BAD;
		in->len = v->len;
	}
	in->text = v->text;
	in->pos = v->pos;
	return NJ_VALUE;
}
