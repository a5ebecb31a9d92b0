/*
 * rh-request - plan container requests for a role on a state stream.
 */
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "exitcode.h"
#include "opt.h"
#include "output.h"
#include "rhio.h"
#include "rhplan.h"
#include "timefmt.h"

enum {
	OPT_ESCALATE = OPT_LONG_BASE,
	OPT_NOW,
	OPT_EMIT
};

static const char help[] =
"usage: rh-request [-q] (-r ROLE -n COUNT | --escalate) [--now T]\n"
"                  [--emit state|requests] [-o FILE] [FILE | -]\n"
"\n"
"Plan container requests for a role on a state stream.\n"
"\n"
"  -q, --quiet             silence warnings\n"
"  -r, --role ROLE         role name or id\n"
"  -n, --count COUNT       instances wanted\n"
"      --escalate          relax placed requests past their deadline\n"
"      --now T             the current time\n"
"      --emit WHAT         state (default) or requests\n"
"  -o, --output FILE       write to FILE atomically\n"
"  -h, --help              show this help\n"
"      --version           show the version\n"
"\n"
"See rh-request(1).\n";

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "quiet", no_argument, NULL, 'q' },
		{ "role", required_argument, NULL, 'r' },
		{ "count", required_argument, NULL, 'n' },
		{ "escalate", no_argument, NULL, OPT_ESCALATE },
		{ "now", required_argument, NULL, OPT_NOW },
		{ "emit", required_argument, NULL, OPT_EMIT },
		{ "output", required_argument, NULL, 'o' },
		OPT_HELP_ENTRY,
		OPT_VERSION_ENTRY,
		{ NULL, 0, NULL, 0 }
	};
	struct diag d = DIAG_INIT("rh-request");
	const char *role = NULL, *outpath = NULL, *in;
	int ch, escalate = 0, emit = 0, now_set = 0, rc;
	long long count = -1;
	struct rh_loadopt opt;
	struct rh_plan plan;
	struct output out;
	struct pos p;
	int32_t id = 0;
	struct rh m;

	opt_begin(&d);
	rh_loadopt_init(&opt);
	while ((ch = opt_next(&d, argc, argv, "hqr:n:o:", longopts)) != -1) {
		switch (ch) {
		case 'h':
			opt_help(&d, help);
		case 'q':
			d.quiet = 1;
			break;
		case 'r':
			if (*optarg == '\0')
				opt_usage(&d, "-r: the role is empty");
			role = optarg;
			break;
		case 'n':
			count = opt_int(&d, "-n", optarg, 0,
			    RH_PLAN_MAX_COUNT);
			break;
		case 'o':
			outpath = optarg;
			break;
		case OPT_ESCALATE:
			escalate = 1;
			break;
		case OPT_NOW:
			opt.now = opt_instant(&d, "--now", optarg);
			now_set = 1;
			break;
		case OPT_EMIT:
			if (strcmp(optarg, "state") == 0)
				emit = 0;
			else if (strcmp(optarg, "requests") == 0)
				emit = 1;
			else
				opt_usage(&d, "--emit: '%s' is not state or "
				    "requests", optarg);
			break;
		default:
			opt_usage(&d, "option '-%c' is unknown", ch);
		}
	}
	if (escalate && (role != NULL || count >= 0))
		opt_usage(&d, "--escalate takes no -r or -n");
	if (!escalate && (role == NULL || count < 0))
		opt_usage(&d, "%s", role == NULL && count < 0 ?
		    "-r ROLE and -n COUNT, or --escalate, are needed" :
		    role == NULL ? "-n needs -r ROLE" : "-r needs -n COUNT");
	if (argc - optind > 1)
		opt_usage(&d, "one history at most: '%s' is extra",
		    argv[optind + 1]);
	in = optind < argc ? argv[optind] : "-";
	if (!now_set)
		opt.now = tm_now_ms();
	p.file = strcmp(in, "-") == 0 ? "<stdin>" : in;
	p.line = p.col = 0;

	rh_init(&m);
	rh_plan_init(&plan);
	rc = rh_load(&m, in, &opt, NULL, &d);
	if (rc == 0)
		rc = rh_plan_check(&m, &p, &d);
	if (rc == 0 && !escalate)
		rc = rh_plan_role(&m, role, &id, &p, &d);
	if (rc == 0) {
		if (escalate)
			rh_plan_escalate(&m, opt.now, &plan);
		else
			rh_plan_request(&m, id, count, opt.now, &plan, &d);
	}
	if (rc == 0 && (rc = out_open(&out, outpath, &d)) == 0) {
		if (emit)
			rh_plan_write(&m, &plan, &out.ob);
		else
			rh_write_state(&m, &out.ob);
		rc = out_close(&out, &d, 0);
	}
	rh_plan_free(&plan);
	rh_free(&m);
	return rc;
}
