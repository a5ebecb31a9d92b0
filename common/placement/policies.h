/*
 * policies.h - a partition's settings as YuniKorn checks them: the node
 * sorting policy (its type, case-sensitive; its resource weights, 0.12),
 * the state dump file of 1.0 and 1.1 (which the scheduler creates while
 * validating: here only whether it could be, nothing is created), and
 * the queue properties, which no release refuses (a value the scheduler
 * does not know is logged and replaced: a warning).
 */
#ifndef PK_POLICIES_H
#define PK_POLICIES_H

#include "confmsg.h"
#include "resources.h"

/* checkNodeSortingPolicy: type "", fair or binpacking; weights not below
 * 0 (NaN passes, as there). */
void pl_pol_nodesort(const struct pl_cstr *type, const struct pl_rconf *weights,
    const double *weightv, unsigned long line, unsigned long col,
    const struct pl_vout *);
/*
 * checkStateDumpFilePath (1.0, 1.1): os.MkdirAll of the directory, then
 * os.Create of the file, each with Go's message, judged from what exists
 * (a relative path from placectl's working directory). Nothing is made.
 */
void pl_pol_statedump(const struct pl_cstr *, const struct pl_vout *);
/* The properties a queue's scheduler reads and would replace: warnings
 * counted in *nwarn. */
void pl_pol_properties(const struct pl_rconf *, const char *queue,
    const struct pl_vout *, unsigned long *nwarn);

#endif
