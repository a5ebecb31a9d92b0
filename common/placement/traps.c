/*
 * traps.c - the traps of a configuration (traps.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <strings.h>

#include "acl.h"
#include "filter.h"
#include "goregexp.h"
#include "gotext.h"
#include "names.h"
#include "traps.h"

struct trap {
	struct pl_part *p;
	struct diag *d;
	unsigned long n;
};

#define warn(t, line, col, ...) \
	pl_conf_warn((t)->d, &(t)->n, (t)->p->file, (line), (col), __VA_ARGS__)

/* ---- filters ---- */

static void
filter_list(struct trap *t, const struct pl_cstr *v, size_t n, int group,
    const char *rule)
{
	struct buf err = { 0 };
	struct pl_re *re;
	size_t i;

	if (n == 1) {
		if (!pl_regex_special(v[0].s, v[0].n))
			return;
		re = pl_re_compile(v[0].s, v[0].n, &err);
		if (!pl_regex_special(v[0].s, v[0].n - 1) && v[0].s[v[0].n - 1] ==
		    '$' && pl_user_name_ok(v[0].s, v[0].n, t->p->compat) && !group)
			warn(t, v[0].line, v[0].col, "%s: '%s' is a regular expression "
			    "(it ends in $): it matches names ending in '%.*s', not "
			    "the user '%s'", rule, v[0].s, (int)v[0].n - 1, v[0].s,
			    v[0].s);
		else if (re != NULL && !pl_re_anchored(re))
			warn(t, v[0].line, v[0].col, "%s: the regular expression '%s' "
			    "is not anchored: it matches anywhere inside a %s name "
			    "(write ^...$ to match whole names)", rule, v[0].s,
			    group ? "group" : "user");
		pl_re_free(re);
		buf_free(&err);
		return;
	}
	for (i = 0; i < n; i++) {
		int ok = group ? pl_group_name_ok(v[i].s, v[i].n, t->p->compat) :
		    pl_user_name_ok(v[i].s, v[i].n, t->p->compat);

		if (ok)
			continue;
		warn(t, v[i].line, v[i].col, "%s: '%s' is not a valid %s name and "
		    "is dropped%s", rule, v[i].s, group ? "group" : "user",
		    pl_regex_special(v[i].s, v[i].n) ? " (a regular expression "
		    "only works as the single entry)" : "");
	}
}

static void
filter_traps(struct trap *t, const struct pl_filterconf *fc, const char *rule)
{
	const char *type = fc->type.set ? fc->type.s : "";
	const char *users[64], *groups[64];
	size_t ul[64], gl[64], i, nu, ng;
	struct pl_filter f;
	int usable;

	if (!fc->set)
		return;
	if (strcasecmp(type, "deny") == 0 && strcmp(type, "deny") != 0)
		warn(t, fc->type.line, fc->type.col, "%s: filter type '%s' is not "
		    "'deny': the scheduler treats it as an allow filter", rule, type);
	filter_list(t, fc->users, fc->nusers, 0, rule);
	filter_list(t, fc->groups, fc->ngroups, 1, rule);
	nu = fc->nusers < 64 ? fc->nusers : 64;
	ng = fc->ngroups < 64 ? fc->ngroups : 64;
	for (i = 0; i < nu; i++) {
		users[i] = fc->users[i].s;
		ul[i] = fc->users[i].n;
	}
	for (i = 0; i < ng; i++) {
		groups[i] = fc->groups[i].s;
		gl[i] = fc->groups[i].n;
	}
	pl_filter_build(&f, fc->type.set ? fc->type.s : NULL, users, ul, nu,
	    groups, gl, ng, t->p->compat);
	usable = f.users.re != NULL || f.users.nlist > 0 || f.groups.re != NULL ||
	    f.groups.nlist > 0;
	if (f.empty && !f.allow)
		warn(t, fc->line, fc->col, "%s: a deny filter without users or "
		    "groups denies everyone: the rule never matches", rule);
	else if (!f.empty && !usable)
		warn(t, fc->line, fc->col, "%s: every filter entry was dropped: the "
		    "filter %s", rule, f.allow ? "allows nobody and the rule never "
		    "matches" : "denies nobody");
	pl_filter_free(&f);
}

/* ---- rules ---- */

static void
rule_traps(struct trap *t, const struct pl_ruleconf *r, const char *what)
{
	char name[128];

	if (r->name.set && strcasecmp(r->name.s, "test") == 0)
		warn(t, r->name.line, r->name.col, "%s: the test rule is a testing "
		    "aid of the scheduler: it never gives a usable queue", what);
	filter_traps(t, &r->filter, what);
	if (r->parent != NULL) {
		snprintf(name, sizeof name, "the parent of %s", what);
		rule_traps(t, r->parent, name);
	}
}

/* The path a chain made only of fixed rules gives; 0 if it is not one.
 * Sets *leafparent to a parent result that is an existing leaf. */
static int
static_path(struct trap *t, const struct pl_ruleconf *r, struct buf *out,
    int *leafparent, struct buf *why)
{
	struct pl_queue *q;

	if (!r->name.set || strcasecmp(r->name.s, "fixed") != 0 || !r->value.set)
		return 0;
	buf_clear(out);
	if (r->parent == NULL) {
		if (r->value.n < 4 || strncasecmp(r->value.s, "root", 4) != 0)
			buf_puts(out, "root.");
		pl_lower(out, r->value.s, r->value.n);
		return 1;
	}
	if (!static_path(t, r->parent, out, leafparent, why))
		return 0;
	if (out->n < 5 || memcmp(out->s, "root.", 5) != 0) {
		buf_set(why, "root.", 5);
		buf_add(why, out->s, out->n);
		buf_set(out, why->s, why->n);
	}
	q = pl_tree_get(&t->p->tree, out->s, out->n);
	if (q != NULL && q->leaf && !*leafparent) {
		*leafparent = 1;
		buf_set(why, out->s, out->n);
	}
	buf_add(out, ".", 1);
	pl_lower(out, r->value.s, r->value.n);
	return 1;
}

/* Does everyone pass the filters of the chain? */
static int
open_chain(const struct pl_ruleconf *r)
{
	for (; r != NULL; r = r->parent)
		if (r->filter.set && (r->filter.nusers > 0 || r->filter.ngroups > 0 ||
		    (r->filter.type.set && strcmp(r->filter.type.s, "deny") == 0)))
			return 0;
	return 1;
}

static int
wildcard_up(const struct pl_queue *q)
{
	for (; q != NULL; q = q->parent)
		if (q->conf != NULL && (q->conf->submit.all || q->conf->admin.all))
			return 1;
	return 0;
}

/* Warn about a fixed chain; 1 if it places every application. */
static int
fixed_traps(struct trap *t, const struct pl_ruleconf *r, size_t no)
{
	struct buf path = { 0 }, why = { 0 };
	struct pl_queue *q, *a;
	int leafparent = 0, all = 0;

	if (!static_path(t, r, &path, &leafparent, &why))
		goto out;
	if (leafparent) {
		warn(t, r->line, r->col, "rule %zu: its parent rule gives the leaf "
		    "queue '%s': every application reaching it is rejected with an "
		    "error", no, why.s);
		goto out;
	}
	q = pl_tree_get(&t->p->tree, path.s, path.n);
	if (q != NULL && !q->leaf)
		warn(t, r->line, r->col, "rule %zu: '%s' is a parent queue: the "
		    "rule never gives a usable queue", no, path.s);
	else if (q != NULL)
		all = open_chain(r) && wildcard_up(q);
	else if (!r->create)
		warn(t, r->line, r->col, "rule %zu: '%s' does not exist and create "
		    "is false: the rule never matches", no, path.s);
	else if ((a = pl_tree_ancestor(&t->p->tree, path.s, path.n)) == NULL)
		warn(t, r->line, r->col, "rule %zu: '%s' has no existing parent "
		    "(the scheduler crashes on it): every application reaching it "
		    "is rejected", no, path.s);
	else if (a->leaf)
		warn(t, r->line, r->col, "rule %zu: '%s' would be created below the "
		    "leaf '%s': every application reaching it is rejected", no,
		    path.s, a->path);
	else
		all = open_chain(r) && wildcard_up(a);
out:
	buf_free(&path);
	buf_free(&why);
	return all;
}

/* ---- ACLs ---- */

#define ACL_SHOWN 100		/* longer ACL texts are shortened in warnings */
#define ACL_NAMED 10		/* invalid names warned about one by one */

/* The ACL text for a message, quoted: whole when short, else its start
 * and its size. */
static const char *
acl_shown(struct buf *b, const char *s)
{
	size_t n = strlen(s);

	buf_clear(b);
	if (n <= ACL_SHOWN)
		buf_printf(b, "'%s'", s);
	else
		buf_printf(b, "'%.60s...' (%zu bytes)", s, n);
	return b->s;
}

static void
acl_names(struct trap *t, const struct pl_queue *q, const char *which,
    const char *s)
{
	const char *sp = strchr(s, ' '), *p, *e;
	struct buf shown = { 0 };
	unsigned long bad;
	size_t n;
	int part;

	acl_shown(&shown, s);
	for (part = 0; part < 2 && (part == 0 || sp != NULL); part++) {
		p = part == 0 ? s : sp + 1;
		e = part == 0 ? (sp ? sp : s + strlen(s)) : p + strlen(p);
		if (e - p == 1 && *p == '*')
			continue;
		for (bad = 0; p < e; p += n + 1) {
			const char *c = memchr(p, ',', (size_t)(e - p));
			int ok;

			n = c ? (size_t)(c - p) : (size_t)(e - p);
			ok = part == 0 ? pl_acl_user_ok(p, n) : pl_acl_group_ok(p, n);
			if (n == 0 || ok || ++bad > ACL_NAMED)
				continue;
			warn(t, q->conf->line, q->conf->col, "queue '%s': %s %s: "
			    "'%.*s' is not a valid %s name for an ACL and is "
			    "ignored%s", q->path, which, shown.s, (int)n, p,
			    part == 0 ? "user" : "group", n == 1 && *p == '*' ?
			    " ('*' is a wildcard only as a whole list)" : "");
		}
		if (bad > ACL_NAMED)
			warn(t, q->conf->line, q->conf->col, "queue '%s': %s %s: "
			    "%lu more names are not valid %s names for an ACL and "
			    "are ignored", q->path, which, shown.s, bad - ACL_NAMED,
			    part == 0 ? "user" : "group");
	}
	for (p = s, e = s + strlen(s); p < e; p++)
		if (*p != ' ' && pl_go_space_len(p, (size_t)(e - p)) > 0) {
			warn(t, q->conf->line, q->conf->col, "queue '%s': %s "
			    "%s holds whitespace other than one space: only a "
			    "single space separates users from groups", q->path,
			    which, shown.s);
			break;
		}
	buf_free(&shown);
}

static void
acl_traps(struct trap *t)
{
	const struct pl_tree *tr = &t->p->tree;
	size_t i;
	int anyone = 0;

	for (i = 0; i < tr->nall; i++) {
		const struct pl_queue *q = tr->all[i];
		const struct pl_qconf *c = q->conf;

		if (c == NULL)
			continue;
		if (c->submit.all || c->submit.nusers || c->submit.ngroups ||
		    c->admin.all || c->admin.nusers || c->admin.ngroups)
			anyone = 1;
		if (c->submit_text != NULL)
			acl_names(t, q, "submitacl", c->submit_text);
		if (c->admin_text != NULL)
			acl_names(t, q, "adminacl", c->admin_text);
		if ((c->submit_text != NULL || c->admin_text != NULL) &&
		    !(c->submit.all || c->admin.all) && wildcard_up(q->parent))
			warn(t, c->line, c->col, "queue '%s' has its own ACL but a "
			    "queue above it lets everyone submit: an ACL cannot take "
			    "away what a parent grants", q->path);
	}
	if (tr->root != NULL && tr->root->conf != NULL && !anyone)
		warn(t, tr->root->conf->line, tr->root->conf->col, "no queue has "
		    "a submitacl or adminacl that lets anyone in: every "
		    "application is rejected");
}

unsigned long
pl_traps(struct pl_part *p, struct diag *d)
{
	struct trap t = { p, d, 0 };
	const struct pl_partconf *pc = p->pc;
	char what[64];
	size_t i;

	if (pc == NULL)
		return 0;
	acl_traps(&t);
	for (i = 0; i < pc->nrules; i++) {
		snprintf(what, sizeof what, "rule %zu", i);
		rule_traps(&t, &pc->rules[i], what);
	}
	for (i = 0; i < pc->nrules; i++)
		if (fixed_traps(&t, &pc->rules[i], i) && i + 1 < pc->nrules) {
			warn(&t, pc->rules[i + 1].line, pc->rules[i + 1].col, "rule%s "
			    "%zu%s can never be reached: rule %zu places every "
			    "application", i + 2 < pc->nrules ? "s" : "", i + 1,
			    i + 2 < pc->nrules ? " and after" : "", i);
			break;
		}
	return t.n;
}
