/*
 * fastrecords.h - the history reader's fast path: a plain NodeEntryRecord
 * read straight from its text, through the same field table as records.c
 * (it checks nothing by itself), so json-c never sees most of a file.
 */
#ifndef PK_FASTRECORDS_H
#define PK_FASTRECORDS_H

#include <stddef.h>

#include "records.h"

/*
 * One record from its text text[0..n) (the next value of the input, as
 * far as read): its length if it was taken, 0 to have it read the long
 * way. mode: the field table's (RH_REC_STRICT: Slider's fields only,
 * the counters of a state stream unknown).
 */
size_t rh_rec_fast(struct rh_rec *, const char *text, size_t n,
    unsigned mode);

#endif
