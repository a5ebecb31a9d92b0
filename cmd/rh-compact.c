/*
 * rh-compact - compact a role history; purge old saves in a history directory
 */
#include <stdlib.h>

#include "diag.h"
#include "exitcode.h"
#include "opt.h"

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
	struct diag d = DIAG_INIT("rh-compact");
	int ch;

	opt_begin(&d);
	while ((ch = opt_next(&d, argc, argv, "hinqvo:", longopts)) != -1) {
		switch (ch) {
		case 'h':
			opt_help(&d, help);
		case OPT_NOW:
			(void)opt_instant(&d, "--now", optarg);
			break;
		case OPT_MAX_AGE:
			(void)opt_duration(&d, "--max-age", optarg);
			break;
		default:
			break;
		}
	}
	diag_err(&d, 0, POS_NONE, "not built yet");
	return 69;
}
