/* t_opt - option boilerplate: value parsers, usage errors, --version */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "exitcode.h"
#include "options.h"
#include "tap.h"

static struct diag d = DIAG_INIT("tool");
static char child_err[1024];

/* Run f in a child; return its exit status and keep its stderr. */
static int
in_child(void (*f)(void))
{
	int fds[2], status;
	ssize_t n;
	pid_t pid;

	if (pipe(fds) != 0)
		return -1;
	fflush(stdout);
	if ((pid = fork()) == 0) {
		dup2(fds[1], 2);
		dup2(open("/dev/null", O_WRONLY), 1);
		f();
		_exit(0);
	}
	close(fds[1]);
	for (size_t got = 0;; got += (size_t)n) {
		n = read(fds[0], child_err + got, sizeof child_err - 1 - got);
		if (n <= 0) {
			child_err[got] = '\0';
			break;
		}
	}
	close(fds[0]);
	waitpid(pid, &status, 0);
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static void bad_int(void) { opt_int(&d, "--keep", "3x", 0, 10); }
static void big_int(void) { opt_int(&d, "--keep", "11", 0, 10); }
static void bad_dur(void) { opt_duration(&d, "--max-age", "7x"); }
static void bad_now(void) { opt_instant(&d, "--now", "yesterday"); }
static void unknown(void)
{
	static const struct option lo[] = { { "now", required_argument, NULL, 'N' },
	    { NULL, 0, NULL, 0 } };
	char *argv[] = { "tool", "--nope=1", NULL };

	opt_next(&d, 2, argv, "q", lo);
}
static void missing(void)
{
	static const struct option lo[] = { { "now", required_argument, NULL, 'N' },
	    { NULL, 0, NULL, 0 } };
	char *argv[] = { "tool", "--now", NULL };

	optind = 1;
	opt_next(&d, 2, argv, "q", lo);
}
static void unknown_short(void)
{
	char *argv[] = { "tool", "-qz", NULL };
	static const struct option lo[] = { { NULL, 0, NULL, 0 } };

	optind = 1;
	while (opt_next(&d, 2, argv, "q", lo) != -1)
		;
}
static void version(void)
{
	static const struct option lo[] = { OPT_VERSION_ENTRY, { NULL, 0, NULL, 0 } };
	char *argv[] = { "tool", "--version", NULL };

	optind = 1;
	opt_next(&d, 2, argv, "", lo);
}

int
main(void)
{
	is_int(opt_int(&d, "--keep", "7", 0, 10), 7, "a number in range");
	is_int(opt_duration(&d, "--max-age", "7d"), 604800000, "a duration");
	is_int(opt_instant(&d, "--now", "1000"), 1000, "an instant");

	is_int(in_child(bad_int), EXIT_USAGE, "not a number: exit 64");
	is_str(child_err, "tool: --keep: '3x' is not a number\nTry 'tool --help'.\n",
	    "one line and the hint");
	is_int(in_child(big_int), EXIT_USAGE, "out of range: exit 64");
	is_str(child_err, "tool: --keep: 11 is too large (at most 10)\nTry 'tool --help'.\n",
	    "says the limit");
	is_int(in_child(bad_dur), EXIT_USAGE, "bad duration");
	is_int(in_child(bad_now), EXIT_USAGE, "bad time");
	is_int(in_child(unknown), EXIT_USAGE, "unknown long option");
	is_str(child_err, "tool: option '--nope' is unknown\nTry 'tool --help'.\n",
	    "names it without its value");
	is_int(in_child(missing), EXIT_USAGE, "missing value");
	is_str(child_err, "tool: option '--now' needs a value\nTry 'tool --help'.\n",
	    "names the option");
	is_int(in_child(unknown_short), EXIT_USAGE, "unknown short option in a cluster");
	is_str(child_err, "tool: option '-z' is unknown\nTry 'tool --help'.\n", "names it");
	is_int(in_child(version), 0, "--version exits 0");
	return tap_done();
}
