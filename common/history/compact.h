/*
 * compact.h - rh-compact's job on a live Slider history directory (see
 * rh-compact(1)): lock it, load the newest save, write the compacted
 * save, then purge. The rules, with names compared as strings (name
 * order is time order):
 *
 * - Lock: rh_dir_lock(), for the whole job.
 * - Load: rh_dir_load() under RH_DIR_STOP: the first candidate that
 *   loads is the loaded save L. A file that cannot be opened or read
 *   stops the job: nothing changes. With nothing loadable there is
 *   nothing to compact: a warning, no change, status 0.
 * - Clean: the temporary files of killed writers (af_clean), not on a
 *   dry run.
 * - Write: the compacted save W = DIR/rolehistory-<now, 16 lowercase hex
 *   digits>.json, atomically (af_), with the owner, group and mode of L
 *   as it was read (af_open_entry: a link in W's place is replaced, not
 *   followed). If W is L it is replaced; if another file of that name
 *   exists the job stops with EXIT_TEMPFAIL (it may be the application's
 *   own save of this very millisecond). If L is named
 *   later than W (the clock went backwards), W is written all the same,
 *   with a warning: Slider will load L, not W. If the directory's list
 *   of history files changed while the job ran (a running application
 *   saved), W is not renamed into place: EXIT_TEMPFAIL.
 * - Purge (rh_job_plan), once W is durable: files named later than L or
 *   than W are never deleted, and are not counted. The others, newest
 *   first, are counted against --keep N with W as the first valid save:
 *   the N-1 newest valid saves among them stay, as do broken and empty
 *   files newer than the oldest save kept; every file older than that is
 *   deleted, oldest first, and the directory is synced. The files --keep
 *   counts are looked at under RH_DIR_QUIET.
 */
#ifndef PK_COMPACT_H
#define PK_COMPACT_H

#include <stddef.h>
#include <stdint.h>

#include "diag.h"
#include "histdir.h"
#include "outbuf.h"

/*
 * Mark the files to delete. f holds n files, newest (greatest) name
 * first, f[loaded] the loaded save; wname is the new save's NAME; keep
 * >= 1 counts the new save. Returns how many are marked.
 */
size_t rh_job_plan(struct rh_dirfile *f, size_t n, size_t loaded,
    const char *wname, long keep);

/* "rolehistory-%016llx.json" of t into buf (at least 34 bytes). */
void rh_job_savename(int64_t t, char *buf);

/*
 * A line of a plan, "WHAT PATH" or "write PATH (N entries)" when count
 * is not (size_t)-1: to plan when not NULL, else to log after "PROG: "
 * (flushed, in order with the warnings), else nowhere.
 */
void rh_job_say(struct ob *plan, struct ob *log, const char *prog,
    const char *what, const char *path, size_t count);

struct rh_job {
	const char *dir;
	int64_t now;		/* the new save's time and name */
	int64_t max_age;	/* ms, counted back from now; 0 keeps all */
	long keep;		/* >= 1 */
	int wait;		/* wait for the lock */
	int dry_run;		/* change nothing, say what it would do */
	struct ob *plan;	/* dry run: "load PATH", "write PATH (N
				   entries)", "delete PATH" lines */
	struct ob *log;		/* NULL, or (-v) the same lines as done,
				   after "PROG: ", and "clean DIR (N leftover
				   temporary files)" */
};

/*
 * The whole job, as described above. 0, or after reporting:
 * EXIT_NOINPUT, EXIT_TEMPFAIL (locked, or the directory changed),
 * EXIT_CANTCREAT (the new save cannot be created), EXIT_IOERR (a read,
 * the write, or a deletion failed: a failed deletion leaves the new save
 * in place and the remaining files).
 */
int rh_job_run(const struct rh_job *, struct diag *);

#endif
