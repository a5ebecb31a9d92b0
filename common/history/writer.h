/*
 * writer.h - the one writer of every history record: the state stream,
 * the persisted save, and the decision records of the planners.
 */
#ifndef PK_WRITER_H
#define PK_WRITER_H

#include <stdint.h>

#include "outbuf.h"
#include "rolehistory.h"

/*
 * The state stream, every line \n-terminated: the header, the mapping,
 * the defined roles by id, the reported nodes by host, the entries by
 * host then role id, the containers by id, the requests by role then
 * issue order, the footer. A model read from a state stream is written
 * as one: when nothing else would say so (a placekit record, a counter),
 * its first entry carries its live count.
 */
void rh_write_state(struct rh *, struct ob *);
/*
 * A persisted save as Slider 0.80+ writes it, saved at time saved:
 * header, mapping, entries (by host, then role; active = live > 0),
 * footer; no placekit record or counter field.
 */
void rh_write_save(struct rh *, struct ob *, int64_t saved);
/*
 * One placekit.Request (placekit.Cancel with cancel set) or
 * placekit.Release record, a line: the record writers of the state
 * stream, used by rh_plan_write() for its decisions.
 */
void rh_write_request(struct ob *, const struct rh *, const struct rh_request *,
    int cancel);
void rh_write_release(struct ob *, const struct rh *,
    const struct rh_container *, const char *reason);

#endif
