/*
 * placectl - run YuniKorn placement rules offline: place, explain,
 * check, diff, tree; and make their input from a cluster's pods (pods).
 *
 * main parses the options every subcommand shares, checks them against
 * the subcommand's row of the table at the end, and calls its function.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "diag.h"
#include "exitcode.h"
#include "options.h"
#include "output.h"
#include "partition.h"
#include "pods.h"
#include "run.h"
#include "showtree.h"
#include "suggest.h"
#include "traps.h"

enum {
	OPT_COMPAT = OPT_LONG_BASE,
	OPT_KEEP_GOING,
	OPT_DOT,
	OPT_POLICY_GROUP,
	OPT_DEFAULTS,
	OPT_NAMESPACES
};

static const char help[] =
"usage: placectl place   [-qv] [--keep-going] [-j N] [--compat V] [-p PART]\n"
"                        -c FILE [--defaults FILE] [--policy-group NAME]\n"
"                        [-o FILE] [FILE | -]\n"
"       placectl explain [-qv] [--keep-going] [-j N] [--compat V [--compat NEW]]\n"
"                        [-p PART] -c FILE [-o FILE] [FILE | -]\n"
"                        [--defaults FILE] [--policy-group NAME]\n"
"       placectl check   [-q] [--compat V | A..B | all] [-p PART] -c FILE\n"
"                        [--defaults FILE] [--policy-group NAME] [-o FILE]\n"
"       placectl diff    [-q] [--keep-going] [-j N] [--compat V] [-p PART]\n"
"                        -c OLD -c NEW [--defaults FILE] [--policy-group NAME]\n"
"                        [-o FILE] [FILE | -]\n"
"       placectl diff    [-q] [--keep-going] [-j N] --compat OLD --compat NEW\n"
"                        [-p PART] -c FILE [-c NEW] [-o FILE] [FILE | -]\n"
"                        [--defaults FILE] [--policy-group NAME]\n"
"       placectl tree    [-q] [--keep-going] [--dot] [--compat V] [-p PART]\n"
"                        -c FILE [--defaults FILE] [--policy-group NAME]\n"
"                        [-o FILE] [FILE | -]\n"
"       placectl pods    [-qv] [--compat V [--compat NEW]] [--namespaces FILE]\n"
"                        [-o FILE] [FILE | -]\n"
"\n"
"Map applications to queues with a YuniKorn queue configuration; make\n"
"applications from pods (kubectl get pods -A -o json).\n"
"\n"
"  -c, --config FILE       the queue configuration (YAML), or a ConfigMap, a List\n"
"                          of ConfigMaps or Helm values holding it\n"
"      --defaults FILE     the yunikorn-defaults ConfigMap (or Helm values)\n"
"      --policy-group NAME the ConfigMap key NAME.yaml (default: queues)\n"
"  -p, --partition NAME    the partition (default: default)\n"
"      --compat V          the YuniKorn release to behave like, 0.10 to 1.8 or\n"
"                          latest (default: PLACECTL_COMPAT, else 0.10); for\n"
"                          placement, ConfigMaps and pods alike; twice (diff,\n"
"                          explain, pods): the old and the new release and\n"
"                          what changed; check: also a range A..B, or all\n"
"      --namespaces FILE   pods: the namespaces (kubectl get ns -o json)\n"
"  -j, --jobs N            parse in N threads; placement stays in input order\n"
"      --keep-going        skip bad applications, count them, exit 65 at the end\n"
"      --dot               tree: Graphviz output\n"
"  -o, --output FILE       write to FILE atomically\n"
"  -q, --quiet             silence warnings\n"
"  -v, --verbose           place, explain: how many applications were placed\n"
"                          and rejected and queues created, on standard error;\n"
"                          pods: what the pods made and what was skipped\n"
"  -h, --help              show this help\n"
"      --version           show the version\n"
"\n"
"See placectl(1).\n";

/* The command line, parsed once for every subcommand. */
struct args {
	struct diag d;
	const char *conf[2];	/* -c; diff: OLD, NEW */
	int nconf;
	const char *part, *outpath, *in;
	struct kcm_opts src;	/* --defaults, --policy-group */
	const char *nsfile;	/* --namespaces */
	int ncv;		/* --compat options */
	size_t rel[2];		/* the releases (pl_releases): old, new (one:
				   both; check: the first and last of a range) */
	enum pl_compat compat;	/* the new release's class */
	int jobs, keep_going, dot, verbose;
	enum pl_jobsmode jobs_mode;	/* PLACECTL_JOBS */
	enum pl_runmode mode;	/* the subcommand's */
};

static volatile sig_atomic_t hup;

static void
on_hup(int sig)
{
	(void)sig;
	hup = 1;
}

/* A YuniKorn release named by --compat or PLACECTL_COMPAT (what) into
 * *rel; a range (check) into rel[0] and rel[1]. */
static void
compat(struct diag *d, const char *what, const char *v, int range,
    size_t *rel)
{
	struct buf why = { 0 };

	if ((range ? pl_release_range(v, &rel[0], &rel[1], &why) :
	    pl_release_parse(v, rel, &why)) != 0)
		opt_usage(d, "%s: %s", what, why.s);
	buf_free(&why);
}

/* PLACECTL_JOBS: how the threads of -j N share the work. */
static enum pl_jobsmode
jobs_mode(struct diag *d, const char *v)
{
	static const char *const names[] = { "auto", "measure", "always" };
	size_t i;

	for (i = 0; i < sizeof names / sizeof *names; i++)
		if (strcmp(v, names[i]) == 0)
			return (enum pl_jobsmode)i;
	opt_usage(d, "PLACECTL_JOBS: '%s' is not auto, measure or always", v);
}

/* "YuniKorn A" or "YuniKorn A to B": the releases a summary judged by. */
static void
judged_by(struct buf *b, const struct args *a)
{
	buf_printf(b, "YuniKorn %s", pl_releases[a->rel[0]].name);
	if (a->rel[1] != a->rel[0])
		buf_printf(b, " to %s", pl_releases[a->rel[1]].name);
}

/* What the subcommands that read applications share. */
struct stream {
	struct pl_part p[2];	/* p[0], or diff's old and new */
	struct pl_rows rows;	/* across releases */
	int newconf;		/* across releases: p[1] holds the new -c */
	struct output out;
	struct pl_run run;
};

/*
 * Across releases: the old configuration under every row of the path
 * from the old release to the new one, the new configuration (two -c)
 * under the new release in s->p[1]; a refusal says by which release.
 */
static int
load_rows(struct args *a, struct stream *s)
{
	enum pl_compat from = pl_releases[a->rel[0]].c;
	int rc;

	rc = pl_rows_load(&s->rows, from, a->compat, a->nconf == 1, a->conf[0],
	    a->part, &a->src, &a->d);
	if (rc == 0 && a->nconf == 2) {
		s->newconf = 1;
		rc = pl_part_load(&s->p[1], a->conf[1], a->part, a->compat, 0,
		    &a->src, &a->d);
	}
	if (rc == EXIT_CONFIG)
		diag_err(&a->d, rc, POS_NONE, "YuniKorn %s refuses '%s' ('placectl "
		    "check --compat %s..%s' says what each release makes of it)",
		    pl_releases[a->rel[s->rows.ok[0] ? 1 : 0]].name,
		    a->conf[s->rows.ok[0] ? a->nconf - 1 : 0],
		    pl_releases[a->rel[0] < a->rel[1] ? a->rel[0] : a->rel[1]].name,
		    pl_releases[a->rel[0] < a->rel[1] ? a->rel[1] : a->rel[0]].name);
	return rc;
}

/*
 * Load the configurations, open the output, set the run up and hand it
 * to the subcommand's body; then close the output (dropped after a
 * failure, except what --keep-going or diff keep).
 */
static int
stream(struct args *a, int (*body)(struct args *, struct stream *))
{
	struct sigaction sa;
	struct stream s;
	int n, rc = 0, rc2, discard;

	/*
	 * The reload handler goes in before the configurations are read: a
	 * SIGHUP while a large one loads must not end the run. It is not
	 * lost either: the configuration is read again before the first
	 * application. SA_RESTART: opening or reading a configuration (a
	 * FIFO, a slow disk) goes on after the signal.
	 */
	if (a->mode != PL_RUN_COUNT) {
		memset(&sa, 0, sizeof sa);
		sa.sa_handler = on_hup;
		sa.sa_flags = SA_RESTART;
		sigemptyset(&sa.sa_mask);
		sigaction(SIGHUP, &sa, NULL);
	}
	memset(&s.rows, 0, sizeof s.rows);
	s.newconf = 0;
	n = 0;
	if (a->ncv == 2)
		rc = load_rows(a, &s);
	else
		for (; n < a->nconf && rc == 0; n++)
			rc = pl_part_load(&s.p[n], a->conf[n], a->part, a->compat,
			    0, &a->src, &a->d);
	if (rc == 0 && (rc = out_open(&s.out, a->outpath, &a->d)) == 0) {
		memset(&s.run, 0, sizeof s.run);
		s.run.mode = a->mode;
		s.run.part = &s.p[a->nconf - 1];
		s.run.old = a->nconf == 2 ? &s.p[0] : NULL;
		if (a->ncv == 2) {
			s.run.rows = &s.rows;
			s.run.old = &s.rows.part[0];
			if (a->nconf == 1)
				s.run.part = &s.rows.part[s.rows.path.nclass - 1];
		}
		s.run.keep_going = a->keep_going;
		s.run.jobs = a->jobs;
		s.run.jobs_mode = a->jobs_mode;
		s.run.hup = &hup;
		s.run.d = &a->d;
		s.run.out = a->mode == PL_RUN_COUNT ? NULL : &s.out.ob;
		rc = body(a, &s);
		discard = rc != 0 && rc != EXIT_DIFFER &&
		    !(a->keep_going && rc == EXIT_DATAERR);
		if ((rc2 = out_close(&s.out, &a->d, discard)) != 0 &&
		    (rc == 0 || rc == EXIT_DIFFER))
			rc = rc2;
	}
	while (n-- > 0)
		pl_part_free(&s.p[n]);
	if (s.newconf)
		pl_part_free(&s.p[1]);
	pl_rows_free(&s.rows);
	return rc;
}

/* place, explain: every application with its placement; with -v, the
 * counts, unless an output error stopped the run (as diff's). */
static int
place(struct args *a, struct stream *s)
{
	const struct pl_run *r = &s->run;
	struct buf by = { 0 };
	int rc = pl_run(&s->run, a->in);

	if (!a->verbose)
		return rc;
	ob_flush_buf(&s->out.ob);
	judged_by(&by, a);
	if (s->out.ob.err == 0)
		fprintf(stderr, "placectl: %lu application%s: %lu placed, %lu "
		    "rejected; %lu queue%s created (%s)\n", r->napps,
		    r->napps == 1 ? "" : "s", r->nplaced, r->napps - r->nplaced,
		    r->ncreated, r->ncreated == 1 ? "" : "s", by.s);
	buf_free(&by);
	return rc;
}

/* diff: the applications two configurations place differently. */
static int
diff(struct args *a, struct stream *s)
{
	struct buf by = { 0 };
	int rc = pl_run(&s->run, a->in);

	/*
	 * An output error stopped the run: the counts are of the
	 * applications before, not of the input, and some of them were
	 * never written, so there is no summary. A reader that went away
	 * (EPIPE) is the quiet success of every tool; any other error is
	 * reported as the output is closed.
	 */
	ob_flush_buf(&s->out.ob);
	if (s->out.ob.err != 0)
		return rc == EXIT_DIFFER ? 0 : rc;
	judged_by(&by, a);
	if (!a->d.quiet)
		fprintf(stderr, "placectl: %lu of %lu application%s placed "
		    "differently (%s)\n", s->run.ndiff, s->run.napps,
		    s->run.napps == 1 ? "" : "s", by.s);
	buf_free(&by);
	if (rc == 0 && s->run.ndiff > 0)
		rc = EXIT_DIFFER;
	return rc;
}

/* tree: the queue tree, with the applications placed in each when the
 * input is not a terminal. */
static int
tree(struct args *a, struct stream *s)
{
	int rc = 0, counted = a->in != NULL || !isatty(0);

	if (counted)
		rc = pl_run(&s->run, a->in);
	if (rc == 0 || (a->keep_going && rc == EXIT_DATAERR))
		(a->dot ? pl_show_dot : pl_show_text)(&s->out.ob, &s->p[0].tree,
		    counted, s->run.napps - s->run.nplaced);
	return rc;
}

/* check: every error, then the traps; a one-line summary on stdout (a
 * range: one a release). */
static int
check(struct args *a)
{
	struct pl_check k = { a->conf[0], a->part, &a->src, a->rel[0],
	    a->rel[1], a->outpath };

	return pl_check_run(&k, &a->d);
}

/* pods: the applications of the pods in the input, as the shim makes them. */
static int
pods(struct args *a)
{
	struct kp_opts o = { a->compat, a->nsfile, pl_releases[a->rel[1]].name,
	    pl_releases[a->rel[0]].c };
	struct kp_counts c;
	struct output out;
	struct buf b = { 0 };
	unsigned long ndiff = 0, napps = 0;
	int rc, rc2;

	if ((rc = out_open(&out, a->outpath, &a->d)) != 0)
		return rc;
	if (a->ncv < 2)
		rc = kp_run(a->in, &o, &out.ob, &a->d, &c);
	else if ((rc = kp_diff(a->in, &o, &out.ob, &a->d, &ndiff, &napps,
	    &c)) == 0 && ndiff > 0)
		rc = EXIT_DIFFER;
	if ((rc2 = out_close(&out, &a->d, rc != 0 && rc != EXIT_DIFFER)) != 0)
		rc = rc2;
	if (rc != 0 && rc != EXIT_DIFFER)
		return rc;
	if (a->verbose) {
		kp_counts_text(&b, &c, o.release);
		fprintf(stderr, "placectl: %s\n", b.s);
		buf_clear(&b);
	}
	if (a->ncv == 2 && !a->d.quiet) {
		judged_by(&b, a);
		fprintf(stderr, "placectl: %lu of %lu application%s made "
		    "differently (%s)\n", ndiff, napps, napps == 1 ? "" : "s",
		    b.s);
	}
	buf_free(&b);
	return rc;
}

/*
 * A subcommand: one that runs by itself (check, pods), or the body of
 * one that reads applications.
 */
static const struct subcommand {
	const char *name;
	int (*run)(struct args *);
	int (*body)(struct args *, struct stream *);
	enum pl_runmode mode;
	int nconf;		/* -c options it takes; none: no configuration */
	int jobs;		/* -j N is for it */
	int dot;		/* --dot is */
	int operand;		/* it reads FILE | - */
	int verbose;		/* -v is */
	int compat;		/* --compat: 1 once, 2 up to twice, 3 a range */
} subcommands[] = {
	{ "place", NULL, place, PL_RUN_PLACE, 1, 1, 0, 1, 1, 1 },
	{ "explain", NULL, place, PL_RUN_EXPLAIN, 1, 1, 0, 1, 1, 2 },
	{ "check", check, NULL, PL_RUN_COUNT, 1, 0, 0, 0, 0, 3 },
	{ "diff", NULL, diff, PL_RUN_DIFF, 2, 1, 0, 1, 0, 2 },
	{ "tree", NULL, tree, PL_RUN_COUNT, 1, 0, 1, 1, 0, 1 },
	{ "pods", pods, NULL, PL_RUN_COUNT, 0, 0, 0, 1, 1, 2 },
};

static const struct option longopts[] = {
	{ "config", required_argument, NULL, 'c' },
	{ "partition", required_argument, NULL, 'p' },
	{ "compat", required_argument, NULL, OPT_COMPAT },
	{ "jobs", required_argument, NULL, 'j' },
	{ "keep-going", no_argument, NULL, OPT_KEEP_GOING },
	{ "dot", no_argument, NULL, OPT_DOT },
	{ "policy-group", required_argument, NULL, OPT_POLICY_GROUP },
	{ "defaults", required_argument, NULL, OPT_DEFAULTS },
	{ "namespaces", required_argument, NULL, OPT_NAMESPACES },
	{ "output", required_argument, NULL, 'o' },
	{ "quiet", no_argument, NULL, 'q' },
	{ "verbose", no_argument, NULL, 'v' },
	OPT_HELP_ENTRY,
	OPT_VERSION_ENTRY,
	{ NULL, 0, NULL, 0 }
};

/* The options after the subcommand; --compat's text in *cv. */
static void
options(const struct subcommand *sub, struct args *a, int argc, char **argv,
    const char **cv)
{
	int ch;

	while ((ch = opt_next(&a->d, argc, argv, "c:hj:o:p:qv", longopts)) != -1) {
		switch (ch) {
		case 'h':
			opt_help(&a->d, help);
		case 'c':
			if (a->nconf == 2)
				opt_usage(&a->d, "too many -c options");
			a->conf[a->nconf++] = optarg;
			break;
		case 'p':
			a->part = optarg;
			break;
		case OPT_COMPAT:
			if (a->ncv == (sub->compat == 2 ? 2 : 1))
				opt_usage(&a->d, sub->compat == 2 ? "too many "
				    "--compat options" : "%s takes one --compat",
				    sub->name);
			compat(&a->d, "--compat", *cv = optarg, sub->compat == 3,
			    &a->rel[a->ncv++]);
			break;
		case 'j':
			a->jobs = (int)opt_int(&a->d, "-j", optarg, 1, 256);
			break;
		case OPT_KEEP_GOING:
			a->keep_going = 1;
			break;
		case OPT_DOT:
			a->dot = 1;
			break;
		case OPT_POLICY_GROUP:
			a->src.policy_group = optarg;
			break;
		case OPT_DEFAULTS:
			a->src.defaults = optarg;
			break;
		case OPT_NAMESPACES:
			a->nsfile = optarg;
			break;
		case 'o':
			a->outpath = optarg;
			break;
		case 'q':
			a->d.quiet = 1;
			break;
		case 'v':
			a->verbose = 1;
			break;
		}
	}
}

/* What the subcommand does not take, and what it needs. */
static void
usage_check(const struct subcommand *sub, struct args *a, int argc,
    char **argv)
{
	if (sub->nconf == 0 && (a->nconf > 0 || a->part != NULL ||
	    a->keep_going || a->src.defaults != NULL || a->src.policy_group != NULL))
		opt_usage(&a->d, "%s takes --compat, --namespaces, -o, -q and -v",
		    sub->name);
	if (sub->nconf > 0 && a->nsfile != NULL)
		opt_usage(&a->d, "--namespaces is for pods");
	if (a->nconf != sub->nconf && sub->nconf > 0 &&
	    !(sub->nconf == 2 && a->nconf == 1 && a->ncv == 2))
		opt_usage(&a->d, sub->nconf == 2 ? "diff needs -c OLD -c NEW, "
		    "or -c FILE with --compat OLD --compat NEW" :
		    a->nconf == 0 ? "missing -c FILE" : "one -c FILE only");
	if (optind < argc - 1 || (!sub->operand && optind < argc))
		opt_usage(&a->d, "unexpected operand '%s'", argv[argc - 1]);
	if (a->dot && !sub->dot)
		opt_usage(&a->d, "--dot is for tree");
	if (a->verbose && !sub->verbose)
		opt_usage(&a->d, "-v is for place, explain and pods");
	if (a->jobs > 1 && !sub->jobs)
		opt_usage(&a->d, "-j is for place, explain and diff");
}

/* A usage error for a subcommand we do not have, naming a close one. */
static void
unknown_subcommand(struct diag *d, const char *name)
{
	const char *names[sizeof subcommands / sizeof *subcommands], *near;
	size_t i;

	for (i = 0; i < sizeof subcommands / sizeof *subcommands; i++)
		names[i] = subcommands[i].name;
	if ((near = sg_closest(name, names, i)) != NULL)
		opt_usage(d, "unknown subcommand '%s' (did you mean '%s'?)",
		    name, near);
	opt_usage(d, "unknown subcommand '%s'", name);
}

int
main(int argc, char **argv)
{
	const struct subcommand *sub = NULL;
	const char *cv = NULL, *v;
	int rc;
	struct args a = { DIAG_INIT("placectl"), { NULL, NULL }, 0, NULL, NULL,
	    NULL, { NULL, NULL }, NULL, 0, { 0, 0 }, PL_010, 1, 0, 0, 0,
	    PL_JOBS_AUTO, PL_RUN_PLACE };
	size_t i;

	opt_begin(&a.d);
	if (argc > 1 && argv[1][0] == '-') {	/* options before a subcommand */
		if (opt_next(&a.d, argc, argv, "c:hj:o:p:qv", longopts) == 'h')
			opt_help(&a.d, help);
		opt_usage(&a.d, "options go after the subcommand");
	}
	if (argc < 2)
		opt_usage(&a.d, "missing subcommand (place, explain, check, "
		    "diff, tree, pods)");
	for (i = 0; i < sizeof subcommands / sizeof *subcommands; i++)
		if (strcmp(argv[1], subcommands[i].name) == 0)
			sub = &subcommands[i];
	if (sub == NULL)
		unknown_subcommand(&a.d, argv[1]);
	options(sub, &a, argc - 1, argv + 1, &cv);
	usage_check(sub, &a, argc - 1, argv + 1);
	if (optind < argc - 1)
		a.in = argv[optind + 1];
	if (cv == NULL && (cv = getenv("PLACECTL_COMPAT")) != NULL && *cv != '\0')
		compat(&a.d, "PLACECTL_COMPAT", cv, sub->compat == 3, a.rel);
	if ((v = getenv("PLACECTL_JOBS")) != NULL && *v != '\0')
		a.jobs_mode = jobs_mode(&a.d, v);
	if (a.ncv < 2 && sub->compat != 3)	/* one release: both sides */
		a.rel[1] = a.rel[0];
	a.compat = pl_releases[a.rel[1]].c;
	a.mode = sub->mode;
	rc = sub->body != NULL ? stream(&a, sub->body) : sub->run(&a);
	diag_free(&a.d);
	return rc;
}
