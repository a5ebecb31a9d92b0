/*
 * floor - the json-c floor: the least work any json-c filter does.
 *
 * Reads JSON values, parses each with one reused json_tokener (the flags
 * of common/base/jsonread.c), echoes its bytes and a newline to stdout and frees
 * the object. Nothing else: no pre-scan, no field access. 'make bench'
 * measures the tools against this.
 *
 *	floor [-s] [FILE | -]
 *
 * Without -s the input is NDJSON (one value per line, the last line may
 * lack its newline). With -s it is a whitespace-separated stream of
 * values, possibly pretty-printed (a Slider history), fed to the tokener
 * chunk by chunk.
 */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include <json-c/json.h>

#include "bench.h"
#include "diag.h"
#include "exitcode.h"
#include "options.h"
#include "outbuf.h"
#include "xalloc.h"

#define FL_CHUNK 65536

static const char help[] =
"usage: floor [-s] [FILE | -]\n"
"\n"
"The json-c floor of 'make bench': parse each value with one reused\n"
"tokener, echo it, free it.\n"
"\n"
"  -s, --stream   whitespace-separated values, not one per line\n"
"  -h, --help     show this help\n"
"      --version  show the version\n";

struct fl_in {
	int fd;
	const char *name;
	char *buf;
	size_t cap, beg, end;	/* unread bytes: buf[beg, end) */
	int eof;
	unsigned long line;	/* line of buf[beg] (line mode) */
};

/* Read more, keeping buf[beg, end). 1: bytes came, 0: end of input. */
static int
fl_fill(struct diag *d, struct fl_in *in)
{
	ssize_t n;

	if (in->eof)
		return 0;
	if (in->beg > 0) {
		memmove(in->buf, in->buf + in->beg, in->end - in->beg);
		in->end -= in->beg;
		in->beg = 0;
	}
	if (in->end == in->cap)
		xgrow((void **)&in->buf, &in->cap, in->cap + 1, 1);
	do
		n = read(in->fd, in->buf + in->end, in->cap - in->end);
	while (n < 0 && errno == EINTR);
	if (n < 0)
		diag_die(d, EXIT_IOERR, &(struct pos){ in->name, 0, 0 },
		    "read error: %s", strerror(errno));
	if (n == 0)
		in->eof = 1;
	in->end += (size_t)n;
	return n > 0;
}

static void
fl_bad(struct diag *d, struct fl_in *in, struct json_tokener *tok)
{
	struct pos p = { in->name, in->line, 0 };
	enum json_tokener_error e = json_tokener_get_error(tok);

	if (e == json_tokener_continue || e == json_tokener_success)
		diag_die(d, EXIT_DATAERR, &p, "unexpected end of value");
	diag_die(d, EXIT_DATAERR, &p, "%s", json_tokener_error_desc(e));
}

static void
fl_lines(struct diag *d, struct fl_in *in, struct json_tokener *tok,
    struct ob *out)
{
	size_t scan = 0;	/* no '\n' in buf[beg, beg+scan) */

	for (;;) {
		char *s = in->buf + in->beg, *nl;
		struct json_object *o;
		size_t len;

		nl = memchr(s + scan, '\n', in->end - in->beg - scan);
		if (nl == NULL) {
			scan = in->end - in->beg;
			if (fl_fill(d, in))
				continue;
			if (scan == 0)
				return;
			nl = in->buf + in->end;	/* a last line without '\n' */
			s = in->buf + in->beg;
		}
		len = (size_t)(nl - s);
		if (len > 0) {
			json_tokener_reset(tok);
			o = json_tokener_parse_ex(tok, s, (int)len);
			if (o == NULL ||
			    json_tokener_get_error(tok) != json_tokener_success)
				fl_bad(d, in, tok);
			ob_write(out, s, len);
			ob_putc(out, '\n');
			json_object_put(o);
		}
		in->beg += len + (nl < in->buf + in->end);
		in->line++;
		scan = 0;
		if (in->beg >= in->end && in->eof)
			return;
	}
}

static void
fl_stream(struct diag *d, struct fl_in *in, struct json_tokener *tok,
    struct ob *out)
{
	size_t fed = 0;		/* buf[beg, beg+fed) is inside the tokener */

	for (;;) {
		struct json_object *o;
		size_t n;

		if (fed == 0) {
			while (in->beg < in->end &&
			    strchr(" \t\r\n", in->buf[in->beg]) != NULL)
				in->beg++;
			json_tokener_reset(tok);
		}
		if (in->beg + fed == in->end) {
			if (fl_fill(d, in))
				continue;
			if (fed > 0)
				fl_bad(d, in, tok);
			return;
		}
		n = in->end - in->beg - fed;
		o = json_tokener_parse_ex(tok, in->buf + in->beg + fed, (int)n);
		if (o == NULL) {
			if (json_tokener_get_error(tok) != json_tokener_continue)
				fl_bad(d, in, tok);
			fed += n;
			continue;
		}
		fed += json_tokener_get_parse_end(tok);
		n = fed;	/* json-c may have taken whitespace after it */
		while (n > 0 && strchr(" \t\r\n", in->buf[in->beg + n - 1]))
			n--;
		ob_write(out, in->buf + in->beg, n);
		ob_putc(out, '\n');
		json_object_put(o);
		in->beg += fed;
		fed = 0;
	}
}

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "stream", no_argument, NULL, 's' },
		OPT_HELP_ENTRY,
		OPT_VERSION_ENTRY,
		{ NULL, 0, NULL, 0 }
	};
	struct diag d = DIAG_INIT("floor");
	struct fl_in in = { 0, "<stdin>", NULL, FL_CHUNK, 0, 0, 0, 1 };
	struct json_tokener *tok;
	struct ob out;
	int ch, stream = 0;

	opt_begin(&d);
	while ((ch = opt_next(&d, argc, argv, "hs", longopts)) != -1) {
		switch (ch) {
		case 'h':
			opt_help(&d, help);
		case 's':
			stream = 1;
			break;
		}
	}
	if (argc - optind > 1)
		opt_usage(&d, "one input at most");
	if (optind < argc && strcmp(argv[optind], "-") != 0) {
		in.name = argv[optind];
		in.fd = open(in.name, O_RDONLY | O_CLOEXEC);
		if (in.fd < 0)
			diag_die(&d, EXIT_NOINPUT, POS_NONE, "cannot open '%s': %s",
			    in.name, strerror(errno));
	}
	in.buf = xmalloc(in.cap);
	tok = json_tokener_new_ex(64 + 2);
	if (tok == NULL)
		xmalloc(SIZE_MAX);	/* reports out of memory */
	json_tokener_set_flags(tok, JSON_TOKENER_STRICT |
	    JSON_TOKENER_ALLOW_TRAILING_CHARS | JSON_TOKENER_VALIDATE_UTF8);
	ob_init(&out, 1);
	if (stream) {
		in.line = 0;	/* not counted */
		fl_stream(&d, &in, tok, &out);
	}
	else
		fl_lines(&d, &in, tok, &out);
	json_tokener_free(tok);
	free(in.buf);
	if (in.fd != 0)
		close(in.fd);
	return bench_finish(&d, &out);
}
