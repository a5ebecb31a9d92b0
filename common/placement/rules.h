/*
 * rules.h - placement rules: built from their configuration (names are
 * case-insensitive; provided, user, fixed, tag, the testing rule test, and
 * 1.4's internal recovery rule), and evaluated alone on an application,
 * giving a queue path, no match, or an error, exactly as YuniKorn's rules
 * do: source value, filter, qualified or not, 1.6 name checks, the parent
 * rule chain, then the create/existence check. The result is not leaf- or
 * ACL-checked: that is the manager's job (manager.h).
 */
#ifndef PK_RULES_H
#define PK_RULES_H

#include <stddef.h>

#include "app.h"
#include "compat.h"
#include "diag.h"
#include "filter.h"
#include "queueconf.h"
#include "queuetree.h"

enum pl_rkind { PL_PROVIDED, PL_USER, PL_FIXED, PL_TAG, PL_TEST, PL_RECOVERY };

struct pl_rule {
	enum pl_rkind kind;
	const char *name;	/* the canonical, lower-case name */
	int create;
	int implicit;		/* 1.4's implicit provided rule */
	struct pl_filter filter;
	struct pl_rule *parent;
	char *value;		/* fixed: the queue; tag: the tag name (lower-cased) */
	size_t vlen;
	int qualified;		/* fixed: the value starts with "root" */
	char *spath;		/* fixed without a parent rule: its path */
	size_t splen;
	struct pl_queue *hit;	/* ... the queue there, once it exists */
	const struct pl_ruleconf *conf;	/* NULL for internal rules */
};

/* Why a rule did not match (trace "skipped"). */
enum pl_skip {
	PL_SKIP_NONE, PL_SKIP_NOQUEUE, PL_SKIP_NOTAG, PL_SKIP_NOTFORCED,
	PL_SKIP_FILTER, PL_SKIP_MISSING,
	/* decided by the manager on a rule's result */
	PL_SKIP_PARENTQ, PL_SKIP_ACL, PL_SKIP_DRAINING
};

enum { PL_NOMATCH = 0, PL_MATCH = 1, PL_ERROR = -1 };

/* The state of one evaluation; reused, never freed between applications. */
struct pl_eval {
	struct pl_tree *tree;
	enum pl_compat compat;
	struct buf err;	/* PL_ERROR: the message */
	struct buf tmp;	/* scratch */
	enum pl_skip skip;	/* PL_NOMATCH: why */
	int depth;		/* ... in the parent chain, 0 = the rule itself */
	int generated;		/* out holds the path made, even on a miss */
	int looked;		/* PL_MATCH: the rule looked out up... */
	struct pl_queue *q;	/* ... and found this queue */
};

/*
 * Build a rule and its parents. Returns NULL after reporting every problem
 * (status EXIT_CONFIG), counting them in *nerr.
 */
struct pl_rule *pl_rule_build(const struct pl_ruleconf *, const char *file,
    enum pl_compat, struct diag *, int *nerr);
/* Internal rules: 1.4's recovery rule and implicit provided rule. */
struct pl_rule *pl_rule_internal(enum pl_rkind, enum pl_compat);
void pl_rule_free(struct pl_rule *);

/*
 * Evaluate: PL_MATCH with the path in out, PL_NOMATCH, or PL_ERROR. A
 * rule remembers the queue of a constant path once it exists (queues are
 * never removed from a tree), so a rule belongs to one tree.
 */
int pl_rule_eval(struct pl_rule *, const struct pl_app *, struct pl_eval *,
    struct buf *out);
void pl_eval_free(struct pl_eval *);

/* The trace wording of a skip reason. */
const char *pl_skip_name(enum pl_skip);

#endif
