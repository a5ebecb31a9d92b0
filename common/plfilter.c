/*
 * plfilter.c - placement rule filters and their regular expressions
 * (plfilter.h).
 */
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <stdlib.h>

#include "plfilter.h"
#include "plname.h"
#include "xalloc.h"

#define RE_MATCH_LIMIT	100000	/* backtracking steps per match */
#define RE_DEPTH_LIMIT	1000	/* nested backtracking frames */
#define RE_HEAP_LIMIT	1024	/* KiB of backtracking memory */
#define RE_MAX_REPEAT	1000	/* Go's limit on {n,m} */

struct pl_re {
	char *src;
	pcre2_code *code;
	pcre2_match_data *md;
	pcre2_match_context *mc;
	int anchored;		/* only matches at the start... */
	unsigned char first[32];	/* ... beginning with one of these bytes */
};

static int
octal(char c)
{
	return c >= '0' && c <= '7';
}

static int
hex(char c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') ||
	    (c >= 'A' && c <= 'F');
}

static int
refuse(struct buf *err, const char *what, const char *p, size_t n)
{
	buf_clear(err);
	buf_puts(err, what);
	if (n > 0) {
		buf_puts(err, " '");
		buf_add(err, p, n);
		buf_puts(err, "'");
	}
	return -1;
}

/* A {n}, {n,} or {n,m} at p? Its length, 0 if '{' is a literal there. */
static size_t
repeat(const char *p, size_t n, unsigned long *lo, unsigned long *hi)
{
	size_t i = 1;
	unsigned long v;

	*lo = *hi = 0;
	if (i >= n || p[i] < '0' || p[i] > '9')
		return 0;
	for (v = 0; i < n && p[i] >= '0' && p[i] <= '9'; i++)
		v = v > 100000 ? v : v * 10 + (unsigned long)(p[i] - '0');
	*lo = *hi = v;
	if (i < n && p[i] == ',') {
		i++;
		*hi = 0;
		for (v = 0; i < n && p[i] >= '0' && p[i] <= '9'; i++)
			v = v > 100000 ? v : v * 10 + (unsigned long)(p[i] - '0');
		*hi = v;
	}
	if (i >= n || p[i] != '}')
		return 0;
	return i + 1;
}

/*
 * One escape at p (p[0] == '\\'): check it against Go's rules, append its
 * PCRE2 form, return its length, or 0 after refusing it.
 */
static size_t
escape(const char *p, size_t n, int inclass, struct buf *out,
    struct buf *err)
{
	char c;
	size_t i;

	if (n < 2)
		return refuse(err, "trailing backslash at end of expression",
		    NULL, 0), 0;
	c = p[1];
	if (c >= '0' && c <= '7') {		/* octal, as Go reads it */
		unsigned v = 0;

		if (c != '0' && (n < 3 || !octal(p[2])))
			return refuse(err, "backreferences are not supported:",
			    p, 2), 0;
		for (i = 1; i < n && i < 4 && octal(p[i]); i++)
			v = v * 8 + (unsigned)(p[i] - '0');
		buf_printf(out, "\\x{%x}", v);
		return i;
	}
	switch (c) {
	case 'v':			/* Go: the VT character */
		buf_puts(out, "\\x{0b}");
		return 2;
	case 'x':
		if (n > 2 && p[2] == '{') {
			for (i = 3; i < n && hex(p[i]); i++)
				;
			if (i == 3 || i >= n || p[i] != '}')
				return refuse(err, "invalid escape sequence:",
				    p, i < n ? i + 1 : i), 0;
			buf_add(out, p, i + 1);
			return i + 1;
		}
		if (n < 4 || !hex(p[2]) || !hex(p[3]))
			return refuse(err, "invalid escape sequence:", p,
			    n < 4 ? n : 4), 0;
		buf_add(out, p, 4);
		return 4;
	case 'Q':			/* literal text up to \E */
		for (i = 2; i + 1 < n && !(p[i] == '\\' && p[i + 1] == 'E'); i++)
			;
		i = i + 1 < n ? i + 2 : n;
		buf_add(out, p, i);
		return i;
	case 'p':
	case 'P':
		if (n > 2 && p[2] == '{') {
			const char *e = memchr(p + 3, '}', n - 3);

			if (e == NULL)
				return refuse(err, "invalid character class range:",
				    p, n), 0;
			buf_add(out, p, (size_t)(e - p) + 1);
			return (size_t)(e - p) + 1;
		}
		if (n < 3)
			return refuse(err, "invalid character class range:",
			    p, n), 0;
		buf_add(out, p, 3);
		return 3;
	case 'A': case 'b': case 'B': case 'z':
		if (inclass)
			return refuse(err, "invalid escape sequence:", p, 2), 0;
		/* FALLTHROUGH */
	case 'a': case 'f': case 'n': case 'r': case 't':
	case 'd': case 'D': case 's': case 'S': case 'w': case 'W':
		buf_add(out, p, 2);
		return 2;
	default:
		if ((unsigned char)c < 0x80 && c > ' ' && c != 0x7f &&
		    !(c >= '0' && c <= '9') && !(c >= 'a' && c <= 'z') &&
		    !(c >= 'A' && c <= 'Z')) {
			buf_add(out, p, 2);	/* escaped punctuation */
			return 2;
		}
		return refuse(err, "invalid escape sequence:", p, 2), 0;
	}
}

/* "(?" at p: is the group kind one Go accepts? Its checked prefix length. */
static size_t
group(const char *p, size_t n, struct buf *err)
{
	size_t i = 2;

	if (i < n && p[i] == 'P' && i + 1 < n && p[i + 1] == '<')
		return 4;			/* (?P<name> */
	if (i < n && p[i] == '<' && i + 1 < n && p[i + 1] != '=' &&
	    p[i + 1] != '!')
		return 3;			/* (?<name> */
	while (i < n && strchr("imsU-", p[i]) != NULL && p[i] != '\0')
		i++;
	if (i < n && (p[i] == ')' || p[i] == ':'))
		return i + 1;			/* flags, (?:...) */
	if (i < n && (p[i] == '=' || p[i] == '!' || p[i] == '<'))
		return refuse(err, "lookaround is not supported:", p,
		    i + 1 < n ? i + 2 : i + 1), 0;
	return refuse(err, "invalid or unsupported Perl syntax:", p,
	    i < n ? i + 1 : i), 0;
}

/*
 * Check a Go (RE2) regular expression and write the PCRE2 pattern that
 * matches the same names. 0, or -1 with a message in err.
 */
static int
translate(const char *p, size_t n, struct buf *out, struct buf *err)
{
	size_t i = 0, k;
	int inclass = 0;
	unsigned long lo, hi;

	buf_clear(out);
	while (i < n) {
		char c = p[i];

		if (c == '\\') {
			if ((k = escape(p + i, n - i, inclass, out, err)) == 0)
				return -1;
			i += k;
			continue;
		}
		if (inclass) {
			if (c == '[' && i + 1 < n && p[i + 1] == ':') {
				const char *e = memchr(p + i + 2, ']', n - i - 2);

				k = e ? (size_t)(e - (p + i)) + 1 : 1;
				buf_add(out, p + i, k);
				i += k;
				continue;
			}
			if (c == ']')
				inclass = 0;
			buf_add(out, &c, 1);
			i++;
			continue;
		}
		switch (c) {
		case '[':
			inclass = 1;
			k = 1;
			if (i + k < n && p[i + k] == '^')
				k++;
			if (i + k < n && p[i + k] == ']')	/* literal ] */
				k++;
			buf_add(out, p + i, k);
			i += k;
			continue;
		case '(':
			if (i + 1 < n && p[i + 1] == '?') {
				if ((k = group(p + i, n - i, err)) == 0)
					return -1;
				buf_add(out, p + i, k);
				i += k;
				continue;
			}
			break;
		case '{':
			if ((k = repeat(p + i, n - i, &lo, &hi)) > 0) {
				if (lo > RE_MAX_REPEAT || hi > RE_MAX_REPEAT ||
				    (hi != 0 && hi < lo))
					return refuse(err, "invalid repeat count:",
					    p + i, k);
				buf_add(out, p + i, k);
				i += k;
				if (i < n && p[i] == '+')
					return refuse(err,
					    "invalid nested repetition operator:",
					    p + i - k, k + 1);
				continue;
			}
			buf_add(out, "\\{", 2);	/* a literal brace */
			i++;
			continue;
		case '*': case '+': case '?':
			if (i + 1 < n && (p[i + 1] == '+' || p[i + 1] == '*' ||
			    (c != '?' && p[i + 1] == '?' && i + 2 < n &&
			    (p[i + 2] == '+' || p[i + 2] == '*' || p[i + 2] == '?'))))
				return refuse(err, "invalid nested repetition operator:",
				    p + i, 2);
			break;
		default:
			break;
		}
		buf_add(out, &c, 1);
		i++;
	}
	return 0;
}

/*
 * What PCRE2 knows of the first byte of an anchored pattern (^...), so that
 * most names can be refused without a call. Conservative: a letter allows
 * both of its cases.
 */
static void
first_bytes(struct pl_re *re)
{
	uint32_t opts = 0, type = 0, unit = 0;
	const uint8_t *map = NULL;

	if (pcre2_pattern_info(re->code, PCRE2_INFO_ALLOPTIONS, &opts) != 0 ||
	    !(opts & PCRE2_ANCHORED) ||
	    pcre2_pattern_info(re->code, PCRE2_INFO_FIRSTCODETYPE, &type) != 0)
		return;
	if (type == 1 && pcre2_pattern_info(re->code, PCRE2_INFO_FIRSTCODEUNIT,
	    &unit) == 0 && unit < 0x80) {
		re->first[unit >> 3] |= (unsigned char)(1u << (unit & 7));
		if ((unit | 0x20) >= 'a' && (unit | 0x20) <= 'z') {
			unit ^= 0x20;
			re->first[unit >> 3] |= (unsigned char)(1u << (unit & 7));
		}
		re->anchored = 1;
	} else if (type == 0 && pcre2_pattern_info(re->code,
	    PCRE2_INFO_FIRSTBITMAP, &map) == 0 && map != NULL) {
		memcpy(re->first, map, sizeof re->first);
		re->anchored = 1;
	}
}

struct pl_re *
pl_re_compile(const char *src, size_t n, struct buf *err)
{
	struct buf pat = { 0 };
	struct pl_re *re;
	pcre2_code *code;
	int ecode;
	PCRE2_SIZE eoff;

	if (translate(src, n, &pat, err) != 0) {
		buf_free(&pat);
		return NULL;
	}
	code = pcre2_compile((PCRE2_SPTR)pat.s, pat.n, PCRE2_UTF |
	    PCRE2_MATCH_INVALID_UTF | PCRE2_DOLLAR_ENDONLY |
	    PCRE2_NEVER_BACKSLASH_C, &ecode, &eoff, NULL);
	buf_free(&pat);
	if (code == NULL) {
		PCRE2_UCHAR msg[256];

		if (ecode == PCRE2_ERROR_HEAP_FAILED)
			xoom();	/* out of memory, not a bad pattern */

		if (pcre2_get_error_message(ecode, msg, sizeof msg) < 0)
			strcpy((char *)msg, "does not compile");
		buf_clear(err);
		buf_puts(err, (const char *)msg);
		return NULL;
	}
	re = xcalloc(1, sizeof *re);
	re->src = xmemdup0(src, n);
	re->code = code;
	(void)pcre2_jit_compile(code, PCRE2_JIT_COMPLETE); /* or interpreted */
	re->md = pcre2_match_data_create_from_pattern(code, NULL);
	re->mc = pcre2_match_context_create(NULL);
	if (re->md == NULL || re->mc == NULL)
		xoom();
	pcre2_set_match_limit(re->mc, RE_MATCH_LIMIT);
	pcre2_set_depth_limit(re->mc, RE_DEPTH_LIMIT);
	pcre2_set_heap_limit(re->mc, RE_HEAP_LIMIT);
	first_bytes(re);
	return re;
}

int
pl_re_match(struct pl_re *re, const char *s, size_t n, struct buf *err)
{
	int rc;

	if (re->anchored && n > 0 &&
	    !(re->first[(unsigned char)s[0] >> 3] & (1u << (s[0] & 7))))
		return 0;
	rc = pcre2_match(re->code, (PCRE2_SPTR)s, n, 0, 0, re->md, re->mc);

	if (rc >= 0)
		return 1;
	if (rc == PCRE2_ERROR_NOMATCH)
		return 0;
	buf_clear(err);
	buf_printf(err, "regular expression '%s' exceeded its match limit "
	    "on '%.*s'", re->src, (int)(n > 64 ? 64 : n), s);
	return -1;
}

void
pl_re_free(struct pl_re *re)
{
	if (re == NULL)
		return;
	pcre2_match_data_free(re->md);
	pcre2_match_context_free(re->mc);
	pcre2_code_free(re->code);
	free(re->src);
	free(re);
}

const char *
pl_re_source(const struct pl_re *re)
{
	return re->src;
}

int
pl_re_anchored(const char *s, size_t n)
{
	/* skip leading flag groups such as (?i) */
	while (n >= 3 && s[0] == '(' && s[1] == '?') {
		const char *e = memchr(s, ')', n);
		size_t k;

		if (e == NULL)
			break;
		k = (size_t)(e - s) + 1;
		if (memchr(s, ':', k) != NULL)
			break;
		s += k, n -= k;
	}
	return n > 0 && s[0] == '^';
}

static int
name_ok(const char *s, size_t n, int group, enum pl_compat c)
{
	return group ? pl_group_name_ok(s, n, c) : pl_user_name_ok(s, n, c);
}

static void
crit_build(struct pl_fcrit *cr, const char *const *v, const size_t *lens,
    size_t nv, int group, enum pl_compat c)
{
	struct buf err = { 0 };
	size_t i;

	memset(cr, 0, sizeof *cr);
	cr->nconf = nv;
	if (nv == 1 && pl_regex_special(v[0], lens[0])) {
		if ((cr->re = pl_re_compile(v[0], lens[0], &err)) == NULL)
			cr->re_failed = 1;
		buf_free(&err);
		return;
	}
	for (i = 0; i < nv; i++) {
		if (!name_ok(v[i], lens[i], group, c))
			cr->ndropped++;
		else
			pl_names_add(&cr->list, &cr->nlist, v[i], lens[i]);
	}
	pl_names_finish(cr->list, &cr->nlist);
}

void
pl_filter_build(struct pl_filter *f, const char *type,
    const char *const *users, const size_t *ulens, size_t nusers,
    const char *const *groups, const size_t *glens, size_t ngroups,
    enum pl_compat c)
{
	memset(f, 0, sizeof *f);
	f->allow = type == NULL || strcmp(type, "deny") != 0;
	f->empty = nusers == 0 && ngroups == 0;
	crit_build(&f->users, users, ulens, nusers, 0, c);
	crit_build(&f->groups, groups, glens, ngroups, 1, c);
}

static void
crit_free(struct pl_fcrit *cr)
{
	pl_names_free(cr->list, cr->nlist);
	pl_re_free(cr->re);
	memset(cr, 0, sizeof *cr);
}

void
pl_filter_free(struct pl_filter *f)
{
	crit_free(&f->users);
	crit_free(&f->groups);
}

int
pl_fcrit_match(const struct pl_fcrit *cr, const char *s, size_t n,
    struct buf *err)
{
	if (cr->re != NULL)
		return pl_re_match(cr->re, s, n, err);
	return pl_names_has(cr->list, cr->nlist, s, n);
}

int
pl_filter_allows(const struct pl_filter *f, const struct pl_user *u,
    struct buf *err)
{
	size_t i;
	int m;

	if (f->empty)
		return f->allow;
	if ((m = pl_fcrit_match(&f->users, u->name, u->len, err)) != 0)
		return m < 0 ? -1 : f->allow;
	for (i = 0; i < u->ngroups; i++)
		if ((m = pl_fcrit_match(&f->groups, u->groups[i], u->glens[i],
		    err)) != 0)
			return m < 0 ? -1 : f->allow;
	return !f->allow;
}

int
pl_filter_check_entry(const char *s, size_t n, int group, enum pl_compat c,
    struct buf *why)
{
	struct pl_re *re;

	if (name_ok(s, n, group, c))
		return 0;
	if (!pl_regex_special(s, n)) {
		buf_clear(why);
		buf_printf(why, "'%.*s' is neither a valid %s name nor a "
		    "regular expression", (int)n, s, group ? "group" : "user");
		return -1;
	}
	if ((re = pl_re_compile(s, n, why)) == NULL)
		return -1;
	pl_re_free(re);
	return 0;
}
