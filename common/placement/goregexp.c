/*
 * goregexp.c - Go's regular expressions (goregexp.h).
 *
 * The parser is Go's regexp/syntax parser, read with the flags
 * regexp.Compile gives it (Perl: classes match newline, ^ and $ the text's
 * ends, Perl extensions, Unicode groups), function for function: the same
 * errors in the same words, the same limits (repeat counts, the height and
 * the size of the tree, the characters in its classes) counted on the same
 * tree, its literals joined and its alternations factored as Go does. Its
 * classes come from Go's tables and fold as Go folds them (gounicode.h).
 *
 * The tree compiles to Go's program (regexp/syntax's compiler, repeats
 * expanded as its Simplify does), and a match runs every thread of it in
 * step over the name (the "Pike VM" of Go's regexp, without captures):
 * each instruction is visited at most once per character, so a match
 * takes time linear in the name whatever the expression, and always has
 * an answer. The sets of threads met are kept as the states of an
 * automaton with their moves on ASCII characters, so that a name is
 * mostly read one lookup a character; an expression whose states outgrow
 * their budget runs the threads from then on. A name is read as Go reads
 * a string: each byte of an invalid UTF-8 sequence is one U+FFFD.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "goregexp.h"
#include "gounicode.h"
#include "hashtable.h"
#include "xalloc.h"

#define MAXRUNE		0x10ffff
#define MIN_FOLD	0x41		/* the characters folding involves */
#define MAX_FOLD	0x1e943
#define MAX_HEIGHT	1000		/* Go's limits on the tree */
#define MAX_SIZE	((128 << 20) / 40)
#define MAX_RUNES	((128 << 20) / 4)
#define NONE		SIZE_MAX
#define D_MAXSTATES	1024		/* states of an expression's automaton */
#define D_MAXTHREADS	(1 << 20)	/* ... and the threads they hold */

/* ---- the tree (regexp/syntax's Regexp) ---- */

enum op {
	OP_NOMATCH = 1, OP_EMPTY, OP_LITERAL, OP_CLASS, OP_ANYNOTNL, OP_ANY,
	OP_BOL, OP_EOL, OP_BOT, OP_EOT, OP_WORDB, OP_NOWORDB, OP_CAPTURE,
	OP_STAR, OP_PLUS, OP_QUEST, OP_REPEAT, OP_CONCAT, OP_ALT,
	OP_LPAREN = 128, OP_VBAR	/* on the parse stack only */
};

/* Go's parse flags (those regexp.Compile can change). */
enum {
	F_FOLD = 1 << 0,
	F_DOTNL = 1 << 3,
	F_ONELINE = 1 << 4,
	F_NONGREEDY = 1 << 5,
	F_WASDOLLAR = 1 << 8
};

/* Go's error codes. */
#define E_CHARRANGE	"invalid character class range"
#define E_ESCAPE	"invalid escape sequence"
#define E_NAMEDCAP	"invalid named capture"
#define E_PERLOP	"invalid or unsupported Perl syntax"
#define E_REPEATOP	"invalid nested repetition operator"
#define E_REPEATSIZE	"invalid repeat count"
#define E_UTF8		"invalid UTF-8"
#define E_BRACKET	"missing closing ]"
#define E_PAREN		"missing closing )"
#define E_REPEATARG	"missing argument to repetition operator"
#define E_BACKSLASH	"trailing backslash at end of expression"
#define E_UNEXPPAREN	"unexpected )"
#define E_NESTING	"expression nests too deeply"
#define E_LARGE		"expression too large"

/* A list of characters: a literal's, or a class's [lo, hi] pairs. */
struct runes {
	int32_t *r;
	size_t n, cap;
};

struct re {
	int op;
	unsigned flags;
	struct re **sub;
	size_t nsub, capsub;
	struct runes rn;
	int min, max, cap;
	struct re *next;		/* the free list */
	int64_t size;			/* memo of calc_size, -1: none */
	int height;			/* memo of calc_height, 0: none */
	int32_t cls;			/* compiled: its class in the program */
	int32_t *lcls;			/* ... its folded characters' classes */
};

struct parser {
	const char *whole;		/* the expression */
	size_t len;
	unsigned flags;
	struct re **stack;
	size_t ns, caps;
	struct re *free;
	struct re **all;		/* every node made, to free */
	size_t nall, capall;
	int ncap;
	int64_t nregexp, nrunes, repeats;
	int sizing, heighting;		/* size, height tracked */
	const char *limit;		/* E_LARGE or E_NESTING once exceeded */
	struct runes tmp;
	struct buf *err;
};

/* Go's error: "code: `expr`", expr the text from p[from] to p[to]. */
static int
goerr(struct parser *p, const char *code, size_t from, size_t to)
{
	buf_clear(p->err);
	buf_printf(p->err, "%s: `%.*s`", code, (int)(to - from),
	    p->whole + from);
	return -1;
}

static void
addrune(struct runes *c, int32_t r)
{
	xgrow((void **)&c->r, &c->cap, c->n + 1, sizeof *c->r);
	c->r[c->n++] = r;
}

static void
addsub(struct re *re, struct re *sub)
{
	xgrow((void **)&re->sub, &re->capsub, re->nsub + 1, sizeof *re->sub);
	re->sub[re->nsub++] = sub;
}

static struct re *
newre(struct parser *p, int op)
{
	struct re *re = p->free;

	if (re != NULL)
		p->free = re->next;
	else {
		re = xcalloc(1, sizeof *re);
		xgrow((void **)&p->all, &p->capall, p->nall + 1, sizeof *p->all);
		p->all[p->nall++] = re;
		p->nregexp++;
	}
	re->op = op;
	re->flags = 0;
	re->nsub = re->rn.n = 0;
	re->min = re->max = re->cap = 0;
	re->next = NULL;
	re->size = -1;
	re->height = 0;
	re->cls = -1;
	return re;
}

static void
reuse(struct parser *p, struct re *re)
{
	re->height = 0;
	re->next = p->free;
	p->free = re;
}

/* ---- Go's limits ---- */

static int64_t
calc_size(struct re *re, int force)
{
	int64_t size = 0, sub;
	size_t i;

	if (!force && re->size >= 0)
		return re->size;
	switch (re->op) {
	case OP_LITERAL:
		size = (int64_t)re->rn.n;
		break;
	case OP_CAPTURE: case OP_STAR:
		size = 2 + calc_size(re->sub[0], 0);
		break;
	case OP_PLUS: case OP_QUEST:
		size = 1 + calc_size(re->sub[0], 0);
		break;
	case OP_CONCAT:
		for (i = 0; i < re->nsub; i++)
			size += calc_size(re->sub[i], 0);
		break;
	case OP_ALT:
		for (i = 0; i < re->nsub; i++)
			size += calc_size(re->sub[i], 0);
		if (re->nsub > 1)
			size += (int64_t)re->nsub - 1;
		break;
	case OP_REPEAT:
		sub = calc_size(re->sub[0], 0);
		if (re->max == -1)
			size = re->min == 0 ? 2 + sub : 1 + re->min * sub;
		else
			size = re->max * sub + (re->max - re->min);
		break;
	}
	if (size < 1)
		size = 1;
	re->size = size;
	return size;
}

static void
check_size(struct parser *p, struct re *re)
{
	int64_t n;
	size_t i;

	if (!p->sizing) {
		/* as Go: only once the nodes times the repeats could exceed */
		if (p->repeats == 0)
			p->repeats = 1;
		if (re->op == OP_REPEAT) {
			n = re->max == -1 ? re->min : re->max;
			if (n <= 0)
				n = 1;
			if (n > MAX_SIZE / p->repeats)
				p->repeats = MAX_SIZE;
			else
				p->repeats *= n;
		}
		if (p->nregexp < MAX_SIZE / p->repeats)
			return;
		p->sizing = 1;
		for (i = 0; i < p->ns && p->limit == NULL; i++)
			check_size(p, p->stack[i]);
		if (p->limit != NULL)
			return;
	}
	if (calc_size(re, 1) > MAX_SIZE)
		p->limit = E_LARGE;
}

static int
calc_height(struct re *re, int force)
{
	int h = 1, hs;
	size_t i;

	if (!force && re->height > 0)
		return re->height;
	for (i = 0; i < re->nsub; i++)
		if (h < 1 + (hs = calc_height(re->sub[i], 0)))
			h = 1 + hs;
	re->height = h;
	return h;
}

static void
check_height(struct parser *p, struct re *re)
{
	size_t i;

	if (p->nregexp < MAX_HEIGHT)
		return;
	if (!p->heighting) {
		p->heighting = 1;
		for (i = 0; i < p->ns && p->limit == NULL; i++)
			check_height(p, p->stack[i]);
		if (p->limit != NULL)
			return;
	}
	if (calc_height(re, 1) > MAX_HEIGHT)
		p->limit = E_NESTING;
}

/* Go panics here; the parser checks p->limit after each token. */
static void
check_limits(struct parser *p, struct re *re)
{
	if (p->limit != NULL)
		return;
	if (p->nrunes > MAX_RUNES) {
		p->limit = E_LARGE;
		return;
	}
	check_size(p, re);
	if (p->limit == NULL)
		check_height(p, re);
}

/* ---- classes ---- */

static int32_t
sfold(int32_t r)
{
	return (int32_t)pl_uni_simple_fold((uint32_t)r);
}

static int32_t
min_fold(int32_t r)
{
	int32_t m = r, f;

	if (r < MIN_FOLD || r > MAX_FOLD)
		return r;
	for (f = sfold(r); f != r; f = sfold(f))
		if (f < m)
			m = f;
	return m;
}

/* appendRange: add [lo, hi], merging with one of the last two ranges. */
static void
add_range(struct runes *c, int32_t lo, int32_t hi)
{
	size_t i;
	int32_t *r;

	for (i = 2; i <= 4; i += 2)
		if (c->n >= i) {
			r = c->r + c->n - i;
			if (lo <= r[1] + 1 && r[0] <= hi + 1) {
				if (lo < r[0])
					r[0] = lo;
				if (hi > r[1])
					r[1] = hi;
				return;
			}
		}
	addrune(c, lo);
	addrune(c, hi);
}

static void
add_folded_range(struct runes *c, int32_t lo, int32_t hi)
{
	int32_t r, f;

	if ((lo <= MIN_FOLD && hi >= MAX_FOLD) || hi < MIN_FOLD ||
	    lo > MAX_FOLD) {
		add_range(c, lo, hi);
		return;
	}
	if (lo < MIN_FOLD) {
		add_range(c, lo, MIN_FOLD - 1);
		lo = MIN_FOLD;
	}
	if (hi > MAX_FOLD) {
		add_range(c, MAX_FOLD + 1, hi);
		hi = MAX_FOLD;
	}
	for (r = lo; r <= hi; r++) {
		add_range(c, r, r);
		for (f = sfold(r); f != r; f = sfold(f))
			add_range(c, f, f);
	}
}

static void
add_class(struct runes *c, const int32_t *x, size_t n)
{
	size_t i;

	for (i = 0; i < n; i += 2)
		add_range(c, x[i], x[i + 1]);
}

static void
add_folded_class(struct runes *c, const int32_t *x, size_t n)
{
	size_t i;

	for (i = 0; i < n; i += 2)
		add_folded_range(c, x[i], x[i + 1]);
}

static void
add_negated_class(struct runes *c, const int32_t *x, size_t n)
{
	int32_t next = 0;
	size_t i;

	for (i = 0; i < n; i += 2) {
		if (next <= x[i] - 1)
			add_range(c, next, x[i] - 1);
		next = x[i + 1] + 1;
	}
	if (next <= MAXRUNE)
		add_range(c, next, MAXRUNE);
}

static void
add_literal(struct runes *c, int32_t r, unsigned flags)
{
	if (flags & F_FOLD)
		add_folded_range(c, r, r);
	else
		add_range(c, r, r);
}

static int
cmp_range(const void *a, const void *b)
{
	const int32_t *x = a, *y = b;

	if (x[0] != y[0])
		return x[0] < y[0] ? -1 : 1;
	return x[1] > y[1] ? -1 : x[1] < y[1];
}

/* cleanClass: sort, merge. */
static void
clean_class(struct runes *c)
{
	size_t i, w;

	if (c->n < 2)
		return;
	qsort(c->r, c->n / 2, 2 * sizeof *c->r, cmp_range);
	for (w = 2, i = 2; i < c->n; i += 2) {
		if (c->r[i] <= c->r[w - 1] + 1) {
			if (c->r[i + 1] > c->r[w - 1])
				c->r[w - 1] = c->r[i + 1];
			continue;
		}
		c->r[w] = c->r[i];
		c->r[w + 1] = c->r[i + 1];
		w += 2;
	}
	c->n = w;
}

static void
negate_class(struct runes *c)
{
	int32_t next = 0, lo, hi;
	size_t i, w = 0;

	for (i = 0; i < c->n; i += 2) {
		lo = c->r[i];
		hi = c->r[i + 1];
		if (next <= lo - 1) {
			c->r[w] = next;
			c->r[w + 1] = lo - 1;
			w += 2;
		}
		next = hi + 1;
	}
	c->n = w;
	if (next <= MAXRUNE) {
		addrune(c, next);
		addrune(c, MAXRUNE);
	}
}

static void
add_table(struct runes *c, const struct pl_uni *t)
{
	size_t i;

	for (i = 0; i < t->n; i++)
		add_range(c, (int32_t)t->r[2 * i], (int32_t)t->r[2 * i + 1]);
}

static void
add_negated_table(struct runes *c, const struct pl_uni *t)
{
	int32_t next = 0;
	size_t i;

	for (i = 0; i < t->n; i++) {
		if (next <= (int32_t)t->r[2 * i] - 1)
			add_range(c, next, (int32_t)t->r[2 * i] - 1);
		next = (int32_t)t->r[2 * i + 1] + 1;
	}
	if (next <= MAXRUNE)
		add_range(c, next, MAXRUNE);
}

/* Go's Perl and POSIX groups. */
static const int32_t g_digit[] = { '0', '9' };
static const int32_t g_space[] = { '\t', '\n', '\f', '\r', ' ', ' ' };
static const int32_t g_word[] = { '0', '9', 'A', 'Z', '_', '_', 'a', 'z' };
static const int32_t g_alnum[] = { '0', '9', 'A', 'Z', 'a', 'z' };
static const int32_t g_alpha[] = { 'A', 'Z', 'a', 'z' };
static const int32_t g_ascii[] = { 0, 0x7f };
static const int32_t g_blank[] = { '\t', '\t', ' ', ' ' };
static const int32_t g_cntrl[] = { 0, 0x1f, 0x7f, 0x7f };
static const int32_t g_graph[] = { '!', '~' };
static const int32_t g_lower[] = { 'a', 'z' };
static const int32_t g_print[] = { ' ', '~' };
static const int32_t g_punct[] = { '!', '/', ':', '@', '[', '`', '{', '~' };
static const int32_t g_pspace[] = { '\t', '\r', ' ', ' ' };
static const int32_t g_upper[] = { 'A', 'Z' };
static const int32_t g_xdigit[] = { '0', '9', 'A', 'F', 'a', 'f' };

struct group {
	const char *name;
	const int32_t *r;
	size_t n;
};

#define G(name, r)	{ name, r, sizeof r / sizeof r[0] }
static const struct group perl_groups[] = {
	G("d", g_digit), G("s", g_space), G("w", g_word)
};
static const struct group posix_groups[] = {
	G("alnum", g_alnum), G("alpha", g_alpha), G("ascii", g_ascii),
	G("blank", g_blank), G("cntrl", g_cntrl), G("digit", g_digit),
	G("graph", g_graph), G("lower", g_lower), G("print", g_print),
	G("punct", g_punct), G("space", g_pspace), G("upper", g_upper),
	G("word", g_word), G("xdigit", g_xdigit)
};
#undef G

static void
add_group(struct parser *p, struct runes *c, const struct group *g, int neg)
{
	if (!(p->flags & F_FOLD)) {
		if (neg)
			add_negated_class(c, g->r, g->n);
		else
			add_class(c, g->r, g->n);
		return;
	}
	p->tmp.n = 0;
	add_folded_class(&p->tmp, g->r, g->n);
	clean_class(&p->tmp);
	if (neg)
		add_negated_class(c, p->tmp.r, p->tmp.n);
	else
		add_class(c, p->tmp.r, p->tmp.n);
}

/* ---- reading the expression ---- */

/* Go's utf8.DecodeRune of s[i, n) (i < n): the character and its length;
 * -1 and length 1 if the bytes there are not UTF-8. */
static int32_t
decode(const unsigned char *s, size_t n, size_t i, size_t *w)
{
	unsigned c = s[i], lo = 0x80, hi = 0xbf;
	size_t need, k;
	int32_t r;

	*w = 1;
	if (c < 0x80)
		return (int32_t)c;
	if (c < 0xc2 || c > 0xf4)
		return -1;
	need = c < 0xe0 ? 2 : c < 0xf0 ? 3 : 4;
	if (c == 0xe0)
		lo = 0xa0;
	else if (c == 0xed)
		hi = 0x9f;
	else if (c == 0xf0)
		lo = 0x90;
	else if (c == 0xf4)
		hi = 0x8f;
	if (i + need > n || s[i + 1] < lo || s[i + 1] > hi)
		return -1;
	r = (int32_t)(c & (0x7f >> need));
	for (k = 1; k < need; k++) {
		if (k > 1 && (s[i + k] < 0x80 || s[i + k] > 0xbf))
			return -1;
		r = r << 6 | (s[i + k] & 0x3f);
	}
	*w = need;
	return r;
}

/* nextRune: the character at p[*i], *i moved past it; or Go's error. */
static int
next_rune(struct parser *p, size_t *i, int32_t *r)
{
	size_t w;

	if (*i >= p->len) {		/* Go gets RuneError, length 0 */
		*r = 0xfffd;
		return 0;
	}
	if ((*r = decode((const unsigned char *)p->whole, p->len, *i, &w)) < 0)
		return goerr(p, E_UTF8, *i, p->len);
	*i += w;
	return 0;
}

/* checkUTF8 of p[from, to): 0, or Go's error with the text from the first
 * bad byte to `to`. */
static int
check_utf8(struct parser *p, size_t from, size_t to)
{
	size_t w;

	for (; from < to; from += w)
		if (decode((const unsigned char *)p->whole, to, from, &w) < 0)
			return goerr(p, E_UTF8, from, to);
	return 0;
}

static int
isalnum_ascii(int32_t c)
{
	return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') ||
	    (c >= 'a' && c <= 'z');
}

static int
unhex(int32_t c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* parseEscape: the character of the escape at p[*i] ('\\'). */
static int
parse_escape(struct parser *p, size_t *i, int32_t *r)
{
	const char *s = p->whole;
	size_t at = *i, t = at + 1, k;
	int32_t c, x, y;
	int nhex;

	if (t >= p->len)
		return goerr(p, E_BACKSLASH, 0, 0);
	if (next_rune(p, &t, &c) != 0)
		return -1;
	switch (c) {
	case '1': case '2': case '3': case '4': case '5': case '6': case '7':
		if (t >= p->len || s[t] < '0' || s[t] > '7')
			break;		/* a backreference */
		/* FALLTHROUGH */
	case '0':
		*r = c - '0';
		for (k = 1; k < 3 && t < p->len && s[t] >= '0' && s[t] <= '7';
		    k++, t++)
			*r = *r * 8 + (s[t] - '0');
		*i = t;
		return 0;
	case 'x':
		if (t >= p->len)
			break;
		if (next_rune(p, &t, &c) != 0)
			return -1;
		if (c == '{') {
			for (nhex = 0, *r = 0;; nhex++) {
				if (t >= p->len)
					goto bad;
				if (next_rune(p, &t, &c) != 0)
					return -1;
				if (c == '}')
					break;
				if ((x = unhex(c)) < 0)
					goto bad;
				*r = *r * 16 + x;
				if (*r > MAXRUNE)
					goto bad;
			}
			if (nhex == 0)
				break;
			*i = t;
			return 0;
		}
		x = unhex(c);
		if (next_rune(p, &t, &c) != 0)
			return -1;
		if (x < 0 || (y = unhex(c)) < 0)
			break;
		*r = x * 16 + y;
		*i = t;
		return 0;
	case 'a': *r = '\a'; *i = t; return 0;
	case 'f': *r = '\f'; *i = t; return 0;
	case 'n': *r = '\n'; *i = t; return 0;
	case 'r': *r = '\r'; *i = t; return 0;
	case 't': *r = '\t'; *i = t; return 0;
	case 'v': *r = '\v'; *i = t; return 0;
	default:
		if (c < 0x80 && !isalnum_ascii(c)) {
			*r = c;
			*i = t;
			return 0;
		}
		break;
	}
bad:
	return goerr(p, E_ESCAPE, at, t);
}

/* parseClassChar: a character in a class at p[*i]. */
static int
parse_class_char(struct parser *p, size_t *i, int32_t *r, size_t class_at)
{
	if (*i >= p->len)
		return goerr(p, E_BRACKET, class_at, p->len);
	if (p->whole[*i] == '\\')
		return parse_escape(p, i, r);
	return next_rune(p, i, r);
}

/* parsePerlClassEscape: \d \D \s \S \w \W at p[*i] into c; 1 if one. */
static int
parse_perl_class(struct parser *p, size_t *i, struct runes *c)
{
	size_t k;
	char ch;

	if (*i + 1 >= p->len || p->whole[*i] != '\\')
		return 0;
	ch = p->whole[*i + 1];
	for (k = 0; k < sizeof perl_groups / sizeof perl_groups[0]; k++)
		if (ch == perl_groups[k].name[0] || ch == perl_groups[k].name[0] -
		    'a' + 'A') {
			add_group(p, c, &perl_groups[k], ch < 'a');
			*i += 2;
			return 1;
		}
	return 0;
}

/* parseNamedClass: [:name:] at p[*i] into c: 1, 0 if none, -1 error. */
static int
parse_named_class(struct parser *p, size_t *i, struct runes *c)
{
	const char *s = p->whole + *i, *e, *name;
	size_t n, k;
	int neg;

	if (p->len - *i < 2 || s[0] != '[' || s[1] != ':')
		return 0;
	if ((e = memmem(s + 2, p->len - *i - 2, ":]", 2)) == NULL)
		return 0;
	name = s + 2;
	n = (size_t)(e - name);
	neg = n > 0 && *name == '^';
	for (k = 0; k < sizeof posix_groups / sizeof posix_groups[0]; k++)
		if (strlen(posix_groups[k].name) == n - (size_t)neg &&
		    memcmp(posix_groups[k].name, name + neg, n - (size_t)neg) == 0) {
			add_group(p, c, &posix_groups[k], neg);
			*i += (size_t)(e - s) + 2;
			return 1;
		}
	return goerr(p, E_CHARRANGE, *i, *i + (size_t)(e - s) + 2);
}

/*
 * parseUnicodeClass: \p or \P at p[*i] into c: 1, 0 if none, -1 error.
 * "Any" is every character; else Go's table, with its fold table under
 * (?i).
 */
static int
parse_unicode_class(struct parser *p, size_t *i, struct runes *c)
{
	const char *s = p->whole;
	size_t at = *i, t = at + 2, name, nlen, seq_end;
	struct pl_uni tab, fold;
	int32_t ch;
	int neg;

	if (p->len - at < 2 || s[at] != '\\' || (s[at + 1] != 'p' &&
	    s[at + 1] != 'P'))
		return 0;
	neg = s[at + 1] == 'P';
	if (next_rune(p, &t, &ch) != 0)
		return -1;
	if (ch != '{') {
		seq_end = t;
		name = at + 2;
		nlen = t - name;
	} else {
		const char *e = memchr(s + at, '}', p->len - at);

		if (e == NULL) {
			if (check_utf8(p, at, p->len) != 0)
				return -1;
			return goerr(p, E_CHARRANGE, at, p->len);
		}
		seq_end = (size_t)(e - s) + 1;
		name = at + 3;
		nlen = seq_end - 1 - name;
		t = seq_end;
		if (check_utf8(p, name, name + nlen) != 0)
			return -1;
	}
	if (nlen > 0 && s[name] == '^') {
		neg = !neg;
		name++, nlen--;
	}
	if (nlen == 3 && memcmp(s + name, "Any", 3) == 0) {
		if (!neg)
			add_range(c, 0, MAXRUNE);
		*i = t;
		return 1;
	}
	if (pl_uni_table(s + name, nlen, &tab, &fold) != 0)
		return goerr(p, E_CHARRANGE, at, seq_end);
	if (!(p->flags & F_FOLD) || fold.n == 0) {
		if (neg)
			add_negated_table(c, &tab);
		else
			add_table(c, &tab);
	} else {
		p->tmp.n = 0;
		add_table(&p->tmp, &tab);
		add_table(&p->tmp, &fold);
		clean_class(&p->tmp);
		if (neg)
			add_negated_class(c, p->tmp.r, p->tmp.n);
		else
			add_class(c, p->tmp.r, p->tmp.n);
	}
	*i = t;
	return 1;
}

/* ---- the parse stack ---- */

static int
maybe_concat(struct parser *p, int32_t r, unsigned flags)
{
	struct re *re1, *re2;
	size_t k;

	if (p->ns < 2)
		return 0;
	re1 = p->stack[p->ns - 1];
	re2 = p->stack[p->ns - 2];
	if (re1->op != OP_LITERAL || re2->op != OP_LITERAL ||
	    (re1->flags & F_FOLD) != (re2->flags & F_FOLD))
		return 0;
	for (k = 0; k < re1->rn.n; k++)
		addrune(&re2->rn, re1->rn.r[k]);
	if (r >= 0) {
		re1->rn.n = 0;
		addrune(&re1->rn, r);
		re1->flags = flags;
		return 1;
	}
	p->ns--;
	reuse(p, re1);
	return 0;
}

static struct re *
push(struct parser *p, struct re *re)
{
	const int32_t *r = re->rn.r;

	p->nrunes += (int64_t)re->rn.n;
	if (re->op == OP_CLASS && re->rn.n == 2 && r[0] == r[1]) {
		if (maybe_concat(p, r[0], p->flags & ~F_FOLD))
			return NULL;
		re->op = OP_LITERAL;
		re->rn.n = 1;
		re->flags = p->flags & ~F_FOLD;
	} else if ((re->op == OP_CLASS && re->rn.n == 4 && r[0] == r[1] &&
	    r[2] == r[3] && sfold(r[0]) == r[2] && sfold(r[2]) == r[0]) ||
	    (re->op == OP_CLASS && re->rn.n == 2 && r[0] + 1 == r[1] &&
	    sfold(r[0]) == r[1] && sfold(r[1]) == r[0])) {
		if (maybe_concat(p, r[0], p->flags | F_FOLD))
			return NULL;
		re->op = OP_LITERAL;
		re->rn.n = 1;
		re->flags = p->flags | F_FOLD;
	} else
		(void)maybe_concat(p, -1, 0);
	xgrow((void **)&p->stack, &p->caps, p->ns + 1, sizeof *p->stack);
	p->stack[p->ns++] = re;
	check_limits(p, re);
	return re;
}

static void
literal(struct parser *p, int32_t r)
{
	struct re *re = newre(p, OP_LITERAL);

	re->flags = p->flags;
	if (p->flags & F_FOLD)
		r = min_fold(r);
	addrune(&re->rn, r);
	(void)push(p, re);
}

static struct re *
op(struct parser *p, int o)
{
	struct re *re = newre(p, o);

	re->flags = p->flags;
	return push(p, re);
}

static int
repeat_valid(const struct re *re, int n)
{
	size_t i;
	int m;

	if (re->op == OP_REPEAT) {
		m = re->max;
		if (m == 0)
			return 1;
		if (m < 0)
			m = re->min;
		if (m > n)
			return 0;
		if (m > 0)
			n /= m;
	}
	for (i = 0; i < re->nsub; i++)
		if (!repeat_valid(re->sub[i], n))
			return 0;
	return 1;
}

/*
 * repeat: the top of the stack repeated. The operator is p[before,
 * *after); a '?' after it makes it lazy and is taken. last: where the
 * repetition just before it started, or NONE.
 */
static int
repeat(struct parser *p, int o, int min, int max, size_t before,
    size_t *after, size_t last)
{
	unsigned flags = p->flags;
	struct re *re, *sub;

	if (*after < p->len && p->whole[*after] == '?') {
		(*after)++;
		flags ^= F_NONGREEDY;
	}
	if (last != NONE)
		return goerr(p, E_REPEATOP, last, *after);
	if (p->ns == 0 || (sub = p->stack[p->ns - 1])->op >= OP_LPAREN)
		return goerr(p, E_REPEATARG, before, *after);
	re = newre(p, o);
	re->min = min;
	re->max = max;
	re->flags = flags;
	addsub(re, sub);
	p->stack[p->ns - 1] = re;
	check_limits(p, re);
	if (o == OP_REPEAT && (min >= 2 || max >= 2) && !repeat_valid(re, 1000))
		return goerr(p, E_REPEATSIZE, before, *after);
	return 0;
}

static int
is_charclass(const struct re *re)
{
	return (re->op == OP_LITERAL && re->rn.n == 1) || re->op == OP_CLASS ||
	    re->op == OP_ANYNOTNL || re->op == OP_ANY;
}

static int
match_rune(const struct re *re, int32_t r)
{
	size_t i;

	switch (re->op) {
	case OP_LITERAL:
		return re->rn.n == 1 && re->rn.r[0] == r;
	case OP_CLASS:
		for (i = 0; i < re->rn.n; i += 2)
			if (re->rn.r[i] <= r && r <= re->rn.r[i + 1])
				return 1;
		return 0;
	case OP_ANYNOTNL:
		return r != '\n';
	case OP_ANY:
		return 1;
	}
	return 0;
}

/* mergeCharClass: dst |= src, dst the more complex. */
static void
merge_charclass(struct re *dst, const struct re *src)
{
	int32_t d;

	switch (dst->op) {
	case OP_ANYNOTNL:
		if (match_rune(src, '\n'))
			dst->op = OP_ANY;
		break;
	case OP_CLASS:
		if (src->op == OP_LITERAL)
			add_literal(&dst->rn, src->rn.r[0], src->flags);
		else
			add_class(&dst->rn, src->rn.r, src->rn.n);
		break;
	case OP_LITERAL:
		if (src->rn.r[0] == dst->rn.r[0] && src->flags == dst->flags)
			break;
		dst->op = OP_CLASS;
		d = dst->rn.r[0];
		dst->rn.n = 0;
		add_literal(&dst->rn, d, dst->flags);
		add_literal(&dst->rn, src->rn.r[0], src->flags);
		break;
	}
}

static void
clean_alt(struct re *re)
{
	if (re->op != OP_CLASS)
		return;
	clean_class(&re->rn);
	if (re->rn.n == 2 && re->rn.r[0] == 0 && re->rn.r[1] == MAXRUNE) {
		re->rn.n = 0;
		re->op = OP_ANY;
	} else if (re->rn.n == 4 && re->rn.r[0] == 0 && re->rn.r[1] == '\n' - 1 &&
	    re->rn.r[2] == '\n' + 1 && re->rn.r[3] == MAXRUNE) {
		re->rn.n = 0;
		re->op = OP_ANYNOTNL;
	}
}

static int
re_equal(const struct re *x, const struct re *y)
{
	size_t i;

	if (x == NULL || y == NULL)
		return x == y;
	if (x->op != y->op)
		return 0;
	switch (x->op) {
	case OP_EOT:
		return (x->flags & F_WASDOLLAR) == (y->flags & F_WASDOLLAR);
	case OP_LITERAL: case OP_CLASS:
		return x->rn.n == y->rn.n && (x->rn.n == 0 ||
		    memcmp(x->rn.r, y->rn.r, x->rn.n * sizeof *x->rn.r) == 0);
	case OP_ALT: case OP_CONCAT:
		if (x->nsub != y->nsub)
			return 0;
		for (i = 0; i < x->nsub; i++)
			if (!re_equal(x->sub[i], y->sub[i]))
				return 0;
		return 1;
	case OP_STAR: case OP_PLUS: case OP_QUEST:
		return (x->flags & F_NONGREEDY) == (y->flags & F_NONGREEDY) &&
		    re_equal(x->sub[0], y->sub[0]);
	case OP_REPEAT:
		return (x->flags & F_NONGREEDY) == (y->flags & F_NONGREEDY) &&
		    x->min == y->min && x->max == y->max &&
		    re_equal(x->sub[0], y->sub[0]);
	case OP_CAPTURE:	/* captures are numbered: two are never equal */
		return x->cap == y->cap && re_equal(x->sub[0], y->sub[0]);
	}
	return 1;
}

static struct re *collapse(struct parser *, struct re **, size_t, int);

/* leadingString: the literal re starts with, in *r, *n, its fold flag. */
static unsigned
leading_string(const struct re *re, const int32_t **r, size_t *n)
{
	if (re->op == OP_CONCAT && re->nsub > 0)
		re = re->sub[0];
	if (re->op != OP_LITERAL) {
		*r = NULL;
		*n = 0;
		return 0;
	}
	*r = re->rn.r;
	*n = re->rn.n;
	return re->flags & F_FOLD;
}

static struct re *
remove_leading_string(struct parser *p, struct re *re, size_t n)
{
	struct re *sub, *old;

	if (re->op == OP_CONCAT && re->nsub > 0) {
		sub = remove_leading_string(p, re->sub[0], n);
		re->sub[0] = sub;
		if (sub->op == OP_EMPTY) {
			reuse(p, sub);
			switch (re->nsub) {
			case 0: case 1:
				re->op = OP_EMPTY;
				re->nsub = 0;
				break;
			case 2:
				old = re;
				re = re->sub[1];
				reuse(p, old);
				break;
			default:
				memmove(re->sub, re->sub + 1, (re->nsub - 1) *
				    sizeof *re->sub);
				re->nsub--;
				break;
			}
		}
		return re;
	}
	if (re->op == OP_LITERAL) {
		memmove(re->rn.r, re->rn.r + n, (re->rn.n - n) * sizeof *re->rn.r);
		re->rn.n -= n;
		if (re->rn.n == 0)
			re->op = OP_EMPTY;
	}
	return re;
}

static struct re *
leading_regexp(struct re *re)
{
	if (re->op == OP_EMPTY)
		return NULL;
	if (re->op == OP_CONCAT && re->nsub > 0)
		return re->sub[0]->op == OP_EMPTY ? NULL : re->sub[0];
	return re;
}

static struct re *
remove_leading_regexp(struct parser *p, struct re *re, int reused)
{
	struct re *old;

	if (re->op == OP_CONCAT && re->nsub > 0) {
		if (reused)
			reuse(p, re->sub[0]);
		memmove(re->sub, re->sub + 1, (re->nsub - 1) * sizeof *re->sub);
		re->nsub--;
		if (re->nsub == 0)
			re->op = OP_EMPTY;
		else if (re->nsub == 1) {
			old = re;
			re = re->sub[0];
			reuse(p, old);
		}
		return re;
	}
	if (reused)
		reuse(p, re);
	return newre(p, OP_EMPTY);
}

static struct re *
concat2(struct parser *p, struct re *a, struct re *b)
{
	struct re *re = newre(p, OP_CONCAT);

	addsub(re, a);
	addsub(re, b);
	return re;
}

/* factor: Go's factoring of an alternation's branches, in place. */
static size_t
factor(struct parser *p, struct re **sub, size_t n)
{
	const int32_t *str = NULL, *istr;
	size_t start, out, i, j, nstr = 0, nistr, same, max;
	unsigned strflags = 0, iflags;
	struct re *prefix, *suffix, *first, *ifirst, *t;

	if (n < 2)
		return n;
	/* round 1: common literal prefixes */
	for (start = out = i = 0; i <= n; i++) {
		istr = NULL, nistr = 0, iflags = 0;
		if (i < n) {
			iflags = leading_string(sub[i], &istr, &nistr);
			if (iflags == strflags) {
				for (same = 0; same < nstr && same < nistr &&
				    str[same] == istr[same]; same++)
					;
				if (same > 0) {
					nstr = same;
					continue;
				}
			}
		}
		if (i == start + 1)
			sub[out++] = sub[start];
		else if (i > start + 1) {
			prefix = newre(p, OP_LITERAL);
			prefix->flags = strflags;
			for (j = 0; j < nstr; j++)
				addrune(&prefix->rn, str[j]);
			for (j = start; j < i; j++) {
				sub[j] = remove_leading_string(p, sub[j], nstr);
				check_limits(p, sub[j]);
			}
			suffix = collapse(p, sub + start, i - start, OP_ALT);
			sub[out++] = concat2(p, prefix, suffix);
		}
		start = i;
		str = istr, nstr = nistr, strflags = iflags;
	}
	n = out;

	/* round 2: a common first piece, a class or a fixed repeat of one */
	first = NULL;
	for (start = out = i = 0; i <= n; i++) {
		ifirst = NULL;
		if (i < n) {
			ifirst = leading_regexp(sub[i]);
			if (first != NULL && re_equal(first, ifirst) &&
			    (is_charclass(first) || (first->op == OP_REPEAT &&
			    first->min == first->max &&
			    is_charclass(first->sub[0]))))
				continue;
		}
		if (i == start + 1)
			sub[out++] = sub[start];
		else if (i > start + 1) {
			prefix = first;
			for (j = start; j < i; j++) {
				sub[j] = remove_leading_regexp(p, sub[j],
				    j != start);
				check_limits(p, sub[j]);
			}
			suffix = collapse(p, sub + start, i - start, OP_ALT);
			sub[out++] = concat2(p, prefix, suffix);
		}
		start = i;
		first = ifirst;
	}
	n = out;

	/* round 3: runs of single characters and classes into one class */
	for (start = out = i = 0; i <= n; i++) {
		if (i < n && is_charclass(sub[i]))
			continue;
		if (i == start + 1)
			sub[out++] = sub[start];
		else if (i > start + 1) {
			for (max = start, j = start + 1; j < i; j++)
				if (sub[max]->op < sub[j]->op || (sub[max]->op ==
				    sub[j]->op && sub[max]->rn.n < sub[j]->rn.n))
					max = j;
			t = sub[start], sub[start] = sub[max], sub[max] = t;
			for (j = start + 1; j < i; j++) {
				merge_charclass(sub[start], sub[j]);
				reuse(p, sub[j]);
			}
			clean_alt(sub[start]);
			sub[out++] = sub[start];
		}
		if (i < n)
			sub[out++] = sub[i];
		start = i + 1;
	}
	n = out;

	/* round 4: runs of empty matches into one */
	for (out = i = 0; i < n; i++) {
		if (i + 1 < n && sub[i]->op == OP_EMPTY &&
		    sub[i + 1]->op == OP_EMPTY)
			continue;
		sub[out++] = sub[i];
	}
	return out;
}

static struct re *
collapse(struct parser *p, struct re **subs, size_t n, int o)
{
	struct re *re, *old;
	size_t i, k;

	if (n == 1)
		return subs[0];
	re = newre(p, o);
	for (i = 0; i < n; i++) {
		if (subs[i]->op == o) {
			for (k = 0; k < subs[i]->nsub; k++)
				addsub(re, subs[i]->sub[k]);
			reuse(p, subs[i]);
		} else
			addsub(re, subs[i]);
	}
	if (o == OP_ALT) {
		re->nsub = factor(p, re->sub, re->nsub);
		if (re->nsub == 1) {
			old = re;
			re = re->sub[0];
			reuse(p, old);
		}
	}
	return re;
}

/* The stack above the topmost pseudo-operator, taken off: its index. */
static size_t
take_top(struct parser *p)
{
	size_t i;

	for (i = p->ns; i > 0 && p->stack[i - 1]->op < OP_LPAREN; i--)
		;
	return i;
}


static void
concat(struct parser *p)
{
	size_t i, n;

	(void)maybe_concat(p, -1, 0);
	i = take_top(p);
	n = p->ns - i;
	p->ns = i;
	if (n == 0)
		(void)push(p, newre(p, OP_EMPTY));
	else
		(void)push(p, collapse(p, p->stack + i, n, OP_CONCAT));
}

static void
alternate(struct parser *p)
{
	size_t i, n;

	i = take_top(p);
	n = p->ns - i;
	p->ns = i;
	if (n > 0)
		clean_alt(p->stack[i + n - 1]);
	if (n == 0)
		(void)push(p, newre(p, OP_NOMATCH));
	else
		(void)push(p, collapse(p, p->stack + i, n, OP_ALT));
}

static int
swap_vertical_bar(struct parser *p)
{
	struct re **st = p->stack, *re1, *re3;
	size_t n = p->ns;

	if (n >= 3 && st[n - 2]->op == OP_VBAR && is_charclass(st[n - 1]) &&
	    is_charclass(st[n - 3])) {
		re1 = st[n - 1];
		re3 = st[n - 3];
		if (re1->op > re3->op) {
			re1 = st[n - 3];
			re3 = st[n - 1];
			st[n - 3] = re3;
		}
		merge_charclass(re3, re1);
		reuse(p, re1);
		p->ns--;
		return 1;
	}
	if (n >= 2 && st[n - 2]->op == OP_VBAR) {
		if (n >= 3)
			clean_alt(st[n - 3]);
		re1 = st[n - 1];
		st[n - 1] = st[n - 2];
		st[n - 2] = re1;
		return 1;
	}
	return 0;
}

static void
parse_vertical_bar(struct parser *p)
{
	concat(p);
	if (!swap_vertical_bar(p))
		(void)op(p, OP_VBAR);
}

static int
parse_right_paren(struct parser *p)
{
	struct re *re1, *re2;

	concat(p);
	if (swap_vertical_bar(p))
		p->ns--;
	alternate(p);
	if (p->ns < 2)
		return goerr(p, E_UNEXPPAREN, 0, p->len);
	re1 = p->stack[p->ns - 1];
	re2 = p->stack[p->ns - 2];
	p->ns -= 2;
	if (re2->op != OP_LPAREN)
		return goerr(p, E_UNEXPPAREN, 0, p->len);
	p->flags = re2->flags;
	if (re2->cap == 0)
		(void)push(p, re1);
	else {
		re2->op = OP_CAPTURE;
		re2->nsub = 0;
		addsub(re2, re1);
		(void)push(p, re2);
	}
	return 0;
}

/* parsePerlFlags: "(?" at p[*i]: flags, a group, a named capture. */
static int
parse_perl_flags(struct parser *p, size_t *i)
{
	const char *s = p->whole, *gt;
	size_t at = *i, rest = p->len - at, t, name, end, k;
	unsigned flags = p->flags;
	int sign = 1, saw = 0;
	int32_t c;

	if ((rest > 4 && s[at + 2] == 'P' && s[at + 3] == '<') ||
	    (rest > 3 && s[at + 2] == '<')) {
		name = at + (s[at + 2] == 'P' ? 4 : 3);
		if ((gt = memchr(s + at, '>', rest)) == NULL) {
			if (check_utf8(p, at, p->len) != 0)
				return -1;
			return goerr(p, E_NAMEDCAP, at, p->len);
		}
		end = (size_t)(gt - s);
		if (check_utf8(p, name, end) != 0)
			return -1;
		for (k = name; k < end && (s[k] == '_' || isalnum_ascii(s[k]));
		    k++)
			;
		if (k == name || k < end)
			return goerr(p, E_NAMEDCAP, at, end + 1);
		op(p, OP_LPAREN)->cap = ++p->ncap;
		*i = end + 1;
		return 0;
	}
	for (t = at + 2; t < p->len;) {
		if (next_rune(p, &t, &c) != 0)
			return -1;
		switch (c) {
		case 'i':
			flags |= F_FOLD;
			saw = 1;
			continue;
		case 'm':
			flags &= ~(unsigned)F_ONELINE;
			saw = 1;
			continue;
		case 's':
			flags |= F_DOTNL;
			saw = 1;
			continue;
		case 'U':
			flags |= F_NONGREEDY;
			saw = 1;
			continue;
		case '-':
			if (sign < 0)
				break;
			sign = -1;
			flags = ~flags;
			saw = 0;
			continue;
		case ':': case ')':
			if (sign < 0) {
				if (!saw)
					break;
				flags = ~flags;
			}
			if (c == ':')
				(void)op(p, OP_LPAREN);
			p->flags = flags;
			*i = t;
			return 0;
		}
		break;
	}
	return goerr(p, E_PERLOP, at, t);
}

/* parseInt: a decimal number at p[*i]; -1 when too big; 0 if none. */
static int
parse_int(struct parser *p, size_t *i, int *n)
{
	const char *s = p->whole;
	size_t t = *i;

	if (t >= p->len || s[t] < '0' || s[t] > '9')
		return 0;
	if (t + 1 < p->len && s[t] == '0' && s[t + 1] >= '0' && s[t + 1] <= '9')
		return 0;
	for (*n = 0; t < p->len && s[t] >= '0' && s[t] <= '9'; t++)
		if (*n >= 0)
			*n = *n >= 100000000 ? -1 : *n * 10 + (s[t] - '0');
	*i = t;
	return 1;
}

/* parseRepeat: {n}, {n,} or {n,m} at p[*i], *i moved past it; 0 if none. */
static int
parse_repeat(struct parser *p, size_t *i, int *min, int *max)
{
	const char *s = p->whole;
	size_t t = *i + 1;

	if (!parse_int(p, &t, min) || t >= p->len)
		return 0;
	if (s[t] != ',')
		*max = *min;
	else {
		if (++t >= p->len)
			return 0;
		if (s[t] == '}')
			*max = -1;
		else if (!parse_int(p, &t, max))
			return 0;
		else if (*max < 0)
			*min = -1;
	}
	if (t >= p->len || s[t] != '}')
		return 0;
	*i = t + 1;
	return 1;
}

/* parseClass: [ at p[*i]. */
static int
parse_class(struct parser *p, size_t *i)
{
	const char *s = p->whole;
	size_t at = *i, t = at + 1, rng;
	struct re *re = newre(p, OP_CLASS);
	int neg = 0, first = 1, rc;
	int32_t lo, hi;

	re->flags = p->flags;
	if (t < p->len && s[t] == '^') {
		neg = 1;
		t++;
	}
	while (t >= p->len || s[t] != ']' || first) {
		first = 0;
		if (p->len - t > 2 && s[t] == '[' && s[t + 1] == ':') {
			if ((rc = parse_named_class(p, &t, &re->rn)) < 0)
				return -1;
			if (rc > 0)
				continue;
		}
		if ((rc = parse_unicode_class(p, &t, &re->rn)) < 0)
			return -1;
		if (rc > 0 || parse_perl_class(p, &t, &re->rn))
			continue;
		rng = t;
		if (parse_class_char(p, &t, &lo, at) != 0)
			return -1;
		hi = lo;
		if (p->len - t >= 2 && s[t] == '-' && s[t + 1] != ']') {
			t++;
			if (parse_class_char(p, &t, &hi, at) != 0)
				return -1;
			if (hi < lo)
				return goerr(p, E_CHARRANGE, rng, t);
		}
		if (p->flags & F_FOLD)
			add_folded_range(&re->rn, lo, hi);
		else
			add_range(&re->rn, lo, hi);
	}
	*i = t + 1;
	clean_class(&re->rn);
	if (neg)
		negate_class(&re->rn);
	(void)push(p, re);
	return 0;
}

/* A backslash outside a class, at p[*i]. */
static int
parse_backslash(struct parser *p, size_t *i)
{
	const char *s = p->whole, *e;
	size_t t = *i, end, w;
	struct re *re;
	int32_t c;
	int rc;

	if (t + 1 < p->len) {
		switch (s[t + 1]) {
		case 'A':
			(void)op(p, OP_BOT);
			*i = t + 2;
			return 0;
		case 'b':
			(void)op(p, OP_WORDB);
			*i = t + 2;
			return 0;
		case 'B':
			(void)op(p, OP_NOWORDB);
			*i = t + 2;
			return 0;
		case 'C':
			return goerr(p, E_ESCAPE, t, t + 2);
		case 'Q':		/* literals up to \E or the end */
			e = memmem(s + t + 2, p->len - t - 2, "\\E", 2);
			end = e != NULL ? (size_t)(e - s) : p->len;
			for (t += 2; t < end; t += w) {
				if ((c = decode((const unsigned char *)s, end, t,
				    &w)) < 0)
					return goerr(p, E_UTF8, t, end);
				literal(p, c);
			}
			*i = e != NULL ? end + 2 : end;
			return 0;
		case 'z':
			(void)op(p, OP_EOT);
			*i = t + 2;
			return 0;
		}
	}
	re = newre(p, OP_CLASS);
	re->flags = p->flags;
	if ((rc = parse_unicode_class(p, i, &re->rn)) < 0)
		return -1;
	if (rc > 0 || parse_perl_class(p, i, &re->rn)) {
		(void)push(p, re);
		return 0;
	}
	reuse(p, re);
	if (parse_escape(p, i, &c) != 0)
		return -1;
	literal(p, c);
	return 0;
}

/* Go's parse with the Perl flags: the tree, or NULL with Go's error. */
static struct re *
parse(struct parser *p)
{
	const char *s = p->whole;
	size_t i = 0, at, last = NONE, rep;
	int32_t c;
	int min, max, rc;

	p->flags = F_ONELINE;
	while (i < p->len) {
		rep = NONE;
		rc = 0;
		at = i;
		switch (s[i]) {
		default:
			if ((rc = next_rune(p, &i, &c)) == 0)
				literal(p, c);
			break;
		case '(':
			if (i + 1 < p->len && s[i + 1] == '?') {
				rc = parse_perl_flags(p, &i);
				break;
			}
			op(p, OP_LPAREN)->cap = ++p->ncap;
			i++;
			break;
		case '|':
			parse_vertical_bar(p);
			i++;
			break;
		case ')':
			rc = parse_right_paren(p);
			i++;
			break;
		case '^':
			(void)op(p, p->flags & F_ONELINE ? OP_BOT : OP_BOL);
			i++;
			break;
		case '$':
			if (p->flags & F_ONELINE)
				op(p, OP_EOT)->flags |= F_WASDOLLAR;
			else
				(void)op(p, OP_EOL);
			i++;
			break;
		case '.':
			(void)op(p, p->flags & F_DOTNL ? OP_ANY : OP_ANYNOTNL);
			i++;
			break;
		case '[':
			rc = parse_class(p, &i);
			break;
		case '*': case '+': case '?':
			i++;
			rc = repeat(p, s[at] == '*' ? OP_STAR : s[at] == '+' ?
			    OP_PLUS : OP_QUEST, 0, 0, at, &i, last);
			rep = at;
			break;
		case '{':
			if (!parse_repeat(p, &i, &min, &max)) {
				literal(p, '{');
				i++;
				break;
			}
			if (min < 0 || min > 1000 || max > 1000 ||
			    (max >= 0 && min > max)) {
				rc = goerr(p, E_REPEATSIZE, at, i);
				break;
			}
			rc = repeat(p, OP_REPEAT, min, max, at, &i, last);
			rep = at;
			break;
		case '\\':
			rc = parse_backslash(p, &i);
			break;
		}
		if (p->limit != NULL)
			break;
		if (rc != 0)
			return NULL;
		last = rep;
	}
	if (p->limit == NULL) {
		concat(p);
		if (swap_vertical_bar(p))
			p->ns--;
		alternate(p);
	}
	if (p->limit != NULL) {
		goerr(p, p->limit, 0, p->len);
		return NULL;
	}
	if (p->ns != 1) {
		goerr(p, E_PAREN, 0, p->len);
		return NULL;
	}
	return p->stack[0];
}

/* ---- the program (regexp/syntax's Prog) ---- */

enum iop {
	I_FAIL, I_ALT, I_EMPTY, I_MATCH, I_NOP, I_RUNE, I_RUNE1, I_ANY,
	I_ANYNOTNL
};

/* Go's empty-width conditions. */
enum {
	C_BOL = 1, C_EOL = 2, C_BOT = 4, C_EOT = 8, C_WORDB = 16, C_NOWORDB = 32
};

struct inst {
	uint8_t op;
	uint8_t empty;			/* I_EMPTY: what must hold */
	uint32_t out;
	uint32_t arg;			/* I_ALT: the other branch; I_RUNE: its
					   class; I_RUNE1: the character */
};

/* A class: n [lo, hi] pairs at runes[at], and its ASCII part as bits. */
struct cls {
	uint64_t ascii[2];
	uint32_t at, n;
};

struct pl_re {
	char *src;
	struct inst *prog;
	size_t ninst, capinst;
	uint32_t start;
	struct cls *cls;
	size_t ncls, capcls;
	int32_t *runes;
	size_t nrunes, caprunes;
	int never;			/* the program cannot match */
	int anchored;			/* only at the start of the name */
	int filter;			/* first[] says where a match may start */
	int skip;			/* ... and finding it skips no character
					   in the middle */
	unsigned char first[32];	/* bytes a match may begin with */
	int sfixed;			/* no condition before the first read: */
	int smatch;			/* ... the start matches at once, or */
	uint32_t *slist;		/* ... these read the first character */
	size_t nslist;
	/* the automaton: states, their threads, a table to find them */
	struct dstate *ds;
	size_t nds, capds;
	uint32_t *dpcs;
	size_t ndpcs, capdpcs;
	struct ht dht;
	int32_t dstart;			/* the first state, or -1 */
	size_t dmax;			/* the most states it may have */
	int nodfa;			/* too many states: threads only */
	/* the matcher's work space: a mark per instruction and position */
	uint32_t *mark, gen;
	uint32_t *list[2], *stack;
	unsigned long long work;
};

/* A fragment and its list of dangling exits (Go's patchList). */
struct frag {
	uint32_t i, head, tail;
	int nullable;
};

static uint32_t
inst(struct pl_re *re, int o)
{
	xgrow((void **)&re->prog, &re->capinst, re->ninst + 1, sizeof *re->prog);
	memset(&re->prog[re->ninst], 0, sizeof re->prog[0]);
	re->prog[re->ninst].op = (uint8_t)o;
	return (uint32_t)re->ninst++;
}

static void
patch(struct pl_re *re, uint32_t l, uint32_t val)
{
	struct inst *in;

	while (l != 0) {
		in = &re->prog[l >> 1];
		if ((l & 1) == 0) {
			l = in->out;
			in->out = val;
		} else {
			l = in->arg;
			in->arg = val;
		}
	}
}

static void
append_list(struct pl_re *re, struct frag *f, uint32_t head, uint32_t tail)
{
	struct inst *in;

	if (f->head == 0) {
		f->head = head;
		f->tail = tail;
		return;
	}
	if (head == 0)
		return;
	in = &re->prog[f->tail >> 1];
	if ((f->tail & 1) == 0)
		in->out = head;
	else
		in->arg = head;
	f->tail = tail;
}

static struct frag
frag_inst(struct pl_re *re, int o)
{
	struct frag f;

	f.i = inst(re, o);
	f.head = f.tail = f.i << 1;
	f.nullable = 1;
	return f;
}

static struct frag
frag_fail(void)
{
	struct frag f = { 0, 0, 0, 0 };

	return f;
}

static struct frag
cat(struct pl_re *re, struct frag f1, struct frag f2)
{
	if (f1.i == 0 || f2.i == 0)
		return frag_fail();
	patch(re, f1.head, f2.i);
	f1.head = f2.head;
	f1.tail = f2.tail;
	f1.nullable = f1.nullable && f2.nullable;
	return f1;
}

static struct frag
alt(struct pl_re *re, struct frag f1, struct frag f2)
{
	struct frag f;

	if (f1.i == 0)
		return f2;
	if (f2.i == 0)
		return f1;
	f = frag_inst(re, I_ALT);
	re->prog[f.i].out = f1.i;
	re->prog[f.i].arg = f2.i;
	f.head = f1.head;
	f.tail = f1.tail;
	append_list(re, &f, f2.head, f2.tail);
	f.nullable = f1.nullable || f2.nullable;
	return f;
}

static struct frag
quest(struct pl_re *re, struct frag f1)
{
	struct frag f = frag_inst(re, I_ALT);

	re->prog[f.i].out = f1.i;
	f.head = f.tail = f.i << 1 | 1;
	append_list(re, &f, f1.head, f1.tail);
	return f;
}

/* The loop of x+ and x*: an Alt back to x, leaving by its other branch. */
static struct frag
loop(struct pl_re *re, struct frag f1)
{
	struct frag f = frag_inst(re, I_ALT);

	re->prog[f.i].out = f1.i;
	f.head = f.tail = f.i << 1 | 1;
	patch(re, f1.head, f.i);
	return f;
}

static struct frag
plus(struct pl_re *re, struct frag f1)
{
	struct frag l = loop(re, f1);

	l.i = f1.i;
	l.nullable = f1.nullable;
	return l;
}

static struct frag
star(struct pl_re *re, struct frag f1)
{
	if (f1.nullable)		/* as Go: (x+)? */
		return quest(re, plus(re, f1));
	return loop(re, f1);
}

/*
 * A class instruction for n/2 [lo, hi] pairs (clean). *cls is the class
 * the same part of the tree made before (-1: none yet): the copies of a
 * repeat share it, as Go's share their slice.
 */
static struct frag
frag_class(struct pl_re *re, const int32_t *r, size_t n, int32_t *cls)
{
	struct frag f = frag_inst(re, I_RUNE);
	struct cls *c;
	size_t k;
	int32_t x;

	f.nullable = 0;
	if (*cls >= 0) {
		re->prog[f.i].arg = (uint32_t)*cls;
		return f;
	}
	*cls = (int32_t)re->ncls;
	xgrow((void **)&re->cls, &re->capcls, re->ncls + 1, sizeof *re->cls);
	c = &re->cls[re->ncls];
	memset(c, 0, sizeof *c);
	c->at = (uint32_t)re->nrunes;
	c->n = (uint32_t)(n / 2);
	if (n > 0) {			/* an empty class matches nothing */
		xgrow((void **)&re->runes, &re->caprunes, re->nrunes + n,
		    sizeof *re->runes);
		memcpy(re->runes + re->nrunes, r, n * sizeof *r);
		re->nrunes += n;
	}
	for (k = 0; k < n; k += 2)
		for (x = r[k]; x <= r[k + 1] && x < 128; x++)
			c->ascii[x >> 6] |= (uint64_t)1 << (x & 63);
	re->prog[f.i].arg = (uint32_t)re->ncls++;
	return f;
}

/* Go's compiler.rune: r a literal's one character (n 1) or a class;
 * cls as frag_class's. */
static struct frag
frag_rune(struct pl_re *re, struct runes *tmp, const int32_t *r, size_t n,
    unsigned flags, int32_t *cls)
{
	struct frag f;
	int32_t o;

	if (n == 1 && (flags & F_FOLD) && sfold(r[0]) != r[0]) {
		tmp->n = 0;		/* the character's orbit, as a class */
		add_range(tmp, r[0], r[0]);
		for (o = sfold(r[0]); o != r[0]; o = sfold(o))
			add_range(tmp, o, o);
		clean_class(tmp);
		return frag_class(re, tmp->r, tmp->n, cls);
	}
	if (n == 1 || (n == 2 && r[0] == r[1])) {
		f = frag_inst(re, I_RUNE1);
		re->prog[f.i].arg = (uint32_t)r[0];
	} else if (n == 2 && r[0] == 0 && r[1] == MAXRUNE)
		f = frag_inst(re, I_ANY);
	else if (n == 4 && r[0] == 0 && r[1] == '\n' - 1 && r[2] == '\n' + 1 &&
	    r[3] == MAXRUNE)
		f = frag_inst(re, I_ANYNOTNL);
	else
		return frag_class(re, r, n, cls);
	f.nullable = 0;
	return f;
}

static struct frag
frag_empty(struct pl_re *re, int cond)
{
	struct frag f = frag_inst(re, I_EMPTY);

	re->prog[f.i].empty = (uint8_t)cond;
	return f;
}

/* Go's compile of a tree, repeats expanded as its Simplify does. */
static struct frag
compile(struct pl_re *re, struct runes *tmp, struct re *t)
{
	static const int32_t any_nl[] = { 0, '\n' - 1, '\n' + 1, MAXRUNE };
	static const int32_t any[] = { 0, MAXRUNE };
	int32_t none = -1;
	struct frag f, s;
	size_t k;
	int n;

	switch (t->op) {
	case OP_NOMATCH:
		return frag_fail();
	case OP_EMPTY:
		return frag_inst(re, I_NOP);
	case OP_LITERAL:
		if (t->rn.n == 0)
			return frag_inst(re, I_NOP);
		if (t->lcls == NULL) {
			t->lcls = xmalloc(t->rn.n * sizeof *t->lcls);
			memset(t->lcls, 0xff, t->rn.n * sizeof *t->lcls);
		}
		f = frag_rune(re, tmp, t->rn.r, 1, t->flags, &t->lcls[0]);
		for (k = 1; k < t->rn.n; k++)
			f = cat(re, f, frag_rune(re, tmp, t->rn.r + k, 1,
			    t->flags, &t->lcls[k]));
		return f;
	case OP_CLASS:
		return frag_rune(re, tmp, t->rn.r, t->rn.n, 0, &t->cls);
	case OP_ANYNOTNL:
		return frag_rune(re, tmp, any_nl, 4, 0, &none);
	case OP_ANY:
		return frag_rune(re, tmp, any, 2, 0, &none);
	case OP_BOL:
		return frag_empty(re, C_BOL);
	case OP_EOL:
		return frag_empty(re, C_EOL);
	case OP_BOT:
		return frag_empty(re, C_BOT);
	case OP_EOT:
		return frag_empty(re, C_EOT);
	case OP_WORDB:
		return frag_empty(re, C_WORDB);
	case OP_NOWORDB:
		return frag_empty(re, C_NOWORDB);
	case OP_CAPTURE:		/* no captures: the group alone */
		return compile(re, tmp, t->sub[0]);
	case OP_STAR:
		return star(re, compile(re, tmp, t->sub[0]));
	case OP_PLUS:
		return plus(re, compile(re, tmp, t->sub[0]));
	case OP_QUEST:
		return quest(re, compile(re, tmp, t->sub[0]));
	case OP_REPEAT:
		if (t->min == 0 && t->max == 0)
			return frag_inst(re, I_NOP);
		if (t->max == -1) {	/* x{n,}: n-1 copies, then x+ */
			if (t->min == 0)
				return star(re, compile(re, tmp, t->sub[0]));
			f = frag_fail();
			for (n = 0; n < t->min - 1; n++) {
				s = compile(re, tmp, t->sub[0]);
				f = n == 0 ? s : cat(re, f, s);
			}
			s = plus(re, compile(re, tmp, t->sub[0]));
			return t->min == 1 ? s : cat(re, f, s);
		}
		if (t->min == 1 && t->max == 1)
			return compile(re, tmp, t->sub[0]);
		/* x{n,m}: n copies, then (x(x(x)?)?)? for the rest */
		s = frag_fail();
		if (t->max > t->min) {
			s = quest(re, compile(re, tmp, t->sub[0]));
			for (n = t->min + 1; n < t->max; n++)
				s = quest(re, cat(re, compile(re, tmp,
				    t->sub[0]), s));
		}
		if (t->min == 0)
			return s;
		f = compile(re, tmp, t->sub[0]);
		for (n = 1; n < t->min; n++)
			f = cat(re, f, compile(re, tmp, t->sub[0]));
		return t->max > t->min ? cat(re, f, s) : f;
	case OP_CONCAT:
		if (t->nsub == 0)
			return frag_inst(re, I_NOP);
		f = compile(re, tmp, t->sub[0]);
		for (k = 1; k < t->nsub; k++)
			f = cat(re, f, compile(re, tmp, t->sub[k]));
		return f;
	case OP_ALT:
		f = frag_fail();
		for (k = 0; k < t->nsub; k++)
			f = alt(re, f, compile(re, tmp, t->sub[k]));
		return f;
	}
	return frag_fail();
}

/* ---- what the program says of the start of a match ---- */

static void
first_range(struct pl_re *re, int32_t lo, int32_t hi)
{
	int32_t b;

#define LEAD(r) ((r) < 0x800 ? 0xc0 | (r) >> 6 : (r) < 0x10000 ? \
	0xe0 | (r) >> 12 : 0xf0 | (r) >> 18)
	for (b = lo; b <= hi && b < 0x80; b++)
		re->first[b >> 3] |= (unsigned char)(1u << (b & 7));
	if (hi >= 0x80)
		for (b = LEAD(lo < 0x80 ? 0x80 : lo); b <= LEAD(hi); b++)
			re->first[b >> 3] |= (unsigned char)(1u << (b & 7));
	if (lo <= 0xfffd && hi >= 0xfffd)	/* a bad byte reads as U+FFFD */
		for (b = 0x80; b <= 0xff; b++)
			re->first[b >> 3] |= (unsigned char)(1u << (b & 7));
#undef LEAD
}

/*
 * Can a match start past the start of the name? Not if every way from the
 * start to a character read or to the match passes a \A or ^ (not under
 * (?m)). st: room for 2 * ninst + 1, seen: ninst zeros, left dirty.
 */
static int
anchored(const struct pl_re *re, uint32_t *st, unsigned char *seen)
{
	const struct inst *in;
	size_t n = 0;
	uint32_t pc;

	st[n++] = re->start;
	while (n > 0) {
		if (seen[pc = st[--n]])
			continue;
		seen[pc] = 1;
		in = &re->prog[pc];
		switch (in->op) {
		case I_FAIL:
			break;
		case I_ALT:
			st[n++] = in->arg;
			st[n++] = in->out;
			break;
		case I_EMPTY:
			if (!(in->empty & C_BOT))
				st[n++] = in->out;
			break;
		case I_NOP:
			st[n++] = in->out;
			break;
		default:		/* a read or the match */
			return 0;
		}
	}
	return 1;
}

/*
 * What the start of a match says: whether it is anchored; the bytes a
 * match can start with, those of the characters the instructions reached
 * from the start without reading one can take (none if a match can be
 * empty); whether it can match at all. When no condition (^ $ \b...)
 * stands before the first read, the instructions reached are the same
 * everywhere: kept, so that starting a thread at each character costs no
 * walk.
 */
static void
start_info(struct pl_re *re)
{
	const struct inst *in;
	uint32_t pc, *st;
	size_t n = 0, k;
	const struct cls *c;
	unsigned char *seen;

	st = xmalloc((2 * re->ninst + 1) * sizeof *st);
	seen = xcalloc(re->ninst, 1);
	re->anchored = anchored(re, st, seen);
	memset(seen, 0, re->ninst);
	re->filter = re->sfixed = 1;
	re->slist = xmalloc(re->ninst * sizeof *re->slist);
	st[n++] = re->start;
	while (n > 0) {
		pc = st[--n];
		if (seen[pc])
			continue;
		seen[pc] = 1;
		in = &re->prog[pc];
		if (in->op >= I_RUNE)
			re->slist[re->nslist++] = pc;
		switch (in->op) {
		case I_ALT:
			st[n++] = in->arg;
			st[n++] = in->out;
			break;
		case I_EMPTY:
			re->sfixed = 0;
			/* FALLTHROUGH */
		case I_NOP:
			st[n++] = in->out;
			break;
		case I_MATCH:
			re->filter = 0;
			re->smatch = 1;
			break;
		case I_RUNE1:
			first_range(re, (int32_t)in->arg, (int32_t)in->arg);
			break;
		case I_ANY:
			first_range(re, 0, MAXRUNE);
			break;
		case I_ANYNOTNL:
			first_range(re, 0, '\n' - 1);
			first_range(re, '\n' + 1, MAXRUNE);
			break;
		case I_RUNE:
			c = &re->cls[in->arg];
			for (k = 0; k < c->n; k++)
				first_range(re, re->runes[c->at + 2 * k],
				    re->runes[c->at + 2 * k + 1]);
			break;
		}
	}
	free(st);
	free(seen);
	re->never = re->nslist == 0 && !re->smatch;
	if (!re->filter)
		memset(re->first, 0, sizeof re->first);
	/* to skip ahead, every byte a match may start at must begin a
	   character, so that the characters before are read as Go reads them */
	re->skip = re->filter;
	for (k = 0x80 / 8; k < 0xc0 / 8; k++)
		if (re->first[k] != 0)
			re->skip = 0;
}

struct pl_re *
pl_re_compile(const char *src, size_t n, struct buf *err)
{
	struct parser p;
	struct pl_re *re;
	struct re *tree;
	struct frag f;
	size_t i;

	memset(&p, 0, sizeof p);
	p.whole = src;
	p.len = n;
	p.err = err;
	tree = parse(&p);
	re = NULL;
	if (tree != NULL) {
		re = xcalloc(1, sizeof *re);
		re->src = xmemdup0(src, n);
		(void)inst(re, I_FAIL);		/* instruction 0: failure */
		f = compile(re, &p.tmp, tree);
		patch(re, f.head, inst(re, I_MATCH));
		re->start = f.i;
		start_info(re);
		re->mark = xcalloc(re->ninst, sizeof *re->mark);
		re->list[0] = xmalloc(re->ninst * sizeof *re->list[0]);
		re->list[1] = xmalloc(re->ninst * sizeof *re->list[1]);
		re->stack = xmalloc((2 * re->ninst + 1) * sizeof *re->stack);
		re->dstart = -1;
		re->dmax = D_MAXSTATES;
	}
	for (i = 0; i < p.nall; i++) {
		free(p.all[i]->sub);
		free(p.all[i]->rn.r);
		free(p.all[i]->lcls);
		free(p.all[i]);
	}
	free(p.all);
	free(p.stack);
	free(p.tmp.r);
	return re;
}

/* ---- matching ---- */

static int
isword(unsigned char c)
{
	return isalnum_ascii(c) || c == '_';
}

/*
 * What holds at s[pos] (Go's EmptyOpContext). The characters either side
 * matter only if they are ASCII: one that is not (or a bad byte, U+FFFD)
 * is neither a newline nor a word character.
 */
static unsigned
context(const unsigned char *s, size_t n, size_t pos)
{
	int b = pos > 0 && s[pos - 1] < 0x80 ? s[pos - 1] : -1;
	int a = pos < n && s[pos] < 0x80 ? s[pos] : -1;
	unsigned f = 0;

	if (pos == 0)
		f |= C_BOT | C_BOL;
	else if (b == '\n')
		f |= C_BOL;
	if (pos >= n)
		f |= C_EOT | C_EOL;
	else if (a == '\n')
		f |= C_EOL;
	if ((b >= 0 && isword((unsigned char)b)) !=
	    (a >= 0 && isword((unsigned char)a)))
		f |= C_WORDB;
	else
		f |= C_NOWORDB;
	return f;
}

static void
next_gen(struct pl_re *re)
{
	if (++re->gen == 0) {
		memset(re->mark, 0, re->ninst * sizeof *re->mark);
		re->gen = 1;
	}
}

/* Where threads are added: the name, a position in it, and what holds
 * there, worked out when an instruction asks (-1 until then). */
struct at {
	const unsigned char *s;
	size_t n, pos;
	int ctx;
};

/* Add the thread at pc, and all it reaches without reading, to the list
 * (its length *ln); 1 if it reaches the match. */
static int
add(struct pl_re *re, uint32_t *list, size_t *ln, uint32_t pc, struct at *a)
{
	uint32_t *st = re->stack;
	const struct inst *in;
	size_t n = 0;

	st[n++] = pc;
	while (n > 0) {
		pc = st[--n];
		if (re->mark[pc] == re->gen)
			continue;
		re->mark[pc] = re->gen;
		re->work++;
		in = &re->prog[pc];
		switch (in->op) {
		case I_FAIL:
			break;
		case I_ALT:
			st[n++] = in->arg;
			st[n++] = in->out;
			break;
		case I_EMPTY:
			if (a->ctx < 0)
				a->ctx = (int)context(a->s, a->n, a->pos);
			if ((in->empty & ~(unsigned)a->ctx) == 0)
				st[n++] = in->out;
			break;
		case I_NOP:
			st[n++] = in->out;
			break;
		case I_MATCH:
			return 1;
		default:
			list[(*ln)++] = pc;
			break;
		}
	}
	return 0;
}

/* A thread from the start: a walk, or the instructions start_info kept. */
static int
add_start(struct pl_re *re, uint32_t *list, size_t *ln, struct at *a)
{
	size_t k;
	uint32_t pc;

	if (!re->sfixed)
		return add(re, list, ln, re->start, a);
	if (re->smatch)
		return 1;
	re->work += re->nslist;
	for (k = 0; k < re->nslist; k++)
		if (re->mark[pc = re->slist[k]] != re->gen) {
			re->mark[pc] = re->gen;
			list[(*ln)++] = pc;
		}
	return 0;
}

static int
takes(const struct pl_re *re, const struct inst *in, int32_t r)
{
	const struct cls *c;
	const int32_t *p;
	size_t lo, hi, mid;

	switch (in->op) {
	case I_RUNE1:
		return r == (int32_t)in->arg;
	case I_ANY:
		return 1;
	case I_ANYNOTNL:
		return r != '\n';
	}
	c = &re->cls[in->arg];
	if (r < 128)
		return (int)(c->ascii[r >> 6] >> (r & 63) & 1);
	if (c->n == 0)
		return 0;
	p = re->runes + c->at;
	for (lo = 0, hi = c->n; lo < hi;) {
		mid = (lo + hi) / 2;
		if (r < p[2 * mid])
			hi = mid;
		else if (r > p[2 * mid + 1])
			lo = mid + 1;
		else
			return 1;
	}
	return 0;
}

static int
may_start(const struct pl_re *re, unsigned char b)
{
	return re->first[b >> 3] & (1u << (b & 7));
}

/* The character at s[i] as Go reads it (a bad byte: U+FFFD), its length;
 * -1 at the end. */
static int32_t
char_at(const unsigned char *s, size_t n, size_t i, size_t *w)
{
	int32_t r;

	if (i >= n) {
		*w = 0;
		return -1;
	}
	if (s[i] < 0x80) {
		*w = 1;
		return s[i];
	}
	return (r = decode(s, n, i, w)) < 0 ? 0xfffd : r;
}

/* The threads in step over the name: 1 or 0. */
static int
pike(struct pl_re *re, const unsigned char *s, size_t n)
{
	uint32_t *cl = re->list[0], *nl = re->list[1], *t;
	struct at here = { s, n, 0, -1 }, next = { s, n, 0, -1 };
	size_t w, wn, ncl = 0, nnl, k;
	int32_t r, rn;

	r = char_at(s, n, 0, &w);
	next_gen(re);
	for (;;) {
		if (ncl == 0 && here.pos > 0 && re->anchored)
			break;
		if (ncl == 0 && re->skip && !re->anchored && here.pos < n &&
		    !may_start(re, s[here.pos])) {
			while (here.pos < n && !may_start(re, s[here.pos]))
				here.pos++;
			if (here.pos >= n)
				break;
			here.ctx = -1;
			r = char_at(s, n, here.pos, &w);
			next_gen(re);
		}
		if ((here.pos == 0 || !re->anchored) &&
		    add_start(re, cl, &ncl, &here))
			return 1;
		if (r < 0)
			break;
		next.pos = here.pos + w;
		next.ctx = -1;
		rn = char_at(s, n, next.pos, &wn);
		next_gen(re);
		for (nnl = 0, k = 0; k < ncl; k++) {
			const struct inst *in = &re->prog[cl[k]];

			re->work++;
			if (takes(re, in, r) && add(re, nl, &nnl, in->out, &next))
				return 1;
		}
		t = cl, cl = nl, nl = t;
		ncl = nnl;
		here = next;
		r = rn;
		w = wn;
	}
	return 0;
}

/*
 * The automaton. A state is the threads at a position before the
 * instructions that read nothing are followed (they may ask about the
 * next character), and what the character before was; a move on the next
 * character follows them, then reads it. With an unanchored expression
 * every state has a thread at the start too.
 */
#define D_UNKNOWN	(-1)
#define D_MATCH		(-2)
#define D_DEAD		(-3)		/* no thread left: no match */
#define D_FULL		(-4)		/* no room for another state */

enum { PF_START = 1, PF_NL = 2, PF_WORD = 4 };

struct dstate {
	int32_t next[128];		/* by ASCII character: a state, D_... */
	int32_t eot;			/* at the end: D_MATCH, D_DEAD, D_UNKNOWN */
	uint32_t at, n;			/* its threads, in dpcs */
	unsigned pf;			/* PF_: the character before */
};

/* What holds between a character described by pf and c (-1: the end). */
static unsigned
dcontext(unsigned pf, int32_t c)
{
	int after = c >= 0 && c < 0x80 && isword((unsigned char)c);
	unsigned f = 0;

	if (pf & PF_START)
		f |= C_BOT | C_BOL;
	else if (pf & PF_NL)
		f |= C_BOL;
	if (c < 0)
		f |= C_EOT | C_EOL;
	else if (c == '\n')
		f |= C_EOL;
	return f | (((pf & PF_WORD) != 0) != after ? C_WORDB : C_NOWORDB);
}

/* The state of these threads (sorted) and pf: found, or made; D_FULL. */
static int32_t
dfind(struct pl_re *re, const uint32_t *pcs, size_t n, unsigned pf)
{
	uint64_t h = ht_hash_from(ht_step(HT_SEED, (unsigned char)pf), pcs,
	    n * sizeof *pcs);
	struct ht_probe pr;
	struct dstate *d;
	uint32_t i;

	ht_probe(&re->dht, h, &pr);
	while ((i = ht_next(&re->dht, &pr)) != HT_NONE)
		if (re->ds[i].pf == pf && re->ds[i].n == n &&
		    memcmp(re->dpcs + re->ds[i].at, pcs, n * sizeof *pcs) == 0)
			return (int32_t)i;
	if (re->nds >= re->dmax || re->ndpcs + n > D_MAXTHREADS)
		return D_FULL;
	xgrow((void **)&re->ds, &re->capds, re->nds + 1, sizeof *re->ds);
	xgrow((void **)&re->dpcs, &re->capdpcs, re->ndpcs + n, sizeof *pcs);
	d = &re->ds[re->nds];
	memset(d->next, 0xff, sizeof d->next);		/* D_UNKNOWN */
	d->eot = D_UNKNOWN;
	d->at = (uint32_t)re->ndpcs;
	d->n = (uint32_t)n;
	d->pf = pf;
	memcpy(re->dpcs + re->ndpcs, pcs, n * sizeof *pcs);
	re->ndpcs += n;
	ht_add(&re->dht, h, (uint32_t)re->nds);
	return (int32_t)re->nds++;
}

static int
cmp_pc(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return x < y ? -1 : x > y;
}

/* The move from state si on c (-1: the end). */
static int32_t
dstep(struct pl_re *re, int32_t si, int32_t c)
{
	struct at a = { NULL, 0, 0, (int)dcontext(re->ds[si].pf, c) };
	uint32_t *cl = re->list[0], *nl = re->list[1], at = re->ds[si].at;
	size_t n = re->ds[si].n, ncl = 0, nnl = 0, k;
	const struct inst *in;

	next_gen(re);
	for (k = 0; k < n; k++)
		if (add(re, cl, &ncl, re->dpcs[at + k], &a))
			return D_MATCH;
	if (c < 0)
		return D_DEAD;
	next_gen(re);
	for (k = 0; k < ncl; k++) {
		in = &re->prog[cl[k]];
		if (takes(re, in, c) && re->mark[in->out] != re->gen) {
			re->mark[in->out] = re->gen;
			nl[nnl++] = in->out;
		}
	}
	if (!re->anchored && re->mark[re->start] != re->gen)
		nl[nnl++] = re->start;
	if (nnl == 0)
		return D_DEAD;
	qsort(nl, nnl, sizeof *nl, cmp_pc);
	return dfind(re, nl, nnl, c == '\n' ? PF_NL : c < 0x80 &&
	    isword((unsigned char)c) ? PF_WORD : 0);
}

/* The automaton over the name: 1, 0, or -1 when it ran out of room. */
static int
dfa(struct pl_re *re, const unsigned char *s, size_t n)
{
	int32_t si = re->dstart, nx, c;
	size_t pos = 0, w;

	if (si < 0 && (si = re->dstart = dfind(re, &re->start, 1,
	    PF_START)) < 0)
		return -1;
	for (;;) {
		re->work++;
		if (pos >= n) {
			if ((nx = re->ds[si].eot) == D_UNKNOWN)
				nx = re->ds[si].eot = dstep(re, si, -1);
			return nx == D_MATCH;
		}
		if (s[pos] < 0x80) {
			c = s[pos++];
			if ((nx = re->ds[si].next[c]) == D_UNKNOWN) {
				if ((nx = dstep(re, si, c)) == D_FULL)
					return -1;
				re->ds[si].next[c] = nx;
			}
		} else {
			c = char_at(s, n, pos, &w);
			pos += w;
			if ((nx = dstep(re, si, c)) == D_FULL)
				return -1;
		}
		if (nx == D_MATCH)
			return 1;
		if (nx == D_DEAD)
			return 0;
		si = nx;
	}
}

int
pl_re_match(struct pl_re *re, const char *str, size_t n)
{
	const unsigned char *s = (const unsigned char *)str;
	int m;

	if (re->never || (re->filter && re->anchored && (n == 0 ||
	    !may_start(re, s[0]))))
		return 0;
	if (!re->nodfa) {
		if ((m = dfa(re, s, n)) >= 0)
			return m;
		re->nodfa = 1;		/* threads from now on */
		free(re->ds);
		free(re->dpcs);
		ht_free(&re->dht);
		re->ds = NULL;
		re->dpcs = NULL;
	}
	return pike(re, s, n);
}

void
pl_re_free(struct pl_re *re)
{
	if (re == NULL)
		return;
	free(re->src);
	free(re->prog);
	free(re->cls);
	free(re->runes);
	free(re->mark);
	free(re->list[0]);
	free(re->list[1]);
	free(re->stack);
	free(re->slist);
	free(re->ds);
	free(re->dpcs);
	ht_free(&re->dht);
	free(re);
}

const char *
pl_re_source(const struct pl_re *re)
{
	return re->src;
}

void
pl_re_max_states(struct pl_re *re, size_t n)
{
	re->dmax = n;
}

unsigned long long
pl_re_work(const struct pl_re *re)
{
	return re->work;
}

int
pl_re_anchored(const struct pl_re *re)
{
	return re->anchored;
}
