/*
 * atomicfile.h - write a file so that readers see either the old
 * content or the complete new content, never a mix or a truncation:
 * a temporary file in the destination's directory, fsync, rename(2),
 * fsync of the directory. Destinations that are not regular files
 * (/dev/stdout, /dev/full, FIFOs) are written directly.
 */
#ifndef PK_ATOMICFILE_H
#define PK_ATOMICFILE_H

#include "diag.h"

struct af {
	char *path;		/* final name (symlinks resolved) */
	char *tmp;		/* temporary name, NULL when writing directly */
	int fd;
};

/* Returns 0, or EXIT_CANTCREAT after reporting. */
int af_open(struct af *, const char *path, struct diag *);
/* fsync, rename into place, fsync the directory. 0 or EXIT_IOERR. */
int af_commit(struct af *, struct diag *);
/* Forget the new content: the destination stays as it was. */
void af_abort(struct af *);
/* fsync the directory that holds path. 0 or -1 (errno set). */
int af_sync_dir(const char *path);

#endif
