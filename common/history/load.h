/*
 * load.h - what a history operand names, loaded: a file, standard input,
 * or a Slider history directory (histdir.h), read under its shared lock.
 */
#ifndef PK_LOAD_H
#define PK_LOAD_H

#include "diag.h"
#include "reader.h"
#include "rolehistory.h"

/*
 * Load path: "-" or NULL (stdin), a file, or a history directory (the
 * newest loadable rolehistory-*.json; others are skipped with a warning;
 * with none the history is empty, saved = opt->now, and info->path is
 * NULL; info->dir is set). info may be NULL.
 */
int rh_load(struct rh *, const char *path, const struct rh_loadopt *,
    struct rh_loadinfo *, struct diag *);

#endif
