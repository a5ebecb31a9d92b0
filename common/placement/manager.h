/*
 * manager.h - the placement manager and admission: the ordered rule list
 * with its lifecycle (initial load, reload, the inactive state before 1.4,
 * 1.4's implicit provided and recovery rules), placing an application
 * (leaf, ACL and draining checks, the root.default fallback, rejection),
 * and admitting it to the partition (user resolution through the cache,
 * queue creation, final checks), each as the release does it. An optional
 * trace records every rule tried.
 */
#ifndef PK_MANAGER_H
#define PK_MANAGER_H

#include <stddef.h>

#include "app.h"
#include "compat.h"
#include "diag.h"
#include "queueconf.h"
#include "queuetree.h"
#include "rules.h"
#include "usergroups.h"

struct pl_mgr {
	enum pl_compat compat;
	int active;		/* before 1.4: rules are in use */
	struct pl_rule **rules;	/* in order; 1.4 ends with recovery */
	size_t nrules;
	struct pl_eval ev;
	struct pl_ugi ugi;	/* the scheduler's user/group cache */
};

/* What happened to an application. */
enum pl_how {
	PL_PLACED,
	PL_REJECTED,		/* no rule gave a usable queue, or a final check */
	PL_RULE_ERROR,		/* a rule failed: placement stopped there */
	PL_CREATE_FAILED	/* placed, but the queue could not be created */
};

/* One rule tried; strings are offsets into the result's text (-1: none). */
struct pl_step {
	int rule;
	const char *name;
	long result, error;
	enum pl_skip skip;
	int depth;		/* the skip happened this deep in the parents */
};

struct pl_result {
	enum pl_how how;
	struct pl_queue *queue;	/* PL_PLACED */
	int rule;		/* the rule that placed it; -1: placement inactive */
	const char *rule_name;	/* YuniKorn's name of the rule (plain ASCII);
				   NULL when inactive */
	size_t created, ncreated;	/* tree->all[created, +ncreated) are new */
	struct buf path;	/* the manager's choice, as the rule made it */
	struct pl_queue *at;	/* ... the queue there, if it was looked up */
	int looked;
	int crash;		/* the path has no existing ancestor */
	struct buf reason;	/* not placed: why, as YuniKorn says it */
	int trace;		/* record the steps */
	struct pl_step *steps;
	size_t nsteps, capsteps;
	struct buf text;
};

void pl_mgr_init(struct pl_mgr *, enum pl_compat);
void pl_mgr_free(struct pl_mgr *);
/* The user/group resolver of the scheduler (1.8), before any placement. */
void pl_mgr_set_resolver(struct pl_mgr *, enum pl_resolver);
/*
 * Give the manager a rule list from a partition's configuration, the way
 * the scheduler does when a partition is created (new), when its
 * configuration is reloaded (update: pl_part_reload), or through the
 * manager's own initialise. Rule build problems are reported; the return is their count
 * (update: the count that refuses the reload). A failed new or update
 * leaves the manager as the scheduler leaves it: a new one that fails is
 * active without rules (1.4: nothing is placed) or inactive (before 1.4:
 * applications go to the queue they ask for); a failed update keeps the
 * rules it had, unless the manager was inactive (before 1.4), when it is
 * a new one.
 */
int pl_mgr_new(struct pl_mgr *, const struct pl_partconf *, const char *file,
    struct diag *);
int pl_mgr_update(struct pl_mgr *, const struct pl_partconf *, const char *file,
    struct diag *);
int pl_mgr_initialise(struct pl_mgr *, const struct pl_partconf *,
    const char *file, struct diag *);

/* The manager alone: PL_PLACED with res->path set, or why not. */
enum pl_how pl_mgr_place(struct pl_mgr *, struct pl_tree *,
    const struct pl_app *, struct pl_result *);
/* Placement and admission: what the scheduler does with a new application. */
enum pl_how pl_place(struct pl_mgr *, struct pl_tree *, const struct pl_app *,
    struct pl_result *);

void pl_result_free(struct pl_result *);
/* Text of a step string (result, error), NULL when absent. */
const char *pl_step_text(const struct pl_result *, long);

#define PL_NO_MATCH_MSG "application rejected: no placement rule matched"
#define PL_NO_MATCH_TYPO "application rejected: no placment rule matched"

#endif
