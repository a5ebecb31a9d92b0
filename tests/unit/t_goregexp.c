/*
 * t_goregexp - Go's regular expressions as the scheduler's Go compiles
 * and matches them: every line of tests/data/regexp/golden.txt and
 * classes.txt, whose expectations Go's regexp wrote (see gen.go there).
 * A line is a quoted pattern, then either "! error" (Go refuses it, with
 * those words) or quoted subjects, each "=1" (Go finds a match in it) or
 * "=0". Each name is matched twice: by the automaton, and by the threads
 * alone (what runs when the automaton outgrows its budget).
 *
 * Then matching takes time linear in the name: expressions a backtracking
 * matcher takes exponential or polynomial time on, on names of n and 4n
 * characters, answer as Go does and their work (pl_re_work) grows four
 * times, not 16 or 2^3n; by the automaton, by the threads alone, and by
 * an automaton that runs out of states on the way. And the copies of a
 * repeated class share its characters, as Go's share their slice: 300
 * times \pL{1000} (300,000 classes of 1,292 characters) takes megabytes,
 * not gigabytes.
 *
 * usage: t_goregexp [FILE...]   (default: the two files of $TOP_SRCDIR)
 */
#include <sys/resource.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "goregexp.h"
#include "tap.h"

static int
hexdig(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

static void
put_rune(struct buf *b, unsigned long r)
{
	char u[4];

	if (r < 0x80)
		u[0] = (char)r, buf_add(b, u, 1);
	else if (r < 0x800) {
		u[0] = (char)(0xc0 | r >> 6);
		u[1] = (char)(0x80 | (r & 0x3f));
		buf_add(b, u, 2);
	} else if (r < 0x10000) {
		u[0] = (char)(0xe0 | r >> 12);
		u[1] = (char)(0x80 | (r >> 6 & 0x3f));
		u[2] = (char)(0x80 | (r & 0x3f));
		buf_add(b, u, 3);
	} else {
		u[0] = (char)(0xf0 | r >> 18);
		u[1] = (char)(0x80 | (r >> 12 & 0x3f));
		u[2] = (char)(0x80 | (r >> 6 & 0x3f));
		u[3] = (char)(0x80 | (r & 0x3f));
		buf_add(b, u, 4);
	}
}

/* A Go-quoted string (strconv.Quote's escapes) at *pp into out; 0 or -1. */
static int
unquote(const char **pp, struct buf *out)
{
	const char *p = *pp;
	unsigned long r;
	int k, n, d;

	buf_clear(out);
	if (*p++ != '"')
		return -1;
	for (; *p != '"'; p++) {
		if (*p == '\0')
			return -1;
		if (*p != '\\') {
			buf_add(out, p, 1);
			continue;
		}
		switch (*++p) {
		case 'a': buf_add(out, "\a", 1); break;
		case 'b': buf_add(out, "\b", 1); break;
		case 'f': buf_add(out, "\f", 1); break;
		case 'n': buf_add(out, "\n", 1); break;
		case 'r': buf_add(out, "\r", 1); break;
		case 't': buf_add(out, "\t", 1); break;
		case 'v': buf_add(out, "\v", 1); break;
		case '\\': case '"': case '\'': buf_add(out, p, 1); break;
		case 'x': case 'u': case 'U':
			n = *p == 'x' ? 2 : *p == 'u' ? 4 : 8;
			for (r = 0, k = 0; k < n; k++) {
				if ((d = hexdig(*++p)) < 0)
					return -1;
				r = r * 16 + (unsigned long)d;
			}
			if (n == 2) {
				char c = (char)r;

				buf_add(out, &c, 1);
			} else
				put_rune(out, r);
			break;
		default:
			return -1;
		}
	}
	*pp = p + 1;
	if (out->s == NULL)
		buf_add(out, "", 0);
	return 0;
}

/* One line: the pattern compiles or not as Go's does, and matches as Go. */
static void
run_line(const char *file, int ln, const char *line)
{
	struct buf pat = { 0 }, subj = { 0 }, err = { 0 }, want = { 0 };
	struct buf bad = { 0 };
	const char *p = line;
	struct pl_re *re, *th = NULL;
	int nbad = 0, nsubj = 0, m, mt;

	if (unquote(&p, &pat) != 0) {
		ok(0, "%s:%d: a quoted pattern", file, ln);
		return;
	}
	re = pl_re_compile(pat.s, pat.n, &err);
	if (strncmp(p, "\t! ", 3) == 0) {
		p += 3;
		if (unquote(&p, &want) != 0)
			buf_set(&want, "(bad line)", 10);
		ok(re == NULL && strcmp(err.s ? err.s : "", want.s) == 0,
		    "%s:%d: %s: Go refuses it", file, ln, pat.s);
		if (re != NULL)
			printf("#   compiled\n");
		else if (strcmp(err.s, want.s) != 0)
			printf("#   got:  %s\n#   want: %s\n", err.s, want.s);
		goto out;
	}
	if (re == NULL) {
		ok(0, "%s:%d: %s compiles", file, ln, pat.s);
		printf("#   %s\n", err.s);
		goto out;
	}
	th = pl_re_compile(pat.s, pat.n, &err);
	pl_re_max_states(th, 0);
	while (*p == '\t') {
		p++;
		if (unquote(&p, &subj) != 0 || p[0] != '=' ||
		    (p[1] != '0' && p[1] != '1')) {
			nbad++;
			buf_printf(&bad, " (bad subject)");
			break;
		}
		nsubj++;
		m = pl_re_match(re, subj.s, subj.n);
		mt = pl_re_match(th, subj.s, subj.n);
		if (m != p[1] - '0' || mt != m) {
			nbad++;
			if (nbad <= 8)
				buf_printf(&bad, " %s'%s'=%d,%d", nbad > 1 ? "," : "",
				    subj.s, m, mt);
		}
		p += 2;
	}
	ok(nbad == 0 && nsubj > 0, "%s:%d: %s matches as Go on %d subjects", file,
	    ln, pat.s, nsubj);
	if (nbad > 0)
		printf("#   %d differ:%s\n", nbad, bad.s);
out:
	pl_re_free(re);
	pl_re_free(th);
	buf_free(&pat);
	buf_free(&subj);
	buf_free(&err);
	buf_free(&want);
	buf_free(&bad);
}

static void
run_file(const char *path)
{
	const char *name = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
	FILE *f = fopen(path, "r");
	struct buf line = { 0 };
	int ln = 0, c, nlines = 0;

	if (f == NULL) {
		ok(0, "%s: cannot open", path);
		return;
	}
	for (;;) {
		buf_clear(&line);
		while ((c = getc(f)) != EOF && c != '\n') {
			char ch = (char)c;

			buf_add(&line, &ch, 1);
		}
		if (c == EOF && line.n == 0)
			break;
		ln++;
		if (line.n > 0 && line.s[0] == '"') {
			run_line(name, ln, line.s);
			nlines++;
		}
	}
	fclose(f);
	buf_free(&line);
	ok(nlines > 0, "%s: %d cases", name, nlines);
}

/* The work of one match of pat on n copies of unit, then tail. */
static unsigned long long
work(struct pl_re *re, const char *unit, size_t n, const char *tail, int *m)
{
	struct buf name = { 0 };
	unsigned long long before = pl_re_work(re);
	size_t k;

	for (k = 0; k < n; k++)
		buf_puts(&name, unit);
	buf_puts(&name, tail);
	*m = pl_re_match(re, name.s, name.n);
	buf_free(&name);
	return pl_re_work(re) - before;
}

/* states: the automaton's budget (1024 by default, 0 for none). */
static void
linear(const char *pat, const char *unit, const char *tail, int want,
    size_t states)
{
	struct buf err = { 0 };
	struct pl_re *re = pl_re_compile(pat, strlen(pat), &err);
	unsigned long long w1, w4;
	int m1, m4;

	if (re == NULL) {
		ok(0, "%s compiles: %s", pat, err.s);
		buf_free(&err);
		return;
	}
	pl_re_max_states(re, states);
	w1 = work(re, unit, 20000, tail, &m1);
	w4 = work(re, unit, 80000, tail, &m4);
	ok(m1 == want && m4 == want && w1 > 0 && w4 <= 4 * w1 + 4 * w1 / 10,
	    "%s on %s x 20000 then x 80000, then '%s', %zu states: %d, work "
	    "%llu then %llu", pat, unit, tail, states, want, w1, w4);
	pl_re_free(re);
	buf_free(&err);
}

/*
 * An expression whose automaton has thousands of states, on names of
 * 20000 and 80000 pseudo-random a and b then tail: it runs out of states,
 * the threads take over, the work stays linear.
 */
static void
runs_out(const char *pat, const char *tail, int want)
{
	struct buf err = { 0 }, name = { 0 };
	struct pl_re *re = pl_re_compile(pat, strlen(pat), &err);
	unsigned long long w[2], before;
	unsigned long x = 1;
	size_t len[2] = { 20000, 80000 }, k, i;
	int m[2];

	for (i = 0; i < 2 && re != NULL; i++) {
		buf_clear(&name);
		for (k = 0; k < len[i]; k++) {
			x = x * 1103515245 + 12345;
			buf_add(&name, x >> 16 & 1 ? "a" : "b", 1);
		}
		buf_puts(&name, tail);
		before = pl_re_work(re);
		m[i] = pl_re_match(re, name.s, name.n);
		w[i] = pl_re_work(re) - before;
	}
	ok(re != NULL && m[0] == want && m[1] == want &&
	    w[1] <= 4 * w[0] + 4 * w[0] / 10, "%s on 20000 then 80000 a and b, "
	    "then '%s': %d, work %llu then %llu", pat, tail, want,
	    re != NULL ? w[0] : 0, re != NULL ? w[1] : 0);
	pl_re_free(re);
	buf_free(&err);
	buf_free(&name);
}

static long
peak_kib(void)
{
	struct rusage ru;

	return getrusage(RUSAGE_SELF, &ru) == 0 ? ru.ru_maxrss : -1;
}

static void
shared_classes(void)
{
	struct buf pat = { 0 }, err = { 0 };
	struct pl_re *re;
	long before = peak_kib();
	int k;

	for (k = 0; k < 300; k++)
		buf_puts(&pat, "\\pL{1000}");
	re = pl_re_compile(pat.s, pat.n, &err);
	ok(re != NULL && pl_re_match(re, "abc", 3) == 0 &&
	    peak_kib() - before < 100 * 1024, "300 times \\pL{1000}: the "
	    "peak grew by %ld KiB", peak_kib() - before);
	pl_re_free(re);
	buf_free(&pat);
	buf_free(&err);
}

int
main(int argc, char **argv)
{
	const char *top = getenv("TOP_SRCDIR");
	char path[4096];
	int i;

	if (argc > 1) {
		for (i = 1; i < argc; i++)
			run_file(argv[i]);
		return tap_done();
	}
	snprintf(path, sizeof path, "%s/tests/data/regexp/golden.txt",
	    top != NULL ? top : ".");
	run_file(path);
	snprintf(path, sizeof path, "%s/tests/data/regexp/classes.txt",
	    top != NULL ? top : ".");
	run_file(path);

	linear("(a+)+(b|c)", "a", "", 0, 1024);
	linear("(a+)+(b|c)", "a", "c", 1, 1024);
	linear("^(a+)+$", "a", "!", 0, 1024);
	linear("(x+x+)+y", "x", "", 0, 1024);
	linear("(a|aa)*c", "a", "", 0, 1024);
	linear("(a*)*b", "a", "", 0, 1024);
	linear("^(a?){40}a{40}$", "a", "", 0, 1024);
	linear("(?i)(\\w+\\s?)*$", "Word ", "!", 1, 1024);
	linear("^(\\w+\\s?)*$", "Word ", "!", 0, 1024);
	linear("(.*a){12}", "a", "", 1, 1024);
	linear("(.*a){12}b", "a", "", 0, 1024);
	linear("(a+)+(b|c)", "a", "", 0, 0);
	linear("(a+)+(b|c)", "a", "c", 1, 0);
	linear("^(a+)+$", "a", "!", 0, 0);
	linear("(x+x+)+y", "x", "", 0, 0);
	linear("(a|aa)*c", "a", "", 0, 0);
	linear("(a*)*b", "a", "", 0, 0);
	linear("^(a?){40}a{40}$", "a", "", 0, 0);
	linear("(?i)(\\w+\\s?)*$", "Word ", "!", 1, 0);
	linear("^(\\w+\\s?)*$", "Word ", "!", 0, 0);
	linear("(.*a){12}", "a", "", 1, 0);
	linear("(.*a){12}b", "a", "", 0, 0);
	/* 2^13 states and more: the automaton runs out on the way */
	runs_out("(?:a|b)*a(?:a|b){12}c", "", 0);
	runs_out("(?:a|b)*a(?:a|b){12}c", "abbbbbbbbbbbbc", 1);
	shared_classes();
	return tap_done();
}
