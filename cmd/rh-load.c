/*
 * rh-load - load a Slider role history, replay events, print the state
 */
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "exitcode.h"
#include "opt.h"
#include "output.h"
#include "rhio.h"
#include "timefmt.h"

enum {
	OPT_EVENTS = OPT_LONG_BASE,
	OPT_RESET_FAILURES,
	OPT_MAX_AGE,
	OPT_NOW,
	OPT_STRICT,
	OPT_FORMAT
};

enum { FMT_STATE, FMT_TABLE, FMT_LISTS };

static const char help[] =
"usage: rh-load [-q] [--strict] [--reset-failures] [-R resources.json] [--events FILE]\n"
"               [--max-age DUR] [--now T] [--format state|table|lists] [-o FILE]\n"
"               [FILE | DIR | -]\n"
"\n"
"Load a Slider role history (file, history directory or state stream),\n"
"replay events, and print the state.\n"
"\n"
"  -q, --quiet             silence warnings\n"
"  -R, --resources FILE    role definitions from a Slider resources.json\n"
"      --events FILE       apply container and node events from FILE\n"
"      --reset-failures    reset recent failure counters\n"
"      --max-age DUR       drop entries older than DUR before the save (default 7d, 0 keeps all)\n"
"      --now T             the current time (ms since the epoch or ISO-8601)\n"
"      --strict            apply Slider's own acceptance rules\n"
"      --format FMT        state (default), table or lists\n"
"  -o, --output FILE       write to FILE atomically\n"
"  -h, --help              show this help\n"
"      --version           show the version\n"
"\n"
"See rh-load(1).\n";

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "quiet", no_argument, NULL, 'q' },
		{ "resources", required_argument, NULL, 'R' },
		{ "events", required_argument, NULL, OPT_EVENTS },
		{ "reset-failures", no_argument, NULL, OPT_RESET_FAILURES },
		{ "max-age", required_argument, NULL, OPT_MAX_AGE },
		{ "now", required_argument, NULL, OPT_NOW },
		{ "strict", no_argument, NULL, OPT_STRICT },
		{ "format", required_argument, NULL, OPT_FORMAT },
		{ "output", required_argument, NULL, 'o' },
		OPT_HELP_ENTRY,
		OPT_VERSION_ENTRY,
		{ NULL, 0, NULL, 0 }
	};
	struct diag d = DIAG_INIT("rh-load");
	const char *resources = NULL, *events = NULL, *outpath = NULL, *in;
	int ch, fmt = FMT_STATE, reset = 0, now_set = 0, rc;
	struct rh_loadopt opt;
	struct output out;
	struct rh m;

	opt_begin(&d);
	rh_loadopt_init(&opt);
	while ((ch = opt_next(&d, argc, argv, "hqR:o:", longopts)) != -1) {
		switch (ch) {
		case 'h':
			opt_help(&d, help);
		case 'q':
			d.quiet = 1;
			break;
		case 'R':
			resources = optarg;
			break;
		case 'o':
			outpath = optarg;
			break;
		case OPT_EVENTS:
			events = optarg;
			break;
		case OPT_RESET_FAILURES:
			reset = 1;
			break;
		case OPT_MAX_AGE:
			opt.max_age = opt_duration(&d, "--max-age", optarg);
			opt.max_age_set = 1;
			break;
		case OPT_NOW:
			opt.now = opt_instant(&d, "--now", optarg);
			now_set = 1;
			break;
		case OPT_STRICT:
			opt.strict = 1;
			break;
		case OPT_FORMAT:
			if (strcmp(optarg, "state") == 0)
				fmt = FMT_STATE;
			else if (strcmp(optarg, "table") == 0)
				fmt = FMT_TABLE;
			else if (strcmp(optarg, "lists") == 0)
				fmt = FMT_LISTS;
			else
				opt_usage(&d, "--format: '%s' is not state, table "
				    "or lists", optarg);
			break;
		default:
			opt_usage(&d, "option '-%c' is unknown", ch);
		}
	}
	if (argc - optind > 1)
		opt_usage(&d, "one history at most: '%s' is extra", argv[optind + 1]);
	in = optind < argc ? argv[optind] : "-";
	if (!now_set)
		opt.now = tm_now_ms();

	rh_init(&m);
	rc = 0;
	if (resources != NULL)
		rc = rh_read_resources(&m, resources, &d);
	if (rc == 0)
		rc = rh_load(&m, in, &opt, NULL, &d);
	if (rc == 0 && events != NULL)
		rc = rh_replay_events(&m, events, opt.now, &d);
	if (rc == 0 && reset)
		rh_reset_failures(&m);
	if (rc == 0 && (rc = out_open(&out, outpath, &d)) == 0) {
		if (fmt == FMT_TABLE)
			rh_write_table(&m, &out.ob);
		else if (fmt == FMT_LISTS)
			rh_write_lists(&m, &out.ob);
		else
			rh_write_state(&m, &out.ob);
		rc = out_close(&out, &d, 0);
	}
	rh_free(&m);
	return rc;
}
