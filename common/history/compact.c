/*
 * compact.c - rh-compact's directory job (rules in compact.h): the choice of
 * the files to delete, the atomic write of the new save and the purge
 * after it, on a locked directory.
 */
#include <sys/stat.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "atomicfile.h"
#include "compact.h"
#include "exitcode.h"
#include "reader.h"
#include "writer.h"
#include "xalloc.h"

#define SAVENAME_MAX 34		/* "rolehistory-" 16 hex ".json" NUL */

void
rh_job_savename(int64_t t, char *buf)
{
	snprintf(buf, SAVENAME_MAX, "rolehistory-%016llx.json",
	    (unsigned long long)t);
}

size_t
rh_job_plan(struct rh_dirfile *f, size_t n, size_t loaded,
    const char *wname, long keep)
{
	size_t i, ndel = 0;
	long kept = 1;		/* the new save */
	int beyond = keep <= 1;

	for (i = 0; i < n; i++) {
		f[i].del = 0;
		/* newer than the loaded save; the new save or later */
		if (i < loaded || strcmp(f[i].name, wname) >= 0)
			continue;
		if (beyond) {
			f[i].del = 1;
			ndel++;
		} else if (f[i].kind == RH_F_VALID && ++kept >= keep)
			beyond = 1;
	}
	return ndel;
}

/* The job's state, freed by job_free(). */
struct job {
	const struct rh_job *j;
	struct diag *d;
	struct rh *m;		/* the loaded save */
	struct rh_loadopt opt;
	struct rh_dirscan s;	/* the candidates and the save loaded */
	char *wpath;		/* the new save's path */
	char wname[SAVENAME_MAX];
};

static void
job_free(struct job *jb)
{
	rh_dirscan_free(&jb->s);
	free(jb->wpath);
}

void
rh_job_say(struct ob *plan, struct ob *log, const char *prog,
    const char *what, const char *path, size_t count)
{
	struct ob *o = plan != NULL ? plan : log;

	if (o == NULL)
		return;
	if (o == log) {
		ob_puts(o, prog);
		ob_puts(o, ": ");
	}
	ob_puts(o, what);
	ob_putc(o, ' ');
	ob_puts(o, path);
	if (count != (size_t)-1)
		ob_printf(o, " (%zu entr%s)", count, count == 1 ? "y" : "ies");
	ob_putc(o, '\n');
	if (o == log)
		ob_flush_buf(o);	/* in order with the warnings */
}

/* A line to the dry-run plan, or to the -v log once done. */
static void
say(const struct job *jb, const char *what, const char *path, size_t count)
{
	rh_job_say(jb->j->dry_run ? jb->j->plan : NULL, jb->j->log,
	    jb->d->prog, what, path, count);
}

/* Know the kinds of the older files that --keep counts. */
static int
probe(struct job *jb)
{
	long kept = 1;
	size_t i;
	int rc;

	for (i = jb->s.loaded; i < jb->s.n && kept < jb->j->keep; i++) {
		struct rh_dirfile *f = &jb->s.f[i];
		struct rh scratch;

		if (strcmp(f->name, jb->wname) >= 0)
			continue;	/* not counted */
		if (f->kind == RH_F_UNKNOWN) {
			rh_init(&scratch);
			rc = rh_dir_try(&scratch, f, &jb->opt, RH_DIR_QUIET,
			    NULL, jb->d);
			rh_free(&scratch);
			/* one gone (the application?): changed() will tell */
			if (rc != 0 && rc != 1 && rc != RH_DIR_GONE)
				return rc;
		}
		if (f->kind == RH_F_VALID)
			kept++;
	}
	return 0;
}

/* May W be written? A file of that name must be the loaded save. */
static int
check_name(struct job *jb)
{
	struct pos p = { jb->wpath, 0, 0 };
	struct stat st;
	size_t i;

	if (lstat(jb->wpath, &st) != 0) {
		if (errno == ENOENT)
			return 0;
		return diag_syserr(jb->d, EXIT_CANTCREAT, &p, "cannot create "
		    "the new save");
	}
	for (i = 0; i < jb->s.n; i++)
		if (strcmp(jb->s.f[i].name, jb->wname) == 0)
			break;
	if (i == jb->s.n)
		return diag_err(jb->d, EXIT_CANTCREAT, &p, "cannot create the "
		    "new save: a file of that name is in the way");
	if (i == jb->s.loaded)
		return 0;	/* replaced by its compacted self */
	return diag_err(jb->d, EXIT_TEMPFAIL, &p, "a save of this very time "
	    "exists and is not the one loaded: left alone, try again later");
}

/* Did the history files change since they were listed? */
static int
changed(struct job *jb)
{
	char **names;
	size_t n, i;
	int rc, diff;

	if ((rc = rh_dir_list(jb->j->dir, &names, &n, jb->d)) != 0)
		return rc;
	diff = n != jb->s.n;
	for (i = 0; !diff && i < n; i++)
		diff = strcmp(names[i], jb->s.f[i].path) != 0;
	rh_names_free(names, n);
	if (!diff)
		return 0;
	{
		struct pos p = { jb->j->dir, 0, 0 };

		return diag_err(jb->d, EXIT_TEMPFAIL, &p, "the history files "
		    "changed while compacting (the application saved?): "
		    "nothing was changed, try again later");
	}
}

/* Write W atomically; nothing is visible unless it all went well. */
static int
write_save(struct job *jb)
{
	struct af a;
	struct ob *o;
	int rc, err;

	/* the owner, group and mode of the save it was computed from */
	if ((rc = af_open_like(&a, jb->wpath, jb->s.f[jb->s.loaded].path,
	    jb->d)) != 0)
		return rc;
	o = xmalloc(sizeof *o);
	ob_init(o, a.fd);
	rh_write_save(jb->m, o, jb->j->now);
	err = ob_finish(o);
	free(o);
	if (err != 0) {
		errno = err;
		rc = diag_syserr(jb->d, EXIT_IOERR, POS_NONE,
		    "cannot write '%s'", jb->wpath);
		af_abort(&a);
		return rc;
	}
	if ((rc = changed(jb)) != 0) {
		af_abort(&a);
		return rc;
	}
	return af_commit(&a, jb->d);
}

/* Remove what killed writers left (our temporary files), saying how many. */
static void
clean(struct job *jb, int dirfd)
{
	unsigned n = af_clean(dirfd, jb->j->dir, "rolehistory-", jb->d);

	if (n == 0 || jb->j->log == NULL)
		return;
	ob_printf(jb->j->log, "%s: clean %s (%u leftover temporary file%s)\n",
	    jb->d->prog, jb->j->dir, n, n == 1 ? "" : "s");
	ob_flush_buf(jb->j->log);
}

/* Delete what the plan marked, oldest first; sync the directory. */
static int
purge(struct job *jb, int dirfd)
{
	size_t i;
	int rc = 0, any = 0;

	for (i = jb->s.n; i-- > 0;) {
		if (!jb->s.f[i].del)
			continue;
		if (unlink(jb->s.f[i].path) != 0 && errno != ENOENT) {
			struct pos p = { jb->s.f[i].path, 0, 0 };

			rc = diag_syserr(jb->d, EXIT_IOERR, &p,
			    "cannot delete");
			continue;
		}
		any = 1;
		say(jb, "delete", jb->s.f[i].path, (size_t)-1);
	}
	if (any && fsync(dirfd) < 0 && errno != EINVAL) {
		struct pos p = { jb->j->dir, 0, 0 };

		rc = diag_syserr(jb->d, EXIT_IOERR, &p, "cannot sync the "
		    "directory");
	}
	return rc;
}

static int
run(struct job *jb, int dirfd)
{
	const struct rh_job *j = jb->j;
	size_t i, len = strlen(j->dir);
	struct pos p = { j->dir, 0, 0 };
	int rc;

	rh_job_savename(j->now, jb->wname);
	jb->wpath = xmalloc(len + sizeof jb->wname + 1);
	sprintf(jb->wpath, "%s%s%s", j->dir,
	    len > 0 && j->dir[len - 1] == '/' ? "" : "/", jb->wname);
	if ((rc = rh_dir_load(jb->m, j->dir, &jb->opt, RH_DIR_STOP, &jb->s,
	    NULL, jb->d)) != 0)
		return rc;
	if (jb->s.n == 0)	/* no history yet: nothing to do */
		return 0;
	/*
	 * History files, none of which loads: an error of its own (65, no
	 * other in a directory), so that a job from cron says a history
	 * gone bad even under -q.
	 */
	if (jb->s.loaded == jb->s.n && jb->s.n == 1)
		return diag_err(jb->d, EXIT_DATAERR, &p, "no loadable history: "
		    "its history file does not load; nothing changed");
	if (jb->s.loaded == jb->s.n)
		return diag_err(jb->d, EXIT_DATAERR, &p, "no loadable history: "
		    "none of its %zu history files loads; nothing changed",
		    jb->s.n);
	say(jb, "load", jb->s.f[jb->s.loaded].path, (size_t)-1);
	if (strcmp(jb->s.f[jb->s.loaded].name, jb->wname) > 0) {
		struct pos lp = { jb->s.f[jb->s.loaded].path, 0, 0 };

		diag_warn(jb->d, &lp, "this save is named later than --now: "
		    "the new save '%s' sorts before it, Slider will load this "
		    "one (the clock went backwards?)", jb->wname);
	}
	if ((rc = check_name(jb)) != 0 || (rc = probe(jb)) != 0)
		return rc;
	rh_job_plan(jb->s.f, jb->s.n, jb->s.loaded, jb->wname, j->keep);

	if (!j->dry_run)
		clean(jb, dirfd);
	if (j->dry_run) {
		say(jb, "write", jb->wpath, rh_entry_count(jb->m));
		for (i = jb->s.n; i-- > 0;)
			if (jb->s.f[i].del)
				say(jb, "delete", jb->s.f[i].path, (size_t)-1);
		return 0;
	}
	if ((rc = write_save(jb)) != 0)
		return rc;
	say(jb, "write", jb->wpath, rh_entry_count(jb->m));
	return purge(jb, dirfd);
}

int
rh_job_run(const struct rh_job *j, struct diag *d)
{
	struct job jb;
	struct rh m;
	int rc, fd;

	memset(&jb, 0, sizeof jb);
	jb.j = j;
	jb.d = d;
	rh_init(&m);
	jb.m = &m;
	rh_loadopt_init(&jb.opt);
	jb.opt.from_now = 1;
	jb.opt.now = j->now;
	jb.opt.max_age = j->max_age;
	jb.opt.max_age_set = 1;
	if ((rc = rh_dir_lock(j->dir, j->wait ? RH_LOCK_WAIT : 0, &fd, d)) != 0)
		return rc;
	rc = run(&jb, fd);
	close(fd);		/* unlocks */
	job_free(&jb);
	rh_free(&m);
	return rc;
}
