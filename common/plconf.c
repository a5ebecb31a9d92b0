/*
 * plconf.c - strict decoding of a YuniKorn queue configuration (plconf.h).
 *
 * The scheduler decodes with Go's yaml (strict mode): keys are the
 * lower-cased field names, unknown keys fail, a string field takes any
 * scalar, a boolean field takes YAML 1.1 booleans written plain, null
 * leaves a field at its zero value, and "<<" merge keys work. The fields
 * placement does not use (resources, limits, preemption, ...) are checked
 * for their shape only. Every record is described by a field table
 * (ftab.h), which also checks the kinds of the values.
 */
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>

#include "exitcode.h"
#include "ftab.h"
#include "htab.h"
#include "plconf.h"
#include "xalloc.h"

struct dec {
	const char *file;
	enum pl_compat c;
	struct diag *d;
	int nerr;
	struct ft ft;		/* each record copies it: the reporting */
	struct buf msg;
};

/* ---- the field tables ---- */

/* The fields of a record. */
#define F(name, kind) { name, kind, 0, 0, 0, NULL, NULL }
#define FW(name, kind, want) { name, kind, 0, 0, 0, want, NULL }
#define FS(name, kind, sub) { name, kind, 0, 0, 0, NULL, sub }
/* The modes: keys only some releases know (dec_init sets them). */
enum { K_TEMPLATE = 1, K_WEIGHTS = 2, K_QUOTAPREEMPTION = 4, K_RESOLVER = 8 };

/* The values of a mapping of strings or of numbers, the items of a list. */
static const struct ft_field str_item[] = { F(NULL, FT_STR) };
static const struct ft_field num_item[] = { F(NULL, FT_NUM) };
static const struct ft_table strings = FT_TABLE("a string", str_item, 0);
static const struct ft_table numbers = FT_TABLE("a number", num_item, 0);
#define STRS(name) { name, FT_SEQ, 0, 0, 0, "a sequence of strings", &strings }

/* The shapes of the fields placement does not use. */
static const struct ft_field resources_f[] = {
	FS("guaranteed", FT_MAP, &strings), FS("max", FT_MAP, &strings)
};
static const struct ft_table resources = FT_TABLE("resources", resources_f, 0);
static const struct ft_field limit_f[] = {
	F("limit", FT_STR), STRS("users"), STRS("groups"),
	FS("maxresources", FT_MAP, &strings), F("maxapplications", FT_UINT)
};
static const struct ft_table limits = FT_TABLE("limits", limit_f, 0);
static const struct ft_field template_f[] = {
	F("maxapplications", FT_UINT), FS("properties", FT_MAP, &strings),
	FS("resources", FT_MAP, &resources)
};
static const struct ft_table template =
    FT_TABLE("childtemplate", template_f, 0);
static const struct ft_field preemption_f[] = {
	F("enabled", FT_BOOL),
	{ "quotapreemptionenabled", FT_BOOL, 0, K_QUOTAPREEMPTION, 0, NULL, NULL }
};
static const struct ft_table preemption =
    FT_TABLE("preemption", preemption_f, 0);
static const struct ft_field nodesort_f[] = {
	F("type", FT_STR),
	{ "resourceweights", FT_MAP, 0, K_WEIGHTS, 0, NULL, &numbers }
};
static const struct ft_table nodesort =
    FT_TABLE("nodesortpolicy", nodesort_f, 0);
static const struct ft_field resolver_f[] = { F("type", FT_STR) };
static const struct ft_table resolver =
    FT_TABLE("usergroupresolver", resolver_f, 0);

/* The records decoded for placement, and their shape-only fields. */
static const struct ft_field filter_f[] = {
	F("type", FT_STR), STRS("users"), STRS("groups")
};
enum { FI_TYPE, FI_USERS, FI_GROUPS };
static const struct ft_table filter = FT_TABLE("a filter", filter_f, 0);

static const struct ft_field rule_f[] = {
	F("name", FT_STR), F("value", FT_STR), F("create", FT_BOOL),
	F("filter", FT_MAP), F("parent", FT_ANY)
};
enum { RU_NAME, RU_VALUE, RU_CREATE, RU_FILTER, RU_PARENT };
static const struct ft_table rule = FT_TABLE("a placement rule", rule_f, 0);

static const struct ft_field queue_f[] = {
	F("name", FT_STR), F("parent", FT_BOOL), F("submitacl", FT_STR),
	F("adminacl", FT_STR), FW("queues", FT_SEQ, "a sequence of queues"),
	FS("resources", FT_MAP, &resources), F("maxapplications", FT_UINT),
	FS("properties", FT_MAP, &strings),
	{ "childtemplate", FT_MAP, 0, K_TEMPLATE, 0, NULL, &template },
	FS("limits", FT_SEQ, &limits)
};
enum { QU_NAME, QU_PARENT, QU_SUBMITACL, QU_ADMINACL, QU_QUEUES,
	QU_RESOURCES };
static const struct ft_table queue = FT_TABLE("a queue", queue_f, 0);

static const struct ft_field part_f[] = {
	F("name", FT_STR), FW("queues", FT_SEQ, "a sequence of queues"),
	FW("placementrules", FT_SEQ, "a sequence of rules"),
	{ "usergroupresolver", FT_MAP, 0, K_RESOLVER, 0, NULL, &resolver },
	FS("limits", FT_SEQ, &limits), FS("preemption", FT_MAP, &preemption),
	FS("nodesortpolicy", FT_MAP, &nodesort)
};
enum { PA_NAME, PA_QUEUES, PA_RULES, PA_RESOLVER };
static const struct ft_table part = FT_TABLE("a partition", part_f, 0);

static const struct ft_field conf_f[] = {
	F("checksum", FT_STR), F("partitions", FT_SEQ)
};
enum { CO_CHECKSUM, CO_PARTITIONS };
static const struct ft_table config = FT_TABLE("the configuration", conf_f, 0);

/* ---- reporting ---- */

/* An error at node n (or nowhere in particular). */
#define bad(x, n, ...) pl_conf_err((x)->d, &(x)->nerr, (x)->file, \
	(n) != NULL ? (n)->line : 0, (n) != NULL ? (n)->col : 0, __VA_ARGS__)

/* ft's positions: the key of an unknown pair, else the value. */
static struct pos
where(void *arg, const struct ft_err *e)
{
	const struct dec *x = arg;
	const struct yl_node *n = e->code == FT_E_UNKNOWN ? e->key : e->val;
	struct pos p = { x->file, 0, 0 };

	if (n != NULL) {
		p.line = n->line;
		p.col = n->col;
	}
	return p;
}

/* ft's reports: configuration errors, counted. */
static int
report(struct ft *ft, const struct ft_err *e)
{
	struct dec *x = ft->arg;
	struct pos p = ft_pos(ft, e);

	ft_message(ft, e, &x->msg);
	bad(x, &p, "%s", x->msg.s);
	return EXIT_CONFIG;
}

/* The keys release v knows, as field table modes. */
static unsigned
keys(const struct pl_ver *v)
{
	return (v->childtemplate != PL_TEMPLATE_UNKNOWN ? K_TEMPLATE : 0) |
	    (v->resourceweights_key ? K_WEIGHTS : 0) |
	    (v->quotapreemption_key ? K_QUOTAPREEMPTION : 0) |
	    (v->resolver_key ? K_RESOLVER : 0);
}

static void
dec_init(struct dec *x, const char *file, enum pl_compat c, struct diag *d)
{
	memset(x, 0, sizeof *x);
	x->file = file;
	x->c = c;
	x->d = d;
	ft_init(&x->ft, d, EXIT_CONFIG, where, x);
	x->ft.mode = keys(pl_ver(c));
	x->ft.report = report;
}

static int
dec_done(struct dec *x)
{
	buf_free(&x->msg);
	return x->nerr;
}

static const char *
kind(const struct yl_node *n)
{
	return yl_kind_name(n->kind);
}

static int
is_null(const struct yl_node *n)
{
	return n == NULL || (n->kind == YL_SCALAR && n->plain &&
	    (n->tag == NULL || strcmp(n->tag, "tag:yaml.org,2002:str") != 0) &&
	    yl_is_null(n));
}

/* ---- mapping pairs, with "<<" merge keys ---- */

struct kv {
	const struct yl_node *k, *v;
};

struct pairs {
	struct kv *p;
	size_t n, cap;
	struct ht index;	/* by key */
};

static int
is_merge(const struct yl_node *k)
{
	return k->kind == YL_SCALAR && ((k->plain && strcmp(k->str, "<<") == 0) ||
	    (k->tag != NULL && strcmp(k->tag, "tag:yaml.org,2002:merge") == 0));
}

/* Add the pair unless its key is there: the first one wins. */
static void
add_pair(struct pairs *ps, const struct yl_node *k, const struct yl_node *v)
{
	uint64_t h = ht_hash(k->str, k->len);
	const struct yl_node *o;
	struct ht_probe pr;
	uint32_t i;

	ht_probe(&ps->index, h, &pr);
	while ((i = ht_next(&ps->index, &pr)) != HT_NONE) {
		o = ps->p[i].k;
		if (o->len == k->len && memcmp(o->str, k->str, k->len) == 0)
			return;
	}
	xgrow((void **)&ps->p, &ps->cap, ps->n + 1, sizeof *ps->p);
	ps->p[ps->n] = (struct kv){ k, v };
	ht_add(&ps->index, h, (uint32_t)ps->n++);
}

static void
pairs_free(struct pairs *ps)
{
	free(ps->p);
	ht_free(&ps->index);
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

		/* explicit pairs first, then merged ones */
		if (k->kind == YL_SCALAR && !is_merge(k))
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

/* The pairs of the mapping v, a record of t (none after an error, for null). */
static void
pairs_of(struct dec *x, const struct ft_table *t, const struct yl_node *v,
    struct pairs *ps)
{
	memset(ps, 0, sizeof *ps);
	if (ft_yaml_record(&x->ft, t, v) == 0)
		collect(x, v, ps, 0);
}

/* ---- records ---- */

/*
 * A mapping being decoded with its table: its first own fields are the
 * decoder's, the others placement does not use and are checked for
 * their shape only.
 */
struct rec {
	struct dec *x;
	struct ft ft;
	struct pairs ps;
	size_t at;
	int own;
	struct ft_val v[FT_MAXF];
};

static void
rec_begin(struct dec *x, struct rec *r, const struct ft_table *t, int own,
    const struct yl_node *v)
{
	pairs_of(x, t, v, &r->ps);
	r->x = x;
	r->ft = x->ft;
	ft_begin(&r->ft, t, r->v);
	r->at = 0;
	r->own = own;
}

static void get_str(const struct ft_val *, struct pl_cstr *);
static void check_shape(struct dec *, const struct ft_field *,
    const struct ft_val *);

/*
 * The field of the next pair, its value in r->v, or -1 at the end. An
 * unknown key is reported and passed over; a value of the wrong kind is
 * reported and taken as absent, as null is. A string the record keeps
 * in str[field] (str may be NULL) is stored there, and a field not its
 * own is checked: both are passed over.
 */
static int
rec_next(struct rec *r, struct pl_cstr *const *str)
{
	int f;

	while (r->at < r->ps.n) {
		f = ft_yaml(&r->ft, r->ps.p[r->at].k, r->ps.p[r->at].v);
		r->at++;
		if (f == FT_ERR)
			f = r->ft.field;
		if (f < 0)
			continue;
		if (f >= r->own)
			check_shape(r->x, &r->ft.t->f[f], &r->v[f]);
		else if (str != NULL && str[f] != NULL)
			get_str(&r->v[f], str[f]);
		else
			return f;
	}
	return -1;
}

static void
rec_end(struct rec *r)
{
	pairs_free(&r->ps);
}

static void check_record(struct dec *, const struct ft_table *,
    const struct yl_node *);

/* A field placement does not use: its shape only. */
static void
check_shape(struct dec *x, const struct ft_field *f, const struct ft_val *v)
{
	const struct yl_node *n = v->raw;
	const struct ft_table *sub = f->sub;
	struct ft_val item;
	struct pairs ps;
	size_t i;

	if (!v->seen || sub == NULL)
		return;
	if (f->kind == FT_SEQ) {
		for (i = 0; i < n->n; i++)
			if (sub->f[0].name == NULL)
				ft_yaml_item(&x->ft, sub->f, f->name, NULL,
				    n->kids[i], &item);
			else
				check_record(x, sub, n->kids[i]);
	} else if (sub->f[0].name == NULL) {
		pairs_of(x, sub, n, &ps);
		for (i = 0; i < ps.n; i++)
			ft_yaml_item(&x->ft, sub->f, f->name, ps.p[i].k,
			    ps.p[i].v, &item);
		pairs_free(&ps);
	} else
		check_record(x, sub, n);
}

static void
check_record(struct dec *x, const struct ft_table *t, const struct yl_node *v)
{
	struct rec r;

	rec_begin(x, &r, t, 0, v);
	while (rec_next(&r, NULL) >= 0)
		continue;
	rec_end(&r);
}

/* ---- scalar values ---- */

static void
get_str(const struct ft_val *v, struct pl_cstr *out)
{
	const struct yl_node *n = v->raw;

	free(out->s);
	memset(out, 0, sizeof *out);
	out->line = n->line;
	out->col = n->col;
	if (!v->seen)
		return;
	out->s = xmemdup0(v->s, v->n);
	out->n = v->n;
	out->set = 1;
}

/* A list of strings, each where it was written. */
static void
get_strlist(struct dec *x, const char *name, const struct ft_val *v,
    struct pl_cstr **out, size_t *nout)
{
	const struct yl_node *n = v->raw;
	struct ft_val item;
	size_t i;

	*out = NULL;
	*nout = 0;
	if (!v->seen)
		return;
	*out = xcalloc(n->n, sizeof **out);
	for (i = 0; i < n->n; i++) {
		const struct yl_node *it = n->kids[i];
		struct pl_cstr *s = &(*out)[*nout];

		if (ft_yaml_item(&x->ft, strings.f, name, NULL, it, &item) != 0)
			continue;
		s->line = it->line;
		s->col = it->col;
		if (item.seen) {
			s->s = xmemdup0(item.s, item.n);
			s->n = item.n;
			s->set = 1;
		} else
			s->s = xstrdup("");
		(*nout)++;
	}
}

/* ---- filters, rules, queues, partitions ---- */

static void
get_filter(struct dec *x, const struct ft_val *v, struct pl_filterconf *f)
{
	const struct yl_node *n = v->raw;
	struct pl_cstr *str[FT_MAXF] = { [FI_TYPE] = &f->type };
	struct rec r;
	int i;

	*f = (struct pl_filterconf){ .set = v->seen, .line = n->line,
	    .col = n->col };
	if (!v->seen)
		return;
	rec_begin(x, &r, &filter, FI_GROUPS + 1, n);
	while ((i = rec_next(&r, str)) >= 0) {
		if (i == FI_USERS)
			get_strlist(x, "users", &r.v[i], &f->users, &f->nusers);
		else
			get_strlist(x, "groups", &r.v[i], &f->groups,
			    &f->ngroups);
	}
	rec_end(&r);
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
	struct pl_cstr *str[FT_MAXF] = { [RU_NAME] = &r->name,
	    [RU_VALUE] = &r->value };
	struct rec rc;
	int i;

	r->line = v->line;
	r->col = v->col;
	if (depth > 64) {
		bad(x, v, "parent rules nested deeper than 64 levels");
		return;
	}
	rec_begin(x, &rc, &rule, RU_PARENT + 1, v);
	while ((i = rec_next(&rc, str)) >= 0) {
		if (i == RU_CREATE)
			r->create = (int)rc.v[i].i;
		else if (i == RU_FILTER)
			get_filter(x, &rc.v[i], &r->filter);
		else
			get_parent(x, rc.v[i].raw, r, depth);
	}
	rec_end(&rc);
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

static void get_queues(struct dec *, const struct ft_val *,
    struct pl_queueconf **, size_t *);

static void
get_queue(struct dec *x, const struct yl_node *v, struct pl_queueconf *q)
{
	struct pl_cstr *str[FT_MAXF] = { [QU_NAME] = &q->name,
	    [QU_SUBMITACL] = &q->submitacl, [QU_ADMINACL] = &q->adminacl };
	struct rec r;
	int i;

	q->line = v->line;
	q->col = v->col;
	rec_begin(x, &r, &queue, QU_RESOURCES + 1, v);
	while ((i = rec_next(&r, str)) >= 0) {
		if (i == QU_PARENT)
			q->parent = (int)r.v[i].i;
		else if (i == QU_QUEUES)
			get_queues(x, &r.v[i], &q->queues, &q->nqueues);
		else {
			check_shape(x, &queue_f[i], &r.v[i]);
			q->resources = resources_set(r.v[i].raw);
		}
	}
	rec_end(&r);
}

static void
get_queues(struct dec *x, const struct ft_val *v, struct pl_queueconf **out,
    size_t *nout)
{
	const struct yl_node *n = v->raw;
	size_t i;

	*out = NULL;
	*nout = 0;
	if (!v->seen)
		return;
	*out = xcalloc(n->n, sizeof **out);
	*nout = n->n;
	for (i = 0; i < n->n; i++)
		get_queue(x, n->kids[i], &(*out)[i]);
}

static void
get_rules(struct dec *x, const struct ft_val *v, struct pl_partconf *p)
{
	const struct yl_node *n = v->raw;
	size_t i;

	p->rules = NULL;
	p->nrules = 0;
	p->rules_set = v->seen;
	if (!v->seen)
		return;
	p->rules = xcalloc(n->n, sizeof *p->rules);
	p->nrules = n->n;
	for (i = 0; i < n->n; i++)
		get_rule(x, n->kids[i], &p->rules[i], 0);
}

/* usergroupresolver: {type: ...} (1.8) */
static void
get_resolver(struct dec *x, const struct yl_node *v, struct pl_cstr *type)
{
	struct pl_cstr *str[FT_MAXF] = { type };
	struct rec r;

	rec_begin(x, &r, &resolver, 1, v);
	while (rec_next(&r, str) >= 0)
		continue;
	rec_end(&r);
}

static void
get_part(struct dec *x, const struct yl_node *v, struct pl_partconf *p)
{
	struct pl_cstr *str[FT_MAXF] = { [PA_NAME] = &p->name };
	struct rec r;
	int i;

	*p = (struct pl_partconf){ .line = v->line, .col = v->col };
	rec_begin(x, &r, &part, PA_RESOLVER + 1, v);
	while ((i = rec_next(&r, str)) >= 0) {
		if (i == PA_QUEUES) {
			get_queues(x, &r.v[i], &p->queues, &p->nqueues);
			p->queues_set = r.v[i].seen;
		} else if (i == PA_RULES)
			get_rules(x, &r.v[i], p);
		else if (r.v[i].seen)
			get_resolver(x, r.v[i].raw, &p->resolver);
	}
	rec_end(&r);
}

/*
 * Decode v alone as the value of a partition's member key ("queues" or
 * "placementrules"): the tests decode queues or rules lists so.
 */
static int
part_member(struct pl_partconf *p, const char *file, const char *key,
    const struct yl_node *v, enum pl_compat c, struct diag *d)
{
	struct yl_node k = { .kind = YL_SCALAR, .plain = 1 };
	struct ft_val fv[FT_MAXF];
	struct dec x;
	struct ft ft;
	int i;

	dec_init(&x, file, c, d);
	ft = x.ft;
	k.str = (char *)key;
	k.len = strlen(key);
	ft_begin(&ft, &part, fv);
	if ((i = ft_yaml(&ft, &k, v)) == FT_ERR)
		i = ft.field;
	if (i == PA_QUEUES) {
		get_queues(&x, &fv[i], &p->queues, &p->nqueues);
		p->queues_set = fv[i].seen;
	} else
		get_rules(&x, &fv[i], p);
	return dec_done(&x);
}

int
pl_conf_decode_part(struct pl_partconf *p, const char *file,
    const struct yl_node *v, enum pl_compat c, struct diag *d)
{
	struct dec x;

	dec_init(&x, file, c, d);
	get_part(&x, v, p);
	return dec_done(&x);
}

int
pl_conf_decode_queues(struct pl_partconf *p, const char *file,
    const struct yl_node *v, enum pl_compat c, struct diag *d)
{
	return part_member(p, file, "queues", v, c, d);
}

int
pl_conf_decode_rules(struct pl_partconf *p, const char *file,
    const struct yl_node *v, enum pl_compat c, struct diag *d)
{
	return part_member(p, file, "placementrules", v, c, d);
}

int
pl_conf_decode(struct pl_conf *out, const struct yl_doc *doc, enum pl_compat c,
    struct diag *d)
{
	struct dec x;
	struct rec r;
	size_t j;
	int i;

	memset(out, 0, sizeof *out);
	out->file = doc->file;
	if (doc->root == NULL)
		return 0;
	dec_init(&x, doc->file, c, d);
	rec_begin(&x, &r, &config, CO_PARTITIONS + 1, doc->root);
	while ((i = rec_next(&r, NULL)) >= 0) {
		const struct yl_node *v = r.v[i].raw;

		if (i != CO_PARTITIONS || !r.v[i].seen)
			continue;
		out->parts = xcalloc(v->n, sizeof *out->parts);
		out->nparts = v->n;
		for (j = 0; j < v->n; j++)
			get_part(&x, v->kids[j], &out->parts[j]);
	}
	rec_end(&r);
	return dec_done(&x);
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
