/*
 * atomicfile.c - all-or-nothing file replacement (atomicfile.h).
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "atomicfile.h"
#include "exitcode.h"
#include "xalloc.h"

#define AF_STALE_SECS 10	/* a temporary file younger may be starting up */

static char *
dir_of(const char *path)
{
	const char *slash = strrchr(path, '/');

	if (slash == NULL)
		return xstrdup(".");
	if (slash == path)
		return xstrdup("/");
	return xmemdup0(path, (size_t)(slash - path));
}

static int
sync_dir(const char *dir)
{
	int fd, rc = 0;

	fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	if (fsync(fd) < 0 && errno != EINVAL)
		rc = -1;
	close(fd);
	return rc;
}

static void
clear(struct af *a)
{
	a->fd = -1;
	a->tmp = a->path = a->name = NULL;
}

/*
 * Give the new file the owner, group and mode of st, but never its setuid
 * and setgid bits; warn if the owner cannot be kept.
 */
static void
take_after(struct af *a, const struct stat *st, struct diag *d)
{
	if ((st->st_uid != geteuid() || st->st_gid != getegid()) &&
	    fchown(a->fd, st->st_uid, st->st_gid) < 0)
		diag_warn(d, POS_NONE, "'%s' cannot keep its owner and group "
		    "(%lu:%lu): %s; the new file is owned by %lu:%lu", a->name,
		    (unsigned long)st->st_uid, (unsigned long)st->st_gid,
		    strerror(errno), (unsigned long)geteuid(),
		    (unsigned long)getegid());
	(void)fchmod(a->fd, st->st_mode & 07777 & ~(S_ISUID | S_ISGID));
}

/* The file st replaced by a new one: its other names keep the old one. */
static void
warn_links(const struct af *a, const struct stat *st, struct diag *d)
{
	if (S_ISREG(st->st_mode) && st->st_nlink > 1)
		diag_warn(d, POS_NONE, "'%s' has %lu other hard link%s: the "
		    "new file replaces this name only, the other%s keep%s the "
		    "old content", a->name, (unsigned long)st->st_nlink - 1,
		    st->st_nlink == 2 ? "" : "s", st->st_nlink == 2 ? "" : "s",
		    st->st_nlink == 2 ? "s" : "");
}

/* a->tmp beside a->path, created and locked; 0 or EXIT_CANTCREAT. */
static int
make_tmp(struct af *a, struct diag *d)
{
	const char *base;
	char *dir;
	size_t n;

	dir = dir_of(a->path);
	base = strrchr(a->path, '/');
	base = base ? base + 1 : a->path;
	n = strlen(dir) + strlen(base) + 16;
	a->tmp = xmalloc(n);
	snprintf(a->tmp, n, "%s/.%s.XXXXXX", dir, base);
	free(dir);
	if ((a->fd = mkostemp(a->tmp, O_CLOEXEC)) < 0) {
		diag_syserr(d, EXIT_CANTCREAT, POS_NONE, "cannot create '%s'",
		    a->name);
		free(a->tmp);
		free(a->path);
		free(a->name);
		clear(a);
		return EXIT_CANTCREAT;
	}
	(void)flock(a->fd, LOCK_EX);	/* ours while we write: see af_clean */
	return 0;
}

int
af_open(struct af *a, const char *path, struct diag *d)
{
	struct stat st;
	mode_t um;
	int exists, rc;

	clear(a);
	exists = stat(path, &st) == 0;
	if (exists && !S_ISREG(st.st_mode)) {
		a->fd = open(path, O_WRONLY | O_CLOEXEC);
		if (a->fd < 0)
			return diag_syserr(d, EXIT_CANTCREAT, POS_NONE,
			    "cannot open '%s'", path);
		a->path = xstrdup(path);
		a->name = xstrdup(path);
		return 0;
	}
	/* follow a symlink to its file */
	if (exists && (a->path = realpath(path, NULL)) == NULL && errno == ENOMEM)
		xoom();
	if (a->path == NULL)
		a->path = xstrdup(path);
	a->name = xstrdup(path);
	if ((rc = make_tmp(a, d)) != 0)
		return rc;
	if (exists) {
		warn_links(a, &st, d);
		take_after(a, &st, d);
	} else {			/* a new file: the usual umask rules */
		um = umask(0);
		umask(um);
		(void)fchmod(a->fd, 0666 & ~um);
	}
	return 0;
}

int
af_open_entry(struct af *a, const char *path, const struct stat *model,
    struct diag *d)
{
	struct stat st;
	int rc;

	clear(a);
	a->path = xstrdup(path);
	a->name = xstrdup(path);
	if ((rc = make_tmp(a, d)) != 0)
		return rc;
	if (lstat(path, &st) == 0)
		warn_links(a, &st, d);
	take_after(a, model, d);
	return 0;
}

void
af_abort(struct af *a)
{
	if (a->tmp != NULL)
		unlink(a->tmp);
	if (a->fd >= 0)
		close(a->fd);
	free(a->tmp);
	free(a->path);
	free(a->name);
	clear(a);
}

int
af_commit(struct af *a, struct diag *d)
{
	char *dir;
	int rc = 0;

	if (a->tmp == NULL) {		/* direct write to a device or FIFO */
		if (close(a->fd) < 0)
			rc = diag_syserr(d, EXIT_IOERR, POS_NONE, "%s", a->name);
		a->fd = -1;
		af_abort(a);
		return rc;
	}
	dir = dir_of(a->path);	/* nothing may fail for want of memory after the rename */
	if (fsync(a->fd) < 0) {
		rc = diag_syserr(d, EXIT_IOERR, POS_NONE, "cannot sync '%s'", a->tmp);
	} else if (close(a->fd) < 0) {
		a->fd = -1;
		rc = diag_syserr(d, EXIT_IOERR, POS_NONE, "cannot write '%s'", a->tmp);
	} else {
		a->fd = -1;
		if (rename(a->tmp, a->path) < 0)
			rc = diag_syserr(d, EXIT_IOERR, POS_NONE,
			    "cannot rename '%s' to '%s'", a->tmp, a->name);
		else {
			free(a->tmp);
			a->tmp = NULL;
			if (sync_dir(dir) < 0)
				rc = diag_syserr(d, EXIT_IOERR, POS_NONE, "'%s' "
				    "written, but its directory could not be "
				    "synced", a->name);
		}
	}
	free(dir);
	af_abort(a);
	return rc;
}

/* ".PREFIX*.XXXXXX": one of our temporary names for such a destination. */
static int
our_tmp(const char *name, const char *prefix)
{
	size_t n = strlen(name), pn = strlen(prefix), i;

	if (name[0] != '.' || n < 1 + pn + 7 || strncmp(name + 1, prefix, pn) != 0 ||
	    name[n - 7] != '.')
		return 0;
	for (i = n - 6; i < n; i++)
		if (!((name[i] >= 'a' && name[i] <= 'z') ||
		    (name[i] >= 'A' && name[i] <= 'Z') ||
		    (name[i] >= '0' && name[i] <= '9')))
			return 0;
	return 1;
}

unsigned
af_clean(int dirfd, const char *dir, const char *prefix, struct diag *d)
{
	struct dirent *e;
	struct stat st;
	unsigned gone = 0;
	time_t now = time(NULL);
	DIR *dp;
	int fd, dup_fd;

	if ((dup_fd = dup(dirfd)) < 0 || (dp = fdopendir(dup_fd)) == NULL) {
		if (dup_fd >= 0)
			close(dup_fd);
		return 0;
	}
	rewinddir(dp);
	while ((e = readdir(dp)) != NULL) {
		if (!our_tmp(e->d_name, prefix))
			continue;
		fd = openat(dirfd, e->d_name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC |
		    O_NONBLOCK);
		if (fd < 0)
			continue;
		if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
		    st.st_mtime + AF_STALE_SECS < now &&
		    flock(fd, LOCK_EX | LOCK_NB) == 0) {
			if (unlinkat(dirfd, e->d_name, 0) == 0)
				gone++;
			else {
				struct pos p = { dir, 0, 0 };

				diag_warn(d, &p, "cannot remove the leftover "
				    "'%s': %s", e->d_name, strerror(errno));
			}
		}
		close(fd);
	}
	closedir(dp);
	return gone;
}
