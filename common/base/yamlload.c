/*
 * yamlload.c - libyaml events to a yl_node tree, within limits.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "hashtable.h"
#include "xalloc.h"
#include "yamlload.h"

/*
 * One hash table finds both anchors (owner NULL, name owned by the
 * table) and the scalar keys of every mapping (owner the mapping), so
 * that neither many anchors nor a long mapping makes loading quadratic.
 */
struct hent {
	const void *owner;
	const char *s;
	size_t len;
	struct yl_node *node;
};

struct loader {
	struct yl_doc *doc;
	struct diag *d;
	int status;
	int flags;
	FILE *f;		/* the input: a file, or len bytes of text */
	const char *text;
	size_t len;
	yaml_parser_t p;
	struct ht ht;		/* (owner, s) -> index in ent */
	struct hent *ent;
	size_t n, cap;
	unsigned long total;	/* nodes so far, aliases expanded */
};

static int PK_PRINTF(4, 5)
fail(struct loader *l, unsigned long line, unsigned long col, const char *fmt, ...)
{
	struct pos at = { l->doc->file, line, col };
	char msg[600];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	diag_err(l->d, l->status, &at, "%s", msg);
	return -1;
}

static struct yl_node *
new_node(struct loader *l, enum yl_kind k, const yaml_mark_t *m,
    const yaml_char_t *tag)
{
	struct yl_node *n = xcalloc(1, sizeof *n);

	n->kind = k;
	n->line = m->line + 1;
	n->col = m->column + 1;
	n->weight = 1;
	if (tag != NULL)
		n->tag = xstrdup((const char *)tag);
	xgrow((void **)&l->doc->all, &l->doc->capall, l->doc->nall + 1,
	    sizeof *l->doc->all);
	l->doc->all[l->doc->nall++] = n;
	return n;
}

static uint64_t
hash(const void *owner, const char *s, size_t len)
{
	uintptr_t o = (uintptr_t)owner;
	uint64_t h = HT_SEED;
	size_t i;

	for (i = 0; i < sizeof o; i++, o >>= 8)
		h = ht_step(h, (unsigned char)o);
	return ht_hash_from(h, s, len);
}

/* The entry of (owner, s), whose hash is h, or NULL. */
static struct hent *
lookup(struct loader *l, uint64_t h, const void *owner, const char *s,
    size_t len)
{
	struct ht_probe pr;
	struct hent *e;
	uint32_t i;

	ht_probe(&l->ht, h, &pr);
	while ((i = ht_next(&l->ht, &pr)) != HT_NONE)
		if ((e = &l->ent[i])->owner == owner && e->len == len &&
		    memcmp(e->s, s, len) == 0)
			return e;
	return NULL;
}

/* A new entry for (owner, s), which is not there yet. */
static struct hent *
insert(struct loader *l, uint64_t h, const void *owner, const char *s,
    size_t len)
{
	struct hent *e;

	xgrow((void **)&l->ent, &l->cap, l->n + 1, sizeof *l->ent);
	e = &l->ent[l->n];
	e->owner = owner;
	e->s = s;
	e->len = len;
	e->node = NULL;
	ht_add(&l->ht, h, (uint32_t)l->n++);
	return e;
}

static void
remember(struct loader *l, const yaml_char_t *anchor, struct yl_node *n)
{
	struct hent *e;
	uint64_t h;
	size_t len;

	if (anchor == NULL)
		return;
	len = strlen((const char *)anchor);
	h = hash(NULL, (const char *)anchor, len);
	if ((e = lookup(l, h, NULL, (const char *)anchor, len)) == NULL)
		e = insert(l, h, NULL, xmemdup0(anchor, len), len);
	e->node = n;		/* a redefined anchor wins */
}

/*
 * The line and column (in characters, as libyaml counts them) of byte
 * off of the input, for the reader's errors, which give only the offset.
 * Unknown (0, 0) if the input cannot be read again.
 */
static void
offset_pos(struct loader *l, size_t off, unsigned long *line,
    unsigned long *col)
{
	size_t i;
	int c;

	*line = 1;
	*col = 1;
	if (l->f != NULL && fseek(l->f, 0, SEEK_SET) != 0) {
		*line = *col = 0;
		return;
	}
	for (i = 0; i < off; i++) {
		if (l->f != NULL)
			c = getc(l->f);
		else
			c = i < l->len ? (unsigned char)l->text[i] : EOF;
		if (c == EOF)
			break;
		if (c == '\n')
			++*line, *col = 1;
		else if ((c & 0xc0) != 0x80)
			++*col;
	}
}

static int
report_parser(struct loader *l)
{
	yaml_parser_t *p = &l->p;
	const yaml_mark_t *m = &p->problem_mark;
	char msg[512];

	if (p->error == YAML_MEMORY_ERROR)
		xoom();
	if (p->context != NULL)
		snprintf(msg, sizeof msg, "%s %s (line %lu, column %lu)",
		    p->problem ? p->problem : "syntax error", p->context,
		    (unsigned long)p->context_mark.line + 1,
		    (unsigned long)p->context_mark.column + 1);
	else
		snprintf(msg, sizeof msg, "%s",
		    p->problem ? p->problem : "syntax error");
	if (p->error == YAML_READER_ERROR) {
		unsigned long line, col;

		offset_pos(l, p->problem_offset, &line, &col);
		if (l->flags & YL_GO)	/* go-yaml says the problem alone */
			return fail(l, line, col, "yaml: %s", p->problem ?
			    p->problem : "invalid input");
		return fail(l, line, col, "invalid YAML input: %s", msg);
	}
	if (l->flags & YL_GO)
		return fail(l, m->line + 1, m->column + 1, "yaml: %s",
		    p->problem ? p->problem : "unknown problem parsing YAML "
		    "content");
	return fail(l, m->line + 1, m->column + 1, "YAML: %s", msg);
}

/* Two keys are the same when both are scalars with the same text. */
static int
check_dup_key(struct loader *l, const struct yl_node *map,
    struct yl_node *key)
{
	uint64_t h;

	if (key->kind != YL_SCALAR)
		return 0;
	h = hash(map, key->str, key->len);
	if (lookup(l, h, map, key->str, key->len) != NULL)
		return fail(l, key->line, key->col, "duplicate key '%s'", key->str);
	insert(l, h, map, key->str, key->len)->node = key;
	return 0;
}

/* The nodes being built: the open collections, innermost last. */
struct frame {
	struct yl_node *node;
	size_t cap;
	int have_key;		/* a map waiting for a value */
};

struct build {
	struct frame stack[YL_MAXDEPTH + 1];
	int depth;
};

/* An error at the event's start. */
#define fail_at(l, ev, ...) \
	fail((l), (ev)->start_mark.line + 1, (ev)->start_mark.column + 1, \
	    __VA_ARGS__)

static struct yl_node *
scalar(struct loader *l, const yaml_event_t *ev)
{
	struct yl_node *n;

	if (memchr(ev->data.scalar.value, '\0', ev->data.scalar.length) != NULL) {
		fail_at(l, ev, "%s", "a string holds a NUL character (\\0), which "
		    "no configuration value may hold");
		return NULL;
	}
	n = new_node(l, YL_SCALAR, &ev->start_mark, ev->data.scalar.tag);
	n->str = xmemdup0(ev->data.scalar.value, ev->data.scalar.length);
	n->len = ev->data.scalar.length;
	n->plain = ev->data.scalar.style == YAML_PLAIN_SCALAR_STYLE;
	n->block = ev->data.scalar.style == YAML_LITERAL_SCALAR_STYLE ? '|' :
	    ev->data.scalar.style == YAML_FOLDED_SCALAR_STYLE ? '>' : 0;
	return n;
}

/* A sequence or mapping opens: 0, or -1 when nested too deep. */
static int
open_node(struct loader *l, struct build *b, const yaml_event_t *ev)
{
	int map = ev->type == YAML_MAPPING_START_EVENT;
	struct yl_node *n;

	if (b->depth >= YL_MAXDEPTH)
		return fail_at(l, ev, "%s", "YAML nested deeper than 256 levels");
	n = new_node(l, map ? YL_MAP : YL_SEQ, &ev->start_mark,
	    map ? ev->data.mapping_start.tag : ev->data.sequence_start.tag);
	remember(l, map ? ev->data.mapping_start.anchor :
	    ev->data.sequence_start.anchor, n);
	b->stack[++b->depth] = (struct frame){ n, 0, 0 };
	return 0;
}

/* The node an alias stands for, or NULL: undefined, or a cycle. */
static struct yl_node *
alias(struct loader *l, const struct build *b, const yaml_event_t *ev)
{
	const char *name = (const char *)ev->data.alias.anchor;
	struct hent *e = lookup(l, hash(NULL, name, strlen(name)), NULL, name,
	    strlen(name));
	int k;

	if (e == NULL) {
		fail_at(l, ev, "undefined YAML alias '%s'", name);
		return NULL;
	}
	/* an alias of a node still open is a cycle */
	for (k = 1; k <= b->depth && e->node->kind != YL_SCALAR; k++)
		if (b->stack[k].node == e->node) {
			fail_at(l, ev, "recursive YAML alias '%s'", name);
			return NULL;
		}
	return e->node;
}

/* Put a complete node n in its place: the root, or its parent's. */
static int
attach(struct loader *l, struct build *b, struct yl_node *n,
    const yaml_event_t *ev)
{
	struct frame *f;
	struct yl_node *p;

	/* every node counts, an alias for all it stands for */
	l->total += ev->type == YAML_ALIAS_EVENT ? n->weight : 1;
	if (l->total > YL_MAXNODES)
		return fail_at(l, ev, "%s", ev->type == YAML_ALIAS_EVENT ?
		    "YAML aliases expand to more than 1000000 nodes" :
		    "YAML document of more than 1000000 nodes");
	if (ev->type == YAML_SCALAR_EVENT)
		remember(l, ev->data.scalar.anchor, n);
	if (b->depth == 0) {
		l->doc->root = n;
		return 0;
	}
	f = &b->stack[b->depth];
	p = f->node;
	p->weight += n->weight;
	if (p->kind == YL_SEQ) {
		xgrow((void **)&p->kids, &f->cap, p->n + 1, sizeof *p->kids);
		p->kids[p->n++] = n;
	} else if (!f->have_key) {
		if (!(l->flags & YL_GO) && check_dup_key(l, p, n) != 0)
			return -1;
		xgrow((void **)&p->kids, &f->cap, 2 * p->n + 2, sizeof *p->kids);
		p->kids[2 * p->n] = n;
		f->have_key = 1;
	} else {
		p->kids[2 * p->n + 1] = n;
		p->n++;
		f->have_key = 0;
	}
	return 0;
}

/* Read the events into the document: 0, or -1 after reporting. */
static int
load(struct loader *l)
{
	struct build b;
	int docs = 0, rc = 0, done = 0;
	struct yl_node *n;
	yaml_event_t ev;

	b.depth = 0;
	while (!done && rc == 0) {
		if (!yaml_parser_parse(&l->p, &ev))
			return report_parser(l);
		n = NULL;
		switch (ev.type) {
		case YAML_STREAM_END_EVENT:
			done = 1;
			break;
		case YAML_DOCUMENT_END_EVENT:
			done = (l->flags & YL_GO) != 0;	/* the rest is not read */
			break;
		case YAML_DOCUMENT_START_EVENT:
			if (++docs > 1)
				rc = fail_at(l, &ev, "%s",
				    "more than one YAML document");
			break;
		case YAML_SCALAR_EVENT:
			if ((n = scalar(l, &ev)) == NULL)
				rc = -1;
			break;
		case YAML_SEQUENCE_START_EVENT:
		case YAML_MAPPING_START_EVENT:
			rc = open_node(l, &b, &ev);
			break;
		case YAML_SEQUENCE_END_EVENT:
		case YAML_MAPPING_END_EVENT:
			n = b.stack[b.depth--].node;
			break;
		case YAML_ALIAS_EVENT:
			if ((n = alias(l, &b, &ev)) == NULL)
				rc = -1;
			break;
		default:
			break;
		}
		if (n != NULL)
			rc = attach(l, &b, n, &ev);
		yaml_event_delete(&ev);
	}
	return rc;
}

static int
run(struct yl_doc *doc, int flags, struct diag *d, int status, FILE *f,
    const char *text, size_t len)
{
	struct loader l;
	size_t i;
	int rc;

	memset(&l, 0, sizeof l);
	l.doc = doc;
	l.d = d;
	l.status = status;
	l.flags = flags;
	l.f = f;
	l.text = text;
	l.len = len;
	if (!yaml_parser_initialize(&l.p))
		xoom();
	if (f != NULL)
		yaml_parser_set_input_file(&l.p, f);
	else
		yaml_parser_set_input_string(&l.p, (const unsigned char *)text, len);
	rc = load(&l);
	yaml_parser_delete(&l.p);
	for (i = 0; i < l.n; i++)
		if (l.ent[i].owner == NULL)
			free((char *)l.ent[i].s);
	free(l.ent);
	ht_free(&l.ht);
	if (rc != 0)
		yl_free(doc);
	return rc;
}

static void
doc_init(struct yl_doc *doc, const char *name)
{
	memset(doc, 0, sizeof *doc);
	doc->file = name;
}

int
yl_load_string_flags(struct yl_doc *doc, const char *name, const char *text,
    size_t len, int flags, struct diag *d, int status)
{
	doc_init(doc, name);
	return run(doc, flags, d, status, NULL, text, len);
}

int
yl_load_string(struct yl_doc *doc, const char *name, const char *text,
    size_t len, struct diag *d, int status)
{
	return yl_load_string_flags(doc, name, text, len, 0, d, status);
}

int
yl_load_fp(struct yl_doc *doc, const char *name, FILE *f, int flags,
    struct diag *d, int status)
{
	int rc;

	doc_init(doc, name);
	rc = run(doc, flags, d, status, f, NULL, 0);
	if (ferror(f) && rc == 0) {
		diag_syserr(d, status, POS_NONE, "cannot read '%s'", name);
		yl_free(doc);
		rc = -1;
	}
	return rc;
}

int
yl_load_file(struct yl_doc *doc, const char *path, struct diag *d, int status)
{
	return yl_load_file_flags(doc, path, 0, d, status);
}

int
yl_load_file_flags(struct yl_doc *doc, const char *path, int flags,
    struct diag *d, int status)
{
	FILE *f;
	int rc;

	if ((f = fopen(path, "rbe")) == NULL) {
		doc_init(doc, path);
		diag_syserr(d, status, POS_NONE, "cannot open '%s'", path);
		return -1;
	}
	rc = yl_load_fp(doc, path, f, flags, d, status);
	fclose(f);
	return rc;
}

void
yl_free(struct yl_doc *doc)
{
	size_t i;

	for (i = 0; i < doc->nall; i++) {
		free(doc->all[i]->str);
		free(doc->all[i]->kids);
		free(doc->all[i]->tag);
		free(doc->all[i]);
	}
	free(doc->all);
	doc->all = NULL;
	doc->nall = doc->capall = 0;
	doc->root = NULL;
}

struct yl_node *
yl_get(const struct yl_node *map, const char *key)
{
	size_t i;

	if (map == NULL || map->kind != YL_MAP)
		return NULL;
	for (i = 0; i < map->n; i++) {
		const struct yl_node *k = map->kids[2 * i];

		if (k->kind == YL_SCALAR && strcmp(k->str, key) == 0)
			return map->kids[2 * i + 1];
	}
	return NULL;
}

int
yl_is_null(const struct yl_node *n)
{
	if (n == NULL)
		return 1;
	if (n->kind != YL_SCALAR || !n->plain)
		return 0;
	return n->len == 0 || strcmp(n->str, "~") == 0 ||
	    strcmp(n->str, "null") == 0 || strcmp(n->str, "Null") == 0 ||
	    strcmp(n->str, "NULL") == 0;
}

const char *
yl_kind_name(enum yl_kind k)
{
	switch (k) {
	case YL_SCALAR: return "a scalar";
	case YL_MAP: return "a mapping";
	case YL_SEQ: return "a sequence";
	}
	return "?";
}
