/*
 * plvalid.c - the configuration validator (plvalid.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <strings.h>

#include "exitcode.h"
#include "htab.h"
#include "placl.h"
#include "plfilter.h"
#include "plname.h"
#include "plvalid.h"
#include "xalloc.h"

static int
lower_eq(const char *a, size_t an, const char *b)
{
	struct buf x = { 0 }, y = { 0 };
	int eq;

	pl_lower(&x, a, an);
	pl_lower(&y, b, strlen(b));
	eq = x.n == y.n && memcmp(x.s, y.s, x.n) == 0;
	buf_free(&x);
	buf_free(&y);
	return eq;
}

/* Names seen so far, lower-cased one after the other in text. */
struct seen {
	struct ht ht;		/* a name -> its index in name */
	struct buf text;
	struct {
		size_t off, len;
	} *name;
	size_t n, cap;
};

/* Add a name; 1 if it was there already. */
static int
seen_add(struct seen *sn, const char *s, size_t n)
{
	struct ht_probe pr;
	size_t at = sn->text.n, len;
	uint64_t h;
	uint32_t i;

	pl_lower(&sn->text, s, n);
	len = sn->text.n - at;
	h = ht_hash(sn->text.s + at, len);
	ht_probe(&sn->ht, h, &pr);
	while ((i = ht_next(&sn->ht, &pr)) != HT_NONE)
		if (sn->name[i].len == len && memcmp(sn->text.s +
		    sn->name[i].off, sn->text.s + at, len) == 0) {
			sn->text.n = at;
			return 1;
		}
	xgrow((void **)&sn->name, &sn->cap, sn->n + 1, sizeof *sn->name);
	sn->name[sn->n].off = at;
	sn->name[sn->n].len = len;
	ht_add(&sn->ht, h, (uint32_t)sn->n++);
	return 0;
}

static void
seen_free(struct seen *sn)
{
	ht_free(&sn->ht);
	buf_free(&sn->text);
	free(sn->name);
}

static void
check_acl(const struct pl_cstr *acl, const char *file, struct diag *d,
    struct pl_stages *st)
{
	struct buf why = { 0 };

	if (acl->set && pl_acl_check(acl->s, acl->n, &why) != 0)
		pl_conf_err(d, &st->queues, file, acl->line, acl->col, "%s", why.s);
	buf_free(&why);
}

static void
check_queue(const struct pl_queueconf *q, int level, const char *file,
    enum pl_compat c, struct diag *d, struct pl_stages *st)
{
	struct buf why = { 0 };
	struct seen sn = { HT_INIT, { NULL, 0, 0 }, NULL, 0, 0 };
	size_t i;

	check_acl(&q->adminacl, file, d, st);
	check_acl(&q->submitacl, file, d, st);
	for (i = 0; i < q->nqueues; i++) {
		const struct pl_queueconf *k = &q->queues[i];
		const char *name = k->name.s ? k->name.s : "";
		unsigned long line = k->name.set ? k->name.line : k->line;
		unsigned long col = k->name.set ? k->name.col : k->col;

		if (!pl_queue_name_ok(name, k->name.n, c)) {
			pl_queue_name_why(&why, name, k->name.n, c);
			pl_conf_err(d, &st->queues, file, line, col, "%s", why.s);
			continue;
		}
		if (seen_add(&sn, name, k->name.n))
			pl_conf_err(d, &st->queues, file, line, col, "duplicate "
			    "child name found with name '%s', level %d", name,
			    level);
	}
	seen_free(&sn);
	buf_free(&why);
	for (i = 0; i < q->nqueues; i++)
		check_queue(&q->queues[i], level + 1, file, c, d, st);
}

/* The top level becomes exactly one root queue, a parent. */
static void
insert_root(struct pl_partconf *p)
{
	struct pl_queueconf *root;

	if (p->nqueues == 1 && p->queues[0].name.set &&
	    lower_eq(p->queues[0].name.s, p->queues[0].name.n, "root")) {
		p->queues[0].parent = 1;
		return;
	}
	root = xcalloc(1, sizeof *root);
	root->name.s = xstrdup("root");
	root->name.n = 4;
	root->name.set = 1;
	root->name.line = root->line = p->line;
	root->name.col = root->col = p->col;
	root->parent = 1;
	root->queues = p->queues;
	root->nqueues = p->nqueues;
	p->queues = root;
	p->nqueues = 1;
}

static void
check_filter(const struct pl_filterconf *f, const char *file, enum pl_compat c,
    struct diag *d, struct pl_stages *st)
{
	struct buf why = { 0 };
	const char *t = f->type.set ? f->type.s : "";

	if (*t != '\0' && strcasecmp(t, "allow") != 0 && strcasecmp(t, "deny") != 0)
		pl_conf_err(d, &st->rulesyntax, file, f->type.line, f->type.col,
		    "invalid rule filter type '%s', filter type must be either "
		    "'', allow or deny", t);
	if (f->nusers == 1 && pl_filter_check_entry(f->users[0].s,
	    f->users[0].n, 0, c, &why) != 0)
		pl_conf_err(d, &st->rulesyntax, file, f->users[0].line,
		    f->users[0].col, "invalid rule filter user list is not a "
		    "proper list or regexp: %s", why.s);
	if (f->ngroups == 1 && pl_filter_check_entry(f->groups[0].s,
	    f->groups[0].n, 1, c, &why) != 0)
		pl_conf_err(d, &st->rulesyntax, file, f->groups[0].line,
		    f->groups[0].col, "invalid rule filter group list is not a "
		    "proper list or regexp: %s", why.s);
	buf_free(&why);
}

static void
check_rule(const struct pl_ruleconf *r, const char *file, enum pl_compat c,
    struct diag *d, struct pl_stages *st)
{
	const char *name = r->name.set ? r->name.s : "";
	unsigned long line = r->name.set ? r->name.line : r->line;
	unsigned long col = r->name.set ? r->name.col : r->col;

	if (!pl_rule_name_ok(name, r->name.n))
		pl_conf_err(d, &st->rulesyntax, file, line, col, "invalid rule "
		    "name '%s', a name must be a valid identifier", name);
	if (r->parent != NULL)
		check_rule(r->parent, file, c, d, st);
	check_filter(&r->filter, file, c, d, st);
}

void
pl_validate_rules(const struct pl_partconf *p, const char *file,
    enum pl_compat c, struct diag *d, struct pl_stages *st)
{
	size_t i;

	for (i = 0; i < p->nrules; i++)
		check_rule(&p->rules[i], file, c, d, st);
}

/*
 * ---- the static path of fixed rules ----
 *
 * 1.4 and later take a rule chain's leading fixed rules, innermost first;
 * only the last queue on the path is checked, and must be a parent when
 * a dynamic rule follows and a leaf otherwise. 1.3.0 takes a path for
 * every rule, lower-cased, and wants every queue found on it, the last
 * one too, to be written with parent: true.
 */

enum { PATH_OK, PATH_MISSING, PATH_NOT_LEAF, PATH_BELOW_LEAF, PATH_LEAF };

/* The queue names as configured are compared as written (case-sensitive). */
static int
walk_static(const struct pl_queueconf *list, size_t nlist,
    const struct pl_queueconf *parent, const char *path, int create,
    int dynamic, int v130, const char **last)
{
	const struct pl_queueconf *q = NULL;
	const char *dot = strchr(path, '.');
	size_t len = dot ? (size_t)(dot - path) : strlen(path), i;

	if (nlist == 0) {
		if (!v130 && !parent->parent) {
			*last = parent->name.s;
			return PATH_BELOW_LEAF;
		}
		return create ? PATH_OK : PATH_MISSING;
	}
	for (i = 0; i < nlist; i++)
		if (list[i].name.set && list[i].name.n == len &&
		    memcmp(list[i].name.s, path, len) == 0) {
			q = &list[i];
			break;
		}
	if (q == NULL)
		return create ? PATH_OK : PATH_MISSING;
	if (v130 && !q->parent)
		return PATH_LEAF;
	if (dot == NULL) {
		if (v130)
			return PATH_OK;
		if (dynamic)
			return q->parent ? PATH_OK : PATH_NOT_LEAF;
		return q->parent ? PATH_NOT_LEAF : PATH_OK;
	}
	return walk_static(q->queues, q->nqueues, q, dot + 1, create, dynamic,
	    v130, last);
}

/* 1.4: the path of the leading fixed rules, innermost first, the value as
 * written; "<dynamic>" when the innermost rule is not fixed. Returns -1
 * after reporting a second qualified value, else whether a dynamic rule
 * follows. */
static int
path_14(const struct pl_ruleconf **chain, size_t n, struct buf *path,
    struct buf *names, const char *file, struct diag *d, struct pl_stages *st)
{
	int dynamic = 0;

	while (n-- > 0) {	/* innermost parent first */
		const char *name = chain[n]->name.set ? chain[n]->name.s : "";
		const char *val = chain[n]->value.set ? chain[n]->value.s : "";

		if (names->n > 0)
			buf_puts(names, "->");
		buf_puts(names, name);
		if (dynamic)
			continue;
		if (strcmp(name, "fixed") != 0) {
			dynamic = 1;
			if (path->n == 0)
				buf_puts(path, "<dynamic>");
			continue;
		}
		if (strncmp(val, "root", 4) == 0) {
			if (path->n > 0) {
				pl_conf_err(d, &st->staticpath, file,
				    chain[n]->line, chain[n]->col, "illegal fully "
				    "qualified 'fixed' rule with value %s", val);
				return -1;
			}
			buf_puts(path, val);
			continue;
		}
		if (path->n == 0)
			buf_puts(path, "root");
		buf_printf(path, ".%s", val);
	}
	return dynamic;
}

/* 1.3.0: the path of a rule, lower-cased; a fixed rule below a dynamic
 * one starts again at root; the names outermost first. */
static void
path_130(const struct pl_ruleconf **chain, size_t n, struct buf *path,
    struct buf *names)
{
	struct buf low = { 0 };
	size_t k;
	int dynamic = 0;

	for (k = 0; k < n; k++)
		buf_printf(names, "%s%s", k > 0 ? "->" : "", chain[k]->name.set ?
		    chain[k]->name.s : "");
	buf_puts(path, "root");
	while (n-- > 0) {
		if (!chain[n]->name.set || strcmp(chain[n]->name.s, "fixed") != 0) {
			dynamic = 1;
			continue;
		}
		buf_clear(&low);
		if (chain[n]->value.set)
			pl_lower(&low, chain[n]->value.s, chain[n]->value.n);
		if (low.n >= 4 && memcmp(low.s, "root", 4) == 0) {
			buf_set(path, low.s, low.n);
			dynamic = 0;
		} else if (dynamic)
			buf_set(path, "root", 4);
		else
			buf_printf(path, ".%s", low.n > 0 ? low.s : "");
	}
	buf_free(&low);
}

static void
check_static(const struct pl_partconf *p, size_t no, enum pl_static how,
    const char *file, struct diag *d, struct pl_stages *st)
{
	const struct pl_ruleconf *chain[66], *r;
	struct buf path = { 0 }, names = { 0 }, low = { 0 };
	size_t n = 0;
	int dynamic = 0, create = p->rules[no].create, res;
	const char *last = NULL;

	for (r = &p->rules[no]; r != NULL && n < 66; r = r->parent)
		chain[n++] = r;
	if (how == PL_STATIC_130)
		path_130(chain, n, &path, &names);
	else if ((dynamic = path_14(chain, n, &path, &names, file, d, st)) < 0)
		goto out;
	if (path.n < 4 || memcmp(path.s, "root", 4) != 0)
		goto out;
	pl_lower(&low, path.s, path.n);
	res = walk_static(p->queues, p->nqueues, NULL, low.s, create, dynamic,
	    how == PL_STATIC_130, &last);
	r = &p->rules[no];
	if (res == PATH_NOT_LEAF || res == PATH_LEAF)
		pl_conf_err(d, &st->staticpath, file, r->line, r->col, "placement "
		    "rule no. #%zu (%s) references a queue (%s) which is %s", no,
		    names.s, path.s, res == PATH_LEAF ? "a leaf" : "not a leaf");
	else if (res == PATH_MISSING)
		pl_conf_err(d, &st->staticpath, file, r->line, r->col, "placement "
		    "rule no. #%zu (%s) references non-existing queues (%s) and "
		    "create is 'false'", no, names.s, path.s);
	else if (res == PATH_BELOW_LEAF)
		pl_conf_err(d, &st->staticpath, file, r->line, r->col, "placement "
		    "rule no. #%zu (%s) references non-existing queues (%s) which "
		    "cannot be created because the last queue (%s) in the "
		    "hierarchy is a leaf", no, names.s, path.s, last ? last : "");
out:
	buf_free(&path);
	buf_free(&names);
	buf_free(&low);
}

void
pl_validate_part(struct pl_partconf *p, const char *file, enum pl_compat c,
    struct diag *d, struct pl_stages *st)
{
	size_t i;

	if (!p->queues_set) {
		pl_conf_err(d, &st->queues, file, p->line, p->col,
		    "queue config is not set");
	} else {
		insert_root(p);
		if (p->queues[0].resources)
			pl_conf_err(d, &st->queues, file, p->queues[0].line,
			    p->queues[0].col, "root queue must not have resource "
			    "limits set");
		check_queue(&p->queues[0], 1, file, c, d, st);
	}
	pl_validate_rules(p, file, c, d, st);
	if (pl_ver(c)->static_path != PL_STATIC_NONE && p->queues_set)
		for (i = 0; i < p->nrules; i++)
			check_static(p, i, pl_ver(c)->static_path, file, d, st);
}

void
pl_validate(struct pl_conf *conf, enum pl_compat c, struct diag *d,
    struct pl_stages *st)
{
	struct seen sn = { HT_INIT, { NULL, 0, 0 }, NULL, 0, 0 };
	size_t i;

	for (i = 0; i < conf->nparts; i++) {
		struct pl_partconf *p = &conf->parts[i];

		if (!p->name.set || lower_eq(p->name.s, p->name.n, "default")) {
			free(p->name.s);
			p->name.s = xstrdup("default");
			p->name.n = 7;
			if (!p->name.set) {
				p->name.line = p->line;
				p->name.col = p->col;
			}
			p->name.set = 1;
		}
		if (seen_add(&sn, p->name.s, p->name.n))
			pl_conf_err(d, &st->queues, conf->file, p->name.line,
			    p->name.col, "duplicate partition name found with name "
			    "'%s'", p->name.s);
		pl_validate_part(p, conf->file, c, d, st);
	}
	seen_free(&sn);
}
