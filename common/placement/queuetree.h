/*
 * queuetree.h - the queue tree of one partition: configured queues and the
 * dynamic ones placement creates, found by path through a hash table with
 * YuniKorn's case rules (names and paths stored lower-case, lookups
 * lower-case the path and need the first element to be root), submit
 * access inherited up the tree, and queue creation at admission.
 */
#ifndef PK_QUEUETREE_H
#define PK_QUEUETREE_H

#include <stddef.h>
#include <stdint.h>

#include "acl.h"
#include "compat.h"
#include "hashtable.h"

/* What only a configured queue has. */
struct pl_qconf {
	char *name;		/* as written */
	char *submit_text, *admin_text;	/* ACLs as written; NULL when absent */
	struct pl_acl submit, admin;
	unsigned long line, col;	/* where the configuration defines it */
};

struct pl_queue {
	const char *name;	/* lower-case */
	const char *path;	/* lower-case, dot-joined from root */
	size_t pathlen;
	size_t idx;		/* in tree->all */
	struct pl_queue *parent;
	struct pl_queue *kids, *lastkid, *next;	/* children in order */
	unsigned char leaf;	/* applications can only run in leaves */
	unsigned char dynamic;	/* created by a placement rule */
	unsigned char draining;	/* 1.7 skips draining queues */
	unsigned char recovery;	/* 1.4: root.@recovery@, configured or not:
				   no ACL check passes there or below it */
	struct pl_qconf *conf;	/* NULL for a dynamic queue: no ACL of its own */
	uint64_t napps;		/* applications placed here */
	char text[];		/* the path, then the name: one allocation */
};

struct pl_tree {
	enum pl_compat compat;
	struct pl_queue *root;
	struct ht paths;	/* the lower-case path -> index in all */
	struct pl_queue **all;	/* every queue, in creation order */
	size_t nall, capall;
	struct buf key;	/* lookup scratch: the lower-cased path */
	struct {		/* ... and the hash of each prefix */
		uint64_t hash;
		size_t len;
	} *pre;
	size_t capdots;
	size_t anc_len;		/* the ancestor's length in key, after a find */
};

void pl_tree_init(struct pl_tree *, enum pl_compat);
void pl_qconf_free(struct pl_qconf *);
void pl_tree_free(struct pl_tree *);
/* Add a child (NULL parent: the root) named name, lower-cased. It starts as
 * a leaf (the parent stops being one). The tree owns it. */
struct pl_queue *pl_tree_add(struct pl_tree *, struct pl_queue *parent,
    const char *name, size_t);
/* The queue at path, ignoring case; NULL if none. */
struct pl_queue *pl_tree_get(struct pl_tree *, const char *path, size_t);
/* The same; when there is none and anc is given, *anc is the deepest
 * existing queue above the path (NULL if none). One pass over the path. */
struct pl_queue *pl_tree_find(struct pl_tree *, const char *path, size_t,
    struct pl_queue **anc);
/*
 * For a path that does not exist: the deepest existing queue above it.
 * NULL when walking up runs out of dots first (YuniKorn panics there).
 */
struct pl_queue *pl_tree_ancestor(struct pl_tree *, const char *path, size_t);
/* Applications placed in and below each queue, by index in tree->all;
 * the caller frees the array. */
uint64_t *pl_tree_totals(const struct pl_tree *);
/*
 * A reload: carry into the new tree nt what the old one, ot, had that
 * the new configuration does not undo: the application counts of queues
 * in both, and the queues that are gone but hold applications, kept with
 * their ACLs (configured ones marked draining) wherever their parent
 * still is.
 */
void pl_tree_carry(struct pl_tree *nt, const struct pl_tree *ot);
/* May the user submit to q: its submit or admin ACL, or q's parent's, up
 * to root or the recovery queue. */
int pl_queue_submit_ok(const struct pl_queue *, const struct pl_user *);

/*
 * Create the missing queues of path as the partition does at admission:
 * intermediate levels as parents, the last as a leaf, all dynamic. Nothing
 * is created if any check fails (access, a leaf above, a bad name).
 * Returns the leaf, or NULL with the reason in why. The queues created are
 * tree->all[first, tree->nall), first being tree->nall on entry.
 */
struct pl_queue *pl_tree_create(struct pl_tree *, const char *path, size_t,
    const struct pl_user *, struct buf *why);
/* 1.4: root.@recovery@, a leaf below root that never passes an ACL. */
struct pl_queue *pl_tree_recovery(struct pl_tree *);

#define PL_RECOVERY_PATH "root.@recovery@"
/* 1.6's message for a queue name a rule made or creation met. */
#define PL_INVALID_QUEUE_NAME "invalid queue name, max 64 characters " \
	"consisting of alphanumeric characters and '-', '_', '#', '@', '/', " \
	"':' allowed"
#define PL_MAXDEPTH 1000	/* levels a created queue may be below root */

#endif
