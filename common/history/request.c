/*
 * request.c - rh-request's planning: where new instances of a role are
 * asked for (placed, open and anti-affinity requests, chosen from the
 * role's available list in one walk) and the escalation of placed
 * requests past their deadline.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plan.h"
#include "request.h"
#include "saturate.h"
#include "timefmt.h"
#include "xalloc.h"

/* How a role is named in messages: its name, else its id. */
static const char *
rname(const struct rh_role *r, char *buf, size_t sz)
{
	if (r->name != NULL)
		return r->name;
	snprintf(buf, sz, "%ld", (long)r->id);
	return buf;
}

/* now + ms (>= 0), or the last time there is: a deadline never reached. */
static int64_t
later(int64_t now, int64_t ms)
{
	return ms > TM_MAX_MS - now ? TM_MAX_MS : now + ms;
}

/* Issue a request of role r at now; the shapes are plan.h's. */
static void
issue(struct rh *m, struct rh_plan *p, const struct rh_role *r,
    enum rh_reqkind kind, uint32_t node, const uint32_t *hosts,
    size_t nhosts, int64_t now, int64_t deadline)
{
	int located = kind == RH_REQ_PLACED || kind == RH_REQ_AA;

	rh_request_add(m, r->id, kind, node, hosts, nhosts,
	    located ? NULL : r->label, rh_priority(r->id, located), now,
	    deadline);
	rh_plan_note(p, RH_DEC_REQUEST, m->nreq - 1, 0);
	if (kind == RH_REQ_PLACED)
		p->placed++;
	else if (kind == RH_REQ_AA)
		p->aa++;
	else
		p->open++;
}

/*
 * Can node i host an instance of the anti-affinity role r (Slider's
 * canHost)? A known node (named by a placekit.Node record or holding an
 * entry), online, whose label is the role's when the role has one, with
 * no instance of the role: live + starting + requested - releasing <= 0.
 * Failures do not count: Slider does not filter candidates by them.
 */
static int
can_host(const struct rh *m, uint32_t i, const struct rh_role *r)
{
	const struct rh_node *n = &m->nodes[i];
	const struct rh_entry *e;

	if (!n->reported && n->nent == 0)
		return 0;
	if (!rh_node_online(n))
		return 0;
	if (r->label != NULL &&
	    (n->label == NULL || strcmp(n->label, r->label) != 0))
		return 0;
	e = rh_entry_find(m, i, r->id);
	return e == NULL ||
	    (int64_t)e->live + e->starting + e->requested - e->releasing <= 0;
}

static void
plan_aa(struct rh *m, const struct rh_role *r, int64_t count, int64_t now,
    struct rh_plan *p, struct diag *d)
{
	const uint32_t *order;
	uint32_t *hosts;
	size_t i, nh = 0;
	char buf[16];

	for (i = 0; i < m->nreq; i++)
		if (!m->req[i].dead && m->req[i].role == r->id &&
		    m->req[i].kind == RH_REQ_AA) {
			diag_warn(d, POS_NONE, "role '%s' is anti-affine and "
			    "has an outstanding request: none issued (one at "
			    "a time, as Slider does)",
			    rname(r, buf, sizeof buf));
			return;
		}
	order = rh_nodes_sorted(m);
	hosts = xreallocarray(NULL, m->nnodes + 1, sizeof *hosts);
	for (i = 0; i < m->nnodes; i++)
		if (can_host(m, order[i], r))
			hosts[nh++] = order[i];
	if (nh == 0)
		diag_warn(d, POS_NONE, "no known node can host role '%s' "
		    "(online, %s%s%s, no instance): no request issued",
		    rname(r, buf, sizeof buf),
		    r->label ? "label '" : "any label",
		    r->label ? r->label : "", r->label ? "'" : "");
	else {
		issue(m, p, r, RH_REQ_AA, RH_NONE, hosts, nh, now, 0);
		if (count > 1)
			diag_warn(d, POS_NONE, "role '%s' is anti-affine: one "
			    "request at a time, as Slider does; %lld more "
			    "instance%s to request once it is answered",
			    rname(r, buf, sizeof buf), (long long)(count - 1),
			    count == 2 ? "" : "s");
	}
	free(hosts);
}

void
rh_plan_request(struct rh *m, int32_t role, int64_t count, int64_t now,
    struct rh_plan *p, struct diag *d)
{
	const struct rh_role *r = rh_role_by_id(m, role);
	struct rh_avail *v = NULL;
	size_t n, cur = 0;
	int64_t k, deadline;
	int strict;

	if (r == NULL || count <= 0)
		return;
	if (r->policy & RH_POLICY_AA) {
		plan_aa(m, r, count, now, p, d);
		return;
	}
	if (r->policy & RH_POLICY_ANYWHERE) {
		for (k = 0; k < count; k++)
			issue(m, p, r, RH_REQ_OPEN, RH_NONE, NULL, 0, now, 0);
		return;
	}
	/* One list, one walk: skipped nodes are passed for good. */
	strict = (r->policy & RH_POLICY_STRICT) != 0;
	deadline = later(now, r->escalate_ms);
	n = rh_available(m, role, &v);
	for (k = 0; k < count; k++) {
		uint32_t node = RH_NONE;

		while (cur < n && node == RH_NONE) {
			uint32_t c = v[cur++].node;
			const struct rh_entry *e = rh_entry_find(m, c, role);

			if (strict || (rh_node_online(&m->nodes[c]) &&
			    !rh_over_threshold(r, e)))
				node = c;
		}
		if (node != RH_NONE)
			issue(m, p, r, RH_REQ_PLACED, node, NULL, 0, now,
			    deadline);
		else
			issue(m, p, r, RH_REQ_OPEN, RH_NONE, NULL, 0, now, 0);
	}
	free(v);
}

void
rh_plan_escalate(struct rh *m, int64_t now, struct rh_plan *p)
{
	size_t *v, n = rh_requests_sorted(m, &v), i;

	for (i = 0; i < n; i++) {
		struct rh_request *q = &m->req[v[i]];
		const struct rh_role *r = rh_role_by_id(m, q->role);
		const char *label = r != NULL ? r->label : NULL;
		uint32_t node = label != NULL ? RH_NONE : q->node;
		int32_t role = q->role;
		int64_t issued = q->issued;

		if (q->kind != RH_REQ_PLACED || q->deadline >= now ||
		    (r != NULL && (r->policy & RH_POLICY_STRICT)))
			continue;
		rh_request_remove(m, q);	/* q dangles after the add */
		rh_request_add(m, role, RH_REQ_ESCALATED, node, NULL, 0, label,
		    rh_priority(role, 0), issued, 0);
		rh_plan_note(p, RH_DEC_REQUEST, m->nreq - 1, 0);
		p->escalated++;
	}
	free(v);
}
