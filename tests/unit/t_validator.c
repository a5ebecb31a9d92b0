/*
 * t_validator - YuniKorn's own verdict on every configuration in
 * tests/data/validator, for every release, in one process: loaded as
 * 'placectl check -q --compat RELEASE -c FILE' loads it (pl_part_load,
 * any partition, then the traps), the same verdict, and the first
 * message printed the one YuniKorn gives. One test per file, with a line
 * for each release that differs; then that the files cover every
 * release. The data's format is in tests/data/validator/README.
 *
 * usage: t_validator [DIR]   (default: $TOP_SRCDIR/tests/data/validator)
 */
#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buffer.h"
#include "compat.h"
#include "configmap.h"
#include "diag.h"
#include "exitcode.h"
#include "partition.h"
#include "tap.h"
#include "traps.h"

/* The releases the verdicts were taken from. */
static const char *const releases[] = {
	"0.10.0", "0.11.0", "0.12.2", "1.0.0", "1.1.0", "1.2.0", "1.3.0",
	"1.4.0", "1.5.0", "1.5.1", "1.5.2", "1.6.0", "1.6.3", "1.7.0", "1.8.0"
};
#define NREL (sizeof releases / sizeof releases[0])

/* A release's number for comparing ranges: 1.5.2 is 10502. */
static long
relnum(const char *s)
{
	long a = 0, b = 0, c = 0;

	sscanf(s, "%ld.%ld.%ld", &a, &b, &c);
	return a * 10000 + b * 100 + c;
}

/* Replace every from (a two-byte escape) by the byte to, in place. */
static void
unescape(char *s, const char *from, char to)
{
	char *r = s, *w = s;

	while (*r != '\0') {
		if (r[0] == from[0] && r[1] == from[1]) {
			*w++ = to;
			r += 2;
		} else
			*w++ = *r++;
	}
	*w = '\0';
}

/* s starts with "line N: " (N digits): its length, else 0. */
static size_t
line_prefix(const char *s)
{
	size_t n = 5;

	if (strncmp(s, "line ", 5) != 0 || !isdigit((unsigned char)s[5]))
		return 0;
	while (isdigit((unsigned char)s[n]))
		n++;
	return strncmp(s + n, ": ", 2) == 0 ? n + 2 : 0;
}

/*
 * The expected text of one "expect:" value, in place: "OK", or the
 * message as placectl prints it after FILE:LINE:COL: the JSON string's
 * quotes and backslashes undone, a go-yaml list's first item without its
 * "line N: " (the position takes its place), "yaml: line N: " as "yaml: ",
 * and, a message being one line, without the line break the scheduler
 * puts after a wrapping error's ": " (a line break in a value it quotes
 * is printed \n).
 */
static void
expected(char *e)
{
	static const char list[] = "yaml: unmarshal errors:\\n  ";
	size_t n;
	char *p;

	if (strcmp(e, "OK") == 0)
		return;
	if (strncmp(e, "ERROR ", 6) == 0)
		memmove(e, e + 6, strlen(e + 6) + 1);
	unescape(e, "\\\"", '"');
	unescape(e, "\\\\", '\\');
	if (strncmp(e, list, sizeof list - 1) == 0 &&
	    (n = line_prefix(e + sizeof list - 1)) > 0) {
		memmove(e, e + sizeof list - 1 + n,
		    strlen(e + sizeof list - 1 + n) + 1);
		for (p = strstr(e, "\\n  "); p != NULL; p = strstr(p + 1, "\\n  "))
			if (line_prefix(p + 4) > 0) {
				*p = '\0';
				break;
			}
	} else if (strncmp(e, "yaml: ", 6) == 0 && (n = line_prefix(e + 6)) > 0)
		memmove(e + 6, e + 6 + n, strlen(e + 6 + n) + 1);
	while ((p = strstr(e, ": \\n")) != NULL)
		memmove(p + 2, p + 4, strlen(p + 4) + 1);
}

/* The first message a load reports, as printed. */
struct first {
	struct buf b;
	int have;
};

static void
keep_first(void *arg, const struct diag_msg *m)
{
	struct first *f = arg;

	if (f->have++ == 0)
		diag_format(&f->b, "placectl", m);
}

/*
 * Check path as release rel, as placectl check -q does: its status
 * (0, or EXIT_CONFIG for errors) in *rc and the first message, after
 * "placectl: PATH:" and the position, in got.
 */
static void
check(const char *path, enum pl_compat c, int *rc, struct buf *got)
{
	struct diag d = DIAG_INIT("placectl");
	struct kcm_opts src = { NULL, NULL };
	struct first f = { { 0 }, 0 };
	struct pl_part p;
	const char *s;
	size_t plen = strlen(path);

	d.quiet = 1;
	d.sink = keep_first;
	d.sink_arg = &f;
	*rc = pl_part_load(&p, path, NULL, c, PL_LOAD_ANYPART, &src, &d);
	if (*rc == 0 && d.nerr == 0 && p.pc != NULL)
		(void)pl_traps(&p, &d);
	if (*rc == 0 && d.nerr > 0)
		*rc = EXIT_CONFIG;
	pl_part_free(&p);
	diag_free(&d);
	buf_set(got, "", 0);
	if (!f.have)
		return;
	s = f.b.s;
	if (strncmp(s, "placectl: ", 10) == 0 && strncmp(s + 10, path, plen) == 0 &&
	    s[10 + plen] == ':')
		s += 10 + plen + 1;
	/* the position: up to the first digit followed by ": " */
	for (const char *q = s; *q != '\0'; q++)
		if (isdigit((unsigned char)q[0]) && q[1] == ':' && q[2] == ' ') {
			s = q + 3;
			break;
		}
	buf_puts(got, s);
	if (got->n > 0 && got->s[got->n - 1] == '\n')
		got->s[--got->n] = '\0';
	buf_free(&f.b);
}

static int
yaml_name(const struct dirent *e)
{
	size_t n = strlen(e->d_name);

	return n > 5 && strcmp(e->d_name + n - 5, ".yaml") == 0;
}

/* One file: every release its "versions" lines name; how many lines
 * each release got in count[]. Returns how many differ. */
static int
one_file(const char *dir, const char *name, int count[NREL])
{
	char line[8192], *e;
	struct buf path = { 0 }, got = { 0 }, why = { 0 };
	FILE *fp;
	int bad = 0, rc;
	size_t r;

	buf_printf(&path, "%s/%s", dir, name);
	if ((fp = fopen(path.s, "r")) == NULL) {
		printf("#   %s: cannot open\n", path.s);
		buf_free(&path);
		return 1;
	}
	while (fgets(line, sizeof line, fp) != NULL) {
		char from[32], to[32], *dots, *sp;
		enum pl_compat c;

		if (strncmp(line, "# versions: ", 12) != 0)
			continue;
		line[strcspn(line, "\n")] = '\0';
		/* "# versions: 0.10.0..1.8.0 expect: ..." */
		dots = strstr(line + 12, "..");
		sp = strchr(line + 12, ' ');
		if (dots == NULL || sp == NULL || sp < dots ||
		    (e = strstr(sp, " expect: ")) != sp) {
			printf("#   %s: bad line '%s'\n", name, line);
			bad++;
			continue;
		}
		snprintf(from, sizeof from, "%.*s", (int)(dots - (line + 12)),
		    line + 12);
		snprintf(to, sizeof to, "%.*s", (int)(sp - dots - 2), dots + 2);
		e += 9;
		expected(e);
		for (r = 0; r < NREL; r++) {
			if (relnum(from) > relnum(releases[r]) ||
			    relnum(releases[r]) > relnum(to))
				continue;
			count[r]++;
			if (pl_compat_parse(releases[r], &c, &why) != 0) {
				printf("#   %s: %s\n", releases[r], why.s);
				bad++;
				continue;
			}
			check(path.s, c, &rc, &got);
			if (strcmp(e, "OK") == 0 ? rc == 0 :
			    rc == EXIT_CONFIG && strcmp(got.s, e) == 0)
				continue;
			printf("#   %s as %s: want '%s', got status %d '%s'\n",
			    name, releases[r], e, rc, got.s);
			bad++;
		}
	}
	fclose(fp);
	buf_free(&path);
	buf_free(&got);
	buf_free(&why);
	return bad;
}

int
main(int argc, char **argv)
{
	char dir[4096];
	const char *top = getenv("TOP_SRCDIR");
	struct dirent **names;
	int n, i, count[NREL];
	size_t r;

	if (argc > 1)
		snprintf(dir, sizeof dir, "%s", argv[1]);
	else
		snprintf(dir, sizeof dir, "%s/tests/data/validator",
		    top != NULL ? top : ".");
	if ((n = scandir(dir, &names, yaml_name, alphasort)) < 0) {
		perror(dir);
		return 1;
	}
	ok(n >= 183, "%d configurations in %s", n, dir);
	for (i = 0; i < n; i++) {
		int bad, cover = 1;

		memset(count, 0, sizeof count);
		bad = one_file(dir, names[i]->d_name, count);
		for (r = 0; r < NREL; r++)
			if (count[r] != 1) {
				printf("#   %s: %d verdicts for %s\n",
				    names[i]->d_name, count[r], releases[r]);
				cover = 0;
			}
		ok(bad == 0 && cover, "%s: every release's verdict and first "
		    "message", names[i]->d_name);
		free(names[i]);
	}
	free(names);
	return tap_done();
}
