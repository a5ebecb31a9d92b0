/*
 * reader.h - reading one role-history file (rh-load(1)): Slider's
 * persisted saves in every real variant and placekit state streams, from
 * a file, standard input or a descriptor. Slider's own reading comes
 * first (sliderread.h): a file Slider reads is read as Slider reads it,
 * values and all. What Slider refuses, --strict (and opt->slider)
 * refuses too, with Slider's words; otherwise placekit reads it from the
 * first record Slider did not take (records.h), and warns that Slider
 * refuses it unless it is a state stream (placekit's records or
 * counters). The first complete save is the history: nothing after its
 * footer is read (a warning says so). The save kept goes to save.h; a
 * history directory is load.h's business.
 *
 * Loading. rh_load() reads into a model that may already hold roles
 * (rh_read_resources): those roles are "given", the stream's own
 * placekit.Role records are then ignored, and entries of other role ids
 * are discarded and counted (m->discarded). A persisted save (no
 * placekit record, no counter field) gets the restart rebuild: active
 * entries take last_used = saved, counters are zero, entries older than
 * saved - max_age are dropped (last_used 0, never released, included;
 * max_age 0 keeps them all), nodes left empty are dropped. A state
 * stream is taken as it is.
 *
 * With opt->from_now (rh-compact) there is no rebuild: every entry, of a
 * persisted save or a state stream, is dropped when last_used is older
 * than now - max_age (0 included), unless it is in use (live > 0:
 * "active" in a save); counters and the active flag are kept, so that
 * rh_write_save() writes them back as they were. Nodes left empty are
 * dropped; info->purged counts what went.
 *
 * Errors are reported through the struct diag as FILE:LINE:COL and
 * returned as an EXIT_* status: EXIT_NOINPUT (cannot open), EXIT_DATAERR
 * (not a loadable history, or one Slider would refuse under strict),
 * EXIT_IOERR (read failed), EXIT_CONFIG (bad resources.json). On failure
 * the model is left empty apart from its given roles.
 */
#ifndef PK_READER_H
#define PK_READER_H

#include <stdint.h>

#include "diag.h"
#include "rolehistory.h"

struct rh_jk_names;

struct rh_loadopt {
	int strict;		/* Slider's acceptance rules (rh-load(1)) */
	int64_t max_age;	/* ms; 0 keeps every entry (RH_MAX_AGE_DEFAULT) */
	int max_age_set;	/* given by the user (a warning if it cannot apply) */
	int64_t now;		/* the save time of an empty (bootstrap) history */
	int general;		/* no fast path: every record read the long
				   way (tests) */
	int from_now;		/* rh-compact's purge, see above */
	int slider;		/* what Slider refuses is refused, as under
				   strict (a history directory's candidates) */
	struct rh_jk_names *names;	/* the field names Slider's process
				   had read (jackson.h): a history directory's
				   candidates read before; NULL: none */
};

struct rh_loadinfo {
	char *path;		/* the file loaded (malloc'd), NULL: nothing loaded */
	int dir;		/* the operand was a directory (load.h) */
	int state;		/* it was a state stream: no rebuild */
	size_t nread;		/* NodeEntryRecords read in the save used */
	size_t purged;		/* entries dropped as older than max_age */
};

void rh_loadopt_init(struct rh_loadopt *);
void rh_loadinfo_free(struct rh_loadinfo *);

/* Load one file (or "-" or NULL: standard input), never a directory. */
int rh_load_file(struct rh *, const char *path, const struct rh_loadopt *,
    struct rh_loadinfo *, struct diag *);
/* Load the file open on fd (left open), named path in messages. */
int rh_load_fd(struct rh *, int fd, const char *path,
    const struct rh_loadopt *, struct rh_loadinfo *, struct diag *);

#endif
