/*
 * rhdir.h - rh-compact's directory job (SPEC §4) on a live Slider
 * history directory: lock it, choose the save to load and the files to
 * delete, write the compacted save, then purge.
 *
 * The lock is an exclusive flock(2) on a descriptor of the directory
 * itself, so that "flock DIR command" cooperates with it. The rules,
 * with names compared as strings (name order is time order):
 *
 * - Load: the candidates of rh_dir_list(), newest first; empty files and
 *   files that do not load (EXIT_DATAERR) are skipped with a warning; the
 *   first that loads is the loaded save L. Any other failure (a read
 *   error, a file that cannot be opened) stops the job: nothing changes.
 *   With nothing loadable there is nothing to compact: a warning, no
 *   change, status 0.
 * - Write: the compacted save W = DIR/rolehistory-<now, 16 lowercase hex
 *   digits>.json, atomically (af_). If W is L it is replaced; if another
 *   file of that name exists the job stops with EXIT_TEMPFAIL (it may be
 *   the application's own save of this very millisecond). If L is named
 *   later than W (the clock went backwards), W is written all the same,
 *   with a warning: Slider will load L, not W. If the directory's list
 *   of history files changed while the job ran (a running application
 *   saved), W is not renamed into place: EXIT_TEMPFAIL.
 * - Purge (rh_dir_plan), once W is durable: files named later than L or
 *   than W are never deleted, and are not counted. The others, newest
 *   first, are counted against --keep N with W as the first valid save:
 *   the N-1 newest valid saves among them stay, as do broken and empty
 *   files newer than the oldest save kept; every file older than that is
 *   deleted, oldest first, and the directory is synced.
 */
#ifndef PK_RHDIR_H
#define PK_RHDIR_H

#include <stddef.h>
#include <stdint.h>

#include "diag.h"
#include "obuf.h"
#include "rhio.h"

/* What a history file is, as far as the job had to know. */
enum rh_fkind {
	RH_F_UNKNOWN,		/* not looked at: keep needs no more */
	RH_F_VALID,		/* loads as rh-load loads it */
	RH_F_BROKEN,		/* does not load (EXIT_DATAERR) */
	RH_F_EMPTY		/* zero length */
};

struct rh_dirfile {
	char *path;		/* "DIR/NAME", malloc'd */
	const char *name;	/* NAME, inside path */
	int kind;		/* enum rh_fkind */
	int del;		/* rh_dir_plan: to be deleted */
};

/*
 * Mark the files to delete. f holds n files, newest (greatest) name
 * first, f[loaded] the loaded save; wname is the new save's NAME; keep
 * >= 1 counts the new save. Returns how many are marked.
 */
size_t rh_dir_plan(struct rh_dirfile *f, size_t n, size_t loaded,
    const char *wname, long keep);

/* "rolehistory-%016llx.json" of t into buf (at least 34 bytes). */
void rh_dir_savename(int64_t t, char *buf);

/*
 * Lock dir: an exclusive flock(2) on a descriptor of the directory,
 * waiting for it if wait is set. Stores the descriptor (close it to
 * unlock) in *fd. 0, EXIT_NOINPUT (no such directory) or EXIT_TEMPFAIL
 * (held by another process) after reporting.
 */
int rh_dir_lock(const char *dir, int wait, int *fd, struct diag *);

/*
 * Load the newest loadable save of dir into m (with opt) as the job does:
 * empty and broken files skipped with a warning, any other failure
 * stops. *loaded is the path loaded (malloc'd), NULL when nothing
 * loads (m is then untouched). 0 or an EXIT_* status after reporting.
 */
int rh_dir_load(struct rh *m, const char *dir, const struct rh_loadopt *,
    char **loaded, struct diag *);

struct rh_dirjob {
	const char *dir;
	int64_t now;		/* the new save's time and name */
	int64_t max_age;	/* ms, counted back from now; 0 keeps all */
	long keep;		/* >= 1 */
	int wait;		/* wait for the lock */
	int dry_run;		/* change nothing, say what it would do */
	struct ob *plan;	/* dry run: "load PATH", "write PATH (N
				   entries)", "delete PATH" lines */
	struct ob *log;		/* NULL, or (-v) the same lines as done,
				   after "PROG: " */
};

/*
 * The whole job, as described above. 0, or after reporting:
 * EXIT_NOINPUT, EXIT_TEMPFAIL (locked, or the directory changed),
 * EXIT_CANTCREAT (the new save cannot be created), EXIT_IOERR (a read,
 * the write, or a deletion failed: a failed deletion leaves the new save
 * in place and the remaining files).
 */
int rh_dir_compact(const struct rh_dirjob *, struct diag *);

#endif
