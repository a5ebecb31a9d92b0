/*
 * rhio.h - reading and writing role histories (rh-load(1)): Slider's
 * persisted saves in every real variant, placekit state streams, history
 * directories, resources.json roles and event replay; the state stream,
 * persisted save, table and lists writers. (rhread.c, rhrec.c, rhfast.c,
 * rhsave.c and rhdir.c read; rhevent.c replays; rhres.c reads roles;
 * rhwrite.c and rhview.c write.)
 *
 * Loading. rh_load() reads into a model that may already hold roles
 * (rh_read_resources): those roles are "given", the stream's own
 * placekit.Role records are then ignored, and entries of other role ids
 * are discarded and counted (m->discarded). A persisted save (no
 * placekit record, no counter field) gets the restart rebuild: active
 * entries take last_used = saved, counters are zero, entries older than
 * saved - max_age are dropped (last_used 0, never released, included;
 * max_age 0 keeps them all), nodes left empty are dropped. A state
 * stream is taken as it is. A file holding several saves loads its last
 * complete one, with a warning.
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
#ifndef PK_RHIO_H
#define PK_RHIO_H

#include <stdint.h>

#include "diag.h"
#include "obuf.h"
#include "rh.h"

struct rh_loadopt {
	int strict;		/* Slider's acceptance rules (rh-load(1)) */
	int64_t max_age;	/* ms; 0 keeps every entry (RH_MAX_AGE_DEFAULT) */
	int max_age_set;	/* given by the user (a warning if it cannot apply) */
	int64_t now;		/* the save time of an empty (bootstrap) history */
	int general;		/* every record through json-c, no fast path (tests) */
	int from_now;		/* rh-compact's purge, see above */
};

struct rh_loadinfo {
	char *path;		/* the file loaded (malloc'd), NULL: nothing loaded */
	int state;		/* it was a state stream: no rebuild */
	int saves;		/* complete saves in the file */
	size_t nread;		/* NodeEntryRecords read in the save used */
	size_t purged;		/* entries dropped as older than max_age */
};

void rh_loadopt_init(struct rh_loadopt *);
void rh_loadinfo_free(struct rh_loadinfo *);

/*
 * Load path: "-" or NULL (stdin), a file, or a history directory (the
 * newest loadable rolehistory-*.json; others are skipped with a warning;
 * with none the history is empty, saved = opt->now, and info->path is
 * NULL). info may be NULL.
 */
int rh_load(struct rh *, const char *path, const struct rh_loadopt *,
    struct rh_loadinfo *, struct diag *);
/* Load one file (or "-"), never a directory. */
int rh_load_file(struct rh *, const char *path, const struct rh_loadopt *,
    struct rh_loadinfo *, struct diag *);
/* Load the file open on fd (left open), named path in messages. */
int rh_load_fd(struct rh *, int fd, const char *path,
    const struct rh_loadopt *, struct rh_loadinfo *, struct diag *);

/*
 * Roles from a Slider resources.json: one per component, id from
 * yarn.role.priority (slider-appmaster defaults to 0), desired from
 * yarn.component.instances, policy, failure threshold, escalation and
 * label from the component or "global". Replaces the model's roles and
 * sets roles_given. 0, EXIT_NOINPUT, EXIT_IOERR or EXIT_CONFIG.
 */
int rh_read_resources(struct rh *, const char *path, struct diag *);

/*
 * Replay an events file (rh-load(1), EVENTS) on the model: NDJSON, one
 * event per line, applied in order; an event without "time" happens at
 * now. 0, or EXIT_NOINPUT / EXIT_DATAERR / EXIT_IOERR after reporting
 * (the events before the bad line stay applied).
 */
int rh_replay_events(struct rh *, const char *path, int64_t now, struct diag *);

/*
 * The state stream, every line \n-terminated: the header, the mapping,
 * the defined roles by id, the reported nodes by host, the entries by
 * host then role id, the containers by id, the requests by role then
 * issue order, the footer.
 */
void rh_write_state(struct rh *, struct ob *);
/*
 * A persisted save as Slider 0.80+ writes it, saved at time saved:
 * header, mapping, entries (by host, then role; active = live > 0),
 * footer; no placekit record or counter field.
 */
void rh_write_save(struct rh *, struct ob *, int64_t saved);
/*
 * One placekit.Request (placekit.Cancel with cancel set) or
 * placekit.Release record, a line: the record writers of the state
 * stream, used by rh_plan_write() for its decisions.
 */
void rh_write_request(struct ob *, const struct rh *, const struct rh_request *,
    int cancel);
void rh_write_release(struct ob *, const struct rh *,
    const struct rh_container *, const char *reason);
/* rhview.c. A human view: per host and role, counters, last use, availability. */
void rh_write_table(struct rh *, struct ob *);
/* Each role's available list, in order. */
void rh_write_lists(struct rh *, struct ob *);

#endif
