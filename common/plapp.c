/*
 * plapp.c - applications: tags, the forced flag, reading one from an
 * input line or a JSON object, and where their lists are kept (plapp.h).
 */
#include <stdalign.h>
#include <stddef.h>
#include <stdlib.h>

#include "exitcode.h"
#include "plapp.h"
#include "plname.h"
#include "xalloc.h"

#define FORCE_TAG "application.create.force"
#define CHUNK 16384		/* bytes of lists per chunk, at least */

/* Lists of read applications: filled in order, reused after a clear. */
struct pl_chunk {
	struct pl_chunk *next;
	size_t cap, used;	/* bytes of mem */
	max_align_t mem[];
};

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

/* n bytes that stay where they are until the next clear. */
static void *
keep(struct pl_appbuf *b, size_t n)
{
	struct pl_chunk *c = b->cur != NULL ? b->cur->next : b->chunks;

	n = (n + alignof(max_align_t) - 1) & ~(alignof(max_align_t) - 1);
	if (b->cur != NULL && b->cur->used + n <= b->cur->cap)
		c = b->cur;
	else if (c != NULL && c->cap >= n)	/* the next one, emptied */
		c->used = 0;
	else {				/* a new one, after the current */
		size_t cap = n > CHUNK ? n : CHUNK;

		c = xmalloc(sizeof *c + cap);
		c->cap = cap;
		c->used = 0;
		if (b->cur != NULL) {
			c->next = b->cur->next;
			b->cur->next = c;
		} else {
			c->next = b->chunks;
			b->chunks = c;
		}
	}
	b->cur = c;
	c->used += n;
	return (char *)c->mem + c->used - n;
}

void
pl_app_finish(struct pl_app *a, struct pl_appbuf *b)
{
	size_t gn = b->ng * sizeof *b->groups, ln = b->ng * sizeof *b->glens;
	size_t tn = b->nt * sizeof *b->tags;
	char *m;

	if (!a->groups_given) {		/* the default resolver: [user] */
		b->ng = 0;
		pl_appbuf_group(b, a->user.name, a->user.len);
		gn = sizeof *b->groups;
		ln = sizeof *b->glens;
	}
	m = keep(b, tn + gn + ln);	/* all of them 8-byte aligned */
	a->tags = b->nt > 0 ? memcpy(m, b->tags, tn) : NULL;
	a->ntags = b->nt;
	a->user.groups = memcpy(m + tn, b->groups, gn);
	a->user.glens = memcpy(m + tn + gn, b->glens, ln);
	a->user.ngroups = b->ng;
	b->ng = b->nt = 0;
}

void
pl_appbuf_clear(struct pl_appbuf *b)
{
	b->ng = b->nt = 0;
	b->cur = NULL;
}

void
pl_appbuf_free(struct pl_appbuf *b)
{
	struct pl_chunk *c, *next;

	for (c = b->chunks; c != NULL; c = next) {
		next = c->next;
		free(c);
	}
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

int
pl_app_from_json(struct pl_app *a, struct pl_appbuf *b, struct json_object *obj,
    const char **why)
{
	int rc = 0;

	memset(a, 0, sizeof *a);
	a->user.name = a->queue = "";
	a->obj = obj;
	b->ng = b->nt = 0;
	json_object_object_foreach(obj, key, v) {	/* one pass, no lookups */
		a->nmembers++;
		if (v == NULL)			/* null: as if absent */
			continue;
		switch (key[0]) {		/* one strcmp per member at most */
		case 'u':
			if (strcmp(key, "user") == 0 &&
			    (rc = set_str(v, &a->user.name, &a->user.len)) != 0)
				*why = "'user' must be a string";
			break;
		case 'q':
			if (strcmp(key, "queue") == 0 &&
			    (rc = set_str(v, &a->queue, &a->qlen)) != 0)
				*why = "'queue' must be a string";
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
			b->ng = b->nt = 0;
			return rc;
		}
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
