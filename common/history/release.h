/*
 * release.h - rh-release's planner: a shrink, cancelling requests first,
 * then releasing containers.
 */
#ifndef PK_RELEASE_H
#define PK_RELEASE_H

#include <stdint.h>

#include "plan.h"
#include "rolehistory.h"

/*
 * Remove count instances of role (rh-release(1)): first
 * cancel outstanding requests of the role, those Slider keeps in its
 * open list (open, escalated, aa) oldest first, then placed ones
 * newest first; each counts as one instance. Then release live
 * containers as Slider did before SLIDER-296: nodes with the most
 * active containers first (host name on ties); all but one from each
 * multi-instance node before any single-instance node; then one per
 * node, single-instance nodes first. On a node the newest container
 * goes first (since, then id, both descending). A released container
 * becomes "releasing" (since = now) and its entry's releasing goes up.
 * Warns when fewer than count could be removed.
 */
void rh_plan_release(struct rh *, int32_t role, int64_t count, int64_t now,
    struct rh_plan *, struct diag *);

#endif
