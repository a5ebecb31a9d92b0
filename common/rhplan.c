/*
 * rhplan.c - what rh-request and rh-release share: the plan (the
 * decisions of a run, in order) and its records, the -r role lookup,
 * and the consistency check of the state planned on.
 */
#include <stdlib.h>
#include <string.h>

#include "exitcode.h"
#include "jsonw.h"
#include "rhplan.h"
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

int
rh_plan_role(const struct rh *m, const char *arg, int32_t *id,
    const struct pos *p, struct diag *d)
{
	const struct rh_role *r = rh_role_lookup(m, arg);

	if (r == NULL)
		return diag_err(d, EXIT_DATAERR, p, "role '%s' is not in the "
		    "history (no such name or id)", arg);
	*id = r->id;
	return 0;
}

static void
host(struct jw *w, const struct rh *m, uint32_t node)
{
	jw_strn(w, m->nodes[node].host, m->nodes[node].hostlen);
}

/* A request's fields, in the order of the state stream's placekit.Request. */
static void
request(struct ob *o, const struct rh *m, const struct rh_request *r,
    const char *type)
{
	struct jw w;
	size_t j;

	ob_puts(o, "{\"entry\":{\"");
	ob_puts(o, type);
	ob_puts(o, "\":");
	jw_init(&w, o);
	jw_obj(&w);
	jw_key(&w, "role");
	jw_int(&w, r->role);
	jw_key(&w, "kind");
	jw_str(&w, rh_reqkind_name(r->kind));
	if (r->node != RH_NONE) {
		jw_key(&w, "host");
		host(&w, m, r->node);
	}
	if (r->kind == RH_REQ_AA) {
		jw_key(&w, "hosts");
		jw_arr(&w);
		for (j = 0; j < r->nhosts; j++)
			host(&w, m, r->hosts[j]);
		jw_end(&w);
	}
	if (r->label != NULL) {
		jw_key(&w, "label");
		jw_str(&w, r->label);
	}
	jw_key(&w, "priority");
	jw_int(&w, r->priority);
	jw_key(&w, "issued");
	jw_int(&w, r->issued);
	if (r->kind == RH_REQ_PLACED) {
		jw_key(&w, "deadline");
		jw_int(&w, r->deadline);
	}
	jw_end(&w);
	ob_puts(o, "}}\n");
}

static const char *const reasons[] = { "multi-instance", "one-per-node" };

static void
release(struct ob *o, const struct rh *m, const struct rh_container *c,
    int reason)
{
	struct jw w;

	ob_puts(o, "{\"entry\":{\"placekit.Release\":");
	jw_init(&w, o);
	jw_obj(&w);
	jw_key(&w, "id");
	jw_str(&w, c->id);
	jw_key(&w, "host");
	host(&w, m, c->node);
	jw_key(&w, "role");
	jw_int(&w, c->role);
	jw_key(&w, "reason");
	jw_str(&w, reasons[reason == RH_REL_SINGLE]);
	jw_end(&w);
	ob_puts(o, "}}\n");
}

void
rh_plan_write(const struct rh *m, const struct rh_plan *p, struct ob *o)
{
	size_t i;

	for (i = 0; i < p->ndec; i++) {
		const struct rh_decision *d = &p->dec[i];

		switch (d->type) {
		case RH_DEC_REQUEST:
			request(o, m, &m->req[d->idx], "placekit.Request");
			break;
		case RH_DEC_CANCEL:
			request(o, m, &m->req[d->idx], "placekit.Cancel");
			break;
		default:
			release(o, m, &m->ctr[d->idx], d->reason);
			break;
		}
	}
}
