/*
 * placectl - run YuniKorn placement rules offline: place, explain,
 * check, diff, tree.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "diag.h"
#include "exitcode.h"
#include "kpod.h"
#include "opt.h"
#include "output.h"
#include "plpart.h"
#include "plrun.h"
#include "plshow.h"
#include "pltrap.h"

enum {
	OPT_COMPAT = OPT_LONG_BASE,
	OPT_KEEP_GOING,
	OPT_DOT,
	OPT_POLICY_GROUP,
	OPT_DEFAULTS,
	OPT_NAMESPACES
};

enum { PLACE, EXPLAIN, CHECK, DIFF, TREE, PODS };

static const char help[] =
"usage: placectl place   [-q] [--keep-going] [-j N] [--compat V] [-p PART] -c FILE\n"
"                        [-o FILE] [FILE | -]\n"
"       placectl explain [-q] [--keep-going] [-j N] [--compat V] [-p PART] -c FILE\n"
"                        [-o FILE] [FILE | -]\n"
"       placectl check   [-q] [--compat V] [-p PART] -c FILE [-o FILE]\n"
"       placectl diff    [-q] [--keep-going] [-j N] [--compat V] [-p PART] -c OLD\n"
"                        -c NEW [-o FILE] [FILE | -]\n"
"       placectl tree    [-q] [--keep-going] [--dot] [--compat V] [-p PART] -c FILE\n"
"                        [-o FILE] [FILE | -]\n"
"       placectl pods    [-q] [--compat V] [--namespaces FILE] [-o FILE] [FILE | -]\n"
"\n"
"Map applications to queues with a YuniKorn queue configuration; make\n"
"applications from pods (kubectl get pods -A -o json).\n"
"\n"
"  -c, --config FILE       the queue configuration (YAML), or a ConfigMap, a List\n"
"                          of ConfigMaps or Helm values holding it\n"
"      --defaults FILE     the yunikorn-defaults ConfigMap (or Helm values)\n"
"      --policy-group NAME the ConfigMap key NAME.yaml (default: queues)\n"
"  -p, --partition NAME    the partition (default: default)\n"
"      --compat V          0.10 (default) or 1.7: which YuniKorn to behave like;\n"
"                          pods: any release from 0.10.0 to 1.8.0\n"
"      --namespaces FILE   pods: the namespaces (kubectl get ns -o json)\n"
"  -j, --jobs N            parse in N threads; placement stays in input order\n"
"      --keep-going        skip bad applications, count them, exit 65 at the end\n"
"      --dot               tree: Graphviz output\n"
"  -o, --output FILE       write to FILE atomically\n"
"  -q, --quiet             silence warnings\n"
"  -h, --help              show this help\n"
"      --version           show the version\n"
"\n"
"See placectl(1).\n";

static const char *const subcommands[] = {
	"place", "explain", "check", "diff", "tree", "pods", NULL
};

static volatile sig_atomic_t hup;

static void
on_hup(int sig)
{
	(void)sig;
	hup = 1;
}

static enum pl_compat
compat(struct diag *d, const char *v)
{
	if (strcmp(v, "0.10") == 0)
		return PL_010;
	if (strcmp(v, "1.7") == 0)
		return PL_17;
	opt_usage(d, "--compat: '%s' is not 0.10 or 1.7", v);
}

/* pods: the applications of the pods in the input. */
static int
pods(struct diag *d, const char *version, const char *nsfile,
    const char *outpath, const char *in)
{
	struct kp_opts o = { kr_find(version), nsfile };
	struct output out;
	int rc, rc2;

	if (o.rel == NULL)
		opt_usage(d, "--compat: '%s' is not a YuniKorn release placekit "
		    "knows (%s)", version, kr_names());
	if ((rc = out_open(&out, outpath, d)) != 0)
		return rc;
	rc = kp_run(in, &o, &out.ob, d);
	if ((rc2 = out_close(&out, d, rc != 0)) != 0 && rc == 0)
		rc = rc2;
	return rc;
}

/* check: every error, then the traps; a one-line summary on stdout. */
static int
check(struct diag *d, struct pl_part *p, int rc, struct output *out)
{
	unsigned long nwarn = 0;
	size_t nrules = 0;

	if (rc == 0 && d->nerr == 0)	/* the traps of a usable configuration */
		nwarn = pl_traps(p, d);
	if (p->pc != NULL)
		nrules = p->pc->nrules;
	ob_printf(&out->ob, "%s: partition '%s': %zu queues, %zu rules, %lu "
	    "error%s, %lu warning%s\n", p->file, p->name, p->tree.nall, nrules,
	    d->nerr, d->nerr == 1 ? "" : "s", nwarn, nwarn == 1 ? "" : "s");
	return rc != 0 ? rc : d->nerr > 0 ? EXIT_CONFIG : 0;
}

int
main(int argc, char **argv)
{
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
		OPT_HELP_ENTRY,
		OPT_VERSION_ENTRY,
		{ NULL, 0, NULL, 0 }
	};
	struct diag d = DIAG_INIT("placectl");
	const char *conf[2] = { NULL, NULL }, *part = NULL, *outpath = NULL;
	const char *in = NULL, *version = "0.10", *nsfile = NULL;
	enum pl_compat c = PL_010;
	struct kcm_opts src = { NULL, NULL, NULL };
	struct pl_part p[2];
	struct pl_run run;
	struct output out;
	int ch, sub, nconf = 0, jobs = 1, keep_going = 0, dot = 0, rc, rc2 = 0;
	int discard, counted;

	opt_begin(&d);
	if (argc > 1 && argv[1][0] == '-') {	/* options before a subcommand */
		if (opt_next(&d, argc, argv, "c:hj:o:p:q", longopts) == 'h')
			opt_help(&d, help);
		opt_usage(&d, "options go after the subcommand");
	}
	if (argc < 2)
		opt_usage(&d, "missing subcommand (place, explain, check, diff, "
		    "tree, pods)");
	for (sub = 0; subcommands[sub] != NULL; sub++)
		if (strcmp(argv[1], subcommands[sub]) == 0)
			break;
	if (subcommands[sub] == NULL)
		opt_usage(&d, "unknown subcommand '%s'", argv[1]);
	argc--, argv++;
	while ((ch = opt_next(&d, argc, argv, "c:hj:o:p:q", longopts)) != -1) {
		switch (ch) {
		case 'h':
			opt_help(&d, help);
		case 'c':
			if (nconf == 2)
				opt_usage(&d, "too many -c options");
			conf[nconf++] = optarg;
			break;
		case 'p':
			part = optarg;
			break;
		case OPT_COMPAT:
			version = optarg;
			break;
		case 'j':
			jobs = (int)opt_int(&d, "-j", optarg, 1, 256);
			break;
		case OPT_KEEP_GOING:
			keep_going = 1;
			break;
		case OPT_DOT:
			dot = 1;
			break;
		case OPT_POLICY_GROUP:
			src.policy_group = optarg;
			break;
		case OPT_DEFAULTS:
			src.defaults = optarg;
			break;
		case OPT_NAMESPACES:
			nsfile = optarg;
			break;
		case 'o':
			outpath = optarg;
			break;
		case 'q':
			d.quiet = 1;
			break;
		}
	}
	if (sub == PODS) {
		if (nconf > 0 || part != NULL || jobs > 1 || keep_going || dot ||
		    src.defaults != NULL || src.policy_group != NULL)
			opt_usage(&d, "pods takes --compat, --namespaces, -o and -q");
		if (optind < argc - 1)
			opt_usage(&d, "unexpected operand '%s'", argv[argc - 1]);
		return pods(&d, version, nsfile, outpath,
		    optind < argc ? argv[optind] : NULL);
	}
	if (nsfile != NULL)
		opt_usage(&d, "--namespaces is for pods");
	c = compat(&d, version);
	if (nconf != (sub == DIFF ? 2 : 1))
		opt_usage(&d, sub == DIFF ? "diff needs -c OLD -c NEW" :
		    nconf == 0 ? "missing -c FILE" : "one -c FILE only");
	if (optind < argc - 1 || (sub == CHECK && optind < argc))
		opt_usage(&d, "unexpected operand '%s'", argv[argc - 1]);
	if (dot && sub != TREE)
		opt_usage(&d, "--dot is for tree");
	if (jobs > 1 && sub != PLACE && sub != EXPLAIN && sub != DIFF)
		opt_usage(&d, "-j is for place, explain and diff");
	if (optind < argc)
		in = argv[optind];

	rc = pl_part_load(&p[0], conf[0], part, c, 0, &src, &d);
	if (sub == CHECK) {
		if (rc != EXIT_NOINPUT && (rc2 = out_open(&out, outpath, &d)) == 0) {
			rc = check(&d, &p[0], rc, &out);
			if ((rc2 = out_close(&out, &d, 0)) != 0)
				rc = rc2;
		} else if (rc != EXIT_NOINPUT)
			rc = rc2;
		pl_part_free(&p[0]);
		return rc;
	}
	if (rc == 0 && sub == DIFF &&
	    (rc = pl_part_load(&p[1], conf[1], part, c, 0, &src, &d)) != 0)
		pl_part_free(&p[1]);
	if (rc != 0) {
		pl_part_free(&p[0]);
		return rc;
	}
	if ((rc = out_open(&out, outpath, &d)) != 0)
		goto done;
	memset(&run, 0, sizeof run);
	run.mode = sub == PLACE ? PL_RUN_PLACE : sub == EXPLAIN ? PL_RUN_EXPLAIN :
	    sub == DIFF ? PL_RUN_DIFF : PL_RUN_COUNT;
	run.part = sub == DIFF ? &p[1] : &p[0];
	run.old = sub == DIFF ? &p[0] : NULL;
	run.keep_going = keep_going;
	run.jobs = jobs;
	run.hup = &hup;
	run.d = &d;
	run.out = sub == TREE ? NULL : &out.ob;
	if (sub != TREE) {
		struct sigaction sa;

		memset(&sa, 0, sizeof sa);
		sa.sa_handler = on_hup;
		sigemptyset(&sa.sa_mask);
		sigaction(SIGHUP, &sa, NULL);
	}
	counted = sub != TREE || in != NULL || !isatty(0);
	if (counted)
		rc = pl_run(&run, in);
	if (sub == TREE && (rc == 0 || (keep_going && rc == EXIT_DATAERR))) {
		if (dot)
			pl_show_dot(&out.ob, &p[0].tree, counted);
		else
			pl_show_text(&out.ob, &p[0].tree, counted);
	}
	if (sub == DIFF && !d.quiet)
		fprintf(stderr, "placectl: %lu of %lu application%s placed "
		    "differently\n", run.ndiff, run.napps,
		    run.napps == 1 ? "" : "s");
	if (sub == DIFF && rc == 0 && run.ndiff > 0)
		rc = EXIT_DIFFER;
	discard = rc != 0 && rc != EXIT_DIFFER &&
	    !(keep_going && rc == EXIT_DATAERR);
	if ((rc2 = out_close(&out, &d, discard)) != 0 &&
	    (rc == 0 || rc == EXIT_DIFFER))
		rc = rc2;
done:
	if (sub == DIFF)
		pl_part_free(&p[1]);
	pl_part_free(&p[0]);
	return rc;
}
