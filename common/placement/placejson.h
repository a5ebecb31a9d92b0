/*
 * placejson.h - the JSON placectl writes (placectl(1)): the "placement"
 * object with fixed key order, the trace of explain, and the input object
 * echoed with one member added. The echo copies the input bytes and only
 * re-serialises an object that already has the member.
 */
#ifndef PK_PLACEJSON_H
#define PK_PLACEJSON_H

#include <stddef.h>

#include "appread.h"
#include "manager.h"
#include "outbuf.h"
#include "queuetree.h"

/* {"queue":..,"rule":..,"rule_name":..,"created":[..]} or {"rejected":..},
 * with "trace":[..] last when trace is set. */
void pl_out_placement(struct ob *, const struct pl_result *,
    const struct pl_tree *, int trace);
/*
 * The application's input object without its closing brace, followed by
 * "placement": ready for the value. Its bytes are copied; an object that
 * has a "placement" member already is written again without it.
 */
void pl_out_open(struct ob *, const struct pl_appin *);
/* Close what pl_out_open began: "}\n". */
void pl_out_close(struct ob *);

#endif
