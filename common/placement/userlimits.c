/*
 * userlimits.c - user and group limits, YuniKorn's validator (userlimits.h).
 */
#include <inttypes.h>
#include <stdlib.h>

#include "gotext.h"
#include "userlimits.h"
#include "names.h"
#include "xalloc.h"

void
pl_limitconf_free(struct pl_limitconf *l)
{
	free(l->name.s);
	pl_cstrs_free(l->users, l->nusers);
	pl_cstrs_free(l->groups, l->ngroups);
	pl_rconf_free(&l->maxres);
	memset(l, 0, sizeof *l);
}

/* ---- tables of names ---- */

struct lent {
	const char *name;
	size_t n;
	struct pl_res res;
	uint64_t apps;
};

/*
 * One queue's table of a kind (users or groups), name -> its limit. 1.5
 * gives every queue a copy of its parent's table; here a table keeps its
 * parent (a snapshot: a table changes only while its queue's limits are
 * read, before any child has it as parent) and a lookup walks up, so a
 * long list above many queues is not copied to each.
 */
struct pl_lnode {
	struct pl_lnode *parent;
	struct lent *e;
	size_t n, cap;
	struct ht t;
};

static struct lent *
lookup(const struct pl_lnode *nd, const char *s, size_t n)
{
	struct ht_probe pr;
	uint32_t i;

	for (; nd != NULL; nd = nd->parent) {
		ht_probe(&nd->t, ht_hash(s, n), &pr);
		while ((i = ht_next(&nd->t, &pr)) != HT_NONE)
			if (nd->e[i].n == n && memcmp(nd->e[i].name, s, n) == 0)
				return &nd->e[i];
	}
	return NULL;
}

/* The entry of name in this very table, added if missing. */
static struct lent *
entry(struct pl_lnode *nd, const char *s, size_t n)
{
	uint64_t h = ht_hash(s, n);
	struct ht_probe pr;
	uint32_t i;

	ht_probe(&nd->t, h, &pr);
	while ((i = ht_next(&nd->t, &pr)) != HT_NONE)
		if (nd->e[i].n == n && memcmp(nd->e[i].name, s, n) == 0)
			return &nd->e[i];
	xgrow((void **)&nd->e, &nd->cap, nd->n + 1, sizeof *nd->e);
	memset(&nd->e[nd->n], 0, sizeof nd->e[nd->n]);
	nd->e[nd->n].name = s;
	nd->e[nd->n].n = n;
	ht_add(&nd->t, h, (uint32_t)nd->n);
	return &nd->e[nd->n++];
}

/* Free what a table holds. */
static void
node_clear(struct pl_lnode *nd)
{
	size_t j;

	for (j = 0; j < nd->n; j++)
		pl_res_free(&nd->e[j].res);
	free(nd->e);
	ht_free(&nd->t);
}

/* Add a name to a table of names seen; 1 if it was there. */
static int
seen_add(struct pl_lnode *nd, const char *s, size_t n)
{
	size_t before = nd->n;

	(void)entry(nd, s, n);
	return nd->n == before;
}

/* ---- one list (checkLimits, checkLimit) ---- */

static int
star(const struct pl_cstr *c)
{
	return c->n == 1 && c->s[0] == '*';
}

/* The strings of a list, for Go's %v. */
static void
strs(struct buf *b, const struct pl_cstr *v, size_t n)
{
	struct pl_gostr *g = xcalloc(n + 1, sizeof *g);
	size_t i;

	for (i = 0; i < n; i++) {
		g[i].s = v[i].s;
		g[i].n = v[i].n;
	}
	pl_go_strs(b, g, n);
	free(g);
}

static const char *
lname(const struct pl_limitconf *l)
{
	return l->name.s != NULL ? l->name.s : "";
}

/* The names of one kind (users or groups) of a limit. 0, or -1 after an
 * error that ends the scheduler's check of the limit. */
static int
names(const struct pl_cstr *v, size_t n, int group, struct pl_lnode *seen,
    enum pl_compat compat, const struct pl_vout *o)
{
	const struct pl_ver *sw = pl_ver(compat);
	const char *kind = group ? "group" : "user";
	int bad = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		const struct pl_cstr *c = &v[i];
		int ok = group ? pl_group_name_ok(c->s, c->n, compat) :
		    pl_user_name_ok(c->s, c->n, compat);

		if (!star(c) && !ok) {
			pl_conf_err(o->d, o->nerr, o->file, c->line, c->col,
			    "invalid limit %s name '%s' in limit definition",
			    kind, c->s);
			bad = -1;
			continue;
		}
		if (!sw->limit_list_checks)
			continue;
		if (seen_add(seen, c->s, c->n)) {
			if (sw->texts16 && group)
				pl_conf_err(o->d, o->nerr, o->file, c->line, c->col,
				    "duplicated group name '%s'", c->s);
			else if (sw->texts16)
				pl_conf_err(o->d, o->nerr, o->file, c->line, c->col,
				    "duplicated user name '%s', already exists",
				    c->s);
			else
				pl_conf_err(o->d, o->nerr, o->file, c->line, c->col,
				    "duplicated %s name %s , already existed", kind,
				    c->s);
			bad = -1;
			continue;
		}
		if (!star(c) && lookup(seen, "*", 1) != NULL) {
			pl_conf_err(o->d, o->nerr, o->file, c->line, c->col,
			    "should not set no wildcard %s %s after wildcard %s "
			    "limit", kind, c->s, kind);
			bad = -1;
		}
	}
	return bad;
}

/* checkLimit: the scheduler stops at the first error; every one found is
 * reported, and a check that needs what failed is skipped. */
static void
check_limit(const struct pl_limitconf *l, struct pl_lnode *users,
    struct pl_lnode *groups, const struct pl_limitq *q, const struct pl_res *qm,
    int *qbad, enum pl_compat c, const struct pl_vout *o)
{
	const struct pl_ver *sw = pl_ver(c);
	enum pl_qty qt = sw->quantity_units ? PL_QTY_UNITS : PL_QTY_INT;
	struct buf b = { 0 };
	struct pl_res lr;
	size_t bad;
	int parsed = 1;

	pl_res_init(&lr);
	if (l->nusers == 0 && l->ngroups == 0) {
		buf_printf(&b, "{%s [] [] ", lname(l));
		pl_rconf_format(&b, &l->maxres);
		buf_printf(&b, " %" PRIu64 "}", l->maxapps);
		pl_conf_err(o->d, o->nerr, o->file, l->line, l->col, "empty user "
		    "and group lists defined in limit '%s'", b.s);
		goto out;
	}
	(void)names(l->users, l->nusers, 0, users, c, o);
	(void)names(l->groups, l->ngroups, 1, groups, c, o);
	if (sw->limit_list_checks && groups->n == 1 &&
	    lookup(groups, "*", 1) != NULL)
		pl_conf_err(o->d, o->nerr, o->file, l->line, l->col, "should not "
		    "specify only one group limit that is using the wildcard. "
		    "There must be at least one limit with a group name defined ");
	if (l->maxres.n > 0) {
		if (pl_res_parse(&lr, &l->maxres, qt, &b, &bad) != 0) {
			pl_conf_err(o->d, o->nerr, o->file, l->maxres.v[bad].val.line,
			    l->maxres.v[bad].val.col, "%s", b.s);
			parsed = 0;
		} else if (sw->limit_zero == PL_LIMITZERO_14 && pl_res_iszero(&lr))
			pl_conf_err(o->d, o->nerr, o->file, l->maxres.line,
			    l->maxres.col, "MaxResources is zero in '%s' limit, "
			    "all resource types are zero", lname(l));
		else if (sw->limit_zero == PL_LIMITZERO_15 && !pl_res_positive(&lr))
			pl_conf_err(o->d, o->nerr, o->file, l->maxres.line,
			    l->maxres.col, "MaxResources should be greater than "
			    "zero in '%s' limit", lname(l));
	}
	if (parsed && l->maxapps == 0 && (sw->limit_zero != PL_LIMITZERO_NONE ?
	    l->maxres.n == 0 : pl_res_iszero(&lr))) {
		buf_clear(&b);
		strs(&b, l->users, l->nusers);
		if (sw->limit_list_checks)
			pl_conf_err(o->d, o->nerr, o->file, l->line, l->col,
			    "invalid resource combination for limit %s all "
			    "resource limits are null", lname(l));
		else
			pl_conf_err(o->d, o->nerr, o->file, l->line, l->col,
			    "invalid resource combination for limit names '%s' "
			    "all resource limits are null", b.s);
	}
	if (sw->limit_vs_queue_max == PL_LIMITMAX_NONE)
		goto out;
	if (q->maxapps != 0 && q->maxapps < l->maxapps)
		pl_conf_err(o->d, o->nerr, o->file, l->apps_line, l->apps_col,
		    "invalid MaxApplications settings for limit %s %s current "
		    "the queue MaxApplications", lname(l),
		    sw->limit_vs_queue_max == PL_LIMITMAX_130 ? "exeecd" :
		    "exceed");
	else if (sw->limit_vs_queue_max == PL_LIMITMAX_130 && q->maxapps != 0 &&
	    l->maxapps == 0)
		pl_conf_err(o->d, o->nerr, o->file, l->line, l->col,
		    "MaxApplications is 0 in limit name %s, it should be 1 ~ %"
		    PRIu64, lname(l), q->maxapps);
	if (q->n == 4 && memcmp(q->name, "root", 4) == 0)
		goto out;
	if (qm == NULL) {	/* said once for the list */
		if (!*qbad) {
			struct pl_res qr;

			(void)pl_res_parse(&qr, q->max, qt, &b, &bad);
			pl_res_free(&qr);
			pl_conf_err(o->d, o->nerr, o->file, q->max->v[bad].val.line,
			    q->max->v[bad].val.col, "parse queue %s max resource "
			    "failed: %s", q->name, b.s);
		}
		*qbad = 1;
	} else if (parsed && !pl_res_fitin_maxundef(qm, &lr))
		pl_conf_err(o->d, o->nerr, o->file, l->maxres.line, l->maxres.col,
		    "invalid MaxResources settings for limit %s exeecd current "
		    "the queue MaxResources", lname(l));
out:
	pl_res_free(&lr);
	buf_free(&b);
}

void
pl_limit_list(const struct pl_limitconf *v, size_t n,
    const struct pl_limitq *q, enum pl_compat c, const struct pl_vout *o)
{
	struct pl_lnode users, groups;
	struct buf why = { 0 };
	struct pl_res qm;
	size_t i, bad;
	int qok, qbad = 0;

	if (n == 0)
		return;
	memset(&users, 0, sizeof users);
	memset(&groups, 0, sizeof groups);
	qok = pl_res_parse(&qm, q->max, pl_ver(c)->quantity_units ?
	    PL_QTY_UNITS : PL_QTY_INT, &why, &bad) == 0;
	for (i = 0; i < n; i++)
		check_limit(&v[i], &users, &groups, q, qok ? &qm : NULL, &qbad, c,
		    o);
	pl_res_free(&qm);
	buf_free(&why);
	node_clear(&users);
	node_clear(&groups);
}

/* ---- reflect.DeepEqual ---- */

static int
cstr_eq(const struct pl_cstr *a, const struct pl_cstr *b)
{
	return a->n == b->n && (a->n == 0 || memcmp(a->s, b->s, a->n) == 0);
}

static int
list_eq(const struct pl_cstr *a, size_t an, int aset, const struct pl_cstr *b,
    size_t bn, int bset)
{
	size_t i;

	if (aset != bset || an != bn)	/* a nil slice is not an empty one */
		return 0;
	for (i = 0; i < an; i++)
		if (!cstr_eq(&a[i], &b[i]))
			return 0;
	return 1;
}

/* Maps are equal when they hold the same keys with the same values. */
static int
map_eq(const struct pl_rconf *a, const struct pl_rconf *b)
{
	size_t i, j;
	struct ht t = HT_INIT;
	struct ht_probe pr;
	uint32_t k;
	int eq = 1;

	if (a->set != b->set || a->n != b->n)
		return 0;
	for (i = 0; i < a->n; i++)
		ht_add(&t, ht_hash(a->v[i].name.s, a->v[i].name.n), (uint32_t)i);
	for (j = 0; j < b->n && eq; j++) {
		ht_probe(&t, ht_hash(b->v[j].name.s, b->v[j].name.n), &pr);
		while ((k = ht_next(&t, &pr)) != HT_NONE &&
		    !cstr_eq(&a->v[k].name, &b->v[j].name))
			;
		eq = k != HT_NONE && cstr_eq(&a->v[k].val, &b->v[j].val);
	}
	ht_free(&t);
	return eq;
}

int
pl_limit_equal(const struct pl_limitconf *a, size_t an,
    const struct pl_limitconf *b, size_t bn)
{
	size_t i;

	if (an != bn)
		return 0;
	for (i = 0; i < an; i++)
		if (!cstr_eq(&a[i].name, &b[i].name) ||
		    !list_eq(a[i].users, a[i].nusers, a[i].users_set, b[i].users,
		    b[i].nusers, b[i].users_set) ||
		    !list_eq(a[i].groups, a[i].ngroups, a[i].groups_set,
		    b[i].groups, b[i].ngroups, b[i].groups_set) ||
		    !map_eq(&a[i].maxres, &b[i].maxres) ||
		    a[i].maxapps != b[i].maxapps)
			return 0;
	return 1;
}

/* ---- the hierarchy (checkLimitResource, checkLimitMaxApplications) ---- */

static struct pl_lnode *
new_node(struct pl_lhier *h, struct pl_lnode *parent)
{
	struct pl_lnode *nd = xcalloc(1, sizeof *nd);

	nd->parent = parent;
	xgrow((void **)&h->all, &h->capall, h->nall + 1, sizeof *h->all);
	h->all[h->nall++] = nd;
	return nd;
}

void
pl_lhier_init(struct pl_lhier *h, enum pl_compat c,
    enum pl_lhier_pass pass)
{
	memset(h, 0, sizeof *h);
	h->sw = pl_ver(c);
	h->pass = pass;
	h->path = xcalloc(1, sizeof *h->path);
	h->path[0] = xstrdup("");
	h->npath = h->cappath = 1;
	h->users = xcalloc(1, sizeof *h->users);
	h->groups = xcalloc(1, sizeof *h->groups);
}

/* The handle of a path (paths repeat: a queue named root is "root"). */
static size_t
path_handle(struct pl_lhier *h, const char *s, size_t n)
{
	uint64_t hv = ht_hash(s, n);
	struct ht_probe pr;
	uint32_t i;
	size_t old = h->cappath;

	ht_probe(&h->bound, hv, &pr);
	while ((i = ht_next(&h->bound, &pr)) != HT_NONE)
		if (strlen(h->path[i]) == n && memcmp(h->path[i], s, n) == 0)
			return i;
	xgrow((void **)&h->path, &h->cappath, h->npath + 1, sizeof *h->path);
	if (h->cappath != old) {
		h->users = xreallocarray(h->users, h->cappath, sizeof *h->users);
		h->groups = xreallocarray(h->groups, h->cappath,
		    sizeof *h->groups);
	}
	h->path[h->npath] = xmemdup0(s, n);
	h->users[h->npath] = h->groups[h->npath] = NULL;
	ht_add(&h->bound, hv, (uint32_t)h->npath);
	return h->npath++;
}

/* The checks of one name of a limit against the tables above. */
static void
check_name(struct pl_lhier *h, const struct pl_cstr *c, int group,
    const struct pl_res *lres, uint64_t lapps, struct pl_lnode *above,
    struct pl_lnode **cur, const char *qname, const struct pl_vout *o)
{
	const char *kind = group ? "group" : "user";
	struct lent *a, *w = NULL, *e;
	int v15 = h->sw->hier_limits == PL_HIERLIMITS_15;

	a = lookup(above, c->s, c->n);
	if (a == NULL && v15 && !star(c))
		w = lookup(above, "*", 1);
	if (*cur == NULL)	/* 1.4 makes a queue's table at its first entry */
		*cur = new_node(h, NULL);
	if (h->pass == PL_LHIER_RES) {
		struct lent *ref = a != NULL ? a : w;

		if (ref != NULL && !pl_res_fitin_maxundef(&ref->res, lres)) {
			buf_clear(&h->a);
			buf_clear(&h->b);
			pl_res_format(&h->a, lres);
			pl_res_format(&h->b, &ref->res);
			if (a != NULL)
				pl_conf_err(o->d, o->nerr, o->file, c->line, c->col,
				    "%s %s max resource %s of queue %s is greater "
				    "than immediate or ancestor parent maximum "
				    "resource %s", kind, c->s, h->a.s, qname, h->b.s);
			else
				pl_conf_err(o->d, o->nerr, o->file, c->line, c->col,
				    "%s %s max resource %s of queue %s is greater "
				    "than wildcard maximum resource %s of immediate "
				    "or ancestor parent queue", kind, c->s, h->a.s,
				    qname, h->b.s);
		}
		e = entry(*cur, c->s, c->n);
		if (a != NULL)
			pl_res_min(&e->res, lres, &a->res);
		else
			pl_res_copy(&e->res, lres);
		return;
	}
	a = a != NULL ? a : w;
	if (a != NULL && a->apps != 0 && (a->apps < lapps || lapps == 0)) {
		if (w == NULL)
			pl_conf_err(o->d, o->nerr, o->file, c->line, c->col, "%s %s "
			    "max applications %" PRIu64 " of queue %s is greater "
			    "than immediate or ancestor parent max applications %"
			    PRIu64, kind, c->s, lapps, qname, a->apps);
		else
			pl_conf_err(o->d, o->nerr, o->file, c->line, c->col, "%s %s "
			    "max applications %" PRIu64 " of queue %s is greater "
			    "than wildcard max applications %" PRIu64 " of "
			    "immediate or ancestor parent queue", kind, c->s, lapps,
			    qname, a->apps);
	}
	e = entry(*cur, c->s, c->n);
	e->apps = a != NULL && w == NULL && !v15 && a->apps < lapps ? a->apps :
	    lapps;	/* 1.4 keeps the smaller */
}

size_t
pl_lhier_queue(struct pl_lhier *h, size_t parent, const char *name, size_t n,
    const struct pl_limitconf *v, size_t nv, const struct pl_vout *o)
{
	enum pl_qty qt = h->sw->quantity_units ? PL_QTY_UNITS : PL_QTY_INT;
	struct pl_lnode *au, *ag;
	struct buf why = { 0 };
	size_t cur, i, j, bad;
	struct pl_res lr;

	buf_clear(&h->a);
	if (n == 4 && memcmp(name, "root", 4) == 0)
		buf_puts(&h->a, "root");
	else {
		buf_puts(&h->a, h->path[parent]);
		buf_puts(&h->a, ".");
		buf_add(&h->a, name, n);
	}
	cur = path_handle(h, h->a.s, h->a.n);
	if (h->sw->hier_limits == PL_HIERLIMITS_NONE)
		return cur;
	if (h->sw->hier_limits == PL_HIERLIMITS_15) {
		/* a new table with the parent's; the parent's is looked up
		 * after, as the scheduler does (it is this one when the paths
		 * are the same) */
		h->users[cur] = new_node(h, NULL);
		h->groups[cur] = new_node(h, NULL);
		if ((au = h->users[parent]) != h->users[cur])
			h->users[cur]->parent = au;
		if ((ag = h->groups[parent]) != h->groups[cur])
			h->groups[cur]->parent = ag;
	} else {
		au = h->users[parent];
		ag = h->groups[parent];
		if (nv == 0) {	/* 1.4 carries only through a queue without */
			if (au != NULL)
				h->users[cur] = au;
			if (ag != NULL)
				h->groups[cur] = ag;
		}
	}
	for (i = 0; i < nv; i++) {
		if (pl_res_parse(&lr, &v[i].maxres, qt, &why, &bad) != 0) {
			pl_res_free(&lr);
			continue;	/* reported by the list check */
		}
		for (j = 0; j < v[i].nusers; j++)
			check_name(h, &v[i].users[j], 0, &lr, v[i].maxapps, au,
			    &h->users[cur], name, o);
		for (j = 0; j < v[i].ngroups; j++)
			check_name(h, &v[i].groups[j], 1, &lr, v[i].maxapps, ag,
			    &h->groups[cur], name, o);
		pl_res_free(&lr);
	}
	buf_free(&why);
	return cur;
}

void
pl_lhier_free(struct pl_lhier *h)
{
	size_t i;

	for (i = 0; i < h->nall; i++) {
		node_clear(h->all[i]);
		free(h->all[i]);
	}
	for (i = 0; i < h->npath; i++)
		free(h->path[i]);
	free(h->all);
	free(h->path);
	free(h->users);
	free(h->groups);
	ht_free(&h->bound);
	buf_free(&h->a);
	buf_free(&h->b);
	memset(h, 0, sizeof *h);
}
