/*
 * validate.c - YuniKorn's configuration validator, release by release
 * (validate.h).
 *
 * The checks run in the scheduler's order (Validate in configvalidator.go)
 * so that the first error reported is the one it reports; it stops there,
 * placekit goes on and reports every error, skipping only the checks
 * that need what failed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <strings.h>

#include "acl.h"
#include "exitcode.h"
#include "filter.h"
#include "hashtable.h"
#include "userlimits.h"
#include "names.h"
#include "policies.h"
#include "resources.h"
#include "validate.h"
#include "xalloc.h"

/* What one partition's checks share. */
struct val {
	const struct pl_ver *sw;
	enum pl_compat c;
	const char *file;
	struct diag *d;
	struct pl_stages *st;
	struct pl_vout o;	/* o.nerr points at the stage counting */
};

#define err(v, stage, ...) pl_conf_err((v)->d, &(v)->st->stage, (v)->file, \
	__VA_ARGS__)

/* The output of a stage, for the modules. */
static const struct pl_vout *
out(struct val *v, int *stage)
{
	v->o.file = v->file;
	v->o.d = v->d;
	v->o.nerr = stage;
	return &v->o;
}

static int
lower_eq(const char *a, size_t an, const char *b)
{
	struct buf x = { 0 };
	int eq;

	pl_lower(&x, a, an);
	eq = x.n == strlen(b) && memcmp(x.s, b, x.n) == 0;
	buf_free(&x);
	return eq;
}

/* Names seen so far, lower-cased one after the other in text. */
struct seen {
	struct ht ht;		/* a name -> its index in name */
	struct buf text;
	struct {
		size_t off, len;
	} *name;
	size_t n, cap;
};

/* Add a name; 1 if it was there already. */
static int
seen_add(struct seen *sn, const char *s, size_t n)
{
	struct ht_probe pr;
	size_t at = sn->text.n, len;
	uint64_t h;
	uint32_t i;

	pl_lower(&sn->text, s, n);
	len = sn->text.n - at;
	h = ht_hash(sn->text.s + at, len);
	ht_probe(&sn->ht, h, &pr);
	while ((i = ht_next(&sn->ht, &pr)) != HT_NONE)
		if (sn->name[i].len == len && memcmp(sn->text.s +
		    sn->name[i].off, sn->text.s + at, len) == 0) {
			sn->text.n = at;
			return 1;
		}
	xgrow((void **)&sn->name, &sn->cap, sn->n + 1, sizeof *sn->name);
	sn->name[sn->n].off = at;
	sn->name[sn->n].len = len;
	ht_add(&sn->ht, h, (uint32_t)sn->n++);
	return 0;
}

static void
seen_free(struct seen *sn)
{
	ht_free(&sn->ht);
	buf_free(&sn->text);
	free(sn->name);
}

/* Where a queue's attribute is, or the queue. */
#define AT(c, q) ((c).set ? (c).line : (q)->line), ((c).set ? (c).col : (q)->col)

/* ---- queues: ACLs, limits, names (checkQueues) ---- */

static void
check_acl(struct val *v, const struct pl_cstr *acl)
{
	struct buf why = { 0 };

	if (acl->set && pl_acl_check(acl->s, acl->n, &why) != 0)
		err(v, queues, acl->line, acl->col, "%s", why.s);
	buf_free(&why);
}

static void
check_queues(struct val *v, const struct pl_queueconf *q, int level,
    const struct pl_limitconf *limits, size_t nlimits)
{
	struct pl_limitq lq;
	struct seen sn = { HT_INIT, { NULL, 0, 0 }, NULL, 0, 0 };
	size_t i;

	check_acl(v, &q->adminacl);
	check_acl(v, &q->submitacl);
	lq.name = q->name.s != NULL ? q->name.s : "";
	lq.n = q->name.n;
	lq.maxapps = q->maxapps;
	lq.max = &q->max;
	pl_limit_list(limits, nlimits, &lq, v->c, out(v, &v->st->limits));
	for (i = 0; i < q->nqueues; i++) {
		const struct pl_queueconf *k = &q->queues[i];
		const char *name = k->name.s ? k->name.s : "";

		if (!pl_queue_name_ok(name, k->name.n, v->c)) {
			if (v->sw->texts16)
				err(v, queues, AT(k->name, k), "invalid queue name, "
				    "max 64 characters consisting of alphanumeric "
				    "characters and '-', '_', '#', '@', '/', ':' "
				    "allowed");
			else
				err(v, queues, AT(k->name, k), "invalid child name "
				    "%s, a name must only have alphanumeric "
				    "characters, - or _, and be no longer than 64 "
				    "characters", name);
			continue;
		}
		if (!seen_add(&sn, name, k->name.n))
			continue;
		if (v->sw->texts16)
			err(v, queues, AT(k->name, k), "duplicate child name found "
			    "with name '%s', level %d", name, level);
		else
			err(v, queues, AT(k->name, k), "duplicate child name found "
			    "with name %s, level %d", name, level);
	}
	seen_free(&sn);
	for (i = 0; i < q->nqueues; i++)
		check_queues(v, &q->queues[i], level + 1, q->queues[i].limits,
		    q->queues[i].nlimits);
}

/* ---- resources (checkQueueResource) ---- */

/* Where a resource map is, or its queue. */
static void
rpos(const struct pl_rconf *r, const struct pl_queueconf *q,
    unsigned long *line, unsigned long *col)
{
	*line = r->set ? r->line : q->line;
	*col = r->set ? r->col : q->col;
}

/* Parse one map: 0, or -1 reported. */
static int
parse(struct val *v, const struct pl_rconf *rc, struct pl_res *r)
{
	struct buf why = { 0 };
	size_t bad;
	int rv = 0;

	if (pl_res_parse(r, rc, v->sw->quantity_units ? PL_QTY_UNITS :
	    PL_QTY_INT, &why, &bad) != 0) {
		err(v, resources, rc->v[bad].val.line, rc->v[bad].val.col, "%s",
		    why.s);
		rv = -1;
	}
	buf_free(&why);
	return rv;
}

/* Three resources printed for a message. */
struct rtext {
	struct buf a, b;
};

static const char *
rs(struct buf *b, const struct pl_res *r)
{
	buf_clear(b);
	pl_res_format(b, r);
	return b->s;
}

/*
 * One queue and its subtree; parent_max NULL for the root. Sets *ret to
 * what the queue passes up (its guaranteed, or its children's sum when
 * it has none); returns -1 when a quantity below did not parse (the sums
 * above are then not checked).
 */
static int
check_resources(struct val *v, const struct pl_queueconf *q,
    const struct pl_res *parent_max, struct pl_res *ret)
{
	const struct pl_ver *sw = v->sw;
	const char *name = q->name.s != NULL ? q->name.s : "";
	struct pl_res g, m, sum, child;
	struct rtext t = { { 0 }, { 0 } };
	unsigned long gl, gc, ml, mc;
	size_t i;
	int rc = 0, old = !sw->max_undef_unlimited;

	pl_res_init(&sum);
	pl_res_init(ret);
	rpos(&q->guaranteed, q, &gl, &gc);
	rpos(&q->max, q, &ml, &mc);
	if (parse(v, &q->guaranteed, &g) != 0) {
		rc = -1;
		pl_res_init(&m);
		goto children;
	}
	if (parse(v, &q->max, &m) != 0) {
		rc = -1;
		goto children;
	}
	if (old ? !pl_res_iszero(&m) && !pl_res_fitin(&m, &g) :
	    !pl_res_fitin_maxundef(&m, &g)) {
		if (old)
			err(v, resources, gl, gc, "guaranteed resource is larger "
			    "than maximum resource for queue %s", name);
		else
			err(v, resources, gl, gc, "guaranteed resource %s is larger "
			    "than maximum resource %s for queue %s", rs(&t.a, &g),
			    rs(&t.b, &m), name);
	}
	if (old ? !pl_res_iszero(parent_max) && !pl_res_fitin(parent_max, &m) :
	    !pl_res_fitin_maxundef(parent_max, &m)) {
		if (old)
			err(v, resources, ml, mc, "max resource of parent is "
			    "smaller than maximum resource for queue %s", name);
		else
			err(v, resources, ml, mc, "max resource of parent %s is "
			    "smaller than maximum resource %s for queue %s",
			    rs(&t.a, parent_max), rs(&t.b, &m), name);
	}
	pl_res_min(&m, &m, parent_max);
children:
	for (i = 0; i < q->nqueues; i++) {
		if (check_resources(v, &q->queues[i], rc == 0 ? &m : NULL,
		    &child) != 0)
			rc = -1;
		pl_res_add(&sum, &child);
		pl_res_free(&child);
	}
	if (rc != 0)
		goto out;
	if (sw->guaranteed_undef_unlimited ? !pl_res_fitin_maxundef(&g, &sum) :
	    !pl_res_iszero(&g) && !pl_res_fitin(&g, &sum)) {
		if (old)
			err(v, resources, gl, gc, "guaranteed resource of parent is "
			    "smaller than sum of guaranteed resources of the "
			    "children for queue %s", name);
		else
			err(v, resources, gl, gc, "guaranteed resource of parent %s "
			    "is smaller than sum of guaranteed resources %s of the "
			    "children for queue %s", rs(&t.a, &g), rs(&t.b, &sum),
			    name);
	}
	if (old ? !pl_res_iszero(&m) && !pl_res_fitin(&m, &sum) :
	    !pl_res_fitin_maxundef(&m, &sum)) {
		if (old)
			err(v, resources, ml, mc, "max resource of parent is "
			    "smaller than sum of guaranteed resources of the "
			    "children for queue %s", name);
		else
			err(v, resources, ml, mc, "max resource %s is smaller than "
			    "sum of guaranteed resources %s of the children for "
			    "queue %s", rs(&t.a, &m), rs(&t.b, &sum), name);
	}
	pl_res_copy(ret, pl_res_iszero(&g) ? &sum : &g);
out:
	pl_res_free(&g);
	pl_res_free(&m);
	pl_res_free(&sum);
	buf_free(&t.a);
	buf_free(&t.b);
	return rc;
}

/* ---- maxapplications (checkQueueMaxApplications, 1.2) ---- */

static void
check_maxapps(struct val *v, const struct pl_queueconf *q)
{
	enum pl_maxapps ma = v->sw->maxapps;
	size_t i;

	for (i = 0; i < q->nqueues; i++) {
		const struct pl_queueconf *k = &q->queues[i];
		unsigned long line = k->maxapps ? k->apps_line : k->line;
		unsigned long col = k->maxapps ? k->apps_col : k->col;

		if (q->maxapps != 0 && ma == PL_MAXAPPS_12 &&
		    (q->maxapps < k->maxapps || k->maxapps == 0))
			err(v, queues, line, col, "parent maxRunningApps must be "
			    "larger than child maxRunningApps");
		else if (q->maxapps != 0 && (ma == PL_MAXAPPS_14 ?
		    q->maxapps < k->maxapps || k->maxapps == 0 :
		    q->maxapps < k->maxapps))
			err(v, queues, line, col, "parent maxApplications must be "
			    "larger than child maxApplications");
		else if (q->maxapps != 0 && ma == PL_MAXAPPS_15 &&
		    k->maxapps == 0)
			err(v, queues, line, col, "maxApplications is either "
			    "undefined or zero, which is not allowed when parent "
			    "queue's maxApplications is defined");
		check_maxapps(v, k);
	}
}

/* ---- limits against the limits above (1.4) ---- */

static void
hier(struct val *v, struct pl_lhier *h, size_t parent,
    const struct pl_queueconf *q, const struct pl_limitconf *limits,
    size_t nlimits)
{
	size_t cur, i;

	cur = pl_lhier_queue(h, parent, q->name.s != NULL ? q->name.s : "",
	    q->name.n, limits, nlimits, out(v, &v->st->limits));
	for (i = 0; i < q->nqueues; i++)
		hier(v, h, cur, &q->queues[i], q->queues[i].limits,
		    q->queues[i].nlimits);
}

/* ---- placement rules: names and filters ---- */

static void
check_entry(struct val *v, const struct pl_cstr *list, size_t n, int group)
{
	struct buf why = { 0 }, l = { 0 };

	if (n == 1 && pl_filter_check_entry(list[0].s, list[0].n, group, v->c,
	    &why) != 0) {
		buf_printf(&l, "[%s]", list[0].s);
		err(v, rulesyntax, list[0].line, list[0].col, "invalid rule filter "
		    "%s list is not a proper list or regexp: %s", group ? "group" :
		    "user", l.s);
	}
	buf_free(&why);
	buf_free(&l);
}

static void
check_rule(struct val *v, const struct pl_ruleconf *r)
{
	const char *name = r->name.set ? r->name.s : "";
	const struct pl_filterconf *f = &r->filter;
	const char *t = f->type.set ? f->type.s : "";

	if (!pl_rule_name_ok(name, r->name.n))
		err(v, rulesyntax, AT(r->name, r), "invalid rule name %s, a name "
		    "must be a valid identifier", name);
	if (r->parent != NULL)
		check_rule(v, r->parent);
	if (*t != '\0' && strcasecmp(t, "allow") != 0 && strcasecmp(t, "deny") != 0)
		err(v, rulesyntax, f->type.line, f->type.col, "invalid rule filter "
		    "type %s, filter type  must be either '', allow or deny", t);
	check_entry(v, f->users, f->nusers, 0);
	check_entry(v, f->groups, f->ngroups, 1);
}

void
pl_validate_rules(const struct pl_partconf *p, const char *file,
    enum pl_compat c, struct diag *d, struct pl_stages *st)
{
	struct val v = { pl_ver(c), c, file, d, st, { 0 } };
	size_t i;

	for (i = 0; i < p->nrules; i++)
		check_rule(&v, &p->rules[i]);
}

/* ---- the static paths of placement rules (1.3.0, 1.4) ---- */

/* 1.3.0: outer->inner, fixed values lower-cased; the path and whether
 * a rule above the last fixed one is dynamic. */
static int
path130(const struct pl_ruleconf *r, struct buf *path, struct buf *chain)
{
	const char *name = r->name.set ? r->name.s : "";
	struct buf pp = { 0 }, pc = { 0 }, low = { 0 };
	int dyn = 0;

	if (r->parent != NULL) {
		dyn = path130(r->parent, &pp, &pc);
		buf_clear(chain);
		buf_printf(chain, "%s->%s", name, pc.s);
	} else {
		buf_set(chain, name, strlen(name));
		buf_set(&pp, "root", 4);
	}
	buf_clear(path);
	if (strcmp(name, "fixed") == 0) {
		pl_lower(&low, r->value.set ? r->value.s : "", r->value.n);
		if (low.n >= 4 && memcmp(low.s, "root", 4) == 0) {
			buf_set(path, low.s, low.n);
			dyn = 0;
		} else if (dyn)		/* below a dynamic rule: root, dynamic */
			buf_set(path, "root", 4);
		else
			buf_printf(path, "%s.%s", pp.s, low.s);
	} else {
		buf_set(path, pp.s, pp.n);
		dyn = 1;
	}
	buf_free(&pp);
	buf_free(&pc);
	buf_free(&low);
	return dyn;
}

enum { PATH_OK, PATH_MISSING, PATH_NOT_LEAF, PATH_BELOW_LEAF, PATH_NOT_PARENT };

/* 1.3.0: every queue found on the way must be a parent. */
static int
walk130(const struct pl_queueconf *list, size_t nlist, const char *path,
    int create)
{
	const char *dot = strchr(path, '.');
	size_t len = dot ? (size_t)(dot - path) : strlen(path), i;

	if (nlist == 0)
		return create ? PATH_OK : PATH_MISSING;
	for (i = 0; i < nlist; i++)
		if (list[i].name.set && list[i].name.n == len &&
		    memcmp(list[i].name.s, path, len) == 0)
			break;
	if (i == nlist)
		return create ? PATH_OK : PATH_MISSING;
	if (!list[i].parent)
		return PATH_NOT_PARENT;
	if (dot == NULL)
		return PATH_OK;
	return walk130(list[i].queues, list[i].nqueues, dot + 1, create);
}

/* 1.4: names as configured against the lower-cased path. */
static int
walk14(const struct pl_queueconf *list, size_t nlist,
    const struct pl_queueconf *parent, const char *path, int create,
    int dynamic, const char **last)
{
	const struct pl_queueconf *q = NULL;
	const char *dot = strchr(path, '.');
	size_t len = dot ? (size_t)(dot - path) : strlen(path), i;

	if (nlist == 0) {
		if (!parent->parent) {
			*last = parent->name.s;
			return PATH_BELOW_LEAF;
		}
		return create ? PATH_OK : PATH_MISSING;
	}
	for (i = 0; i < nlist; i++)
		if (list[i].name.set && list[i].name.n == len &&
		    memcmp(list[i].name.s, path, len) == 0) {
			q = &list[i];
			break;
		}
	if (q == NULL)
		return create ? PATH_OK : PATH_MISSING;
	if (dot == NULL) {
		if (dynamic)
			return q->parent ? PATH_OK : PATH_NOT_LEAF;
		return q->parent ? PATH_NOT_LEAF : PATH_OK;
	}
	return walk14(q->queues, q->nqueues, q, dot + 1, create, dynamic, last);
}

/* 1.4: the leading fixed rules of a chain, inner->outer. 0, or -1 after
 * an illegal second qualified value (reported). */
static int
path14(struct val *v, const struct pl_ruleconf *r, struct buf *path,
    struct buf *names, int *dynamic)
{
	const struct pl_ruleconf *chain[66];
	size_t n = 0;

	buf_clear(path);
	buf_clear(names);
	*dynamic = 0;
	for (; r != NULL && n < 66; r = r->parent)
		chain[n++] = r;
	while (n-- > 0) {	/* innermost parent first */
		const char *name = chain[n]->name.set ? chain[n]->name.s : "";
		const char *val = chain[n]->value.set ? chain[n]->value.s : "";

		if (names->n > 0)
			buf_puts(names, "->");
		buf_puts(names, name);
		if (*dynamic)
			continue;
		if (strcmp(name, "fixed") != 0) {
			*dynamic = 1;
			if (path->n == 0)
				buf_puts(path, "<dynamic>");
			continue;
		}
		if (strncmp(val, "root", 4) == 0) {
			if (path->n > 0) {
				err(v, staticpath, AT(chain[n]->value, chain[n]),
				    "illegal fully qualified 'fixed' rule with value "
				    "%s", val);
				return -1;
			}
			buf_puts(path, val);
			continue;
		}
		if (path->n == 0)
			buf_puts(path, "root");
		buf_printf(path, ".%s", val);
	}
	return 0;
}

static void
static_msg(struct val *v, const struct pl_ruleconf *r, size_t no, int res,
    const char *chain, const char *path, const char *last)
{
	if (res == PATH_NOT_PARENT)
		err(v, staticpath, r->line, r->col, "placement rule no. #%zu (%s) "
		    "references a queue (%s) which is a leaf", no, chain, path);
	else if (res == PATH_NOT_LEAF)
		err(v, staticpath, r->line, r->col, "placement rule no. #%zu (%s) "
		    "references a queue (%s) which is not a leaf", no, chain,
		    path);
	else if (res == PATH_MISSING)
		err(v, staticpath, r->line, r->col, "placement rule no. #%zu (%s) "
		    "references non-existing queues (%s) and create is 'false'",
		    no, chain, path);
	else if (res == PATH_BELOW_LEAF)
		err(v, staticpath, r->line, r->col, "placement rule no. #%zu (%s) "
		    "references non-existing queues (%s) which cannot be created "
		    "because the last queue (%s) in the hierarchy is a leaf", no,
		    chain, path, last != NULL ? last : "");
}

static void
check_static(struct val *v, const struct pl_partconf *p)
{
	struct buf *paths, *names, low = { 0 };
	int *dyn, bad = 0, res;
	const char *last;
	size_t i;

	paths = xcalloc(p->nrules + 1, sizeof *paths);
	names = xcalloc(p->nrules + 1, sizeof *names);
	dyn = xcalloc(p->nrules + 1, sizeof *dyn);
	for (i = 0; i < p->nrules; i++)	/* every path first */
		if (v->sw->static_path == PL_STATIC_130)
			(void)path130(&p->rules[i], &paths[i], &names[i]);
		else if (path14(v, &p->rules[i], &paths[i], &names[i], &dyn[i]) != 0)
			bad = 1;
	for (i = 0; i < p->nrules && !bad; i++) {
		const struct pl_ruleconf *r = &p->rules[i];

		last = NULL;
		if (v->sw->static_path == PL_STATIC_130) {
			pl_lower(&low, paths[i].s, paths[i].n);
			res = walk130(p->queues, p->nqueues, low.s, r->create);
		} else {
			if (paths[i].n < 4 || memcmp(paths[i].s, "root", 4) != 0)
				continue;
			pl_lower(&low, paths[i].s, paths[i].n);
			res = walk14(p->queues, p->nqueues, NULL, low.s, r->create,
			    dyn[i], &last);
		}
		buf_clear(&low);
		static_msg(v, r, i, res, names[i].s, paths[i].s, last);
	}
	for (i = 0; i < p->nrules; i++) {
		buf_free(&paths[i]);
		buf_free(&names[i]);
	}
	free(paths);
	free(names);
	free(dyn);
	buf_free(&low);
}

/* ---- a partition ---- */

/* The top level becomes exactly one root queue, a parent. */
static void
insert_root(struct pl_partconf *p)
{
	struct pl_queueconf *root;

	if (p->nqueues == 1 && p->queues[0].name.set &&
	    lower_eq(p->queues[0].name.s, p->queues[0].name.n, "root")) {
		p->queues[0].parent = 1;
		return;
	}
	root = xcalloc(1, sizeof *root);
	root->name.s = xstrdup("root");
	root->name.n = 4;
	root->name.set = 1;
	root->name.line = root->line = p->line;
	root->name.col = root->col = p->col;
	root->parent = 1;
	root->queues = p->queues;
	root->nqueues = p->nqueues;
	p->queues = root;
	p->nqueues = 1;
}

static void
validate_part(struct val *v, struct pl_partconf *p)
{
	const struct pl_ver *sw = v->sw;
	const struct pl_limitconf *rl;
	struct pl_queueconf *root;
	struct pl_limitq lq;
	struct pl_lhier h;
	struct pl_res top;
	size_t nrl, i;
	int syntax;

	if (!p->queues_set) {
		err(v, queues, p->line, p->col, "queue config is not set");
		for (i = 0; i < p->nrules; i++)	/* what needs no queues */
			check_rule(v, &p->rules[i]);
		pl_pol_nodesort(&p->sorttype, &p->weights, p->weightv, p->line,
		    p->col, out(v, &v->st->policy));
		return;
	}
	insert_root(p);
	root = &p->queues[0];
	if (root->guaranteed.set || root->max.set)
		err(v, queues, root->line, root->col, "root queue must not have "
		    "resource limits set");
	rl = root->limits;
	nrl = root->nlimits;
	if (sw->partition_limits_root) {	/* checkLimitsStructure */
		if (p->nlimits > 0 && nrl > 0 &&
		    !pl_limit_equal(p->limits, p->nlimits, rl, nrl))
			err(v, limits, p->limits[0].line, p->limits[0].col,
			    "partition limits and root queue limits are not "
			    "equivalent");
		if (nrl == 0) {		/* the root takes the partition's */
			rl = p->limits;
			nrl = p->nlimits;
		}
	}
	check_queues(v, root, 1, rl, nrl);
	(void)check_resources(v, root, NULL, &top);
	pl_res_free(&top);
	syntax = v->st->rulesyntax;
	for (i = 0; i < p->nrules; i++)
		check_rule(v, &p->rules[i]);
	if (sw->static_path != PL_STATIC_NONE && v->st->rulesyntax == syntax)
		check_static(v, p);
	if (!sw->partition_limits_root) {
		lq.name = root->name.s;
		lq.n = root->name.n;
		lq.maxapps = root->maxapps;
		lq.max = &root->max;
		pl_limit_list(p->limits, p->nlimits, &lq, v->c,
		    out(v, &v->st->limits));
	}
	pl_pol_nodesort(&p->sorttype, &p->weights, p->weightv, p->line, p->col,
	    out(v, &v->st->policy));
	if (sw->statedump == PL_STATEDUMP_CHECKED)
		pl_pol_statedump(&p->statedump, out(v, &v->st->policy));
	if (sw->maxapps != PL_MAXAPPS_NONE)
		check_maxapps(v, root);
	if (sw->hier_limits == PL_HIERLIMITS_NONE)
		return;
	pl_lhier_init(&h, v->c, PL_LHIER_RES);
	hier(v, &h, PL_LHIER_TOP, root, rl, nrl);
	pl_lhier_free(&h);
	pl_lhier_init(&h, v->c, PL_LHIER_APPS);
	hier(v, &h, PL_LHIER_TOP, root, rl, nrl);
	pl_lhier_free(&h);
}

void
pl_validate_part(struct pl_partconf *p, const char *file, enum pl_compat c,
    struct diag *d, struct pl_stages *st)
{
	struct val v = { pl_ver(c), c, file, d, st, { 0 } };

	validate_part(&v, p);
}

void
pl_validate(struct pl_conf *conf, enum pl_compat c, struct diag *d,
    struct pl_stages *st)
{
	struct val v = { pl_ver(c), c, conf->file, d, st, { 0 } };
	struct seen sn = { HT_INIT, { NULL, 0, 0 }, NULL, 0, 0 };
	size_t i;
	int defaults = 0;

	for (i = 0; i < conf->nparts; i++) {
		struct pl_partconf *p = &conf->parts[i];
		unsigned long line = p->name.set ? p->name.line : p->line;
		unsigned long col = p->name.set ? p->name.col : p->col;

		if (!p->name.set || p->name.n == 0 ||
		    lower_eq(p->name.s, p->name.n, "default")) {
			free(p->name.s);
			p->name.s = xstrdup("default");
			p->name.n = 7;
			p->name.line = line;
			p->name.col = col;
			p->name.set = 1;
			if (!v.sw->unique_partitions && defaults++ > 0)
				err(&v, queues, line, col, "multiple default "
				    "partitions defined");
		}
		if (v.sw->unique_partitions && seen_add(&sn, p->name.s, p->name.n))
			err(&v, queues, line, col, "duplicate partition name found "
			    "with name %s", p->name.s);
		validate_part(&v, p);
	}
	seen_free(&sn);
}
