/*
 * cutshort.h - Slider's words for a record cut short, under --strict.
 */
#ifndef PK_CUTSHORT_H
#define PK_CUTSHORT_H

#include <stddef.h>

#include "jsonread.h"

/*
 * What Slider's reader says of a record cut short, for the
 * input reader's nj_set_cut() under --strict (arg: the struct rh_rec):
 * '; Slider: "..."' into more, or nothing where its words are not sure.
 */
void rh_rec_cut(void *arg, const struct nj_cut *, char *more, size_t size);

#endif
