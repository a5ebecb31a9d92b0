/*
 * options.c - option parsing boilerplate (getopt_long wrapper, usage
 * errors, --help, --version, value parsers).
 */
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "exitcode.h"
#include "options.h"
#include "suggest.h"
#include "timefmt.h"

void
opt_begin(struct diag *d)
{
	(void)d;
	signal(SIGPIPE, SIG_IGN);
	signal(SIGXFSZ, SIG_IGN);	/* a file size limit is EFBIG, reported */
}

void
opt_usage(struct diag *d, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", d->prog);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nTry '%s --help'.\n", d->prog);
	exit(EXIT_USAGE);
}

int
opt_close_stdout(struct diag *d)
{
	int bad = fflush(stdout) != 0 || ferror(stdout);

	if (fclose(stdout) != 0)
		bad = 1;
	if (bad && errno != EPIPE)
		return diag_syserr(d, EXIT_IOERR, POS_NONE, "write error");
	return 0;
}

void
opt_help(struct diag *d, const char *text)
{
	fputs(text, stdout);
	exit(opt_close_stdout(d));
}

int
opt_next(struct diag *d, int argc, char **argv, const char *shortopts,
    const struct option *longopts)
{
	char spec[64];
	int ch;

	snprintf(spec, sizeof spec, ":%s", shortopts);
	opterr = 0;
	ch = getopt_long(argc, argv, spec, longopts, NULL);
	switch (ch) {
	case OPT_VERSION:
		printf("%s (%s) %s\n", d->prog, PACKAGE_NAME, PACKAGE_VERSION);
		exit(opt_close_stdout(d));
	case ':':
	case '?': {
		const char *arg = argv[optind - 1];
		int n = (int)strcspn(arg, "=");
		const char *what = ch == ':' ? "needs a value" : "is unknown";

		if (strncmp(arg, "--", 2) == 0) {
			const char *names[64], *near = NULL;
			char word[64];
			size_t k;

			for (k = 0; k < 64 && longopts[k].name != NULL; k++)
				names[k] = longopts[k].name;
			snprintf(word, sizeof word, "%.*s", n - 2, arg + 2);
			if (ch == '?')
				near = sg_closest(word, names, k);
			if (near != NULL)
				opt_usage(d, "option '%.*s' %s (did you mean "
				    "'--%s'?)", n, arg, what, near);
			opt_usage(d, "option '%.*s' %s", n, arg, what);
		}
		opt_usage(d, "option '-%c' %s", optopt, what);
	}
	}
	return ch;
}

/* arg parsed by parse, or a usage error saying it is not what. */
static int64_t
parsed(struct diag *d, const char *opt, const char *arg,
    int (*parse)(const char *, int64_t *), const char *what)
{
	int64_t v;

	if (parse(arg, &v) != 0)
		opt_usage(d, "%s: '%s' is not %s", opt, arg, what);
	return v;
}

int64_t
opt_instant(struct diag *d, const char *opt, const char *arg)
{
	return parsed(d, opt, arg, tm_parse_instant, "a time (milliseconds "
	    "since the epoch or ISO-8601 such as 2026-11-22T10:00:00Z, from "
	    "1970 to 9999)");
}

int64_t
opt_duration(struct diag *d, const char *opt, const char *arg)
{
	return parsed(d, opt, arg, tm_parse_duration, "a duration (like 500ms, "
	    "30s, 15m, 6h, 7d, 2w, or seconds)");
}

long long
opt_int(struct diag *d, const char *opt, const char *arg, long long min,
    long long max)
{
	char *end;
	long long v;

	errno = 0;
	v = strtoll(arg, &end, 10);
	if (end == arg || *end != '\0' || errno == ERANGE)
		opt_usage(d, "%s: '%s' is not a number", opt, arg);
	if (v < min)
		opt_usage(d, "%s: %s is too small (at least %lld)", opt, arg, min);
	if (v > max)
		opt_usage(d, "%s: %s is too large (at most %lld)", opt, arg, max);
	return v;
}
