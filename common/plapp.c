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

int
pl_app_from_json(struct pl_app *a, struct pl_appbuf *b, struct json_object *obj,
    struct pl_buf *err)
{
	struct json_object *v;
	size_t i, n;

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
		if (n > b->capg) {
			b->groups = xreallocarray(b->groups, n, sizeof *b->groups);
			b->glens = xreallocarray(b->glens, n, sizeof *b->glens);
			b->capg = n;
		}
		for (i = 0; i < n; i++) {
			struct json_object *g = json_object_array_get_idx(v, i);

			if (!json_object_is_type(g, json_type_string))
				return wrong(err, "'groups' must be an array of strings");
			b->groups[i] = json_object_get_string(g);
			b->glens[i] = (size_t)json_object_get_string_len(g);
		}
		a->user.groups = b->groups;
		a->user.glens = b->glens;
		a->user.ngroups = n;
		a->groups_given = n > 0;
	}
	if (!a->groups_given) {		/* the default resolver: [user] */
		b->nogroup[0] = a->user.name;
		b->nogrouplen[0] = a->user.len;
		a->user.groups = b->nogroup;
		a->user.glens = b->nogrouplen;
		a->user.ngroups = 1;
	}
	if ((v = member(obj, "tags")) != NULL) {
		if (!json_object_is_type(v, json_type_object))
			return wrong(err, "'tags' must be an object of strings");
		n = (size_t)json_object_object_length(v);
		if (n > b->capt) {
			b->tags = xreallocarray(b->tags, n, sizeof *b->tags);
			b->capt = n;
		}
		i = 0;
		json_object_object_foreach(v, key, val) {
			if (!json_object_is_type(val, json_type_string))
				return wrong(err, "tag values must be strings");
			b->tags[i].k = key;
			b->tags[i].kn = strlen(key);
			b->tags[i].v = json_object_get_string(val);
			b->tags[i].vn = (size_t)json_object_get_string_len(val);
			i++;
		}
		a->tags = b->tags;
		a->ntags = i;
	}
	pl_app_set_forced(a);
	return 0;
}

void
pl_appbuf_free(struct pl_appbuf *b)
{
	free(b->groups);
	free(b->glens);
	free(b->tags);
	memset(b, 0, sizeof *b);
}
