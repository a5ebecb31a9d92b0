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
wrong(struct pl_buf *err, const char *what)
{
	pl_buf_clear(err);
	pl_buf_puts(err, what);
	return -1;
}

/* A member that is absent or null is NULL. */
static struct json_object *
member(struct json_object *obj, const char *key)
{
	struct json_object *v;

	if (!json_object_object_get_ex(obj, key, &v))
		return NULL;
	return v;
}

static void
add_group(struct pl_appbuf *b, const char *s, size_t n)
{
	if (b->ng == b->capg) {
		b->capg = b->capg ? 2 * b->capg : 16;
		b->groups = xreallocarray(b->groups, b->capg, sizeof *b->groups);
		b->glens = xreallocarray(b->glens, b->capg, sizeof *b->glens);
	}
	b->groups[b->ng] = s;
	b->glens[b->ng++] = n;
}

int
pl_app_from_json(struct pl_app *a, struct pl_appbuf *b, struct json_object *obj,
    struct pl_buf *err)
{
	struct json_object *v;
	size_t i, n, g0 = b->ng, t0 = b->nt;

	memset(a, 0, sizeof *a);
	a->user.name = a->queue = "";
	if ((v = member(obj, "user")) != NULL) {
		if (!json_object_is_type(v, json_type_string))
			return wrong(err, "'user' must be a string");
		a->user.name = json_object_get_string(v);
		a->user.len = (size_t)json_object_get_string_len(v);
	}
	if ((v = member(obj, "queue")) != NULL) {
		if (!json_object_is_type(v, json_type_string))
			return wrong(err, "'queue' must be a string");
		a->queue = json_object_get_string(v);
		a->qlen = (size_t)json_object_get_string_len(v);
	}
	if ((v = member(obj, "groups")) != NULL) {
		if (!json_object_is_type(v, json_type_array))
			return wrong(err, "'groups' must be an array of strings");
		n = json_object_array_length(v);
		for (i = 0; i < n; i++) {
			struct json_object *g = json_object_array_get_idx(v, i);

			if (!json_object_is_type(g, json_type_string)) {
				b->ng = g0;
				return wrong(err, "'groups' must be an array of strings");
			}
			add_group(b, json_object_get_string(g),
			    (size_t)json_object_get_string_len(g));
		}
		a->groups_given = n > 0;
	}
	if (!a->groups_given)		/* the default resolver: [user] */
		add_group(b, a->user.name, a->user.len);
	if ((v = member(obj, "tags")) != NULL) {
		if (!json_object_is_type(v, json_type_object)) {
			b->ng = g0;
			return wrong(err, "'tags' must be an object of strings");
		}
		json_object_object_foreach(v, key, val) {
			if (!json_object_is_type(val, json_type_string)) {
				b->ng = g0;
				b->nt = t0;
				return wrong(err, "tag values must be strings");
			}
			if (b->nt == b->capt) {
				b->capt = b->capt ? 2 * b->capt : 16;
				b->tags = xreallocarray(b->tags, b->capt, sizeof *b->tags);
			}
			b->tags[b->nt].k = key;
			b->tags[b->nt].kn = strlen(key);
			b->tags[b->nt].v = json_object_get_string(val);
			b->tags[b->nt++].vn = (size_t)json_object_get_string_len(val);
		}
	}
	a->user.ngroups = b->ng - g0;
	a->ntags = b->nt - t0;
	pl_app_rebase(a, b, g0, t0);
	pl_app_set_forced(a);
	return 0;
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
