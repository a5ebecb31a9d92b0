/*
 * rhdir.c - rh-compact's directory job: the lock, the choice of the save
 * to load and of the files to delete, the atomic write of the new save
 * and the purge after it (rules in rhdir.h).
 */
#include <sys/file.h>
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "atomicfile.h"
#include "exitcode.h"
#include "rhdir.h"
#include "rhio.h"
#include "xalloc.h"

#define SAVENAME_MAX 34		/* "rolehistory-" 16 hex ".json" NUL */

void
rh_dir_savename(int64_t t, char *buf)
{
	snprintf(buf, SAVENAME_MAX, "rolehistory-%016llx.json",
	    (unsigned long long)t);
}

size_t
rh_dir_plan(struct rh_dirfile *f, size_t n, size_t loaded,
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

/* The job's state, freed by job_free(). */
struct job {
	const struct rh_dirjob *j;
	struct diag *d;
	struct rh *m;		/* the loaded save */
	struct rh_loadopt opt;
	struct rh_dirfile *f;
	size_t n;
	size_t loaded;		/* the loaded save's index, n: none */
	char *wpath;		/* the new save's path */
	char wname[SAVENAME_MAX];
};

static void
job_free(struct job *jb)
{
	size_t i;

	for (i = 0; i < jb->n; i++)
		free(jb->f[i].path);
	free(jb->f);
	free(jb->wpath);
}

/* A line to the dry-run plan, or to the -v log once done. */
static void
say(const struct job *jb, const char *what, const char *path, size_t count)
{
	struct ob *o = jb->j->dry_run ? jb->j->plan : jb->j->log;

	if (o == NULL)
		return;
	if (!jb->j->dry_run) {
		ob_puts(o, jb->d->prog);
		ob_puts(o, ": ");
	}
	ob_puts(o, what);
	ob_putc(o, ' ');
	ob_puts(o, path);
	if (count != (size_t)-1)
		ob_printf(o, " (%zu entr%s)", count, count == 1 ? "y" : "ies");
	ob_putc(o, '\n');
	if (!jb->j->dry_run)
		ob_flush_buf(o);	/* in order with the warnings */
}

static int
is_empty(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && st.st_size == 0;
}

/*
 * Try f[i] into m (silently when probe is set). 0 loaded, 1 skipped
 * (empty or broken, kind set), or an EXIT_* status after reporting.
 */
static int
try_load(struct job *jb, struct rh *m, size_t i, int probe)
{
	struct rh_dirfile *f = &jb->f[i];
	struct pos p = { f->path, 0, 0 };
	struct diag silent = DIAG_INIT(jb->d->prog);
	struct diag_demoted dd;
	int rc;

	if (is_empty(f->path)) {
		f->kind = RH_F_EMPTY;
		if (!probe)
			diag_warn(jb->d, &p, "skipping this file: it is empty");
		return 1;
	}
	silent.sink = diag_drop;
	diag_demote(&dd, jb->d, "skipping this file: ");
	rc = rh_load_file(m, f->path, &jb->opt, NULL, probe ? &silent : &dd.d);
	if (rc == 0) {
		f->kind = RH_F_VALID;
		return 0;
	}
	if (rc == EXIT_DATAERR) {
		f->kind = RH_F_BROKEN;
		return 1;
	}
	if (probe)	/* say it now: it was silenced */
		return diag_err(jb->d, rc, &p, "cannot read this file: "
		    "nothing was changed");
	return diag_err(jb->d, rc, &p, "a file that cannot be read is not a "
	    "broken one: stopping, nothing was changed");
}

/* The candidates, newest first, into jb->f. */
static int
list(struct job *jb)
{
	char **names;
	size_t i;
	int rc;

	if ((rc = rh_dir_list(jb->j->dir, &names, &jb->n, jb->d)) != 0)
		return rc;
	jb->f = xreallocarray(NULL, jb->n + 1, sizeof *jb->f);
	for (i = 0; i < jb->n; i++) {
		jb->f[i].path = names[i];
		jb->f[i].name = strrchr(names[i], '/') + 1;
		jb->f[i].kind = RH_F_UNKNOWN;
		jb->f[i].del = 0;
	}
	free(names);
	return 0;
}

/* Load the newest loadable save; jb->loaded = n when there is none. */
static int
load(struct job *jb)
{
	size_t i;
	int rc;

	for (i = 0; i < jb->n; i++) {
		if ((rc = try_load(jb, jb->m, i, 0)) == 0)
			break;
		if (rc != 1)
			return rc;
	}
	jb->loaded = i;
	return 0;
}

/* Know the kinds of the older files that --keep counts. */
static int
probe(struct job *jb)
{
	long kept = 1;
	size_t i;
	int rc;

	for (i = jb->loaded; i < jb->n && kept < jb->j->keep; i++) {
		struct rh scratch;

		if (strcmp(jb->f[i].name, jb->wname) >= 0)
			continue;	/* not counted */
		if (jb->f[i].kind == RH_F_UNKNOWN) {
			rh_init(&scratch);
			rc = try_load(jb, &scratch, i, 1);
			rh_free(&scratch);
			if (rc != 0 && rc != 1)
				return rc;
		}
		if (jb->f[i].kind == RH_F_VALID)
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
	for (i = 0; i < jb->n; i++)
		if (strcmp(jb->f[i].name, jb->wname) == 0)
			break;
	if (i == jb->n)
		return diag_err(jb->d, EXIT_CANTCREAT, &p, "cannot create the "
		    "new save: a file of that name is in the way");
	if (i == jb->loaded)
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
	diff = n != jb->n;
	for (i = 0; !diff && i < n; i++)
		diff = strcmp(names[i], jb->f[i].path) != 0;
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

	if ((rc = af_open(&a, jb->wpath, jb->d)) != 0)
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

/* Delete what the plan marked, oldest first; sync the directory. */
static int
purge(struct job *jb, int dirfd)
{
	size_t i;
	int rc = 0, any = 0;

	for (i = jb->n; i-- > 0;) {
		if (!jb->f[i].del)
			continue;
		if (unlink(jb->f[i].path) != 0 && errno != ENOENT) {
			struct pos p = { jb->f[i].path, 0, 0 };

			rc = diag_syserr(jb->d, EXIT_IOERR, &p,
			    "cannot delete");
			continue;
		}
		any = 1;
		say(jb, "delete", jb->f[i].path, (size_t)-1);
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
	const struct rh_dirjob *j = jb->j;
	size_t i, len = strlen(j->dir);
	struct pos p = { j->dir, 0, 0 };
	int rc;

	if ((rc = list(jb)) != 0)
		return rc;
	rh_dir_savename(j->now, jb->wname);
	jb->wpath = xmalloc(len + sizeof jb->wname + 1);
	sprintf(jb->wpath, "%s%s%s", j->dir,
	    len > 0 && j->dir[len - 1] == '/' ? "" : "/", jb->wname);

	if ((rc = load(jb)) != 0)
		return rc;
	if (jb->loaded == jb->n) {
		diag_warn(jb->d, &p, "no loadable history: nothing to "
		    "compact, nothing changed");
		return 0;
	}
	say(jb, "load", jb->f[jb->loaded].path, (size_t)-1);
	if (strcmp(jb->f[jb->loaded].name, jb->wname) > 0) {
		struct pos lp = { jb->f[jb->loaded].path, 0, 0 };

		diag_warn(jb->d, &lp, "this save is named later than --now: "
		    "the new save '%s' sorts before it, Slider will load this "
		    "one (the clock went backwards?)", jb->wname);
	}
	if ((rc = check_name(jb)) != 0 || (rc = probe(jb)) != 0)
		return rc;
	rh_dir_plan(jb->f, jb->n, jb->loaded, jb->wname, j->keep);

	if (j->dry_run) {
		say(jb, "write", jb->wpath, rh_entry_count(jb->m));
		for (i = jb->n; i-- > 0;)
			if (jb->f[i].del)
				say(jb, "delete", jb->f[i].path, (size_t)-1);
		return 0;
	}
	if ((rc = write_save(jb)) != 0)
		return rc;
	say(jb, "write", jb->wpath, rh_entry_count(jb->m));
	return purge(jb, dirfd);
}

int
rh_dir_load(struct rh *m, const char *dir, const struct rh_loadopt *opt,
    char **loaded, struct diag *d)
{
	struct rh_dirjob j;
	struct job jb;
	int rc;

	memset(&j, 0, sizeof j);
	memset(&jb, 0, sizeof jb);
	j.dir = dir;
	jb.j = &j;
	jb.d = d;
	jb.m = m;
	jb.opt = *opt;
	*loaded = NULL;
	if ((rc = list(&jb)) == 0 && (rc = load(&jb)) == 0 &&
	    jb.loaded < jb.n)
		*loaded = xstrdup(jb.f[jb.loaded].path);
	job_free(&jb);
	return rc;
}

int
rh_dir_compact(const struct rh_dirjob *j, struct diag *d)
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
	if ((rc = rh_dir_lock(j->dir, j->wait, &fd, d)) != 0)
		return rc;
	rc = run(&jb, fd);
	close(fd);		/* unlocks */
	job_free(&jb);
	rh_free(&m);
	return rc;
}
