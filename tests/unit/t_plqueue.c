/* t_plqueue - the queue tree: lookups with YuniKorn's case rules, access
 * inherited upwards, creation at admission */
#include <stdio.h>
#include <string.h>

#include "queuetree.h"
#include "tap.h"
#include "xalloc.h"

int
main(void)
{
	struct pl_tree t;
	struct pl_queue *root, *a, *leaf, *q, *anc;
	struct buf why = { 0 };
	const char *g[1] = { "ops" };
	size_t gl[1] = { 3 };
	struct pl_user alice = { "alice", 5, g, gl, 1 };
	struct pl_user bob = { "bob", 3, NULL, NULL, 0 };
	size_t before;

	pl_tree_init(&t, PL_010);
	root = pl_tree_add(&t, NULL, "root", 4);
	root->leaf = 0;
	a = pl_tree_add(&t, root, "Apps", 4);
	leaf = pl_tree_add(&t, root, "leafq", 5);
	a->leaf = 0;
	a->conf = xcalloc(1, sizeof *a->conf);
	leaf->conf = xcalloc(1, sizeof *leaf->conf);
	(void)pl_acl_parse(&a->conf->submit, " ops", 4, &why);
	(void)pl_acl_parse(&leaf->conf->submit, "alice", 5, &why);
	is_str(a->path, "root.apps", "paths are lower-case");
	ok(pl_tree_get(&t, "ROOT.APPS", 9) == a, "lookups ignore case");
	ok(pl_tree_get(&t, "root.k\xe2\x84\xaa", 9) == NULL, "Kelvin sign looked up");
	ok(pl_tree_get(&t, "apps", 4) == NULL, "the first element must be root");
	ok(pl_tree_find(&t, "root.apps.x.y", 13, &anc) == NULL && anc == a,
	    "the deepest existing ancestor");
	ok(pl_tree_find(&t, "other.x", 7, &anc) == NULL && anc == NULL,
	    "no ancestor outside root");
	ok(pl_queue_submit_ok(a, &alice) && !pl_queue_submit_ok(a, &bob),
	    "ACL by group");
	ok(!pl_queue_submit_ok(root, &alice), "no ACL: nobody");

	before = t.nall;
	q = pl_tree_create(&t, "root.apps.Team.A", 16, &alice, &why);
	ok(q != NULL && q->leaf && q->dynamic && t.nall == before + 2, "created");
	is_str(q->path, "root.apps.team.a", "lower-cased");
	ok(!q->parent->leaf && q->parent->dynamic, "intermediate levels are parents");
	ok(pl_queue_submit_ok(q, &alice), "dynamic queues inherit");
	ok(pl_tree_create(&t, "root.apps.x", 11, &bob, &why) == NULL &&
	    strstr(why.s, "submit access to queue root.apps denied") != NULL,
	    "access is checked on the deepest existing queue");
	ok(pl_tree_create(&t, "root.leafq.x", 12, &alice, &why) == NULL,
	    "not below a leaf (access is checked first)");
	is_str(why.s, "creation of queue root.leafq.x failed parent is already a "
	    "leaf: root.leafq", "with the scheduler's message");
	before = t.nall;
	ok(pl_tree_create(&t, "root.apps.ok.b!d", 16, &alice, &why) == NULL &&
	    t.nall == before, "a bad name: nothing created at all");
	ok(pl_tree_create(&t, "rootfoo", 7, &alice, &why) == NULL &&
	    pl_tree_create(&t, "test", 4, &alice, &why) == NULL,
	    "not below root: refused, not a crash");
	{
		char name[32], path[64];
		size_t i, bad = 0;

		before = t.nall;
		for (i = 0; i < 5000; i++) {
			snprintf(name, sizeof name, "Q%zu", i);
			(void)pl_tree_add(&t, a, name, strlen(name));
		}
		for (i = 0; i < 5000; i++) {
			snprintf(path, sizeof path, "root.APPS.q%zu", i);
			q = pl_tree_get(&t, path, strlen(path));
			bad += q == NULL || q != t.all[before + i];
		}
		is_int(bad, 0, "5000 more queues: each found by its path");
		ok(pl_tree_get(&t, "root.apps.q5000", 15) == NULL &&
		    pl_tree_get(&t, "root.apps", 9) == a, "and no other");
	}
	buf_free(&why);
	pl_tree_free(&t);
	return tap_done();
}
