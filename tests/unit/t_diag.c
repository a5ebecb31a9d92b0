/* t_diag - the message format of diag.c */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <errno.h>
#include <sys/wait.h>

#include "diag.h"
#include "exitcode.h"
#include "tap.h"

/* Run f with stderr captured; return what it printed. */
static char *
capture(void (*f)(struct diag *), struct diag *d)
{
	static char buf[1024];
	FILE *tmp = tmpfile();
	int saved = dup(2);
	size_t n;

	fflush(stderr);
	dup2(fileno(tmp), 2);
	f(d);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	rewind(tmp);
	n = fread(buf, 1, sizeof buf - 1, tmp);
	buf[n] = '\0';
	fclose(tmp);
	return buf;
}

static void full(struct diag *d)
{
	struct pos p = { "apps.json", 3, 7 };

	is_int(diag_err(d, EXIT_DATAERR, &p, "bad %s", "thing"), 65,
	    "diag_err returns the status");
}
static void noline(struct diag *d)
{
	struct pos p = { "f", 0, 0 };

	diag_err(d, 1, &p, "x");
}
static void nopos(struct diag *d) { diag_err(d, 1, POS_NONE, "plain"); }
static void warn(struct diag *d)
{
	struct pos p = { "f", 2, 0 };

	diag_warn(d, &p, "careful");
}
static void sys(struct diag *d)
{
	errno = ENOENT;
	diag_syserr(d, 66, POS_NONE, "cannot open '%s'", "x");
}

/* A sink that keeps the last message. */
struct got {
	char text[256];
	struct pos pos;
	int warning;
	struct diag_msg msg;
};

static void
keep(void *arg, const struct diag_msg *m)
{
	struct got *g = arg;

	snprintf(g->text, sizeof g->text, "%s", m->text);
	g->pos = *m->pos;
	g->warning = m->warning;
	g->msg = *m;
	g->msg.text = g->text;
	g->msg.pos = &g->pos;
}

static void nested(struct diag *d)
{
	struct pos in = { "cm.yaml: cm/q.yaml", 4, 47 }, top = { in.file, 0, 0 };
	struct pos other = { "other.yaml", 4, 47 };

	diag_err(d, EXIT_CONFIG, &in, "deep");
	diag_err(d, EXIT_CONFIG, &top, "no line");
	diag_err(d, EXIT_CONFIG, &other, "elsewhere");
}

int
main(void)
{
	struct diag d = DIAG_INIT("tool");

	is_str(capture(full, &d), "tool: apps.json:3:7: bad thing\n", "file:line:col");
	is_str(capture(noline, &d), "tool: f: x\n", "file only");
	is_str(capture(nopos, &d), "tool: plain\n", "no position");
	is_str(capture(warn, &d), "tool: f:2: warning: careful\n", "warning, line only");
	is_str(capture(sys, &d), "tool: cannot open 'x': No such file or directory\n",
	    "strerror appended");
	is_int(d.nerr, 4, "errors counted");
	{
		struct diag_demoted dd;

		diag_demote(&dd, &d, "skipped: ");
		is_str(capture(full, &dd.d), "tool: apps.json:3:7: warning: skipped: "
		    "bad thing\n", "a demoted error reads as a warning");
		is_str(capture(sys, &dd.d), "tool: warning: skipped: cannot open 'x': "
		    "No such file or directory\n", "a demoted system error too");
		is_str(capture(warn, &dd.d), "tool: f:2: warning: careful\n",
		    "a warning passes through a demoting diag as it is");
		is_int(d.nerr, 4, "demoted errors are not counted as errors");
		is_int(d.nwarn, 4, "but as warnings");
		is_int(dd.d.nerr, 2, "the demoting diag counts them as errors");
		d.quiet = 1;
		is_str(capture(full, &dd.d), "", "-q silences demoted errors");
	}
	is_str(capture(warn, &d), "", "-q silences warnings");
	is_int(d.nwarn, 6, "warnings counted even when quiet");
	{
		struct diag m = DIAG_INIT("tool");
		struct got g = { 0 };

		m.sink = keep;
		m.sink_arg = &g;
		is_str(capture(full, &m), "", "messages sent to a sink leave stderr alone");
		is_str(g.text, "bad thing", "the sink has the text");
		ok(g.pos.line == 3 && g.pos.col == 7 && !g.warning, "its position and level");
		is_int(m.nerr, 1, "and the diag counted it");
		d.quiet = 0;
		d.sink = diag_drop;
		diag_put(&d, &g.msg);
		d.sink = NULL;
		is_int(d.nerr, 5, "diag_put counts a collected message");
		m.sink = diag_drop;
		is_str(capture(full, &m), "", "diag_drop drops");
		is_int(m.nerr, 2, "but the diag counts");
	}
	{
		/* a document inside a file: its positions, then the file's */
		struct diag n = DIAG_INIT("tool");
		struct got g = { 0 };

		diag_nest(&n, "cm.yaml: cm/q.yaml", "cm.yaml", "cm/q.yaml", 5, 16, 4);
		is_str(capture(nested, &n), "tool: cm.yaml:9:51: cm/q.yaml:4:47: "
		    "deep\ntool: cm.yaml:5:16: cm/q.yaml: no line\n"
		    "tool: other.yaml:4:47: elsewhere\n", "a literal block: line "
		    "for line, indented; no line: where the value begins; other "
		    "files as they were");
		diag_nest(&n, "cm.yaml: cm/q.yaml", "cm.yaml", "cm/q.yaml", 5, 16, -1);
		is_str(capture(nested, &n), "tool: cm.yaml:5:16: cm/q.yaml:4:47: "
		    "deep\ntool: cm.yaml:5:16: cm/q.yaml: no line\n"
		    "tool: other.yaml:4:47: elsewhere\n", "any other value: where "
		    "it begins (given again, it replaces the first)");
		is_int(n.nerr, 6, "counted as they come");
		diag_free(&n);
		ok(n.sink == NULL, "diag_free gives the diag its stderr back");
		n.sink = keep;		/* a sink of its own goes on behind it */
		n.sink_arg = &g;
		diag_nest(&n, "cm.yaml: cm/q.yaml", "cm.yaml", "cm/q.yaml", 5, 16, 4);
		is_str(capture(nested, &n), "", "a sink of its own still gets them");
		is_str(g.text, "elsewhere", "... after the nesting");
		diag_free(&n);
		ok(n.sink == keep && n.sink_arg == &g, "diag_free gives it back");
		diag_free(&n);
		ok(n.sink == keep, "and does nothing more the second time");
	}
	{
		/* whatever ran out of memory, the tool ends as xalloc ends it */
		pid_t pid;
		int st = 0;

		fflush(stdout);
		if ((pid = fork()) == 0) {
			struct diag c = DIAG_INIT("tool");

			freopen("/dev/null", "w", stderr);
			errno = ENOMEM;
			diag_syserr(&c, EXIT_NOINPUT, POS_NONE, "cannot open directory 'x'");
			_exit(0);
		}
		waitpid(pid, &st, 0);
		ok(WIFEXITED(st) && WEXITSTATUS(st) == EXIT_OSERR,
		    "a system error of ENOMEM is out of memory: exit 71");
	}
	return tap_done();
}
