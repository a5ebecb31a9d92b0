/*
 * rh-request - plan container requests for a role on a state stream.
 */
#include <stdlib.h>

#include "diag.h"
#include "exitcode.h"
#include "opt.h"

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
