/* t_rhplan - request, escalation and release planning on the model */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exitcode.h"
#include "plan.h"
#include "release.h"
#include "request.h"
#include "rhtest.h"
#include "tap.h"

/*
 * Fixture F5 in a MOCK3 history (role 0 as T0): hosts named by their age
 * (last use) and counters.
 */
static void
f5(struct rh *m)
{
	int i;

	rh_init(m);
	for (i = 0; i < 3; i++) {
		struct rh_role *r = rh_role_get(m, i);

		r->failure_threshold = 3;
		r->escalate_ms = 1000;
	}
	rh_role_get(m, 1)->policy = RH_POLICY_STRICT;
	rh_role_get(m, 2)->policy = RH_POLICY_ANYWHERE;
	put(m, "age1-[4,0,0]", 0, 1, 4);
	put(m, "age2-[2,0,1]", 0, 2, 2);
	put(m, "age2-[2,0,1]", 2, 0, 1);
	put(m, "age2-[0,0,0]", 0, 2, 0);
	put(m, "age3-[0,0,0]", 0, 3, 0);
	put(m, "age4-[1,0,0]", 0, 4, 1);
}

/* The plan's decisions as "kind:host ..." (requests) or "id:reason". */
static const char *
plan(const struct rh *m, const struct rh_plan *p)
{
	static char buf[2048];
	size_t i;

	buf[0] = '\0';
	for (i = 0; i < p->ndec; i++) {
		const struct rh_decision *d = &p->dec[i];
		char one[128];

		if (d->type == RH_DEC_RELEASE) {
			const struct rh_container *c = &m->ctr[d->idx];

			snprintf(one, sizeof one, "%s%s:%s", i ? " " : "",
			    c->id, d->reason == RH_REL_MULTI ? "m" : "s");
		} else {
			const struct rh_request *r = &m->req[d->idx];

			snprintf(one, sizeof one, "%s%s%s:%s", i ? " " : "",
			    d->type == RH_DEC_CANCEL ? "-" : "",
			    rh_name(RH_REQKINDS, r->kind),
			    r->node != RH_NONE ? m->nodes[r->node].host :
			    r->nhosts > 0 ? m->nodes[r->hosts[0]].host : "");
		}
		strcat(buf, one);
	}
	return buf;
}

struct planned {
	const struct rh *m;
	const struct rh_plan *p;
};

static void
write_plan(const void *arg, struct ob *o)
{
	const struct planned *x = arg;

	rh_plan_write(x->m, x->p, o);
}

/* What rh_plan_write prints. */
static const char *
written(const struct rh *m, const struct rh_plan *p)
{
	struct planned x = { m, p };

	return printed(write_plan, &x);
}

static void
requests(void)
{
	struct diag d = DIAG_INIT("t_rhplan");
	struct rh_plan p;
	struct rh m;
	const struct rh_request *q;

	d.sink = diag_drop;

	/* cases 24-26: age3, age2, then open */
	f5(&m);
	rh_plan_init(&p);
	rh_plan_request(&m, 0, 3, 5000, &p, &d);
	is_str(plan(&m, &p), "placed:age3-[0,0,0] placed:age2-[0,0,0] open:",
	    "F5, three instances of T0");
	is_int(p.placed, 2, "two placed");
	is_int(p.open, 1, "one open");
	q = &m.req[p.dec[0].idx];
	is_int(q->priority, 0, "placed priority: the role id");
	is_int(q->issued, 5000, "issued now");
	is_int(q->deadline, 6000, "deadline now + escalate_ms");
	ok(q->label == NULL, "placed requests carry no label");
	q = &m.req[p.dec[2].idx];
	is_int(q->priority, RH_NOLOCATION, "open priority: NOLOCATION bit");
	is_int(rh_entry_find(&m, node(&m, "age3-[0,0,0]"), 0)->requested, 0,
	    "entry counters untouched");
	is_str(written(&m, &p),
	    "{\"entry\":{\"placekit.Request\":{\"role\":0,\"kind\":\"placed\","
	    "\"host\":\"age3-[0,0,0]\",\"priority\":0,\"issued\":5000,"
	    "\"deadline\":6000}}}\n"
	    "{\"entry\":{\"placekit.Request\":{\"role\":0,\"kind\":\"placed\","
	    "\"host\":\"age2-[0,0,0]\",\"priority\":0,\"issued\":5000,"
	    "\"deadline\":6000}}}\n"
	    "{\"entry\":{\"placekit.Request\":{\"role\":0,\"kind\":\"open\","
	    "\"priority\":1073741824,\"issued\":5000}}}\n",
	    "the request records");
	rh_plan_free(&p);

	/* the next run skips the hosts with placed requests */
	rh_plan_init(&p);
	rh_plan_request(&m, 0, 1, 7000, &p, &d);
	is_str(plan(&m, &p), "open:", "no host requested twice");
	rh_plan_free(&p);

	/* -n 0 and anywhere roles */
	rh_plan_init(&p);
	rh_plan_request(&m, 0, 0, 7000, &p, &d);
	is_int(p.ndec, 0, "count 0: nothing");
	rh_plan_request(&m, 2, 2, 7000, &p, &d);
	is_str(plan(&m, &p), "open: open:", "anywhere: open requests");
	rh_plan_free(&p);
	rh_free(&m);

	/* case 30: over the threshold is skipped; strict ignores it */
	f5(&m);
	rh_role_get(&m, 0)->failure_threshold = 1;
	rh_entry_find(&m, node(&m, "age3-[0,0,0]"), 0)->failed_recently = 2;
	rh_plan_init(&p);
	rh_plan_request(&m, 0, 2, 0, &p, &d);
	is_str(plan(&m, &p), "placed:age2-[0,0,0] open:",
	    "a failing age3 is skipped, for good");
	rh_plan_free(&p);
	rh_free(&m);
	f5(&m);
	rh_role_get(&m, 0)->failure_threshold = 1;
	rh_role_get(&m, 0)->policy = RH_POLICY_STRICT;
	rh_entry_find(&m, node(&m, "age3-[0,0,0]"), 0)->failed_recently = 2;
	rh_node(&m, node(&m, "age2-[0,0,0]"))->state = RH_NS_LOST;
	rh_plan_init(&p);
	rh_plan_request(&m, 0, 2, 0, &p, &d);
	is_str(plan(&m, &p), "placed:age3-[0,0,0] placed:age2-[0,0,0]",
	    "strict: failures and offline nodes do not matter");
	rh_plan_free(&p);
	rh_role_get(&m, 0)->policy = 0;
	rh_role_get(&m, 0)->failure_threshold = 3;
	rh_free(&m);

	/* anti-affinity: one request, candidates by name */
	rh_init(&m);
	rh_role_get(&m, 1)->policy = RH_POLICY_AA;
	rh_role_set_label(rh_role_get(&m, 1), "gpu");
	node(&m, "n3");
	rh_node(&m, node(&m, "n3"))->reported = 1;
	rh_node_set_label(rh_node(&m, node(&m, "n3")), "gpu");
	put(&m, "n1", 0, 0, 0);
	rh_node_set_label(rh_node(&m, node(&m, "n1")), "gpu");
	put(&m, "n2", 1, 0, 1);
	rh_node_set_label(rh_node(&m, node(&m, "n2")), "gpu");
	put(&m, "n0", 0, 0, 0);		/* no label */
	rh_plan_init(&p);
	rh_plan_request(&m, 1, 3, 10, &p, &d);
	is_int(p.ndec, 1, "one aa request for three instances");
	q = &m.req[p.dec[0].idx];
	is_int(q->kind, RH_REQ_AA, "kind aa");
	is_int(q->nhosts, 2, "two candidates");
	is_str(m.nodes[q->hosts[0]].host, "n1", "sorted: n1");
	is_str(m.nodes[q->hosts[1]].host, "n3", "then n3");
	is_int(q->priority, 1, "aa priority: the role id");
	ok(q->label == NULL && q->node == RH_NONE, "no label, no host");
	is_int(d.nwarn, 1, "a warning for the other two");
	rh_plan_request(&m, 1, 1, 10, &p, &d);
	is_int(p.ndec, 1, "one outstanding: none more");
	is_int(d.nwarn, 2, "and a warning");
	rh_plan_free(&p);
	rh_free(&m);
}

static void
escalation(void)
{
	struct rh_plan p;
	struct rh m;
	const struct rh_request *q;
	uint32_t h;

	rh_init(&m);
	h = node(&m, "host1");
	rh_role_get(&m, 0)->escalate_ms = 1000;
	rh_role_get(&m, 1)->policy = RH_POLICY_STRICT;
	rh_role_set_label(rh_role_get(&m, 2), "workers");
	rh_request_add(&m, 0, RH_REQ_PLACED, h, NULL, 0, NULL, 0, 0, 1000);
	rh_request_add(&m, 1, RH_REQ_PLACED, h, NULL, 0, NULL, 1, 0, 1000);
	rh_request_add(&m, 2, RH_REQ_PLACED, h, NULL, 0, NULL, 2, 0, 1000);
	rh_request_add(&m, 0, RH_REQ_OPEN, RH_NONE, NULL, 0, NULL,
	    RH_NOLOCATION, 0, 0);
	rh_plan_init(&p);
	rh_plan_escalate(&m, 1000, &p);
	is_int(p.ndec, 0, "deadline == now: not yet (case 133)");
	rh_plan_escalate(&m, 1001, &p);
	is_int(p.escalated, 2, "two escalate; strict and open do not");
	q = &m.req[p.dec[0].idx];
	is_int(q->kind, RH_REQ_ESCALATED, "escalated");
	is_int(q->role, 0, "role 0 first");
	is_str(m.nodes[q->node].host, "host1", "unlabelled: keeps its host");
	is_int(q->priority, RH_NOLOCATION, "NOLOCATION priority");
	is_int(q->issued, 0, "issued when it was placed");
	ok(q->seq > m.req[3].seq, "at the end of the issue order");
	q = &m.req[p.dec[1].idx];
	ok(q->node == RH_NONE, "labelled: no host");
	is_str(q->label, "workers", "the role's label");
	ok(m.req[0].dead && !m.req[1].dead && m.req[2].dead,
	    "the placed ones are gone, the strict one stays");
	rh_plan_escalate(&m, 99999, &p);
	is_int(p.escalated, 2, "escalated requests never escalate again");
	rh_plan_free(&p);
	rh_free(&m);
}

/* The release table: host aN holds N live containers (a4, a2, a1, a0). */
static void
table(struct rh *m)
{
	static const char *const hosts[] = { "a0", "a1", "a2", "a4" };
	static const int live[] = { 0, 1, 2, 4 };
	char id[16];
	int i, j;

	rh_init(m);
	rh_role_get(m, 0);
	for (i = 0; i < 4; i++) {
		put(m, hosts[i], 0, 50, live[i]);
		for (j = 1; j <= live[i]; j++) {
			snprintf(id, sizeof id, "%s-%d", hosts[i], j);
			rh_container_add(m, id, node(m, hosts[i]), 0,
			    RH_C_LIVE, 100 * j);
		}
	}
}

static void
releases(void)
{
	static const struct {
		int count;
		const char *want;
	} t[] = {
		{ 1, "a4-4:m" },
		{ 2, "a4-4:m a4-3:m" },
		{ 3, "a4-4:m a4-3:m a4-2:m" },
		{ 4, "a4-4:m a4-3:m a4-2:m a2-2:m" },
		{ 5, "a4-4:m a4-3:m a4-2:m a2-2:m a1-1:s" },
		{ 6, "a4-4:m a4-3:m a4-2:m a2-2:m a1-1:s a4-1:s" },
		{ 7, "a4-4:m a4-3:m a4-2:m a2-2:m a1-1:s a4-1:s a2-1:s" },
		{ 8, "a4-4:m a4-3:m a4-2:m a2-2:m a1-1:s a4-1:s a2-1:s" },
	};
	struct diag d = DIAG_INIT("t_rhplan");
	struct rh_plan p;
	struct rh m;
	size_t i;
	uint32_t h;

	d.sink = diag_drop;
	for (i = 0; i < sizeof t / sizeof *t; i++) {
		table(&m);
		rh_plan_init(&p);
		rh_plan_release(&m, 0, t[i].count, 9000, &p, &d);
		is_str(plan(&m, &p), t[i].want, "release table, count %d",
		    t[i].count);
		rh_plan_free(&p);
		rh_free(&m);
	}
	is_int(d.nwarn, 1, "count 8: a warning, 7 removed");

	table(&m);
	rh_plan_init(&p);
	rh_plan_release(&m, 0, 2, 9000, &p, &d);
	is_int(rh_container_find(&m, "a4-4")->state, RH_C_RELEASING,
	    "the container is releasing");
	is_int(rh_container_find(&m, "a4-4")->since, 9000, "since now");
	is_int(rh_entry_find(&m, node(&m, "a4"), 0)->releasing, 2,
	    "the entry counts both");
	is_int(rh_entry_find(&m, node(&m, "a4"), 0)->live, 4,
	    "live stays until they complete");
	rh_plan_release(&m, 0, 2, 9500, &p, &d);
	is_str(plan(&m, &p), "a4-4:m a4-3:m a2-2:m a4-2:m",
	    "a second run: a2 and a4 tie at 2, a2 sorts first");
	is_str(written(&m, &p),
	    "{\"entry\":{\"placekit.Release\":{\"id\":\"a4-4\","
	    "\"host\":\"a4\",\"role\":0,\"reason\":\"multi-instance\"}}}\n"
	    "{\"entry\":{\"placekit.Release\":{\"id\":\"a4-3\","
	    "\"host\":\"a4\",\"role\":0,\"reason\":\"multi-instance\"}}}\n"
	    "{\"entry\":{\"placekit.Release\":{\"id\":\"a2-2\","
	    "\"host\":\"a2\",\"role\":0,\"reason\":\"multi-instance\"}}}\n"
	    "{\"entry\":{\"placekit.Release\":{\"id\":\"a4-2\","
	    "\"host\":\"a4\",\"role\":0,\"reason\":\"multi-instance\"}}}\n",
	    "the release records");
	rh_plan_free(&p);
	rh_free(&m);

	/* cancellations first: open list from its head, placed newest first */
	rh_init(&m);
	rh_role_get(&m, 0);
	rh_role_get(&m, 1);
	h = node(&m, "h");
	put(&m, "h", 0, 0, 1);
	rh_container_add(&m, "c1", h, 0, RH_C_LIVE, 1);
	rh_request_add(&m, 0, RH_REQ_PLACED, h, NULL, 0, NULL, 0, 1, 9);
	rh_request_add(&m, 0, RH_REQ_OPEN, RH_NONE, NULL, 0, NULL,
	    RH_NOLOCATION, 2, 0);
	rh_request_add(&m, 0, RH_REQ_PLACED, node(&m, "g"), NULL, 0, NULL, 0,
	    3, 9);
	rh_request_add(&m, 1, RH_REQ_OPEN, RH_NONE, NULL, 0, NULL,
	    RH_NOLOCATION | 1, 4, 0);
	rh_request_add(&m, 0, RH_REQ_AA, RH_NONE, &h, 1, NULL, 0, 5, 0);
	rh_plan_init(&p);
	rh_plan_release(&m, 0, 5, 9000, &p, &d);
	is_str(plan(&m, &p), "-open: -aa:h -placed:g -placed:h c1:s",
	    "four cancellations, then a release");
	is_int(p.cancelled, 4, "four cancelled");
	is_int(p.released, 1, "one released");
	ok(!m.req[3].dead, "another role's request stays");
	is_str(written(&m, &p),
	    "{\"entry\":{\"placekit.Cancel\":{\"role\":0,\"kind\":\"open\","
	    "\"priority\":1073741824,\"issued\":2}}}\n"
	    "{\"entry\":{\"placekit.Cancel\":{\"role\":0,\"kind\":\"aa\","
	    "\"hosts\":[\"h\"],\"priority\":0,\"issued\":5}}}\n"
	    "{\"entry\":{\"placekit.Cancel\":{\"role\":0,\"kind\":\"placed\","
	    "\"host\":\"g\",\"priority\":0,\"issued\":3,\"deadline\":9}}}\n"
	    "{\"entry\":{\"placekit.Cancel\":{\"role\":0,\"kind\":\"placed\","
	    "\"host\":\"h\",\"priority\":0,\"issued\":1,\"deadline\":9}}}\n"
	    "{\"entry\":{\"placekit.Release\":{\"id\":\"c1\",\"host\":\"h\","
	    "\"role\":0,\"reason\":\"one-per-node\"}}}\n",
	    "the decision records");
	rh_plan_free(&p);
	rh_free(&m);
}

static void
checks(void)
{
	struct diag d = DIAG_INIT("t_rhplan");
	struct pos p = { "in.json", 0, 0 };
	struct rh_container *c;
	struct rh m;
	int32_t id = -1;

	d.sink = diag_drop;
	rh_init(&m);
	put(&m, "a", 0, 0, 1);
	rh_role_set_name(&m, rh_role_get(&m, 0), "web");
	rh_role_get(&m, 3);
	rh_container_add(&m, "c1", node(&m, "a"), 0, RH_C_LIVE, 1);
	is_int(rh_plan_check(&m, &p, &d), 0, "consistent");
	c = rh_container_add(&m, "c2", node(&m, "b"), 0, RH_C_RELEASING, 1);
	c->surplus = 1;
	is_int(rh_plan_check(&m, &p, &d), 0,
	    "a surplus container needs no entry");
	rh_container_add(&m, "c3", node(&m, "a"), 3, RH_C_LIVE, 1);
	is_int(rh_plan_check(&m, &p, &d), EXIT_DATAERR,
	    "a container without its entry is bad data");
	is_int(d.nerr, 1, "reported");
	is_int(rh_plan_role(&m, "web", &id, &p, &d), 0, "a role by name");
	is_int(id, 0, "its id");
	is_int(rh_plan_role(&m, "3", &id, &p, &d), 0, "a role by id");
	is_int(id, 3, "that id");
	is_int(rh_plan_role(&m, "4", &id, &p, &d), EXIT_DATAERR, "unknown id");
	is_int(rh_plan_role(&m, "db", &id, &p, &d), EXIT_DATAERR,
	    "unknown name");
	rh_free(&m);
}

/* 10,000 instances on a wide history: one walk, every host once. */
static void
many(void)
{
	struct diag d = DIAG_INIT("t_rhplan");
	struct rh_plan p;
	struct rh m;
	char h[32];
	int i;

	rh_init(&m);
	rh_role_get(&m, 0);
	for (i = 0; i < 20000; i++) {
		snprintf(h, sizeof h, "n%05d", i);
		put(&m, h, 0, i % 7, 0);
	}
	rh_plan_init(&p);
	rh_plan_request(&m, 0, 10000, 1, &p, &d);
	is_int(p.placed, 10000, "10,000 placed requests");
	if (p.ndec != 10000)
		return;
	is_str(m.nodes[m.req[p.dec[0].idx].node].host, "n00006",
	    "most recently used first, then by name");
	is_str(m.nodes[m.req[p.dec[9999].idx].node].host, "n09999",
	    "the 10,000th: the 1429th with last use 3");
	rh_plan_free(&p);
	rh_free(&m);
}

int
main(void)
{
	requests();
	escalation();
	releases();
	checks();
	many();
	return tap_done();
}
