/*
 * request.h - rh-request's planner: new requests for a role, and the
 * escalation of placed requests past their deadline.
 */
#ifndef PK_REQUEST_H
#define PK_REQUEST_H

#include <stdint.h>

#include "plan.h"
#include "rolehistory.h"

/*
 * Plan count new instances of role (rh-request(1)):
 *  - anti-affinity roles: one aa request naming every known node that
 *    can host the role (online, label match, no instance), sorted by
 *    host; none if the role has an outstanding aa request or no node
 *    qualifies. Slider keeps one such request at a time, so a count
 *    above 1 asks for one instance and warns about the rest;
 *  - anywhere roles: count open requests;
 *  - others: walk the available list once; each instance takes the
 *    next node that is online and within the failure threshold (any
 *    node for strict roles) as a placed request, deadline now +
 *    escalate_ms; when the list runs out, open requests.
 * Placed and aa requests carry no label, open ones the role's; entry
 * counters are not touched (the request itself keeps its host off the
 * available list, as Slider's tracker does).
 */
void rh_plan_request(struct rh *, int32_t role, int64_t count, int64_t now,
    struct rh_plan *, struct diag *);

/*
 * Escalate every placed request of a non-strict role whose
 * deadline is before now (strictly): it becomes an escalated request,
 * issued when the placed one was, at the end of the issue order, with
 * the NOLOCATION priority and the role's label; it keeps its host only
 * when the role has no label. Requests are taken by role, then issue
 * order.
 */
void rh_plan_escalate(struct rh *, int64_t now, struct rh_plan *);

#endif
