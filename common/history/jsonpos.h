/*
 * jsonpos.h - small JSON helpers shared by the role-history readers
 * (history, events, resources.json): where a member sits in the input
 * for FILE:LINE:COL messages. fieldtab.h reads the values.
 */
#ifndef PK_JSONPOS_H
#define PK_JSONPOS_H

#include <stddef.h>
#include <stdint.h>
#include <json-c/json.h>

#include "diag.h"
#include "jsonread.h"

/*
 * The offset in the JSON value text[0..len) of the value reached through
 * the object keys path[0..n) (of its key if want_key). Raw keys are
 * compared byte for byte, so a key written with escapes is not found.
 * When a key is missing: the offset of the deepest value found (0 if
 * none). text must be valid JSON.
 */
size_t rh_json_locate(const char *text, size_t len, const char *const *path,
    size_t n, int want_key);
/* The position of byte off of a value returned by nj_next(). */
struct pos rh_json_pos(const struct nj_value *, size_t off);
/* The position of the member at path in v (rh_json_locate). */
struct pos rh_json_member(const struct nj_value *, const char *const *path,
    size_t n, int want_key);

#endif
