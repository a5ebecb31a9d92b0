/*
 * plconf.h - a YuniKorn queue configuration as written: the YAML decoded
 * strictly into partitions, queues and placement rules, with positions.
 * Unknown keys and wrongly typed values are errors (the scheduler decodes
 * with yaml strict mode); every one found is reported as FILE:LINE:COL.
 * Nothing is validated or built here (plvalid.h, plengine.h do that).
 */
#ifndef PK_PLCONF_H
#define PK_PLCONF_H

#include <stddef.h>

#include "diag.h"
#include "pl.h"
#include "yamlload.h"

struct pl_filterconf {
	int set;
	struct pl_cstr type;
	struct pl_cstr *users, *groups;
	size_t nusers, ngroups;
	unsigned long line, col;
};

struct pl_ruleconf {
	struct pl_cstr name, value;
	int create;
	struct pl_filterconf filter;
	struct pl_ruleconf *parent;	/* NULL: none */
	int parent_listed;	/* written as a one-item list (the seed docs' form) */
	unsigned long line, col;
};

struct pl_queueconf {
	struct pl_cstr name, submitacl, adminacl;
	int parent;		/* "parent: true" */
	int resources;		/* guaranteed or max given (root may not) */
	struct pl_queueconf *queues;
	size_t nqueues;
	unsigned long line, col;
};

struct pl_partconf {
	struct pl_cstr name;
	struct pl_queueconf *queues;
	size_t nqueues;
	int queues_set;		/* "queues" present and not null */
	struct pl_ruleconf *rules;
	size_t nrules;
	int rules_set;
	unsigned long line, col;
};

struct pl_conf {
	const char *file;
	struct pl_partconf *parts;
	size_t nparts;
};

/*
 * Decode the YAML document as the scheduler of the given version would.
 * Returns the number of errors reported (status EXIT_CONFIG); the conf is
 * usable for further checks either way and must be freed.
 */
int pl_conf_decode(struct pl_conf *, const struct yl_doc *, enum pl_compat,
    struct diag *);
/* Decode one partition mapping (tests build these from their own YAML). */
int pl_conf_decode_part(struct pl_partconf *, const char *file,
    const struct yl_node *, enum pl_compat, struct diag *);
/* Decode a queues list or a placement rules list alone (tests). */
int pl_conf_decode_queues(struct pl_partconf *, const char *file,
    const struct yl_node *, enum pl_compat, struct diag *);
int pl_conf_decode_rules(struct pl_partconf *, const char *file,
    const struct yl_node *, enum pl_compat, struct diag *);
void pl_conf_free(struct pl_conf *);
void pl_partconf_free(struct pl_partconf *);

#endif
