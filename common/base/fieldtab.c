/*
 * fieldtab.c - field tables (fieldtab.h): finding a member's field, checking its
 * value for the three backends (json-c, YAML nodes, raw text), and the
 * messages.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "fieldtab.h"

void
ft_init(struct ft *ft, struct diag *d, int status, ft_where *where, void *arg)
{
	memset(ft, 0, sizeof *ft);
	ft->d = d;
	ft->status = status;
	ft->mode = 1;
	ft->where = where;
	ft->arg = arg;
}

/* Know the table's name lengths and the fields required in the mode. */
static void
know(struct ft *ft)
{
	size_t i;

	if (ft->known_t == ft->t && ft->known_mode == ft->mode)
		return;
	ft->need = 0;
	for (i = 0; i < ft->t->n; i++) {
		ft->len[i] = ft->t->f[i].name != NULL ?
		    strlen(ft->t->f[i].name) : 0;
		if (ft->t->f[i].need & ft->mode)
			ft->need |= UINT32_C(1) << i;
	}
	ft->known_t = ft->t;
	ft->known_mode = ft->mode;
}

void
ft_begin(struct ft *ft, const struct ft_table *t, struct ft_val *v)
{
	ft->t = t;
	ft->v = v;
	ft->seen = 0;
	ft->next = 0;
	memset(v, 0, t->n * sizeof *v);
	know(ft);
}


/* The field named s[0..n) that exists in the mode, or -1. */
static int
find(struct ft *ft, const char *s, size_t n)
{
	size_t k, i = ft->next, tn = ft->t->n;

	ft->field = -1;
	for (k = 0; k < tn; k++, i = i + 1 == tn ? 0 : i + 1) {
		const struct ft_field *f = &ft->t->f[i];

		if (ft->len[i] != n || memcmp(f->name, s, n) != 0)
			continue;
		if (f->known != 0 && !(f->known & ft->mode))
			return -1;
		ft->next = i + 1 == tn ? 0 : i + 1;
		ft->seen |= UINT32_C(1) << i;
		return ft->field = (int)i;
	}
	return -1;
}

int
ft_lookup(const struct ft_table *t, unsigned mode, const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < t->n; i++) {
		const struct ft_field *f = &t->f[i];

		if (f->name != NULL && strlen(f->name) == n &&
		    memcmp(f->name, s, n) == 0)
			return f->known != 0 && !(f->known & mode) ? -1 : (int)i;
	}
	return -1;
}

/* Report e: FT_SKIP for a warning, else FT_ERR with ft->rc set. */
static int
call_report(struct ft *ft, const struct ft_err *e)
{
	int rc = (ft->report != NULL ? ft->report : ft_report)(ft, e);

	if (rc == 0)
		return FT_SKIP;
	ft->rc = rc;
	return FT_ERR;
}

static int
fail(struct ft *ft, enum ft_code code, const struct ft_field *f,
    const char *name, const void *key, const void *val, int yaml)
{
	struct ft_err e;

	e.code = code;
	e.f = f;
	e.name = name;
	e.in = NULL;
	e.key = key;
	e.val = val;
	e.yaml = yaml;
	return call_report(ft, &e);
}

/* An unknown member: FT_SKIP (skipped, maybe warned) or FT_ERR. */
static int
unknown(struct ft *ft, const char *name, const void *key, const void *val,
    int yaml)
{
	if (ft->unknown == FT_U_SKIP)
		return FT_SKIP;
	return fail(ft, FT_E_UNKNOWN, NULL, name, key, val, yaml);
}


/* ---- json-c ---- */

int
ft_json_int(struct json_object *o, int64_t *out)
{
	if (!json_object_is_type(o, json_type_int))
		return -1;
	*out = json_object_get_int64(o);
	if (*out == INT64_MAX &&
	    json_object_get_uint64(o) > (uint64_t)INT64_MAX)
		return -2;
	return 0;
}

const char *
ft_json_what(struct json_object *o)
{
	switch (json_object_get_type(o)) {
	case json_type_null:
		return "null";
	case json_type_boolean:
		return json_object_get_boolean(o) ? "true" : "false";
	case json_type_double:
		return "a fractional number";
	case json_type_int:
		return "an integer";
	case json_type_object:
		return "an object";
	case json_type_array:
		return "an array";
	case json_type_string:
		return "a string";
	}
	return "a value";
}

const char *
ft_json_str(struct json_object *o, size_t *len)
{
	const char *s;
	size_t n;

	if (!json_object_is_type(o, json_type_string))
		return NULL;
	s = json_object_get_string(o);
	n = (size_t)json_object_get_string_len(o);
	if (memchr(s, '\0', n) != NULL)
		return NULL;
	if (len != NULL)
		*len = n;
	return s;
}

/* Check o as kind into v: 0 or an FT_E_* code. */
static int
json_value(int kind, struct json_object *o, struct ft_val *v)
{
	int rc;

	switch (kind) {
	case FT_BOOL:
		if (!json_object_is_type(o, json_type_boolean))
			return FT_E_TYPE;
		v->i = json_object_get_boolean(o);
		return 0;
	case FT_INT: case FT_LONG: case FT_COUNT: case FT_UINT: case FT_TIME:
		if ((rc = ft_json_int(o, &v->i)) == -1)
			return FT_E_TYPE;
		return rc == -2 ? FT_E_RANGE : ft_range(kind, v->i);
	case FT_NUM:
		return json_object_is_type(o, json_type_int) ||
		    json_object_is_type(o, json_type_double) ? 0 : FT_E_TYPE;
	case FT_STR:
		if (!json_object_is_type(o, json_type_string))
			return FT_E_TYPE;
		return (v->s = ft_json_str(o, &v->n)) == NULL ? FT_E_NUL : 0;
	case FT_MAP:
		return json_object_is_type(o, json_type_object) ? 0 : FT_E_TYPE;
	case FT_SEQ:
		return json_object_is_type(o, json_type_array) ? 0 : FT_E_TYPE;
	default:
		return 0;
	}
}

int
ft_json_record(struct ft *ft, const struct ft_table *t, struct json_object *o)
{
	ft->t = t;
	if (json_object_is_type(o, json_type_object))
		return 0;
	return fail(ft, FT_E_NOTREC, NULL, NULL, NULL, o, 0);
}

/* ---- YAML, as Go's yaml reads it ---- */

/* A scalar written as a string: quoted, block, or tagged !!str. */
static int
stringy(const struct yl_node *n)
{
	return !n->plain || (n->tag != NULL &&
	    strcmp(n->tag, "tag:yaml.org,2002:str") == 0);
}

static int
yaml_null(const struct yl_node *n)
{
	return n->kind == YL_SCALAR && !stringy(n) && yl_is_null(n);
}

static int
word(const char *const *list, const char *s)
{
	for (; *list != NULL; list++)
		if (strcmp(*list, s) == 0)
			return 1;
	return 0;
}

static const char *const yes[] = { "y", "Y", "yes", "Yes", "YES", "true",
	"True", "TRUE", "on", "On", "ON", NULL };
static const char *const no[] = { "n", "N", "no", "No", "NO", "false",
	"False", "FALSE", "off", "Off", "OFF", NULL };
static const char *const nonfinite[] = { ".inf", ".Inf", ".INF", "+.inf",
	"+.Inf", "+.INF", "-.inf", "-.Inf", "-.INF", ".nan", ".NaN", ".NAN",
	NULL };

/* An integer as Go reads one: sign, then 0x, 0o, 0b or decimal digits. */
static int
yaml_int(const char *s, int *neg, uint64_t *u)
{
	char *end;
	int base = 10;

	*neg = *s == '-';
	if (*s == '+' || *s == '-')
		s++;
	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
		base = 16, s += 2;
	else if (s[0] == '0' && (s[1] == 'o' || s[1] == 'O'))
		base = 8, s += 2;
	else if (s[0] == '0' && (s[1] == 'b' || s[1] == 'B'))
		base = 2, s += 2;
	if (*s == '\0' || *s == '-' || *s == '+' || *s == ' ')
		return 0;
	errno = 0;
	*u = strtoull(s, &end, base);
	return errno == 0 && *end == '\0';
}

/* Check the non-null node n as kind into v: 0 or an FT_E_* code. */
static int
yaml_value(int kind, const struct yl_node *n, struct ft_val *v)
{
	uint64_t u;
	char *end;
	int neg;

	if (kind == FT_MAP || kind == FT_SEQ)
		return n->kind == (kind == FT_MAP ? YL_MAP : YL_SEQ) ? 0 :
		    FT_E_TYPE;
	if (kind == FT_ANY)
		return 0;
	if (n->kind != YL_SCALAR)
		return FT_E_TYPE;
	v->s = n->str;
	v->n = n->len;
	if (kind == FT_STR)
		return 0;
	if (stringy(n))
		return FT_E_TYPE;
	if (kind == FT_BOOL) {
		v->i = word(yes, n->str);
		return v->i || word(no, n->str) ? 0 : FT_E_TYPE;
	}
	if (kind == FT_NUM) {
		if (word(nonfinite, n->str))
			return 0;
		(void)strtod(n->str, &end);
		return end != n->str && *end == '\0' ? 0 : FT_E_TYPE;
	}
	/* the integers: a negative one is no FT_UINT */
	if (!yaml_int(n->str, &neg, &u) || (neg && kind == FT_UINT))
		return FT_E_TYPE;
	if (kind == FT_UINT)
		return 0;
	if (u > (uint64_t)INT64_MAX + neg)
		return FT_E_RANGE;
	v->i = neg ? (int64_t)(0 - u) : (int64_t)u;
	return ft_range(kind, v->i);
}

/* ---- members ---- */

/*
 * The member (key, val) of field i, null or not: checked with the
 * backend's check, stored. Its field, or what fail() says.
 */
static int
take(struct ft *ft, int i, const void *key, const void *val, int null,
    int yaml)
{
	const struct ft_field *f = &ft->t->f[i];
	struct ft_val *v = &ft->v[i];
	int rc;

	v->raw = val;
	if (null)
		return i;
	rc = yaml ? yaml_value(f->kind, val, v) : json_value(f->kind,
	    (struct json_object *)val, v);
	if (rc != 0) {
		v->i = 0;
		v->s = NULL;
		v->n = 0;
		return fail(ft, rc, f, f->name, key, val, yaml);
	}
	v->seen = 1;
	return i;
}

int
ft_json(struct ft *ft, const char *name, struct json_object *o)
{
	int i = find(ft, name, strlen(name));

	if (i < 0)
		return unknown(ft, name, NULL, o, 0);
	return take(ft, i, NULL, o, (ft->t->f[i].flags & FT_NULL) &&
	    json_object_is_type(o, json_type_null), 0);
}

int
ft_yaml(struct ft *ft, const struct yl_node *k, const struct yl_node *n)
{
	int i = find(ft, k->str, k->len);

	if (i < 0)
		return unknown(ft, k->str, k, n, 1);
	return take(ft, i, k, n, yaml_null(n), 1);
}

int
ft_yaml_item(struct ft *ft, const struct ft_field *f, const char *in,
    const struct yl_node *k, const struct yl_node *n, struct ft_val *v)
{
	struct ft_err e;
	int rc;

	memset(v, 0, sizeof *v);
	v->raw = n;
	if (yaml_null(n))
		return 0;
	if ((rc = yaml_value(f->kind, n, v)) == 0) {
		v->seen = 1;
		return 0;
	}
	e.code = rc;
	e.f = f;
	e.name = k != NULL ? k->str : NULL;
	e.in = in;
	e.key = k;
	e.val = n;
	e.yaml = 1;
	return call_report(ft, &e) == FT_SKIP ? 0 : FT_ERR;
}

int
ft_yaml_record(struct ft *ft, const struct ft_table *t, const struct yl_node *n)
{
	ft->t = t;
	if (n == NULL || yaml_null(n))
		return 1;
	if (n->kind == YL_MAP)
		return 0;
	return fail(ft, FT_E_NOTREC, NULL, NULL, NULL, n, 1);
}

/* ---- the end of a record ---- */

int
ft_end(struct ft *ft)
{
	uint32_t missing = ft->need & ~ft->seen;
	const struct ft_field *f;
	size_t i;

	if (missing == 0)
		return 0;
	for (i = 0; !(missing & (UINT32_C(1) << i)); i++)
		;
	f = &ft->t->f[i];
	return fail(ft, FT_E_MISSING, f, f->name, NULL, NULL, 0);
}

/* ---- raw text (the fast paths) ---- */

int
ft_raw_find(struct ft *ft, const char *s, size_t n)
{
	uint32_t before = ft->seen;
	int i = find(ft, s, n);

	if (i < 0 || (before & (UINT32_C(1) << i)))
		return -1;
	return i;
}

/* ---- messages ---- */

static const char *
want(const struct ft_field *f, int yaml)
{
	static const char *const words[] = {
		"a value", "true or false", "an integer", "an integer",
		"a count (an integer of at least 0)", "a non-negative integer",
		"a number", "a string", "an object", "an array",
		"a time (milliseconds since the epoch)"
	};

	if (f->want != NULL)
		return f->want;
	if (yaml && f->kind == FT_MAP)
		return "a mapping";
	if (yaml && f->kind == FT_SEQ)
		return "a sequence";
	return words[f->kind];
}

/* What the value is: a YAML scalar of the right shape by its text. */
static void
got(struct buf *b, const struct ft_err *e)
{
	const struct yl_node *n = e->val;

	if (!e->yaml)
		buf_puts(b, ft_json_what((struct json_object *)e->val));
	else if (n->kind == YL_SCALAR && e->f != NULL && e->f->kind != FT_MAP &&
	    e->f->kind != FT_SEQ)
		buf_printf(b, "'%s'", n->str);
	else
		buf_puts(b, yl_kind_name(n->kind));
}

void
ft_message(const struct ft *ft, const struct ft_err *e, struct buf *b)
{
	buf_clear(b);
	switch (e->code) {
	case FT_E_UNKNOWN:
		buf_printf(b, "unknown %s '%s' in %s%s", e->yaml ? "key" :
		    "field", e->name, ft->t->what, ft->unknown == FT_U_WARN ?
		    " ignored" : "");
		return;
	case FT_E_MISSING:
		buf_printf(b, "%s %s '%s'", ft->t->what, ft->t->needs ?
		    "needs" : "has no", e->name);
		return;
	case FT_E_NOTREC:
		buf_printf(b, "%s must be %s, not ", ft->t->what, e->yaml ?
		    "a mapping" : "an object");
		got(b, e);
		return;
	default:
		break;
	}
	if (e->name != NULL && e->in != NULL)
		buf_printf(b, "'%s' in '%s'", e->name, e->in);
	else if (e->in != NULL)
		buf_printf(b, "an item of '%s'", e->in);
	else
		buf_printf(b, "'%s'", e->name);
	switch (e->code) {
	case FT_E_RANGE:
		buf_printf(b, " is out of range for %s", e->f->kind == FT_TIME ?
		    "a time (1970 to 9999)" : e->f->kind == FT_LONG ? "long" :
		    "int");
		break;
	case FT_E_NEG:
		buf_puts(b, " must not be negative");
		break;
	case FT_E_NUL:
		buf_puts(b, " holds a NUL character");
		break;
	default:
		buf_printf(b, " must be %s, not ", want(e->f, e->yaml));
		got(b, e);
		break;
	}
}

struct pos
ft_pos(const struct ft *ft, const struct ft_err *e)
{
	struct pos none = { NULL, 0, 0 };

	return ft->where != NULL ? ft->where(ft->arg, e) : none;
}

int
ft_report(struct ft *ft, const struct ft_err *e)
{
	struct buf b = { NULL, 0, 0 };
	struct pos p = ft_pos(ft, e);

	ft_message(ft, e, &b);
	if (e->code == FT_E_UNKNOWN && ft->unknown == FT_U_WARN) {
		diag_warn(ft->d, &p, "%s", b.s);
		buf_free(&b);
		return 0;
	}
	(void)diag_err(ft->d, ft->status, &p, "%s", b.s);
	buf_free(&b);
	return ft->status;
}
