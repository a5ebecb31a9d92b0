/*
 * events.h - replaying what happened to a role history (rh-load(1),
 * EVENTS): allocations, starts, completions, node changes.
 */
#ifndef PK_EVENTS_H
#define PK_EVENTS_H

#include <stdint.h>

#include "diag.h"
#include "rolehistory.h"

/*
 * Replay an events file (rh-load(1), EVENTS) on the model: NDJSON, one
 * event per line, applied in order; an event without "time" happens at
 * now. 0, or EXIT_NOINPUT / EXIT_DATAERR / EXIT_IOERR after reporting
 * (the events before the bad line stay applied).
 */
int rh_replay_events(struct rh *, const char *path, int64_t now, struct diag *);

#endif
