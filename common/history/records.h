/*
 * records.h - the records of a history file, one at a time: Slider's four
 * (header, mapping, NodeEntryRecord, footer), placekit's state records
 * and decisions, each checked against its field table (fieldtab.h) and
 * Slider's acceptance rules under --strict, and the file's grammar: a
 * header opens a save, a footer completes it, the last complete save is
 * the one kept (save.h then makes it the model).
 *
 * The history reader (reader.c) owns the input: it hands every record
 * to rh_rec_fast() first, which reads a plain NodeEntryRecord straight
 * from its text without json-c (fastrecords.c), and otherwise to
 * rh_rec_value() as a json-c value. Errors are reported through the
 * diag and returned as EXIT_DATAERR; the reader stops at the first.
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
	/* what was read: the results */
	struct rh_save best;	/* the last complete save */
	int nsaves;		/* complete saves */

	/* the reader's own */
	const struct rh_loadopt *opt;
	struct diag *d;
	int roles_given;	/* placekit.Role records are ignored */
	struct rh_save cur;	/* the save being read */
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
/* One record, a value the input reader parsed: 0 or EXIT_DATAERR. */
int rh_rec_value(struct rh_rec *, const struct nj_value *);
/* The input ended; file names it. 0, or EXIT_DATAERR: nothing to keep. */
int rh_rec_end(struct rh_rec *, const char *file);

/* records.c for cutshort.c: the table of Slider's record type name[0..n), or
 * NULL; Slider's own fields are those required in RH_REC_STRICT. */
#define RH_REC_STRICT 2
const struct ft_table *rh_rec_slider(const char *name, size_t n);

/* records.c for fastrecords.c: the NodeEntryRecord's table and what it does. */
enum {
	RH_E_HOST, RH_E_ROLE, RH_E_ACTIVE, RH_E_LAST, RH_E_REQ, RH_E_STARTING,
	RH_E_LIVE, RH_E_REL, RH_E_FAILED, RH_E_FRECENT, RH_E_SFAILED,
	RH_E_PREEMPTED, RH_E_UNTRUSTED, RH_E_N
};
extern const struct ft_table rh_rec_entry_table;
/* Take a NodeEntryRecord's checked values: 0 (it may warn). */
int rh_rec_entry(struct rh_rec *, const struct ft_val *);

#endif
