/*
 * plapp.c - applications: tags, the forced flag, reading one from an
 * input line or a JSON object, and where their lists are kept (plapp.h).
 */
#include <stdlib.h>

#include "exitcode.h"
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

/*
 * A new array of cap elements of size sz for one that is full, holding
 * the n elements of the application being read (from *a + at); the full
 * one is freed now if nothing else is in it, or at the next clear.
 */
static void *
replace(struct pl_appbuf *b, void *a, size_t at, size_t n, size_t cap,
    size_t sz)
{
	void *na;

	if (at == 0)
		return xreallocarray(a, cap, sz);
	na = xreallocarray(NULL, cap, sz);
	memcpy(na, (char *)a + at * sz, n * sz);
	xgrow((void **)&b->full, &b->capfull, b->nfull + 1, sizeof *b->full);
	b->full[b->nfull++] = a;
	return na;
}

void
pl_appbuf_group(struct pl_appbuf *b, const char *s, size_t n)
{
	if (b->ng == b->capg) {
		size_t k = b->ng - b->g0;

		b->capg = b->capg ? 2 * b->capg : 64;
		b->groups = replace(b, b->groups, b->g0, k, b->capg,
		    sizeof *b->groups);
		b->glens = replace(b, b->glens, b->g0, k, b->capg,
		    sizeof *b->glens);
		b->g0 = 0;
		b->ng = k;
	}
	b->groups[b->ng] = s;
	b->glens[b->ng++] = n;
}

void
pl_appbuf_tag(struct pl_appbuf *b, const char *k, size_t kn, const char *v,
    size_t vn)
{
	if (b->nt == b->capt) {
		size_t n = b->nt - b->t0;

		b->capt = b->capt ? 2 * b->capt : 64;
		b->tags = replace(b, b->tags, b->t0, n, b->capt, sizeof *b->tags);
		b->t0 = 0;
		b->nt = n;
	}
	b->tags[b->nt].k = k;
	b->tags[b->nt].kn = kn;
	b->tags[b->nt].v = v;
	b->tags[b->nt++].vn = vn;
}

void
pl_appbuf_drop(struct pl_appbuf *b)
{
	b->ng = b->g0;
	b->nt = b->t0;
}

void
pl_app_finish(struct pl_app *a, struct pl_appbuf *b)
{
	if (!a->groups_given) {		/* the default resolver: [user] */
		b->ng = b->g0;
		pl_appbuf_group(b, a->user.name, a->user.len);
	}
	a->user.groups = b->groups + b->g0;
	a->user.glens = b->glens + b->g0;
	a->user.ngroups = b->ng - b->g0;
	a->tags = b->nt > b->t0 ? b->tags + b->t0 : NULL;
	a->ntags = b->nt - b->t0;
	b->g0 = b->ng;
	b->t0 = b->nt;
}

void
pl_appbuf_clear(struct pl_appbuf *b)
{
	while (b->nfull > 0)
		free(b->full[--b->nfull]);
	b->g0 = b->ng = b->t0 = b->nt = 0;
}

void
pl_appbuf_free(struct pl_appbuf *b)
{
	pl_appbuf_clear(b);
	free(b->full);
	free(b->groups);
	free(b->glens);
	free(b->tags);
	memset(b, 0, sizeof *b);
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
pl_app_from_json(struct pl_app *a, struct pl_appbuf *b, struct json_object *obj,
    const char **why)
{
	int rc = 0, app = 0, rest = 0;

	memset(a, 0, sizeof *a);
	a->id = a->user.name = a->queue = "";
	a->obj = obj;
	pl_appbuf_drop(b);
	json_object_object_foreach(obj, key, v) {	/* one pass, no lookups */
		a->nmembers++;
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
				a->placement_member = 1;
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

int
pl_app_read(struct pl_app *a, struct pl_appbuf *b, struct nj_reader *r,
    struct nj_value *v, struct diag *d)
{
	const char *why;
	int rc;

	if ((a->len = pl_app_scan(a, b, v->text, v->len)) == 0) {
		if ((rc = nj_parse(r, v)) != NJ_VALUE)
			return rc;
		if (pl_app_from_json(a, b, v->obj, &why) != 0)
			return diag_err(d, EXIT_DATAERR, &v->pos, "%s", why),
			    NJ_BAD;
		a->len = v->len;
	}
	a->text = v->text;
	a->pos = v->pos;
	return NJ_VALUE;
}
