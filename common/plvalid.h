/*
 * plvalid.h - YuniKorn's configuration validator, run on a decoded
 * configuration: partition names, the root queue (inserted when the top
 * level is not a single root), queue names and duplicates, ACL syntax,
 * placement rule name and filter syntax, and from 1.3 the static-path check
 * of leading fixed rules against the queue tree. Every error found is
 * reported (the scheduler stops at the first).
 */
#ifndef PK_PLVALID_H
#define PK_PLVALID_H

#include "diag.h"
#include "pl.h"
#include "plconf.h"

/* Errors found per stage of loading, for callers that care which. */
struct pl_stages {
	int yaml;		/* decoding: structure, keys, types */
	int queues;		/* validator: partitions, queues, ACL syntax */
	int rulesyntax;		/* validator: rule names and filters */
	int staticpath;		/* validator (1.3): fixed rule paths */
	int build;		/* queue construction: ACL parse, root name */
	int rules;		/* rule build: names, values, parents */
};

/* Validate every partition; the root queue is inserted where needed. */
void pl_validate(struct pl_conf *, enum pl_compat, struct diag *,
    struct pl_stages *);
void pl_validate_part(struct pl_partconf *, const char *file, enum pl_compat,
    struct diag *, struct pl_stages *);
/* Only the syntax of placement rules (names, parents, filters). */
void pl_validate_rules(const struct pl_partconf *, const char *file,
    enum pl_compat, struct diag *, struct pl_stages *);

#endif
