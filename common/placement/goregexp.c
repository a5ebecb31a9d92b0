/*
 * goregexp.c - Go regular expressions through PCRE2 (goregexp.h).
 *
 * translate() reads an expression as Go's regexp/syntax parser does with
 * the flags regexp.Compile gives it (Perl syntax, Unicode groups, negated
 * classes matching newline) and refuses what it refuses, with its words.
 * For the rest it writes a PCRE2 pattern that matches the same names:
 *
 * - Go's Perl and POSIX classes (\d \s \w, [:alpha:], and negated) are
 *   ASCII sets; they are written out as ranges, folded as Go folds them
 *   under (?i) (the long s and the Kelvin sign join s and k). That also
 *   keeps the vertical tab out of \s, and keeps away from PCRE2's JIT,
 *   which misses non-ASCII characters with \D \S \W;
 * - \p takes Go's names only: categories (C without the unassigned ones),
 *   and scripts by their Script property (sc:, not PCRE2's default, the
 *   Script_Extensions); Kawi and Nag_Mundari, which PCRE2 does not know
 *   yet, as their ranges;
 * - every literal in a class is written \x{...}, so none is special;
 * - a repetition of an empty-width assertion, or of a repetition, which
 *   Go allows, gets a group first; one after a flag group, which Go
 *   applies to what comes before it, goes before the flag group;
 * - a named group becomes a plain one (Go has no backreferences).
 */
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <stdint.h>
#include <stdlib.h>

#include "goregexp.h"
#include "xalloc.h"

#define RE_MATCH_LIMIT	100000	/* backtracking steps per match */
#define RE_DEPTH_LIMIT	1000	/* nested backtracking frames */
#define RE_HEAP_LIMIT	1024	/* KiB of backtracking memory */
#define RE_MAX_REPEAT	1000	/* Go's limit on {n,m}, nested ones multiplied */
#define RE_MAX_NEST	1000	/* Go's limit on nesting, counted in groups */
#define MAXRUNE		0x10ffff
#define NONE		SIZE_MAX

struct pl_re {
	char *src;
	pcre2_code *code;
	pcre2_match_data *md;
	pcre2_match_context *mc;
	int anchored;		/* only matches at the start... */
	unsigned char first[32];	/* ... beginning with one of these bytes */
};

/* ---- Go's character classes ---- */

/* An ASCII set, a bit per character. */
struct aset {
	unsigned char b[16];
};

static void
aset_add(struct aset *s, int lo, int hi)
{
	for (; lo <= hi; lo++)
		s->b[lo >> 3] |= (unsigned char)(1u << (lo & 7));
}

static int
aset_has(const struct aset *s, int c)
{
	return c >= 0 && c < 128 && (s->b[c >> 3] & (1u << (c & 7)));
}

/* The POSIX classes Go knows, then its Perl classes \d \s \w. */
static const struct {
	const char *name;
	unsigned char r[4][2];
	int n;
} classes[] = {
	{ "alnum", { { '0', '9' }, { 'A', 'Z' }, { 'a', 'z' } }, 3 },
	{ "alpha", { { 'A', 'Z' }, { 'a', 'z' } }, 2 },
	{ "ascii", { { 0x00, 0x7f } }, 1 },
	{ "blank", { { '\t', '\t' }, { ' ', ' ' } }, 2 },
	{ "cntrl", { { 0x00, 0x1f }, { 0x7f, 0x7f } }, 2 },
	{ "digit", { { '0', '9' } }, 1 },
	{ "graph", { { '!', '~' } }, 1 },
	{ "lower", { { 'a', 'z' } }, 1 },
	{ "print", { { ' ', '~' } }, 1 },
	{ "punct", { { '!', '/' }, { ':', '@' }, { '[', '`' }, { '{', '~' } }, 4 },
	{ "space", { { '\t', '\r' }, { ' ', ' ' } }, 2 },
	{ "upper", { { 'A', 'Z' } }, 1 },
	{ "word", { { '0', '9' }, { 'A', 'Z' }, { '_', '_' }, { 'a', 'z' } }, 4 },
	{ "xdigit", { { '0', '9' }, { 'A', 'F' }, { 'a', 'f' } }, 3 },
	{ "d", { { '0', '9' } }, 1 },
	{ "s", { { '\t', '\n' }, { '\f', '\r' }, { ' ', ' ' } }, 3 },
	{ "w", { { '0', '9' }, { 'A', 'Z' }, { '_', '_' }, { 'a', 'z' } }, 4 },
};

static int
class_set(const char *name, size_t n, struct aset *s)
{
	size_t i;
	int k;

	for (i = 0; i < sizeof classes / sizeof classes[0]; i++)
		if (strlen(classes[i].name) == n &&
		    memcmp(classes[i].name, name, n) == 0) {
			memset(s, 0, sizeof *s);
			for (k = 0; k < classes[i].n; k++)
				aset_add(s, classes[i].r[k][0], classes[i].r[k][1]);
			return 0;
		}
	return -1;
}

static void
range(struct buf *out, unsigned long lo, unsigned long hi)
{
	if (lo == hi)
		buf_printf(out, "\\x{%lx}", lo);
	else
		buf_printf(out, "\\x{%lx}-\\x{%lx}", lo, hi);
}

/*
 * A class body for the set, or its complement (neg), folded as Go folds
 * under (?i): a letter brings its other case, s and S the long s, k and
 * K the Kelvin sign.
 */
static void
emit_set(struct buf *out, struct aset s, int neg, int fold)
{
	unsigned long extra[2], c, lo;
	size_t n = 0, k;
	int in;

	if (fold) {
		for (c = 'A'; c <= 'Z'; c++)
			if (aset_has(&s, (int)c) || aset_has(&s, (int)c + 32))
				aset_add(&s, (int)c, (int)c), aset_add(&s, (int)c + 32,
				    (int)c + 32);
		if (aset_has(&s, 's'))
			extra[n++] = 0x17f;
		if (aset_has(&s, 'k'))
			extra[n++] = 0x212a;
	}
	for (c = 0, lo = 0, in = 0; c <= 128; c++) {	/* the ASCII runs */
		int on = c < 128 && aset_has(&s, (int)c) != neg;

		if (on && !in)
			lo = c, in = 1;
		else if (!on && in) {
			range(out, lo, c - 1);
			in = 0;
		}
	}
	if (!neg) {
		for (k = 0; k < n; k++)
			range(out, extra[k], extra[k]);
		return;
	}
	for (lo = 0x80, k = 0; k < n; lo = extra[k++] + 1)
		range(out, lo, extra[k] - 1);
	range(out, lo, MAXRUNE);
}

/* Go's Unicode class names: its categories, and its scripts. */
static const char categories[] =
	" C Cc Cf Co Cs L Ll Lm Lo Lt Lu M Mc Me Mn N Nd Nl No P Pc Pd Pe "
	"Pf Pi Po Ps S Sc Sk Sm So Z Zl Zp Zs ";
static const char scripts[] =
	" Adlam Ahom Anatolian_Hieroglyphs Arabic Armenian Avestan "
	"Balinese Bamum Bassa_Vah Batak Bengali Bhaiksuki Bopomofo "
	"Brahmi Braille Buginese Buhid Canadian_Aboriginal Carian "
	"Caucasian_Albanian Chakma Cham Cherokee Chorasmian Common "
	"Coptic Cuneiform Cypriot Cypro_Minoan Cyrillic Deseret "
	"Devanagari Dives_Akuru Dogra Duployan Egyptian_Hieroglyphs "
	"Elbasan Elymaic Ethiopic Georgian Glagolitic Gothic Grantha "
	"Greek Gujarati Gunjala_Gondi Gurmukhi Han Hangul "
	"Hanifi_Rohingya Hanunoo Hatran Hebrew Hiragana Imperial_Aramaic "
	"Inherited Inscriptional_Pahlavi Inscriptional_Parthian Javanese "
	"Kaithi Kannada Katakana Kayah_Li Kharoshthi "
	"Khitan_Small_Script Khmer Khojki Khudawadi Lao Latin Lepcha "
	"Limbu Linear_A Linear_B Lisu Lycian Lydian Mahajani Makasar "
	"Malayalam Mandaic Manichaean Marchen Masaram_Gondi Medefaidrin "
	"Meetei_Mayek Mende_Kikakui Meroitic_Cursive "
	"Meroitic_Hieroglyphs Miao Modi Mongolian Mro Multani Myanmar "
	"Nabataean Nandinagari New_Tai_Lue Newa Nko Nushu "
	"Nyiakeng_Puachue_Hmong Ogham Ol_Chiki Old_Hungarian Old_Italic "
	"Old_North_Arabian Old_Permic Old_Persian Old_Sogdian "
	"Old_South_Arabian Old_Turkic Old_Uyghur Oriya Osage Osmanya "
	"Pahawh_Hmong Palmyrene Pau_Cin_Hau Phags_Pa Phoenician "
	"Psalter_Pahlavi Rejang Runic Samaritan Saurashtra Sharada "
	"Shavian Siddham SignWriting Sinhala Sogdian Sora_Sompeng "
	"Soyombo Sundanese Syloti_Nagri Syriac Tagalog Tagbanwa Tai_Le "
	"Tai_Tham Tai_Viet Takri Tamil Tangsa Tangut Telugu Thaana Thai "
	"Tibetan Tifinagh Tirhuta Toto Ugaritic Vai Vithkuqi Wancho "
	"Warang_Citi Yezidi Yi Zanabazar_Square ";

/* Scripts of Go's Unicode that PCRE2's does not have yet. */
static const struct {
	const char *name;
	unsigned long r[3][2];
	int n;
} newscripts[] = {
	{ "Kawi", { { 0x11f00, 0x11f10 }, { 0x11f12, 0x11f3a },
	    { 0x11f3e, 0x11f59 } }, 3 },
	{ "Nag_Mundari", { { 0x1e4d0, 0x1e4f9 } }, 1 },
};

static int
listed(const char *list, const char *s, size_t n)
{
	const char *p;

	for (p = list; (p = strstr(p, " ")) != NULL && p[1] != '\0'; p++)
		if (strncmp(p + 1, s, n) == 0 && p[n + 1] == ' ')
			return 1;
	return 0;
}

/*
 * A class body for the Unicode class name (not negated, or negated), or
 * -1 when Go does not know the name. Under (?i) Go folds the class; PCRE2
 * does not: Lu and Ll become the cased letters, nearly what Go gets.
 */
static int
emit_unicode(struct buf *out, const char *s, size_t n, int neg, int fold)
{
	size_t i;
	int k;
	unsigned long lo;

	if (n == 1 && *s == 'C') {	/* Go's C leaves out the unassigned */
		buf_puts(out, neg ? "\\p{L}\\p{M}\\p{N}\\p{P}\\p{S}\\p{Z}\\p{Cn}" :
		    "\\p{Cc}\\p{Cf}\\p{Co}\\p{Cs}");
		return 0;
	}
	if (fold && n == 2 && (memcmp(s, "Lu", 2) == 0 || memcmp(s, "Ll", 2) == 0)) {
		buf_puts(out, neg ? "\\P{L&}" : "\\p{L&}");
		return 0;
	}
	if ((n == 3 && memcmp(s, "Any", 3) == 0) || listed(categories, s, n)) {
		buf_printf(out, "\\%c{%.*s}", neg ? 'P' : 'p', (int)n, s);
		return 0;
	}
	if (listed(scripts, s, n)) {
		buf_printf(out, "\\%c{sc:%.*s}", neg ? 'P' : 'p', (int)n, s);
		return 0;
	}
	for (i = 0; i < sizeof newscripts / sizeof newscripts[0]; i++) {
		if (strlen(newscripts[i].name) != n ||
		    memcmp(newscripts[i].name, s, n) != 0)
			continue;
		for (k = 0, lo = 0; k < newscripts[i].n; k++) {
			if (!neg)
				range(out, newscripts[i].r[k][0], newscripts[i].r[k][1]);
			else
				range(out, lo, newscripts[i].r[k][0] - 1);
			lo = newscripts[i].r[k][1] + 1;
		}
		if (neg)
			range(out, lo, MAXRUNE);
		return 0;
	}
	return -1;
}

/* ---- the translation ---- */

/* An open group: what to restore at its end. */
struct group {
	size_t at;		/* where its '(' is in out */
	size_t acc;		/* the enclosing sequence's repeat need */
	unsigned char fold, lazy;
};

struct tr {
	const char *p;		/* the expression */
	size_t n, i;
	struct buf *out, *err;
	struct group *g;	/* the open groups */
	size_t ng, capg;
	int fold, lazy;		/* (?i), (?U) */
	int operand;		/* a repetition has something to apply to, */
	size_t atom;		/* ... starting here in out, */
	int wrap;		/* ... that needs a group first */
	size_t need, acc;	/* the repeat need of it, of the sequence */
	size_t rep;		/* the last token was a repetition, at p[rep] */
	size_t flags;		/* a run of flag groups ends out, from here */
	int flagslazy;		/* (?U) before that run */
};

/* Go's error: "what: `text`". */
static int
goerr(struct tr *t, const char *what, size_t from, size_t to)
{
	buf_clear(t->err);
	buf_printf(t->err, "%s: `%.*s`", what, (int)(to - from), t->p + from);
	return -1;
}

/* The UTF-8 character at p[i]: its value and length, or -1. */
static long
rune(const char *p, size_t n, size_t i, size_t *len)
{
	const unsigned char *s = (const unsigned char *)p + i;
	size_t k, want;
	long r;

	*len = 1;
	if (s[0] < 0x80)
		return s[0];
	if (s[0] < 0xc2 || s[0] >= 0xf5)
		return -1;
	want = s[0] >= 0xf0 ? 4 : s[0] >= 0xe0 ? 3 : 2;
	if (i + want > n)
		return -1;
	r = s[0] & (0x7f >> want);
	for (k = 1; k < want; k++) {
		if ((s[k] & 0xc0) != 0x80)
			return -1;
		r = r << 6 | (s[k] & 0x3f);
	}
	if ((want == 3 && (r < 0x800 || (r >= 0xd800 && r <= 0xdfff))) ||
	    (want == 4 && (r < 0x10000 || r > MAXRUNE)))
		return -1;
	*len = want;
	return r;
}

static int
octal(char c)
{
	return c >= '0' && c <= '7';
}

static int
hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

static int
alnum(char c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') ||
	    (c >= 'A' && c <= 'Z');
}

/* Go's parseEscape: the character of the escape at p[i] ('\\'). */
static int
escape(struct tr *t, long *r)
{
	const char *p = t->p;
	size_t at = t->i, i = at + 1, len;
	int d, k;

	if (i >= t->n)
		return goerr(t, "trailing backslash at end of expression", at,
		    t->n);
	switch (p[i]) {
	case '1': case '2': case '3': case '4': case '5': case '6': case '7':
		if (i + 1 >= t->n || !octal(p[i + 1]))
			break;		/* a backreference */
		/* FALLTHROUGH */
	case '0':
		for (*r = 0, k = 0; k < 3 && i < t->n && octal(p[i]); k++, i++)
			*r = *r * 8 + (p[i] - '0');
		t->i = i;
		return 0;
	case 'x':
		i++;
		if (i < t->n && p[i] == '{') {
			for (*r = 0, k = 0, i++; i < t->n &&
			    (d = hexval(p[i])) >= 0; i++, k++)
				if ((*r = *r * 16 + d) > MAXRUNE)
					break;
			if (k == 0 || *r > MAXRUNE || i >= t->n || p[i] != '}')
				break;
			t->i = i + 1;
			return 0;
		}
		if (i + 1 >= t->n || hexval(p[i]) < 0 || hexval(p[i + 1]) < 0)
			break;
		*r = hexval(p[i]) * 16 + hexval(p[i + 1]);
		t->i = i + 2;
		return 0;
	case 'a': *r = 7; t->i = i + 1; return 0;
	case 'f': *r = '\f'; t->i = i + 1; return 0;
	case 'n': *r = '\n'; t->i = i + 1; return 0;
	case 'r': *r = '\r'; t->i = i + 1; return 0;
	case 't': *r = '\t'; t->i = i + 1; return 0;
	case 'v': *r = '\v'; t->i = i + 1; return 0;
	default:
		if ((unsigned char)p[i] < 0x80 && !alnum(p[i])) {
			*r = (unsigned char)p[i];
			t->i = i + 1;
			return 0;
		}
		break;
	}
	if (i < t->n)			/* the text Go quotes: up to here */
		(void)rune(p, t->n, i, &len), i += len;
	return goerr(t, "invalid escape sequence", at, i > t->n ? t->n : i);
}

/* \p or \P at p[i]: its class body into out, or Go's error. */
static int
unicode_class(struct tr *t)
{
	const char *p = t->p, *name;
	size_t at = t->i, i = at + 2, n, len;
	int neg = p[at + 1] == 'P';

	if (i >= t->n)
		return goerr(t, "invalid character class range", at, t->n);
	if (p[i] == '{') {
		const char *e = memchr(p + i, '}', t->n - i);

		if (e == NULL)
			return goerr(t, "invalid character class range", at, t->n);
		name = p + i + 1;
		n = (size_t)(e - name);
		t->i = (size_t)(e - p) + 1;
		if (n > 0 && *name == '^') {
			neg = !neg;
			name++, n--;
		}
	} else {
		if (rune(p, t->n, i, &len) < 0)
			return goerr(t, "invalid UTF-8", i, t->n);
		name = p + i;
		n = len;
		t->i = i + len;
	}
	if (emit_unicode(t->out, name, n, neg, t->fold) != 0)
		return goerr(t, "invalid character class range", at, t->i);
	return 0;
}

/* Is p[i] a Perl class escape (\d \D \s \S \w \W)? Its set into s. */
static int
perl_class(const struct tr *t, struct aset *s, int *neg)
{
	char c;

	if (t->i + 1 >= t->n || t->p[t->i] != '\\')
		return 0;
	c = t->p[t->i + 1];
	if (strchr("dDsSwW", c) == NULL || c == '\0')
		return 0;
	*neg = c >= 'A' && c <= 'Z';
	(void)class_set((char[]){ (char)(c | 0x20) }, 1, s);
	return 1;
}

/* A character in a class, for a single one or a range end. */
static int
class_char(struct tr *t, long *r)
{
	size_t len;

	if (t->i >= t->n)
		return goerr(t, "missing closing ]", t->i, t->n);
	if (t->p[t->i] == '\\')
		return escape(t, r);
	if ((*r = rune(t->p, t->n, t->i, &len)) < 0)
		return goerr(t, "invalid UTF-8", t->i, t->n);
	t->i += len;
	return 0;
}

/* A class, [ at p[i]. */
static int
klass(struct tr *t)
{
	const char *p = t->p;
	size_t start = t->i, from;
	struct aset s;
	long lo, hi;
	int first = 1, neg;

	buf_add(t->out, "[", 1);
	if (++t->i < t->n && p[t->i] == '^') {
		buf_add(t->out, "^", 1);
		t->i++;
	}
	while (t->i >= t->n || p[t->i] != ']' || first) {
		first = 0;
		if (t->i >= t->n)
			return goerr(t, "missing closing ]", start, t->n);
		if (t->i + 2 < t->n && p[t->i] == '[' && p[t->i + 1] == ':') {
			const char *e = memmem(p + t->i + 2, t->n - t->i - 2,
			    ":]", 2);
			size_t nn;

			if (e != NULL) {
				const char *name = p + t->i + 2;

				nn = (size_t)(e - name);
				neg = nn > 0 && *name == '^';
				if (class_set(name + neg, nn - (size_t)neg, &s) != 0)
					return goerr(t, "invalid character class "
					    "range", t->i, (size_t)(e - p) + 2);
				emit_set(t->out, s, neg, t->fold);
				t->i = (size_t)(e - p) + 2;
				continue;
			}
		}
		if (t->i + 1 < t->n && p[t->i] == '\\' &&
		    (p[t->i + 1] == 'p' || p[t->i + 1] == 'P')) {
			if (unicode_class(t) != 0)
				return -1;
			continue;
		}
		if (perl_class(t, &s, &neg)) {
			emit_set(t->out, s, neg, t->fold);
			t->i += 2;
			continue;
		}
		from = t->i;
		if (class_char(t, &lo) != 0)
			return -1;
		hi = lo;
		if (t->i + 1 < t->n && p[t->i] == '-' && p[t->i + 1] != ']') {
			t->i++;
			if (class_char(t, &hi) != 0)
				return -1;
			if (hi < lo)
				return goerr(t, "invalid character class range",
				    from, t->i);
		}
		range(t->out, (unsigned long)lo, (unsigned long)hi);
	}
	t->i++;
	buf_add(t->out, "]", 1);
	return 0;
}

/* Insert s at offset at of b. */
static void
insert(struct buf *b, size_t at, const char *s, size_t n)
{
	if (b->n + n + 1 > b->cap)
		buf_grow(b, b->n + n + 1);
	memmove(b->s + at + n, b->s + at, b->n - at + 1);
	memcpy(b->s + at, s, n);
	b->n += n;
}

/* Something a repetition can apply to starts at out's end. */
static void
operand(struct tr *t, int assertion)
{
	if (t->operand && t->need > t->acc)
		t->acc = t->need;
	t->operand = 1;
	t->atom = t->out->n;
	t->wrap = assertion;
	t->need = 0;
	t->rep = t->flags = NONE;
}

/* The current sequence ends: at '|', at ')', at the end. */
static void
sequence_end(struct tr *t)
{
	if (t->operand && t->need > t->acc)
		t->acc = t->need;
	t->operand = 0;
	t->rep = t->flags = NONE;
}

/*
 * A repetition, from p[at] to p[t->i] (its '?' for lazy not included):
 * min and max for {n,m} (max -1: none), or -1 for * + ?.
 */
static int
repetition(struct tr *t, size_t at, long min, long max)
{
	const char *p = t->p;
	size_t end = t->i, pos;
	int lazy = 0;
	long m;

	if (end < t->n && p[end] == '?') {
		lazy = 1;
		end++;
	}
	if (t->rep != NONE)
		return goerr(t, "invalid nested repetition operator", t->rep, end);
	if (!t->operand)
		return goerr(t, "missing argument to repetition operator", at, end);
	if (min >= 0) {			/* {n,m}: Go multiplies nested counts */
		m = max == 0 ? 0 : max < 0 ? min : max;
		if (m > 0)
			t->need = (size_t)m * (t->need > 0 ? t->need : 1);
		else
			t->need = 0;
		if ((min >= 2 || max >= 2) && t->need > RE_MAX_REPEAT)
			return goerr(t, "invalid repeat count", at, end);
	}
	pos = t->flags != NONE ? t->flags : t->out->n;
	if (t->wrap) {
		insert(t->out, pos, ")", 1);
		insert(t->out, t->atom, "(?:", 3);
		pos += 4;
	}
	/* as Go: lazy if (?U) now differs from the '?'; PCRE2 reads the
	   quantifier where it is put, before any flag group */
	lazy = lazy != t->lazy;
	if (lazy != (t->flags != NONE ? t->flagslazy : t->lazy))
		insert(t->out, pos, "?", 1);
	insert(t->out, pos, p + at, t->i - at);
	t->i = end;
	t->rep = at;
	t->flags = NONE;
	t->wrap = 1;			/* a repetition of it needs a group */
	return 0;
}

/* A {n}, {n,} or {n,m} at p[i]; 0 when '{' is a literal there. */
static int
braces(struct tr *t, long *min, long *max)
{
	const char *p = t->p;
	size_t i = t->i + 1;
	long v;

	*min = *max = -1;
	if (i >= t->n || p[i] < '0' || p[i] > '9')
		return 0;
	for (v = 0; i < t->n && p[i] >= '0' && p[i] <= '9'; i++)
		v = v > 100000 ? v : v * 10 + (p[i] - '0');
	*min = *max = v;
	if (i < t->n && p[i] == ',') {
		*max = -1;
		if (++i < t->n && p[i] >= '0' && p[i] <= '9')
			for (v = 0; i < t->n && p[i] >= '0' && p[i] <= '9'; i++)
				*max = v = v > 100000 ? v : v * 10 + (p[i] - '0');
	}
	if (i >= t->n || p[i] != '}')
		return 0;
	t->i = i + 1;
	return 1;
}

static int
open_group(struct tr *t, size_t at)
{
	if (t->ng == RE_MAX_NEST)
		return goerr(t, "expression nests too deeply", 0, t->n);
	if (t->operand && t->need > t->acc)
		t->acc = t->need;
	xgrow((void **)&t->g, &t->capg, t->ng + 1, sizeof *t->g);
	t->g[t->ng].at = at;
	t->g[t->ng].acc = t->acc;
	t->g[t->ng].fold = (unsigned char)t->fold;
	t->g[t->ng++].lazy = (unsigned char)t->lazy;
	t->acc = 0;
	t->operand = 0;
	t->rep = t->flags = NONE;
	return 0;
}

/* "(?" at p[i]: flags, a flagged or named group, or Go's error. */
static int
perl_group(struct tr *t)
{
	const char *p = t->p;
	size_t at = t->i, i = at + 2, e;
	int fold = t->fold, lazy = t->lazy, sign = 1, saw = 0;

	if ((i + 2 < t->n && p[i] == 'P' && p[i + 1] == '<') ||
	    (i + 1 < t->n && p[i] == '<')) {
		const char *gt = memchr(p + i, '>', t->n - i);
		size_t k, b = p[i] == 'P' ? i + 2 : i + 1;

		if (gt == NULL)
			return goerr(t, "invalid named capture", at, t->n);
		e = (size_t)(gt - p);
		for (k = b; k < e && (alnum(p[k]) || p[k] == '_'); k++)
			;
		if (k == b || k < e)
			return goerr(t, "invalid named capture", at, e + 1);
		buf_add(t->out, "(", 1);
		t->i = e + 1;
		return open_group(t, t->out->n - 1);
	}
	for (; i < t->n; i++) {
		switch (p[i]) {
		case 'i':
			fold = sign > 0, saw = 1;
			continue;
		case 'U':
			lazy = sign > 0, saw = 1;
			continue;
		case 'm': case 's':
			saw = 1;
			continue;
		case '-':
			if (sign < 0)
				break;
			sign = -1, saw = 0;
			continue;
		case ':': case ')':
			if (sign < 0 && !saw)
				break;
			buf_add(t->out, p + at, i + 1 - at);
			t->i = i + 1;
			if (p[i] == ':') {
				if (open_group(t, t->out->n - (i + 1 - at)) != 0)
					return -1;
			} else if (t->flags == NONE) {	/* a run of flag groups */
				t->flags = t->out->n - (i + 1 - at);
				t->flagslazy = t->lazy;
			}
			t->rep = NONE;
			t->fold = fold;
			t->lazy = lazy;
			return 0;
		}
		break;
	}
	if (i < t->n)
		i++;
	return goerr(t, "invalid or unsupported Perl syntax", at, i);
}

static int
close_group(struct tr *t)
{
	struct group *g;

	if (t->ng == 0)
		return goerr(t, "unexpected )", 0, t->n);
	sequence_end(t);
	g = &t->g[--t->ng];
	buf_add(t->out, ")", 1);
	t->i++;
	t->need = t->acc;
	t->acc = g->acc;
	t->fold = g->fold;
	t->lazy = g->lazy;
	t->operand = 1;
	t->atom = g->at;
	t->wrap = 0;
	return 0;
}

/* A backslash outside a class. */
static int
backslash(struct tr *t)
{
	const char *p = t->p;
	struct aset s;
	size_t len;
	long r;
	int neg;

	if (t->i + 1 < t->n && strchr("AbBz", p[t->i + 1]) != NULL &&
	    p[t->i + 1] != '\0') {
		operand(t, 1);
		buf_add(t->out, p + t->i, 2);
		t->i += 2;
		return 0;
	}
	if (t->i + 1 < t->n && p[t->i + 1] == 'Q') {	/* literals to \E */
		const char *e = memmem(p + t->i + 2, t->n - t->i - 2, "\\E", 2);
		size_t end = e != NULL ? (size_t)(e - p) : t->n;
		for (t->i += 2; t->i < end; t->i += len) {
			if ((r = rune(p, t->n, t->i, &len)) < 0)
				return goerr(t, "invalid UTF-8", t->i, t->n);
			operand(t, 0);
			range(t->out, (unsigned long)r, (unsigned long)r);
		}
		t->i = end < t->n ? end + 2 : end;
		t->rep = NONE;
		return 0;
	}
	if (t->i + 1 < t->n && (p[t->i + 1] == 'p' || p[t->i + 1] == 'P')) {
		operand(t, 0);
		buf_add(t->out, "[", 1);
		if (unicode_class(t) != 0)
			return -1;
		buf_add(t->out, "]", 1);
		return 0;
	}
	if (perl_class(t, &s, &neg)) {
		operand(t, 0);
		buf_add(t->out, "[", 1);
		emit_set(t->out, s, neg, t->fold);
		buf_add(t->out, "]", 1);
		t->i += 2;
		return 0;
	}
	if (escape(t, &r) != 0)
		return -1;
	operand(t, 0);
	range(t->out, (unsigned long)r, (unsigned long)r);
	return 0;
}

/* Check a Go regular expression and write the PCRE2 pattern for it. */
static int
translate(const char *p, size_t n, struct buf *out, struct buf *err)
{
	struct tr t;
	size_t at, len;
	long min, max;
	int rc = 0;

	memset(&t, 0, sizeof t);
	t.p = p;
	t.n = n;
	t.out = out;
	t.err = err;
	t.rep = t.flags = NONE;
	buf_clear(out);
	while (rc == 0 && t.i < n) {
		at = t.i;
		switch (p[t.i]) {
		case '\\':
			rc = backslash(&t);
			break;
		case '[':
			operand(&t, 0);
			rc = klass(&t);
			break;
		case '(':
			if (t.i + 1 < n && p[t.i + 1] == '?') {
				rc = perl_group(&t);
				break;
			}
			buf_add(out, "(", 1);
			t.i++;
			rc = open_group(&t, out->n - 1);
			break;
		case ')':
			rc = close_group(&t);
			break;
		case '|':
			sequence_end(&t);
			buf_add(out, "|", 1);
			t.i++;
			break;
		case '*': case '+': case '?':
			t.i++;
			rc = repetition(&t, at, -1, -1);
			break;
		case '{':
			if (!braces(&t, &min, &max)) {
				operand(&t, 0);		/* a literal brace */
				buf_add(out, "\\{", 2);
				t.i++;
				break;
			}
			if (min > RE_MAX_REPEAT || max > RE_MAX_REPEAT ||
			    (max >= 0 && max < min)) {
				rc = goerr(&t, "invalid repeat count", at, t.i);
				break;
			}
			rc = repetition(&t, at, min, max);
			break;
		case '^': case '$':
			operand(&t, 1);
			buf_add(out, p + t.i, 1);
			t.i++;
			break;
		default:
			if (rune(p, n, t.i, &len) < 0) {
				rc = goerr(&t, "invalid UTF-8", t.i, n);
				break;
			}
			operand(&t, 0);
			buf_add(out, p + t.i, len);
			t.i += len;
			break;
		}
	}
	if (rc == 0 && t.ng > 0)
		rc = goerr(&t, "missing closing )", 0, n);
	free(t.g);
	return rc;
}

/* ---- compiling and matching ---- */

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
	pcre2_compile_context *cc;
	pcre2_code *code;
	int ecode;
	PCRE2_SIZE eoff;

	if (translate(src, n, &pat, err) != 0) {
		buf_free(&pat);
		return NULL;
	}
	if ((cc = pcre2_compile_context_create(NULL)) == NULL)
		xoom();
	pcre2_set_parens_nest_limit(cc, RE_MAX_NEST + 1);
	code = pcre2_compile((PCRE2_SPTR)pat.s, pat.n, PCRE2_UTF |
	    PCRE2_MATCH_INVALID_UTF | PCRE2_DOLLAR_ENDONLY | PCRE2_ALT_CIRCUMFLEX |
	    PCRE2_NEVER_BACKSLASH_C, &ecode, &eoff, cc);
	pcre2_compile_context_free(cc);
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
