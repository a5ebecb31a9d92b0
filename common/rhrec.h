/*
 * rhrec.h - the records of a history file, one at a time: Slider's four
 * (header, mapping, NodeEntryRecord, footer), placekit's state records
 * and decisions, each checked against its field table (ftab.h) and
 * Slider's acceptance rules under --strict, and the file's grammar: a
 * header opens a save, a footer completes it, the last complete save is
 * the one kept (rhsave.h then makes it the model).
 *
 * The history reader (rhread.c) owns the input: it hands every record
 * to rh_rec_fast() first, which reads a plain NodeEntryRecord straight
 * from its text without json-c (rhfast.c), and otherwise to
 * rh_rec_value() as a json-c value. Errors are reported through the
 * diag and returned as EXIT_DATAERR; the reader stops at the first.
 */
#ifndef PK_RHREC_H
#define PK_RHREC_H

#include <stddef.h>
#include <stdint.h>

#include "buf.h"
#include "diag.h"
#include "ftab.h"
#include "ndjson.h"
#include "rhio.h"
#include "rhsave.h"

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
/*
 * One record from its text text[0..n) (the next value of the input, as
 * far as read): its length if it was taken, 0 to have it parsed and
 * handed to rh_rec_value().
 */
size_t rh_rec_fast(struct rh_rec *, const char *text, size_t n);
/* The input ended; file names it. 0, or EXIT_DATAERR: nothing to keep. */
int rh_rec_end(struct rh_rec *, const char *file);

/*
 * rhcut.c: what Slider's reader says of a record cut short, for the
 * input reader's nj_set_cut() under --strict (arg: the struct rh_rec):
 * '; Slider: "..."' into more, or nothing where its words are not sure.
 */
void rh_rec_cut(void *arg, const struct nj_cut *, char *more, size_t size);

/* rhrec.c for rhcut.c: the table of Slider's record type name[0..n), or
 * NULL; Slider's own fields are those required in RH_REC_STRICT. */
#define RH_REC_STRICT 2
const struct ft_table *rh_rec_slider(const char *name, size_t n);

/* rhrec.c for rhfast.c: the NodeEntryRecord's table and what it does. */
enum {
	RH_E_HOST, RH_E_ROLE, RH_E_ACTIVE, RH_E_LAST, RH_E_REQ, RH_E_STARTING,
	RH_E_LIVE, RH_E_REL, RH_E_FAILED, RH_E_FRECENT, RH_E_SFAILED,
	RH_E_PREEMPTED, RH_E_UNTRUSTED, RH_E_N
};
extern const struct ft_table rh_rec_entry_table;
/* Take a NodeEntryRecord's checked values: 0 (it may warn). */
int rh_rec_entry(struct rh_rec *, const struct ft_val *);

#endif
