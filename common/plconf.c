/*
 * plconf.c - decoding a YuniKorn queue configuration (plconf.h).
 *
 * The scheduler decodes into its Go structs (pkg/common/configs) with
 * yaml.v2 strict up to 1.3 and yaml.v3 with known fields from 1.4; plyaml
 * does what the library does with each node, this file names the structs
 * and their fields, release by release: checksum from 0.11, childtemplate
 * and resourceweights from 0.12, statedumpfilepath from 1.0 to 1.4,
 * usergroupresolver and quotapreemptionenabled from 1.8. The messages of
 * a release are collected while decoding and passed on at the end, a
 * fatal one ("cannot decode", a bad merge) first: the library stops there
 * and says only that.
 */
#include <stdio.h>
#include <stdlib.h>

#include "exitcode.h"
#include "plconf.h"
#include "plvsw.h"
#include "plyaml.h"
#include "xalloc.h"

struct dec {
	const struct pl_vsw *sw;
	struct pl_yaml y;
	struct pl_vout o;
	int nerr;
};

/* A member callback's argument: the decoder and what it fills. */
struct fill {
	struct dec *x;
	void *to;
	int depth;
};

#define KEY(k) (strcmp(name, (k)) == 0)

static void get_queues(struct dec *, const struct yl_node *,
    struct pl_queueconf **, size_t *);

/*
 * A list of structs of gotype ("[]configs.Limit"), each item decoded by
 * one into an element of size bytes of a new array (*out, *nout; nothing
 * when there are none). An item that does not decode (one returns -1) is
 * left out, as the library leaves it out; free frees what it holds.
 */
static void
get_list(struct dec *x, const struct yl_node *v, const char *gotype,
    size_t size, int (*one)(struct dec *, const struct yl_node *, void *),
    void (*fr)(void *), void **out, size_t *nout)
{
	const struct yl_node **items;
	size_t n, i;

	*out = NULL;
	*nout = 0;
	if (pl_yaml_seq(&x->y, v, gotype, 1, &items, &n) == 0 && n > 0) {
		*out = xcalloc(n, size);
		for (i = 0; i < n; i++) {
			void *e = (char *)*out + *nout * size;

			if (one(x, items[i], e) == 0)
				(*nout)++;
			else {
				fr(e);
				memset(e, 0, size);
			}
		}
	}
	pl_yaml_seq_free(items);
}
static void rule_free(struct pl_ruleconf *);
static int get_rule(struct dec *, const struct yl_node *,
    struct pl_ruleconf *, int);

/* A []string: every item decoded (v3 drops nulls, v2 keeps them as ""),
 * in place of what *out held. */
static void
get_strlist(struct dec *x, const struct yl_node *v, struct pl_cstr **out,
    size_t *nout, int *set)
{
	const struct yl_node **items;
	size_t n, i;

	for (i = 0; i < *nout; i++)
		free((*out)[i].s);
	free(*out);
	*out = NULL;
	*nout = 0;
	if (set != NULL)
		*set = v != NULL && v->kind == YL_SEQ;
	if (pl_yaml_seq(&x->y, v, "[]string", 1, &items, &n) != 0 || n == 0) {
		pl_yaml_seq_free(items);
		return;
	}
	*out = xcalloc(n, sizeof **out);
	for (i = 0; i < n; i++) {
		struct pl_cstr *c = &(*out)[*nout];

		if (pl_yaml_string(&x->y, items[i], c) < 0)
			continue;
		if (!c->set)
			c->s = xstrdup("");
		(*nout)++;
	}
	pl_yaml_seq_free(items);
}

static void
get_uint(struct dec *x, const struct yl_node *v, uint64_t *out,
    unsigned long *line, unsigned long *col)
{
	(void)pl_yaml_uint64(&x->y, v, out);
	*line = v->line;
	*col = v->col;
}

/* ---- resources, templates, limits ---- */

static int
resources_member(void *arg, const struct yl_node *k, const char *name,
    size_t n, const struct yl_node *v)
{
	struct fill *f = arg;
	struct pl_rconf *r = f->to;	/* guaranteed, max */

	(void)k;
	(void)n;
	if (KEY("guaranteed")) {
		pl_rconf_free(&r[0]);
		(void)pl_yaml_strmap(&f->x->y, v, &r[0], NULL);
	} else if (KEY("max")) {
		pl_rconf_free(&r[1]);
		(void)pl_yaml_strmap(&f->x->y, v, &r[1], NULL);
	} else
		return 0;
	return 1;
}

/* Decode resources into g, m (adjacent in an array of two). */
static void
get_resources(struct dec *x, const struct yl_node *v, struct pl_rconf *gm)
{
	struct fill f = { x, gm, 0 };

	(void)pl_yaml_struct(&x->y, v, "configs.Resources", resources_member, &f);
}

static int
template_member(void *arg, const struct yl_node *k, const char *name,
    size_t n, const struct yl_node *v)
{
	struct fill *f = arg;
	struct pl_tmplconf *t = f->to;
	unsigned long l, c;

	(void)k;
	(void)n;
	if (KEY("maxapplications"))
		get_uint(f->x, v, &t->maxapps, &l, &c);
	else if (KEY("properties")) {
		pl_rconf_free(&t->properties);
		(void)pl_yaml_strmap(&f->x->y, v, &t->properties, NULL);
	} else if (KEY("resources")) {
		struct pl_rconf gm[2];

		memset(gm, 0, sizeof gm);
		get_resources(f->x, v, gm);
		pl_rconf_free(&t->guaranteed);
		pl_rconf_free(&t->max);
		t->guaranteed = gm[0];
		t->max = gm[1];
	} else
		return 0;
	return 1;
}

static int
limit_member(void *arg, const struct yl_node *k, const char *name, size_t n,
    const struct yl_node *v)
{
	struct fill *f = arg;
	struct pl_limitconf *l = f->to;

	(void)k;
	(void)n;
	if (KEY("limit")) {
		free(l->name.s);
		(void)pl_yaml_string(&f->x->y, v, &l->name);
	} else if (KEY("users"))
		get_strlist(f->x, v, &l->users, &l->nusers, &l->users_set);
	else if (KEY("groups"))
		get_strlist(f->x, v, &l->groups, &l->ngroups, &l->groups_set);
	else if (KEY("maxresources")) {
		pl_rconf_free(&l->maxres);
		(void)pl_yaml_strmap(&f->x->y, v, &l->maxres, NULL);
	} else if (KEY("maxapplications"))
		get_uint(f->x, v, &l->maxapps, &l->apps_line, &l->apps_col);
	else
		return 0;
	return 1;
}

static int
get_limit(struct dec *x, const struct yl_node *v, void *to)
{
	struct pl_limitconf *l = to;
	struct fill f = { x, l, 0 };

	l->line = v->line;
	l->col = v->col;
	return pl_yaml_struct(&x->y, v, "configs.Limit", limit_member, &f);
}

static void
limit_free(void *l)
{
	pl_limitconf_free(l);
}

static void
get_limits(struct dec *x, const struct yl_node *v, struct pl_limitconf **out,
    size_t *nout)
{
	size_t i;

	for (i = 0; i < *nout; i++)
		pl_limitconf_free(&(*out)[i]);
	free(*out);
	get_list(x, v, "[]configs.Limit", sizeof **out, get_limit, limit_free,
	    (void **)out, nout);
}

/* ---- filters, rules ---- */

static int
filter_member(void *arg, const struct yl_node *k, const char *name, size_t n,
    const struct yl_node *v)
{
	struct fill *f = arg;
	struct pl_filterconf *fc = f->to;

	(void)k;
	(void)n;
	if (KEY("type")) {
		free(fc->type.s);
		(void)pl_yaml_string(&f->x->y, v, &fc->type);
	} else if (KEY("users"))
		get_strlist(f->x, v, &fc->users, &fc->nusers, NULL);
	else if (KEY("groups"))
		get_strlist(f->x, v, &fc->groups, &fc->ngroups, NULL);
	else
		return 0;
	return 1;
}

static int
rule_member(void *arg, const struct yl_node *k, const char *name, size_t n,
    const struct yl_node *v)
{
	struct fill *f = arg;
	struct pl_ruleconf *r = f->to;
	struct fill ff = { f->x, &r->filter, 0 };

	(void)k;
	(void)n;
	if (KEY("name")) {
		free(r->name.s);
		(void)pl_yaml_string(&f->x->y, v, &r->name);
	} else if (KEY("value")) {
		free(r->value.s);
		(void)pl_yaml_string(&f->x->y, v, &r->value);
	} else if (KEY("create"))
		(void)pl_yaml_bool(&f->x->y, v, &r->create);
	else if (KEY("filter")) {
		r->filter.set = v->kind == YL_MAP;
		r->filter.line = v->line;
		r->filter.col = v->col;
		(void)pl_yaml_struct(&f->x->y, v, "configs.Filter", filter_member,
		    &ff);
	} else if (KEY("parent")) {
		if (pl_yaml_null(&f->x->y, v))
			return 1;
		if (f->depth >= 64) {
			pl_conf_err(f->x->o.d, &f->x->nerr, f->x->o.file, v->line,
			    v->col, "parent rules nested deeper than 64 levels");
			return 1;
		}
		if (r->parent == NULL)
			r->parent = xcalloc(1, sizeof *r->parent);
		get_rule(f->x, v, r->parent, f->depth + 1);
		if (v->kind != YL_MAP) {	/* a type error: no rule to check */
			rule_free(r->parent);
			free(r->parent);
			r->parent = NULL;
		}
	} else
		return 0;
	return 1;
}

static int
get_rule(struct dec *x, const struct yl_node *v, struct pl_ruleconf *r,
    int depth)
{
	struct fill f = { x, r, depth };

	r->line = v->line;
	r->col = v->col;
	return pl_yaml_struct(&x->y, v, "configs.PlacementRule", rule_member, &f);
}

static int
get_toprule(struct dec *x, const struct yl_node *v, void *to)
{
	return get_rule(x, v, to, 0);
}

static void
toprule_free(void *r)
{
	rule_free(r);
}

static void
get_rules(struct dec *x, const struct yl_node *v, struct pl_partconf *p)
{
	size_t i;

	for (i = 0; i < p->nrules; i++)
		rule_free(&p->rules[i]);
	free(p->rules);
	p->rules_set = v->kind == YL_SEQ;
	get_list(x, v, "[]configs.PlacementRule", sizeof *p->rules, get_toprule,
	    toprule_free, (void **)&p->rules, &p->nrules);
}

/* ---- queues ---- */

static int
queue_member(void *arg, const struct yl_node *k, const char *name, size_t n,
    const struct yl_node *v)
{
	struct fill *f = arg;
	struct pl_queueconf *q = f->to;
	struct dec *x = f->x;

	(void)k;
	(void)n;
	if (KEY("name")) {
		free(q->name.s);
		(void)pl_yaml_string(&x->y, v, &q->name);
	} else if (KEY("parent"))
		(void)pl_yaml_bool(&x->y, v, &q->parent);
	else if (KEY("submitacl")) {
		free(q->submitacl.s);
		(void)pl_yaml_string(&x->y, v, &q->submitacl);
	} else if (KEY("adminacl")) {
		free(q->adminacl.s);
		(void)pl_yaml_string(&x->y, v, &q->adminacl);
	} else if (KEY("queues"))
		get_queues(x, v, &q->queues, &q->nqueues);
	else if (KEY("resources")) {
		struct pl_rconf gm[2];

		memset(gm, 0, sizeof gm);
		get_resources(x, v, gm);
		pl_rconf_free(&q->guaranteed);
		pl_rconf_free(&q->max);
		q->guaranteed = gm[0];
		q->max = gm[1];
	} else if (KEY("maxapplications"))
		get_uint(x, v, &q->maxapps, &q->apps_line, &q->apps_col);
	else if (KEY("properties")) {
		pl_rconf_free(&q->properties);
		(void)pl_yaml_strmap(&x->y, v, &q->properties, NULL);
	} else if (KEY("limits"))
		get_limits(x, v, &q->limits, &q->nlimits);
	else if (KEY("childtemplate") &&
	    x->sw->childtemplate != PL_VTMPL_UNKNOWN) {
		struct fill t = { x, &q->tmpl, 0 };

		q->tmpl.set = !pl_yaml_null(&x->y, v);
		q->tmpl.line = v->line;
		q->tmpl.col = v->col;
		(void)pl_yaml_struct(&x->y, v, "configs.ChildTemplate",
		    template_member, &t);
	} else
		return 0;
	return 1;
}

static void queues_free(struct pl_queueconf *, size_t);
static void queues_free_one(struct pl_queueconf *);

static int
get_queue(struct dec *x, const struct yl_node *v, void *to)
{
	struct pl_queueconf *q = to;
	struct fill f = { x, q, 0 };

	q->line = v->line;
	q->col = v->col;
	return pl_yaml_struct(&x->y, v, "configs.QueueConfig", queue_member, &f);
}

static void
queue_free(void *q)
{
	queues_free_one(q);
}

static void
get_queues(struct dec *x, const struct yl_node *v, struct pl_queueconf **out,
    size_t *nout)
{
	queues_free(*out, *nout);
	get_list(x, v, "[]configs.QueueConfig", sizeof **out, get_queue,
	    queue_free, (void **)out, nout);
}

/* ---- partitions ---- */

static int
string_member(void *arg, const struct yl_node *k, const char *name, size_t n,
    const struct yl_node *v)
{
	struct fill *f = arg;
	struct pl_cstr *s = f->to;

	(void)k;
	(void)n;
	if (!KEY("type"))
		return 0;
	free(s->s);
	(void)pl_yaml_string(&f->x->y, v, s);
	return 1;
}

static int
nodesort_member(void *arg, const struct yl_node *k, const char *name,
    size_t n, const struct yl_node *v)
{
	struct fill *f = arg;
	struct pl_partconf *p = f->to;
	struct fill s = { f->x, &p->sorttype, 0 };

	if (KEY("type"))
		return string_member(&s, k, name, n, v);
	if (!KEY("resourceweights") || !f->x->sw->resourceweights_key)
		return 0;
	pl_rconf_free(&p->weights);
	free(p->weightv);
	(void)pl_yaml_strmap(&f->x->y, v, &p->weights, &p->weightv);
	return 1;
}

static int
preemption_member(void *arg, const struct yl_node *k, const char *name,
    size_t n, const struct yl_node *v)
{
	struct fill *f = arg;
	int b;

	(void)k;
	(void)n;
	if (!KEY("enabled") && !(KEY("quotapreemptionenabled") &&
	    f->x->sw->quotapreemption_key))
		return 0;
	(void)pl_yaml_bool(&f->x->y, v, &b);
	return 1;
}

static int
part_member(void *arg, const struct yl_node *k, const char *name, size_t n,
    const struct yl_node *v)
{
	struct fill *f = arg, sub = *f;
	struct pl_partconf *p = f->to;
	struct dec *x = f->x;

	(void)k;
	(void)n;
	if (KEY("name")) {
		free(p->name.s);
		(void)pl_yaml_string(&x->y, v, &p->name);
	} else if (KEY("queues")) {
		p->queues_set = v->kind == YL_SEQ;
		get_queues(x, v, &p->queues, &p->nqueues);
	} else if (KEY("placementrules"))
		get_rules(x, v, p);
	else if (KEY("limits"))
		get_limits(x, v, &p->limits, &p->nlimits);
	else if (KEY("preemption"))
		(void)pl_yaml_struct(&x->y, v, "configs.PartitionPreemptionConfig",
		    preemption_member, &sub);
	else if (KEY("nodesortpolicy"))
		(void)pl_yaml_struct(&x->y, v, "configs.NodeSortingPolicy",
		    nodesort_member, &sub);
	else if (KEY("statedumpfilepath") &&
	    x->sw->statedump != PL_VDUMP_UNKNOWN) {
		free(p->statedump.s);
		(void)pl_yaml_string(&x->y, v, &p->statedump);
	} else if (KEY("usergroupresolver") && x->sw->resolver_key) {
		sub.to = &p->resolver;
		(void)pl_yaml_struct(&x->y, v, "configs.UserGroupResolver",
		    string_member, &sub);
	} else
		return 0;
	return 1;
}

static int
get_part(struct dec *x, const struct yl_node *v, void *to)
{
	struct pl_partconf *p = to;
	struct fill f = { x, p, 0 };

	memset(p, 0, sizeof *p);
	p->line = v->line;
	p->col = v->col;
	return pl_yaml_struct(&x->y, v, "configs.PartitionConfig", part_member,
	    &f);
}

static void
part_free(void *p)
{
	pl_partconf_free(p);
}

static int
top_member(void *arg, const struct yl_node *k, const char *name, size_t n,
    const struct yl_node *v)
{
	struct fill *f = arg;
	struct pl_conf *conf = f->to;
	struct pl_cstr sum;
	size_t i;

	(void)k;
	(void)n;
	if (KEY("checksum") && f->x->sw->checksum_key) {
		(void)pl_yaml_string(&f->x->y, v, &sum);
		free(sum.s);
		return 1;
	}
	if (!KEY("partitions"))
		return 0;
	for (i = 0; i < conf->nparts; i++)
		pl_partconf_free(&conf->parts[i]);
	free(conf->parts);
	get_list(f->x, v, "[]configs.PartitionConfig", sizeof *conf->parts,
	    get_part, part_free, (void **)&conf->parts, &conf->nparts);
	return 1;
}

/* ---- the decoder: messages collected, a fatal one first ---- */

struct held {
	struct diag_msg *m;
	struct pos *pos;
	size_t n, cap;
};

static void
hold(void *arg, const struct diag_msg *m)
{
	struct held *h = arg;
	size_t capp = h->cap;

	xgrow((void **)&h->m, &h->cap, h->n + 1, sizeof *h->m);
	if (h->cap != capp)
		h->pos = xreallocarray(h->pos, h->cap, sizeof *h->pos);
	h->m[h->n] = *m;
	h->m[h->n].text = xstrdup(m->text);
	if (m->pos != NULL) {
		h->pos[h->n] = *m->pos;
		h->m[h->n].pos = &h->pos[h->n];
	}
	h->n++;
}

/* Pass what was held on to d, the library's fatal error first. */
static void
release(struct held *h, const struct pl_yaml *y, struct diag *d)
{
	size_t i, first = y->fatal ? y->fatal_at : h->n;

	for (i = 0; i < h->n; i++)	/* the positions moved as h grew */
		if (h->m[i].pos != NULL)
			h->m[i].pos = &h->pos[i];
	if (first < h->n)
		diag_put(d, &h->m[first]);
	for (i = 0; i < h->n; i++) {
		if (i != first)
			diag_put(d, &h->m[i]);
		free((char *)h->m[i].text);
	}
	free(h->m);
	free(h->pos);
}

static void
dec_init(struct dec *x, struct diag *hd, const char *file, enum pl_compat c)
{
	memset(x, 0, sizeof *x);
	x->sw = pl_vsw(c);
	x->o.file = file;
	x->o.d = hd;
	x->o.nerr = &x->nerr;
	x->y.v3 = x->sw->yaml_v3;
	x->y.o = &x->o;
}

/* Run f on v with the messages held; the number of errors. */
static int
run(void (*f)(struct dec *, const struct yl_node *, void *), void *to,
    const struct yl_node *v, const char *file, enum pl_compat c,
    struct diag *d)
{
	struct held h = { NULL, NULL, 0, 0 };
	struct diag hd = DIAG_INIT(d->prog);
	struct dec x;

	hd.sink = hold;
	hd.sink_arg = &h;
	dec_init(&x, &hd, file, c);
	f(&x, v, to);
	release(&h, &x.y, d);
	return x.nerr;
}

static void
do_part(struct dec *x, const struct yl_node *v, void *to)
{
	(void)get_part(x, v, to);
}

static void
do_queues(struct dec *x, const struct yl_node *v, void *to)
{
	struct pl_partconf *p = to;

	p->queues_set = v->kind == YL_SEQ;
	get_queues(x, v, &p->queues, &p->nqueues);
}

static void
do_rules(struct dec *x, const struct yl_node *v, void *to)
{
	get_rules(x, v, to);
}

static void
do_top(struct dec *x, const struct yl_node *v, void *to)
{
	struct fill f = { x, to, 0 };

	(void)pl_yaml_struct(&x->y, v, "configs.SchedulerConfig", top_member, &f);
}

int
pl_conf_decode_part(struct pl_partconf *p, const char *file,
    const struct yl_node *v, enum pl_compat c, struct diag *d)
{
	return run(do_part, p, v, file, c, d);
}

int
pl_conf_decode_queues(struct pl_partconf *p, const char *file,
    const struct yl_node *v, enum pl_compat c, struct diag *d)
{
	return run(do_queues, p, v, file, c, d);
}

int
pl_conf_decode_rules(struct pl_partconf *p, const char *file,
    const struct yl_node *v, enum pl_compat c, struct diag *d)
{
	return run(do_rules, p, v, file, c, d);
}

int
pl_conf_decode(struct pl_conf *conf, const struct yl_doc *doc, enum pl_compat c,
    struct diag *d)
{
	memset(conf, 0, sizeof *conf);
	conf->file = doc->file;
	if (doc->root == NULL)
		return 0;
	return run(do_top, conf, doc->root, doc->file, c, d);
}

/* ---- freeing ---- */

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
limits_free(struct pl_limitconf *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		pl_limitconf_free(&v[i]);
	free(v);
}

static void
queues_free_one(struct pl_queueconf *q)
{
	cstr_free(&q->name);
	cstr_free(&q->submitacl);
	cstr_free(&q->adminacl);
	pl_rconf_free(&q->guaranteed);
	pl_rconf_free(&q->max);
	pl_rconf_free(&q->properties);
	pl_rconf_free(&q->tmpl.properties);
	pl_rconf_free(&q->tmpl.guaranteed);
	pl_rconf_free(&q->tmpl.max);
	limits_free(q->limits, q->nlimits);
	queues_free(q->queues, q->nqueues);
}

static void
queues_free(struct pl_queueconf *q, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		queues_free_one(&q[i]);
	free(q);
}

void
pl_partconf_free(struct pl_partconf *p)
{
	size_t i;

	cstr_free(&p->name);
	queues_free(p->queues, p->nqueues);
	for (i = 0; i < p->nrules; i++)
		rule_free(&p->rules[i]);
	free(p->rules);
	limits_free(p->limits, p->nlimits);
	cstr_free(&p->sorttype);
	pl_rconf_free(&p->weights);
	free(p->weightv);
	cstr_free(&p->statedump);
	cstr_free(&p->resolver);
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
