/*
 * pk-echo - the smallest placekit filter, for failure injection: copy
 * each JSON object of the input (NDJSON, or with -s a stream) to the
 * output, one per line, through the same reader and atomic -o writer as
 * the tools. Stops at the first bad record with its status.
 */
#include <stdlib.h>

#include "diag.h"
#include "exitcode.h"
#include "jsonread.h"
#include "options.h"
#include "output.h"

static const char help[] =
"usage: pk-echo [-s] [-o FILE] [FILE | -]\n"
"\n"
"Copy JSON objects to the output, one per line.\n"
"\n"
"  -s, --stream            the input is a whitespace-separated stream\n"
"  -o, --output FILE       write to FILE atomically\n";

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "stream", no_argument, NULL, 's' },
		{ "output", required_argument, NULL, 'o' },
		OPT_HELP_ENTRY,
		OPT_VERSION_ENTRY,
		{ NULL, 0, NULL, 0 }
	};
	struct diag d = DIAG_INIT("pk-echo");
	enum nj_mode mode = NJ_LINES;
	const char *path = NULL;
	struct output out;
	struct nj_reader *r;
	struct nj_value v;
	int ch, rc;

	opt_begin(&d);
	while ((ch = opt_next(&d, argc, argv, "hso:", longopts)) != -1) {
		switch (ch) {
		case 'h':
			opt_help(&d, help);
		case 's':
			mode = NJ_STREAM;
			break;
		case 'o':
			path = optarg;
			break;
		default:
			opt_usage(&d, "option '-%c' is unknown", ch);
		}
	}
	if (argc - optind > 1)
		opt_usage(&d, "too many operands");
	if ((rc = nj_open(&r, argv[optind], mode, &d)) != 0)
		return rc;
	if ((rc = out_open(&out, path, &d)) != 0) {
		nj_close(r);
		return rc;
	}
	nj_set_flush(r, &out.ob);
	while ((rc = nj_next(r, &v, 0)) == NJ_VALUE && !out_broken(&out)) {
		ob_write(&out.ob, v.text, v.len);
		ob_putc(&out.ob, '\n');
	}
	rc = nj_status(rc);
	nj_close(r);
	ch = out_close(&out, &d, rc != 0);
	return rc != 0 ? rc : ch;
}
