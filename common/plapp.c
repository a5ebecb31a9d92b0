/*
 * plapp.c - applications: tags, the forced flag, and reading one from a
 * JSON object (plapp.h).
 */
#include <stdlib.h>

#include "plapp.h"
#include "plname.h"
#include "xalloc.h"

#define FORCE_TAG "application.create.force"

const char *
pl_app_tag(const struct pl_app *a, const char *name, size_t n, size_t *vlen)
{
	size_t i;

	for (i = 0; i < a->ntags; i++)
		if (pl_fold_eq(a->tags[i].k, a->tags[i].kn, name, n)) {
			*vlen = a->tags[i].vn;
			return a->tags[i].v;
		}
	return NULL;
}

void
pl_app_set_forced(struct pl_app *a)
{
	size_t n;
	const char *v = pl_app_tag(a, FORCE_TAG, sizeof FORCE_TAG - 1, &n);

	a->forced = v != NULL && pl_parse_bool(v, n) == 1;
}

static int
wrong(struct buf *err, const char *what)
{
	buf_clear(err);
	buf_puts(err, what);
	return -1;
}

void
pl_appbuf_group(struct pl_appbuf *b, const char *s, size_t n)
{
	if (b->ng == b->capg) {
		b->capg = b->capg ? 2 * b->capg : 16;
		b->groups = xreallocarray(b->groups, b->capg, sizeof *b->groups);
		b->glens = xreallocarray(b->glens, b->capg, sizeof *b->glens);
	}
	b->groups[b->ng] = s;
	b->glens[b->ng++] = n;
}

void
pl_appbuf_tag(struct pl_appbuf *b, const char *k, size_t kn, const char *v,
    size_t vn)
{
	if (b->nt == b->capt) {
		b->capt = b->capt ? 2 * b->capt : 16;
		b->tags = xreallocarray(b->tags, b->capt, sizeof *b->tags);
	}
	b->tags[b->nt].k = k;
	b->tags[b->nt].kn = kn;
	b->tags[b->nt].v = v;
	b->tags[b->nt++].vn = vn;
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
set_tags(struct pl_appbuf *b, struct json_object *v, struct buf *err)
{
	if (!json_object_is_type(v, json_type_object))
		return wrong(err, "'tags' must be an object of strings");
	json_object_object_foreach(v, key, val) {
		if (!json_object_is_type(val, json_type_string))
			return wrong(err, "tag values must be strings");
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
static int
not_an_app(struct buf *err, int rest)
{
	if (!rest)
		return wrong(err, "not an application: it has no 'app'");
	return wrong(err, "a YuniKorn REST application object, not an "
	    "application line: its 'queueName' is the queue the application was "
	    "placed in, not the one it asked for, and it has no tags, so it "
	    "cannot be placed again; make application lines from the pods with "
	    "'placectl pods'");
}

int
pl_app_from_json(struct pl_app *a, struct pl_appbuf *b, struct json_object *obj,
    struct buf *err)
{
	size_t g0 = b->ng, t0 = b->nt;
	int rc = 0, app = 0, rest = 0;

	memset(a, 0, sizeof *a);
	a->user.name = a->queue = "";
	json_object_object_foreach(obj, key, v) {	/* one pass, no lookups */
		a->nmembers++;
		if (v == NULL)			/* null: as if absent */
			continue;
		switch (key[0]) {		/* one strcmp per member at most */
		case 'a':
			if (strcmp(key, "app") == 0)
				app = 1;
			else if (strcmp(key, "applicationID") == 0)
				rest |= 1;
			break;
		case 'u':
			if (strcmp(key, "user") == 0 &&
			    set_str(v, &a->user.name, &a->user.len) != 0)
				rc = wrong(err, "'user' must be a string");
			break;
		case 'q':
			if (strcmp(key, "queue") == 0 &&
			    set_str(v, &a->queue, &a->qlen) != 0)
				rc = wrong(err, "'queue' must be a string");
			else if (strcmp(key, "queueName") == 0)
				rest |= 2;
			break;
		case 'g':
			if (strcmp(key, "groups") == 0 && set_groups(a, b, v) != 0)
				rc = wrong(err,
				    "'groups' must be an array of strings");
			break;
		case 't':
			if (strcmp(key, "tags") == 0)
				rc = set_tags(b, v, err);
			break;
		case 'p':
			if (strcmp(key, "placement") == 0)
				a->placement_member = 1;
			break;
		}
		if (rc != 0) {
			b->ng = g0;
			b->nt = t0;
			return rc;
		}
	}
	if (!app)
		return not_an_app(err, rest == 3);
	pl_app_finish(a, b, g0, t0);
	return 0;
}

void
pl_app_finish(struct pl_app *a, struct pl_appbuf *b, size_t g0, size_t t0)
{
	if (!a->groups_given) {		/* the default resolver: [user] */
		b->ng = g0;
		pl_appbuf_group(b, a->user.name, a->user.len);
	}
	a->user.ngroups = b->ng - g0;
	a->ntags = b->nt - t0;
	pl_app_rebase(a, b, g0, t0);
}

void
pl_app_rebase(struct pl_app *a, const struct pl_appbuf *b, size_t g0, size_t t0)
{
	a->user.groups = b->groups + g0;
	a->user.glens = b->glens + g0;
	a->tags = a->ntags > 0 ? b->tags + t0 : NULL;
}

void
pl_appbuf_free(struct pl_appbuf *b)
{
	free(b->groups);
	free(b->glens);
	free(b->tags);
	memset(b, 0, sizeof *b);
}
