/*
 * atomicfile.c - all-or-nothing file replacement.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "atomicfile.h"
#include "exitcode.h"
#include "xalloc.h"

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

int
af_sync_dir(const char *path)
{
	char *dir = dir_of(path);
	int rc = sync_dir(dir);

	free(dir);
	return rc;
}

int
af_open(struct af *a, const char *path, struct diag *d)
{
	struct stat st;
	const char *base;
	char *dir;
	mode_t mode = 0666, um;
	size_t n;
	int exists;

	a->fd = -1;
	a->tmp = NULL;
	a->path = NULL;
	exists = stat(path, &st) == 0;
	if (exists && !S_ISREG(st.st_mode)) {
		a->fd = open(path, O_WRONLY | O_CLOEXEC);
		if (a->fd < 0)
			return diag_syserr(d, EXIT_CANTCREAT, POS_NONE,
			    "cannot open '%s'", path);
		a->path = xstrdup(path);
		return 0;
	}
	if (exists) {			/* follow a symlink to its file */
		if ((a->path = realpath(path, NULL)) == NULL && errno == ENOMEM)
			xoom();
		mode = st.st_mode & 07777;
	} else {			/* a new file: the usual umask rules */
		um = umask(0);
		umask(um);
		mode &= ~um;
	}
	if (a->path == NULL)
		a->path = xstrdup(path);
	dir = dir_of(a->path);
	base = strrchr(a->path, '/');
	base = base ? base + 1 : a->path;
	n = strlen(dir) + strlen(base) + 16;
	a->tmp = xmalloc(n);
	snprintf(a->tmp, n, "%s/.%s.XXXXXX", dir, base);
	free(dir);
	a->fd = mkstemp(a->tmp);
	if (a->fd < 0) {
		diag_syserr(d, EXIT_CANTCREAT, POS_NONE, "cannot create '%s'", path);
		free(a->tmp);
		free(a->path);
		a->tmp = a->path = NULL;
		return EXIT_CANTCREAT;
	}
	(void)fchmod(a->fd, mode);
	return 0;
}

void
af_abort(struct af *a)
{
	if (a->fd >= 0)
		close(a->fd);
	if (a->tmp != NULL)
		unlink(a->tmp);
	free(a->tmp);
	free(a->path);
	a->fd = -1;
	a->tmp = a->path = NULL;
}

int
af_commit(struct af *a, struct diag *d)
{
	char *dir;
	int rc = 0;

	if (a->tmp == NULL) {		/* direct write to a device or FIFO */
		if (close(a->fd) < 0)
			rc = diag_syserr(d, EXIT_IOERR, POS_NONE, "%s", a->path);
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
			    "cannot rename '%s' to '%s'", a->tmp, a->path);
		else {
			free(a->tmp);
			a->tmp = NULL;
			if (sync_dir(dir) < 0)
				rc = diag_syserr(d, EXIT_IOERR, POS_NONE,
				    "cannot sync the directory of '%s'", a->path);
		}
	}
	free(dir);
	af_abort(a);
	return rc;
}
