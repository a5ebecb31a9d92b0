/*
 * queueconf.c - decoding a YuniKorn queue configuration (queueconf.h).
 *
 * The scheduler decodes into its Go structs (pkg/common/configs) with
 * yaml.v2 strict up to 1.3 and yaml.v3 with known fields from 1.4; plyaml
 * does what the library does with each node. This file describes the
 * structs in field tables (fieldtab.h: each field's key, its Go type, the
 * releases that know it as modes: checksum from 0.11, childtemplate and
 * resourceweights from 0.12, statedumpfilepath from 1.0 to 1.4,
 * usergroupresolver and quotapreemptionenabled from 1.8), through which
 * plyaml finds a member's field, and stores each value. The messages of
 * a release are collected while decoding and passed on at the end, a
 * fatal one ("cannot decode", a bad merge) first: the library stops there
 * and says only that.
 */
#include <stdio.h>
#include <stdlib.h>

#include "exitcode.h"
#include "goyaml.h"
#include "queueconf.h"
#include "xalloc.h"

struct dec {
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

/* ---- the field tables: YuniKorn's structs (pkg/common/configs) ---- */

/* The modes: keys only some releases know (dec_init sets them). */
enum { K_CHECKSUM = 1, K_TEMPLATE = 2, K_WEIGHTS = 4, K_STATEDUMP = 8,
	K_RESOLVER = 16, K_QUOTAPREEMPTION = 32 };

/* A field: its key, kind, the modes it exists in (0: all), Go type (its
 * want, the words of messages), and for a struct or a list of structs the
 * struct's table. */
#define F(name, kind, known, gotype, sub) \
	{ name, kind, 0, known, 0, gotype, sub }

static const struct ft_field resources_f[] = {
	F("guaranteed", FT_MAP, 0, "map[string]string", NULL),
	F("max", FT_MAP, 0, "map[string]string", NULL)
};
enum { RE_GUARANTEED, RE_MAX };
static const struct ft_table resources =
    FT_TABLE("configs.Resources", resources_f, 0);

static const struct ft_field template_f[] = {
	F("maxapplications", FT_UINT, 0, "uint64", NULL),
	F("properties", FT_MAP, 0, "map[string]string", NULL),
	F("resources", FT_MAP, 0, "configs.Resources", &resources)
};
enum { TE_MAXAPPS, TE_PROPERTIES, TE_RESOURCES };
static const struct ft_table template =
    FT_TABLE("configs.ChildTemplate", template_f, 0);

static const struct ft_field limit_f[] = {
	F("limit", FT_STR, 0, "string", NULL),
	F("users", FT_SEQ, 0, "[]string", NULL),
	F("groups", FT_SEQ, 0, "[]string", NULL),
	F("maxresources", FT_MAP, 0, "map[string]string", NULL),
	F("maxapplications", FT_UINT, 0, "uint64", NULL)
};
enum { LI_LIMIT, LI_USERS, LI_GROUPS, LI_MAXRES, LI_MAXAPPS };
static const struct ft_table limit = FT_TABLE("configs.Limit", limit_f, 0);

static const struct ft_field filter_f[] = {
	F("type", FT_STR, 0, "string", NULL),
	F("users", FT_SEQ, 0, "[]string", NULL),
	F("groups", FT_SEQ, 0, "[]string", NULL)
};
enum { FI_TYPE, FI_USERS, FI_GROUPS };
static const struct ft_table filter = FT_TABLE("configs.Filter", filter_f, 0);

static const struct ft_table rule;
static const struct ft_field rule_f[] = {
	F("name", FT_STR, 0, "string", NULL),
	F("parent", FT_MAP, 0, "*configs.PlacementRule", &rule),
	F("create", FT_BOOL, 0, "bool", NULL),
	F("filter", FT_MAP, 0, "configs.Filter", &filter),
	F("value", FT_STR, 0, "string", NULL)
};
enum { RU_NAME, RU_PARENT, RU_CREATE, RU_FILTER, RU_VALUE };
static const struct ft_table rule =
    FT_TABLE("configs.PlacementRule", rule_f, 0);

static const struct ft_table queue;
static const struct ft_field queue_f[] = {
	F("name", FT_STR, 0, "string", NULL),
	F("parent", FT_BOOL, 0, "bool", NULL),
	F("resources", FT_MAP, 0, "configs.Resources", &resources),
	F("maxapplications", FT_UINT, 0, "uint64", NULL),
	F("properties", FT_MAP, 0, "map[string]string", NULL),
	F("adminacl", FT_STR, 0, "string", NULL),
	F("submitacl", FT_STR, 0, "string", NULL),
	F("childtemplate", FT_MAP, K_TEMPLATE, "configs.ChildTemplate",
	    &template),
	F("queues", FT_SEQ, 0, "[]configs.QueueConfig", &queue),
	F("limits", FT_SEQ, 0, "[]configs.Limit", &limit)
};
enum { QU_NAME, QU_PARENT, QU_RESOURCES, QU_MAXAPPS, QU_PROPERTIES,
	QU_ADMINACL, QU_SUBMITACL, QU_TEMPLATE, QU_QUEUES, QU_LIMITS };
static const struct ft_table queue =
    FT_TABLE("configs.QueueConfig", queue_f, 0);

static const struct ft_field preemption_f[] = {
	F("enabled", FT_BOOL, 0, "bool", NULL),
	F("quotapreemptionenabled", FT_BOOL, K_QUOTAPREEMPTION, "bool", NULL)
};
static const struct ft_table preemption =
    FT_TABLE("configs.PartitionPreemptionConfig", preemption_f, 0);

static const struct ft_field nodesort_f[] = {
	F("type", FT_STR, 0, "string", NULL),
	F("resourceweights", FT_MAP, K_WEIGHTS, "map[string]float64", NULL)
};
enum { NS_TYPE, NS_WEIGHTS };
static const struct ft_table nodesort =
    FT_TABLE("configs.NodeSortingPolicy", nodesort_f, 0);

static const struct ft_field resolver_f[] = {
	F("type", FT_STR, 0, "string", NULL)
};
static const struct ft_table resolver =
    FT_TABLE("configs.UserGroupResolver", resolver_f, 0);

static const struct ft_field part_f[] = {
	F("name", FT_STR, 0, "string", NULL),
	F("queues", FT_SEQ, 0, "[]configs.QueueConfig", &queue),
	F("placementrules", FT_SEQ, 0, "[]configs.PlacementRule", &rule),
	F("limits", FT_SEQ, 0, "[]configs.Limit", &limit),
	F("preemption", FT_MAP, 0, "configs.PartitionPreemptionConfig",
	    &preemption),
	F("nodesortpolicy", FT_MAP, 0, "configs.NodeSortingPolicy", &nodesort),
	F("statedumpfilepath", FT_STR, K_STATEDUMP, "string", NULL),
	F("usergroupresolver", FT_MAP, K_RESOLVER, "configs.UserGroupResolver",
	    &resolver)
};
enum { PA_NAME, PA_QUEUES, PA_RULES, PA_LIMITS, PA_PREEMPTION, PA_NODESORT,
	PA_STATEDUMP, PA_RESOLVER };
static const struct ft_table part =
    FT_TABLE("configs.PartitionConfig", part_f, 0);

static const struct ft_field config_f[] = {
	F("partitions", FT_SEQ, 0, "[]configs.PartitionConfig", &part),
	F("checksum", FT_STR, K_CHECKSUM, "string", NULL)
};
enum { CO_PARTITIONS, CO_CHECKSUM };
static const struct ft_table config =
    FT_TABLE("configs.SchedulerConfig", config_f, 0);

/* The keys release v knows, as field table modes. */
static unsigned
keys(const struct pl_ver *v)
{
	return (v->checksum_key ? K_CHECKSUM : 0) |
	    (v->childtemplate != PL_TEMPLATE_UNKNOWN ? K_TEMPLATE : 0) |
	    (v->resourceweights_key ? K_WEIGHTS : 0) |
	    (v->statedump != PL_STATEDUMP_UNKNOWN ? K_STATEDUMP : 0) |
	    (v->resolver_key ? K_RESOLVER : 0) |
	    (v->quotapreemption_key ? K_QUOTAPREEMPTION : 0);
}

/* ---- values ---- */

/*
 * A list of structs, field f ("[]configs.Limit"), each item decoded by
 * one into an element of size bytes of a new array (*out, *nout; nothing
 * when there are none). An item that does not decode (one returns -1) is
 * left out, as the library leaves it out; free frees what it holds.
 */
struct list {
	struct dec *x;
	size_t size, cap;
	int (*one)(struct dec *, const struct yl_node *, void *);
	void (*fr)(void *);
	void **out;
	size_t *nout;
};

static void
list_item(void *arg, const struct yl_node *item)
{
	struct list *l = arg;
	char *e;

	if (*l->nout == l->cap) {
		xgrow(l->out, &l->cap, *l->nout + 1, l->size);
		memset((char *)*l->out + *l->nout * l->size, 0,
		    (l->cap - *l->nout) * l->size);
	}
	e = (char *)*l->out + *l->nout * l->size;
	if (l->one(l->x, item, e) == 0)
		(*l->nout)++;
	else {
		l->fr(e);
		memset(e, 0, l->size);
	}
}

static void
get_list(struct dec *x, const struct ft_field *f, const struct yl_node *v,
    size_t size, int (*one)(struct dec *, const struct yl_node *, void *),
    void (*fr)(void *), void **out, size_t *nout)
{
	struct list l = { x, size, 0, one, fr, out, nout };

	*out = NULL;
	*nout = 0;
	(void)pl_yaml_seq(&x->y, v, f->want, 1, list_item, &l);
}

static void rule_free(struct pl_ruleconf *);
static int get_rule(struct dec *, const struct yl_node *,
    struct pl_ruleconf *, int);

struct strlist {
	struct dec *x;
	struct pl_cstr **out;
	size_t *nout, cap;
};

static void
strlist_item(void *arg, const struct yl_node *item)
{
	struct strlist *l = arg;
	struct pl_cstr *c;

	xgrow((void **)l->out, &l->cap, *l->nout + 1, sizeof **l->out);
	c = &(*l->out)[*l->nout];
	if (pl_yaml_string(&l->x->y, item, c) < 0)
		return;
	if (!c->set)
		c->s = xstrdup("");
	(*l->nout)++;
}

/* A []string: every item decoded (v3 drops nulls, v2 keeps them as ""),
 * in place of what *out held. */
static void
get_strlist(struct dec *x, const struct yl_node *v, struct pl_cstr **out,
    size_t *nout, int *set)
{
	struct strlist l = { x, out, nout, 0 };

	pl_cstrs_free(*out, *nout);
	*out = NULL;
	*nout = 0;
	if (set != NULL)
		*set = v != NULL && v->kind == YL_SEQ;
	(void)pl_yaml_seq(&x->y, v, "[]string", 1, strlist_item, &l);
}

/* A struct of table t decoded into to by cb, at v's position (line, col):
 * pl_yaml_struct's result. */
static int
get_struct(struct dec *x, const struct yl_node *v, const struct ft_table *t,
    pl_yaml_member *cb, void *to, int depth, unsigned long *line,
    unsigned long *col)
{
	struct fill f = { x, to, depth };

	*line = v->line;
	*col = v->col;
	return pl_yaml_struct(&x->y, v, t, cb, &f);
}

/* A string, in place of what *out held. */
static void
get_str(struct dec *x, const struct yl_node *v, struct pl_cstr *out)
{
	free(out->s);
	(void)pl_yaml_string(&x->y, v, out);
}

/* A map[string]string, in place of what *out held. */
static void
get_strmap(struct dec *x, const struct yl_node *v, struct pl_rconf *out)
{
	pl_rconf_free(out);
	(void)pl_yaml_strmap(&x->y, v, out, NULL);
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

static void
resources_member(void *arg, int field, const struct yl_node *v)
{
	struct fill *f = arg;
	struct pl_rconf *r = f->to;	/* guaranteed, max */

	get_strmap(f->x, v, &r[field == RE_GUARANTEED ? 0 : 1]);
}

/* Decode resources into the guaranteed and max of g, m. */
static void
get_resources(struct dec *x, const struct yl_node *v, struct pl_rconf *g,
    struct pl_rconf *m)
{
	struct pl_rconf gm[2];
	struct fill f = { x, gm, 0 };

	memset(gm, 0, sizeof gm);
	(void)pl_yaml_struct(&x->y, v, &resources, resources_member, &f);
	pl_rconf_free(g);
	pl_rconf_free(m);
	*g = gm[0];
	*m = gm[1];
}

static void
template_member(void *arg, int field, const struct yl_node *v)
{
	struct fill *f = arg;
	struct pl_tmplconf *t = f->to;
	unsigned long l, c;

	switch (field) {
	case TE_MAXAPPS:
		get_uint(f->x, v, &t->maxapps, &l, &c);
		break;
	case TE_PROPERTIES:
		get_strmap(f->x, v, &t->properties);
		break;
	default:
		get_resources(f->x, v, &t->guaranteed, &t->max);
	}
}

static void
limit_member(void *arg, int field, const struct yl_node *v)
{
	struct fill *f = arg;
	struct pl_limitconf *l = f->to;

	switch (field) {
	case LI_LIMIT:
		get_str(f->x, v, &l->name);
		break;
	case LI_USERS:
		get_strlist(f->x, v, &l->users, &l->nusers, &l->users_set);
		break;
	case LI_GROUPS:
		get_strlist(f->x, v, &l->groups, &l->ngroups, &l->groups_set);
		break;
	case LI_MAXRES:
		get_strmap(f->x, v, &l->maxres);
		break;
	default:
		get_uint(f->x, v, &l->maxapps, &l->apps_line, &l->apps_col);
	}
}

static int
get_limit(struct dec *x, const struct yl_node *v, void *to)
{
	struct pl_limitconf *l = to;

	return get_struct(x, v, &limit, limit_member, l, 0, &l->line, &l->col);
}

static void
limit_free(void *l)
{
	pl_limitconf_free(l);
}

static void
get_limits(struct dec *x, const struct ft_field *fl, const struct yl_node *v,
    struct pl_limitconf **out, size_t *nout)
{
	size_t i;

	for (i = 0; i < *nout; i++)
		pl_limitconf_free(&(*out)[i]);
	free(*out);
	get_list(x, fl, v, sizeof **out, get_limit, limit_free, (void **)out,
	    nout);
}

/* ---- filters, rules ---- */

static void
filter_member(void *arg, int field, const struct yl_node *v)
{
	struct fill *f = arg;
	struct pl_filterconf *fc = f->to;

	if (field == FI_TYPE)
		get_str(f->x, v, &fc->type);
	else if (field == FI_USERS)
		get_strlist(f->x, v, &fc->users, &fc->nusers, NULL);
	else
		get_strlist(f->x, v, &fc->groups, &fc->ngroups, NULL);
}

static void
rule_member(void *arg, int field, const struct yl_node *v)
{
	struct fill *f = arg;
	struct pl_ruleconf *r = f->to;
	struct fill ff = { f->x, &r->filter, 0 };

	switch (field) {
	case RU_NAME:
		get_str(f->x, v, &r->name);
		break;
	case RU_VALUE:
		get_str(f->x, v, &r->value);
		break;
	case RU_CREATE:
		(void)pl_yaml_bool(&f->x->y, v, &r->create);
		break;
	case RU_FILTER:
		r->filter.set = v->kind == YL_MAP;
		r->filter.line = v->line;
		r->filter.col = v->col;
		(void)pl_yaml_struct(&f->x->y, v, &filter, filter_member, &ff);
		break;
	default:		/* RU_PARENT */
		if (pl_yaml_null(&f->x->y, v))
			break;
		if (f->depth >= 64) {
			pl_conf_err(f->x->o.d, &f->x->nerr, f->x->o.file, v->line,
			    v->col, "parent rules nested deeper than 64 levels");
			break;
		}
		if (r->parent == NULL)
			r->parent = xcalloc(1, sizeof *r->parent);
		get_rule(f->x, v, r->parent, f->depth + 1);
		if (v->kind != YL_MAP) {	/* a type error: no rule to check */
			rule_free(r->parent);
			free(r->parent);
			r->parent = NULL;
		}
	}
}

static int
get_rule(struct dec *x, const struct yl_node *v, struct pl_ruleconf *r,
    int depth)
{
	return get_struct(x, v, &rule, rule_member, r, depth, &r->line, &r->col);
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
	get_list(x, &part_f[PA_RULES], v, sizeof *p->rules, get_toprule,
	    toprule_free, (void **)&p->rules, &p->nrules);
}

/* ---- queues ---- */

static void get_queues(struct dec *, const struct yl_node *,
    struct pl_queueconf **, size_t *);

static void
queue_member(void *arg, int field, const struct yl_node *v)
{
	struct fill *f = arg, t;
	struct pl_queueconf *q = f->to;
	struct dec *x = f->x;

	switch (field) {
	case QU_NAME:
		get_str(x, v, &q->name);
		break;
	case QU_PARENT:
		(void)pl_yaml_bool(&x->y, v, &q->parent);
		break;
	case QU_SUBMITACL:
		get_str(x, v, &q->submitacl);
		break;
	case QU_ADMINACL:
		get_str(x, v, &q->adminacl);
		break;
	case QU_QUEUES:
		get_queues(x, v, &q->queues, &q->nqueues);
		break;
	case QU_RESOURCES:
		get_resources(x, v, &q->guaranteed, &q->max);
		break;
	case QU_MAXAPPS:
		get_uint(x, v, &q->maxapps, &q->apps_line, &q->apps_col);
		break;
	case QU_PROPERTIES:
		get_strmap(x, v, &q->properties);
		break;
	case QU_LIMITS:
		get_limits(x, &queue_f[QU_LIMITS], v, &q->limits, &q->nlimits);
		break;
	default:		/* QU_TEMPLATE */
		t = (struct fill){ x, &q->tmpl, 0 };
		q->tmpl.set = !pl_yaml_null(&x->y, v);
		q->tmpl.line = v->line;
		q->tmpl.col = v->col;
		(void)pl_yaml_struct(&x->y, v, &template, template_member, &t);
	}
}

static void queues_free(struct pl_queueconf *, size_t);
static void queues_free_one(struct pl_queueconf *);

static int
get_queue(struct dec *x, const struct yl_node *v, void *to)
{
	struct pl_queueconf *q = to;

	return get_struct(x, v, &queue, queue_member, q, 0, &q->line, &q->col);
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
	get_list(x, &queue_f[QU_QUEUES], v, sizeof **out, get_queue, queue_free,
	    (void **)out, nout);
}

/* ---- partitions ---- */

/* usergroupresolver: its one field, type. */
static void
resolver_member(void *arg, int field, const struct yl_node *v)
{
	struct fill *f = arg;

	(void)field;
	get_str(f->x, v, f->to);
}

static void
nodesort_member(void *arg, int field, const struct yl_node *v)
{
	struct fill *f = arg;
	struct pl_partconf *p = f->to;

	if (field == NS_TYPE) {
		get_str(f->x, v, &p->sorttype);
		return;
	}
	pl_rconf_free(&p->weights);
	free(p->weightv);
	(void)pl_yaml_strmap(&f->x->y, v, &p->weights, &p->weightv);
}

/* preemption: booleans placekit only checks */
static void
preemption_member(void *arg, int field, const struct yl_node *v)
{
	struct fill *f = arg;
	int b;

	(void)field;
	(void)pl_yaml_bool(&f->x->y, v, &b);
}

static void
part_member(void *arg, int field, const struct yl_node *v)
{
	struct fill *f = arg, sub = *f;
	struct pl_partconf *p = f->to;
	struct dec *x = f->x;

	switch (field) {
	case PA_NAME:
		get_str(x, v, &p->name);
		break;
	case PA_QUEUES:
		p->queues_set = v->kind == YL_SEQ;
		get_queues(x, v, &p->queues, &p->nqueues);
		break;
	case PA_RULES:
		get_rules(x, v, p);
		break;
	case PA_LIMITS:
		get_limits(x, &part_f[PA_LIMITS], v, &p->limits, &p->nlimits);
		break;
	case PA_PREEMPTION:
		(void)pl_yaml_struct(&x->y, v, &preemption, preemption_member,
		    &sub);
		break;
	case PA_NODESORT:
		(void)pl_yaml_struct(&x->y, v, &nodesort, nodesort_member, &sub);
		break;
	case PA_STATEDUMP:
		get_str(x, v, &p->statedump);
		break;
	default:		/* PA_RESOLVER */
		sub.to = &p->resolver;
		(void)pl_yaml_struct(&x->y, v, &resolver, resolver_member, &sub);
	}
}

static int
get_part(struct dec *x, const struct yl_node *v, void *to)
{
	struct pl_partconf *p = to;

	memset(p, 0, sizeof *p);
	return get_struct(x, v, &part, part_member, p, 0, &p->line, &p->col);
}

static void
part_free(void *p)
{
	pl_partconf_free(p);
}

static void
top_member(void *arg, int field, const struct yl_node *v)
{
	struct fill *f = arg;
	struct pl_conf *conf = f->to;
	struct pl_cstr sum;
	size_t i;

	if (field == CO_CHECKSUM) {
		(void)pl_yaml_string(&f->x->y, v, &sum);
		free(sum.s);
		return;
	}
	for (i = 0; i < conf->nparts; i++)
		pl_partconf_free(&conf->parts[i]);
	free(conf->parts);
	get_list(f->x, &config_f[CO_PARTITIONS], v, sizeof *conf->parts,
	    get_part, part_free, (void **)&conf->parts, &conf->nparts);
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
	x->o.file = file;
	x->o.d = hd;
	x->o.nerr = &x->nerr;
	x->y.v3 = pl_ver(c)->yaml_v3;
	x->y.mode = keys(pl_ver(c));
	x->y.o = &x->o;
}

/* Run f on v with the messages held; the number of errors. *ended (may
 * be NULL) says whether decoding ended half way. */
static int
run(void (*f)(struct dec *, const struct yl_node *, void *), void *to,
    const struct yl_node *v, const char *file, enum pl_compat c,
    struct diag *d, int *ended)
{
	struct held h = { NULL, NULL, 0, 0 };
	struct diag hd = DIAG_INIT(d->prog);
	struct dec x;

	hd.sink = hold;
	hd.sink_arg = &h;
	dec_init(&x, &hd, file, c);
	f(&x, v, to);
	release(&h, &x.y, d);
	if (ended != NULL)
		*ended = x.y.stop;
	return x.nerr;
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

	(void)pl_yaml_document(&x->y, v, &config, top_member, &f);
}

int
pl_conf_decode_queues(struct pl_partconf *p, const char *file,
    const struct yl_node *v, enum pl_compat c, struct diag *d)
{
	return run(do_queues, p, v, file, c, d, NULL);
}

int
pl_conf_decode_rules(struct pl_partconf *p, const char *file,
    const struct yl_node *v, enum pl_compat c, struct diag *d)
{
	return run(do_rules, p, v, file, c, d, NULL);
}

int
pl_conf_decode(struct pl_conf *conf, const struct yl_doc *doc, enum pl_compat c,
    struct diag *d)
{
	int nerr;

	memset(conf, 0, sizeof *conf);
	conf->file = doc->file;
	if (doc->root == NULL)
		return 0;
	nerr = run(do_top, conf, doc->root, doc->file, c, d, &conf->ended);
	if (conf->ended) {	/* what it holds is a part, chosen by chance */
		pl_conf_free(conf);
		conf->file = doc->file;
		conf->ended = 1;
	}
	return nerr;
}

/* ---- freeing ---- */

static void
cstr_free(struct pl_cstr *s)
{
	free(s->s);
}

static void
rule_free(struct pl_ruleconf *r)
{
	cstr_free(&r->name);
	cstr_free(&r->value);
	cstr_free(&r->filter.type);
	pl_cstrs_free(r->filter.users, r->filter.nusers);
	pl_cstrs_free(r->filter.groups, r->filter.ngroups);
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
