/* t_rh - the role-history model: nodes, entries, roles, available lists */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rhtest.h"
#include "rolehistory.h"
#include "tap.h"

/* The available list of role as "h1 h2 ...". */
static const char *
list(struct rh *m, int32_t role)
{
	static char buf[1024];
	struct rh_avail *v;
	size_t n = rh_available(m, role, &v), i;

	buf[0] = '\0';
	for (i = 0; i < n; i++) {
		if (i > 0)
			strcat(buf, " ");
		strcat(buf, rh_node(m, v[i].node)->host);
	}
	free(v);
	return buf;
}

/*
 * Fixture F5, in a MOCK3 history: hosts named by their age (last use)
 * and counters, failure threshold 2.
 */
static void
f5(struct rh *m)
{
	int i;

	rh_init(m);
	for (i = 0; i < 3; i++)
		rh_role_get(m, i)->failure_threshold = 2;
	put(m, "age1-[4,0,0]", 0, 1, 4);
	put(m, "age2-[2,0,1]", 0, 2, 2);
	put(m, "age2-[2,0,1]", 2, 0, 1);
	put(m, "age2-[0,0,0]", 0, 2, 0);
	put(m, "age3-[0,0,0]", 0, 3, 0);
	put(m, "age4-[1,0,0]", 0, 4, 1);
}

int
main(void)
{
	struct rh m;
	struct rh_entry *e;
	struct rh_role *r;
	struct rh_request *q;
	struct rh_container *c;
	uint32_t a, b;

	/* interning */
	rh_init(&m);
	a = node(&m, "host1");
	b = node(&m, "host2");
	ok(a != b, "two hosts, two nodes");
	is_int(node(&m, "host1"), a, "a host is interned once");
	is_int(rh_node_find(&m, "host2", 5), b, "found by name");
	is_int(rh_node_find(&m, "host3", 5), RH_NONE, "unknown host");
	is_int(rh_node_find(&m, "host", 4), RH_NONE, "no prefix match");
	is_str(rh_node(&m, a)->host, "host1", "the name is kept");
	ok(rh_node_online(rh_node(&m, a)), "a new node is RUNNING");
	{
		char big[70000];
		uint32_t i, n;

		memset(big, 'x', sizeof big - 1);
		big[sizeof big - 1] = '\0';
		n = rh_node_intern(&m, big, strlen(big));
		is_int(strlen(rh_node(&m, n)->host), sizeof big - 1,
		    "a name longer than an arena block");
		for (i = 0; i < 5000; i++) {
			char h[32];

			snprintf(h, sizeof h, "n%05u.example.com", i);
			node(&m, h);
		}
		is_int(m.nnodes, 5003, "thousands of hosts");
		is_int(node(&m, "n04321.example.com"), 4324, "still found");
		is_int(node(&m, "host2"), b, "the first ones too");
	}
	rh_free(&m);

	/* entries stay sorted by role, one per role */
	rh_init(&m);
	a = node(&m, "h");
	rh_entry_get(&m, a, 5)->last_used = 50;
	rh_entry_get(&m, a, 1)->last_used = 10;
	rh_entry_get(&m, a, 3)->last_used = 30;
	rh_entry_get(&m, a, 1)->live = 2;
	is_int(rh_node(&m, a)->nent, 3, "three roles on one host");
	is_int(rh_node(&m, a)->ent[0].role, 1, "sorted: 1");
	is_int(rh_node(&m, a)->ent[1].role, 3, "sorted: 3");
	is_int(rh_node(&m, a)->ent[2].role, 5, "sorted: 5");
	is_int(rh_entry_find(&m, a, 1)->live, 2, "get returns the existing entry");
	ok(rh_entry_find(&m, a, 2) == NULL, "no entry for role 2");
	rh_entry_remove(&m, a, 3);
	ok(rh_entry_find(&m, a, 3) == NULL, "removed");
	is_int(rh_entry_find(&m, a, 5)->last_used, 50, "the others stay");
	is_int(rh_entry_count(&m), 2, "entry count");
	rh_free(&m);

	/* roles */
	rh_init(&m);
	r = rh_role_get(&m, 6);
	is_int(r->failure_threshold, 3, "default threshold 3");
	is_int(r->escalate_ms, 30000, "default escalation 30 s");
	is_int(r->desired, -1, "desired unknown");
	rh_role_set_name(&m, rh_role_get(&m, 2), "role2");
	rh_role_set_name(&m, rh_role_get(&m, 0), "role0");
	is_int(m.roles[0].id, 0, "roles sorted by id");
	is_int(m.roles[2].id, 6, "roles sorted by id, last");
	is_int(rh_role_lookup(&m, "role2")->id, 2, "lookup by name");
	is_int(rh_role_lookup(&m, "6")->id, 6, "lookup by id");
	ok(rh_role_lookup(&m, "7") == NULL, "unknown id");
	ok(rh_role_lookup(&m, "") == NULL, "empty name");
	ok(rh_role_lookup(&m, "99999999999999999999") == NULL, "huge id");
	rh_role_set_name(&m, rh_role_get(&m, 2), "two");
	ok(rh_role_by_name(&m, "role2") == NULL, "a renamed role: the old "
	    "name finds nothing");
	is_int(rh_role_by_name(&m, "two")->id, 2, "... the new one finds it");
	rh_role_set_name(&m, rh_role_get(&m, 6), "two");
	is_int(rh_role_by_name(&m, "two")->id, 2, "a name twice: the lower id");
	rh_role_set_name(&m, rh_role_get(&m, 2), NULL);
	is_int(rh_role_by_name(&m, "two")->id, 6, "... until it goes");
	rh_role_set_name(&m, rh_role_get(&m, 1), "role1");
	is_int(rh_role_by_name(&m, "role0")->id, 0, "names stay found when "
	    "roles are inserted before them");
	is_int(rh_role_by_name(&m, "role1")->id, 1, "... and the new one");
	{
		/* many at once, in any order, the roles there kept */
		int32_t ids[] = { 9, 4, 7, 6, 4, 3, 9, 8 };
		size_t i, sorted = 1;

		rh_role_get(&m, 6)->desired = 5;
		rh_roles_ensure(&m, ids, sizeof ids / sizeof ids[0]);
		is_int(m.nroles, 9, "ensured roles: 0 to 9 but 5");
		for (i = 1; i < m.nroles; i++)
			sorted &= m.roles[i - 1].id < m.roles[i].id;
		ok(sorted && m.roles[0].id == 0 && m.roles[8].id == 9,
		    "sorted, once each");
		is_int(rh_role_by_id(&m, 6)->desired, 5, "a role there is kept");
		is_int(rh_role_by_id(&m, 8)->desired, -1, "a new one has the "
		    "defaults");
		is_int(rh_role_by_name(&m, "role1")->id, 1, "names still found");
		rh_roles_ensure(&m, ids, 0);
		is_int(m.nroles, 9, "none: nothing");
	}
	{
		struct rh to;
		char name[16];
		int i, bad = 0;

		rh_init(&to);
		rh_roles_move(&to, &m);
		ok(rh_role_by_name(&m, "role0") == NULL &&
		    rh_role_by_name(&to, "role0") != NULL,
		    "moved roles take their names along");
		rh_roles_move(&m, &to);
		rh_free(&to);
		for (i = 100; i < 20100; i++) {
			snprintf(name, sizeof name, "r%d", i);
			rh_role_set_name(&m, rh_role_get(&m, i), name);
		}
		for (i = 100; i < 20100; i++) {
			snprintf(name, sizeof name, "r%d", i);
			bad += rh_role_by_name(&m, name) == NULL ||
			    rh_role_by_name(&m, name)->id != i;
		}
		is_int(bad, 0, "20,000 names, each found");
	}
	r = rh_role_get(&m, 6);
	r->failure_threshold = -1;
	ok(rh_over_threshold(r, NULL), "a negative threshold: every node is over it");
	r->failure_threshold = 2;
	{
		struct rh_entry x = { 0 };

		x.failed_recently = 2;
		ok(!rh_over_threshold(r, &x), "the threshold itself is tolerated");
		x.failed_recently = 3;
		ok(rh_over_threshold(r, &x), "above it is not");
	}
	rh_free(&m);

	/* priorities (case 112) */
	is_int(rh_priority(5, 0), 1073741829, "role 5 unlocated");
	is_int(rh_priority(5, 1), 5, "role 5 placed");
	is_int(rh_priority_role(1073741829), 5, "role from an unlocated priority");
	is_int(rh_priority_role(5), 5, "role from a placed priority");

	/* available lists: F5 (cases 24, 27, 31) */
	f5(&m);
	is_str(list(&m, 0), "age3-[0,0,0] age2-[0,0,0]", "list[0] = [age3, age2]");
	is_str(list(&m, 1), "", "list[1] is empty");
	is_str(list(&m, 2), "", "list[2]: the only r2 entry is live");
	/* busy nodes are not available (case 29) */
	rh_entry_find(&m, node(&m, "age3-[0,0,0]"), 0)->live = 1;
	is_str(list(&m, 0), "age2-[0,0,0]", "a live entry is not available");
	e = rh_entry_find(&m, node(&m, "age3-[0,0,0]"), 0);
	e->releasing = 1;
	is_str(list(&m, 0), "age3-[0,0,0] age2-[0,0,0]", "...unless being released");
	e->live = e->releasing = 0;
	e->starting = 1;
	is_str(list(&m, 0), "age2-[0,0,0]", "starting is not available");
	e->starting = 0;
	e->requested = 1;
	is_str(list(&m, 0), "age2-[0,0,0]", "requested is not available");
	e->requested = 0;
	e->untrusted = 1;
	is_str(list(&m, 0), "age2-[0,0,0]", "untrusted is not available");
	e->untrusted = 0;
	q = rh_request_add(&m, 0, RH_REQ_PLACED, node(&m, "age3-[0,0,0]"), NULL,
	    0, NULL, 0, 100, 1100);
	is_str(list(&m, 0), "age2-[0,0,0]", "a placed request takes the host off");
	ok(rh_request_placed(&m, 0, node(&m, "age3-[0,0,0]")) == q,
	    "the placed request is found by (role, host)");
	ok(rh_request_placed(&m, 1, node(&m, "age3-[0,0,0]")) == NULL,
	    "...for its role only");
	rh_request_remove(&m, q);
	is_str(list(&m, 0), "age3-[0,0,0] age2-[0,0,0]", "back once removed");
	/* ties: host name ascending; the tie-break is independent of insertion */
	put(&m, "aaa", 0, 3, 0);
	put(&m, "zzz", 0, 3, 0);
	is_str(list(&m, 0), "aaa age3-[0,0,0] zzz age2-[0,0,0]",
	    "ties broken by host name");
	rh_free(&m);

	/* containers and requests */
	rh_init(&m);
	a = node(&m, "h1");
	c = rh_container_add(&m, "container_1", a, 0, RH_C_LIVE, 5);
	ok(c != NULL, "container added");
	ok(rh_container_add(&m, "container_1", a, 0, RH_C_LIVE, 5) == NULL,
	    "an id is unique");
	ok(rh_container_find(&m, "container_1") == c, "found by id");
	rh_container_remove(&m, c);
	ok(rh_container_find(&m, "container_1") == NULL, "removed");
	ok(rh_container_add(&m, "container_1", a, 0, RH_C_LIVE, 6) != NULL,
	    "the id may come back");
	is_int(rh_value(RH_CSTATES, "releasing"), RH_C_RELEASING, "state names");
	is_int(rh_value(RH_CSTATES, "dead"), -1, "unknown state");
	is_int(rh_value(RH_REQKINDS, "escalated"), RH_REQ_ESCALATED, "kind names");
	is_str(rh_name(RH_REQKINDS, RH_REQ_AA), "aa", "kind name");
	is_int(rh_value(RH_NSTATES, "DECOMMISSIONING"), RH_NS_DECOMMISSIONING,
	    "node state names");
	is_int(rh_value(RH_NSTATES, "running"), -1, "node states are upper case");
	{
		struct rh_node n = { 0 };

		n.state = RH_NS_UNHEALTHY;
		ok(!rh_node_online(&n), "UNHEALTHY is offline");
		n.state = RH_NS_DECOMMISSIONING;
		ok(rh_node_online(&n), "DECOMMISSIONING is online");
	}

	/* compaction drops empty unreferenced nodes and remaps the rest */
	b = node(&m, "empty");
	(void)b;
	node(&m, "h2");
	node(&m, "h3");
	rh_entry_get(&m, node(&m, "h3"), 1);
	{
		uint32_t hosts[2];

		hosts[0] = node(&m, "h2");
		hosts[1] = node(&m, "h3");
		rh_request_add(&m, 1, RH_REQ_AA, RH_NONE, hosts, 2, "gpu",
		    1, 7, 0);
	}
	rh_entry_get(&m, node(&m, "h1"), 0)->live = 1;
	rh_node(&m, node(&m, "reported"))->reported = 1;
	rh_compact(&m);
	is_int(m.nnodes, 4, "the empty node went, the reported one stayed");
	is_int(rh_node_find(&m, "empty", 5), RH_NONE, "'empty' is gone");
	is_str(rh_node(&m, m.ctr[0].node)->host, "h1", "container node remapped");
	is_str(rh_node(&m, m.req[0].hosts[1])->host, "h3", "request hosts remapped");
	is_int(m.nctr, 1, "dead containers dropped");
	ok(rh_container_find(&m, "container_1") != NULL, "id map rebuilt");
	{
		const uint32_t *o = rh_nodes_sorted(&m);

		is_str(rh_node(&m, o[0])->host, "h1", "sorted nodes");
		is_str(rh_node(&m, o[3])->host, "reported", "sorted nodes, last");
		is_int(m.rank[o[2]], 2, "rank is the inverse");
	}
	rh_reset_failures(&m);
	rh_free(&m);
	return tap_done();
}
