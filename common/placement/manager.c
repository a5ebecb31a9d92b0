/*
 * manager.c - the placement manager and admission (manager.h).
 */
#include <stdlib.h>

#include "exitcode.h"
#include "manager.h"
#include "names.h"
#include "xalloc.h"

void
pl_mgr_init(struct pl_mgr *m, enum pl_compat c)
{
	memset(m, 0, sizeof *m);
	m->compat = c;
	m->ev.compat = c;
	pl_ugi_init(&m->ugi, PL_RESOLVER_NONE);
}

void
pl_mgr_set_resolver(struct pl_mgr *m, enum pl_resolver r)
{
	pl_ugi_free(&m->ugi);
	pl_ugi_init(&m->ugi, r);
}

static void
drop_rules(struct pl_mgr *m)
{
	size_t i;

	for (i = 0; i < m->nrules; i++)
		pl_rule_free(m->rules[i]);
	free(m->rules);
	m->rules = NULL;
	m->nrules = 0;
}

void
pl_mgr_free(struct pl_mgr *m)
{
	drop_rules(m);
	pl_eval_free(&m->ev);
	pl_ugi_free(&m->ugi);
}

/* Build the rule list; NULL (and *nerr > 0) if any rule fails. */
static struct pl_rule **
build(struct pl_mgr *m, const struct pl_partconf *p, const char *file,
    struct diag *d, size_t *n, int *nerr)
{
	struct pl_rule **v;
	size_t i, k = 0;

	*n = 0;
	v = xcalloc(p->nrules + 2, sizeof *v);
	if (p->nrules == 0)			/* 1.4: the implicit rule */
		v[k++] = pl_rule_internal(PL_PROVIDED, m->compat);
	for (i = 0; i < p->nrules; i++)
		if ((v[k] = pl_rule_build(&p->rules[i], file, m->compat, d,
		    nerr)) != NULL)
			k++;
	if (pl_ver(m->compat)->recovery)
		v[k++] = pl_rule_internal(PL_RECOVERY, m->compat);
	if (*nerr == 0) {
		*n = k;
		return v;
	}
	for (i = 0; i < k; i++)
		pl_rule_free(v[i]);
	free(v);
	return NULL;
}

int
pl_mgr_initialise(struct pl_mgr *m, const struct pl_partconf *p,
    const char *file, struct diag *d)
{
	struct pl_rule **v;
	size_t n;
	int nerr = 0;

	if (!pl_ver(m->compat)->always_on && p->nrules == 0) {
		struct pos at = { file, p->line, p->col };

		diag_err(d, EXIT_CONFIG, &at,
		    "placement manager rule list request is empty");
		return 1;
	}
	if ((v = build(m, p, file, d, &n, &nerr)) == NULL)
		return nerr;
	drop_rules(m);
	m->rules = v;
	m->nrules = n;
	m->active = 1;
	return 0;
}

int
pl_mgr_new(struct pl_mgr *m, const struct pl_partconf *p, const char *file,
    struct diag *d)
{
	int always = pl_ver(m->compat)->always_on, nerr;

	drop_rules(m);
	m->active = 0;
	if (!always && p->nrules == 0)
		return 0;		/* no rules: placement stays off */
	if ((nerr = pl_mgr_initialise(m, p, file, d)) > 0 && always)
		m->active = 1;		/* without rules: nothing is placed */
	return nerr;
}

int
pl_mgr_update(struct pl_mgr *m, const struct pl_partconf *p, const char *file,
    struct diag *d)
{
	int always = pl_ver(m->compat)->always_on;

	if (!always && !m->active) {	/* a new manager, maybe inactive */
		(void)pl_mgr_new(m, p, file, d);
		return 0;
	}
	if (!always && p->nrules == 0) {
		drop_rules(m);	/* reload without rules: placement off */
		m->active = 0;
		return 0;
	}
	return pl_mgr_initialise(m, p, file, d);
}

void
pl_result_free(struct pl_result *r)
{
	buf_free(&r->path);
	buf_free(&r->reason);
	buf_free(&r->text);
	free(r->steps);
	r->steps = NULL;
	r->nsteps = r->capsteps = 0;
}

const char *
pl_step_text(const struct pl_result *r, long off)
{
	return off < 0 ? NULL : r->text.s + off;
}

static long
keep(struct pl_result *res, const char *s, size_t n)
{
	long off = (long)res->text.n;

	buf_add(&res->text, s, n);
	buf_add(&res->text, "", 1);	/* keep the NUL */
	return off;
}

static struct pl_step *
step(struct pl_result *res, int rule, const char *name)
{
	struct pl_step *s;

	if (!res->trace)
		return NULL;
	xgrow((void **)&res->steps, &res->capsteps, res->nsteps + 1,
	    sizeof *res->steps);
	s = &res->steps[res->nsteps++];
	s->rule = rule;
	s->name = name;
	s->result = s->error = -1;
	s->skip = PL_SKIP_NONE;
	s->depth = 0;
	return s;
}

static enum pl_how
reject(struct pl_result *res, enum pl_how how, const char *msg, size_t n)
{
	res->how = how;
	buf_set(&res->reason, msg, n);
	return how;
}

/*
 * Can the application go to the path in res? PL_SKIP_NONE, a skip reason,
 * or -1 when the path has no existing ancestor (YuniKorn crashes there).
 * The ACL is checked when acl is set. The queue found there is kept for
 * admission.
 */
static int
usable(struct pl_mgr *m, struct pl_tree *t, const struct pl_app *a,
    struct pl_result *res, int acl)
{
	struct pl_queue *q, *anc = NULL;

	if (m->ev.looked)
		q = m->ev.q;
	else
		q = pl_tree_find(t, res->path.s, res->path.n, &anc);
	res->at = q;
	res->looked = 1;
	if (q != NULL) {
		if (!q->leaf)
			return PL_SKIP_PARENTQ;
		if (acl && !pl_queue_submit_ok(q, &a->user))
			return PL_SKIP_ACL;
		if (pl_ver(m->compat)->draining_skipped && q->draining)
			return PL_SKIP_DRAINING;
		return PL_SKIP_NONE;
	}
	if (anc == NULL)
		return -1;
	return !acl || pl_queue_submit_ok(anc, &a->user) ? PL_SKIP_NONE :
	    PL_SKIP_ACL;
}

static void
begin(struct pl_result *res, const struct pl_tree *t)
{
	res->how = PL_PLACED;
	res->queue = NULL;
	res->rule = -1;
	res->rule_name = NULL;
	res->created = t->nall;
	res->ncreated = 0;
	res->nsteps = 0;
	res->at = NULL;
	res->looked = 0;
	res->crash = 0;
	buf_clear(&res->path);
	buf_clear(&res->text);
	buf_clear(&res->reason);
}

/* 1.6: a forced application given exactly root.@recovery@ skips the checks. */
static int
forced_recovery(const struct pl_mgr *m, const struct pl_app *a,
    const struct buf *path)
{
	return pl_ver(m->compat)->forced_bypass && a->forced &&
	    path->n == sizeof PL_RECOVERY_PATH - 1 &&
	    memcmp(path->s, PL_RECOVERY_PATH, path->n) == 0;
}

enum pl_how
pl_mgr_place(struct pl_mgr *m, struct pl_tree *t, const struct pl_app *a,
    struct pl_result *res)
{
	const struct pl_ver *v = pl_ver(m->compat);
	struct pl_eval *ev = &m->ev;
	size_t i;

	begin(res, t);
	if (!m->active && !v->always_on) {
		buf_set(&res->path, a->queue, a->qlen);
		return PL_PLACED;
	}
	ev->tree = t;
	for (i = 0; i < m->nrules; i++) {
		struct pl_rule *r = m->rules[i];
		struct pl_step *s = step(res, (int)i, r->name);
		const char *name = r->name;
		int rc, rule = (int)i, acl = 1;

		ev->skip = PL_SKIP_NONE;
		ev->depth = ev->generated = ev->looked = 0;
		res->looked = 0;
		buf_clear(&res->path);
		rc = pl_rule_eval(r, a, ev, &res->path);
		if (rc == PL_ERROR) {
			if (s != NULL)
				s->error = keep(res, ev->err.s, ev->err.n);
			return reject(res, PL_RULE_ERROR, ev->err.s, ev->err.n);
		}
		if (s != NULL && ev->generated)
			s->result = keep(res, res->path.s, res->path.n);
		if (rc == PL_NOMATCH) {
			if (s != NULL) {
				s->skip = ev->skip;
				s->depth = ev->depth;
			}
			if (v->fallback == PL_FALLBACK_NONE ||
			    r->kind != PL_RECOVERY ||
			    pl_tree_get(t, "root.default", 12) == NULL)
				continue;
			/* 1.5.2: the last rule found nothing, root.default
			   exists; 1.5.2 does not check its ACL */
			rule = (int)i + 1;
			name = "default";
			acl = v->fallback == PL_FALLBACK_ACL;
			ev->looked = 0;
			buf_set(&res->path, "root.default", 12);
			if ((s = step(res, rule, name)) != NULL)
				s->result = keep(res, res->path.s, res->path.n);
		} else if (r->kind == PL_RECOVERY)
			acl = 0;	/* 1.4: the recovery rule's result */
		if (!forced_recovery(m, a, &res->path)) {
			int why = usable(m, t, a, res, acl);

			if (why < 0) {
				buf_clear(&ev->err);
				buf_printf(&ev->err, "queue '%s' has no existing "
				    "parent queue", res->path.s);
				if (s != NULL)
					s->error = keep(res, ev->err.s, ev->err.n);
				res->crash = 1;
				return reject(res, PL_REJECTED, ev->err.s,
				    ev->err.n);
			}
			if (why != PL_SKIP_NONE) {
				if (s != NULL)
					s->skip = why;
				continue;
			}
		}
		res->rule = rule;
		res->rule_name = name;
		return PL_PLACED;
	}
	return v->placement_typo ? reject(res, PL_REJECTED, PL_NO_MATCH_TYPO,
	    sizeof PL_NO_MATCH_TYPO - 1) : reject(res, PL_REJECTED,
	    PL_NO_MATCH_MSG, sizeof PL_NO_MATCH_MSG - 1);
}

/* "failed to place application ID: " in front of the manager's reason. */
static void
place_failed(struct pl_mgr *m, const struct pl_app *a, struct pl_result *res)
{
	struct buf *b = &m->ev.tmp;

	buf_set(b, "failed to place application ", 28);
	buf_add(b, a->id, a->idlen);
	buf_add(b, ": ", 2);
	buf_add(b, res->reason.s, res->reason.n);
	buf_set(&res->reason, b->s, b->n);
}

/* A reason: pre, the path (which may hold a NUL), mid, the id, post. */
static enum pl_how
refuse(struct pl_result *res, enum pl_how how, const char *pre,
    const char *mid, const struct pl_app *a, const char *post)
{
	buf_clear(&res->reason);
	buf_puts(&res->reason, pre);
	buf_add(&res->reason, res->path.s, res->path.n);
	buf_puts(&res->reason, mid);
	buf_add(&res->reason, a->id, a->idlen);
	buf_puts(&res->reason, post);
	return res->how = how;
}

/* Admission: the partition creates the queue if needed and checks it. */
static enum pl_how
admit(struct pl_mgr *m, struct pl_tree *t, const struct pl_app *a,
    struct pl_result *res)
{
	const struct pl_ver *v = pl_ver(m->compat);
	const char *path = res->path.s;
	struct pl_queue *q;
	int inactive = !m->active && !v->always_on;

	q = res->looked ? res->at : pl_tree_get(t, path, res->path.n);
	if (q == NULL && inactive) {
		buf_clear(&res->reason);
		buf_puts(&res->reason, "application '");
		buf_add(&res->reason, a->id, a->idlen);
		buf_puts(&res->reason, "' rejected, cannot create queue '");
		buf_add(&res->reason, path, res->path.n);
		buf_puts(&res->reason, "' without placement rules");
		return res->how = PL_REJECTED;
	}
	if (q == NULL && v->recovery && pl_fold_eq(path, res->path.n,
	    PL_RECOVERY_PATH, sizeof PL_RECOVERY_PATH - 1))
		q = pl_tree_recovery(t);
	else if (q == NULL &&
	    (q = pl_tree_create(t, path, res->path.n, &a->user,
	    &m->ev.err)) == NULL) {
		refuse(res, PL_CREATE_FAILED, "failed to create rule based queue ",
		    " for application ", a, v->create_cause ? "\n" : "");
		if (v->create_cause)	/* 1.6: errors.Join */
			buf_add(&res->reason, m->ev.err.s, m->ev.err.n);
		return res->how;
	}
	res->ncreated = t->nall - res->created;
	if (!q->leaf || (!v->always_on && !pl_queue_submit_ok(q, &a->user)))
		return refuse(res, PL_REJECTED, "failed to find queue ",
		    " for application ", a, "");
	res->queue = q;
	q->napps++;
	return res->how = PL_PLACED;
}

enum pl_how
pl_place(struct pl_mgr *m, struct pl_tree *t, const struct pl_app *app,
    struct pl_result *res)
{
	struct pl_app a = *app;

	if (a.id == NULL)		/* an application made without one */
		a.id = "", a.idlen = 0;
	if (pl_ver(m->compat)->recovery)
		pl_app_set_forced(&a);
	if (pl_ugi_convert(&m->ugi, m->compat, &a, &m->ev.tmp) != 0) {
		begin(res, t);
		buf_set(&res->reason, m->ev.tmp.s, m->ev.tmp.n);
		return res->how = PL_REJECTED;
	}
	if (pl_mgr_place(m, t, &a, res) != PL_PLACED) {
		if (!res->crash)
			place_failed(m, &a, res);
		return res->how;
	}
	return admit(m, t, &a, res);
}
