/*
 * plconf.c - strict decoding of a YuniKorn queue configuration (plconf.h).
 *
 * The scheduler decodes with Go's yaml (strict mode): keys are the
 * lower-cased field names, unknown keys fail, a string field takes any
 * scalar, a boolean field takes YAML 1.1 booleans written plain, null
 * leaves a field at its zero value, and "<<" merge keys work. The fields
 * placement does not use (resources, limits, preemption, ...) are checked
 * for their shape only.
 */
#include <errno.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>

#include "exitcode.h"
#include "htab.h"
#include "plconf.h"
#include "xalloc.h"

struct dec {
	const char *file;
	enum pl_compat c;
	struct diag *d;
	int nerr;
};

/* Shapes of the fields placement does not use. */
enum ftype { T_STR, T_BOOL, T_UINT, T_STRMAP, T_FLOATMAP, T_STRLIST,
	T_STRUCT, T_LIST };

/* Keys only some releases know. */
enum since { ALWAYS, K_TEMPLATE, K_WEIGHTS, K_QUOTAPREEMPTION, K_RESOLVER };

struct field {
	const char *name;
	enum ftype type;
	const struct field *sub;	/* T_STRUCT, T_LIST */
	enum since since;		/* the releases that know the key */
};

static const struct field f_resources[] = {
	{ "guaranteed", T_STRMAP, NULL, 0 },
	{ "max", T_STRMAP, NULL, 0 },
	{ NULL, 0, NULL, 0 }
};
static const struct field f_limit[] = {
	{ "limit", T_STR, NULL, 0 },
	{ "users", T_STRLIST, NULL, 0 },
	{ "groups", T_STRLIST, NULL, 0 },
	{ "maxresources", T_STRMAP, NULL, 0 },
	{ "maxapplications", T_UINT, NULL, 0 },
	{ NULL, 0, NULL, 0 }
};
static const struct field f_template[] = {
	{ "maxapplications", T_UINT, NULL, 0 },
	{ "properties", T_STRMAP, NULL, 0 },
	{ "resources", T_STRUCT, f_resources, 0 },
	{ NULL, 0, NULL, 0 }
};
static const struct field f_preemption[] = {
	{ "enabled", T_BOOL, NULL, 0 },
	{ "quotapreemptionenabled", T_BOOL, NULL, K_QUOTAPREEMPTION },
	{ NULL, 0, NULL, 0 }
};
static const struct field f_nodesort[] = {
	{ "type", T_STR, NULL, 0 },
	{ "resourceweights", T_FLOATMAP, NULL, K_WEIGHTS },
	{ NULL, 0, NULL, 0 }
};
/* Queue and partition fields other than the ones decoded by hand. */
static const struct field f_queue[] = {
	{ "maxapplications", T_UINT, NULL, 0 },
	{ "properties", T_STRMAP, NULL, 0 },
	{ "childtemplate", T_STRUCT, f_template, K_TEMPLATE },
	{ "limits", T_LIST, f_limit, 0 },
	{ NULL, 0, NULL, 0 }
};
static const struct field f_partition[] = {
	{ "limits", T_LIST, f_limit, 0 },
	{ "preemption", T_STRUCT, f_preemption, 0 },
	{ "nodesortpolicy", T_STRUCT, f_nodesort, 0 },
	{ NULL, 0, NULL, 0 }
};

/* An error at node n (or nowhere in particular). */
#define bad(x, n, ...) pl_conf_err((x)->d, &(x)->nerr, (x)->file, \
	(n) != NULL ? (n)->line : 0, (n) != NULL ? (n)->col : 0, __VA_ARGS__)

static const char *
kind(const struct yl_node *n)
{
	return yl_kind_name(n->kind);
}

/* A scalar written as a string: quoted, block, or tagged !!str. */
static int
stringy(const struct yl_node *n)
{
	return !n->plain || (n->tag != NULL &&
	    strcmp(n->tag, "tag:yaml.org,2002:str") == 0);
}

static int
is_null(const struct yl_node *n)
{
	return n == NULL || (n->kind == YL_SCALAR && !stringy(n) && yl_is_null(n));
}

/* ---- mapping pairs, with "<<" merge keys ---- */

struct kv {
	const struct yl_node *k, *v;
};

struct pairs {
	struct kv *p;
	size_t n, cap;
	size_t *slot;		/* 1 + index in p, by key; NULL while few */
	size_t mask;
};

static int
is_merge(const struct yl_node *k)
{
	return k->kind == YL_SCALAR && ((k->plain && strcmp(k->str, "<<") == 0) ||
	    (k->tag != NULL && strcmp(k->tag, "tag:yaml.org,2002:merge") == 0));
}

static size_t
key_hash(const struct yl_node *k)
{
	return (size_t)ht_hash(k->str, k->len);
}

static int
same_key(const struct yl_node *a, const struct yl_node *b)
{
	return a->len == b->len && memcmp(a->str, b->str, a->len) == 0;
}

/* Index pairs by key once there are many (merges can bring thousands). */
static void
index_pairs(struct pairs *ps)
{
	size_t i, j;

	free(ps->slot);
	for (ps->mask = 63; ps->mask + 1 < 2 * ps->n; ps->mask = 2 * ps->mask + 1)
		;
	ps->slot = xcalloc(ps->mask + 1, sizeof *ps->slot);
	for (i = 0; i < ps->n; i++) {
		for (j = key_hash(ps->p[i].k) & ps->mask; ps->slot[j] != 0;
		    j = (j + 1) & ps->mask)
			;
		ps->slot[j] = i + 1;
	}
}

static int
present(const struct pairs *ps, const struct yl_node *k)
{
	size_t i;

	if (ps->slot == NULL) {
		for (i = 0; i < ps->n; i++)
			if (same_key(ps->p[i].k, k))
				return 1;
		return 0;
	}
	for (i = key_hash(k) & ps->mask; ps->slot[i] != 0; i = (i + 1) & ps->mask)
		if (same_key(ps->p[ps->slot[i] - 1].k, k))
			return 1;
	return 0;
}

static void
add_pair(struct pairs *ps, const struct yl_node *k, const struct yl_node *v)
{
	xgrow((void **)&ps->p, &ps->cap, ps->n + 1, sizeof *ps->p);
	ps->p[ps->n++] = (struct kv){ k, v };
	if (ps->n > 16 && (ps->slot == NULL || 2 * ps->n > ps->mask + 1))
		index_pairs(ps);
	else if (ps->slot != NULL) {
		size_t j;

		for (j = key_hash(k) & ps->mask; ps->slot[j] != 0;
		    j = (j + 1) & ps->mask)
			;
		ps->slot[j] = ps->n;
	}
}

static void
pairs_free(struct pairs *ps)
{
	free(ps->p);
	free(ps->slot);
}

static void collect(struct dec *, const struct yl_node *, struct pairs *, int);

static void
merge_from(struct dec *x, const struct yl_node *v, struct pairs *ps, int depth)
{
	size_t i;

	if (v->kind == YL_MAP) {
		collect(x, v, ps, depth + 1);
		return;
	}
	if (v->kind == YL_SEQ) {
		for (i = 0; i < v->n; i++) {
			if (v->kids[i]->kind != YL_MAP)
				bad(x, v->kids[i], "a merge key takes mappings, "
				    "not %s", kind(v->kids[i]));
			else
				collect(x, v->kids[i], ps, depth + 1);
		}
		return;
	}
	bad(x, v, "a merge key takes a mapping, not %s", kind(v));
}

static void
collect(struct dec *x, const struct yl_node *map, struct pairs *ps, int depth)
{
	size_t i;

	if (depth > 64) {
		bad(x, map, "merge keys nested too deeply");
		return;
	}
	for (i = 0; i < map->n; i++) {
		const struct yl_node *k = map->kids[2 * i];

		if (k->kind != YL_SCALAR || is_merge(k))
			continue;
		if (!present(ps, k))	/* the first one wins: explicit, then merged */
			add_pair(ps, k, map->kids[2 * i + 1]);
	}
	for (i = 0; i < map->n; i++) {
		const struct yl_node *k = map->kids[2 * i];

		if (k->kind != YL_SCALAR)
			bad(x, k, "a key must be a scalar, not %s", kind(k));
		else if (is_merge(k))
			merge_from(x, map->kids[2 * i + 1], ps, depth);
	}
}

/* The pairs of a mapping value, or none after an error (null: none). */
static void
pairs_of(struct dec *x, const struct yl_node *v, const char *what,
    struct pairs *ps)
{
	memset(ps, 0, sizeof *ps);
	if (is_null(v))
		return;
	if (v->kind != YL_MAP) {
		bad(x, v, "%s must be a mapping, not %s", what, kind(v));
		return;
	}
	collect(x, v, ps, 0);
}

/* ---- scalar values ---- */

static void
get_str(struct dec *x, const struct yl_node *k, const struct yl_node *v,
    struct pl_cstr *out)
{
	free(out->s);
	memset(out, 0, sizeof *out);
	out->line = v->line;
	out->col = v->col;
	if (v->kind != YL_SCALAR) {
		bad(x, v, "'%s' must be a string, not %s", k->str, kind(v));
		return;
	}
	if (is_null(v))
		return;
	out->s = xmemdup0(v->str, v->len);
	out->n = v->len;
	out->set = 1;
}

static const char *const yes[] = { "y", "Y", "yes", "Yes", "YES", "true",
	"True", "TRUE", "on", "On", "ON", NULL };
static const char *const no[] = { "n", "N", "no", "No", "NO", "false",
	"False", "FALSE", "off", "Off", "OFF", NULL };

static int
word(const char *const *list, const char *s)
{
	for (; *list != NULL; list++)
		if (strcmp(*list, s) == 0)
			return 1;
	return 0;
}

static void
get_bool(struct dec *x, const struct yl_node *k, const struct yl_node *v,
    int *out)
{
	*out = 0;
	if (v->kind == YL_SCALAR && is_null(v))
		return;
	if (v->kind == YL_SCALAR && !stringy(v) && word(yes, v->str)) {
		*out = 1;
		return;
	}
	if (v->kind == YL_SCALAR && !stringy(v) && word(no, v->str))
		return;
	if (v->kind == YL_SCALAR)
		bad(x, v, "'%s' must be true or false, not '%s'", k->str, v->str);
	else
		bad(x, v, "'%s' must be true or false, not %s", k->str, kind(v));
}

static void
check_uint(struct dec *x, const struct yl_node *k, const struct yl_node *v)
{
	const char *s;
	char *end;
	int base = 10;

	if (v->kind == YL_SCALAR && is_null(v))
		return;
	if (v->kind != YL_SCALAR || stringy(v))
		goto fail;
	s = v->str;
	if (*s == '+')
		s++;
	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
		base = 16, s += 2;
	else if (s[0] == '0' && (s[1] == 'o' || s[1] == 'O'))
		base = 8, s += 2;
	else if (s[0] == '0' && (s[1] == 'b' || s[1] == 'B'))
		base = 2, s += 2;
	if (*s == '\0' || *s == '-' || *s == '+' || *s == ' ')
		goto fail;
	errno = 0;
	(void)strtoull(s, &end, base);
	if (errno == 0 && *end == '\0')
		return;
fail:
	bad(x, v, "'%s' must be a non-negative integer, not %s%s%s", k->str,
	    v->kind == YL_SCALAR ? "'" : "", v->kind == YL_SCALAR ? v->str :
	    kind(v), v->kind == YL_SCALAR ? "'" : "");
}

static void
check_float(struct dec *x, const struct yl_node *k, const struct yl_node *v)
{
	char *end;

	if (v->kind == YL_SCALAR && !stringy(v)) {
		if (is_null(v))
			return;
		if (word((const char *const[]){ ".inf", ".Inf", ".INF", "+.inf",
		    "+.Inf", "+.INF", "-.inf", "-.Inf", "-.INF", ".nan", ".NaN",
		    ".NAN", NULL }, v->str))
			return;
		(void)strtod(v->str, &end);
		if (end != v->str && *end == '\0')
			return;
	}
	bad(x, v, "'%s' must be a number", k->str);
}

static void
check_strmap(struct dec *x, const struct yl_node *k, const struct yl_node *v,
    int floats)
{
	struct pairs ps;
	size_t i;

	pairs_of(x, v, k->str, &ps);
	for (i = 0; i < ps.n; i++) {
		if (floats)
			check_float(x, ps.p[i].k, ps.p[i].v);
		else if (ps.p[i].v->kind != YL_SCALAR)
			bad(x, ps.p[i].v, "'%s' in '%s' must be a string, not %s",
			    ps.p[i].k->str, k->str, kind(ps.p[i].v));
	}
	pairs_free(&ps);
}

/* A list of strings; *out gets the items unless out is NULL. */
static void
get_strlist(struct dec *x, const struct yl_node *k, const struct yl_node *v,
    struct pl_cstr **out, size_t *nout)
{
	size_t i;

	if (out != NULL) {
		*out = NULL;
		*nout = 0;
	}
	if (is_null(v))
		return;
	if (v->kind != YL_SEQ) {
		bad(x, v, "'%s' must be a sequence of strings, not %s", k->str,
		    kind(v));
		return;
	}
	if (out != NULL)
		*out = xcalloc(v->n, sizeof **out);
	for (i = 0; i < v->n; i++) {
		const struct yl_node *it = v->kids[i];

		if (it->kind != YL_SCALAR) {
			bad(x, it, "an item of '%s' must be a string, not %s",
			    k->str, kind(it));
			continue;
		}
		if (out == NULL)
			continue;
		(*out)[*nout].line = it->line;
		(*out)[*nout].col = it->col;
		if (!is_null(it)) {
			(*out)[*nout].s = xmemdup0(it->str, it->len);
			(*out)[*nout].n = it->len;
			(*out)[*nout].set = 1;
		} else
			(*out)[*nout].s = xstrdup("");
		(*nout)++;
	}
}

static void check_struct(struct dec *, const struct yl_node *, const char *,
    const struct field *);

static int
known(enum pl_compat c, enum since since)
{
	const struct pl_ver *v = pl_ver(c);

	switch (since) {
	case ALWAYS:
		return 1;
	case K_TEMPLATE:
		return v->childtemplate != PL_TEMPLATE_UNKNOWN;
	case K_WEIGHTS:
		return v->resourceweights_key;
	case K_QUOTAPREEMPTION:
		return v->quotapreemption_key;
	case K_RESOLVER:
		return v->resolver_key;
	}
	return 0;
}

/* A field from a table; 0 if the key is not in it. */
static int
check_field(struct dec *x, const struct yl_node *k, const struct yl_node *v,
    const struct field *tab)
{
	size_t i;

	for (; tab->name != NULL; tab++) {
		if (strcmp(tab->name, k->str) != 0)
			continue;
		if (!known(x->c, tab->since))
			return 0;
		switch (tab->type) {
		case T_STR:
			if (v->kind != YL_SCALAR)
				bad(x, v, "'%s' must be a string, not %s", k->str,
				    kind(v));
			break;
		case T_BOOL: {
			int b;

			get_bool(x, k, v, &b);
			break;
		}
		case T_UINT:
			check_uint(x, k, v);
			break;
		case T_STRMAP:
		case T_FLOATMAP:
			check_strmap(x, k, v, tab->type == T_FLOATMAP);
			break;
		case T_STRLIST:
			get_strlist(x, k, v, NULL, NULL);
			break;
		case T_STRUCT:
			check_struct(x, v, k->str, tab->sub);
			break;
		case T_LIST:
			if (is_null(v))
				break;
			if (v->kind != YL_SEQ) {
				bad(x, v, "'%s' must be a sequence, not %s", k->str,
				    kind(v));
				break;
			}
			for (i = 0; i < v->n; i++)
				check_struct(x, v->kids[i], k->str, tab->sub);
			break;
		}
		return 1;
	}
	return 0;
}

static void
unknown(struct dec *x, const struct yl_node *k, const char *what)
{
	bad(x, k, "unknown key '%s' in %s", k->str, what);
}

static void
check_struct(struct dec *x, const struct yl_node *v, const char *what,
    const struct field *tab)
{
	struct pairs ps;
	size_t i;

	pairs_of(x, v, what, &ps);
	for (i = 0; i < ps.n; i++)
		if (!check_field(x, ps.p[i].k, ps.p[i].v, tab))
			unknown(x, ps.p[i].k, what);
	pairs_free(&ps);
}

/* ---- filters, rules, queues, partitions ---- */

static void
get_filter(struct dec *x, const struct yl_node *v, struct pl_filterconf *f)
{
	struct pairs ps;
	size_t i;

	memset(f, 0, sizeof *f);
	f->line = v->line;
	f->col = v->col;
	pairs_of(x, v, "'filter'", &ps);
	f->set = !is_null(v) && v->kind == YL_MAP;
	for (i = 0; i < ps.n; i++) {
		const struct yl_node *k = ps.p[i].k, *val = ps.p[i].v;

		if (strcmp(k->str, "type") == 0)
			get_str(x, k, val, &f->type);
		else if (strcmp(k->str, "users") == 0)
			get_strlist(x, k, val, &f->users, &f->nusers);
		else if (strcmp(k->str, "groups") == 0)
			get_strlist(x, k, val, &f->groups, &f->ngroups);
		else
			unknown(x, k, "a filter");
	}
	pairs_free(&ps);
}

static void get_rule(struct dec *, const struct yl_node *, struct pl_ruleconf *,
    int depth);

static void
get_parent(struct dec *x, const struct yl_node *v, struct pl_ruleconf *r,
    int depth)
{
	if (is_null(v))
		return;
	if (v->kind == YL_SEQ && v->n == 1 && v->kids[0]->kind == YL_MAP) {
		r->parent_listed = 1;	/* "parent: [- name: ...]", the docs */
		v = v->kids[0];
	} else if (v->kind != YL_MAP) {
		bad(x, v, "'parent' must be one rule (a mapping), not %s%s",
		    kind(v), v->kind == YL_SEQ ? " of more than one rule" : "");
		return;
	}
	r->parent = xcalloc(1, sizeof *r->parent);
	get_rule(x, v, r->parent, depth + 1);
}

static void
get_rule(struct dec *x, const struct yl_node *v, struct pl_ruleconf *r,
    int depth)
{
	struct pairs ps;
	size_t i;

	r->line = v->line;
	r->col = v->col;
	if (depth > 64) {
		bad(x, v, "parent rules nested deeper than 64 levels");
		return;
	}
	pairs_of(x, v, "a placement rule", &ps);
	for (i = 0; i < ps.n; i++) {
		const struct yl_node *k = ps.p[i].k, *val = ps.p[i].v;

		if (strcmp(k->str, "name") == 0)
			get_str(x, k, val, &r->name);
		else if (strcmp(k->str, "value") == 0)
			get_str(x, k, val, &r->value);
		else if (strcmp(k->str, "create") == 0)
			get_bool(x, k, val, &r->create);
		else if (strcmp(k->str, "filter") == 0)
			get_filter(x, val, &r->filter);
		else if (strcmp(k->str, "parent") == 0)
			get_parent(x, val, r, depth);
		else
			unknown(x, k, "a placement rule");
	}
	pairs_free(&ps);
}

/* Are resources.guaranteed or resources.max given (not null)? */
static int
resources_set(const struct yl_node *v)
{
	const struct yl_node *g, *m;

	if (v == NULL || v->kind != YL_MAP)
		return 0;
	g = yl_get(v, "guaranteed");
	m = yl_get(v, "max");
	return (g != NULL && !is_null(g)) || (m != NULL && !is_null(m));
}

static void get_queues(struct dec *, const struct yl_node *, const struct yl_node *,
    struct pl_queueconf **, size_t *);

/* usergroupresolver: {type: ...} (1.8) */
static void
get_resolver(struct dec *x, const struct yl_node *v, struct pl_cstr *type)
{
	struct pairs ps;
	size_t i;

	pairs_of(x, v, "usergroupresolver", &ps);
	for (i = 0; i < ps.n; i++) {
		if (strcmp(ps.p[i].k->str, "type") == 0)
			get_str(x, ps.p[i].k, ps.p[i].v, type);
		else
			unknown(x, ps.p[i].k, "usergroupresolver");
	}
	pairs_free(&ps);
}

static void
get_queue(struct dec *x, const struct yl_node *v, struct pl_queueconf *q)
{
	struct pairs ps;
	size_t i;

	q->line = v->line;
	q->col = v->col;
	pairs_of(x, v, "a queue", &ps);
	for (i = 0; i < ps.n; i++) {
		const struct yl_node *k = ps.p[i].k, *val = ps.p[i].v;

		if (strcmp(k->str, "name") == 0)
			get_str(x, k, val, &q->name);
		else if (strcmp(k->str, "parent") == 0)
			get_bool(x, k, val, &q->parent);
		else if (strcmp(k->str, "submitacl") == 0)
			get_str(x, k, val, &q->submitacl);
		else if (strcmp(k->str, "adminacl") == 0)
			get_str(x, k, val, &q->adminacl);
		else if (strcmp(k->str, "queues") == 0)
			get_queues(x, k, val, &q->queues, &q->nqueues);
		else if (strcmp(k->str, "resources") == 0) {
			check_struct(x, val, "resources", f_resources);
			q->resources = resources_set(val);
		} else if (!check_field(x, k, val, f_queue))
			unknown(x, k, "a queue");
	}
	pairs_free(&ps);
}

static void
get_queues(struct dec *x, const struct yl_node *k, const struct yl_node *v,
    struct pl_queueconf **out, size_t *nout)
{
	size_t i;

	*out = NULL;
	*nout = 0;
	if (is_null(v))
		return;
	if (v->kind != YL_SEQ) {
		bad(x, v, "'%s' must be a sequence of queues, not %s", k->str,
		    kind(v));
		return;
	}
	*out = xcalloc(v->n, sizeof **out);
	*nout = v->n;
	for (i = 0; i < v->n; i++)
		get_queue(x, v->kids[i], &(*out)[i]);
}

static void
get_rules(struct dec *x, const struct yl_node *k, const struct yl_node *v,
    struct pl_partconf *p)
{
	size_t i;

	p->rules = NULL;
	p->nrules = 0;
	p->rules_set = 0;
	if (is_null(v))
		return;
	if (v->kind != YL_SEQ) {
		bad(x, v, "'%s' must be a sequence of rules, not %s", k->str,
		    kind(v));
		return;
	}
	p->rules_set = 1;
	p->rules = xcalloc(v->n, sizeof *p->rules);
	p->nrules = v->n;
	for (i = 0; i < v->n; i++)
		get_rule(x, v->kids[i], &p->rules[i], 0);
}

static void
get_part(struct dec *x, const struct yl_node *v, struct pl_partconf *p)
{
	struct pairs ps;
	size_t i;

	memset(p, 0, sizeof *p);
	p->line = v->line;
	p->col = v->col;
	pairs_of(x, v, "a partition", &ps);
	for (i = 0; i < ps.n; i++) {
		const struct yl_node *k = ps.p[i].k, *val = ps.p[i].v;

		if (strcmp(k->str, "name") == 0)
			get_str(x, k, val, &p->name);
		else if (strcmp(k->str, "queues") == 0) {
			get_queues(x, k, val, &p->queues, &p->nqueues);
			p->queues_set = !is_null(val) && val->kind == YL_SEQ;
		} else if (strcmp(k->str, "placementrules") == 0)
			get_rules(x, k, val, p);
		else if (strcmp(k->str, "usergroupresolver") == 0 &&
		    known(x->c, K_RESOLVER))
			get_resolver(x, val, &p->resolver);
		else if (!check_field(x, k, val, f_partition))
			unknown(x, k, "a partition");
	}
	pairs_free(&ps);
}

int
pl_conf_decode_part(struct pl_partconf *p, const char *file,
    const struct yl_node *v, enum pl_compat c, struct diag *d)
{
	struct dec x = { file, c, d, 0 };

	get_part(&x, v, p);
	return x.nerr;
}

int
pl_conf_decode_queues(struct pl_partconf *p, const char *file,
    const struct yl_node *v, enum pl_compat c, struct diag *d)
{
	struct dec x = { file, c, d, 0 };
	struct yl_node k = { .kind = YL_SCALAR, .str = "queues", .len = 6 };

	get_queues(&x, &k, v, &p->queues, &p->nqueues);
	p->queues_set = !is_null(v) && v->kind == YL_SEQ;
	return x.nerr;
}

int
pl_conf_decode_rules(struct pl_partconf *p, const char *file,
    const struct yl_node *v, enum pl_compat c, struct diag *d)
{
	struct dec x = { file, c, d, 0 };
	struct yl_node k = { .kind = YL_SCALAR, .str = "placementrules", .len = 14 };

	get_rules(&x, &k, v, p);
	return x.nerr;
}

int
pl_conf_decode(struct pl_conf *conf, const struct yl_doc *doc, enum pl_compat c,
    struct diag *d)
{
	struct dec x = { doc->file, c, d, 0 };
	struct pairs ps;
	size_t i, j;

	memset(conf, 0, sizeof *conf);
	conf->file = doc->file;
	if (doc->root == NULL)
		return 0;
	pairs_of(&x, doc->root, "the configuration", &ps);
	for (i = 0; i < ps.n; i++) {
		const struct yl_node *k = ps.p[i].k, *v = ps.p[i].v;

		if (strcmp(k->str, "checksum") == 0) {
			if (v->kind != YL_SCALAR)
				bad(&x, v, "'checksum' must be a string, not %s",
				    kind(v));
		} else if (strcmp(k->str, "partitions") == 0) {
			if (is_null(v))
				continue;
			if (v->kind != YL_SEQ) {
				bad(&x, v, "'partitions' must be a sequence, not %s",
				    kind(v));
				continue;
			}
			conf->parts = xcalloc(v->n, sizeof *conf->parts);
			conf->nparts = v->n;
			for (j = 0; j < v->n; j++)
				get_part(&x, v->kids[j], &conf->parts[j]);
		} else
			unknown(&x, k, "the configuration");
	}
	pairs_free(&ps);
	return x.nerr;
}

static void
cstr_free(struct pl_cstr *s)
{
	free(s->s);
}

static void
cstrs_free(struct pl_cstr *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		cstr_free(&v[i]);
	free(v);
}

static void
rule_free(struct pl_ruleconf *r)
{
	cstr_free(&r->name);
	cstr_free(&r->value);
	cstr_free(&r->filter.type);
	cstrs_free(r->filter.users, r->filter.nusers);
	cstrs_free(r->filter.groups, r->filter.ngroups);
	if (r->parent != NULL) {
		rule_free(r->parent);
		free(r->parent);
	}
}

static void
queues_free(struct pl_queueconf *q, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		cstr_free(&q[i].name);
		cstr_free(&q[i].submitacl);
		cstr_free(&q[i].adminacl);
		queues_free(q[i].queues, q[i].nqueues);
	}
	free(q);
}

void
pl_partconf_free(struct pl_partconf *p)
{
	size_t i;

	cstr_free(&p->name);
	cstr_free(&p->resolver);
	queues_free(p->queues, p->nqueues);
	for (i = 0; i < p->nrules; i++)
		rule_free(&p->rules[i]);
	free(p->rules);
	memset(p, 0, sizeof *p);
}

void
pl_conf_free(struct pl_conf *conf)
{
	size_t i;

	for (i = 0; i < conf->nparts; i++)
		pl_partconf_free(&conf->parts[i]);
	free(conf->parts);
	memset(conf, 0, sizeof *conf);
}
