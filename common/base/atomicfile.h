/*
 * atomicfile.h - write a file so that readers see either the old
 * content or the complete new content, never a mix or a truncation:
 * a temporary file in the destination's directory, fsync, rename(2),
 * fsync of the directory. Destinations that are not regular files
 * (/dev/stdout, /dev/full, FIFOs) are written directly.
 *
 * The new file takes the owner, group and mode of the file it replaces
 * (or of another file given as its model), as root too, but never the
 * setuid and setgid bits; when the owner cannot be kept (an ordinary user
 * replacing another's file), a warning says so and the file is the
 * writer's. A new file without a model gets the umask's mode. The new
 * file is a new inode: a replaced file's other hard links keep the old
 * content, and a warning says so.
 *
 * Temporary files are named ".NAME.XXXXXX" beside NAME and locked
 * (flock) while they are written, so that af_clean() can tell the
 * leftovers of a killed writer from a file being written.
 *
 * Messages name the destination as the caller gave it.
 */
#ifndef PK_ATOMICFILE_H
#define PK_ATOMICFILE_H

#include "diag.h"

struct af {
	char *name;		/* the destination as given */
	char *path;		/* final name (symlinks resolved) */
	char *tmp;		/* temporary name, NULL when writing directly */
	int fd;
};

/* Returns 0, or EXIT_CANTCREAT after reporting. */
int af_open(struct af *, const char *path, struct diag *);
/*
 * The same for path, an entry of a directory that the caller names (a
 * history directory): the entry is replaced as it stands, never followed
 * if it is a symbolic link, and the new file takes the owner, group and
 * mode of model, a file the caller opened and read (its fstat), so that
 * it has the readers of the file its content came from.
 */
struct stat;
int af_open_entry(struct af *, const char *path, const struct stat *model,
    struct diag *);
/*
 * fsync, rename into place, fsync the directory. 0 or EXIT_IOERR; when
 * only the directory sync failed, the message says the file was written.
 */
int af_commit(struct af *, struct diag *);
/* Forget the new content: the destination stays as it was. */
void af_abort(struct af *);
/*
 * Remove the temporary files a killed writer left in the directory dirfd
 * (named dir in messages) for destinations whose names start with
 * prefix: ".PREFIX*.XXXXXX" files that nobody holds locked and that are
 * older than a few seconds. For a caller that holds the directory's lock.
 * Returns how many went; failures to remove one are warnings.
 */
unsigned af_clean(int dirfd, const char *dir, const char *prefix, struct diag *);

#endif
