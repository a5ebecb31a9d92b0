/*
 * fieldtab.h - field tables: how every decoder checks the members of a
 * record (a json-c object, a YAML mapping, or a record's raw text on a
 * fast path), with one set of messages.
 *
 * A decoder describes a record in a table: each field's name, kind
 * (what its value must be), whether null means absent, and the modes in
 * which it exists and is required (a mode is a bit of the decoder's:
 * "--strict", "YuniKorn 1.7"). It walks the record's members itself, in
 * input order, and hands each to ft_json() or ft_yaml(); the helper finds
 * the field, checks the value's kind and exact integer range, stores it
 * in the decoder's value array and returns the field's index, which the
 * decoder may act on at once. ft_end() then names a missing required
 * field. A fast path hands the members' raw text to ft_raw_key() and
 * ft_raw_value(), which report nothing: they only say whether the text
 * reads as the general path would read it without a message.
 *
 *	struct ft_val v[N];
 *	ft_begin(&ft, &table, v);
 *	json_object_object_foreach(obj, key, val)
 *		if (ft_json(&ft, key, val) == FT_ERR)
 *			return ft.rc;
 *	if (ft_end(&ft) != 0)
 *		return ft.rc;
 *
 * Messages ("unknown field 'x' in a queue", "'role' must be an integer,
 * not a string", ...) are made only for what is reported, and a position
 * only then: ft->where computes it from the member (its name, key or
 * value), so a record of many unknown members costs no more than their
 * reading. A decoder with its own needs (a warning once per file, a
 * second text in another tool's words) replaces ft->report and builds
 * on ft_message() and ft_pos().
 */
#ifndef PK_FIELDTAB_H
#define PK_FIELDTAB_H

#include <stddef.h>
#include <stdint.h>
#include <json-c/json.h>

#include "buffer.h"
#include "diag.h"
#include "jsonscan.h"
#include "timefmt.h"
#include "yamlload.h"

#define FT_MAXF	32		/* fields in a table */
#define FT_ALL	0xff		/* every mode */

struct ft_table;

enum ft_kind {
	FT_ANY,			/* any value: the decoder looks at it */
	FT_BOOL,		/* true or false */
	FT_INT,			/* an integer of 32 bits ("int") */
	FT_LONG,		/* an integer of 64 bits ("long") */
	FT_COUNT,		/* an integer from 0 to 2^31-1 */
	FT_UINT,		/* an integer from 0 to 2^64-1 */
	FT_NUM,			/* a number */
	FT_STR,			/* a string, no NUL (YAML: a scalar) */
	FT_MAP,			/* an object, a mapping */
	FT_SEQ,			/* an array, a sequence */
	FT_TIME			/* milliseconds since the epoch, a time
				   tm_sane() takes (1970 to 9999) */
};

/* Field flags. */
#define FT_NULL	1		/* null is allowed and means absent */

struct ft_field {
	const char *name;
	unsigned char kind;	/* enum ft_kind */
	unsigned char flags;
	unsigned char known;	/* the modes it exists in; 0: every mode */
	unsigned char need;	/* the modes it is required in */
	const char *want;	/* what it must be, for messages (NULL: the
				   kind's words, "an integer"); for a
				   decoder into Go types, its Go type
				   ("[]string") */
	const struct ft_table *sub;	/* FT_MAP, FT_SEQ, for the decoder:
				   the table of the record it is (of every
				   item's), or of one unnamed field that
				   every value or item is */
};

struct ft_table {
	const char *what;	/* the record in messages: "a queue"; a
				   decoder into Go types: its Go type */
	const struct ft_field *f;
	size_t n;		/* at most FT_MAXF */
	int needs;		/* a missing field: "X needs 'f'", not
				   "X has no 'f'" */
};

#define FT_TABLE(what, fields, needs) \
	{ (what), (fields), sizeof (fields) / sizeof *(fields), (needs) }

/* A member's value, once checked. */
struct ft_val {
	unsigned char seen;	/* given, and not null */
	int64_t i;		/* FT_BOOL (0, 1) and the integer kinds */
	const char *s;		/* FT_STR: the text, n bytes
				   (NUL-terminated but on a fast path) */
	size_t n;
	const void *raw;	/* the backend's value: json_object,
				   yl_node (not on a fast path) */
};

/* What went wrong. */
enum ft_code {
	FT_E_UNKNOWN,		/* no field of the table (in the mode) */
	FT_E_MISSING,		/* a required field is not there */
	FT_E_TYPE,		/* the value is not of the field's kind */
	FT_E_RANGE,		/* an integer out of the kind's range */
	FT_E_NEG,		/* a count below 0 */
	FT_E_NUL,		/* a string holding a NUL character */
	FT_E_NOTREC		/* the record is not an object or mapping */
};

struct ft_err {
	enum ft_code code;
	const struct ft_field *f;	/* NULL: FT_E_UNKNOWN, FT_E_NOTREC */
	const char *name;	/* the member's name; NULL: an item of in */
	const char *in;		/* an item inside this member */
	const void *key, *val;	/* backend nodes: the member's key (YAML)
				   and value, or the record (FT_E_MISSING,
				   FT_E_NOTREC) */
	int yaml;		/* the backend: YAML, else JSON */
};

struct ft;
/* Where e is, in the input (computed only for a message). */
typedef struct pos ft_where(void *arg, const struct ft_err *e);
/* Report e; the status to return (0 for a warning). */
typedef int ft_report_fn(struct ft *, const struct ft_err *e);

/* What an unknown member is. */
enum ft_unknown {
	FT_U_ERR,		/* an error */
	FT_U_WARN,		/* a warning, "... ignored"; skipped */
	FT_U_SKIP		/* nothing: it is skipped quietly */
};

struct ft {
	/* set by ft_init(), then by the decoder as it needs */
	struct diag *d;
	int status;		/* of an error, e.g. EXIT_DATAERR */
	unsigned mode;		/* one bit; 1 unless set */
	enum ft_unknown unknown;
	ft_where *where;	/* NULL: no position */
	ft_report_fn *report;	/* NULL: ft_report */
	void *arg;		/* where's and report's */
	int rc;			/* the status of the last error */
	int field;		/* the field of the last member, -1: unknown
				   (its value is not seen after an error) */

	/* the record being read (ft_begin) */
	const struct ft_table *t;
	struct ft_val *v;	/* t->n values, by field */
	uint32_t seen;		/* members given, by field */
	size_t next;		/* the field to try first: members usually
				   come in table order */
	const struct ft_table *known_t;	/* what is known of a table: */
	unsigned known_mode;
	uint32_t need;		/* the fields required in known_mode */
	unsigned char len[FT_MAXF];	/* the lengths of their names */
};

void ft_init(struct ft *, struct diag *, int status, ft_where *, void *arg);
/* Begin a record of table t; v[0 .. t->n) are cleared. */
void ft_begin(struct ft *, const struct ft_table *t, struct ft_val *v);

/* The results of a member. */
#define FT_SKIP	(-1)		/* an unknown member, skipped */
#define FT_ERR	(-2)		/* reported; the status in ft->rc */

/*
 * A member of a json-c object: its field's index (v[i] holds the value;
 * a null one of an FT_NULL field is not seen), FT_SKIP or FT_ERR (then
 * ft->field says which field it was, if any).
 */
int ft_json(struct ft *, const char *name, struct json_object *val);
/*
 * A pair of a YAML mapping, read as Go's yaml reads a scalar (YAML 1.1
 * booleans written plain, integers in bases 2, 8, 10 and 16), where null
 * is every field's zero value (v[i] not seen). The same results.
 */
int ft_yaml(struct ft *, const struct yl_node *key, const struct yl_node *val);
/*
 * A value inside a YAML member in: an item of a sequence (key NULL) or a
 * value of a mapping, checked as field f (an unnamed one). 0, or FT_ERR.
 */
int ft_yaml_item(struct ft *, const struct ft_field *f, const char *in,
    const struct yl_node *key, const struct yl_node *val, struct ft_val *out);
/* Is the record a mapping (a YAML null is none: 1), an object? 0, or FT_ERR. */
int ft_yaml_record(struct ft *, const struct ft_table *,
    const struct yl_node *);
int ft_json_record(struct ft *, const struct ft_table *, struct json_object *);
/* After the last member: 0, or FT_ERR naming the first missing field. */
int ft_end(struct ft *);
/*
 * The field of t named s[0..n) that exists in mode, or -1: for a decoder
 * that walks and checks the members itself (goyaml.h, which decodes as
 * Go's yaml and says what it says), with no struct ft.
 */
int ft_lookup(const struct ft_table *t, unsigned mode, const char *s,
    size_t n);


/* The default report: an error, or a warning for FT_U_WARN. */
int ft_report(struct ft *, const struct ft_err *);
/* The message of e, into b (cleared first). */
void ft_message(const struct ft *, const struct ft_err *, struct buf *b);
/* e's position: ft->where's, or none. */
struct pos ft_pos(const struct ft *, const struct ft_err *);

/* Is x in the range of kind? 0, FT_E_RANGE or FT_E_NEG. */
static inline int
ft_range(int kind, int64_t x)
{
	switch (kind) {
	case FT_COUNT:
	case FT_UINT:
		if (x < 0)
			return FT_E_NEG;
		return kind == FT_COUNT && x > INT32_MAX ? FT_E_RANGE : 0;
	case FT_INT:
		return x < INT32_MIN || x > INT32_MAX ? FT_E_RANGE : 0;
	case FT_TIME:
		return tm_sane(x) ? 0 : FT_E_RANGE;
	default:
		return 0;
	}
}

/*
 * The fast path, inline as jsonscan.h is: the field of the raw key s[0..n),
 * -1 when unknown in the mode or given twice; then its value read from c
 * (strings without escapes, integers, booleans; nothing else), 0 when it
 * cannot be read so or would be reported. ft_raw_done(): every required
 * field was given. ft_raw_find() is ft_raw_key() without its guess.
 */
int ft_raw_find(struct ft *, const char *s, size_t n);

static inline int
ft_raw_key(struct ft *ft, const char *s, size_t n)
{
	size_t i = ft->next, j;
	const struct ft_field *f = &ft->t->f[i];
	uint32_t bit = UINT32_C(1) << i;

	/* the guess: members usually come in table order */
	if (ft->len[i] != n || (ft->seen & bit) ||
	    (f->known != 0 && !(f->known & ft->mode)))
		return ft_raw_find(ft, s, n);
	for (j = 0; j < n; j++)
		if (f->name[j] != s[j])
			return ft_raw_find(ft, s, n);
	ft->seen |= bit;
	ft->next = i + 1 == ft->t->n ? 0 : i + 1;
	return ft->field = (int)i;
}

static inline int
ft_raw_value(struct ft *ft, int i, struct js *c)
{
	struct ft_val *v = &ft->v[i];
	int kind = ft->t->f[i].kind, b;
	struct js_str s;

	switch (kind) {
	case FT_STR:
		if (!js_str(c, &s))
			return 0;
		v->s = s.s;
		v->n = s.n;
		break;
	case FT_BOOL:
		if (!js_bool(c, &b))
			return 0;
		v->i = b;
		break;
	case FT_INT: case FT_LONG: case FT_COUNT: case FT_UINT: case FT_TIME:
		if (!js_int(c, &v->i) || ft_range(kind, v->i) != 0)
			return 0;
		break;
	default:
		return 0;
	}
	v->seen = 1;
	return 1;
}

static inline int
ft_raw_done(const struct ft *ft)
{
	return (ft->need & ~ft->seen) == 0;
}

/* json-c values as the decoders read them. */
/* An exact integer: 0, -1 if o is not a JSON integer, -2 if beyond int64. */
int ft_json_int(struct json_object *o, int64_t *out);
/* "a string", "an integer", "a fractional number", "true", "an object", ... */
const char *ft_json_what(struct json_object *o);
/* A string without NUL bytes: its text, or NULL. */
const char *ft_json_str(struct json_object *o, size_t *len);

#endif
