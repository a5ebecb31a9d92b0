/*
 * rh-load - load a Slider role history, replay events, print the state
 */
#include <stdio.h>
#include <string.h>

#include "events.h"
#include "load.h"
#include "reader.h"
#include "roledefs.h"
#include "tool.h"
#include "views.h"
#include "writer.h"

enum {
	OPT_EVENTS = RH_OPT_OWN,
	OPT_RESET_FAILURES,
	OPT_STRICT,
	OPT_FORMAT
};

static const char help[] =
"usage: rh-load [-qv] [--strict] [--reset-failures] [-R resources.json] [--events FILE]\n"
"               [--max-age DUR] [--now T] [--format state|table|lists] [-o FILE]\n"
"               [FILE | DIR | -]\n"
"\n"
"Load a Slider role history (file, history directory or state stream),\n"
"replay events, and print the state.\n"
"\n"
RH_HELP_QUIET
"  -v, --verbose           say which file of a directory is loaded\n"
"  -R, --resources FILE    role definitions from a Slider resources.json\n"
"      --events FILE       apply container and node events from FILE\n"
"      --reset-failures    reset recent failure counters\n"
"      --max-age DUR       drop entries older than DUR before the save (default 7d, 0 keeps all)\n"
"      --now T             the current time (ms since the epoch or ISO-8601)\n"
"      --strict            apply Slider's own acceptance rules\n"
"      --format FMT        state (default), table or lists\n"
RH_HELP_END("rh-load");

/* --format's words and writers. */
static const struct {
	const char *name;
	void (*writer)(struct rh *, struct ob *);
} formats[] = {
	{ "state", rh_write_state },
	{ "table", rh_write_table },
	{ "lists", rh_write_lists }
};

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "resources", required_argument, NULL, 'R' },
		{ "events", required_argument, NULL, OPT_EVENTS },
		{ "reset-failures", no_argument, NULL, OPT_RESET_FAILURES },
		{ "max-age", required_argument, NULL, RH_OPT_MAX_AGE },
		{ "strict", no_argument, NULL, OPT_STRICT },
		{ "format", required_argument, NULL, OPT_FORMAT },
		{ "verbose", no_argument, NULL, 'v' },
		RH_TOOL_LONGOPTS
	};
	const char *resources = NULL, *events = NULL;
	struct rh_loadopt opt;
	struct rh_loadinfo info = { 0 };
	struct rh_tool t;
	size_t fmt = 0;
	int ch, reset = 0, verbose = 0, rc = 0;
	struct rh m;

	rh_tool_init(&t, "rh-load", help);
	rh_loadopt_init(&opt);
	while ((ch = opt_next(&t.d, argc, argv, "hqvR:o:", longopts)) != -1) {
		switch (ch) {
		case 'v':
			verbose = 1;
			break;
		case 'R':
			resources = optarg;
			break;
		case OPT_EVENTS:
			events = optarg;
			break;
		case OPT_RESET_FAILURES:
			reset = 1;
			break;
		case OPT_STRICT:
			opt.strict = 1;
			break;
		case OPT_FORMAT:
			for (fmt = 0; fmt < sizeof formats / sizeof *formats &&
			    strcmp(optarg, formats[fmt].name) != 0; fmt++)
				;
			if (fmt == sizeof formats / sizeof *formats)
				opt_usage(&t.d, "--format: '%s' is not state, "
				    "table or lists", optarg);
			break;
		default:
			rh_tool_opt(&t, ch);
		}
	}
	rh_tool_args(&t, argc, argv);
	opt.now = t.now;
	opt.max_age = t.max_age;
	opt.max_age_set = t.max_age_set;

	rh_init(&m);
	if (resources != NULL)
		rc = rh_read_resources(&m, resources, &t.d);
	if (rc == 0)
		rc = rh_load(&m, t.in, &opt, &info, &t.d);
	if (rc == 0 && info.dir) {	/* which file, for -v and the table */
		m.dir = t.in;
		m.from = info.path;
		if (verbose && info.path != NULL)
			fprintf(stderr, "rh-load: load %s\n", info.path);
	}
	if (rc == 0 && events != NULL)
		rc = rh_replay_events(&m, events, t.now, &t.d);
	if (rc == 0 && reset)
		rh_reset_failures(&m);
	if (rc == 0)
		rc = rh_tool_write(&t, &m, formats[fmt].writer);
	rh_free(&m);
	rh_loadinfo_free(&info);
	return rc;
}
