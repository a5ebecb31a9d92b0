/*
 * queueconf.h - a YuniKorn queue configuration as written: the YAML decoded
 * into partitions, queues, placement rules, limits, resources and
 * policies, with positions, as the release's Go yaml library decodes it
 * (goyaml.h: its accepted keys, types, nulls, merges and duplicate keys,
 * its messages). Every error found is reported as FILE:LINE:COL. Nothing
 * is validated or built here (validate.h, partition.h do that).
 */
#ifndef PK_QUEUECONF_H
#define PK_QUEUECONF_H

#include <stddef.h>

#include "compat.h"
#include "confmsg.h"
#include "diag.h"
#include "userlimits.h"
#include "resources.h"
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
	unsigned long line, col;
};

/* A queue's childtemplate (0.12). */
struct pl_tmplconf {
	int set;			/* given, not null */
	uint64_t maxapps;
	struct pl_rconf properties, guaranteed, max;
	unsigned long line, col;
};

struct pl_queueconf {
	struct pl_cstr name, submitacl, adminacl;
	int parent;		/* "parent: true" */
	struct pl_rconf guaranteed, max;	/* resources */
	uint64_t maxapps;
	unsigned long apps_line, apps_col;	/* of maxapplications */
	struct pl_rconf properties;
	struct pl_tmplconf tmpl;
	struct pl_limitconf *limits;
	size_t nlimits;
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
	struct pl_limitconf *limits;
	size_t nlimits;
	struct pl_cstr sorttype;	/* nodesortpolicy.type */
	struct pl_rconf weights;	/* nodesortpolicy.resourceweights */
	double *weightv;		/* their numbers */
	struct pl_cstr statedump;	/* statedumpfilepath (1.0 - 1.4) */
	struct pl_cstr resolver;	/* usergroupresolver.type (1.8) */
	unsigned long line, col;
};

struct pl_conf {
	const char *file;
	struct pl_partconf *parts;
	size_t nparts;
	int ended;		/* decoding ended half way (excessive
				   aliasing): nothing to check, no parts */
};

/*
 * Decode the YAML document as the scheduler of the given version would.
 * Returns the number of errors reported (status EXIT_CONFIG); the conf is
 * usable for further checks either way (but when conf->ended) and must
 * be freed.
 */
int pl_conf_decode(struct pl_conf *, const struct yl_doc *, enum pl_compat,
    struct diag *);
/* Decode a queues list or a placement rules list alone (tests). */
int pl_conf_decode_queues(struct pl_partconf *, const char *file,
    const struct yl_node *, enum pl_compat, struct diag *);
int pl_conf_decode_rules(struct pl_partconf *, const char *file,
    const struct yl_node *, enum pl_compat, struct diag *);
void pl_conf_free(struct pl_conf *);
void pl_partconf_free(struct pl_partconf *);

#endif
