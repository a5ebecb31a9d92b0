/*
 * histdir.h - Slider history directories: the candidates of a directory,
 * the choice of the save to load among them, and the directory lock.
 *
 * A candidate is a regular file named rolehistory-*.json, never a
 * symbolic link (one may lead out of the directory, to a file its owner
 * could not read: it is skipped with a warning, and a candidate is
 * opened without following one); names compare
 * as strings, and name order is time order (Slider names a save by its
 * time in 16 hex digits). The save to load is the newest candidate that
 * loads as Slider reads it (reader.h's opt->slider): an empty file, or
 * one that does not load (EXIT_DATAERR: Slider refuses it), is skipped
 * with a warning. A file that cannot be opened or read is
 * skipped too, or stops the choice, as the caller's policy says. With
 * nothing loadable, nothing is loaded; what that means is the caller's.
 *
 * The choice is made under the directory's lock (rh_dir_lock): shared
 * for a reader, exclusive for rh-compact's job, which deletes. The lock
 * keeps cooperating tools apart, not the application, which saves and
 * purges without one: a candidate gone between the listing and its
 * opening, or nothing loadable in a directory that changed since its
 * listing began (a listing may miss a file renamed in as it reads),
 * makes the loader list again, a bounded number of times: a directory
 * being written never reads as an empty history.
 *
 * rh-load reads a directory as an application master would at its start
 * (RH_DIR_SKIP); rh-compact, which goes on to delete files, never takes
 * a file it could not read for one it may delete (RH_DIR_STOP), and
 * looks at the files --keep counts without a word (RH_DIR_QUIET).
 */
#ifndef PK_HISTDIR_H
#define PK_HISTDIR_H

#include <sys/stat.h>

#include <stddef.h>

#include "diag.h"
#include "reader.h"

/* What the loader does with a file that cannot be opened or read. */
enum rh_dirpolicy {
	RH_DIR_SKIP,		/* skip it: its error becomes a warning */
	RH_DIR_STOP,		/* stop, saying nothing was changed */
	RH_DIR_QUIET		/* stop too; warn of nothing skipped */
};

/* What a history file is, as far as the loader had to know. */
enum rh_fkind {
	RH_F_UNKNOWN,		/* not looked at */
	RH_F_VALID,		/* loads */
	RH_F_BROKEN,		/* does not load (EXIT_DATAERR), or cannot
				   be read under RH_DIR_SKIP */
	RH_F_EMPTY		/* zero length */
};

struct rh_dirfile {
	char *path;		/* "DIR/NAME", malloc'd */
	const char *name;	/* NAME, inside path */
	int kind;		/* enum rh_fkind */
	struct stat st;		/* as opened (fstat), once tried */
	int del;		/* rh-compact: to be deleted (compact.h) */
};

/* A directory's candidates, newest first, and the one loaded. */
struct rh_dirscan {
	struct rh_dirfile *f;
	size_t n;
	size_t loaded;		/* f[loaded] was loaded; n: none */
};

/*
 * The candidates of dir as paths "DIR/NAME", newest first: *names is a
 * malloc'd array of malloc'd strings (rh_names_free()). 0, or
 * EXIT_NOINPUT after reporting to d. The symbolic links skipped are
 * warned of to warn, unless it is NULL.
 */
int rh_dir_list(const char *dir, char ***names, size_t *n, struct diag *d,
    struct diag *warn);
void rh_names_free(char **, size_t);

/*
 * Load the newest loadable save of dir into m (with opt), under policy.
 * s gets the candidates and the one loaded (s->loaded == s->n: none, and
 * m is untouched); free it with rh_dirscan_free(). info (may be NULL) is
 * the loaded file's. 0, or an EXIT_* status after reporting (the
 * directory cannot be listed; a file could not be read under
 * RH_DIR_STOP or RH_DIR_QUIET; EXIT_TEMPFAIL, the candidates kept
 * changing). Call it holding the directory's lock.
 */
int rh_dir_load(struct rh *m, const char *dir, const struct rh_loadopt *,
    enum rh_dirpolicy, struct rh_dirscan *s, struct rh_loadinfo *info,
    struct diag *);
/* Listings of a directory that keeps changing before the loader gives up. */
#define RH_DIR_TRIES 16

/*
 * Load one candidate, f, into m under policy and set its kind: 0 it
 * loaded, 1 it was skipped, RH_DIR_GONE it is no longer there (or no
 * longer a regular file), or an EXIT_* status after reporting.
 */
#define RH_DIR_GONE 2
int rh_dir_try(struct rh *m, struct rh_dirfile *f, const struct rh_loadopt *,
    enum rh_dirpolicy, struct rh_loadinfo *info, struct diag *);
void rh_dirscan_free(struct rh_dirscan *);

/* rh_dir_lock flags */
#define RH_LOCK_WAIT	1	/* wait for the lock, else EXIT_TEMPFAIL */
#define RH_LOCK_SHARED	2	/* a reader's: shared, else exclusive */

/*
 * Lock dir: a flock(2) on a descriptor of the directory, exclusive or
 * shared, so that "flock DIR command" (and "flock -s") cooperates with
 * it. Stores the descriptor (close it to unlock) in *fd. 0,
 * EXIT_NOINPUT (no such directory), EXIT_TEMPFAIL (held by another
 * process, without RH_LOCK_WAIT) or EXIT_IOERR after reporting.
 */
int rh_dir_lock(const char *dir, int flags, int *fd, struct diag *);

#endif
