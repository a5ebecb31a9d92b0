/*
 * options.h - command-line boilerplate shared by every tool: getopt_long
 * with placekit's usage errors (exit 64, "Try 'TOOL --help'."),
 * --help and --version, and checked parsing of option values.
 */
#ifndef PK_OPTIONS_H
#define PK_OPTIONS_H

#include <getopt.h>
#include <stdint.h>

#include "diag.h"

/* Long-only options get values from here up. */
enum { OPT_VERSION = 0x100, OPT_LONG_BASE };

#define OPT_VERSION_ENTRY { "version", no_argument, NULL, OPT_VERSION }
#define OPT_HELP_ENTRY { "help", no_argument, NULL, 'h' }

/* Process-wide setup for a filter: SIGPIPE becomes EPIPE, SIGXFSZ EFBIG. */
void opt_begin(struct diag *);

/*
 * getopt_long() that handles unknown options, missing arguments and
 * --version itself. shortopts must not start with ':' (it is added).
 */
int opt_next(struct diag *, int argc, char **argv, const char *shortopts,
    const struct option *longopts);

/* "TOOL: message" then "Try 'TOOL --help'." on stderr; exit 64. */
PK_NORETURN void opt_usage(struct diag *, const char *fmt, ...) PK_PRINTF(2, 3);
/* Print help text to stdout and exit 0 (or 74 if stdout fails). */
PK_NORETURN void opt_help(struct diag *, const char *text);

/* Value parsers: a bad value is a usage error naming the option. */
int64_t opt_instant(struct diag *, const char *opt, const char *arg);
int64_t opt_duration(struct diag *, const char *opt, const char *arg);
long long opt_int(struct diag *, const char *opt, const char *arg,
    long long min, long long max);

/* Flush and close stdout; report a failure. Returns 0 or EXIT_IOERR. */
int opt_close_stdout(struct diag *);

#endif
