/*
 * placectl - run YuniKorn placement rules offline: place, explain,
 * check, diff, tree.
 */
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "exitcode.h"
#include "opt.h"

enum {
	OPT_COMPAT = OPT_LONG_BASE,
	OPT_KEEP_GOING,
	OPT_DOT
};

static const char help[] =
"usage: placectl place   [-q] [--keep-going] [-j N] [--compat V] [-p PART] -c FILE\n"
"                        [-o FILE] [FILE | -]\n"
"       placectl explain [-q] [--keep-going] [--compat V] [-p PART] -c FILE\n"
"                        [-o FILE] [FILE | -]\n"
"       placectl check   [-q] [--compat V] [-p PART] -c FILE\n"
"       placectl diff    [-q] [--keep-going] [--compat V] [-p PART] -c OLD -c NEW\n"
"                        [FILE | -]\n"
"       placectl tree    [-q] [--dot] [--compat V] [-p PART] -c FILE [FILE | -]\n"
"\n"
"Map applications to queues with a YuniKorn queue configuration.\n"
"\n"
"  -c, --config FILE       the queue configuration (YAML)\n"
"  -p, --partition NAME    the partition (default: default)\n"
"      --compat V          0.10 (default) or 1.7: which YuniKorn to behave like\n"
"  -j, --jobs N            parse and print in N threads (place)\n"
"      --keep-going        skip bad applications, count them, exit 65 at the end\n"
"      --dot               tree: Graphviz output\n"
"  -o, --output FILE       write to FILE atomically\n"
"  -q, --quiet             silence warnings\n"
"  -h, --help              show this help\n"
"      --version           show the version\n"
"\n"
"See placectl(1).\n";

static const char *const subcommands[] = {
	"place", "explain", "check", "diff", "tree", NULL
};

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
		{ "output", required_argument, NULL, 'o' },
		{ "quiet", no_argument, NULL, 'q' },
		OPT_HELP_ENTRY,
		OPT_VERSION_ENTRY,
		{ NULL, 0, NULL, 0 }
	};
	struct diag d = DIAG_INIT("placectl");
	const char *sub;
	int ch, i;

	opt_begin(&d);
	if (argc > 1 && argv[1][0] == '-') {	/* options before a subcommand */
		if (opt_next(&d, argc, argv, "c:hj:o:p:q", longopts) == 'h')
			opt_help(&d, help);
		opt_usage(&d, "options go after the subcommand");
	}
	if (argc < 2)
		opt_usage(&d, "missing subcommand (place, explain, check, diff, tree)");
	sub = argv[1];
	for (i = 0; subcommands[i] != NULL; i++)
		if (strcmp(sub, subcommands[i]) == 0)
			break;
	if (subcommands[i] == NULL)
		opt_usage(&d, "unknown subcommand '%s'", sub);
	argc--, argv++;
	while ((ch = opt_next(&d, argc, argv, "c:hj:o:p:q", longopts)) != -1) {
		switch (ch) {
		case 'h':
			opt_help(&d, help);
		default:
			break;
		}
	}
	diag_err(&d, 0, POS_NONE, "%s: not built yet", sub);
	return 69;
}
