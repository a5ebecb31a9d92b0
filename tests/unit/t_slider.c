/*
 * t_slider - rh-load against Slider's own reader, without Java: the golden
 * cases of tests/data/slider (cases.txt), each what Slider's reader
 * (RoleHistoryWriter.read on Avro 1.7.4 and Jackson 1.9.13) made of a
 * file, as tests/slider/slider-diff.py wrote it down:
 *
 *	NAME<TAB>accept
 *	<TAB>header VERSION SAVED "SAVEDX" "SAVEDATE" ROLES
 *	<TAB>map "NAME" ID			(the mapping Slider keeps)
 *	<TAB>entry "HOST" ROLE LAST_USED	(after the restart rebuild)
 *	NAME<TAB>refuse<TAB>Slider: "WORDS"	(or Slider: CLASS)
 *
 * Strings as rh-load writes them (JSON, NUL and unpaired surrogates as
 * \u escapes), lines sorted by their bytes. An entry whose role id
 * cannot be a role is not there: rh-load drops it with a warning.
 *
 * Each case is read with --strict (the same verdict; Slider's words as
 * the last message ends with them; the same values) and without (a file
 * Slider takes: the same values, and no word of a refusal; one it
 * refuses and placekit reads anyway: Slider's words in a warning).
 *
 * usage: t_slider [DIR]   (default: $TOP_SRCDIR/tests/data/slider)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "jsonwrite.h"
#include "msgs.h"
#include "outbuf.h"
#include "reader.h"
#include "rolehistory.h"
#include "tap.h"
#include "xalloc.h"

/* s (n bytes, Java UTF-8) as rh-load writes a JSON string, into b. */
static void
literal(struct buf *b, const char *s, size_t n)
{
	FILE *f = tmpfile();
	struct ob o;
	char chunk[4096];
	size_t k;

	if (f == NULL)
		abort();
	ob_init(&o, fileno(f));
	jw_escape(&o, s, n);
	if (ob_finish(&o) != 0)
		abort();
	rewind(f);
	while ((k = fread(chunk, 1, sizeof chunk, f)) > 0)
		buf_add(b, chunk, k);
	fclose(f);
}

static int
by_bytes(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The model's values as the golden lines, sorted, into out. */
static void
values(const struct rh *m, struct buf *out)
{
	char **v = NULL;
	size_t n = 0, cap = 0, i, k;
	struct buf b = { NULL, 0, 0 };

#define LINE() do { \
	xgrow((void **)&v, &cap, n + 1, sizeof *v); \
	v[n++] = xstrdup(b.s); \
	buf_clear(&b); \
} while (0)
	buf_printf(&b, "header 1 %lld ", (long long)m->saved);
	literal(&b, m->savedx != NULL ? m->savedx : "",
	    m->savedx != NULL ? strlen(m->savedx) : 0);
	buf_puts(&b, " ");
	literal(&b, m->savedate != NULL ? m->savedate : "",
	    m->savedate != NULL ? strlen(m->savedate) : 0);
	buf_printf(&b, " %ld", (long)m->roles_count);
	LINE();
	for (i = 0; i < m->nfilemap; i++) {
		buf_puts(&b, "map ");
		literal(&b, m->filemap[i].name, strlen(m->filemap[i].name));
		buf_printf(&b, " %ld", (long)m->filemap[i].id);
		LINE();
	}
	for (i = 0; i < m->nnodes; i++)
		for (k = 0; k < m->nodes[i].nent; k++) {
			buf_puts(&b, "entry ");
			literal(&b, m->nodes[i].host, m->nodes[i].hostlen);
			buf_printf(&b, " %ld %lld", (long)m->nodes[i].ent[k].role,
			    (long long)m->nodes[i].ent[k].last_used);
			LINE();
		}
#undef LINE
	qsort(v, n, sizeof *v, by_bytes);
	for (i = 0; i < n; i++) {
		buf_puts(out, "\t");
		buf_puts(out, v[i]);
		buf_puts(out, "\n");
		free(v[i]);
	}
	free(v);
	buf_free(&b);
}

/* Load path (strict or not): its status, the values, what was said. */
static int
load(const char *path, int strict, struct buf *vals, struct buf *said)
{
	struct diag d = DIAG_INIT("rh-load");
	struct rh_loadopt opt;
	static char text[65536];
	struct msgs k;
	struct rh m;
	int rc;

	msgs_catch(&d, &k);
	rh_loadopt_init(&opt);
	opt.strict = strict;
	opt.max_age = 0;
	opt.now = INT64_C(1500000000000);
	rh_init(&m);
	rc = rh_load_file(&m, path, &opt, NULL, &d);
	if (rc == 0)
		values(&m, vals);
	rh_free(&m);
	msgs_take(&k, text, sizeof text);
	buf_puts(said, text);
	return rc;
}

/* The last line of s ends with w? */
static int
last_ends(const struct buf *s, const char *w)
{
	const char *e, *l;
	size_t n = strlen(w);

	if (s->n == 0)
		return 0;
	e = s->s + s->n - (s->s[s->n - 1] == '\n');
	for (l = e; l > s->s && l[-1] != '\n'; l--)
		;
	return (size_t)(e - l) >= n && memcmp(e - n, w, n) == 0;
}

/*
 * Does Slider refuse it for placekit's own records or counters (a state
 * stream, read without a word of Slider's)? A rough test, as the
 * differential script's: such a refusal, and a counter in the file.
 */
static int
state_stream(const char *path, const char *words)
{
	static const char *const counters[] = { "\"requested\"", "\"starting\"",
		"\"live\"", "\"releasing\"", "\"failed\"", "\"failed_recently\"",
		"\"start_failed\"", "\"preempted\"", "\"untrusted\"" };
	static char text[1 << 20];
	size_t i, n;
	FILE *f;

	if (strstr(words, "Unknown union branch placekit.") != NULL)
		return 1;
	if (strstr(words, "Expected record-end. Got FIELD_NAME") == NULL &&
	    strstr(words, "Expected Unknown fields") == NULL)
		return 0;
	if ((f = fopen(path, "rb")) == NULL)
		return 0;
	n = fread(text, 1, sizeof text - 1, f);
	fclose(f);
	text[n] = '\0';
	for (i = 0; i < sizeof counters / sizeof *counters; i++)
		if (strstr(text, counters[i]) != NULL)
			return 1;
	return 0;
}

static void
check(const char *dir, const char *name, const char *want, const char *words)
{
	struct buf path = { NULL, 0, 0 }, vals = { NULL, 0, 0 };
	struct buf said = { NULL, 0, 0 };
	int rc;

	buf_printf(&path, "%s/%s", dir, name);
	rc = load(path.s, 1, &vals, &said);
	if (words == NULL) {
		ok(rc == 0, "%s: Slider takes it, --strict too", name);
		is_str(vals.s != NULL ? vals.s : "", want, "%s: the same values",
		    name);
	} else {
		ok(rc == 65, "%s: Slider refuses it, --strict too", name);
		ok(last_ends(&said, words), "%s: in Slider's words: %s", name,
		    words);
		if (!last_ends(&said, words))
			printf("#   said: %s", said.s != NULL ? said.s : "");
	}
	buf_clear(&vals);
	buf_clear(&said);
	rc = load(path.s, 0, &vals, &said);
	if (words == NULL) {
		ok(rc == 0, "%s: read without --strict", name);
		is_str(vals.s != NULL ? vals.s : "", want, "%s: the same values "
		    "without --strict", name);
		ok(said.s == NULL || strstr(said.s, "Slider refuses") == NULL,
		    "%s: no word of a refusal", name);
	} else if (rc == 0)
		ok(strstr(said.s != NULL ? said.s : "", words) != NULL ||
		    state_stream(path.s, words),
		    "%s: read without --strict, saying Slider refuses it (but "
		    "for a state stream)", name);
	buf_free(&path);
	buf_free(&vals);
	buf_free(&said);
}

int
main(int argc, char **argv)
{
	const char *top = getenv("TOP_SRCDIR");
	char dir[4096], file[4200], line[8192], name[512];
	struct buf want = { NULL, 0, 0 };
	char *words = NULL, *t;
	int have = 0, ncases = 0;
	FILE *f;

	if (argc > 1)
		snprintf(dir, sizeof dir, "%s", argv[1]);
	else
		snprintf(dir, sizeof dir, "%s/tests/data/slider",
		    top != NULL ? top : ".");
	snprintf(file, sizeof file, "%s/cases.txt", dir);
	if ((f = fopen(file, "r")) == NULL) {
		ok(0, "cannot open %s", file);
		return tap_done();
	}
	for (;;) {
		char *got = fgets(line, sizeof line, f);

		if (got == NULL || line[0] != '\t') {
			if (have) {
				check(dir, name, want.s != NULL ? want.s : "",
				    words);
				ncases++;
			}
			free(words);
			words = NULL;
			buf_clear(&want);
			have = 0;
			if (got == NULL)
				break;
			line[strcspn(line, "\n")] = '\0';
			if ((t = strchr(line, '\t')) == NULL)
				continue;
			*t++ = '\0';
			snprintf(name, sizeof name, "%s", line);
			if (strncmp(t, "refuse\t", 7) == 0)
				words = xstrdup(t + 7);
			have = 1;
		} else
			buf_puts(&want, line);
	}
	fclose(f);
	buf_free(&want);
	ok(ncases >= 100, "%d golden cases", ncases);
	return tap_done();
}
