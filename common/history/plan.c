/*
 * plan.c - what rh-request and rh-release share: the plan (the
 * decisions of a run, in order) and its records, the -r role lookup,
 * and the consistency check of the state planned on.
 */
#include <stdlib.h>
#include <string.h>

#include "buffer.h"
#include "exitcode.h"
#include "plan.h"
#include "suggest.h"
#include "writer.h"
#include "xalloc.h"

void
rh_plan_init(struct rh_plan *p)
{
	memset(p, 0, sizeof *p);
}

void
rh_plan_free(struct rh_plan *p)
{
	free(p->dec);
	rh_plan_init(p);
}

void
rh_plan_note(struct rh_plan *p, enum rh_dectype type, size_t idx, int reason)
{
	struct rh_decision *d;

	xgrow((void **)&p->dec, &p->capdec, p->ndec + 1, sizeof *p->dec);
	d = &p->dec[p->ndec++];
	d->type = (uint8_t)type;
	d->reason = (uint8_t)reason;
	d->idx = idx;
}

int
rh_plan_check(const struct rh *m, const struct pos *p, struct diag *d)
{
	size_t i;

	for (i = 0; i < m->nctr; i++) {
		const struct rh_container *c = &m->ctr[i];

		if (c->dead || c->surplus ||
		    rh_entry_find(m, c->node, c->role) != NULL)
			continue;
		return diag_err(d, EXIT_DATAERR, p, "inconsistent state: "
		    "container '%s' is on host '%s', which has no entry for "
		    "role %ld", c->id, m->nodes[c->node].host, (long)c->role);
	}
	return 0;
}

/* The roles a history has, for a message: "0 name, 1 name", at most 20. */
#define ROLES_SHOWN 20

int
rh_plan_role(const struct rh *m, const char *arg, int32_t *id,
    const struct pos *p, struct diag *d)
{
	const struct rh_role *r = rh_role_lookup(m, arg);
	const char *names[ROLES_SHOWN], *near;
	struct buf known = { 0 };
	size_t i, n = m->nroles < ROLES_SHOWN ? m->nroles : ROLES_SHOWN;
	int rc;

	if (r != NULL) {
		*id = r->id;
		return 0;
	}
	if (m->nroles == 0)
		return diag_err(d, EXIT_DATAERR, p, "role '%s' is not in the "
		    "history, which has no roles", arg);
	for (i = 0; i < n; i++) {
		names[i] = m->roles[i].name;
		buf_printf(&known, "%s%ld", i > 0 ? ", " : "",
		    (long)m->roles[i].id);
		if (names[i] != NULL)
			buf_printf(&known, " %s", names[i]);
	}
	if (n < m->nroles)
		buf_printf(&known, " and %zu more", m->nroles - n);
	near = sg_closest(arg, names, n);
	if (near != NULL)
		rc = diag_err(d, EXIT_DATAERR, p, "role '%s' is not in the "
		    "history (did you mean '%s'?); its roles are %s", arg, near,
		    known.s);
	else
		rc = diag_err(d, EXIT_DATAERR, p, "role '%s' is not in the "
		    "history; its roles are %s", arg, known.s);
	buf_free(&known);
	return rc;
}

static const char *const reasons[] = { "multi-instance", "one-per-node" };

void
rh_plan_write(const struct rh *m, const struct rh_plan *p, struct ob *o)
{
	size_t i;

	for (i = 0; i < p->ndec; i++) {
		const struct rh_decision *d = &p->dec[i];

		if (d->type == RH_DEC_RELEASE)
			rh_write_release(o, m, &m->ctr[d->idx],
			    reasons[d->reason == RH_REL_SINGLE]);
		else
			rh_write_request(o, m, &m->req[d->idx],
			    d->type == RH_DEC_CANCEL);
	}
}
