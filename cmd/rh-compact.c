/*
 * rh-compact - compact a role history; purge old saves in a history directory
 */
#include <sys/stat.h>

#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "exitcode.h"
#include "opt.h"
#include "output.h"
#include "rhdir.h"
#include "rhio.h"
#include "timefmt.h"

enum {
	OPT_KEEP = OPT_LONG_BASE,
	OPT_MAX_AGE,
	OPT_NOW,
	OPT_WAIT
};

static const char help[] =
"usage: rh-compact [-inqv] [--dry-run] [--keep N] [--max-age DUR] [--now T] [--wait]\n"
"                  [-o FILE] [FILE | DIR | -]\n"
"\n"
"Write a compact persisted role history; on a history directory, purge old saves.\n"
"\n"
"  -i, --in-place          rewrite FILE in place, atomically\n"
"  -n, --dry-run           say what would be done, change nothing\n"
"  -q, --quiet             silence warnings\n"
"  -v, --verbose           a line per action\n"
"      --keep N            keep the N newest valid saves (default 1)\n"
"      --max-age DUR       drop entries older than DUR (default 7d, 0 keeps all)\n"
"      --now T             the current time\n"
"      --wait              wait for the directory lock instead of failing\n"
"  -o, --output FILE       write to FILE atomically\n"
"  -h, --help              show this help\n"
"      --version           show the version\n"
"\n"
"See rh-compact(1).\n";

struct args {
	const char *in, *out;
	int inplace, dry_run, verbose, wait, isdir;
	long keep;
	int keep_set;
	int64_t now, max_age;
};

/* A line of the plan (stdout) or of the -v log (stderr). */
static void
say(struct diag *d, struct ob *plan, struct ob *log, const char *what,
    const char *path, size_t count)
{
	struct ob *o = plan != NULL ? plan : log;

	if (o == NULL)
		return;
	if (o == log)
		ob_printf(o, "%s: ", d->prog);
	ob_printf(o, "%s %s", what, path);
	if (count != (size_t)-1)
		ob_printf(o, " (%zu entr%s)", count, count == 1 ? "y" : "ies");
	ob_putc(o, '\n');
	if (o == log)
		ob_flush_buf(o);
}

/* Filter mode and -i: load, drop, write one persisted save. */
static int
filter(const struct args *a, struct ob *log, struct diag *d)
{
	struct rh_loadopt opt;
	struct output out;
	struct rh m;
	const char *to = a->out != NULL ? a->out : "-";
	char *loaded = NULL;
	int rc;

	rh_loadopt_init(&opt);
	opt.from_now = 1;
	opt.now = a->now;
	opt.max_age = a->max_age;
	opt.max_age_set = 1;
	rh_init(&m);
	if (a->isdir) {		/* read only: as the directory job loads */
		struct pos p = { a->in, 0, 0 };

		if ((rc = rh_dir_load(&m, a->in, &opt, &loaded, d)) != 0)
			goto done;
		if (loaded == NULL)
			diag_warn(d, &p, "no loadable history: an empty save");
	} else if ((rc = rh_load(&m, a->in, &opt, NULL, d)) != 0)
		goto done;
	if (!a->isdir || loaded != NULL)
		say(d, NULL, log, "load", a->isdir ? loaded : a->in,
		    (size_t)-1);
	if ((rc = out_open(&out, a->dry_run ? "-" : a->out, d)) != 0)
		goto done;
	if (a->dry_run)
		say(d, &out.ob, NULL, "write", to, rh_entry_count(&m));
	else
		rh_write_save(&m, &out.ob, a->now);
	rc = out_close(&out, d, 0);
	if (rc == 0 && !a->dry_run)
		say(d, NULL, log, "write", to, rh_entry_count(&m));
done:
	free(loaded);
	rh_free(&m);
	return rc;
}

/* Directory mode: lock, load, write, purge (rhdir.h). */
static int
dirjob(const struct args *a, struct ob *log, struct diag *d)
{
	struct rh_dirjob j;
	struct output out;
	int rc;

	memset(&j, 0, sizeof j);
	j.dir = a->in;
	j.now = a->now;
	j.max_age = a->max_age;
	j.keep = a->keep;
	j.wait = a->wait;
	j.dry_run = a->dry_run;
	j.log = log;
	if (!a->dry_run)
		return rh_dir_compact(&j, d);
	if ((rc = out_open(&out, "-", d)) != 0)
		return rc;
	j.plan = &out.ob;
	rc = rh_dir_compact(&j, d);
	return out_close(&out, d, 0) != 0 ? EXIT_IOERR : rc;
}

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "in-place", no_argument, NULL, 'i' },
		{ "dry-run", no_argument, NULL, 'n' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "keep", required_argument, NULL, OPT_KEEP },
		{ "max-age", required_argument, NULL, OPT_MAX_AGE },
		{ "now", required_argument, NULL, OPT_NOW },
		{ "wait", no_argument, NULL, OPT_WAIT },
		{ "output", required_argument, NULL, 'o' },
		OPT_HELP_ENTRY,
		OPT_VERSION_ENTRY,
		{ NULL, 0, NULL, 0 }
	};
	static struct ob log;
	struct diag d = DIAG_INIT("rh-compact");
	struct args a;
	struct stat st;
	int ch, now_set = 0, isdir, missing, rc;

	memset(&a, 0, sizeof a);
	a.keep = 1;
	a.max_age = RH_MAX_AGE_DEFAULT;
	opt_begin(&d);
	while ((ch = opt_next(&d, argc, argv, "hinqvo:", longopts)) != -1) {
		switch (ch) {
		case 'h':
			opt_help(&d, help);
		case 'i':
			a.inplace = 1;
			break;
		case 'n':
			a.dry_run = 1;
			break;
		case 'q':
			d.quiet = 1;
			break;
		case 'v':
			a.verbose = 1;
			break;
		case 'o':
			a.out = optarg;
			break;
		case OPT_KEEP:
			a.keep = (long)opt_int(&d, "--keep", optarg, 1,
			    1000000);
			a.keep_set = 1;
			break;
		case OPT_MAX_AGE:
			a.max_age = opt_duration(&d, "--max-age", optarg);
			break;
		case OPT_NOW:
			a.now = opt_instant(&d, "--now", optarg);
			now_set = 1;
			break;
		case OPT_WAIT:
			a.wait = 1;
			break;
		default:
			opt_usage(&d, "option '-%c' is unknown", ch);
		}
	}
	if (argc - optind > 1)
		opt_usage(&d, "one history at most: '%s' is extra",
		    argv[optind + 1]);
	a.in = optind < argc ? argv[optind] : "-";
	if (a.inplace && a.out != NULL)
		opt_usage(&d, "-i and -o cannot be used together");
	if (a.inplace && strcmp(a.in, "-") == 0)
		opt_usage(&d, "-i needs a FILE, not standard input");
	missing = strcmp(a.in, "-") != 0 && stat(a.in, &st) != 0;
	a.isdir = isdir = strcmp(a.in, "-") != 0 && !missing &&
	    S_ISDIR(st.st_mode);
	if (a.inplace && isdir)
		opt_usage(&d, "-i rewrites a file: '%s' is a directory "
		    "(a directory is compacted without -i)", a.in);
	/* a history that is not there fails to open below (66) */
	if ((a.keep_set || a.wait) && ((!isdir && !missing) || a.out != NULL))
		opt_usage(&d, "%s applies to a history directory compacted "
		    "in place", a.keep_set ? "--keep" : "--wait");
	if (a.inplace)
		a.out = a.in;
	if (!now_set)
		a.now = tm_now_ms();

	ob_init(&log, 2);
	if (isdir && a.out == NULL)
		rc = dirjob(&a, a.verbose ? &log : NULL, &d);
	else
		rc = filter(&a, a.verbose ? &log : NULL, &d);
	(void)ob_finish(&log);
	return rc;
}
