/*
 * cutshort.c - Slider's words for a record cut short (records.h): what its
 * JSON parser, Jackson 1.9 under Avro's JSON decoder, says where the
 * record stops - at the end of the file, or at the '{' of the record it
 * runs into. Only for a record Slider reads without a word up to there:
 * its members in Slider's order and of Slider's types (records.c's field
 * tables). Anything else, and a '{' Jackson would take as a value, leaves
 * Slider's words unsaid: the decoder may speak first, and is not guessed.
 *
 * Jackson's ways, as they show here: a context (an object) starts where
 * the token holding it starts, counting columns from 0 - the '{' of a
 * record, the key of a member, or the comma before it; the value after a
 * key is read with the key, before the decoder sees the key.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "cutshort.h"
#include "records.h"

enum { J_GO, J_SAID, J_UNSURE };		/* a step's results */
enum { S_WRAP, S_UNION, S_REC, S_MAP };	/* what an object is */
enum { V_OBJ, V_STR, V_INT, V_LONG, V_BOOL };	/* what a value must be */

struct jk {
	const char *s;		/* the record's text */
	size_t n, i;		/* its length; the next byte */
	int next;		/* after it: '{', or -1 (the end of the input) */
	unsigned long line;	/* Jackson's line of s[i] */
	long row;		/* where it begins in s (<= 0: before s) */
	unsigned long tline;	/* the token's line and column */
	long tcol;
	char *w;		/* the words */
	size_t size;
};

/* What a member's value must be. */
struct want {
	int v;			/* V_* */
	int sh;			/* V_OBJ: S_* */
	const struct ft_table *t;	/* S_REC */
};

static int PK_PRINTF(2, 3)
said(struct jk *j, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(j->w, j->size, fmt, ap);
	va_end(ap);
	return J_SAID;
}

/* Jackson's name of the character c. */
static const char *
chr(int c, char *b, size_t size)
{
	if (c < 0x20 || (c >= 0x7f && c < 0xa0))
		snprintf(b, size, "(CTRL-CHAR, code %d)", c);
	else
		snprintf(b, size, "'%c' (code %d)", c, c);
	return b;
}

static int
unexpected(struct jk *j, int c, const char *what)
{
	char b[32];

	return said(j, "Unexpected character (%s): %s", chr(c, b, sizeof b),
	    what);
}

/* Skip blanks: the next byte, '{' past the text, or -1 at the end. */
static int
ws(struct jk *j)
{
	unsigned char c;

	while (j->i < j->n) {
		c = (unsigned char)j->s[j->i];
		if (c == ' ' || c == '\t') {
			j->i++;
			continue;
		}
		if (c != '\n' && c != '\r')
			return c;
		if (c == '\r' && j->i + 1 < j->n && j->s[j->i + 1] == '\n')
			j->i++;
		j->line++;
		j->row = (long)++j->i;
	}
	return j->next;
}

/* A token starts at s[i]. */
static void
token(struct jk *j)
{
	j->tline = j->line;
	j->tcol = (long)j->i - j->row;
}

/* The rest of a string, its quote read: a member's name, or a value. */
static int
string(struct jk *j, int name)
{
	size_t start = j->i, k;
	unsigned char c;
	char b[32];

	for (;;) {
		if (j->i == j->n) {
			if (j->next >= 0)
				return J_UNSURE;
			if (!name)
				return said(j, "Unexpected end-of-input in "
				    "VALUE_STRING");
			return said(j, j->i == start ? "Unexpected end-of-input: "
			    "was expecting closing '\"' for name" :
			    "Unexpected end-of-input in field name");
		}
		c = (unsigned char)j->s[j->i++];
		if (c == '"')
			return J_GO;
		if (c < 0x20)
			return said(j, "Illegal unquoted character (%s): has to be "
			    "escaped using backslash to be included in %s",
			    chr(c, b, sizeof b), name ? "name" : "string value");
		if (c != '\\')
			continue;
		if (j->i == j->n)
			return j->next >= 0 ? J_UNSURE : said(j, "Unexpected "
			    "end-of-input in character escape sequence");
		c = (unsigned char)j->s[j->i++];
		if (c != 'u') {
			if (strchr("bfnrt\"/\\", c) == NULL || c == '\0')
				return said(j, "Unrecognized character escape %s",
				    chr(c, b, sizeof b));
			continue;
		}
		for (k = 0; k < 4; k++) {
			if (j->i == j->n)
				return j->next >= 0 ? J_UNSURE : said(j,
				    "Unexpected end-of-input in character escape "
				    "sequence");
			c = (unsigned char)j->s[j->i++];
			if (strchr("0123456789abcdefABCDEF", c) == NULL ||
			    c == '\0')
				return unexpected(j, c, "expected a hex-digit for "
				    "character escape sequence");
		}
	}
}

/* The rest of true or false, its first letter read. */
static int
literal(struct jk *j, const char *word)
{
	size_t k;

	for (k = 1; word[k] != '\0'; k++, j->i++) {
		if (j->i == j->n && j->next < 0)
			return said(j, "Unexpected end-of-input in a value");
		if (j->i == j->n || j->s[j->i] != word[k])
			return said(j, "Unrecognized token '%.*s': was expecting "
			    "'null', 'true', 'false' or NaN", (int)k, word);
	}
	return J_GO;
}

/*
 * An integer of Slider's, the value of a member: in the range of v
 * (V_INT, V_LONG), or Slider's decoder says so first.
 */
static int
number(struct jk *j, int v)
{
	unsigned long long x = 0, max, d;
	int c;
	char b[32];

	max = v == V_INT ? 2147483647ULL : 9223372036854775807ULL;
	if (j->s[j->i] == '-') {
		max++;
		c = ++j->i < j->n ? (unsigned char)j->s[j->i] : j->next;
		if (c < 0)
			return said(j, "Unexpected end-of-input in FIELD_NAME");
		if (c < '0' || c > '9')
			return said(j, "Unexpected character (%s) in numeric "
			    "value: expected digit (0-9) to follow minus sign, "
			    "for valid numeric value", chr(c, b, sizeof b));
	}
	while (j->i < j->n && j->s[j->i] >= '0' && j->s[j->i] <= '9') {
		d = (unsigned long long)(j->s[j->i++] - '0');
		if (x > (max - d) / 10)
			return J_UNSURE;
		x = x * 10 + d;
	}
	if (j->i < j->n && strchr(".eE", j->s[j->i]) != NULL)
		return J_UNSURE;		/* not an integer */
	return J_GO;
}

/* Member k, named name[0..n), of an object sh (of table t): its value. */
static int
member(int sh, const struct ft_table *t, size_t k, const char *name,
    size_t n, struct want *w)
{
	size_t i, m = 0;

	*w = (struct want){ V_OBJ, 0, NULL };
	if (memchr(name, '\\', n) != NULL)
		return 0;
	switch (sh) {
	case S_WRAP:
		w->sh = S_UNION;
		return k == 0 && n == 5 && memcmp(name, "entry", 5) == 0;
	case S_UNION:
		w->sh = S_REC;
		return k == 0 && (w->t = rh_rec_slider(name, n)) != NULL;
	case S_MAP:
		w->v = V_INT;
		return 1;
	}
	for (i = 0; i < t->n; i++) {
		const struct ft_field *f = &t->f[i];

		if (!(f->need & RH_REC_STRICT) || m++ != k)
			continue;
		if (strlen(f->name) != n || memcmp(f->name, name, n) != 0)
			return 0;
		switch (f->kind) {
		case FT_STR: w->v = V_STR; return 1;
		case FT_INT: w->v = V_INT; return 1;
		case FT_LONG: w->v = V_LONG; return 1;
		case FT_BOOL: w->v = V_BOOL; return 1;
		case FT_MAP: w->sh = S_MAP; return 1;
		}
		return 0;
	}
	return 0;
}

/* Does an object sh (table t) close after k members? */
static int
complete(int sh, const struct ft_table *t, size_t k)
{
	size_t i, m = 0;

	if (sh == S_MAP)
		return 1;
	if (sh != S_REC)
		return k == 1;
	for (i = 0; i < t->n; i++)
		if (t->f[i].need & RH_REC_STRICT)
			m++;
	return k == m;
}

static int object(struct jk *, int, const struct ft_table *, unsigned long,
    long);

/* A member's value, starting with c, of the member token at line:col. */
static int
value(struct jk *j, int c, const struct want *w, unsigned long line, long col)
{
	static const char *const type[] = { "?", "string", "int", "long",
	    "boolean" };

	if (j->i == j->n)		/* the next record's '{' as the value */
		return w->v == V_OBJ ? J_UNSURE : said(j, "Expected %s. Got "
		    "START_OBJECT", type[w->v]);
	switch (c) {
	case '"':
		if (w->v != V_STR)
			return J_UNSURE;
		j->i++;
		return string(j, 0);
	case '{':
		if (w->v != V_OBJ)
			return J_UNSURE;
		j->i++;
		return object(j, w->sh, w->t, line, col);
	case 't':
	case 'f':
		if (w->v != V_BOOL)
			return J_UNSURE;
		j->i++;
		return literal(j, c == 't' ? "true" : "false");
	}
	if (c != '-' && (c < '0' || c > '9'))
		return J_UNSURE;
	if (w->v != V_INT && w->v != V_LONG)
		return J_UNSURE;
	return number(j, w->v);
}

/* An object sh (table t), its '{' read, its context begun at line:col. */
static int
object(struct jk *j, int sh, const struct ft_table *t, unsigned long line,
    long col)
{
	unsigned long mline;
	struct want w;
	size_t k, name;
	long mcol;
	int c, rc;

	for (k = 0;; k++) {
		c = ws(j);
		token(j);
		mline = j->tline;
		mcol = j->tcol;
		if (c < 0)
			return said(j, "Unexpected end-of-input: expected close "
			    "marker for OBJECT (from [Source: ...; line: %lu, "
			    "column: %ld])", line, col);
		if (c == '}') {
			j->i++;
			return complete(sh, t, k) ? J_GO : J_UNSURE;
		}
		if (k > 0) {
			if (c != ',')
				return unexpected(j, c, "was expecting comma to "
				    "separate OBJECT entries");
			j->i++;
			if ((c = ws(j)) < 0)
				return said(j, "Unexpected end-of-input "
				    "within/between OBJECT entries");
		}
		if (c != '"')
			return unexpected(j, c, "was expecting double-quote to "
			    "start field name");
		name = ++j->i;
		if ((rc = string(j, 1)) != J_GO)
			return rc;
		if (!member(sh, t, k, j->s + name, j->i - 1 - name, &w))
			return J_UNSURE;
		if ((c = ws(j)) < 0)
			return said(j, "Unexpected end-of-input within/between "
			    "OBJECT entries");
		if (c != ':')
			return unexpected(j, c, "was expecting a colon to separate "
			    "field name and value");
		j->i++;
		if ((c = ws(j)) < 0)
			return said(j, "Unexpected end-of-input within/between "
			    "OBJECT entries");
		if ((rc = value(j, c, &w, mline, mcol)) != J_GO)
			return rc;
	}
}

void
rh_rec_cut(void *arg, const struct nj_cut *c, char *more, size_t size)
{
	const struct rh_rec *r = arg;
	char w[256];
	struct jk j;

	*more = '\0';
	if (r->nsaves > 0 && !r->in_save)	/* Slider stops at the footer */
		return;
	j = (struct jk){ .s = c->text, .n = c->len, .next = c->next,
	    .line = c->pos.line, .row = 1 - (long)c->pos.col, .w = w,
	    .size = sizeof w };
	if (j.n == 0 || j.s[0] != '{')
		return;
	token(&j);
	j.i = 1;
	if (object(&j, S_WRAP, NULL, j.tline, j.tcol) == J_SAID)
		snprintf(more, size, "; Slider: \"%s\"", w);
}
