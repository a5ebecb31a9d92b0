/*
 * partition.h - one partition ready to place applications: a configuration
 * file taken through every stage the scheduler runs at registration (YAML
 * decoding, the validator, then every partition built in file order: the
 * root, the queues with their ACLs and child templates, the rules), its
 * queue tree and its placement manager; and reloading it, as on SIGHUP.
 * The configuration is refused exactly when the release refuses it.
 */
#ifndef PK_PARTITION_H
#define PK_PARTITION_H

#include "compat.h"
#include "configmap.h"
#include "diag.h"
#include "manager.h"
#include "queueconf.h"
#include "queuetree.h"
#include "validate.h"

struct pl_part {
	enum pl_compat compat;
	const char *file;	/* the document's name in messages (configmap.h) */
	const char *path;	/* the file as given, read again on reload */
	const struct kcm_opts *src;	/* how to read it (NULL: the defaults) */
	char *shown;		/* file, owned */
	const char *name;	/* the partition wanted */
	struct pl_conf conf;	/* kept: rules and checks refer to it */
	struct pl_partconf *pc;	/* the partition in conf */
	struct pl_tree tree;
	struct pl_mgr mgr;
	struct pl_stages st;	/* errors found per stage */
};

/* Load options. */
enum {
	PL_LOAD_RULES_FATAL = 1,	/* rules that do not build refuse the
				   configuration (a reload the scheduler
				   refuses); at the first load they are
				   warnings: the scheduler loads it */
	PL_LOAD_ANYPART = 2,	/* the partition may be missing (check): then
				   pc is the first partition, or NULL */
	PL_LOAD_NO_RULES = 4,	/* the wanted partition's rules are left
				   out: a reload updates the manager it has */
	PL_LOAD_RELOAD = 8	/* a reload: a file that is not a regular
				   one is refused, never waited for */
};

/*
 * Load file and make the partition named name (NULL: default) ready.
 * The file may also be a ConfigMap, a List or Helm values, read as src
 * says (configmap.h; NULL: the defaults) the way the compat release's shim
 * reads it; src must outlive the partition.
 * Returns 0, or EXIT_NOINPUT / EXIT_CONFIG after reporting every problem.
 * Rules that fail to build are no load error: the scheduler loads such a
 * configuration, and so does this, with the manager it gets; the problems
 * are warnings, with what the scheduler then does.
 * An empty file is, from 1.2, the scheduler's built-in configuration.
 */
int pl_part_load(struct pl_part *, const char *file, const char *name,
    enum pl_compat, int flags, const struct kcm_opts *src, struct diag *);
void pl_part_free(struct pl_part *);

/*
 * Re-read the file, as on SIGHUP. On any problem the old configuration
 * stays (every release refuses a broken reload; rules that do not build
 * are one, except before 1.4 while placement is off) and the status is
 * returned; otherwise the new one is in place with the queues placement
 * created carried over, and configured queues that are gone but hold
 * applications kept, marked draining (pl_tree_carry). The placement
 * manager is the same one, its rules updated (pl_mgr_update), its
 * user/group cache kept, as in the scheduler.
 */
int pl_part_reload(struct pl_part *, struct diag *);

/* Build a queue tree from a validated partition (tests use it alone), as
 * the release of the tree does. Returns the number of errors reported. */
int pl_tree_build(struct pl_tree *, const struct pl_partconf *, const char *file,
    struct diag *);

#endif
