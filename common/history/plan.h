/*
 * plan.h - planning on a role history: the requests of
 * rh-request and their escalation (request.c), the cancellations and
 * releases of rh-release (release.c), and what both share (plan.c):
 * the plan's decisions and their records, the role argument, the
 * consistency check.
 *
 * A run changes the model in place and remembers its decisions in a
 * struct rh_plan, in the order they were made, as indexes into the
 * model's requests and containers. Those stay valid because nothing
 * here compacts the model (a cancelled request is only flagged dead);
 * the plan must not outlive the next rh_compact().
 *
 * Cost. A request run derives the role's available list once
 * (rh_available) and walks it once with a cursor; a release run sorts
 * the role's containers once. Neither rescans the nodes per instance,
 * so 10,000 instances cost about what one does.
 *
 * Errors. rh_plan_check() and rh_plan_role() report through the struct
 * diag and return EXIT_DATAERR; the planners cannot fail (memory aside,
 * which ends the process) and only warn.
 */
#ifndef PK_PLAN_H
#define PK_PLAN_H

#include <stddef.h>
#include <stdint.h>

#include "diag.h"
#include "outbuf.h"
#include "rolehistory.h"

#define RH_PLAN_MAX_COUNT	1000000	/* -n: instances in one run */

enum rh_dectype {
	RH_DEC_REQUEST,		/* issued or escalated: m->req[idx] */
	RH_DEC_CANCEL,		/* withdrawn: m->req[idx] */
	RH_DEC_RELEASE		/* a container to release: m->ctr[idx] */
};

/* Why a container was chosen (placekit.Release "reason"). */
enum rh_relreason {
	RH_REL_MULTI,		/* all but one from a multi-instance node */
	RH_REL_SINGLE		/* then one per node */
};

struct rh_decision {
	uint8_t type;		/* enum rh_dectype */
	uint8_t reason;		/* enum rh_relreason, RH_DEC_RELEASE only */
	size_t idx;
};

struct rh_plan {
	struct rh_decision *dec;
	size_t ndec, capdec;
	size_t placed, open, aa, escalated;	/* requests by kind */
	size_t cancelled, released;
};

void rh_plan_init(struct rh_plan *);
void rh_plan_free(struct rh_plan *);
/* Remember a decision (for the planners; reason: RH_DEC_RELEASE only). */
void rh_plan_note(struct rh_plan *, enum rh_dectype, size_t idx, int reason);

/*
 * The consistency a plan relies on: every container (surplus ones
 * aside, which count in no entry) has an entry for its role on its
 * host. p names the input. 0, or EXIT_DATAERR naming the first
 * container that has none.
 */
int rh_plan_check(const struct rh *, const struct pos *p, struct diag *);

/*
 * The role a user's -r argument names (rh_role_lookup: a name, else a
 * decimal id) and stores its id in *id. 0, or EXIT_DATAERR when the
 * history knows no such role.
 */
int rh_plan_role(const struct rh *, const char *arg, int32_t *id,
    const struct pos *p, struct diag *);

/*
 * The decisions, one record a line in the order made:
 * placekit.Request and placekit.Cancel with the keys of a state
 * stream's placekit.Request (role, kind, host, hosts, label, priority,
 * issued, deadline), placekit.Release with id, host, role, reason.
 */
void rh_plan_write(const struct rh *, const struct rh_plan *, struct ob *);

#endif
