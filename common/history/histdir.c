/*
 * histdir.c - history directories (histdir.h): the candidates, the newest
 * loadable save under a policy, the lock.
 */
#include <sys/file.h>
#include <sys/stat.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "exitcode.h"
#include "histdir.h"
#include "jackson.h"
#include "reader.h"
#include "xalloc.h"

#define PREFIX "rolehistory-"
#define SUFFIX ".json"

static int
cmp_newest(const void *a, const void *b)
{
	return -strcmp(*(char *const *)a, *(char *const *)b);
}

int
rh_dir_list(const char *dir, char ***names, size_t *n, struct diag *d,
    struct diag *warn)
{
	size_t cap = 0, plen = strlen(PREFIX), slen = strlen(SUFFIX);
	struct dirent *de;
	DIR *dp;

	*names = NULL;
	*n = 0;
	if ((dp = opendir(dir)) == NULL) {
		if (errno == ENOMEM)
			xoom();
		return diag_syserr(d, EXIT_NOINPUT, POS_NONE,
		    "cannot open directory '%s'", dir);
	}
	while ((errno = 0, de = readdir(dp)) != NULL) {
		size_t len = strlen(de->d_name);
		struct stat st;
		char *path;

		if (len < plen + slen || strncmp(de->d_name, PREFIX, plen) != 0 ||
		    strcmp(de->d_name + len - slen, SUFFIX) != 0)
			continue;
		path = xmalloc(strlen(dir) + len + 2);
		sprintf(path, "%s%s%s", dir, *dir && dir[strlen(dir) - 1] == '/' ?
		    "" : "/", de->d_name);
		/* never through a link: it may lead out of the directory */
		if (lstat(path, &st) != 0)
			st.st_mode = 0;		/* gone: no candidate */
		if (!S_ISREG(st.st_mode)) {
			if (warn != NULL && S_ISLNK(st.st_mode)) {
				struct pos p = { path, 0, 0 };

				diag_warn(warn, &p, "skipping this file: a "
				    "symbolic link is never followed in a "
				    "history directory");
			}
			free(path);
			continue;
		}
		xgrow((void **)names, &cap, *n + 1, sizeof **names);
		(*names)[(*n)++] = path;
	}
	if (errno == ENOMEM)
		xoom();
	if (errno != 0) {
		diag_syserr(d, EXIT_NOINPUT, POS_NONE, "cannot read directory '%s'",
		    dir);
		closedir(dp);
		rh_names_free(*names, *n);
		*names = NULL;
		*n = 0;
		return EXIT_NOINPUT;
	}
	closedir(dp);
	/* one directory: comparing paths compares the names */
	if (*n > 1)
		qsort(*names, *n, sizeof **names, cmp_newest);
	return 0;
}

void
rh_names_free(char **names, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(names[i]);
	free(names);
}

int
rh_dir_try(struct rh *m, struct rh_dirfile *f, const struct rh_loadopt *opt,
    enum rh_dirpolicy policy, struct rh_loadinfo *info, struct diag *d)
{
	struct pos p = { f->path, 0, 0 };
	struct diag silent = DIAG_INIT(d->prog);
	struct diag_demoted dd;
	struct diag *to;
	int rc, fd;

	silent.sink = diag_drop;
	diag_demote(&dd, d, "skipping this file: ");
	to = policy == RH_DIR_QUIET ? &silent : &dd.d;
	/*
	 * Not blocking: a FIFO put in its place is no file to wait for; not
	 * through a link put in its place since the listing (ELOOP): the
	 * next listing skips it.
	 */
	fd = open(f->path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW);
	if (fd < 0 && (errno == ENOENT || errno == ELOOP))
		return RH_DIR_GONE;
	if (fd < 0)
		rc = diag_syserr(to, EXIT_NOINPUT, POS_NONE, "cannot open '%s'",
		    f->path);
	else if (fstat(fd, &f->st) != 0)
		rc = diag_syserr(to, EXIT_IOERR, POS_NONE, "cannot read '%s'",
		    f->path);
	else if (!S_ISREG(f->st.st_mode)) {
		close(fd);
		return RH_DIR_GONE;
	} else if (f->st.st_size == 0) {
		close(fd);
		f->kind = RH_F_EMPTY;
		if (policy != RH_DIR_QUIET)
			diag_warn(d, &p, "skipping this file: it is empty");
		return 1;
	} else {
		struct rh_loadopt o = *opt;

		o.slider = 1;	/* a file Slider refuses, it skips */
		rc = rh_load_fd(m, fd, f->path, &o, info, to);
	}
	if (fd >= 0)
		close(fd);
	if (rc == 0) {
		f->kind = RH_F_VALID;
		return 0;
	}
	if (rc == EXIT_DATAERR || policy == RH_DIR_SKIP) {
		f->kind = RH_F_BROKEN;
		return 1;
	}
	if (policy == RH_DIR_QUIET)	/* say it now: it was silenced */
		return diag_err(d, rc, &p, "cannot read this file: nothing was "
		    "changed");
	return diag_err(d, rc, &p, "a file that cannot be read is not a "
	    "broken one: stopping, nothing was changed");
}

/*
 * s->f from a listing of names (taken), the kinds of the files of old (a
 * listing before, or NULL) kept: a file tried once is not tried again.
 */
static void
scan_from(struct rh_dirscan *s, char **names, size_t n,
    const struct rh_dirscan *old)
{
	size_t i, k = 0;
	int c;

	s->n = n;
	s->f = xreallocarray(NULL, n + 1, sizeof *s->f);
	for (i = 0; i < n; i++) {
		s->f[i].path = names[i];
		s->f[i].name = strrchr(names[i], '/') + 1;
		s->f[i].kind = RH_F_UNKNOWN;
		s->f[i].del = 0;
		/* both newest first: a merge */
		while (old != NULL && k < old->n && (c = strcmp(old->f[k].path,
		    names[i])) > 0)
			k++;
		if (old != NULL && k < old->n && c == 0)
			s->f[i].kind = old->f[k].kind;
	}
	free(names);
	s->loaded = n;
}

/*
 * One listing of dir tried, newest first: 0 (s->loaded says whether one
 * loaded), RH_DIR_GONE (a candidate went away: list again) or an EXIT_*
 * status after reporting.
 */
static int
try_listing(struct rh *m, const struct rh_loadopt *opt,
    enum rh_dirpolicy policy, struct rh_dirscan *s, struct rh_loadinfo *info,
    struct diag *d)
{
	int rc;

	for (s->loaded = 0; s->loaded < s->n; s->loaded++) {
		struct rh_dirfile *f = &s->f[s->loaded];

		if (f->kind == RH_F_BROKEN || f->kind == RH_F_EMPTY)
			continue;	/* tried in an earlier listing */
		if ((rc = rh_dir_try(m, f, opt, policy, info, d)) == 0)
			return 0;
		if (rc != 1) {
			s->loaded = s->n;
			return rc;
		}
	}
	return 0;
}

/*
 * Was dir left alone since t0 (a time of the clock that stamps it)? Its
 * entries' changes set its modification time, so an older one says that
 * a listing begun after t0 saw them all.
 */
static int
still_since(const char *dir, const struct timespec *t0)
{
	struct stat st;

	if (stat(dir, &st) != 0)
		return 0;
	return st.st_mtim.tv_sec < t0->tv_sec ||
	    (st.st_mtim.tv_sec == t0->tv_sec && st.st_mtim.tv_nsec < t0->tv_nsec);
}

/* The clock the kernel stamps files with: its coarse one, where known. */
static void
stamp_clock(struct timespec *t)
{
#ifdef CLOCK_REALTIME_COARSE
	clock_gettime(CLOCK_REALTIME_COARSE, t);
#else
	clock_gettime(CLOCK_REALTIME, t);
#endif
}

static int
dir_load(struct rh *m, const char *dir, const struct rh_loadopt *opt,
    enum rh_dirpolicy policy, struct rh_dirscan *s, struct rh_loadinfo *info,
    struct diag *d)
{
	const struct timespec tick = { 0, 10000000 };
	struct rh_dirscan old;
	struct pos p = { dir, 0, 0 };
	struct timespec t0;
	char **names;
	size_t n, tries;
	int rc;

	memset(s, 0, sizeof *s);
	/*
	 * A candidate that went away since the listing, or nothing loadable
	 * in a directory that changed since the listing began (it may have
	 * missed a file renamed into place as it was read), makes a new
	 * listing, at most RH_DIR_TRIES: never an empty history for a
	 * directory being written.
	 */
	for (tries = 1;; tries++) {
		stamp_clock(&t0);
		/* a link is skipped in every listing, said in the first */
		if ((rc = rh_dir_list(dir, &names, &n, d, tries == 1 ? d :
		    NULL)) != 0)
			return rc;
		old = *s;
		scan_from(s, names, n, tries > 1 ? &old : NULL);
		rh_dirscan_free(&old);
		rc = try_listing(m, opt, policy, s, info, d);
		if (rc != 0 && rc != RH_DIR_GONE)
			return rc;
		if (rc == 0 && s->loaded < s->n)
			return 0;
		if (rc == 0 && still_since(dir, &t0))
			break;		/* nothing loadable, for sure */
		if (tries == RH_DIR_TRIES)
			return diag_err(d, EXIT_TEMPFAIL, &p, "the history files "
			    "kept changing while they were read (%zu listings): "
			    "try again", tries);
		if (rc == 0)		/* let the clock pass the change */
			nanosleep(&tick, NULL);
	}
	if (info != NULL)	/* nothing loaded */
		memset(info, 0, sizeof *info);
	return 0;
}

int
rh_dir_load(struct rh *m, const char *dir, const struct rh_loadopt *opt,
    enum rh_dirpolicy policy, struct rh_dirscan *s, struct rh_loadinfo *info,
    struct diag *d)
{
	struct rh_loadopt o = *opt;
	int rc;

	/* one Slider process reads the candidates: their parsers' names */
	o.names = rh_jk_names_new();
	rc = dir_load(m, dir, &o, policy, s, info, d);
	rh_jk_names_free(o.names);
	return rc;
}

void
rh_dirscan_free(struct rh_dirscan *s)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		free(s->f[i].path);
	free(s->f);
	memset(s, 0, sizeof *s);
}

int
rh_dir_lock(const char *dir, int flags, int *fd, struct diag *d)
{
	struct pos p = { dir, 0, 0 };
	int rc, op = flags & RH_LOCK_SHARED ? LOCK_SH : LOCK_EX;

	if (!(flags & RH_LOCK_WAIT))
		op |= LOCK_NB;
	*fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (*fd < 0)
		return diag_syserr(d, EXIT_NOINPUT, POS_NONE,
		    "cannot open directory '%s'", dir);
	while ((rc = flock(*fd, op)) < 0 && errno == EINTR)
		continue;
	if (rc == 0)
		return 0;
	if (errno == EWOULDBLOCK)
		rc = diag_err(d, EXIT_TEMPFAIL, &p, "history directory is "
		    "locked by another process (--wait waits for it)");
	else
		rc = diag_syserr(d, EXIT_IOERR, &p, "cannot lock the history "
		    "directory");
	close(*fd);
	*fd = -1;
	return rc;
}
