/*
 * rhdir.c - history directories (rhdir.h): the candidates, the newest
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
#include <unistd.h>

#include "exitcode.h"
#include "rhdir.h"
#include "xalloc.h"

#define PREFIX "rolehistory-"
#define SUFFIX ".json"

static int
cmp_newest(const void *a, const void *b)
{
	return -strcmp(*(char *const *)a, *(char *const *)b);
}

int
rh_dir_list(const char *dir, char ***names, size_t *n, struct diag *d)
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
		if (stat(path, &st) != 0 || !S_ISREG(st.st_mode)) {
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

static int
is_empty(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && st.st_size == 0;
}

int
rh_dir_try(struct rh *m, struct rh_dirfile *f, const struct rh_loadopt *opt,
    enum rh_dirpolicy policy, struct rh_loadinfo *info, struct diag *d)
{
	struct pos p = { f->path, 0, 0 };
	struct diag silent = DIAG_INIT(d->prog);
	struct diag_demoted dd;
	int rc;

	if (is_empty(f->path)) {
		f->kind = RH_F_EMPTY;
		if (policy != RH_DIR_QUIET)
			diag_warn(d, &p, "skipping this file: it is empty");
		return 1;
	}
	silent.sink = diag_drop;
	diag_demote(&dd, d, "skipping this file: ");
	rc = rh_load_file(m, f->path, opt, info,
	    policy == RH_DIR_QUIET ? &silent : &dd.d);
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

int
rh_dir_load(struct rh *m, const char *dir, const struct rh_loadopt *opt,
    enum rh_dirpolicy policy, struct rh_dirscan *s, struct rh_loadinfo *info,
    struct diag *d)
{
	char **names;
	size_t i;
	int rc;

	memset(s, 0, sizeof *s);
	if ((rc = rh_dir_list(dir, &names, &s->n, d)) != 0)
		return rc;
	s->f = xreallocarray(NULL, s->n + 1, sizeof *s->f);
	for (i = 0; i < s->n; i++) {
		s->f[i].path = names[i];
		s->f[i].name = strrchr(names[i], '/') + 1;
		s->f[i].kind = RH_F_UNKNOWN;
		s->f[i].del = 0;
	}
	free(names);
	/*
	 * A candidate gone since the listing cannot be opened: a file that
	 * cannot be read, as the policy says.
	 */
	for (s->loaded = 0; s->loaded < s->n; s->loaded++) {
		if ((rc = rh_dir_try(m, &s->f[s->loaded], opt, policy, info,
		    d)) == 0)
			return 0;
		if (rc != 1) {
			s->loaded = s->n;
			return rc;
		}
	}
	if (info != NULL)	/* nothing loaded */
		memset(info, 0, sizeof *info);
	return 0;
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
rh_dir_lock(const char *dir, int wait, int *fd, struct diag *d)
{
	struct pos p = { dir, 0, 0 };
	int rc;

	*fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (*fd < 0)
		return diag_syserr(d, EXIT_NOINPUT, POS_NONE,
		    "cannot open directory '%s'", dir);
	while ((rc = flock(*fd, wait ? LOCK_EX : LOCK_EX | LOCK_NB)) < 0 &&
	    errno == EINTR)
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
