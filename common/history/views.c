/*
 * views.c - the history for people: a table per host and role with
 * counters, last use and availability (or why not), and each role's
 * available list.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "timefmt.h"
#include "utf8.h"
#include "views.h"
#include "xalloc.h"

/*
 * Names come from the input and may hold anything: every one is written
 * with ob_text (control characters and invalid UTF-8 made visible), and
 * columns are as wide as the names so written.
 */
static void
text(struct ob *o, const char *s)
{
	ob_text(o, s, strlen(s));
}

/* s, then spaces to width. */
static void
cell(struct ob *o, const char *s, size_t width)
{
	size_t n = u8_escaped_len(s, strlen(s));

	text(o, s);
	for (; n < width; n++)
		ob_putc(o, ' ');
}

static void
role_label(const struct rh *m, int32_t id, char *buf, size_t sz)
{
	const struct rh_role *r = rh_role_by_id(m, id);

	if (r != NULL && r->name != NULL)
		snprintf(buf, sz, "%s", r->name);
	else
		snprintf(buf, sz, "%ld", (long)id);
}

static void
when(int64_t ms, char *buf)
{
	if (ms == 0)
		strcpy(buf, "never");
	else
		tm_iso(ms, buf);
}

/*
 * Every role's available list at once (the rule of rh_available, one walk
 * and one sort for all roles): slots sorted by role, then list order.
 * base[i] is the index of node i's first entry in a count of all entries.
 */
struct slot {
	struct rh_avail a;
	int32_t role;
	size_t ent;
};

struct pair {
	int32_t role;
	uint32_t node;
};

static int
cmp_pair(const void *a, const void *b)
{
	const struct pair *x = a, *y = b;
	int c = rh_cmp(x->role, y->role);

	return c != 0 ? c : rh_cmp(x->node, y->node);
}

static int
cmp_slot(const void *a, const void *b)
{
	const struct slot *x = a, *y = b;
	int c = rh_cmp(x->role, y->role);

	return c != 0 ? c : rh_avail_cmp(&x->a, &y->a);
}

static struct slot *
all_lists(struct rh *m, size_t *nslot, size_t *base)
{
	struct pair *placed = xreallocarray(NULL, m->nreq + 1, sizeof *placed);
	struct slot *v = NULL;
	size_t np = 0, n = 0, cap = 0, i, at = 0;
	uint32_t j;

	rh_nodes_sorted(m);
	for (i = 0; i < m->nreq; i++)
		if (!m->req[i].dead && m->req[i].kind == RH_REQ_PLACED &&
		    m->req[i].node != RH_NONE) {
			placed[np].role = m->req[i].role;
			placed[np++].node = m->req[i].node;
		}
	if (np > 1)
		qsort(placed, np, sizeof *placed, cmp_pair);
	for (i = 0; i < m->nnodes; i++) {
		const struct rh_node *nd = &m->nodes[i];

		base[i] = at;
		for (j = 0; j < nd->nent; j++, at++) {
			struct pair key;

			key.role = nd->ent[j].role;
			key.node = (uint32_t)i;
			if (!rh_entry_idle(&nd->ent[j]) || (np > 0 && bsearch(&key,
			    placed, np, sizeof *placed, cmp_pair) != NULL))
				continue;
			xgrow((void **)&v, &cap, n + 1, sizeof *v);
			v[n].a.last_used = nd->ent[j].last_used;
			v[n].a.rank = m->rank[i];
			v[n].a.node = (uint32_t)i;
			v[n].role = nd->ent[j].role;
			v[n].ent = at;
			n++;
		}
	}
	base[m->nnodes] = at;
	free(placed);
	if (n > 1)
		qsort(v, n, sizeof *v, cmp_slot);
	*nslot = n;
	return v;
}

static void
why_not(const struct rh *m, const struct rh_entry *e, uint32_t node,
    char *buf, size_t sz)
{
	if (e->live > 0 && e->live > e->releasing)
		snprintf(buf, sz, "no: %ld live", (long)e->live);
	else if (e->starting > 0)
		snprintf(buf, sz, "no: %ld starting", (long)e->starting);
	else if (e->requested > 0)
		snprintf(buf, sz, "no: %ld requested", (long)e->requested);
	else if (e->untrusted)
		snprintf(buf, sz, "no: untrusted after a failed start");
	else if (rh_request_placed(m, e->role, node) != NULL)
		snprintf(buf, sz, "no: a placed request is outstanding");
	else
		snprintf(buf, sz, "no");
}

/* The summary line and how many entries were discarded. */
static void
table_head(const struct rh *m, struct ob *o, size_t nent, size_t nlive)
{
	char date[48];

	when(m->saved, date);
	ob_printf(o, "history saved %s (%lld): %zu host%s, %zu entr%s, "
	    "%zu role%s, %zu container%s\n", date, (long long)m->saved,
	    m->nnodes, m->nnodes == 1 ? "" : "s", nent, nent == 1 ? "y" : "ies",
	    m->nroles, m->nroles == 1 ? "" : "s", nlive, nlive == 1 ? "" : "s");
	if (m->dir != NULL && m->from != NULL) {
		ob_puts(o, "loaded from ");
		text(o, m->from);
		ob_puts(o, "\n");
	} else if (m->dir != NULL) {
		ob_puts(o, "nothing loadable in ");
		text(o, m->dir);
		ob_puts(o, ": started empty\n");
	}
	if (m->discarded > 0)
		ob_printf(o, "%zu entr%s of unknown roles %s discarded\n",
		    m->discarded, m->discarded == 1 ? "y" : "ies",
		    m->discarded == 1 ? "was" : "were");
}

/* AVAILABLE: "yes, #N" (the place in its role's list) and why not. */
static void
available(const struct rh *m, const struct rh_entry *e, uint32_t ni,
    size_t pl, char *av, size_t sz)
{
	const struct rh_node *n = &m->nodes[ni];
	const struct rh_role *r = rh_role_by_id(m, e->role);
	int len;

	if (pl == 0) {
		why_not(m, e, ni, av, sz);
		return;
	}
	len = snprintf(av, sz, "yes, #%zu", pl);
	if (!rh_node_online(n))
		snprintf(av + len, sz - (size_t)len, " (node %s)",
		    rh_name(RH_NSTATES, n->state));
	else if (r != NULL && rh_over_threshold(r, e))
		snprintf(av + len, sz - (size_t)len,
		    " (over the failure threshold %lld)",
		    (long long)r->failure_threshold);
}

/* A row per entry, hosts in order; a host's state when it matters. */
static void
table_rows(struct rh *m, struct ob *o, size_t hw, size_t rw)
{
	size_t *base = xreallocarray(NULL, m->nnodes + 1, sizeof *base);
	size_t i, k, nslot, nent = rh_entry_count(m);
	struct slot *slots = all_lists(m, &nslot, base);
	size_t *place = xcalloc(nent + 1, sizeof *place);
	const uint32_t *order = rh_nodes_sorted(m);
	char date[48], rl[64], av[96];
	uint32_t j;

	/* place[entry] = its 1-based position in its role's list, or 0 */
	for (i = 0; i < nslot; i = k)
		for (k = i; k < nslot && slots[k].role == slots[i].role; k++)
			place[slots[k].ent] = k - i + 1;
	free(slots);

	for (i = 0; i < m->nnodes; i++) {
		uint32_t ni = order[i];
		const struct rh_node *n = &m->nodes[ni];

		for (j = 0; j < n->nent; j++) {
			const struct rh_entry *e = &n->ent[j];

			role_label(m, e->role, rl, sizeof rl);
			when(e->last_used, date);
			available(m, e, ni, place[base[ni] + j], av, sizeof av);
			cell(o, n->host, hw);
			ob_puts(o, "  ");
			cell(o, rl, rw);
			ob_printf(o, " %5ld %5ld %4ld %4ld %6ld %6ld %5ld %7ld  "
			    "%-24s %s\n", (long)e->live, (long)e->starting,
			    (long)e->requested, (long)e->releasing,
			    (long)e->failed, (long)e->failed_recently,
			    (long)e->start_failed, (long)e->preempted, date, av);
		}
		if (n->nent == 0 || !rh_node_online(n) || n->label != NULL) {
			if (n->nent == 0) {
				cell(o, n->host, hw);
				ob_puts(o, "  (no entries)");
			} else
				ob_printf(o, "%-*s ", (int)hw, "");
			ob_printf(o, " node %s%s", rh_name(RH_NSTATES, n->state),
			    n->label ? ", label " : "");
			if (n->label != NULL)
				text(o, n->label);
			ob_putc(o, '\n');
		}
	}
	free(place);
	free(base);
}

static void
table_containers(struct rh *m, struct ob *o)
{
	size_t i, *v, n = rh_containers_sorted(m, &v);
	char date[48], rl[64];

	ob_puts(o, "\ncontainers:\n");
	for (i = 0; i < n; i++) {
		const struct rh_container *c = &m->ctr[v[i]];

		role_label(m, c->role, rl, sizeof rl);
		when(c->since, date);
		ob_puts(o, "  ");
		text(o, c->id);
		ob_puts(o, "  ");
		text(o, m->nodes[c->node].host);
		ob_puts(o, "  ");
		text(o, rl);
		ob_printf(o, "  %s since %s%s\n", rh_name(RH_CSTATES, c->state),
		    date, c->surplus ? " (surplus)" : "");
	}
	free(v);
}

static void
table_requests(const struct rh *m, struct ob *o)
{
	char date[48], rl[64];
	size_t i;

	ob_puts(o, "\nrequests:\n");
	for (i = 0; i < m->nreq; i++) {
		const struct rh_request *r = &m->req[i];

		if (r->dead)
			continue;
		role_label(m, r->role, rl, sizeof rl);
		when(r->issued, date);
		ob_puts(o, "  ");
		text(o, rl);
		ob_printf(o, "  %s  ", rh_name(RH_REQKINDS, r->kind));
		text(o, r->node != RH_NONE ? m->nodes[r->node].host :
		    r->nhosts > 0 ? m->nodes[r->hosts[0]].host : "anywhere");
		if (r->nhosts > 1)
			ob_printf(o, " (+%zu host%s)", r->nhosts - 1,
			    r->nhosts == 2 ? "" : "s");
		ob_printf(o, "  issued %s", date);
		if (r->kind == RH_REQ_PLACED) {
			when(r->deadline, date);
			ob_printf(o, ", escalates after %s", date);
		}
		ob_putc(o, '\n');
	}
}

void
rh_write_table(struct rh *m, struct ob *o)
{
	size_t i, w, hw = 4, rw = 4, nlive = 0;
	char rl[64];

	for (i = 0; i < m->nnodes; i++)
		if ((w = u8_escaped_len(m->nodes[i].host,
		    m->nodes[i].hostlen)) > hw)
			hw = w;
	for (i = 0; i < m->nroles; i++) {
		role_label(m, m->roles[i].id, rl, sizeof rl);
		if ((w = u8_escaped_len(rl, strlen(rl))) > rw)
			rw = w;
	}
	for (i = 0; i < m->nctr; i++)
		nlive += !m->ctr[i].dead;
	table_head(m, o, rh_entry_count(m), nlive);
	ob_printf(o, "\n%-*s  %-*s %5s %5s %4s %4s %6s %6s %5s %7s  %-24s %s\n",
	    (int)hw, "HOST", (int)rw, "ROLE", "LIVE", "START", "REQ", "REL",
	    "FAILED", "RECENT", "SFAIL", "PREEMPT", "LAST USED", "AVAILABLE");
	table_rows(m, o, hw, rw);
	if (nlive > 0)
		table_containers(m, o);
	for (i = 0; i < m->nreq && m->req[i].dead; i++)
		;
	if (i < m->nreq)
		table_requests(m, o);
}

void
rh_write_lists(struct rh *m, struct ob *o)
{
	size_t *base = xreallocarray(NULL, m->nnodes + 1, sizeof *base);
	size_t i, k = 0, nslot;
	struct slot *v = all_lists(m, &nslot, base);

	for (i = 0; i < m->nroles; i++) {
		const struct rh_role *r = &m->roles[i];

		ob_printf(o, "%ld ", (long)r->id);
		text(o, r->name ? r->name : "-");
		ob_putc(o, ':');
		while (k < nslot && v[k].role < r->id)
			k++;
		for (; k < nslot && v[k].role == r->id; k++) {
			ob_putc(o, ' ');
			ob_text(o, m->nodes[v[k].a.node].host,
			    m->nodes[v[k].a.node].hostlen);
		}
		ob_putc(o, '\n');
	}
	free(v);
	free(base);
}
