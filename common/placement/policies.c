/*
 * policies.c - a partition's settings, YuniKorn's checks (policies.h).
 */
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/vfs.h>
#endif

#include "policies.h"
#include "xalloc.h"

void
pl_pol_nodesort(const struct pl_cstr *type, const struct pl_rconf *w,
    const double *wv, unsigned long line, unsigned long col,
    const struct pl_vout *o)
{
	const char *t = type->set ? type->s : "";
	size_t i;

	if (*t != '\0' && strcmp(t, "fair") != 0 && strcmp(t, "binpacking") != 0)
		pl_conf_err(o->d, o->nerr, o->file, type->line, type->col,
		    "undefined policy: %s", t);
	(void)line;
	(void)col;
	for (i = 0; i < w->n; i++)	/* in file order; Go's map order is random */
		if (wv[i] < 0)
			pl_conf_err(o->d, o->nerr, o->file, w->v[i].val.line,
			    w->v[i].val.col, "negative resource weight for %s is "
			    "not allowed", w->v[i].name.s);
}

/* ---- the state dump file ---- */

/* Go's text of an errno (syscall.Errno.Error()), for the few that come. */
static const char *
go_errstr(int e)
{
	switch (e) {
	case ENOENT: return "no such file or directory";
	case EACCES: return "permission denied";
	case ENOTDIR: return "not a directory";
	case EROFS: return "read-only file system";
	case EISDIR: return "is a directory";
	case EPERM: return "operation not permitted";
	case ENAMETOOLONG: return "file name too long";
	case ELOOP: return "too many levels of symbolic links";
	default: return strerror(e);
	}
}

/* filepath.Clean, for the paths Dir makes. */
static void
clean(struct buf *b, const char *p)
{
	struct buf out = { 0 };
	const char *s = p, *e;
	int abs = *p == '/';
	size_t keep;

	if (*p == '\0') {
		buf_set(b, ".", 1);
		return;
	}
	buf_puts(&out, abs ? "/" : "");
	keep = out.n;
	while (*s != '\0') {
		while (*s == '/')
			s++;
		if (*s == '\0')
			break;
		for (e = s; *e != '\0' && *e != '/'; e++)
			;
		if (e - s == 1 && s[0] == '.')
			;
		else if (e - s == 2 && s[0] == '.' && s[1] == '.') {
			if (out.n > keep) {	/* drop the last element */
				while (out.n > keep && out.s[out.n - 1] != '/')
					out.n--;
				if (out.n > keep)
					out.n--;
				out.s[out.n] = '\0';
			} else if (!abs) {
				buf_puts(&out, out.n > 0 ? "/.." : "..");
				keep = out.n;
			}
		} else {
			if (out.n > 0 && out.s[out.n - 1] != '/')
				buf_puts(&out, "/");
			buf_add(&out, s, (size_t)(e - s));
		}
		s = e;
	}
	if (out.n == 0)
		buf_puts(&out, ".");
	buf_set(b, out.s, out.n);
	buf_free(&out);
}

/* filepath.Dir: everything up to the last slash, cleaned. */
static void
dir_of(struct buf *b, const char *p)
{
	const char *slash = strrchr(p, '/');
	char *d;

	if (slash == NULL) {
		buf_set(b, ".", 1);
		return;
	}
	d = xmemdup0(p, (size_t)(slash - p + 1));
	clean(b, d);
	free(d);
}

/* Would mkdir(path) fail, its parent existing? The errno, or 0. */
static int
mkdir_would_fail(const char *parent)
{
	struct statvfs v;
#if defined(__linux__)
	struct statfs f;

	if (statfs(parent, &f) == 0 && (f.f_type == 0x9fa0 ||	/* proc */
	    f.f_type == 0x62656572))				/* sysfs */
		return ENOENT;
#endif
	if (statvfs(parent, &v) == 0 && (v.f_flag & ST_RDONLY))
		return EROFS;
	if (access(parent, W_OK | X_OK) != 0)
		return errno == ENOENT ? ENOENT : EACCES;
	return 0;
}

void
pl_pol_statedump(const struct pl_cstr *f, const struct pl_vout *o)
{
	struct buf dir = { 0 }, up = { 0 }, parent = { 0 };
	struct stat st;
	int e = 0;

	if (!f->set || f->n == 0)
		return;
	dir_of(&dir, f->s);
	/* os.MkdirAll(dir): the first existing ancestor must be a directory,
	 * and the first missing one creatable under it */
	buf_set(&up, dir.s, dir.n);
	for (;;) {
		if (stat(up.s, &st) == 0) {
			if (!S_ISDIR(st.st_mode)) {
				pl_conf_err(o->d, o->nerr, o->file, f->line, f->col,
				    "mkdir %s: not a directory", up.s);
				goto out;
			}
			break;
		}
		dir_of(&parent, up.s);
		if (strcmp(parent.s, up.s) == 0)
			break;
		if (stat(parent.s, &st) == 0 && S_ISDIR(st.st_mode) &&
		    (e = mkdir_would_fail(parent.s)) != 0) {
			pl_conf_err(o->d, o->nerr, o->file, f->line, f->col,
			    "mkdir %s: %s", up.s, go_errstr(e));
			goto out;
		}
		buf_set(&up, parent.s, parent.n);
	}
	/* os.Create(f): truncate or create */
	if (stat(f->s, &st) == 0) {
		if (S_ISDIR(st.st_mode))
			e = EISDIR;
		else if (access(f->s, W_OK) != 0)
			e = errno == EROFS ? EROFS : EACCES;
	} else if (stat(dir.s, &st) == 0)	/* else MkdirAll made it */
		e = mkdir_would_fail(dir.s);
	if (e != 0)
		pl_conf_err(o->d, o->nerr, o->file, f->line, f->col, "open %s: %s",
		    f->s, go_errstr(e));
out:
	buf_free(&dir);
	buf_free(&up);
	buf_free(&parent);
}

/* ---- properties ---- */

void
pl_pol_properties(const struct pl_rconf *props, const char *queue,
    const struct pl_vout *o, unsigned long *nwarn)
{
	size_t i;

	for (i = 0; i < props->n; i++) {
		const struct pl_rval *v = &props->v[i];

		if (strcmp(v->name.s, "application.sort.policy") != 0 ||
		    strcmp(v->val.s, "fifo") == 0 ||
		    strcmp(v->val.s, "fair") == 0 ||
		    strcmp(v->val.s, "stateaware") == 0 || v->val.n == 0)
			continue;
		pl_conf_warn(o->d, nwarn, o->file, v->val.line, v->val.col,
		    "queue '%s': application.sort.policy '%s' is not a policy "
		    "(fifo, fair, stateaware): the scheduler logs it and sorts "
		    "the applications of a leaf queue fifo", queue, v->val.s);
	}
}
