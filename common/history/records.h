/*
 * records.h - the records of a history file, one at a time: Slider's four
 * (header, mapping, NodeEntryRecord, footer), placekit's state records
 * and decisions, and the file's grammar: a header opens a save, a footer
 * completes it, and the first complete save is the history (save.h then
 * makes it the model); nothing after its footer is read.
 *
 * The history reader (reader.c) hands the input to Slider's own reading
 * first (sliderread.h), which puts Slider's records into the save as
 * Slider decoded them (rh_rec_sl_*). What Slider refuses to read, the
 * rest of a state stream above all, comes here one record at a time:
 * to rh_rec_fast() first, which reads a plain NodeEntryRecord straight
 * from its text without json-c (fastrecords.c), and otherwise to
 * rh_rec_value() as a json-c value, checked against its field table
 * (fieldtab.h). Errors are reported through the diag and returned as
 * EXIT_DATAERR; the reader stops at the first.
 */
#ifndef PK_RECORDS_H
#define PK_RECORDS_H

#include <stddef.h>
#include <stdint.h>

#include "buffer.h"
#include "diag.h"
#include "fieldtab.h"
#include "jsonread.h"
#include "reader.h"
#include "save.h"

struct rh_rec {
	/* what was read: the result */
	struct rh_save cur;	/* the save being read, then the history */
	int done;		/* its footer was read: it is complete */

	/* the reader's own */
	const struct rh_loadopt *opt;
	struct diag *d;
	int roles_given;	/* placekit.Role records are ignored */
	int in_save;
	size_t nrec;		/* records read */
	const struct nj_value *v;	/* the record being decoded */
	int rt;			/* its type */
	struct ft ft;
	struct buf msg;
	unsigned long warned;	/* warnings given once per file */
	uint32_t lastnode;	/* the node of the last record, or RH_NONE */
};

/* Read the records of one input; roles_given: the caller's model has roles. */
void rh_rec_init(struct rh_rec *, const struct rh_loadopt *, int roles_given,
    struct diag *);
void rh_rec_free(struct rh_rec *);
/*
 * One record, a value the input reader parsed: 0, EXIT_DATAERR, or
 * RH_REC_DONE: it was the footer, the save is complete.
 */
#define RH_REC_DONE 1
int rh_rec_value(struct rh_rec *, const struct nj_value *);
/* The input ended before a complete save; file names it: EXIT_DATAERR. */
int rh_rec_end(struct rh_rec *, const char *file);

/*
 * Slider's records as sliderread.c decoded them, in order, with their
 * positions; strings in Java UTF-8 (jackson.h). A mapping: whether its
 * pairs are taken (an earlier one named no role), then each of them with
 * rh_rec_sl_map. The footer completes the save.
 */
void rh_rec_sl_header(struct rh_rec *, int64_t saved, int32_t roles,
    const char *savedx, const char *savedate, const struct pos *);
int rh_rec_sl_mapping(struct rh_rec *, const struct pos *);
void rh_rec_sl_map(struct rh_rec *, const char *name, int32_t id);
void rh_rec_sl_entry(struct rh_rec *, const char *host, size_t hostlen,
    int32_t role, int active, int64_t last_used, const struct pos *role_at);
void rh_rec_sl_footer(struct rh_rec *, int64_t count, const struct pos *);
/* Is name[0..n) one of placekit's counters of a NodeEntryRecord? */
int rh_rec_counter(const char *name, size_t n);

/* The modes of the field tables: Slider's fields only (RH_REC_STRICT), or
 * placekit's counters too (RH_REC_LAX). */
#define RH_REC_LAX 1
#define RH_REC_STRICT 2

/* records.c for fastrecords.c: the NodeEntryRecord's table and what it does. */
enum {
	RH_E_HOST, RH_E_ROLE, RH_E_ACTIVE, RH_E_LAST, RH_E_REQ, RH_E_STARTING,
	RH_E_LIVE, RH_E_REL, RH_E_FAILED, RH_E_FRECENT, RH_E_SFAILED,
	RH_E_PREEMPTED, RH_E_UNTRUSTED, RH_E_N
};
extern const struct ft_table rh_rec_entry_table;
/*
 * Take a NodeEntryRecord's checked values: 0 (it may warn, at role_at,
 * or where the json-c value being read has its role when NULL).
 */
int rh_rec_entry(struct rh_rec *, const struct ft_val *,
    const struct pos *role_at);

#endif
