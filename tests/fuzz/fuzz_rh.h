/*
 * fuzz_rh.h - what the role-history fuzz targets share.
 */
#ifndef PK_FUZZ_RH_H
#define PK_FUZZ_RH_H

#include "reader.h"

#define FUZZ_NOW INT64_C(1795330000000)	/* 2026-11-22T14:46:40Z */

/* Load options at FUZZ_NOW, no max-age. */
void fuzz_rh_opt(struct rh_loadopt *);
/* Load a small state stream into m: the examples' history with the roles
 * of their resources.json. rh_load_file's status. */
int fuzz_rh_load_base(struct rh *m, const struct rh_loadopt *);

/*
 * Write m's state stream, load it back and write it again: the bytes must
 * not change (rh-load(1): rh-load | rh-load - changes nothing). Also runs
 * the save, table and lists writers.
 */
void fuzz_rh_check(struct rh *m, const struct rh_loadopt *opt);
/*
 * One input: written to a file, then step(m, path, opt, d) on a new
 * model; when it returns 1 the model goes through fuzz_rh_check().
 */
typedef int fuzz_rh_step(struct rh *, const char *path,
    const struct rh_loadopt *, struct diag *);
void fuzz_rh_run(const uint8_t *data, size_t size, const char *prog,
    fuzz_rh_step *);
/* a and b write the same state stream. */
void fuzz_rh_same(struct rh *a, struct rh *b);

#endif
