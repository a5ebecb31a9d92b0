/*
 * fuzz_placeconf - a YuniKorn queue configuration through every stage
 * placectl runs it (decoding, validator, queue tree, rules) as every
 * release, then the traps of check, then a few applications placed
 * with it.
 *
 * A configuration that loads must give a tree where every queue is found
 * again by its path, and placements into existing lower-case leaves.
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "exitcode.h"
#include "fuzz.h"
#include "partition.h"
#include "traps.h"

static const struct {
	const char *user, *queue, *tag;
} apps[] = {
	{ "alice", "", "" },
	{ "bob.smith", "root.default", "" },
	{ "carol", "my_queue", "team.a" },
	{ "Dave", "ROOT.x", "root.y" },
	{ "", "default", "ns" },
	{ "svc-1", "root.a.b.c", "" },
};

static void
check_tree(struct pl_tree *t)
{
	size_t i;

	for (i = 0; i < t->nall; i++) {
		struct pl_queue *q = t->all[i];

		FUZZ_ASSERT(pl_tree_get(t, q->path, q->pathlen) == q);
		FUZZ_ASSERT(q->parent == NULL || !q->parent->leaf);
	}
}

static void
place_all(struct pl_part *p)
{
	static const char *const groups[] = { "dev", "ops" };
	static const size_t glens[] = { 3, 3 };
	struct pl_result res = { 0 };
	size_t i, k;

	res.trace = 1;
	for (i = 0; i < sizeof apps / sizeof apps[0]; i++) {
		struct pl_tag tag = { "namespace", apps[i].tag, 9,
		    strlen(apps[i].tag) };
		struct pl_app a;

		memset(&a, 0, sizeof a);
		a.user.name = apps[i].user;
		a.user.len = strlen(apps[i].user);
		a.user.groups = groups;
		a.user.glens = glens;
		a.user.ngroups = i % 3;
		a.groups_given = i % 3 > 0;
		a.queue = apps[i].queue;
		a.qlen = strlen(apps[i].queue);
		a.tags = &tag;
		a.ntags = *apps[i].tag != '\0';
		if (pl_place(&p->mgr, &p->tree, &a, &res) != PL_PLACED)
			continue;
		FUZZ_ASSERT(res.queue != NULL && res.queue->leaf);
		for (k = 0; k < res.queue->pathlen; k++)
			FUZZ_ASSERT(res.queue->path[k] < 'A' ||
			    res.queue->path[k] > 'Z');
	}
	pl_result_free(&res);
	check_tree(&p->tree);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct diag d = DIAG_INIT("fuzz_placeconf");
	char path[64];
	int fd, c;

	if ((fd = fuzz_fd(data, size)) < 0)
		return 0;
	d.sink = diag_drop;
	d.quiet = 1;
	snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
	for (c = 0; c < PL_NCOMPAT; c++) {
		struct pl_part p;
		unsigned long before = d.nerr;
		int rc = pl_part_load(&p, path, NULL, (enum pl_compat)c, 0, NULL,
		    &d);

		FUZZ_ASSERT(rc == 0 || rc == EXIT_CONFIG);
		FUZZ_ASSERT((rc == 0) == (d.nerr == before));
		if (rc == 0) {
			check_tree(&p.tree);
			(void)pl_traps(&p, &d);
			place_all(&p);
		}
		pl_part_free(&p);
	}
	close(fd);
	diag_free(&d);
	return 0;
}
