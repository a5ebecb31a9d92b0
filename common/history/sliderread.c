/*
 * sliderread.c - Slider's reading of a history file (sliderread.h): its
 * RoleHistoryWriter.read loop, and under it Avro 1.7.4's JsonDecoder for
 * the schema of RoleHistoryRecord, as GenericDatumReader calls it: the
 * grammar's symbols and their stack (Parser), the actions the decoder
 * takes on them (its doAction), the fields it keeps aside when they come
 * out of order (ReorderBuffer, a Java HashMap whose order shows in a
 * message) and reads back later through a parser of its own.
 *
 * The tokens come from jackson.c; exceptions jump back to rh_sl_read.
 */
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fastrecords.h"
#include "hashtable.h"
#include "jackson.h"
#include "jhashmap.h"
#include "sliderread.h"
#include "xalloc.h"

#define NS "org.apache.slider.server.avro."
#define ATE "org.apache.avro.AvroTypeException"
#define IOE "java.io.IOException"
#define EOFE "java.io.EOFException"
#define NFE "java.lang.NumberFormatException"
#define JPE "org.codehaus.jackson.JsonParseException"
#define CCE "java.io.CharConversionException"
#define AIOOBE "java.lang.ArrayIndexOutOfBoundsException"

/* --- the grammar (JsonGrammarGenerator's, flattened as Symbol.root does) --- */

enum { K_TERM, K_IMPL, K_SEQ, K_REP, K_ALT, K_ROOT };
enum { A_RSTART, A_REND, A_UEND, A_FEND, A_FADJ };

struct sym {
	int kind;
	int act;			/* K_IMPL */
	const char *name;		/* K_TERM: its name; A_FADJ: the field */
	const struct sym *const *prod;	/* bottom first */
	int nprod;
	const struct sym *end;		/* K_REP */
	const struct sym *const *alts;	/* K_ALT */
	const char *const *labels;
	int nalts;
};

#define TERM(v, n) static const struct sym v = { K_TERM, 0, n, NULL, 0, NULL, \
	NULL, NULL, 0 }
#define IMPL(v, a, n) static const struct sym v = { K_IMPL, a, n, NULL, 0, \
	NULL, NULL, NULL, 0 }
#define SEQ(v, p) static const struct sym v = { K_SEQ, 0, NULL, p, \
	(int)(sizeof p / sizeof *p), NULL, NULL, NULL, 0 }

TERM(T_BOOLEAN, "boolean");
TERM(T_INT, "int");
TERM(T_LONG, "long");
TERM(T_STRING, "string");
TERM(T_UNION, "union");
TERM(T_MAP_START, "map-start");
TERM(T_MAP_END, "map-end");
TERM(T_ITEM_END, "item-end");
TERM(T_MAP_KEY, "map-key-marker");
IMPL(RSTART, A_RSTART, NULL);
IMPL(REND, A_REND, NULL);
IMPL(UEND, A_UEND, NULL);
IMPL(FEND, A_FEND, NULL);
IMPL(FA_ENTRY, A_FADJ, "entry");
IMPL(FA_HOST, A_FADJ, "host");
IMPL(FA_ROLE, A_FADJ, "role");
IMPL(FA_ACTIVE, A_FADJ, "active");
IMPL(FA_LAST, A_FADJ, "last_used");
IMPL(FA_VERSION, A_FADJ, "version");
IMPL(FA_SAVED, A_FADJ, "saved");
IMPL(FA_SAVEDX, A_FADJ, "savedx");
IMPL(FA_SAVEDATE, A_FADJ, "savedate");
IMPL(FA_ROLES, A_FADJ, "roles");
IMPL(FA_COUNT, A_FADJ, "count");
IMPL(FA_ROLEMAP, A_FADJ, "rolemap");

static const struct sym *const p_entry[] = {
	&REND, &FEND, &T_LONG, &FA_LAST, &FEND, &T_BOOLEAN, &FA_ACTIVE, &FEND,
	&T_INT, &FA_ROLE, &FEND, &T_STRING, &FA_HOST, &RSTART
};
static const struct sym *const p_header[] = {
	&REND, &FEND, &T_INT, &FA_ROLES, &FEND, &T_STRING, &FA_SAVEDATE,
	&FEND, &T_STRING, &FA_SAVEDX, &FEND, &T_LONG, &FA_SAVED, &FEND,
	&T_INT, &FA_VERSION, &RSTART
};
static const struct sym *const p_footer[] = {
	&REND, &FEND, &T_LONG, &FA_COUNT, &RSTART
};
static const struct sym *const p_rep[] = {
	&T_ITEM_END, &T_INT, &T_MAP_KEY, &T_STRING
};
static const struct sym REP = { K_REP, 0, NULL, p_rep, 4, &T_MAP_END, NULL,
	NULL, 0 };
static const struct sym *const p_mapping[] = {
	&REND, &FEND, &REP, &T_MAP_START, &FA_ROLEMAP, &RSTART
};
SEQ(S_ENTRY, p_entry);
SEQ(S_HEADER, p_header);
SEQ(S_FOOTER, p_footer);
SEQ(S_MAPPING, p_mapping);

/* The union's branches, in the schema's order. */
enum { B_ENTRY, B_HEADER, B_FOOTER, B_MAPPING };
static const struct sym *const alts[] = {
	&S_ENTRY, &S_HEADER, &S_FOOTER, &S_MAPPING
};
static const char *const labels[] = {
	NS "NodeEntryRecord", NS "RoleHistoryHeader", NS "RoleHistoryFooter",
	NS "RoleHistoryMapping"
};
static const struct sym ALT = { K_ALT, 0, NULL, NULL, 0, NULL, alts, labels,
	4 };
static const struct sym *const p_root[] = {
	&REND, &FEND, &ALT, &T_UNION, &FA_ENTRY, &RSTART
};
static const struct sym ROOT = { K_ROOT, 0, NULL, p_root, 6, NULL, NULL,
	NULL, 0 };

/* --- the decoder's state --- */

/* A token kept aside (JsonElement): its text for a name or a scalar. */
struct elem {
	enum rh_jtok tok;
	int hastext;
	struct rh_jstr text;
	uint64_t off;
};

struct elist {
	struct elem *e;
	size_t n, cap;
};

/* A field kept aside: an entry of ReorderBuffer.savedFields. */
struct rbent {
	struct rh_jstr key;
	int dead;		/* removed (read back) */
	struct elist val;
};

/*
 * ReorderBuffer: its fields (a HashMap: entries in the order they came,
 * found through ht, a removed one left dead; map, its layout, with the
 * same indexes), and a replay under way.
 */
struct rbuf {
	struct rbent *e;
	size_t n, cap;
	struct rh_jhm map;
	struct ht ht;		/* entries by key */
	int orig;		/* origParser is set: a field is replayed */
};

/* A record decoded, not yet put into the save (sliderread.h). */
struct pend {
	int type;		/* B_*, -1: none */
	uint64_t off;		/* its first byte; none: what follows the taken */
	uint64_t foff[5];	/* its fields' values */
	struct rh_jstr s[2];	/* host; savedx, savedate */
	int64_t v[5];
	struct rh_jstr *keys;	/* its pairs, after Slider's map */
	int32_t *ids;
	size_t nmap, capmap;
	struct buf kb;		/* the keys' bytes, as Slider's map compares */
	size_t *koff;		/* them: key i is kb.s[koff[i], koff[i + 1]) */
	struct ht kt;		/* the keys by their bytes */
};

struct rh_sl {
	const char *file;
	struct rh_rec *rec;
	struct rh_jk *j;
	jmp_buf fail;
	struct rh_jexc exc;

	/* JsonDecoder */
	const struct sym **stack;
	size_t depth, capstack;
	struct rbuf *cur;		/* currentReorderBuffer */
	struct rbuf **rbs;		/* reorderBuffers */
	size_t nrbs, caprbs;
	struct elist *replay;		/* in: a replaying parser, or NULL */
	size_t rpos;

	/* what is being read, for placekit's words */
	const char *field;		/* the field (FieldAdjustAction's) */
	uint64_t roff[3];		/* the records' '{': wrapper, branch */
	uint64_t laboff;		/* the union's label */

	/* Slider's loop */
	int in_loop;
	int32_t records;
	struct pend p;
	int placekit;			/* the refusal is a placekit thing */
	int fastnames;			/* the fast path's names are known */

	/* positions: the line of byte off is line, beginning at lstart */
	uint64_t loff, lstart;
	unsigned long line;

	struct rh_jstr t, want;		/* scratch */
	struct elist kv;		/* a value being kept aside */
	uint64_t resume;
};

/* --- exceptions --- */

#if defined(__GNUC__)
#define NORETURN __attribute__((noreturn))
#else
#define NORETURN
#endif

/* The current token of in. */
static enum rh_jtok
cur(const struct rh_sl *s)
{
	return s->replay != NULL ? s->replay->e[s->rpos].tok : rh_jk_cur(s->j);
}

/* AvroTypeException "Expected TYPE. Got TOKEN" (JsonDecoder.error). */
NORETURN static void
expected(struct rh_sl *s, const char *type)
{
	rh_jk_throw(&s->fail, &s->exc, ATE, "Expected %s. Got %s", type,
	    rh_jk_tokname(cur(s)));
}

/* --- in: the live parser or a replay --- */

static enum rh_jtok
next(struct rh_sl *s)
{
	if (s->replay != NULL)
		return s->replay->e[++s->rpos].tok;
	return rh_jk_next(s->j);
}

/* getText() into t; returns 0 for Java's null. */
static int
text(struct rh_sl *s, struct rh_jstr *t)
{
	const struct elem *e;

	if (s->replay == NULL) {
		rh_jk_text(s->j, t);
		return rh_jk_cur(s->j) != RH_JT_NULL;
	}
	e = &s->replay->e[s->rpos];
	t->n = 0;
	if (!e->hastext)
		return 0;
	rh_jstr_set(t, &e->text);
	return 1;
}

/* Integer.parseInt / Long.parseLong of a replayed number's text. */
static int64_t
parse_java(struct rh_sl *s, int64_t min, int64_t max)
{
	struct rh_jstr *t = &s->t;
	struct buf b = { NULL, 0, 0 };
	size_t i = 0;
	int neg = 0;
	uint64_t x = 0, lim;

	text(s, t);
	if (t->n > 0 && (t->u[0] == '-' || t->u[0] == '+')) {
		neg = t->u[0] == '-';
		i = 1;
	}
	lim = neg ? (uint64_t)-(min + 1) + 1 : (uint64_t)max;
	if (i == t->n)
		goto bad;
	for (; i < t->n; i++) {
		if (t->u[i] < '0' || t->u[i] > '9')
			goto bad;
		if (x > (lim - (t->u[i] - '0')) / 10)
			goto bad;
		x = x * 10 + (t->u[i] - '0');
	}
	return neg ? (int64_t)(0 - x) : (int64_t)x;
bad:
	rh_jstr_utf8(&b, t->u, t->n);
	/* the message is formatted before b is freed: copy it first */
	buf_clear(&s->exc.msg);
	buf_printf(&s->exc.msg, "For input string: \"%s\"", b.s != NULL ?
	    b.s : "");
	free(b.s);
	s->exc.cls = NFE;
	s->exc.nomsg = 0;
	longjmp(s->fail, 1);
}

static int32_t
get_int(struct rh_sl *s)
{
	if (s->replay != NULL)
		return (int32_t)parse_java(s, INT32_MIN, INT32_MAX);
	return rh_jk_int(s->j);
}

static int64_t
get_long(struct rh_sl *s)
{
	if (s->replay != NULL)
		return parse_java(s, INT64_MIN, INT64_MAX);
	return rh_jk_long(s->j);
}

/* The input offset of in's current token (a replayed one's own). */
static uint64_t
tokoff(const struct rh_sl *s)
{
	if (s->replay != NULL)
		return s->replay->e[s->rpos].off;
	return rh_jk_tokoff(s->j);
}

static void
elist_free(struct elist *l)
{
	size_t i;

	if (l == NULL)
		return;
	for (i = 0; i < l->n; i++)
		rh_jstr_free(&l->e[i].text);
	free(l->e);
	memset(l, 0, sizeof *l);
}

/* getVaueAsTree(in): the value at the current token, kept aside. */
static void
keep_value(struct rh_sl *s, struct elist *l)
{
	int level = 0;
	enum rh_jtok t;
	struct elem *e;

	do {
		t = rh_jk_cur(s->j);
		if (l->n == l->cap)
			xgrow((void **)&l->e, &l->cap, l->n + 1, sizeof *l->e);
		e = &l->e[l->n++];
		memset(e, 0, sizeof *e);
		e->tok = t;
		e->off = rh_jk_tokoff(s->j);
		switch (t) {
		case RH_JT_START_OBJECT:
		case RH_JT_START_ARRAY:
			level++;
			break;
		case RH_JT_END_OBJECT:
		case RH_JT_END_ARRAY:
			level--;
			break;
		default:
			e->hastext = 1;
			rh_jk_text(s->j, &e->text);
			break;
		}
		rh_jk_next(s->j);
	} while (level != 0);
	if (l->n == l->cap)
		xgrow((void **)&l->e, &l->cap, l->n + 1, sizeof *l->e);
	memset(&l->e[l->n++], 0, sizeof *l->e);	/* JsonElement(null) */
}

/* --- ReorderBuffer's HashMap<String, List> --- */

static int
jeq(const struct rh_jstr *a, const struct rh_jstr *b)
{
	return a->n == b->n && (a->n == 0 ||
	    memcmp(a->u, b->u, a->n * sizeof *a->u) == 0);
}

static uint64_t
khash(const struct rh_jstr *k)
{
	return ht_hash(k->u, k->n * sizeof *k->u);
}

static struct rbent *
rb_find(struct rbuf *b, const struct rh_jstr *k)
{
	struct ht_probe pr;
	uint32_t i;

	ht_probe(&b->ht, khash(k), &pr);
	while ((i = ht_next(&b->ht, &pr)) != HT_NONE)
		if (!b->e[i].dead && jeq(&b->e[i].key, k))
			return &b->e[i];
	return NULL;
}

/* put(k, v): v taken; an existing key keeps its place. */
static void
rb_put(struct rbuf *b, const struct rh_jstr *k, struct elist *v)
{
	struct rbent *e = rb_find(b, k);

	if (e != NULL) {
		elist_free(&e->val);
		e->val = *v;
		return;
	}
	if (b->n == b->cap)
		xgrow((void **)&b->e, &b->cap, b->n + 1, sizeof *b->e);
	e = &b->e[b->n];
	memset(e, 0, sizeof *e);
	rh_jstr_set(&e->key, k);
	e->val = *v;
	ht_add(&b->ht, khash(k), (uint32_t)b->n++);
	rh_jhm_put(&b->map, e->key.u, e->key.n);
}

static void
rb_remove(struct rbuf *b, struct rbent *e)
{
	e->dead = 1;
	rh_jhm_remove(&b->map, (size_t)(e - b->e));
}

static void
rb_free(struct rbuf *b)
{
	size_t i;

	if (b == NULL)
		return;
	for (i = 0; i < b->n; i++) {
		rh_jstr_free(&b->e[i].key);
		if (!b->e[i].dead)	/* a dead one's list is the replay's */
			elist_free(&b->e[i].val);
	}
	free(b->e);
	ht_free(&b->ht);
	rh_jhm_free(&b->map);
	free(b);
}

/* savedFields.keySet().toString(), in the HashMap's order. */
static void
rb_keys(const struct rbuf *b, struct buf *out)
{
	size_t *ids = xreallocarray(NULL, b->map.size + 1, sizeof *ids);
	size_t i, n = rh_jhm_order(&b->map, ids);

	buf_puts(out, "[");
	for (i = 0; i < n; i++) {
		if (i > 0)
			buf_puts(out, ", ");
		rh_jstr_utf8(out, b->e[ids[i]].key.u, b->e[ids[i]].key.n);
	}
	buf_puts(out, "]");
	free(ids);
}

/* --- the Parser --- */

static void
push(struct rh_sl *s, const struct sym *x)
{
	if (s->depth == s->capstack)
		xgrow((void **)&s->stack, &s->capstack, s->depth + 1,
		    sizeof *s->stack);
	s->stack[s->depth++] = x;
}

static void
push_prod(struct rh_sl *s, const struct sym *x)
{
	int i;

	if (x->kind == K_REP || x->kind == K_ROOT)
		push(s, x);	/* production[0] is the symbol itself */
	for (i = 0; i < x->nprod; i++)
		push(s, x->prod[i]);
}

static void do_action(struct rh_sl *, const struct sym *);

static const struct sym *
parser_advance(struct rh_sl *s, const struct sym *input)
{
	const struct sym *top;

	for (;;) {
		top = s->stack[--s->depth];
		if (top == input)
			return top;
		switch (top->kind) {
		case K_IMPL:
			do_action(s, top);
			break;
		case K_TERM:
			rh_jk_throw(&s->fail, &s->exc, ATE, "Attempt to process a "
			    "%s when a %s was expected.", input->name, top->name);
		case K_REP:
			if (input == top->end)
				return input;
			push_prod(s, top);
			break;
		default:
			push_prod(s, top);
			break;
		}
	}
}

static int
trailing(const struct sym *x)
{
	return x->kind == K_IMPL && x->act != A_RSTART && x->act != A_FADJ;
}

static void
process_trailing(struct rh_sl *s)
{
	const struct sym *top;

	while (s->depth >= 1 && trailing(top = s->stack[s->depth - 1])) {
		s->depth--;
		do_action(s, top);
	}
}

/* JsonDecoder.advance(symbol) between the fields of a record. */
static void
advance(struct rh_sl *s, const struct sym *x)
{
	process_trailing(s);
	if (cur(s) == RH_JT_NULL && s->depth == 1) {
		if (s->in_loop)
			rh_jk_throw(&s->fail, &s->exc, EOFE, "End of file reached "
			    "after %ld records", (long)s->records);
		rh_jk_throw(&s->fail, &s->exc, EOFE, NULL);
	}
	parser_advance(s, x);
}

/* --- JsonDecoder.doAction --- */

static void
field_adjust(struct rh_sl *s, const char *name)
{
	struct rbent *e;

	rh_jstr_ascii(&s->want, name);
	s->field = name;
	if (s->cur != NULL && (e = rb_find(s->cur, &s->want)) != NULL) {
		/* read it back: the list becomes the replay's */
		s->replay = xmalloc(sizeof *s->replay);
		*s->replay = e->val;
		s->rpos = 0;
		rb_remove(s->cur, e);
		s->cur->orig = 1;
		return;
	}
	if (cur(s) == RH_JT_FIELD_NAME) {
		do {
			text(s, &s->t);
			next(s);
			if (jeq(&s->t, &s->want))
				return;
			if (s->cur == NULL)
				s->cur = xcalloc(1, sizeof *s->cur);
			keep_value(s, &s->kv);
			rb_put(s->cur, &s->t, &s->kv);	/* taken */
			memset(&s->kv, 0, sizeof s->kv);
		} while (cur(s) == RH_JT_FIELD_NAME);
		rh_jk_throw(&s->fail, &s->exc, ATE, "Expected field name not "
		    "found: %s", name);
	}
}

static void
do_action(struct rh_sl *s, const struct sym *top)
{
	switch (top->act) {
	case A_FADJ:
		field_adjust(s, top->name);
		return;
	case A_FEND:
		if (s->cur != NULL && s->cur->orig) {
			elist_free(s->replay);
			free(s->replay);
			s->replay = NULL;
			s->cur->orig = 0;
		}
		return;
	case A_RSTART:
		if (cur(s) != RH_JT_START_OBJECT)
			expected(s, "record-start");
		if (s->nrbs < 3)
			s->roff[s->nrbs] = tokoff(s);
		next(s);
		if (s->nrbs == s->caprbs)
			xgrow((void **)&s->rbs, &s->caprbs, s->nrbs + 1,
			    sizeof *s->rbs);
		s->rbs[s->nrbs++] = s->cur;
		s->cur = NULL;
		return;
	default:		/* A_REND, A_UEND */
		if (cur(s) != RH_JT_END_OBJECT)
			expected(s, top->act == A_REND ? "record-end" :
			    "union-end");
		next(s);
		if (top->act == A_UEND)
			return;
		if (s->cur != NULL && s->cur->map.size > 0) {
			struct buf k = { NULL, 0, 0 };

			rb_keys(s->cur, &k);
			buf_clear(&s->exc.msg);
			buf_printf(&s->exc.msg, "Expected Unknown fields: %s. "
			    "Got %s", k.s, rh_jk_tokname(cur(s)));
			free(k.s);
			s->exc.cls = ATE;
			s->exc.nomsg = 0;
			longjmp(s->fail, 1);
		}
		rb_free(s->cur);
		s->cur = s->rbs[--s->nrbs];
		return;
	}
}

/* --- JsonDecoder's reads --- */

static int
read_index(struct rh_sl *s)
{
	const struct sym *alt;
	int n;

	advance(s, &T_UNION);
	alt = s->stack[--s->depth];
	s->laboff = tokoff(s);
	if (cur(s) == RH_JT_VNULL)
		rh_jstr_ascii(&s->t, "null");
	else if (cur(s) == RH_JT_START_OBJECT &&
	    next(s) == RH_JT_FIELD_NAME) {
		s->laboff = tokoff(s);
		text(s, &s->t);
		next(s);
		push(s, &UEND);
	} else
		expected(s, "start-union");
	for (n = 0; n < alt->nalts; n++)
		if (rh_jstr_eq(&s->t, alt->labels[n]))
			break;
	if (n == alt->nalts) {
		struct buf b = { NULL, 0, 0 };

		rh_jstr_utf8(&b, s->t.u, s->t.n);
		buf_clear(&s->exc.msg);
		buf_printf(&s->exc.msg, "Unknown union branch %s",
		    b.s != NULL ? b.s : "");
		free(b.s);
		s->exc.cls = ATE;
		s->exc.nomsg = 0;
		/* a state stream's own records */
		s->placekit = s->t.n >= 9 && s->t.u[0] == 'p' &&
		    memcmp(s->exc.msg.s + strlen("Unknown union branch "),
		    "placekit.", 9) == 0;
		longjmp(s->fail, 1);
	}
	push(s, alt->alts[n]);
	return n;
}

/* readString into t; map keys too. */
static void
read_string(struct rh_sl *s, struct rh_jstr *t, uint64_t *off)
{
	advance(s, &T_STRING);
	if (s->stack[s->depth - 1] == &T_MAP_KEY) {
		parser_advance(s, &T_MAP_KEY);
		if (cur(s) != RH_JT_FIELD_NAME)
			expected(s, "map-key");
	} else if (cur(s) != RH_JT_STRING)
		expected(s, "string");
	if (off != NULL)
		*off = tokoff(s);
	text(s, t);
	next(s);
}

static int
numeric(enum rh_jtok t)
{
	return t == RH_JT_INT || t == RH_JT_FLOAT;
}

/* readInt (t T_INT) or readLong (T_LONG). */
static int64_t
read_number(struct rh_sl *s, const struct sym *t, uint64_t *off)
{
	int64_t v;

	advance(s, t);
	if (!numeric(cur(s)))
		expected(s, t->name);
	if (off != NULL)
		*off = tokoff(s);
	v = t == &T_INT ? get_int(s) : get_long(s);
	next(s);
	return v;
}

static int
read_boolean(struct rh_sl *s, uint64_t *off)
{
	enum rh_jtok t;

	advance(s, &T_BOOLEAN);
	t = cur(s);
	if (t != RH_JT_TRUE && t != RH_JT_FALSE)
		expected(s, "boolean");
	if (off != NULL)
		*off = tokoff(s);
	next(s);
	return t == RH_JT_TRUE;
}

/* doMapNext */
static int
map_next(struct rh_sl *s)
{
	if (cur(s) == RH_JT_END_OBJECT) {
		next(s);
		advance(s, &T_MAP_END);
		return 0;
	}
	return 1;
}

/* --- Slider's map: HashMap<Utf8, Integer> then HashMap<String, Integer> --- */

/* String.getBytes("UTF-8") appended to b: a surrogate without its pair
 * is '?'. */
static void
utf8_bytes(const struct rh_jstr *k, struct buf *b)
{
	size_t i;
	uint16_t q = '?';

	for (i = 0; i < k->n; i++) {
		uint16_t c = k->u[i];

		if (c >= 0xd800 && c < 0xdc00 && i + 1 < k->n &&
		    k->u[i + 1] >= 0xdc00 && k->u[i + 1] < 0xe000) {
			rh_jstr_utf8(b, k->u + i, 2);
			i++;
		} else if (c >= 0xd800 && c < 0xe000)
			rh_jstr_utf8(b, &q, 1);
		else if (c == 0)
			buf_add(b, "", 1);
		else
			rh_jstr_utf8(b, &c, 1);
	}
}

static void
map_put(struct pend *p, const struct rh_jstr *k, int32_t v)
{
	size_t at, n, cap;
	struct ht_probe pr;
	uint64_t h;
	uint32_t i;

	if (p->nmap == 0)
		buf_clear(&p->kb);
	at = p->kb.n;
	if (p->kb.cap == 0)	/* a key may be empty */
		buf_grow(&p->kb, 1);
	utf8_bytes(k, &p->kb);
	n = p->kb.n - at;
	h = ht_hash(p->kb.s + at, n);
	ht_probe(&p->kt, h, &pr);
	while ((i = ht_next(&p->kt, &pr)) != HT_NONE)
		if (p->koff[i + 1] - p->koff[i] == n &&
		    memcmp(p->kb.s + p->koff[i], p->kb.s + at, n) == 0) {
			p->ids[i] = v;	/* the first key stays */
			p->kb.n = at;
			return;
		}
	if (p->nmap + 1 >= p->capmap) {
		cap = p->capmap;
		xgrow((void **)&p->keys, &cap, p->nmap + 2, sizeof *p->keys);
		p->ids = xreallocarray(p->ids, cap, sizeof *p->ids);
		p->koff = xreallocarray(p->koff, cap, sizeof *p->koff);
		memset(p->keys + p->capmap, 0, (cap - p->capmap) *
		    sizeof *p->keys);
		p->capmap = cap;
	}
	rh_jstr_set(&p->keys[p->nmap], k);
	p->ids[p->nmap] = v;
	p->koff[p->nmap] = at;
	p->koff[p->nmap + 1] = p->kb.n;
	ht_add(&p->kt, h, (uint32_t)p->nmap++);
}

/* --- positions --- */

/* The position of byte off (at or after the line mark). */
static struct pos
pos_of(struct rh_sl *s, uint64_t off)
{
	struct pos p = { s->file, s->line, 0 };
	uint64_t o = s->loff, ls = s->lstart;
	const unsigned char *b, *q;
	size_t n;

	while (o < off) {
		n = rh_jk_bytes(s->j, o, (size_t)(off - o), &b);
		if (n == 0)
			break;
		while ((q = memchr(b, '\n', n)) != NULL) {
			p.line++;
			n -= (size_t)(q + 1 - b);
			o += (uint64_t)(q + 1 - b);
			ls = o;
			b = q + 1;
		}
		o += n;
	}
	p.col = (unsigned long)(off - ls + 1);
	return p;
}

/* Move the line mark to off: the bytes before it are no longer kept. */
static void
mark(struct rh_sl *s, uint64_t off)
{
	struct pos p;

	if (off <= s->loff)
		return;
	p = pos_of(s, off);
	s->line = p.line;
	s->lstart = off - (p.col - 1);
	s->loff = off;
	rh_jk_keep(s->j, off);
}

/* --- the records --- */

static void
pend_clear(struct pend *p)
{
	size_t i;

	for (i = 0; i < p->nmap; i++)
		rh_jstr_free(&p->keys[i]);
	p->nmap = 0;
	ht_clear(&p->kt);
	p->type = -1;
}

/* Put the pending record into the save, as Slider's loop took it. */
static void
commit(struct rh_sl *s)
{
	struct pend *p = &s->p;
	struct buf a = { NULL, 0, 0 }, b = { NULL, 0, 0 };
	struct pos at, f;
	size_t i;

	if (p->type < 0)
		return;
	at = pos_of(s, p->off);
	switch (p->type) {
	case B_HEADER:
		rh_jstr_utf8(&a, p->s[0].u, p->s[0].n);
		rh_jstr_utf8(&b, p->s[1].u, p->s[1].n);
		rh_rec_sl_header(s->rec, p->v[1], (int32_t)p->v[2],
		    a.s ? a.s : "", b.s ? b.s : "", &at);
		break;
	case B_MAPPING:
		if (!rh_rec_sl_mapping(s->rec, &at))
			break;
		for (i = 0; i < p->nmap; i++) {
			buf_clear(&a);
			rh_jstr_utf8(&a, p->keys[i].u, p->keys[i].n);
			rh_rec_sl_map(s->rec, a.s ? a.s : "", p->ids[i]);
		}
		break;
	case B_ENTRY:
		rh_jstr_utf8(&a, p->s[0].u, p->s[0].n);
		f = pos_of(s, p->foff[1]);
		rh_rec_sl_entry(s->rec, a.s ? a.s : "", a.n, (int32_t)p->v[0],
		    (int)p->v[1], p->v[2], &f);
		break;
	case B_FOOTER:
		f = pos_of(s, p->foff[0]);
		rh_rec_sl_footer(s->rec, p->v[0], &f);
		break;
	}
	buf_free(&a);
	buf_free(&b);
	pend_clear(p);
}

/*
 * RoleHistoryWriter.read's reader.read(null, decoder): one
 * RoleHistoryRecord, decoded into the pending record (the one before
 * it, its end now checked, put into the save first).
 */
static int
read_record(struct rh_sl *s)
{
	struct pend *p = &s->p;
	int32_t i;

	process_trailing(s);
	commit(s);
	if (cur(s) == RH_JT_START_OBJECT)
		mark(s, tokoff(s));
	p->off = tokoff(s);
	p->type = read_index(s);
	switch (p->type) {
	case B_ENTRY:
		read_string(s, &p->s[0], &p->foff[0]);
		p->v[0] = read_number(s, &T_INT, &p->foff[1]);
		p->v[1] = read_boolean(s, &p->foff[2]);
		p->v[2] = read_number(s, &T_LONG, &p->foff[3]);
		break;
	case B_HEADER:
		p->v[0] = read_number(s, &T_INT, &p->foff[0]);
		p->v[1] = read_number(s, &T_LONG, &p->foff[1]);
		read_string(s, &p->s[0], NULL);
		read_string(s, &p->s[1], NULL);
		p->v[2] = read_number(s, &T_INT, &p->foff[2]);
		break;
	case B_FOOTER:
		p->v[0] = read_number(s, &T_LONG, &p->foff[0]);
		break;
	case B_MAPPING:
		p->nmap = 0;
		advance(s, &T_MAP_START);
		if (cur(s) != RH_JT_START_OBJECT)
			expected(s, "map-start");
		next(s);
		if (map_next(s)) {
			do {
				read_string(s, &s->t, NULL);
				i = (int32_t)read_number(s, &T_INT, NULL);
				map_put(p, &s->t, i);
				advance(s, &T_ITEM_END);
			} while (map_next(s));
		}
		break;
	}
	return p->type;
}

/*
 * A plain NodeEntryRecord read at once (fastrecords.c): only where the
 * decoder stands between records, the current token the record's '{'.
 */
static int
fast(struct rh_sl *s)
{
	static const char *const names[] = {
		"entry", NS "NodeEntryRecord", "host", "role", "active",
		"last_used"
	};
	const unsigned char *b;
	uint64_t off;
	size_t n, len;

	if (!rh_jk_fast_ok(s->j) || s->depth != 1 ||
	    rh_jk_cur(s->j) != RH_JT_START_OBJECT || s->replay != NULL)
		return 0;
	off = rh_jk_tokoff(s->j);
	mark(s, off);
	if ((n = rh_jk_bytes(s->j, off, 65536, &b)) == 0)
		return 0;
	if ((len = rh_rec_fast(s->rec, (const char *)b, n, RH_REC_STRICT)) == 0)
		return 0;
	rh_jk_skip_record(s->j, off + len);
	/* taken: what Slider refuses from the next token on is read after it */
	s->p.off = off + len;
	if (!s->fastnames) {
		rh_jk_saw_names(s->j, names, sizeof names / sizeof *names);
		s->fastnames = 1;
	}
	rh_jk_next(s->j);
	return 1;
}

/* --- the loop --- */

/*
 * After the footer, what the input holds besides the footer's closing
 * braces and blank space: its offset, or UINT64_MAX.
 */
static uint64_t
tail(struct rh_sl *s)
{
	uint64_t off = rh_jk_tokoff(s->j);
	const unsigned char *b;
	int braces = rh_jk_cur(s->j) == RH_JT_END_OBJECT ? 3 : 0;
	size_t n;

	if (rh_jk_cur(s->j) == RH_JT_NULL)
		return UINT64_MAX;
	for (;; off++) {
		if ((n = rh_jk_bytes(s->j, off, 1, &b)) == 0)
			return UINT64_MAX;
		if (*b == ' ' || *b == '\t' || *b == '\n' || *b == '\r')
			continue;
		if (*b == '}' && braces > 0) {
			braces--;
			continue;
		}
		return off;
	}
}

static void
slider(struct rh_sl *s, struct rh_slres *r)
{
	int t, c;

	rh_jk_start(s->j);
	t = read_record(s);
	if (t != B_HEADER)
		rh_jk_throw(&s->fail, &s->exc, IOE, "Role History Header not "
		    "found at start of file");
	if (s->p.v[0] != 1)
		rh_jk_throw(&s->fail, &s->exc, IOE, "Can't read role file version "
		    "%04x -need 0001", (unsigned)(uint32_t)s->p.v[0]);
	s->in_loop = 1;
	for (;;) {
		process_trailing(s);
		commit(s);
		if (!s->rec->opt->general && fast(s)) {
			s->records++;
			continue;
		}
		t = read_record(s);
		if (t == B_HEADER)
			rh_jk_throw(&s->fail, &s->exc, IOE, "Duplicate Role History "
			    "Header found");
		if (t == B_ENTRY)
			s->records++;
		else if (t == B_FOOTER)
			break;
	}
	s->in_loop = 0;
	commit(s);		/* the footer: its end is never checked */
	r->complete = 1;
	if ((c = rh_jk_stream_read(s->j)) > 0)
		rh_jk_throw(&s->fail, &s->exc, EOFE, "File footer reached before "
		    "end of file -after %ld records", (long)s->records);
	r->accepted = 1;
}

struct rh_sl *
rh_sl_new(int fd, const char *file, struct rh_rec *rec,
    struct rh_jk_names *names)
{
	struct rh_sl *s = xcalloc(1, sizeof *s);

	s->file = file;
	s->rec = rec;
	s->line = 1;
	s->p.type = -1;
	s->j = rh_jk_new(fd, names, &s->fail, &s->exc);
	push(s, &ROOT);
	return s;
}

void
rh_sl_free(struct rh_sl *s)
{
	size_t i;

	if (s == NULL)
		return;
	rh_jk_free(s->j);
	free(s->stack);
	rb_free(s->cur);
	for (i = 0; i < s->nrbs; i++)
		rb_free(s->rbs[i]);
	free(s->rbs);
	if (s->replay != NULL) {
		elist_free(s->replay);
		free(s->replay);
	}
	pend_clear(&s->p);
	for (i = 0; i < s->p.capmap; i++)
		rh_jstr_free(&s->p.keys[i]);
	free(s->p.keys);
	free(s->p.ids);
	free(s->p.koff);
	buf_free(&s->p.kb);
	ht_free(&s->p.kt);
	rh_jstr_free(&s->p.s[0]);
	rh_jstr_free(&s->p.s[1]);
	rh_jstr_free(&s->t);
	rh_jstr_free(&s->want);
	elist_free(&s->kv);
	buf_free(&s->exc.msg);
	free(s);
}

/* Is the current token a field of placekit's counters (a state stream)? */
static int
counter_field(struct rh_sl *s)
{
	struct buf b = { NULL, 0, 0 };
	int i;

	if (s->replay != NULL || rh_jk_cur(s->j) != RH_JT_FIELD_NAME)
		return 0;
	rh_jk_text(s->j, &s->t);
	rh_jstr_utf8(&b, s->t.u, s->t.n);
	i = b.s != NULL ? rh_rec_counter(b.s, b.n) : 0;
	free(b.s);
	return i;
}

/* Are the fields kept aside all placekit's counters? */
static int
all_counters(const struct rbuf *b)
{
	struct buf k = { NULL, 0, 0 };
	size_t i;
	int all = 1;

	for (i = 0; i < b->n && all; i++) {
		if (b->e[i].dead)
			continue;
		buf_clear(&k);
		rh_jstr_utf8(&k, b->e[i].key.u, b->e[i].key.n);
		all = k.s != NULL && rh_rec_counter(k.s, k.n);
	}
	buf_free(&k);
	return all;
}

/* Is name one of the fields of the record type (B_*)? */
static int
own_field(int type, const struct rh_jstr *name)
{
	const struct sym *r = alts[type];
	int i;

	for (i = 0; i < r->nprod; i++)
		if (r->prod[i]->kind == K_IMPL && r->prod[i]->act == A_FADJ &&
		    rh_jstr_eq(name, r->prod[i]->name))
			return 1;
	return 0;
}

/* A token, in placekit's words. */
static const char *
tokwords(enum rh_jtok t)
{
	switch (t) {
	case RH_JT_STRING: return "a string";
	case RH_JT_INT: return "an integer";
	case RH_JT_FLOAT: return "a fractional number";
	case RH_JT_TRUE: return "true";
	case RH_JT_FALSE: return "false";
	case RH_JT_VNULL: return "null";
	case RH_JT_START_OBJECT: return "an object";
	case RH_JT_START_ARRAY: return "an array";
	default: return "something else";
	}
}

/* The record being read: its type's short name, or NULL for the wrapper. */
static const char *
record(const struct rh_sl *s)
{
	if (s->nrbs < 2 || s->p.type < 0)
		return NULL;
	return labels[s->p.type] + strlen(NS);
}

/*
 * Java UTF-8 text s[0..n) as a message shows it (rh_sl_words): a line
 * break as a space, NUL and a surrogate without its pair as \u escapes.
 */
static void
words(struct buf *out, const char *text, size_t n)
{
	const unsigned char *s = (const unsigned char *)text;
	size_t i;

	for (i = 0; i < n; i++) {
		if (s[i] == '\n')
			buf_puts(out, " ");
		else if (s[i] == 0xc0 && i + 1 < n && s[i + 1] == 0x80) {
			buf_puts(out, "\\u0000");
			i++;
		} else if (s[i] == 0xed && i + 2 < n && s[i + 1] >= 0xa0) {
			buf_printf(out, "\\u%04x", 0xd000 |
			    (s[i + 1] & 0x3f) << 6 | (s[i + 2] & 0x3f));
			i += 2;
		} else
			buf_add(out, (const char *)s + i, 1);
	}
}

/* A Java string, a name, as a message shows it. */
static void
jname(struct buf *out, const struct rh_jstr *t)
{
	struct buf b = { NULL, 0, 0 };

	rh_jstr_utf8(&b, t->u, t->n);
	words(out, b.s, b.n);
	buf_free(&b);
}

/*
 * What Slider's exception means, in placekit's words, into w; and where,
 * as an input offset.
 */
static uint64_t
describe(struct rh_sl *s, const struct rh_slres *r, struct buf *w)
{
	const char *c = s->exc.cls, *m = s->exc.msg.s != NULL ?
	    s->exc.msg.s : "", *rec = record(s), *got;
	const char *want = strstr(m, "Expected ") == m ? m + 9 : "";
	uint64_t off;

#define IS(cls, pre) (strcmp(c, cls) == 0 && strncmp(m, pre, strlen(pre)) == 0)
	if (IS(ATE, "Expected field name not found")) {
		if (rec == NULL)
			buf_puts(w, "not a history record: no 'entry'");
		else
			buf_printf(w, "%s has no '%s'", rec, s->field);
		return s->roff[s->nrbs > 0 ? s->nrbs - 1 : 0];
	}
	if (IS(ATE, "Expected record-end. Got FIELD_NAME")) {
		rh_jk_text(s->j, &s->t);
		if (rec == NULL || s->nrbs < 2)
			buf_puts(w, "a history record holds only 'entry'");
		else {
			buf_puts(w, own_field(s->p.type, &s->t) ? "'" :
			    "unknown field '");
			jname(w, &s->t);
			buf_printf(w, own_field(s->p.type, &s->t) ? "' given "
			    "twice in %s" : "' in %s", rec);
		}
		return tokoff(s);
	}
	if (IS(ATE, "Expected Unknown fields")) {
		buf_printf(w, "fields unknown to %s, or given twice, in %s",
		    "Slider", rec != NULL && s->nrbs >= 2 ? rec :
		    "a history record");
		return s->roff[s->nrbs > 0 ? s->nrbs - 1 : 0];
	}
	if (IS(ATE, "Expected union-end") || IS(ATE, "Expected start-union")) {
		buf_puts(w, "'entry' must be an object with one key, the record "
		    "type");
		return tokoff(s);
	}
	if (IS(ATE, "Expected record-start")) {
		if (s->nrbs == 0)
			buf_puts(w, "expected a JSON object");
		else
			buf_printf(w, "%s must be an object", labels[s->p.type >= 0 ?
			    s->p.type : 0] + strlen(NS));
		return tokoff(s);
	}
	if (IS(ATE, "Unknown union branch")) {
		m += strlen("Unknown union branch ");
		buf_printf(w, strncmp(m, "placekit.", 9) == 0 ? "'%s' is a "
		    "placekit record, not one of Slider's" : "unknown record "
		    "type '%s'", m);
		return s->laboff;
	}
	if (strcmp(c, ATE) == 0 && *want != '\0') {
		got = strstr(m, ". Got ") != NULL ? strstr(m, ". Got ") + 6 : "";
		if (strcmp(got, "END_OBJECT") == 0 && rec != NULL)
			buf_printf(w, "%s has no '%s'", rec, s->field);
		else if (s->p.type == B_MAPPING && strncmp(want, "int.", 4) == 0)
			buf_puts(w, "a role in the mapping must have an integer id");
		else
			buf_printf(w, "'%s' must be %s, not %s", s->field,
			    strncmp(want, "int.", 4) == 0 || strncmp(want, "long.",
			    5) == 0 ? "an integer" : strncmp(want, "string.", 7) ==
			    0 ? "a string" : strncmp(want, "boolean.", 8) == 0 ?
			    "true or false" : "an object", tokwords(cur(s)));
		return tokoff(s);
	}
	if (strcmp(c, ATE) == 0) {
		buf_puts(w, "not a record of Slider's schema");
		return tokoff(s);
	}
	if (IS(JPE, "Numeric value")) {
		buf_printf(w, "'%s' is out of range for %s", s->field != NULL ?
		    s->field : "", strstr(m, "of long") != NULL ? "long" : "int");
		return tokoff(s);
	}
	if (strcmp(c, NFE) == 0) {
		buf_printf(w, "'%s', out of Slider's order, is read again as an "
		    "integer, which it is not", s->field);
		return tokoff(s);
	}
	if (IS(IOE, "Role History Header not found")) {
		buf_puts(w, "the first record is not a RoleHistoryHeader");
		return s->p.off;
	}
	if (IS(IOE, "Can't read role file version")) {
		buf_printf(w, "version %lld is not 1", (long long)s->p.v[0]);
		return s->p.foff[0];
	}
	if (IS(IOE, "Duplicate")) {
		buf_puts(w, "a second RoleHistoryHeader before the footer");
		return s->p.off;
	}
	if (IS(EOFE, "File footer")) {
		buf_puts(w, "the input goes on after the RoleHistoryFooter, past "
		    "the 4,000-byte block Slider's parser read it in");
		return r->tail.line > 0 ? s->resume : rh_jk_off(s->j);
	}
	if (IS(EOFE, "End of file")) {
		buf_puts(w, "the input ends before the RoleHistoryFooter");
		return rh_jk_off(s->j);
	}
	if (strcmp(c, EOFE) == 0) {
		buf_puts(w, "no history: the input is empty");
		return rh_jk_off(s->j);
	}
	if (IS(IOE, "Stream Closed")) {
		buf_puts(w, "the input ends in the token after the footer's "
		    "count");
		return rh_jk_off(s->j);
	}
	if (strcmp(c, AIOOBE) == 0)
		buf_puts(w, "a non-ASCII character in a \\u escape, on which "
		    "Slider's parser fails");
	else if (strcmp(c, CCE) == 0)
		buf_puts(w, "an encoding Slider's parser cannot read");
	else
		buf_puts(w, "not JSON as Slider's parser reads it");
	off = rh_jk_off(s->j);
	if (off > 0 && strncmp(m, "Unexpected end-of-input", 23) != 0)
		off--;			/* the unit Jackson read last */
	return off;
#undef IS
}

void
rh_sl_read(struct rh_sl *s, struct rh_slres *r)
{
	const struct rh_jstr *ren;
	uint64_t t, off;

	memset(r, 0, sizeof *r);
	if (setjmp(s->fail) == 0) {
		slider(s, r);
		if ((t = tail(s)) != UINT64_MAX)
			r->tail = pos_of(s, t);
	} else {
		/* a counter in a NodeEntryRecord: a state stream's */
		if (s->p.type == B_ENTRY && strcmp(s->exc.cls, ATE) == 0 &&
		    (strncmp(s->exc.msg.s, "Expected record-end", 19) == 0 ?
		    counter_field(s) : strncmp(s->exc.msg.s,
		    "Expected Unknown fields", 23) == 0 && s->cur != NULL &&
		    s->cur->map.size > 0 && all_counters(s->cur)))
			s->placekit = 1;
		r->placekit = s->placekit;
		if (r->complete && (t = tail(s)) != UINT64_MAX) {
			r->tail = pos_of(s, t);
			s->resume = t;
		}
		off = describe(s, r, &r->what);
		if (strcmp(s->exc.cls, ATE) == 0 &&
		    (ren = rh_jk_renamed(s->j)) != NULL) {
			buf_puts(&r->what, " (Slider's parser read a name as '");
			jname(&r->what, ren);
			buf_puts(&r->what, "', a name it read before that "
			    "differs only in NUL bytes)");
		}
		r->where = pos_of(s, off < s->loff ? s->loff : off);
		if (s->exc.nomsg)	/* an input with nothing in it */
			r->where.line = r->where.col = 0;
		r->exc = s->exc;
		memset(&s->exc, 0, sizeof s->exc);
		s->resume = s->p.type >= 0 || !r->complete ? s->p.off :
		    s->resume;
	}
	r->ioerr = rh_jk_ioerr(s->j);
}

void
rh_slres_free(struct rh_slres *r)
{
	buf_free(&r->exc.msg);
	buf_free(&r->what);
}

size_t
rh_sl_rest(struct rh_sl *s, const char **p, struct pos *at, int *all)
{
	const unsigned char *b;
	size_t n = rh_jk_rest(s->j, s->resume, &b, all);

	*at = pos_of(s, s->resume);
	*p = (const char *)b;
	return n;
}

void
rh_sl_words(const struct rh_jexc *e, struct buf *out)
{
	words(out, e->msg.s, e->msg.n);
}
