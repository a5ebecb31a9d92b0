/*
 * rh-release - plan a shrink of a role on a state stream: cancel requests, release containers.
 */
#include <stdlib.h>

#include "diag.h"
#include "exitcode.h"
#include "opt.h"

enum {
	OPT_NOW = OPT_LONG_BASE,
	OPT_EMIT
};

static const char help[] =
"usage: rh-release [-q] -r ROLE -n COUNT [--now T] [--emit state|releases]\n"
"                  [-o FILE] [FILE | -]\n"
"\n"
"Plan a shrink of a role on a state stream: cancel requests, release containers.\n"
"\n"
"  -q, --quiet             silence warnings\n"
"  -r, --role ROLE         role name or id\n"
"  -n, --count COUNT       instances to remove\n"
"      --now T             the current time\n"
"      --emit WHAT         state (default) or releases\n"
"  -o, --output FILE       write to FILE atomically\n"
"  -h, --help              show this help\n"
"      --version           show the version\n"
"\n"
"See rh-release(1).\n";

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "quiet", no_argument, NULL, 'q' },
		{ "role", required_argument, NULL, 'r' },
		{ "count", required_argument, NULL, 'n' },
		{ "now", required_argument, NULL, OPT_NOW },
		{ "emit", required_argument, NULL, OPT_EMIT },
		{ "output", required_argument, NULL, 'o' },
		OPT_HELP_ENTRY,
		OPT_VERSION_ENTRY,
		{ NULL, 0, NULL, 0 }
	};
	struct diag d = DIAG_INIT("rh-release");
	int ch;

	opt_begin(&d);
	while ((ch = opt_next(&d, argc, argv, "hqr:n:o:", longopts)) != -1) {
		switch (ch) {
		case 'h':
			opt_help(&d, help);
		default:
			break;
		}
	}
	diag_err(&d, 0, POS_NONE, "not built yet");
	return 69;
}
