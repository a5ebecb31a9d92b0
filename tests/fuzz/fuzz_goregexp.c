/*
 * fuzz_goregexp - Go's regular expressions against a reference.
 *
 * The input chooses an expression and a few names, both over a small
 * alphabet of characters that tell Go's rules apart (case-folding orbits
 * of two and three, letters in one table and folding into another,
 * U+FFFD, Unicode 15 letters, a newline), plus bytes of invalid UTF-8 in
 * the names. The expression is written in Go's syntax, each piece in one
 * of the ways Go spells it (raw, \x{..}, \x.., octal, \Q..\E, escaped
 * punctuation; classes of characters, ranges, \p, \P, \p{^..}, Perl and
 * POSIX classes; flags set in a group or for the rest of one; repeats,
 * lazy or not, of anything but a repeat).
 *
 * goregexp must compile it, since Go does, and match each name as the
 * reference decides, by its automaton and by its threads alone: the expression's meaning under Go's rules, computed
 * for each part as the set of positions it can end at from a position
 * (no automaton, no backtracking), with the orbits and tables of the
 * alphabet's characters taken from Go's unicode package (goalpha.inc).
 *
 * Except where Go departs from its rules: when it factors the branches of
 * an alternation, Go takes two one-character literals for the same when
 * one is folded under (?i) and the other is not (Regexp.Equal compares
 * their characters only), so the first branch's folding decides for both
 * (A\d|(?i)a does not match "a"). goregexp does as Go does; an expression
 * with an alternation and such a pair is not compared (quirk()).
 */
#include <stdint.h>
#include <string.h>

#include "buffer.h"
#include "fuzz.h"
#include "goregexp.h"

struct alpha {
	int32_t r;
	int norbit;
	int32_t orbit[4];
};

struct alphaclass {
	const char *name;
	uint64_t in, folded;	/* a bit per character of the alphabet */
};

#include "goalpha.inc"

#define NALPHA	((int)(sizeof alphabet / sizeof alphabet[0]))
#define NCLASS	((int)(sizeof alphaclasses / sizeof alphaclasses[0]))
#define MAXNODE	200
#define MAXPART	4
#define MAXSUB	4
#define MAXLEN	8		/* characters in a name */
#define MAXDEPTH 4

/* Go's ASCII groups: \d \s \w and a few POSIX ones. */
static const struct {
	const char *name;
	int32_t r[8];
	int n;
} groups[] = {
	{ "d", { '0', '9' }, 2 },
	{ "s", { '\t', '\n', '\f', '\r', ' ', ' ' }, 6 },
	{ "w", { '0', '9', 'A', 'Z', '_', '_', 'a', 'z' }, 8 },
	{ "[:alpha:]", { 'A', 'Z', 'a', 'z' }, 4 },
	{ "[:upper:]", { 'A', 'Z' }, 2 },
	{ "[:lower:]", { 'a', 'z' }, 2 },
	{ "[:space:]", { '\t', '\r', ' ', ' ' }, 4 },
	{ "[:punct:]", { '!', '/', ':', '@', '[', '`', '{', '~' }, 8 },
	{ "[:word:]", { '0', '9', 'A', 'Z', '_', '_', 'a', 'z' }, 8 },
};
#define NGROUP	((int)(sizeof groups / sizeof groups[0]))

enum { N_EMPTY, N_LIT, N_CLASS, N_DOT, N_ASSERT, N_CAT, N_ALT, N_REP };
enum { P_CHAR, P_RANGE, P_UNI, P_GROUP };
enum { A_BOT, A_EOT, A_BOL, A_EOL, A_WORDB, A_NOWORDB };

struct part {
	int kind, a, b, neg;	/* alphabet indices, or a table or group */
};

struct node {
	int kind, fold, ch, neg, nl, cond, min, max;
	struct part part[MAXPART];
	int npart;
	int sub[MAXSUB];
	int nsub;
};

struct gen {
	const uint8_t *in;
	size_t n, i;
	struct node node[MAXNODE];
	int nnode, ncap;
	int full;			/* out of nodes: the input is skipped */
	int fold, dotnl, multi;		/* the flags in force */
	struct buf *out;
};

static unsigned
byte(struct gen *g)
{
	return g->i < g->n ? g->in[g->i++] : 0;
}

/* ---- Go's factoring quirk ---- */

/* A set of the alphabet's characters and the characters of their orbits. */
struct runeset {
	int32_t r[4 * sizeof alphabet / sizeof alphabet[0]];
	int n;
};

static void
rs_add(struct runeset *s, int32_t r)
{
	int k;

	for (k = 0; k < s->n; k++)
		if (s->r[k] == r)
			return;
	FUZZ_ASSERT(s->n < (int)(sizeof s->r / sizeof s->r[0]));
	s->r[s->n++] = r;
}

static const struct alpha *
alpha_of(int32_t r)
{
	int k;

	for (k = 0; k < NALPHA; k++)
		if (alphabet[k].r == r)
			return &alphabet[k];
	return NULL;
}

/* A character as a literal may store it: itself unfolded, the least of
 * its orbit folded. */
static void
literal_forms(struct runeset *u, struct runeset *f, int32_t r, int fold)
{
	const struct alpha *a = alpha_of(r);
	int32_t m = r;
	int k;

	if (a == NULL || a->norbit == 1 || !fold) {
		rs_add(u, r);
		return;
	}
	for (k = 0; k < a->norbit; k++)
		if (a->orbit[k] < m)
			m = a->orbit[k];
	rs_add(f, m);
}

/*
 * Could Go's factoring take a folded literal for an unfolded one? When
 * the expression has an alternation and the same character could be kept
 * both ways: by literals, or by classes of one character or one pair of a
 * two-character orbit, which Go keeps as literals (taken widely here).
 */
static int
quirk(const struct gen *g)
{
	static struct runeset u, f;
	const struct node *nd;
	const struct alpha *a;
	int id, k, j, alt = 0;
	int32_t c[2];

	u.n = f.n = 0;
	for (id = 0; id < g->nnode; id++) {
		nd = &g->node[id];
		if (nd->kind == N_ALT && nd->nsub > 1)
			alt = 1;
		if (nd->kind == N_LIT)
			literal_forms(&u, &f, alphabet[nd->ch].r, nd->fold);
		if (nd->kind != N_CLASS || nd->neg)
			continue;
		for (k = 0; k < nd->npart; k++) {
			if (nd->part[k].kind == P_CHAR)
				c[0] = c[1] = alphabet[nd->part[k].a].r;
			else if (nd->part[k].kind == P_RANGE)
				c[0] = nd->part[k].a, c[1] = nd->part[k].b;
			else
				continue;
			for (j = 0; j < 2; j++) {
				literal_forms(&u, &f, c[j], 0);
				literal_forms(&u, &f, c[j], 1);
				if ((a = alpha_of(c[j])) != NULL && a->norbit == 2)
					rs_add(&u, a->orbit[1]);
			}
		}
	}
	for (k = 0; alt && k < u.n; k++)
		for (j = 0; j < f.n; j++)
			if (u.r[k] == f.r[j])
				return 1;
	return 0;
}

static int
newnode(struct gen *g, int kind)
{
	if (g->nnode == MAXNODE) {
		g->full = 1;
		return -1;
	}
	memset(&g->node[g->nnode], 0, sizeof g->node[0]);
	g->node[g->nnode].kind = kind;
	return g->nnode++;
}

static void
put_char(struct gen *g, int32_t r)
{
	char u[4];
	size_t n;

	if (r < 0x80)
		u[0] = (char)r, n = 1;
	else if (r < 0x800)
		u[0] = (char)(0xc0 | r >> 6), u[1] = (char)(0x80 | (r & 0x3f)),
		    n = 2;
	else if (r < 0x10000)
		u[0] = (char)(0xe0 | r >> 12), u[1] = (char)(0x80 | (r >> 6 &
		    0x3f)), u[2] = (char)(0x80 | (r & 0x3f)), n = 3;
	else
		u[0] = (char)(0xf0 | r >> 18), u[1] = (char)(0x80 | (r >> 12 &
		    0x3f)), u[2] = (char)(0x80 | (r >> 6 & 0x3f)),
		    u[3] = (char)(0x80 | (r & 0x3f)), n = 4;
	buf_add(g->out, u, n);
}

/* A literal character, in one of Go's spellings. */
static void
put_literal(struct gen *g, int32_t r)
{
	switch (byte(g) % 6) {
	case 0:
		buf_printf(g->out, "\\x{%X}", (unsigned)r);
		return;
	case 1:
		if (r < 0x100) {
			buf_printf(g->out, "\\x%02x", (unsigned)r);
			return;
		}
		break;
	case 2:
		if (r < 0100) {
			buf_printf(g->out, "\\0%02o", (unsigned)r);
			return;
		}
		break;
	case 3:
		buf_puts(g->out, "\\Q");
		put_char(g, r);
		buf_puts(g->out, "\\E");
		return;
	case 4:
		if (r < 0x80 && !((r >= '0' && r <= '9') || (r >= 'a' &&
		    r <= 'z') || (r >= 'A' && r <= 'Z')) && r != '\n') {
			buf_printf(g->out, "\\%c", (char)r);
			return;
		}
		break;
	}
	if (r == '.')
		buf_puts(g->out, "\\.");
	else
		put_char(g, r);
}

/* A class part, written as it is inside [ ] (or alone, outside). */
static void
gen_part(struct gen *g, struct part *pt)
{
	const char *name;
	unsigned k = byte(g);
	int32_t lo, hi;

	memset(pt, 0, sizeof *pt);
	switch (k % 4) {
	case 0:
		pt->kind = P_CHAR;
		pt->a = (int)(byte(g) % NALPHA);
		buf_printf(g->out, "\\x{%x}", (unsigned)alphabet[pt->a].r);
		break;
	case 1:
		pt->kind = P_RANGE;
		lo = alphabet[byte(g) % NALPHA].r;
		hi = alphabet[byte(g) % NALPHA].r;
		pt->a = lo < hi ? lo : hi;
		pt->b = lo < hi ? hi : lo;
		buf_printf(g->out, "\\x{%x}-\\x{%x}", (unsigned)pt->a,
		    (unsigned)pt->b);
		break;
	case 2:
		pt->kind = P_UNI;
		pt->a = (int)(byte(g) % NCLASS);
		name = alphaclasses[pt->a].name;
		switch (k / 4 % 4) {
		case 0:
			if (strlen(name) == 1) {
				buf_printf(g->out, "\\p%s", name);
				break;
			}
			/* FALLTHROUGH */
		case 1:
			buf_printf(g->out, "\\p{%s}", name);
			break;
		case 2:
			pt->neg = 1;
			buf_printf(g->out, "\\P{%s}", name);
			break;
		case 3:
			pt->neg = 1;
			buf_printf(g->out, "\\p{^%s}", name);
			break;
		}
		break;
	case 3:
		pt->kind = P_GROUP;
		pt->a = (int)(byte(g) % NGROUP);
		pt->neg = (int)(k / 4 % 2);
		name = groups[pt->a].name;
		if (name[0] == '[')
			buf_printf(g->out, "[:%s%s", pt->neg ? "^" : "", name + 2);
		else
			buf_printf(g->out, "\\%c", pt->neg ? name[0] - 'a' + 'A' :
			    name[0]);
		break;
	}
}

static int gen_alt(struct gen *, int);

static void
insert_at(struct buf *b, size_t at, const char *s)
{
	size_t n = strlen(s);

	buf_grow(b, b->n + n + 1);
	memmove(b->s + at + n, b->s + at, b->n - at + 1);
	memcpy(b->s + at, s, n);
	b->n += n;
}

/* Flags a group sets, for the rest of it or for its own part. */
static const struct {
	const char *text;
	int fold, dotnl, multi;		/* 1 set, -1 cleared, 0 left */
} flagsets[] = {
	{ "i", 1, 0, 0 }, { "-i", -1, 0, 0 }, { "s", 0, 1, 0 },
	{ "-s", 0, -1, 0 }, { "m", 0, 0, 1 }, { "-m", 0, 0, -1 },
	{ "U", 0, 0, 0 }, { "im", 1, 0, 1 }, { "i-m", 1, 0, -1 },
	{ "is-m", 1, 1, -1 }, { "-is", -1, -1, 0 }, { "sU", 0, 1, 0 },
};
#define NFLAGSET ((int)(sizeof flagsets / sizeof flagsets[0]))

static void
set_flags(struct gen *g, int k)
{
	if (flagsets[k].fold)
		g->fold = flagsets[k].fold > 0;
	if (flagsets[k].dotnl)
		g->dotnl = flagsets[k].dotnl > 0;
	if (flagsets[k].multi)
		g->multi = flagsets[k].multi > 0;
}

/* One piece and maybe a repeat of it; -1 when it is a flag group alone. */
static int
gen_item(struct gen *g, int depth)
{
	unsigned k = byte(g);
	int id, sub, f, saved[3];
	size_t at = g->out->n;
	struct node *nd;

	switch (k % 10) {
	case 3:
		if ((id = newnode(g, N_CLASS)) < 0)
			return -1;
		nd = &g->node[id];
		nd->fold = g->fold;
		if (k / 10 % 3 == 0) {		/* a part alone */
			nd->npart = 1;
			gen_part(g, &nd->part[0]);
			if (nd->part[0].kind == P_UNI || (nd->part[0].kind ==
			    P_GROUP && groups[nd->part[0].a].name[0] != '['))
				break;
			/* a character, a range, a POSIX class: in [ ] */
			buf_add(g->out, "]", 1);
			insert_at(g->out, at, "[");
			break;
		}
		buf_puts(g->out, "[");
		if ((nd->neg = byte(g) % 3 == 0))
			buf_puts(g->out, "^");
		for (nd->npart = 1 + (int)(byte(g) % MAXPART), f = 0;
		    f < nd->npart; f++)
			gen_part(g, &nd->part[f]);
		buf_puts(g->out, "]");
		break;
	case 4:
		if ((id = newnode(g, N_DOT)) < 0)
			return -1;
		g->node[id].nl = g->dotnl;
		buf_puts(g->out, ".");
		break;
	case 5:
		if ((id = newnode(g, N_ASSERT)) < 0)
			return -1;
		nd = &g->node[id];
		switch (byte(g) % 6) {
		case 0:
			nd->cond = g->multi ? A_BOL : A_BOT;
			buf_puts(g->out, "^");
			break;
		case 1:
			nd->cond = g->multi ? A_EOL : A_EOT;
			buf_puts(g->out, "$");
			break;
		case 2:
			nd->cond = A_BOT;
			buf_puts(g->out, "\\A");
			break;
		case 3:
			nd->cond = A_EOT;
			buf_puts(g->out, "\\z");
			break;
		case 4:
			nd->cond = A_WORDB;
			buf_puts(g->out, "\\b");
			break;
		case 5:
			nd->cond = A_NOWORDB;
			buf_puts(g->out, "\\B");
			break;
		}
		break;
	case 6:
		if (depth >= MAXDEPTH)
			return -1;
		saved[0] = g->fold, saved[1] = g->dotnl, saved[2] = g->multi;
		switch ((f = (int)(byte(g) % (NFLAGSET + 4)))) {
		case NFLAGSET:
			buf_puts(g->out, "(");
			break;
		case NFLAGSET + 1:
			buf_puts(g->out, "(?:");
			break;
		case NFLAGSET + 2:
			buf_printf(g->out, "(?P<n%d>", ++g->ncap);
			break;
		case NFLAGSET + 3:
			buf_printf(g->out, "(?<n%d>", ++g->ncap);
			break;
		default:
			buf_printf(g->out, "(?%s:", flagsets[f].text);
			set_flags(g, f);
			break;
		}
		id = gen_alt(g, depth + 1);
		buf_puts(g->out, ")");
		g->fold = saved[0], g->dotnl = saved[1], g->multi = saved[2];
		if (id < 0)
			return -1;
		break;
	case 7:
		f = (int)(byte(g) % NFLAGSET);
		buf_printf(g->out, "(?%s)", flagsets[f].text);
		set_flags(g, f);
		return -1;		/* nothing to repeat: no repeat here */
	default:
		if ((id = newnode(g, N_LIT)) < 0)
			return -1;
		nd = &g->node[id];
		nd->ch = (int)(byte(g) % NALPHA);
		nd->fold = g->fold;
		put_literal(g, alphabet[nd->ch].r);
		break;
	}
	if ((k = byte(g)) % 3 != 0)
		return id;
	sub = id;
	if ((id = newnode(g, N_REP)) < 0)
		return -1;
	nd = &g->node[id];
	nd->nsub = 1;
	nd->sub[0] = sub;
	switch (k / 3 % 6) {
	case 0:
		nd->min = 0, nd->max = -1;
		buf_puts(g->out, "*");
		break;
	case 1:
		nd->min = 1, nd->max = -1;
		buf_puts(g->out, "+");
		break;
	case 2:
		nd->min = 0, nd->max = 1;
		buf_puts(g->out, "?");
		break;
	case 3:
		nd->min = nd->max = (int)(byte(g) % 4);
		buf_printf(g->out, "{%d}", nd->min);
		break;
	case 4:
		nd->min = (int)(byte(g) % 4), nd->max = -1;
		buf_printf(g->out, "{%d,}", nd->min);
		break;
	case 5:
		nd->min = (int)(byte(g) % 3);
		nd->max = nd->min + (int)(byte(g) % 3);
		buf_printf(g->out, "{%d,%d}", nd->min, nd->max);
		break;
	}
	if (k / 18 % 2)
		buf_puts(g->out, "?");	/* lazy: the same set of matches */
	return id;
}

static int
gen_seq(struct gen *g, int depth)
{
	int id = newnode(g, N_CAT), n, k, sub;

	if (id < 0)
		return -1;
	for (n = (int)(byte(g) % (depth >= MAXDEPTH ? 2 : 5)), k = 0; k < n;
	    k++)
		if ((sub = gen_item(g, depth)) >= 0 &&
		    g->node[id].nsub < MAXSUB)
			g->node[id].sub[g->node[id].nsub++] = sub;
	return id;
}

static int
gen_alt(struct gen *g, int depth)
{
	int id = newnode(g, N_ALT), n, k, sub;

	if (id < 0)
		return -1;
	for (n = 1 + (int)(byte(g) % (depth >= MAXDEPTH ? 1 : 3)), k = 0;
	    k < n; k++) {
		if (k > 0)
			buf_puts(g->out, "|");
		if ((sub = gen_seq(g, depth)) >= 0)
			g->node[id].sub[g->node[id].nsub++] = sub;
	}
	return id;
}

/* ---- the reference: the positions each part can end at ---- */

struct ref {
	const struct gen *g;
	const int32_t *r;	/* the name's characters; n of them */
	int n;
	uint32_t memo[MAXNODE][MAXLEN + 1];
	uint8_t done[MAXNODE][MAXLEN + 1];
};

/* Is one of the characters r folds to (with r) in [lo, hi]? */
static int
orbit_in(int32_t r, int32_t lo, int32_t hi, int fold)
{
	const struct alpha *a = alpha_of(r);
	int k;

	FUZZ_ASSERT(a != NULL);
	if (!fold)
		return lo <= r && r <= hi;
	for (k = 0; k < a->norbit; k++)
		if (lo <= a->orbit[k] && a->orbit[k] <= hi)
			return 1;
	return 0;
}

static int
in_part(const struct part *pt, int32_t r, int fold)
{
	int k, in = 0;

	switch (pt->kind) {
	case P_CHAR:		/* [c] under (?i): c's orbit */
		return orbit_in(alphabet[pt->a].r, r, r, fold);
	case P_RANGE:
		return orbit_in(r, pt->a, pt->b, fold);
	case P_UNI:		/* (?i) adds the table's fold table */
		k = (int)(alpha_of(r) - alphabet);
		in = (int)(((fold ? alphaclasses[pt->a].folded :
		    alphaclasses[pt->a].in) >> k) & 1);
		return in != pt->neg;
	case P_GROUP:		/* (?i) folds the group, then negates */
		for (k = 0; k < groups[pt->a].n && !in; k += 2)
			in = orbit_in(r, groups[pt->a].r[k],
			    groups[pt->a].r[k + 1], fold);
		return in != pt->neg;
	}
	return 0;
}

static int
isword(int32_t r)
{
	return (r >= '0' && r <= '9') || (r >= 'a' && r <= 'z') ||
	    (r >= 'A' && r <= 'Z') || r == '_';
}

static int
holds(const struct ref *x, int cond, int i)
{
	int32_t before = i > 0 ? x->r[i - 1] : -1, after = i < x->n ? x->r[i] : -1;

	switch (cond) {
	case A_BOT:
		return i == 0;
	case A_EOT:
		return i == x->n;
	case A_BOL:
		return i == 0 || before == '\n';
	case A_EOL:
		return i == x->n || after == '\n';
	case A_WORDB:
		return isword(before) != isword(after);
	}
	return isword(before) == isword(after);
}

static uint32_t ends(struct ref *, int, int);

/* The positions node id ends at from any position in set s. */
static uint32_t
step(struct ref *x, int id, uint32_t s)
{
	uint32_t out = 0;
	int i;

	for (i = 0; i <= x->n; i++)
		if (s >> i & 1)
			out |= ends(x, id, i);
	return out;
}

static uint32_t
ends(struct ref *x, int id, int i)
{
	const struct node *nd = &x->g->node[id];
	uint32_t s = 0, cur, acc, nxt;
	int k, in;

	if (x->done[id][i])
		return x->memo[id][i];
	switch (nd->kind) {
	case N_EMPTY:
		s = 1u << i;
		break;
	case N_LIT:
		if (i < x->n && orbit_in(x->r[i], alphabet[nd->ch].r,
		    alphabet[nd->ch].r, nd->fold))
			s = 1u << (i + 1);
		break;
	case N_CLASS:
		if (i >= x->n)
			break;
		for (in = 0, k = 0; k < nd->npart && !in; k++)
			in = in_part(&nd->part[k], x->r[i], nd->fold);
		if (in != nd->neg)
			s = 1u << (i + 1);
		break;
	case N_DOT:
		if (i < x->n && (nd->nl || x->r[i] != '\n'))
			s = 1u << (i + 1);
		break;
	case N_ASSERT:
		if (holds(x, nd->cond, i))
			s = 1u << i;
		break;
	case N_CAT:
		for (s = 1u << i, k = 0; k < nd->nsub && s != 0; k++)
			s = step(x, nd->sub[k], s);
		break;
	case N_ALT:
		for (k = 0; k < nd->nsub; k++)
			s |= ends(x, nd->sub[k], i);
		break;
	case N_REP:
		cur = 1u << i;
		acc = nd->min == 0 ? cur : 0;
		for (k = 1; (nd->max < 0 ? k <= nd->min : k <= nd->max) &&
		    cur != 0; k++) {
			cur = step(x, nd->sub[0], cur);
			if (k >= nd->min)
				acc |= cur;
		}
		if (nd->max < 0)	/* and any number more */
			for (nxt = cur; nxt != 0; acc |= nxt)
				nxt = step(x, nd->sub[0], nxt) & ~acc;
		s = acc;
		break;
	}
	x->done[id][i] = 1;
	x->memo[id][i] = s;
	return s;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct gen g;
	static struct ref x;
	struct buf pat = { 0 }, name = { 0 }, err = { 0 };
	int32_t r[MAXLEN];
	struct pl_re *re, *th;
	unsigned k, len, j, nnames;
	int root, i, want, got, gotth;

	memset(&g, 0, sizeof g);
	g.in = data;
	g.n = size;
	g.out = &pat;
	buf_add(&pat, "", 0);
	root = gen_alt(&g, 0);
	if (g.full) {
		buf_free(&pat);
		return 0;
	}
	re = pl_re_compile(pat.s, pat.n, &err);
	if (re == NULL)
		fprintf(stderr, "`%s`: %s\n", pat.s, err.s);
	FUZZ_ASSERT(re != NULL);
	th = pl_re_compile(pat.s, pat.n, &err);
	FUZZ_ASSERT(th != NULL);
	pl_re_max_states(th, 0);
	for (nnames = quirk(&g) ? 0 : 1 + byte(&g) % 6, k = 0; k < nnames;
	    k++) {
		buf_clear(&name);
		buf_add(&name, "", 0);
		for (len = byte(&g) % (MAXLEN + 1), j = 0; j < len; j++) {
			unsigned b = byte(&g);

			if (b % 16 == 15) {	/* a bad byte: U+FFFD */
				buf_add(&name, b & 16 ? "\xc3" : "\xff", 1);
				r[j] = 0xfffd;
			} else {
				r[j] = alphabet[b % NALPHA].r;
				g.out = &name;
				put_char(&g, r[j]);
			}
		}
		memset(&x, 0, sizeof x);
		x.g = &g;
		x.r = r;
		x.n = (int)len;
		for (want = 0, i = 0; i <= x.n && !want; i++)
			want = ends(&x, root, i) != 0;
		got = pl_re_match(re, name.s, name.n);
		gotth = pl_re_match(th, name.s, name.n);
		if (got != want || gotth != want)
			fprintf(stderr, "`%s` on '%s' (%zu bytes): %d (threads %d), "
			    "Go: %d\n", pat.s, name.s, name.n, got, gotth, want);
		FUZZ_ASSERT(got == want && gotth == want);
	}
	pl_re_free(re);
	pl_re_free(th);
	buf_free(&pat);
	buf_free(&name);
	buf_free(&err);
	return 0;
}
