/*
 * t_plcheck - check across releases agrees with check once per release,
 * on every configuration in tests/data and examples: for each, the
 * summary line of every release in 'check --compat all' is what 'check
 * --compat RELEASE' prints (without its "; ... load it"), the last line
 * names the releases that load it and those that refuse it as the single
 * checks do, and the exit status is 78 exactly when one release refuses.
 *
 * usage: t_plcheck [FILE...]   (default: every *.yaml, *.yml and *.json
 * under $TOP_SRCDIR/tests/data and $TOP_SRCDIR/examples)
 */
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "exitcode.h"
#include "xalloc.h"

#include "tap.h"

static char **files;
static size_t nfiles, capfiles;
static char tmp[] = "/tmp/t_plcheck.XXXXXX";	/* the output, rewritten */

static int
add(const char *path, const struct stat *st, int type, struct FTW *f)
{
	const char *dot = strrchr(path, '.');

	(void)st;
	(void)f;
	if (type == FTW_F && dot != NULL && (strcmp(dot, ".yaml") == 0 ||
	    strcmp(dot, ".yml") == 0 || strcmp(dot, ".json") == 0)) {
		xgrow((void **)&files, &capfiles, nfiles + 1, sizeof *files);
		files[nfiles++] = xstrdup(path);
	}
	return 0;
}

static int
cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * Check file by releases from..to, its output in *text (the caller frees
 * it); the status. The output goes to standard output, pointed at a file
 * that is rewritten, never truncated nor made anew, which would have the
 * file system sync it each time.
 */
static int
check(const char *file, size_t from, size_t to, char **text)
{
	struct diag d = DIAG_INIT("t_plcheck");
	struct pl_check k = { file, NULL, NULL, from, to, NULL };
	static int fd = -1;
	int saved, rc;
	off_t n;

	d.sink = diag_drop;
	fflush(stdout);
	if ((fd < 0 && (fd = open(tmp, O_RDWR | O_CREAT | O_EXCL, 0600)) < 0) ||
	    lseek(fd, 0, SEEK_SET) != 0 || (saved = dup(STDOUT_FILENO)) < 0 ||
	    dup2(fd, STDOUT_FILENO) < 0) {
		perror(tmp);
		exit(1);
	}
	rc = pl_check_run(&k, &d);
	if ((n = lseek(fd, 0, SEEK_CUR)) < 0 || dup2(saved, STDOUT_FILENO) < 0) {
		perror(tmp);
		exit(1);
	}
	close(saved);
	*text = xmalloc((size_t)n + 1);
	if (pread(fd, *text, (size_t)n, 0) != n) {
		perror(tmp);
		exit(1);
	}
	(*text)[n] = '\0';
	return rc;
}

/* "A to B, C" of the releases whose refused[] is r. */
static void
list(struct buf *b, const unsigned char *refused, int r)
{
	size_t i, j;
	int n = 0;

	for (i = 0; i < pl_nreleases; i = j) {
		for (j = i; j < pl_nreleases && refused[j] == refused[i]; j++)
			;
		if (refused[i] != r)
			continue;
		buf_printf(b, "%s%s", n++ > 0 ? ", " : " ", pl_releases[i].name);
		if (j - i > 1)
			buf_printf(b, " to %s", pl_releases[j - 1].name);
	}
}

/* The last line the range should write, from the single checks. */
static void
lastline(struct buf *b, const char *file, const unsigned char *refused)
{
	struct buf l[2] = { { 0 }, { 0 } };

	list(&l[0], refused, 0);
	list(&l[1], refused, 1);
	buf_printf(b, "%s: YuniKorn", file);
	if (l[0].n > 0)
		buf_printf(b, "%s load%s it%s", l[0].s,
		    strchr(l[0].s + 1, ' ') ? "" : "s", l[1].n > 0 ? "," : "");
	if (l[1].n > 0)
		buf_printf(b, "%s refuse%s it", l[1].s,
		    strchr(l[1].s + 1, ' ') ? "" : "s");
	buf_puts(b, "\n");
	buf_free(&l[0]);
	buf_free(&l[1]);
}

/* One configuration: 0 if the range agrees, else 1 with why on stdout. */
static int
one(const char *file)
{
	char *all, *line, *nl, *want, *hint;
	struct buf last = { 0 };
	unsigned char on[64];
	size_t i;
	int rc, bad = 0, any = 0;

	rc = check(file, 0, pl_nreleases - 1, &all);
	line = all;
	for (i = 0; i < pl_nreleases && !bad; i++) {
		int src = check(file, i, i, &want);

		if (src == EXIT_NOINPUT) {	/* no file to judge */
			free(want);
			free(all);
			return rc != EXIT_NOINPUT;
		}
		if ((hint = strstr(want, "; ")) != NULL &&
		    strstr(hint, " load") != NULL)
			strcpy(hint, ")\n");
		if ((nl = strchr(line, '\n')) == NULL ||
		    strncmp(line, want, (size_t)(nl - line + 1)) != 0 ||
		    want[nl - line + 1] != '\0') {
			printf("# %s %s: range says '%.*s', check says '%s'",
			    file, pl_releases[i].name, nl == NULL ? (int)strlen(line) :
			    (int)(nl - line), line, want);
			bad = 1;
		}
		free(want);
		any |= src != 0;
		on[i] = src != 0;
		for (line = nl != NULL ? nl + 1 : line; strncmp(line, "  ", 2) == 0;
		    line = strchr(line, '\n') + 1)
			;
	}
	if (!bad && (rc != 0) != any) {
		printf("# %s: range exits %d\n", file, rc);
		bad = 1;
	}
	lastline(&last, file, on);
	if (!bad && strcmp(line, last.s) != 0) {
		printf("# %s: the last line is '%s', not '%s'\n", file, line,
		    last.s);
		bad = 1;
	}
	free(all);
	buf_free(&last);
	return bad;
}

int
main(int argc, char **argv)
{
	const char *top = getenv("TOP_SRCDIR");
	char path[4096];
	size_t i, nbad = 0;

	if ((i = (size_t)mkstemp(tmp)) == (size_t)-1 || close((int)i) != 0 ||
	    unlink(tmp) != 0)
		return perror("mkstemp"), 1;
	if (argc > 1)
		for (i = 1; i < (size_t)argc; i++)
			add(argv[i], NULL, FTW_F, NULL);
	else {
		snprintf(path, sizeof path, "%s/tests/data", top ? top : ".");
		nftw(path, add, 16, FTW_PHYS);
		snprintf(path, sizeof path, "%s/examples", top ? top : ".");
		nftw(path, add, 16, FTW_PHYS);
	}
	qsort(files, nfiles, sizeof *files, cmp);
	ok(nfiles > 250 || argc > 1, "%zu configurations", nfiles);
	for (i = 0; i < nfiles; i++) {
		nbad += one(files[i]);
		free(files[i]);
	}
	free(files);
	ok(nbad == 0, "check --compat all agrees with check once per release "
	    "(%zu of %zu differ)", nbad, nfiles);
	unlink(tmp);
	return tap_done();
}
