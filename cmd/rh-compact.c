/*
 * rh-compact - compact a role history; purge old saves in a history directory
 */
#include <sys/stat.h>

#include <string.h>
#include <unistd.h>

#include "compact.h"
#include "exitcode.h"
#include "load.h"
#include "output.h"
#include "reader.h"
#include "tool.h"
#include "writer.h"

enum { OPT_KEEP = RH_OPT_OWN, OPT_WAIT };

static const char help[] =
"usage: rh-compact [-inqv] [--dry-run] [--keep N] [--max-age DUR] [--now T] [--wait]\n"
"                  [-o FILE] [FILE | DIR | -]\n"
"\n"
"Write a compact persisted role history; on a history directory, purge old saves.\n"
"\n"
"  -i, --in-place          rewrite FILE in place, atomically\n"
"  -n, --dry-run           say what would be done, change nothing\n"
RH_HELP_QUIET
"  -v, --verbose           a line per action\n"
"      --keep N            keep the N newest valid saves (default 1)\n"
"      --max-age DUR       drop entries older than DUR (default 7d, 0 keeps all)\n"
"      --now T             the current time\n"
"      --wait              wait for the directory lock instead of failing\n"
RH_HELP_END("rh-compact");

struct args {
	struct rh_tool t;	/* the history, -o, --now, --max-age */
	int inplace, dry_run, verbose, wait, isdir;
	long keep;
	int keep_set;
};

/* Filter mode and -i: load, drop, write one persisted save. */
static int
filter(struct args *a, struct ob *log)
{
	struct diag *d = &a->t.d;
	struct rh_loadopt opt;
	struct output out;
	struct rh m;
	const char *to = a->t.out != NULL ? a->t.out : "-", *loaded = a->t.in;
	struct rh_dirscan s = { NULL, 0, 0 };
	int rc;

	rh_loadopt_init(&opt);
	opt.from_now = 1;
	opt.now = a->t.now;
	opt.max_age = a->t.max_age;
	opt.max_age_set = 1;
	rh_init(&m);
	if (a->isdir) {		/* read only: as the directory job loads */
		struct pos p = { a->t.in, 0, 0 };
		int fd;

		if ((rc = rh_dir_lock(a->t.in, RH_LOCK_SHARED | RH_LOCK_WAIT,
		    &fd, d)) != 0)
			goto done;
		rc = rh_dir_load(&m, a->t.in, &opt, RH_DIR_STOP, &s, NULL, d);
		close(fd);
		if (rc != 0)
			goto done;
		loaded = s.loaded < s.n ? s.f[s.loaded].path : NULL;
		if (loaded == NULL)
			diag_warn(d, &p, "no loadable history: an empty save");
	} else if ((rc = rh_load(&m, a->t.in, &opt, NULL, d)) != 0)
		goto done;
	if (loaded != NULL)
		rh_job_say(NULL, log, d->prog, "load", loaded, (size_t)-1);
	if ((rc = out_open(&out, a->dry_run ? "-" : a->t.out, d)) != 0)
		goto done;
	if (a->dry_run)
		rh_job_say(&out.ob, NULL, d->prog, "write", to,
		    rh_entry_count(&m));
	else
		rh_write_save(&m, &out.ob, a->t.now);
	rc = out_close(&out, d, 0);
	if (rc == 0 && !a->dry_run)
		rh_job_say(NULL, log, d->prog, "write", to, rh_entry_count(&m));
done:
	rh_dirscan_free(&s);
	rh_free(&m);
	return rc;
}

/* Directory mode: lock, load, write, purge (compact.h). */
static int
dirjob(struct args *a, struct ob *log)
{
	struct rh_job j = { .dir = a->t.in, .now = a->t.now,
	    .max_age = a->t.max_age, .keep = a->keep, .wait = a->wait,
	    .dry_run = a->dry_run, .log = log };
	struct output out;
	int rc;

	if (!a->dry_run)
		return rh_job_run(&j, &a->t.d);
	if ((rc = out_open(&out, "-", &a->t.d)) != 0)
		return rc;
	j.plan = &out.ob;
	rc = rh_job_run(&j, &a->t.d);
	return out_close(&out, &a->t.d, 0) != 0 ? EXIT_IOERR : rc;
}

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "in-place", no_argument, NULL, 'i' },
		{ "dry-run", no_argument, NULL, 'n' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "keep", required_argument, NULL, OPT_KEEP },
		{ "max-age", required_argument, NULL, RH_OPT_MAX_AGE },
		{ "wait", no_argument, NULL, OPT_WAIT },
		RH_TOOL_LONGOPTS
	};
	static struct ob log;
	struct args a;
	struct stat st;
	int ch, missing, rc;

	memset(&a, 0, sizeof a);
	a.keep = 1;
	rh_tool_init(&a.t, "rh-compact", help);
	while ((ch = opt_next(&a.t.d, argc, argv, "hinqvo:", longopts)) != -1) {
		switch (ch) {
		case 'i':
			a.inplace = 1;
			break;
		case 'n':
			a.dry_run = 1;
			break;
		case 'v':
			a.verbose = 1;
			break;
		case OPT_KEEP:
			a.keep = (long)opt_int(&a.t.d, "--keep", optarg, 1,
			    1000000);
			a.keep_set = 1;
			break;
		case OPT_WAIT:
			a.wait = 1;
			break;
		default:
			rh_tool_opt(&a.t, ch);
		}
	}
	rh_tool_args(&a.t, argc, argv);
	if (a.inplace && a.t.out != NULL)
		opt_usage(&a.t.d, "-i and -o cannot be used together");
	if (a.inplace && strcmp(a.t.in, "-") == 0)
		opt_usage(&a.t.d, "-i needs a FILE, not standard input");
	missing = strcmp(a.t.in, "-") != 0 && stat(a.t.in, &st) != 0;
	a.isdir = !missing && strcmp(a.t.in, "-") != 0 && S_ISDIR(st.st_mode);
	if (a.inplace && a.isdir)
		opt_usage(&a.t.d, "-i rewrites a file: '%s' is a directory "
		    "(a directory is compacted without -i)", a.t.in);
	/* a history that is not there fails to open below (66) */
	if ((a.keep_set || a.wait) && ((!a.isdir && !missing) || a.t.out != NULL))
		opt_usage(&a.t.d, "%s applies to a history directory compacted "
		    "in place", a.keep_set ? "--keep" : "--wait");
	if (a.inplace)
		a.t.out = a.t.in;

	ob_init(&log, 2);
	if (a.isdir && a.t.out == NULL)
		rc = dirjob(&a, a.verbose ? &log : NULL);
	else
		rc = filter(&a, a.verbose ? &log : NULL);
	(void)ob_finish(&log);
	return rc;
}
