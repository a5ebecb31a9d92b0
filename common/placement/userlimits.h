/*
 * userlimits.h - user and group limits as YuniKorn's validator checks them,
 * release by release: one limits list (checkLimits: names, duplicates,
 * wildcard order, maxresources, maxapplications, the queue's own
 * maximums), partition limits against the root's (1.5), and the limits
 * of a queue against the same user's or group's limits above it (1.4,
 * 1.5: checkLimitResource, checkLimitMaxApplications). Every error is
 * reported, in the order the scheduler meets them, in its words.
 */
#ifndef PK_USERLIMITS_H
#define PK_USERLIMITS_H

#include <stddef.h>
#include <stdint.h>

#include "compat.h"
#include "confmsg.h"
#include "diag.h"
#include "hashtable.h"
#include "resources.h"

/* One limit as configured. */
struct pl_limitconf {
	struct pl_cstr name;		/* "limit" */
	struct pl_cstr *users, *groups;
	size_t nusers, ngroups;
	int users_set, groups_set;	/* given as lists ([] is not absent) */
	struct pl_rconf maxres;
	uint64_t maxapps;
	unsigned long apps_line, apps_col;	/* of maxapplications, if given */
	unsigned long line, col;
};

void pl_limitconf_free(struct pl_limitconf *);

/* The queue a list belongs to (the root for a partition's limits). */
struct pl_limitq {
	const char *name;		/* as written */
	size_t n;
	uint64_t maxapps;
	const struct pl_rconf *max;	/* its resources.max */
};

/* checkLimits: every limit of one list, in order. */
void pl_limit_list(const struct pl_limitconf *, size_t,
    const struct pl_limitq *, enum pl_compat, const struct pl_vout *);
/* Go's reflect.DeepEqual of two lists of limits. */
int pl_limit_equal(const struct pl_limitconf *, size_t,
    const struct pl_limitconf *, size_t);

/*
 * The hierarchy checks: one pass for maxresources, then one for
 * maxapplications, each over the queues in pre-order. A queue is known
 * by its path, as the scheduler keys its tables: "root" for a queue named
 * exactly root, else its parent's path, a dot and its name as written.
 * pl_lhier_queue() takes the handle of the parent's path (PL_LHIER_TOP
 * for the top queue) and returns the queue's, for its children.
 */
enum pl_lhier_pass { PL_LHIER_RES, PL_LHIER_APPS };

#define PL_LHIER_TOP 0

struct pl_lnode;

struct pl_lhier {
	const struct pl_ver *sw;
	enum pl_lhier_pass pass;
	char **path;			/* by handle; 0 is "" */
	size_t npath, cappath;
	struct ht bound;		/* path handle -> the nodes bound */
	struct pl_lnode **users, **groups;	/* by path handle; NULL: none */
	struct pl_lnode **all;		/* every node, for freeing */
	size_t nall, capall;
	struct buf a, b;		/* scratch */
};

void pl_lhier_init(struct pl_lhier *, enum pl_compat,
    enum pl_lhier_pass);
size_t pl_lhier_queue(struct pl_lhier *, size_t parent, const char *name,
    size_t n, const struct pl_limitconf *, size_t nlimits,
    const struct pl_vout *);
void pl_lhier_free(struct pl_lhier *);

#endif
