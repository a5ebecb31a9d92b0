/*
 * release.c - rh-release's planning: which outstanding requests of a role
 * to cancel and which live containers to release when it shrinks
 * (Slider's findNodesForRelease before SLIDER-296: the busiest nodes
 * first), with the container and entry counters it changes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plan.h"
#include "release.h"
#include "xalloc.h"

static void
cancel(struct rh *m, size_t i, struct rh_plan *p)
{
	rh_request_remove(m, &m->req[i]);
	rh_plan_note(p, RH_DEC_CANCEL, i, 0);
	p->cancelled++;
}

/*
 * Cancel up to need requests of role: those Slider keeps in its open
 * list (open, escalated, aa) from its head, then placed ones newest
 * first. Requests are stored in issue order (rh_request_add appends).
 * Returns how many.
 */
static int64_t
cancel_requests(struct rh *m, int32_t role, int64_t need, struct rh_plan *p)
{
	int64_t done = 0;
	size_t i;

	for (i = 0; i < m->nreq && done < need; i++)
		if (!m->req[i].dead && m->req[i].role == role &&
		    m->req[i].kind != RH_REQ_PLACED) {
			cancel(m, i, p);
			done++;
		}
	for (i = m->nreq; i > 0 && done < need; i--)
		if (!m->req[i - 1].dead && m->req[i - 1].role == role &&
		    m->req[i - 1].kind == RH_REQ_PLACED) {
			cancel(m, i - 1, p);
			done++;
		}
	return done;
}

/* A live container of the role, and where it sorts. */
struct cand {
	uint32_t rank;		/* its host's place in name order */
	int64_t since;
	const char *id;
	size_t idx;
};

/* A node's candidates: cand[first .. first + n), newest first. */
struct group {
	size_t first, n, taken;
	uint32_t rank;
};

static int
cmp_cand(const void *a, const void *b)
{
	const struct cand *x = a, *y = b;
	int c = rh_cmp(x->rank, y->rank);

	if (c == 0)
		c = rh_cmp(y->since, x->since);
	return c != 0 ? c : -strcmp(x->id, y->id);
}

static int
cmp_group(const void *a, const void *b)
{
	const struct group *x = a, *y = b;
	int c = rh_cmp((int64_t)y->n, (int64_t)x->n);

	return c != 0 ? c : rh_cmp(x->rank, y->rank);
}

static void
take(struct rh *m, const struct cand *cv, struct group *g, int reason,
    int64_t now, struct rh_plan *p)
{
	size_t idx = cv[g->first + g->taken++].idx;
	struct rh_container *c = &m->ctr[idx];

	c->state = RH_C_RELEASING;
	c->since = now;
	rh_entry_get(m, c->node, c->role)->releasing++;
	rh_plan_note(p, RH_DEC_RELEASE, idx, reason);
	p->released++;
}

/* Release up to need live containers of role; returns how many. */
static int64_t
release_containers(struct rh *m, int32_t role, int64_t need, int64_t now,
    struct rh_plan *p, size_t *ncand)
{
	struct cand *cv;
	struct group *gv;
	size_t nc = 0, ng = 0, i, g;
	int64_t done = 0;
	int pass;

	rh_nodes_sorted(m);
	cv = xreallocarray(NULL, m->nctr + 1, sizeof *cv);
	for (i = 0; i < m->nctr; i++) {
		const struct rh_container *c = &m->ctr[i];

		if (c->dead || c->surplus || c->role != role ||
		    c->state != RH_C_LIVE)
			continue;
		cv[nc].rank = m->rank[c->node];
		cv[nc].since = c->since;
		cv[nc].id = c->id;
		cv[nc++].idx = i;
	}
	*ncand = nc;
	if (nc > 1)
		qsort(cv, nc, sizeof *cv, cmp_cand);
	/* Bucket by node once, then order the nodes by active count. */
	gv = xreallocarray(NULL, nc + 1, sizeof *gv);
	for (i = 0; i < nc; i++) {
		if (i == 0 || cv[i].rank != cv[i - 1].rank) {
			gv[ng].first = i;
			gv[ng].n = 0;
			gv[ng].taken = 0;
			gv[ng++].rank = cv[i].rank;
		}
		gv[ng - 1].n++;
	}
	if (ng > 1)
		qsort(gv, ng, sizeof *gv, cmp_group);

	/* All but one from every multi-instance node, most active first. */
	for (g = 0; g < ng && done < need; g++)
		while (gv[g].taken + 1 < gv[g].n && done < need) {
			take(m, cv, &gv[g], RH_REL_MULTI, now, p);
			done++;
		}
	/* Then one per node: single-instance nodes, then the others. */
	for (pass = 0; pass < 2 && done < need; pass++)
		for (g = 0; g < ng && done < need; g++) {
			if ((gv[g].n == 1) != (pass == 0) ||
			    gv[g].taken >= gv[g].n)
				continue;
			take(m, cv, &gv[g], RH_REL_SINGLE, now, p);
			done++;
		}
	free(gv);
	free(cv);
	return done;
}

void
rh_plan_release(struct rh *m, int32_t role, int64_t count, int64_t now,
    struct rh_plan *p, struct diag *d)
{
	const struct rh_role *r = rh_role_by_id(m, role);
	int64_t cancelled, released = 0, active = 0;
	size_t ncand = 0, i;
	uint32_t j;
	char buf[16];
	const char *name;

	if (r == NULL || count <= 0)
		return;
	cancelled = cancel_requests(m, role, count, p);
	if (cancelled < count)
		released = release_containers(m, role, count - cancelled, now,
		    p, &ncand);
	if (cancelled + released == count)
		return;
	if (r->name != NULL)
		name = r->name;
	else {
		snprintf(buf, sizeof buf, "%ld", (long)role);
		name = buf;
	}
	diag_warn(d, POS_NONE, "role '%s': %lld of %lld instance%s removed "
	    "(%lld request%s cancelled, %lld container%s released): no other "
	    "outstanding request or live container", name,
	    (long long)(cancelled + released), (long long)count,
	    count == 1 ? "" : "s",
	    (long long)cancelled, cancelled == 1 ? "" : "s",
	    (long long)released, released == 1 ? "" : "s");
	if (m->nctr == 0) {
		diag_warn(d, POS_NONE, "role '%s': no container to release: "
		    "the input has none (a saved history holds none; rh-load "
		    "--events adds the live ones from the events since the "
		    "save)", name);
		return;
	}
	/* Entries may count instances the state has no container for. */
	for (i = 0; i < m->nnodes; i++)
		for (j = 0; j < m->nodes[i].nent; j++)
			if (m->nodes[i].ent[j].role == role)
				active += rh_entry_active(&m->nodes[i].ent[j]);
	active += released;	/* as counted before this run */
	if (active > (int64_t)ncand)
		diag_warn(d, POS_NONE, "role '%s': the entries count %lld "
		    "active instance%s but the state holds %zu live "
		    "container%s; only containers can be released", name,
		    (long long)active, active == 1 ? "" : "s", ncand,
		    ncand == 1 ? "" : "s");
}
