/* t_ndjson - the line and stream readers: values, positions, bad input */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "jsonread.h"
#include "msgs.h"
#include "tap.h"

static char errbuf[8192];
static size_t rdmax;		/* bytes per read(2) in run(), 0: any */

/*
 * Read all of text in the given mode; return a summary: one line per
 * result, "V line:col" for a value, "B" for a bad record, "E" at the end;
 * what the reader reported goes to errbuf.
 */
static const char *
run(const char *text, size_t len, enum nj_mode mode, size_t maxlen)
{
	static char out[8192];
	struct diag d = DIAG_INIT("t");
	struct nj_reader *r;
	struct nj_value v;
	FILE *in = tmpfile();
	struct msgs k;
	int rc;

	fwrite(text, 1, len, in);
	rewind(in);
	msgs_catch(&d, &k);
	r = nj_fdopen(fileno(in), "in", mode, &d);
	nj_set_limits(r, maxlen, rdmax);
	out[0] = '\0';
	do {
		char line[64];

		rc = nj_next(r, &v, 0);
		if (rc == NJ_VALUE)
			snprintf(line, sizeof line, "V%lu:%lu ", v.pos.line, v.pos.col);
		else
			snprintf(line, sizeof line, "%s", rc == NJ_BAD ? "B " :
			    rc == NJ_EOF ? "E" : "IO ");
		strcat(out, line);
	} while (rc != NJ_EOF && rc != NJ_IOERR && strlen(out) < 8000);
	nj_close(r);
	msgs_take(&k, errbuf, sizeof errbuf);
	fclose(in);
	return out;
}

#define LINES(s) run(s, sizeof(s) - 1, NJ_LINES, 0)

/* The idle hook: the input arrives only when the reader would wait. */
struct late {
	int fd;			/* the pipe's write end, -1 once written */
	const char *text;
	int called;
};

static void
idle(void *arg)
{
	struct late *l = arg;

	l->called++;
	if (l->fd >= 0) {
		if (write(l->fd, l->text, strlen(l->text)) < 0)
			perror("write");
		close(l->fd);
		l->fd = -1;
	}
}

/* A sink that prints as a diag would, to another file. */
static void
to_file(void *arg, const struct diag_msg *m)
{
	fprintf(arg, "t: %s:%lu:%lu: %s\n", m->pos->file, m->pos->line,
	    m->pos->col, m->text);
}

/* A diag whose messages are kept in text, as it would print them. */
struct caught {
	struct diag d;
	char *text;
	size_t len;
};

static struct diag *
catch(struct caught *c)
{
	c->d = (struct diag)DIAG_INIT("t");
	c->d.sink = to_file;
	c->text = NULL;
	c->d.sink_arg = open_memstream(&c->text, &c->len);
	return &c->d;
}

static const char *
caught(struct caught *c)
{
	fflush(c->d.sink_arg);
	return c->text;
}

static void
catch_end(struct caught *c)
{
	fclose(c->d.sink_arg);
	free(c->text);
}

/* A file that holds text. */
static FILE *
input(const char *text, size_t len)
{
	FILE *in = tmpfile();

	fwrite(text, 1, len, in);
	rewind(in);
	return in;
}

/* NJ_RAW hands out lines that nj_parse checks as nj_next would. */
static void
raw_lines(void)
{
	static const char text[] = "{\"a\":1}\n\n  {\"b\":[2]}  \n{\"c\":x}\n{}";
	struct diag pd = DIAG_INIT("t");
	struct caught c;
	struct nj_reader *r, *p;
	struct nj_value v, pv;
	struct late late = { -1, text, 0 };
	int fds[2];

	if (pipe(fds) != 0) {
		perror("pipe");
		exit(1);
	}
	late.fd = fds[1];
	r = nj_fdopen(fds[0], "in", NJ_LINES, catch(&c));
	p = nj_fdopen(-1, "in", NJ_LINES, &pd);
	nj_set_idle(r, idle, &late);
	ok(nj_next(r, &v, NJ_RAW) == NJ_VALUE && v.obj == NULL, "a raw line");
	is_str(v.text[v.len] == '\n' ? "nl" : "?", "nl", "without its newline");
	ok(late.called > 0, "the idle hook ran before the reader waited");
	nj_feed(p, v.text, v.len, &v.pos);
	ok(nj_next(p, &pv, 0) == NJ_VALUE &&
	    json_object_object_length(pv.obj) == 1, "parsed by another reader");
	ok(nj_parse(r, &pv) == NJ_VALUE && json_object_object_length(pv.obj) == 1,
	    "parsed in place");
	ok(nj_next(r, &v, NJ_RAW) == NJ_VALUE, "blank lines are skipped");
	is_int(v.pos.line * 100 + v.pos.col, 303, "position after the blanks");
	is_int(v.len, 11, "trailing blanks are kept for the parser");
	ok(nj_parse(r, &pv) == NJ_VALUE &&
	    pv.len == 9 && pv.pos.line == 3 && pv.pos.col == 3,
	    "the value's bytes and position");
	ok(nj_next(r, &v, NJ_RAW) == NJ_VALUE, "a bad line is handed out raw");
	is_int(nj_parse(r, &pv), NJ_BAD, "and refused by the parser");
	is_str(caught(&c), "t: in:4:6: unexpected character\n", "with its position");
	ok(nj_next(r, &v, NJ_RAW) == NJ_VALUE && v.len == 2, "a last line without newline");
	is_int(nj_next(r, &v, NJ_RAW), NJ_EOF, "then the end");
	is_int(late.called, 1, "the idle hook ran once: then the input was all there");
	nj_close(p);
	nj_close(r);
	close(fds[0]);
	catch_end(&c);
}

/* NJ_BLOCK hands out lines a block at a time; a fed reader reads them. */
static void
blocks(void)
{
	static const char text[] = "{\"a\":1}\n\n  {\"b\":x}\n{}";
	FILE *in = input(text, sizeof text - 1);
	struct caught c;
	struct nj_reader *r = nj_fdopen(fileno(in), "in", NJ_LINES, catch(&c));
	struct nj_reader *p = nj_fdopen(-1, "in", NJ_LINES, &c.d);
	struct nj_value v, pv;

	ok(nj_next(r, &v, NJ_BLOCK) == NJ_VALUE && v.obj == NULL &&
	    v.len == sizeof text - 3 && v.pos.line == 1 && v.pos.col == 1,
	    "a block: every complete line");
	nj_feed(p, v.text, v.len, &v.pos);
	ok(nj_next(p, &pv, 0) == NJ_VALUE && pv.pos.line == 1, "its first line");
	ok(nj_next(p, &pv, NJ_RAW) == NJ_VALUE && pv.pos.line == 3 &&
	    pv.pos.col == 3, "a raw line of it, after the blank one");
	is_int(nj_parse(p, &pv), NJ_BAD, "refused");
	is_str(caught(&c), "t: in:3:8: unexpected character\n",
	    "at its place in the input");
	is_int(nj_next(p, &pv, 0), NJ_EOF, "the end of the block");
	ok(nj_next(r, &v, NJ_BLOCK) == NJ_VALUE && v.len == 2 &&
	    v.pos.line == 4 && v.pos.col == 1, "the last line, without its newline");
	nj_feed(p, v.text, v.len, &v.pos);
	ok(nj_next(p, &pv, 0) == NJ_VALUE && pv.pos.line == 4 && pv.len == 2,
	    "read by the other reader");
	is_int(nj_next(r, &v, NJ_BLOCK), NJ_EOF, "the end of the input");
	nj_close(p);
	nj_close(r);
	fclose(in);
	catch_end(&c);
}

/* In a stream, a raw record is read in place or skipped by the caller. */
static void
raw_stream(void)
{
	static const char text[] = " {\"a\":1}\n{\"b\":\n2}{}";
	struct diag d = DIAG_INIT("t");
	struct nj_reader *r;
	struct nj_value v;
	FILE *in = input(text, sizeof text - 1);

	r = nj_fdopen(fileno(in), "in", NJ_STREAM, &d);
	ok(nj_next(r, &v, NJ_RAW) == NJ_VALUE && v.obj == NULL &&
	    v.len == sizeof text - 2 && v.pos.line == 1 && v.pos.col == 2,
	    "a raw record: what is buffered from the value on");
	ok(nj_next(r, &v, NJ_RAW) == NJ_VALUE && v.pos.col == 2,
	    "not skipped: handed out again");
	nj_skip(r, 7);
	ok(nj_next(r, &v, NJ_RAW) == NJ_VALUE && v.pos.line == 2 &&
	    v.pos.col == 1, "skipped: the next one, after the blanks");
	ok(nj_parse(r, &v) == NJ_VALUE && v.obj != NULL && v.len == 8 &&
	    v.pos.line == 2, "parsed in place, across lines");
	ok(nj_next(r, &v, 0) == NJ_VALUE && v.pos.line == 3 && v.pos.col == 3,
	    "then the usual way");
	is_int(nj_next(r, &v, NJ_RAW), NJ_EOF, "the end");
	nj_close(r);
	fclose(in);
}

/* Opening: a missing file, and the names positions carry. */
static void
opening(void)
{
	struct diag d = DIAG_INIT("t");
	struct nj_reader *r = (struct nj_reader *)&d;

	d.sink = diag_drop;
	is_int(nj_open(&r, "/nonexistent/in", NJ_LINES, &d), 66,
	    "a missing file is 66");
	d.sink = NULL;
	ok(r == NULL && d.nerr == 1, "reported, no reader");
	is_int(nj_open(&r, "-", NJ_STREAM, &d), 0, "stdin");
	is_str(nj_name(r), "<stdin>", "named so");
	nj_close(r);
	nj_close(NULL);
}

#define STREAM(s) run(s, sizeof(s) - 1, NJ_STREAM, 0)

/* First value of text, as compact JSON. */
static const char *
first(const char *text, enum nj_mode mode)
{
	static char out[1024];
	struct diag d = DIAG_INIT("t");
	struct nj_reader *r;
	struct nj_value v;
	FILE *in = tmpfile();

	fputs(text, in);
	rewind(in);
	r = nj_fdopen(fileno(in), "in", mode, &d);
	if (nj_next(r, &v, 0) == NJ_VALUE) {
		snprintf(out, sizeof out, "%s|%.*s", json_object_to_json_string_ext(
		    v.obj, JSON_C_TO_STRING_PLAIN), (int)v.len, v.text);
	} else
		strcpy(out, "(none)");
	nj_close(r);
	fclose(in);
	return out;
}

static char *
nested(int depth)
{
	char *s = malloc(2 * (size_t)depth + 16);
	int i;

	strcpy(s, "{\"a\":");
	for (i = 1; i < depth; i++)
		strcat(s, "[");
	strcat(s, "1");
	for (i = 1; i < depth; i++)
		strcat(s, "]");
	strcat(s, "}\n");
	return s;
}

/* Records cut short in a stream: where the damage is. */
static void
cut_short(void)
{
	static const char *const cuts[] = {
		/* a line cut in a string, in a number, after a value */
		"{\"a\":1}\n{\"b\":\"xy\n{\"c\":2}\n",
		"{\"a\":1}\n{\"b\":[1,-\n{\"c\":2}\n",
		"{\"a\":1}\n{\"b\":{\"x\":1}\n{\"c\":2}\n",
		/* cut after a colon: it goes on with the next record */
		"{\"a\":1}\n{\"b\":\n{\"c\":2}\n{\"d\":3}\n",
		/* pretty-printed */
		"{\"a\":1}\n{\n  \"b\": [\n    1\n{\n  \"c\": 2\n}\n"
	};
	static const char *const into[] = { "3:1", "3:1", "3:1", "3:1", "5:1" };
	char want[128];
	size_t i;
	int bad = 0;

	for (i = 0; i < sizeof cuts / sizeof *cuts; i++) {
		snprintf(want, sizeof want, "t: in:2:1: this record is not "
		    "closed: it runs into the record at %s (a line cut short?)\n",
		    into[i]);
		if (strcmp(run(cuts[i], strlen(cuts[i]), NJ_STREAM, 0),
		    "V1:1 B E") != 0 || strcmp(errbuf, want) != 0)
			bad++, printf("# %zu: %s", i, errbuf);
		rdmax = 1;
		if (strcmp(run(cuts[i], strlen(cuts[i]), NJ_STREAM, 0),
		    "V1:1 B E") != 0 || strcmp(errbuf, want) != 0)
			bad++, printf("# %zu, a byte a read: %s", i, errbuf);
		rdmax = 0;
	}
	is_int(bad, 0, "a record that runs into the next line's is named, with it");
	is_str(STREAM("{\"a\":1}\n{\"b\":\n{\"c\":2}}\n"), "V1:1 V2:1 E",
	    "a '{' beginning a line may go on with the record");
	is_str(STREAM("{\"a\":\n{\"b\":NaN}}\n"), "B E",
	    "and then break for a reason of its own");
	is_str(errbuf, "t: in:2:6: NaN and Infinity are not JSON\n", "which is said");
	is_str(STREAM("{\"a\" 1,\n{\"b\":2}\n"), "B E",
	    "a record broken before it runs into the next one");
	is_str(errbuf, "t: in:1:6: object property name separator ':' expected\n",
	    "is reported where it is broken");
	is_str(STREAM("{\"a\":1}\n{broken\n"), "V1:1 B E",
	    "so is one broken before the end of the input");
	is_str(errbuf, "t: in:2:2: quoted object property name expected\n",
	    "where it is broken");
	is_str(STREAM("{\"a\":1}\n{\"b\":tr"), "V1:1 B E",
	    "a token the end of the input cuts short");
	is_str(errbuf, "t: in:2:8: unexpected end of file: the record that starts "
	    "at 2:1 is not closed\n", "is no damage of its own");
	{
		static const char big[] = "{\"a\":1}\n{\"b\":[1,\n{\"c\":2}\n"
		    "{\"d\":\"0123456789abcdef0123456789\"}\n";
		size_t k;

		bad = 0;
		for (k = 0; k < 3; k++) {
			rdmax = k == 0 ? 0 : k == 1 ? 1 : 7;
			if (strcmp(run(big, sizeof big - 1, NJ_STREAM, 24),
			    "V1:1 B E") != 0 || strcmp(errbuf, "t: in:2:1: this "
			    "record is not closed: it runs into the record at "
			    "3:1 (a line cut short?)\n") != 0)
				bad++, printf("# read size %zu: %s", rdmax, errbuf);
		}
		rdmax = 0;
		is_int(bad, 0, "one that runs into the next and past the limit too, "
		    "whatever the reads");
		static const char longer[] = "{\"a\":1}\n{\"b\":[1,2,3,4,5,6,7,"
		    "8,9,10,11,12,\n{\"c\":2}\n";

		is_str(run(longer, sizeof longer - 1, NJ_STREAM, 24), "V1:1 B E",
		    "one past the limit before the next record");
		is_str(errbuf, "t: in:2:1: object longer than 24 bytes\n",
		    "is too long");
}

}

/* A reader that takes over from another: nj_unread. */
static void
take_over(void)
{
	struct nj_reader *r;
	struct nj_value v;
	struct caught c;
	struct pos at;
	FILE *in;

	in = input("2}\n{\"c\":3}\n", 10);
	r = nj_fdopen(fileno(in), "in", NJ_STREAM, catch(&c));
	at = (struct pos){ "in", 5, 7 };
	nj_unread(r, "{\"b\":", 5, &at);
	ok(nj_next(r, &v, 0) == NJ_VALUE && v.pos.line == 5 && v.pos.col == 7 &&
	    v.len == 7 && memcmp(v.text, "{\"b\":2}", 7) == 0,
	    "nj_unread: its bytes first, at the position given");
	ok(nj_next(r, &v, 0) == NJ_VALUE && v.pos.line == 6 && v.pos.col == 1 &&
	    nj_next(r, &v, 0) == NJ_EOF, "then the descriptor's");
	is_str(caught(&c), "", "without a word");
	nj_close(r);
	fclose(in);
	catch_end(&c);
}

/* Strings are scanned eight bytes at a time: every offset must work. */
static void
string_scan(void)
{
	char line[128], want[64];
	size_t k;
	int bad = 0;

	for (k = 0; k < 24; k++) {
		/* a control character after k plain bytes */
		snprintf(line, sizeof line, "{\"s\":\"%.*s\001x\"}\n", (int)k,
		    "abcdefghijklmnopqrstuvwxyz");
		snprintf(want, sizeof want, "t: in:1:%zu: control character in string\n",
		    k + 7);
		if (strcmp(run(line, strlen(line), NJ_LINES, 0), "B E") != 0 ||
		    strcmp(errbuf, want) != 0)
			bad++;
		/* an escaped quote and backslash after k plain bytes */
		snprintf(line, sizeof line, "{\"s\":\"%.*s\\\"\\\\%.*s\"}\n",
		    (int)k, "abcdefghijklmnopqrstuvwxyz", (int)k, "0123456789abcdefghijklmn");
		if (strcmp(first(line, NJ_LINES), "(none)") == 0)
			bad++;
	}
	is_int(bad, 0, "strings of every length around the 8-byte steps");
}

/* Every string's bytes are UTF-8 (RFC 3629), whatever the read sizes. */
static void
utf8_input(void)
{
	static const struct {
		const char *s, *what;
		int col;
	} bad[] = {
		{ "\xc0\xaf", "an overlong '/'", 17 },
		{ "\xe0\x80\xaf", "an overlong 3-byte form", 17 },
		{ "\xf0\x80\x80\xaf", "an overlong 4-byte form", 17 },
		{ "\xed\xa0\x80", "an encoded surrogate", 17 },
		{ "\xed\xbf\xbf", "U+DFFF", 17 },
		{ "\xf4\x90\x80\x80", "past U+10FFFF", 17 },
		{ "\xf8\x88\x80\x80\x80", "a 5-byte form", 17 },
		{ "\x80", "a stray continuation byte", 17 },
		{ "\xc3", "a sequence cut short by the quote", 17 },
		{ "\xe2\x82x", "a sequence cut short by ASCII", 17 },
		{ "\xc3\xa9\xc3", "after a valid one", 19 },
		{ "\\\xc0\xaf", "after a backslash", 18 }
	};
	char line[64], want[64];
	size_t i, k;
	int n = 0, m = 0;

	for (k = 0; k < 2; k++) {
		rdmax = k;	/* any read, then a byte at a time */
		for (i = 0; i < sizeof bad / sizeof *bad; i++) {
			snprintf(line, sizeof line, "{\"k\":\"abcdefghij%s\"}\n",
			    bad[i].s);
			snprintf(want, sizeof want, "t: in:1:%d: invalid UTF-8 in "
			    "string\n", bad[i].col);
			if (strcmp(run(line, strlen(line), NJ_STREAM, 0), "B E")
			    != 0 || strcmp(errbuf, want) != 0) {
				printf("# stream, reads of %zu: %s: %s", k,
				    bad[i].what, errbuf);
				n++;
			}
			if (strcmp(run(line, strlen(line), NJ_LINES, 0), "B E")
			    != 0 || strcmp(errbuf, want) != 0) {
				printf("# lines, reads of %zu: %s: %s", k,
				    bad[i].what, errbuf);
				n++;
			}
		}
		snprintf(line, sizeof line, "{\"k\":\"h\xc3\xa9 \xe2\x82\xac "
		    "\xf0\x9f\x98\x80 \xf4\x8f\xbf\xbf\"}\n");
		if (strcmp(run(line, strlen(line), NJ_STREAM, 0), "V1:1 E") != 0)
			m++;
		if (strcmp(run(line, strlen(line), NJ_LINES, 0), "V1:1 E") != 0)
			m++;
	}
	rdmax = 0;
	is_int(n, 0, "invalid UTF-8 refused where it starts, in every form");
	is_int(m, 0, "valid UTF-8 taken, also one byte per read");
	is_str(LINES("{\"k\":1,\"\xed\xa0\x80\":2}\n"), "B E",
	    "... in a key too");
	is_str(errbuf, "t: in:1:9: invalid UTF-8 in string\n", "... where it is");
	is_str(STREAM("{\"k\":\"\xe2\x82"), "B E", "cut short by the end");
}

int
main(void)
{
	char *s;

	/* Lines mode: values and positions */
	is_str(LINES("{\"a\":1}\n{}\n"), "V1:1 V2:1 E", "two lines");
	is_str(LINES("\n  \n\t{\"a\":1}\r\n\n{} "), "V3:2 V5:1 E",
	    "blank lines skipped, leading blanks counted, CRLF, no final newline");
	is_str(first("  {\"a\" : [1, 2]}  \n", NJ_LINES), "{\"a\":[1,2]}|{\"a\" : [1, 2]}",
	    "the value's own bytes are kept for echoing");
	is_str(LINES(""), "E", "empty input");

	/* Lines mode: bad records are reported and skipped */
	is_str(LINES("{\"a\":1}\n{\"a\":}\n{}\n"), "V1:1 B V3:1 E", "bad line, then on");
	is_str(errbuf, "t: in:2:6: unexpected character\n", "json-c's error with line:col");
	is_str(LINES("{\"a\":\"x\ty\"}\n"), "B E", "raw tab in a string");
	is_str(errbuf, "t: in:1:8: control character in string\n", "names the column");
	is_str(LINES("{\"a\":NaN}\n{\"a\":-Infinity}\n"), "B B E", "NaN and Infinity");
	is_str(errbuf, "t: in:1:6: NaN and Infinity are not JSON\n"
	    "t: in:2:7: NaN and Infinity are not JSON\n", "where NaN is");
	is_str(LINES("{'a':1}\n"), "B E", "single quotes");
	is_str(LINES("{\"a\":1} // c\n"), "B E", "comments");
	is_str(errbuf, "t: in:1:9: trailing data after the object\n", "trailing data");
	is_str(LINES("{\"a\":1}{\"b\":2}\n"), "B E", "two objects on a line");
	is_str(LINES("[1]\n\"s\"\n7\n"), "B B B E", "only objects at top level");
	is_str(errbuf, "t: in:1:1: expected a JSON object\nt: in:2:1: expected a JSON object\n"
	    "t: in:3:1: expected a JSON object\n", "says so");
	is_str(LINES("{\"a\":[1,2}\n{\"a\":{]}\n"), "B B E", "mismatched brackets");
	is_str(errbuf, "t: in:1:10: mismatched bracket\nt: in:2:7: mismatched bracket\n",
	    "where they close");
	is_str(LINES("{\"a\":\"\xff\"}\n"), "B E", "invalid UTF-8");
	is_str(errbuf, "t: in:1:7: invalid UTF-8 in string\n", "the pre-scan "
	    "names it");
	is_str(LINES("{\"a\":\"\xc3\xa9\\u00e9\"}\n"), "V1:1 E", "valid UTF-8 and escapes");
	is_str(LINES("\xef\xbb\xbf{\"a\":1}\n\xef\xbb\n\xef{}\n"), "B B B E",
	    "a byte order mark");
	is_str(errbuf, "t: in:1:1: expected a JSON object, not a UTF-8 byte "
	    "order mark (BOM)\nt: in:2:3: unexpected end of line\n"
	    "t: in:3:1: expected a JSON object\n", "is named when it is one");
	is_str(STREAM("\xef\xbb\xbf{}"), "B E", "... in a stream too");
	is_str(errbuf, "t: in:1:1: expected a JSON object, not a UTF-8 byte "
	    "order mark (BOM)\n", "... named");
	is_str(LINES("{\"a\":1\n"), "B E", "unterminated object");
	is_str(errbuf, "t: in:1:7: unexpected end of line\n", "at the end of the line");

	/* Integers: exact range [-2^63, 2^64-1] */
	is_str(LINES("{\"a\":18446744073709551615}\n{\"a\":-9223372036854775808}\n"),
	    "V1:1 V2:1 E", "the largest integers are accepted");
	is_str(LINES("{\"a\":18446744073709551616}\n{\"a\":-9223372036854775809}\n"
	    "{\"a\":[123456789012345678901234567890]}\n"), "B B B E",
	    "integers past 64 bits are refused");
	is_str(errbuf, "t: in:1:6: integer does not fit in 64 bits\n"
	    "t: in:2:6: integer does not fit in 64 bits\n"
	    "t: in:3:7: integer does not fit in 64 bits\n", "where they start");
	is_str(LINES("{\"a\":1e400,\"b\":12345678901234567890123.5}\n"), "V1:1 E",
	    "non-integers are json-c's business");
	ok(nj_int_fits("0000000000000000000000001", 25), "leading zeros do not count");
	ok(!nj_int_fits("-18446744073709551615", 21), "negative range is smaller");

	/* Nesting */
	s = nested(64);
	is_str(run(s, strlen(s), NJ_LINES, 0), "V1:1 E", "64 levels are fine");
	free(s);
	s = nested(65);
	is_str(run(s, strlen(s), NJ_LINES, 0), "B E", "65 levels are refused");
	is_str(errbuf, "t: in:1:69: nesting deeper than 64 levels\n", "names the limit");
	free(s);

	/* Overlong lines are skipped whole */
	is_str(run("{\"a\":\"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\"}\n{}\n", 42, NJ_LINES, 16),
	    "B V2:1 E", "a line past the limit");
	is_str(errbuf, "t: in:1: line longer than 16 bytes\n", "names the limit");
	{
		size_t n = 300000;
		char *big = malloc(n + 8);

		memset(big, 'x', n);
		memcpy(big + n, "\n{}\n", 4);
		is_str(run(big, n + 4, NJ_LINES, 1000), "B V2:1 E",
		    "a long line across many reads");
		is_str(run(big, n, NJ_LINES, 1000), "B E", "a long last line");
		free(big);
	}

	/* Stream mode */
	is_str(STREAM("{\"a\":1}{\"b\":2}\n\n  {\n  \"c\": [\n 3 ]\n}  "),
	    "V1:1 V1:8 V3:3 E", "glued, pretty-printed, trailing blanks");
	is_str(first("\n {\n \"a\"\n :\n 1 }{}", NJ_STREAM), "{\"a\":1}|{\n \"a\"\n :\n 1 }",
	    "the value spans lines");
	is_str(STREAM("{\"a\":1}\n{\n\"b\":\n\"x\ny\"}\n{}"), "V1:1 B E",
	    "a newline inside a string stops the stream");
	is_str(errbuf, "t: in:4:3: control character in string\n", "at the right line");
	is_str(STREAM("{\"a\":1}\n{\"b\":[1,\n2"), "V1:1 B E", "truncated");
	is_str(errbuf, "t: in:3:2: unexpected end of file: the record that starts "
	    "at 2:1 is not closed\n", "at the end, naming where it starts");
	is_str(STREAM("{} x"), "V1:1 B E", "garbage between values");
	is_str(STREAM("{broken:true}"), "B E", "Slider's own broken example");
	is_str(STREAM("{\"a\":\n  tru }"), "B E", "json-c error inside a value");
	is_str(errbuf, "t: in:2:6: boolean expected\n", "line and column in the value");
	{
		size_t n = 200000, i;
		char *big = malloc(n + 16);

		strcpy(big, "{\"a\":[");
		for (i = 6; i < n; i += 2)
			memcpy(big + i, "1,", 2);
		memcpy(big + n, "1]}{}", 6);
		is_str(run(big, n + 5, NJ_STREAM, 0), "V1:1 V1:200004 E",
		    "a value larger than the buffer");
		is_str(run(big, n + 5, NJ_STREAM, 1000), "B E", "...unless past the limit");
		is_str(errbuf, "t: in:1:1: object longer than 1000 bytes\n",
		    "names the limit");
		free(big);
	}
	{
		/* found by fuzz_ndjson: an object that arrives in one read */
		static const char one[] = "{\"a\":\"0123456789abcdef\"}{\"b\":1}";

		is_str(run(one, sizeof one - 1, NJ_STREAM, 16), "B E",
		    "the limit holds for an object read at once");
		is_str(errbuf, "t: in:1:1: object longer than 16 bytes\n",
		    "names the limit");
		is_str(run(one, sizeof one - 1, NJ_STREAM, 24), "V1:1 V1:25 E",
		    "an object of exactly the limit is read");
	}
	cut_short();
	take_over();
	raw_lines();
	blocks();
	raw_stream();
	opening();
	string_scan();
	utf8_input();
	return tap_done();
}
