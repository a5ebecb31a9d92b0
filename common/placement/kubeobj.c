/*
 * kubeobj.c - reading Kubernetes objects one at a time (kubeobj.h): the whole
 * text is checked by a small JSON parser on the lexer every JSON input
 * shares (jsonlex.h), which also finds where each top-level object and
 * each List item begins and ends; json-c parses only those.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "buffer.h"
#include "exitcode.h"
#include "jsonlex.h"
#include "jsonread.h"
#include "kubeobj.h"
#include "xalloc.h"

/* An object's text and where it starts. */
struct span {
	const char *p;
	size_t n;
	struct pos pos;
};

struct rd {
	const char *name;
	struct diag *d;
	const char *kind;		/* wanted, e.g. "Pod" */
	const char *e;			/* end of the text */
	const char *lp;			/* position counted up to here: */
	struct pos at;
	int anyint;			/* integers of any size */
	const char *bad;		/* a scanner error: where, */
	const char *why;		/* ... and what */
	struct json_tokener *tok;
	struct span *items;		/* the current List's */
	size_t nitems, capitems;
};

/* The position of p, counting on from the last one asked for. */
static struct pos
pos_of(struct rd *r, const char *p)
{
	nj_pos_advance(&r->at, r->lp, (size_t)(p - r->lp));
	r->lp = p;
	return r->at;
}

/* The position of p inside the object s. */
static struct pos
pos_in(const struct span *s, const char *p)
{
	struct pos at = s->pos;

	nj_pos_advance(&at, s->p, (size_t)(p - s->p));
	return at;
}

static const char *
fail(struct rd *r, const char *p, const char *why)
{
	r->bad = p;
	r->why = p == r->e ? "unexpected end of input" : why;
	return NULL;
}

static const char *
ws(const struct rd *r, const char *p)
{
	while (p < r->e && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r'))
		p++;
	return p;
}

/* A string from its opening quote; its end. */
static const char *
string(struct rd *r, const char *p)
{
	const unsigned char *b = (const unsigned char *)p + 1;
	size_t n = (size_t)(r->e - p - 1), i;
	struct jl_bad e = { 0, JL_CHAR };
	int esc = 0;

	if ((i = jl_str(b, 0, n, JL_ESC, &esc, &e)) == SIZE_MAX)
		return fail(r, p + 1 + e.at, jl_msg(e.err));
	if (i == n || b[i] != '"')
		return fail(r, r->e, "unexpected end of input");
	return p + i + 2;
}

static const char *
digits(const struct rd *r, const char *p)
{
	while (p < r->e && *p >= '0' && *p <= '9')
		p++;
	return p;
}

static const char *
number(struct rd *r, const char *p)
{
	const char *s = p, *q;
	int frac = 0;

	if (*p == '-')
		p++;
	if (p == r->e || *p < '0' || *p > '9')
		return fail(r, s, "invalid number");
	q = digits(r, p);
	if (*p == '0' && q - p > 1)
		return fail(r, s, "invalid number: a leading zero");
	p = q;
	if (p < r->e && *p == '.') {
		if ((q = digits(r, p + 1)) == p + 1)
			return fail(r, s, "invalid number");
		p = q;
		frac = 1;
	}
	if (p < r->e && (*p == 'e' || *p == 'E')) {
		p++;
		if (p < r->e && (*p == '+' || *p == '-'))
			p++;
		if ((q = digits(r, p)) == p)
			return fail(r, s, "invalid number");
		p = q;
		frac = 1;
	}
	if (!frac && !r->anyint && !jl_int_fits(s, (size_t)(p - s)))
		return fail(r, s, jl_msg(JL_INT64));
	return p;
}

/* What the top-level object holds, noted while it is checked. */
struct note {
	struct buf key;		/* the member name being read */
	const char *kind;	/* the string literal of "kind", or NULL */
	size_t kindlen;
};

static const char *value(struct rd *, const char *, unsigned);
static void str_text(struct rd *, const char *, size_t, struct buf *);

/*
 * An array or object from its opening bracket; its end. With top, the
 * object's "kind" and the items of its "items" array (r->items) are
 * noted as json-c would read them: the last of a name counts.
 */
static const char *
compound(struct rd *r, const char *p, unsigned depth, struct note *top)
{
	char close = *p == '{' ? '}' : ']';
	int list = top != NULL && close == ']';
	struct span *s = NULL;

	if (depth > KO_MAXDEPTH)
		return fail(r, p, jl_msg(JL_DEPTH));
	p = ws(r, p + 1);
	if (p < r->e && *p == close)
		return p + 1;
	for (;;) {
		const char *v, *k;
		int items = 0;

		if (close == '}') {
			if (p == r->e || *p != '"')
				return fail(r, p, "expected a member name");
			if ((p = string(r, k = p)) == NULL)
				return NULL;
			if (top != NULL)
				str_text(r, k, (size_t)(p - k), &top->key);
			p = ws(r, p);
			if (p == r->e || *p != ':')
				return fail(r, p, "expected ':'");
			p = ws(r, p + 1);
			items = top != NULL && strcmp(top->key.s, "items") == 0;
		}
		if (list) {
			xgrow((void **)&r->items, &r->capitems, r->nitems + 1,
			    sizeof *r->items);
			s = &r->items[r->nitems++];
			s->p = p;
			s->pos = pos_of(r, p);
		}
		if (items)
			r->nitems = 0;
		v = p;
		p = items && p < r->e && *p == '[' ?
		    compound(r, p, depth + 1, top) : value(r, p, depth);
		if (p == NULL)
			return NULL;
		if (list)
			s->n = (size_t)(p - s->p);
		else if (top != NULL && strcmp(top->key.s, "kind") == 0) {
			top->kind = *v == '"' ? v : NULL;
			top->kindlen = (size_t)(p - v);
		}
		p = ws(r, p);
		if (p < r->e && *p == close)
			return p + 1;
		if (p == r->e || *p != ',')
			return fail(r, p, close == '}' ? "expected ',' or '}'" :
			    "expected ',' or ']'");
		p = ws(r, p + 1);
	}
}

static const char *
value(struct rd *r, const char *p, unsigned depth)
{
	if (p == r->e)
		return fail(r, p, "unexpected end of input");
	switch (*p) {
	case '{':
	case '[':
		return compound(r, p, depth + 1, NULL);
	case '"':
		return string(r, p);
	case 't':
		if (r->e - p >= 4 && memcmp(p, "true", 4) == 0)
			return p + 4;
		break;
	case 'f':
		if (r->e - p >= 5 && memcmp(p, "false", 5) == 0)
			return p + 5;
		break;
	case 'n':
		if (r->e - p >= 4 && memcmp(p, "null", 4) == 0)
			return p + 4;
		break;
	default:
		if (*p == '-' || (*p >= '0' && *p <= '9'))
			return number(r, p);
	}
	return fail(r, p, jl_msg(jl_not_value((unsigned char)*p)));
}

/* The text of the string literal at p (n bytes, quotes included). */
static void
str_text(struct rd *r, const char *p, size_t n, struct buf *b)
{
	struct json_object *o;

	if (memchr(p, '\\', n) == NULL) {
		buf_set(b, p + 1, n - 2);
		return;
	}
	json_tokener_reset(r->tok);
	o = json_tokener_parse_ex(r->tok, p, (int)n);
	buf_set(b, "", 0);
	if (o != NULL && json_object_is_type(o, json_type_string))
		buf_set(b, json_object_get_string(o),
		    (size_t)json_object_get_string_len(o));
	json_object_put(o);
}

/* The kind of a parsed object, or NULL. */
static const char *
kind_of(struct json_object *o)
{
	struct json_object *k;

	if (!json_object_object_get_ex(o, "kind", &k) ||
	    !json_object_is_type(k, json_type_string))
		return NULL;
	return json_object_get_string(k);
}

/*
 * Parse one object of the text (checked already) and hand it out. An
 * item of a List must have the kind wanted; of a typed List (kind_opt),
 * it may have none.
 */
static int
hand_out(struct rd *r, const struct span *s, unsigned long index,
    int kind_opt, ko_fn *fn, void *arg)
{
	struct ko_item it;
	enum json_tokener_error e;
	const char *k;
	int rc;

	if (*s->p != '{')
		return diag_err(r->d, EXIT_DATAERR, &s->pos, "List item %lu is "
		    "not an object", index);
	if (s->n > KO_MAXOBJ)
		return diag_err(r->d, EXIT_DATAERR, &s->pos, "object longer than "
		    "%lu bytes", KO_MAXOBJ);
	json_tokener_reset(r->tok);
	errno = 0;
	it.obj = json_tokener_parse_ex(r->tok, s->p, (int)s->n);
	if (errno == ENOMEM)
		xoom();
	if ((e = json_tokener_get_error(r->tok)) != json_tokener_success ||
	    it.obj == NULL) {
		struct pos at = pos_in(s, s->p + json_tokener_get_parse_end(r->tok));

		json_object_put(it.obj);
		return diag_err(r->d, EXIT_DATAERR, &at, "%s",
		    json_tokener_error_desc(e));
	}
	rc = 0;
	if (index > 0 && ((k = kind_of(it.obj)) != NULL ?
	    strcmp(k, r->kind) != 0 : !kind_opt))
		rc = k != NULL ? diag_err(r->d, EXIT_DATAERR, &s->pos, "List "
		    "item %lu is a %.40s, not a %s", index, k, r->kind) :
		    diag_err(r->d, EXIT_DATAERR, &s->pos, "List item %lu has no "
		    "'kind': not a %s", index, r->kind);
	else {
		it.pos = s->pos;
		it.index = index;
		rc = fn(arg, &it);
	}
	json_object_put(it.obj);
	return rc;
}

/* One top-level object at s->p: handed out whole, or item by item. */
static int
top(struct rd *r, struct span *s, ko_fn *fn, void *arg, struct note *nt)
{
	struct buf *b = &nt->key;
	const char *end;
	size_t i, wl = strlen(r->kind);
	int rc, typed;

	nt->kind = NULL;
	r->nitems = 0;
	if ((end = compound(r, s->p, 1, nt)) == NULL)
		return -1;
	s->n = (size_t)(end - s->p);
	if (nt->kind == NULL)
		return diag_err(r->d, EXIT_DATAERR, &s->pos, "an object without "
		    "'kind', not a %s or a List of %ss", r->kind, r->kind);
	str_text(r, nt->kind, nt->kindlen, b);
	if (strcmp(b->s, r->kind) == 0)
		return hand_out(r, s, 0, 0, fn, arg);
	typed = b->n == wl + 4 && strncmp(b->s, r->kind, wl) == 0 &&
	    strcmp(b->s + wl, "List") == 0;
	if (!typed && strcmp(b->s, "List") != 0)
		return diag_err(r->d, EXIT_DATAERR, &s->pos, "a %.40s, not a %s "
		    "or a List of %ss", b->s, r->kind, r->kind);
	for (i = 0; i < r->nitems; i++)
		if ((rc = hand_out(r, &r->items[i], i + 1, typed, fn, arg)) != 0)
			return rc;
	return 0;
}

int
ko_valid(const char *text, size_t n)
{
	struct rd r;
	const char *p;

	memset(&r, 0, sizeof r);
	r.e = text + n;
	r.anyint = 1;
	p = ws(&r, text);
	return (p = value(&r, p, 0)) != NULL && ws(&r, p) == r.e;
}

/* The whole input into *text; 0 or an exit status. */
static int
slurp(const char *path, const char *name, char **text, size_t *len,
    struct diag *d)
{
	size_t cap = 65536, n = 0;
	ssize_t k;
	char *t;
	int fd = 0;

	if (path != NULL && strcmp(path, "-") != 0 &&
	    (fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return diag_syserr(d, EXIT_NOINPUT, POS_NONE, "cannot open '%s'",
		    path);
	t = xmalloc(cap);
	for (;;) {
		if (n == cap) {
			if (cap > KO_MAXINPUT) {
				free(t);
				if (fd != 0)
					close(fd);
				return diag_err(d, EXIT_DATAERR, &(struct pos){ name,
				    0, 0 }, "input longer than %lu bytes",
				    KO_MAXINPUT);
			}
			t = xrealloc(t, cap *= 2);
		}
		if ((k = read(fd, t + n, cap - n)) > 0)
			n += (size_t)k;
		else if (k == 0)
			break;
		else if (errno != EINTR) {
			diag_syserr(d, EXIT_IOERR, &(struct pos){ name, 0, 0 },
			    "read error");
			free(t);
			if (fd != 0)
				close(fd);
			return EXIT_IOERR;
		}
	}
	if (fd != 0)
		close(fd);
	*text = t;
	*len = n;
	return 0;
}

int
ko_read(const char *path, const char *kind, ko_fn *fn, void *arg,
    struct diag *d)
{
	struct rd r;
	struct note nt = { { NULL, 0, 0 }, NULL, 0 };
	struct span s;
	const char *p;
	char *text = NULL;
	size_t len = 0;
	int rc;

	memset(&r, 0, sizeof r);
	r.name = path == NULL || strcmp(path, "-") == 0 ? "<stdin>" : path;
	if ((rc = slurp(path, r.name, &text, &len, d)) != 0)
		return rc;
	r.d = d;
	r.kind = kind;
	r.e = text + len;
	r.lp = text;
	r.at = (struct pos){ r.name, 1, 1 };
	if ((r.tok = json_tokener_new_ex(KO_MAXDEPTH + 1)) == NULL)
		xoom();
	json_tokener_set_flags(r.tok, JSON_TOKENER_STRICT |
	    JSON_TOKENER_VALIDATE_UTF8);
	for (p = ws(&r, text); rc == 0 && p < r.e; p = ws(&r, s.p + s.n)) {
		s.p = p;
		s.n = 0;
		s.pos = pos_of(&r, p);
		if (*p != '{')
			rc = diag_err(d, EXIT_DATAERR, &s.pos, "expected a JSON "
			    "object (kubectl's -o json)");
		else if ((rc = top(&r, &s, fn, arg, &nt)) < 0) {
			struct pos at = pos_of(&r, r.bad);

			rc = diag_err(d, EXIT_DATAERR, &at, "%s", r.why);
		}
	}
	json_tokener_free(r.tok);
	free(r.items);
	buf_free(&nt.key);
	free(text);
	return rc;
}
