/*
 * goyaml.c - yaml.v2 and yaml.v3 decoding YuniKorn's types (goyaml.h).
 *
 * Followed here: decode.go and resolve.go of gopkg.in/yaml.v2 v2.2.8
 * (v2.4.0 decodes the same) and of yaml.v3 v3.0.1 (v3.0.4 the same).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "gotext.h"
#include "goyaml.h"
#include "hashtable.h"
#include "xalloc.h"

#define LONGTAG "tag:yaml.org,2002:"

/* What a scalar resolves to: gotext's kinds, or a tag of its own. */
enum rkind { R_NULL = PL_GO_NULL, R_BOOL = PL_GO_BOOL, R_INT = PL_GO_INT,
	R_UINT = PL_GO_UINT, R_FLOAT = PL_GO_FLOAT, R_TIME = PL_GO_TIME,
	R_STR = PL_GO_STR, R_OTHER };

struct rv {
	enum rkind k;
	int b;
	int64_t i;
	uint64_t u;
	double f;
	char tag[64];		/* the short tag, for messages */
};

/* An error at node n, in the library's words; none once only counting. */
#define bad(y, n, ...) ((y)->dry_at != NULL ? (void)0 : \
	pl_conf_err((y)->o->d, (y)->o->nerr, (y)->o->file, (n)->line, \
	(n)->col, __VA_ARGS__))

/*
 * The error about to be reported ends decoding (the library panics);
 * placekit goes on to say more, but when it was only counting.
 */
static void
fatal(struct pl_yaml *y)
{
	if (y->dry_at != NULL) {
		y->dry_at = NULL;
		y->stop = 1;
	}
	if (!y->fatal) {
		y->fatal = 1;
		y->fatal_at = y->o->d->nerr + y->o->d->nwarn;
	}
}

/* The node's explicit tag, short ("!!str"), or "" when it has none. */
static void
short_tag(const struct yl_node *n, char *out, size_t sz)
{
	const char *t = n->tag;

	if (t == NULL)
		t = "";
	if (strncmp(t, LONGTAG, sizeof LONGTAG - 1) == 0)
		snprintf(out, sz, "!!%s", t + sizeof LONGTAG - 1);
	else
		snprintf(out, sz, "%s", t);
}

/* ---- resolving a scalar (resolve.go) ---- */

/* resolve(tag, in) for the value of s, by the plain rules (tag "" or
 * resolvable). */
static void
resolve_plain(const struct pl_yaml *y, const char *s, size_t n, int tagged_ts,
    struct rv *r)
{
	struct pl_go_scalar g;

	pl_go_resolve(y->v3, s, n, tagged_ts, &g);
	r->k = (enum rkind)g.k;
	r->b = g.b;
	r->i = g.i;
	r->u = g.u;
	r->f = g.f;
}

static const char *
kind_tag(enum rkind k)
{
	static const char *const t[] = { "!!null", "!!bool", "!!int", "!!int",
		"!!float", "!!timestamp", "!!str", "" };

	return t[k];
}

/*
 * Resolve a scalar node. Returns 0, or -1 when an explicit tag does not
 * fit the value (the library's fatal "cannot decode", reported).
 */
static int
resolve(struct pl_yaml *y, const struct yl_node *n, struct rv *r)
{
	char tag[64];

	memset(r, 0, sizeof *r);
	short_tag(n, tag, sizeof tag);
	if (y->v3 && strcmp(tag, "!") == 0)
		tag[0] = '\0';
	if (tag[0] == '\0' && !n->plain) {
		r->k = R_STR;
		snprintf(r->tag, sizeof r->tag, "!!str");
		return 0;
	}
	if (tag[0] != '\0' && strcmp(tag, "!!str") != 0 &&
	    strcmp(tag, "!!bool") != 0 && strcmp(tag, "!!int") != 0 &&
	    strcmp(tag, "!!float") != 0 && strcmp(tag, "!!null") != 0 &&
	    strcmp(tag, "!!timestamp") != 0) {
		r->k = R_OTHER;		/* not resolvable: the text, as tagged */
		snprintf(r->tag, sizeof r->tag, "%s", tag);
		return 0;
	}
	if (strcmp(tag, "!!str") == 0)
		r->k = R_STR;
	else
		resolve_plain(y, n->str, n->len, tag[0] == '\0' ||
		    strcmp(tag, "!!timestamp") == 0, r);
	snprintf(r->tag, sizeof r->tag, "%s", kind_tag(r->k));
	if (tag[0] == '\0' || strcmp(tag, r->tag) == 0 || strcmp(tag, "!!str") == 0)
		return 0;
	if (strcmp(tag, "!!float") == 0 && r->k == R_INT) {
		r->k = R_FLOAT;
		r->f = (double)r->i;
		snprintf(r->tag, sizeof r->tag, "!!float");
		return 0;
	}
	fatal(y);
	bad(y, n, "yaml: cannot decode %s `%s` as a %s", r->tag, n->str, tag);
	return -1;
}

/* ---- type errors (terror) ---- */

static void
terror(struct pl_yaml *y, const struct yl_node *n, const char *tag,
    const char *gotype)
{
	char t[64];

	short_tag(n, t, sizeof t);
	if (t[0] == '\0' || (y->v3 && strcmp(t, "!") == 0))
		snprintf(t, sizeof t, "%s", tag);
	if (n->kind != YL_SCALAR)
		bad(y, n, "cannot unmarshal %s into %s", n->kind == YL_MAP ?
		    "!!map" : "!!seq", gotype);
	else if (n->len > 10)
		bad(y, n, "cannot unmarshal %s `%.7s...` into %s", t, n->str,
		    gotype);
	else
		bad(y, n, "cannot unmarshal %s `%s` into %s", t, n->str, gotype);
}

int
pl_yaml_null(const struct pl_yaml *y, const struct yl_node *n)
{
	char tag[64];

	if (n == NULL)
		return 1;
	if (n->kind != YL_SCALAR)
		return 0;
	short_tag(n, tag, sizeof tag);
	if (strcmp(tag, "!!null") == 0)
		return 1;
	if (y->v3 && strcmp(tag, "!") == 0)
		tag[0] = '\0';
	return tag[0] == '\0' && n->plain && pl_go_yaml_null(n->str);
}

/* ---- counting, as the library counts for its alias rule ---- */

/* decode.go's allowedAliasRatio: the aliased share allowed. */
static double
allowed_alias_ratio(unsigned long decodes)
{
	if (decodes <= 400000)
		return 0.99;
	if (decodes >= 4000000)
		return 0.10;
	return 0.99 - 0.89 * ((double)(decodes - 400000) /
	    (double)(4000000 - 400000));
}

/* Decoding ends at n, with the library's fatal error or placekit's. */
static void
stop(struct pl_yaml *y, const struct yl_node *n, const char *msg)
{
	fatal(y);
	bad(y, n, "%s", msg);
	y->stop = 1;
}

/* One node decoded (the library's unmarshal): 0, or -1 as decoding ends. */
static int
tick(struct pl_yaml *y, const struct yl_node *n)
{
	y->decodes++;
	if (y->in_alias > 0) {
		y->aliased++;
		if (n->kind == YL_SCALAR && n->alias == NULL)
			y->alias_text += n->len;
	}
	if (y->aliased > 100 && y->decodes > 1000 && (double)y->aliased /
	    (double)y->decodes > allowed_alias_ratio(y->decodes))
		stop(y, n, "yaml: document contains excessive aliasing");
	else if (y->alias_text > PL_YAML_MAXALIASTEXT && y->dry_at == NULL)
		y->dry_at = n;	/* only counting from now on: the rule first */
	return y->stop ? -1 : 0;
}

/*
 * Decoding n begins: it counts, an alias as itself and then as the node
 * it stands for, inside which decoding is from then on until leave(),
 * which every enter() has. 0, or -1 when decoding ends (or had ended).
 */
static int
enter(struct pl_yaml *y, const struct yl_node *n)
{
	int rc = y->stop ? -1 : tick(y, n);

	if (n->alias != NULL) {
		y->in_alias++;
		if (rc == 0)
			rc = tick(y, n->alias);
	}
	return rc;
}

static void
leave(struct pl_yaml *y, const struct yl_node *n)
{
	if (n->alias != NULL)
		y->in_alias--;
}

/*
 * n decoded into an interface{} (v3's merge takes its mapping's keys so):
 * n and all it holds counted.
 */
static int
count_all(struct pl_yaml *y, const struct yl_node *n)
{
	size_t i, k = n->kind == YL_MAP ? 2 * n->n : n->kind == YL_SEQ ? n->n : 0;
	int rc = enter(y, n);

	for (i = 0; i < k && rc == 0; i++)
		rc = count_all(y, n->kids[i]);
	leave(y, n);
	return rc;
}

/* ---- duplicate keys (yaml.v3: before a mapping is decoded) ---- */

static int
same_key(const struct yl_node *a, const struct yl_node *b)
{
	const char *as = a->kind == YL_SCALAR ? a->str : "";
	const char *bs = b->kind == YL_SCALAR ? b->str : "";

	return a->kind == b->kind && strcmp(as, bs) == 0;
}

/* Every later key equal to an earlier one: errors. 0, or -1 if any. */
static int
v3_dups(struct pl_yaml *y, const struct yl_node *map)
{
	struct ht t = HT_INIT;
	struct ht_probe pr;
	size_t i, *first, *cnt;
	uint32_t k;
	int nd = 0;

	first = xcalloc(map->n + 1, sizeof *first);
	cnt = xcalloc(map->n + 1, sizeof *cnt);
	for (i = 0; i < map->n; i++) {	/* the distinct keys, counted */
		const struct yl_node *key = map->kids[2 * i];
		const char *s = key->kind == YL_SCALAR ? key->str : "";
		uint64_t h = ht_hash(s, strlen(s)) ^ (uint64_t)key->kind;

		ht_probe(&t, h, &pr);
		while ((k = ht_next(&t, &pr)) != HT_NONE &&
		    !same_key(map->kids[2 * first[k]], key))
			;
		if (k == HT_NONE) {
			first[i] = i;
			ht_add(&t, h, (uint32_t)i);
			k = (uint32_t)i;
		}
		cnt[i] = k;	/* the first key with its text */
	}
	/* go-yaml reports, for each key i, every later key j equal to it:
	 * for n copies of a key that is n(n-1)/2 messages; placekit reports
	 * each later copy once, against the first, in order of i then j */
	for (i = 0; i < map->n; i++) {
		const struct yl_node *key = map->kids[2 * i];

		if (cnt[i] != i) {
			const struct yl_node *f = map->kids[2 * cnt[i]];

			if (key->kind == YL_SCALAR) {
				struct buf q = { 0 };

				pl_go_quote(&q, key->str, key->len);
				bad(y, key, "mapping key %s already defined at line "
				    "%lu", q.s, f->line);
				buf_free(&q);
			} else
				bad(y, key, "mapping key \"\" already defined at "
				    "line %lu", f->line);
			nd++;
		}
	}
	free(first);
	free(cnt);
	ht_free(&t);
	return nd > 0 ? -1 : 0;
}

/* ---- mappings ---- */

static int
is_merge(const struct pl_yaml *y, const struct yl_node *k)
{
	char tag[64];

	if (k->kind != YL_SCALAR || strcmp(k->str, "<<") != 0)
		return 0;
	short_tag(k, tag, sizeof tag);
	if (strcmp(tag, "!!merge") == 0)
		return 1;
	if (y->v3 && strcmp(tag, "!") == 0)
		return 1;
	return tag[0] == '\0' && k->plain;
}

/* A set of names (struct fields done, map keys set, merged fields). */
struct nset {
	struct ht t;
	const char **s;
	size_t *n, cnt, cap;
};

static int
ns_has(const struct nset *ns, const char *s, size_t n)
{
	struct ht_probe pr;
	uint32_t i;

	ht_probe(&ns->t, ht_hash(s, n), &pr);
	while ((i = ht_next(&ns->t, &pr)) != HT_NONE)
		if (ns->n[i] == n && memcmp(ns->s[i], s, n) == 0)
			return 1;
	return 0;
}

static void
ns_add(struct nset *ns, const char *s, size_t n)
{
	size_t cap = ns->cap;

	if (ns_has(ns, s, n))
		return;
	xgrow((void **)&ns->s, &ns->cap, ns->cnt + 1, sizeof *ns->s);
	if (ns->cap != cap)
		ns->n = xreallocarray(ns->n, ns->cap, sizeof *ns->n);
	ns->s[ns->cnt] = s;
	ns->n[ns->cnt] = n;
	ht_add(&ns->t, ht_hash(s, n), (uint32_t)ns->cnt++);
}

static void
ns_free(struct nset *ns)
{
	ht_free(&ns->t);
	free(ns->s);
	free(ns->n);
}

/* A key decoded into a Go string: 0 with its text, or -1 when it is not
 * one (a type error, reported; or null in v3, which skips it). */
static int
key_string(struct pl_yaml *y, const struct yl_node *k, const char **s,
    size_t *n)
{
	if (k->kind != YL_SCALAR) {
		if (!y->v3 || k->kind != YL_MAP || v3_dups(y, k) == 0)
			terror(y, k, k->kind == YL_MAP ? "!!map" : "!!seq",
			    "string");
		return -1;
	}
	if (pl_yaml_null(y, k)) {
		if (y->v3)
			return -1;
		*s = "";
		*n = 0;
	} else {
		*s = k->str;
		*n = k->len;
	}
	return 0;
}

/* What visiting a mapping does with each member. */
struct visit {
	struct pl_yaml *y;
	const struct ft_table *t;	/* a struct */
	pl_yaml_member *cb;
	void *arg;
	struct pl_rconf *map;	/* or a map */
	double **nums;
	struct nset merged;	/* v3: names set before the merge; v2 maps:
				   keys set */
	int merging;		/* v3: inside a merge */
};

static int visit(struct visit *, const struct yl_node *);

/* A map's value: decode and set it unless the key is set (v2 strict: an
 * error) or merged over (v3). */
static void
map_member(struct visit *v, const struct yl_node *k, const char *s, size_t n,
    const struct yl_node *val)
{
	struct pl_yaml *y = v->y;
	struct pl_cstr str;
	double f = 0;
	int rc;

	memset(&str, 0, sizeof str);
	if (y->v3 && v->merging) {
		if (ns_has(&v->merged, s, n))
			return;
		ns_add(&v->merged, s, n);
	}
	if (enter(y, val) != 0)
		rc = -1;
	else if (v->nums != NULL)
		rc = pl_yaml_float64(y, val, &f);
	else
		rc = pl_yaml_string(y, val, &str);
	leave(y, val);
	free(str.s);
	if (rc < 0)
		return;
	if (!y->v3) {
		if (ns_has(&v->merged, s, n)) {
			struct buf q = { 0 };

			pl_go_quote(&q, s, n);
			bad(y, val, "key %s already set in map", q.s);
			buf_free(&q);
			return;
		}
		ns_add(&v->merged, s, n);
	}
	pl_rconf_add(v->map, s, n, rc == 1 && v->nums == NULL ? val->str : "",
	    rc == 1 && v->nums == NULL ? val->len : 0, val->line, val->col);
	if (v->nums != NULL) {
		*v->nums = xreallocarray(*v->nums, v->map->n, sizeof **v->nums);
		(*v->nums)[v->map->n - 1] = f;
	}
}

/* A mapping merged, counted as decoded. */
static void
merge_one(struct visit *v, const struct yl_node *m)
{
	if (enter(v->y, m) == 0)
		(void)visit(v, m);
	leave(v->y, m);
}

/* A merge key's value: a mapping, or a sequence of them. */
static void
merge(struct visit *v, const struct yl_node *val)
{
	size_t i;

	if (v->y->depth > 64) {
		fatal(v->y);
		bad(v->y, val, "merge keys nested too deeply");
		return;
	}
	v->y->depth++;
	if (val->kind == YL_MAP)
		merge_one(v, val);
	else if (val->kind == YL_SEQ && val->alias == NULL) {
		for (i = 0; i < val->n; i++)
			if (val->kids[i]->kind != YL_MAP) {
				fatal(v->y);
				bad(v->y, val->kids[i], "yaml: map merge requires "
				    "map or sequence of maps as the value");
				break;
			}
		/* v2 goes backwards with later ones overridden by earlier
		 * ones, v3 forwards with the first one kept: the same values */
		for (i = 0; i < val->n && val->kids[i]->kind == YL_MAP &&
		    !v->y->stop; i++) {
			size_t k = v->y->v3 ? i : val->n - 1 - i;

			if (val->kids[k]->kind == YL_MAP)
				merge_one(v, val->kids[k]);
		}
	} else {
		fatal(v->y);
		bad(v->y, val, "yaml: map merge requires map or sequence of maps "
		    "as the value");
	}
	v->y->depth--;
}

/* One mapping node: its members, then (v3) its merge. */
static int
visit(struct visit *v, const struct yl_node *map)
{
	struct pl_yaml *y = v->y;
	struct nset done = { HT_INIT, NULL, NULL, 0, 0 };
	const struct yl_node *mergeval = NULL;
	int was = v->merging;
	size_t i, n;
	const char *s;
	int f;

	if (y->v3 && v3_dups(y, map) != 0)
		return -1;
	for (i = 0; i < map->n && !y->stop; i++) {
		const struct yl_node *k = map->kids[2 * i];
		const struct yl_node *val = map->kids[2 * i + 1];

		if (is_merge(y, k)) {
			if (y->v3)
				mergeval = val;
			else
				merge(v, val);
			continue;
		}
		f = enter(y, k) == 0 ? key_string(y, k, &s, &n) : -1;
		leave(y, k);
		if (f != 0)
			continue;
		if (v->map != NULL) {
			map_member(v, k, s, n, val);
			continue;
		}
		if (y->v3 && v->merging) {
			if (ns_has(&v->merged, s, n))
				continue;
			ns_add(&v->merged, s, n);
		}
		if (!y->v3 && ns_has(&done, s, n)) {
			bad(y, k, "field %s already set in type %s", s, v->t->what);
			continue;
		}
		if ((f = ft_lookup(v->t, y->mode, s, n)) < 0) {
			bad(y, k, "field %s not found in type %s", s, v->t->what);
			continue;
		}
		ns_add(&done, s, n);
		if (enter(y, val) == 0)
			v->cb(v->arg, f, val);
		leave(y, val);
	}
	ns_free(&done);
	if (mergeval != NULL && !y->stop) {
		if (!v->merging)	/* the names of this mapping are taken */
			for (i = 0; i < map->n && count_all(y,
			    map->kids[2 * i]) == 0; i++)
				if (!is_merge(y, map->kids[2 * i]) &&
				    map->kids[2 * i]->kind == YL_SCALAR)
					ns_add(&v->merged, map->kids[2 * i]->str,
					    map->kids[2 * i]->len);
		v->merging = 1;
		merge(v, mergeval);
		v->merging = was;
	}
	return 0;
}

/* The start of decoding a mapping into gotype: 1 to go on, 0 for a
 * null, -1 after a type error. */
static int
mapping_start(struct pl_yaml *y, const struct yl_node *n, const char *gotype)
{
	struct rv r;

	if (pl_yaml_null(y, n))
		return 0;
	if (n->kind == YL_MAP)
		return 1;
	if (n->kind == YL_SEQ) {
		terror(y, n, "!!seq", gotype);
		return -1;
	}
	if (resolve(y, n, &r) != 0)
		return -1;
	terror(y, n, r.tag, gotype);
	return -1;
}

/* Decode the mapping n into gotype as v says: 0, or -1. */
static int
decode_map(struct visit *v, const struct yl_node *n, const char *gotype)
{
	int rc;

	if ((rc = mapping_start(v->y, n, gotype)) <= 0)
		return rc;
	rc = visit(v, n);
	ns_free(&v->merged);
	return rc;
}

int
pl_yaml_struct(struct pl_yaml *y, const struct yl_node *n,
    const struct ft_table *t, pl_yaml_member *cb, void *arg)
{
	struct visit v;

	if (y->stop)
		return -1;
	memset(&v, 0, sizeof v);
	v.y = y;
	v.t = t;
	v.cb = cb;
	v.arg = arg;
	return decode_map(&v, n, t->what);
}

int
pl_yaml_document(struct pl_yaml *y, const struct yl_node *root,
    const struct ft_table *t, pl_yaml_member *cb, void *arg)
{
	int rc;

	if (tick(y, root) != 0)		/* the document node */
		return -1;
	rc = enter(y, root) == 0 ? pl_yaml_struct(y, root, t, cb, arg) : -1;
	leave(y, root);
	if (y->dry_at != NULL)		/* the library would take it */
		stop(y, y->dry_at, "aliases expand to more than 64 MiB of "
		    "text: placekit's limit (Go's yaml shares it)");
	return y->stop ? -1 : rc;
}

int
pl_yaml_strmap(struct pl_yaml *y, const struct yl_node *n, struct pl_rconf *out,
    double **nums)
{
	struct visit v;

	memset(out, 0, sizeof *out);
	if (nums != NULL)
		*nums = NULL;
	if (y->stop)
		return -1;
	if (n != NULL) {
		out->line = n->line;
		out->col = n->col;
		out->set = n->kind == YL_MAP;	/* Go's map is not nil */
	}
	memset(&v, 0, sizeof v);
	v.y = y;
	v.map = out;
	v.nums = nums;
	return decode_map(&v, n, nums != NULL ? "map[string]float64" :
	    "map[string]string");
}

/* ---- sequences ---- */

int
pl_yaml_seq(struct pl_yaml *y, const struct yl_node *n, const char *gotype,
    int drop_null, pl_yaml_item *cb, void *arg)
{
	size_t i;
	int rc;

	if (y->stop)
		return -1;
	if (n != NULL && n->kind == YL_MAP) {
		if (!y->v3 || v3_dups(y, n) == 0)
			terror(y, n, "!!map", gotype);
		return -1;
	}
	if (n == NULL || n->kind != YL_SEQ) {
		rc = mapping_start(y, n, gotype);	/* null, or a scalar */
		return rc < 0 ? -1 : 0;
	}
	for (i = 0; i < n->n && !y->stop; i++) {
		const struct yl_node *it = n->kids[i];

		/* a null v3 drops is decoded all the same */
		if (enter(y, it) == 0 &&
		    !(drop_null && y->v3 && pl_yaml_null(y, it)))
			cb(arg, it);
		leave(y, it);
	}
	return y->stop ? -1 : 0;
}

/* ---- scalars ---- */

/* A scalar node into gotype: 1 with r, 0 null, -1 reported. */
static int
scalar(struct pl_yaml *y, const struct yl_node *n, const char *gotype,
    struct rv *r)
{
	if (y->stop || y->dry_at != NULL)	/* nothing decoded */
		return -1;
	if (n == NULL || pl_yaml_null(y, n))
		return 0;
	if (n->kind != YL_SCALAR) {
		if (n->kind == YL_SEQ)
			terror(y, n, "!!seq", gotype);
		else if (!y->v3 || v3_dups(y, n) == 0)
			terror(y, n, "!!map", gotype);
		return -1;
	}
	if (resolve(y, n, r) != 0)
		return -1;
	return r->k == R_NULL ? 0 : 1;
}

int
pl_yaml_string(struct pl_yaml *y, const struct yl_node *n, struct pl_cstr *out)
{
	struct rv r;
	int rc;

	memset(out, 0, sizeof *out);
	if (n != NULL) {
		out->line = n->line;
		out->col = n->col;
	}
	if ((rc = scalar(y, n, "string", &r)) <= 0)
		return rc;
	out->s = xmemdup0(n->str, n->len);
	out->n = n->len;
	out->set = 1;
	return 1;
}

int
pl_yaml_bool(struct pl_yaml *y, const struct yl_node *n, int *out)
{
	struct rv r;
	int rc;

	*out = 0;
	if ((rc = scalar(y, n, "bool", &r)) <= 0)
		return rc;
	if (r.k == R_BOOL) {
		*out = r.b;
		return 1;
	}
	if (y->v3 && (r.k == R_STR || r.k == R_OTHER) &&
	    pl_go_yaml11_bool(n->str) >= 0) {	/* v3: 1.1 booleans into a bool */
		*out = pl_go_yaml11_bool(n->str);
		return 1;
	}
	terror(y, n, r.tag, "bool");
	return -1;
}

/* Go's uint64(f) on amd64, for what yaml lets through (f <= 2^64). */
static uint64_t
go_f2u(double f)
{
	if (f < 9223372036854775808.0) {
		if (f <= -9223372036854775808.0)
			return UINT64_C(1) << 63;
		return (uint64_t)(int64_t)f;
	}
	if (f >= 18446744073709551616.0)
		return 0;
	return (uint64_t)(int64_t)(f - 9223372036854775808.0) ^
	    (UINT64_C(1) << 63);
}

int
pl_yaml_uint64(struct pl_yaml *y, const struct yl_node *n, uint64_t *out)
{
	struct rv r;
	int rc;

	*out = 0;
	if ((rc = scalar(y, n, "uint64", &r)) <= 0)
		return rc;
	if (r.k == R_INT && r.i >= 0) {
		*out = (uint64_t)r.i;
		return 1;
	}
	if (r.k == R_UINT) {
		*out = r.u;
		return 1;
	}
	if (r.k == R_FLOAT && r.f <= 18446744073709551616.0) {	/* not NaN */
		*out = go_f2u(r.f);
		return 1;
	}
	terror(y, n, r.tag, "uint64");
	return -1;
}

int
pl_yaml_float64(struct pl_yaml *y, const struct yl_node *n, double *out)
{
	struct rv r;
	int rc;

	*out = 0;
	if ((rc = scalar(y, n, "float64", &r)) <= 0)
		return rc;
	if (r.k == R_INT)
		*out = (double)r.i;
	else if (r.k == R_UINT)
		*out = (double)r.u;
	else if (r.k == R_FLOAT)
		*out = r.f;
	else {
		terror(y, n, r.tag, "float64");
		return -1;
	}
	return 1;
}
