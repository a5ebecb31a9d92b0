/*
 * plout.h - the JSON placectl writes (placectl(1), SPEC §5): the
 * "placement" object with fixed key order, the trace of explain, and the
 * input object echoed with one member added. The echo copies the input
 * bytes and only re-serialises an object that already has the member.
 */
#ifndef PK_PLOUT_H
#define PK_PLOUT_H

#include <stddef.h>
#include <json-c/json.h>

#include "obuf.h"
#include "plmgr.h"
#include "plqueue.h"

/* {"queue":..,"rule":..,"rule_name":..,"created":[..]} or {"rejected":..},
 * with "trace":[..] last when trace is set. */
void pl_out_placement(struct ob *, const struct pl_result *,
    const struct pl_tree *, int trace);
/*
 * The input object (text, len, with nmembers members) without its closing
 * brace, followed by "key": ready for the value. When the object already
 * has a member of that name, pass it as obj: it is written again without
 * that member (otherwise obj is NULL and the bytes are copied).
 */
void pl_out_open(struct ob *, const char *text, size_t len, size_t nmembers,
    struct json_object *obj, const char *key);
/* Close what pl_out_open began: "}\n". */
void pl_out_close(struct ob *);

#endif
