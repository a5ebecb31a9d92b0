/*
 * rules.c - building and evaluating placement rules (rules.h).
 */
#include <stdio.h>
#include <stdlib.h>

#include "exitcode.h"
#include "names.h"
#include "rules.h"
#include "xalloc.h"

static const struct {
	const char *name;
	enum pl_rkind kind;
} known[] = {
	{ "provided", PL_PROVIDED }, { "user", PL_USER }, { "fixed", PL_FIXED },
	{ "tag", PL_TAG }, { "test", PL_TEST }, { "recovery", PL_RECOVERY },
};

static void
build_filter(struct pl_rule *r, const struct pl_filterconf *f, enum pl_compat c)
{
	const char **u = xcalloc(f->nusers + 1, sizeof *u);
	const char **g = xcalloc(f->ngroups + 1, sizeof *g);
	size_t *ul = xcalloc(f->nusers + 1, sizeof *ul);
	size_t *gl = xcalloc(f->ngroups + 1, sizeof *gl);
	size_t i;

	for (i = 0; i < f->nusers; i++) {
		u[i] = f->users[i].s;
		ul[i] = f->users[i].n;
	}
	for (i = 0; i < f->ngroups; i++) {
		g[i] = f->groups[i].s;
		gl[i] = f->groups[i].n;
	}
	pl_filter_build(&r->filter, f->type.set ? f->type.s : NULL, u, ul,
	    f->nusers, g, gl, f->ngroups, c);
	free(u);
	free(g);
	free(ul);
	free(gl);
}

struct pl_rule *
pl_rule_build(const struct pl_ruleconf *conf, const char *file,
    enum pl_compat c, struct diag *d, int *nerr)
{
	struct buf low = { 0 };
	struct pl_rule *r;
	const char *name = conf->name.set ? conf->name.s : "";
	unsigned long nline = conf->name.set ? conf->name.line : conf->line;
	unsigned long ncol = conf->name.set ? conf->name.col : conf->col;
	unsigned long vline = conf->value.set ? conf->value.line : nline;
	unsigned long vcol = conf->value.set ? conf->value.col : ncol;
	int before = *nerr;
	size_t i;

	pl_lower(&low, name, conf->name.n);
	for (i = 0; i < sizeof known / sizeof known[0]; i++)
		if (strcmp(low.s, known[i].name) == 0)
			break;
	if (i < sizeof known / sizeof known[0] && known[i].kind == PL_RECOVERY) {
		if (pl_ver(c)->recovery_refused)
			pl_conf_err(d, nerr, file, nline, ncol,
			    "recovery rule cannot be part of the config, "
			    "failing placement rule config");
		i = sizeof known / sizeof known[0];
	}
	if (i == sizeof known / sizeof known[0]) {
		if (*nerr == before)
			pl_conf_err(d, nerr, file, nline, ncol, "unknown rule name "
			    "specified %s, failing placement rule config", name);
		if (conf->parent != NULL)
			pl_rule_free(pl_rule_build(conf->parent, file, c, d, nerr));
		buf_free(&low);
		return NULL;
	}
	r = xcalloc(1, sizeof *r);
	r->kind = known[i].kind;
	r->name = known[i].name;
	r->create = conf->create;
	r->conf = conf;
	build_filter(r, &conf->filter, c);
	if (r->kind == PL_FIXED || r->kind == PL_TAG) {
		buf_clear(&low);
		pl_lower(&low, conf->value.s ? conf->value.s : "", conf->value.n);
		r->value = xmemdup0(low.s, low.n);
		r->vlen = low.n;
		if (r->vlen == 0)
			pl_conf_err(d, nerr, file, vline, vcol, "a %s queue rule "
			    "must have a %s set", r->name, r->kind == PL_FIXED ?
			    "queue name" : "tag name");
	}
	if (r->kind == PL_FIXED && r->vlen > 0) {
		if (pl_ver(c)->rule_name_checks &&
		    !pl_queue_path_ok(r->value, r->vlen, c))
			pl_conf_err(d, nerr, file, vline, vcol, "%s",
			    PL_INVALID_QUEUE_NAME);
		r->qualified = r->vlen >= 4 && memcmp(r->value, "root", 4) == 0;
		if (r->qualified || conf->parent == NULL) {
			buf_clear(&low);
			if (!r->qualified)
				buf_puts(&low, "root.");
			buf_add(&low, r->value, r->vlen);
			r->spath = xmemdup0(low.s, low.n);
			r->splen = low.n;
		}
		if (r->qualified && conf->parent != NULL)
			pl_conf_err(d, nerr, file, vline, vcol, "cannot have a fixed "
			    "queue rule with a qualified queue name ('%s') and a "
			    "parent rule", r->value);
	}
	if (conf->parent != NULL)
		r->parent = pl_rule_build(conf->parent, file, c, d, nerr);
	buf_free(&low);
	if (*nerr != before) {
		pl_rule_free(r);
		return NULL;
	}
	return r;
}

struct pl_rule *
pl_rule_internal(enum pl_rkind kind, enum pl_compat c)
{
	struct pl_rule *r = xcalloc(1, sizeof *r);
	size_t i;

	for (i = 0; known[i].kind != kind; i++)
		;
	r->kind = kind;
	r->name = known[i].name;
	r->implicit = kind == PL_PROVIDED;
	pl_filter_build(&r->filter, NULL, NULL, NULL, 0, NULL, NULL, 0, c);
	return r;
}

void
pl_rule_free(struct pl_rule *r)
{
	if (r == NULL)
		return;
	pl_rule_free(r->parent);
	pl_filter_free(&r->filter);
	free(r->value);
	free(r->spath);
	free(r);
}

void
pl_eval_free(struct pl_eval *ev)
{
	buf_free(&ev->err);
	buf_free(&ev->tmp);
}

const char *
pl_skip_name(enum pl_skip s)
{
	switch (s) {
	case PL_SKIP_NONE: return "";
	case PL_SKIP_NOQUEUE: return "no queue submitted";
	case PL_SKIP_NOTAG: return "no tag";
	case PL_SKIP_NOTFORCED: return "not forced";
	case PL_SKIP_FILTER: return "filter";
	case PL_SKIP_MISSING: return "missing queue";
	case PL_SKIP_PARENTQ: return "parent queue";
	case PL_SKIP_ACL: return "acl";
	case PL_SKIP_DRAINING: return "draining";
	}
	return "";
}

static int
miss(struct pl_eval *ev, enum pl_skip why)
{
	ev->skip = why;
	ev->depth = 0;
	return PL_NOMATCH;
}

static int
filtered(struct pl_rule *r, const struct pl_app *a, struct pl_eval *ev)
{
	return pl_filter_allows(&r->filter, &a->user) ? PL_MATCH :
	    miss(ev, PL_SKIP_FILTER);
}

/* 1.6: every dot-separated element of s must be a valid queue name. */
static int
names_ok(struct pl_eval *ev, const char *s, size_t n)
{
	if (!pl_ver(ev->compat)->rule_name_checks ||
	    pl_queue_path_ok(s, n, ev->compat))
		return 1;
	buf_set(&ev->err, PL_INVALID_QUEUE_NAME, sizeof PL_INVALID_QUEUE_NAME - 1);
	return 0;
}

/* The parent rule's path (made qualified), or root, into out. */
static int
parent_path(struct pl_rule *r, const struct pl_app *a,
    struct pl_eval *ev, struct buf *out)
{
	struct pl_queue *q;
	int rc;

	buf_clear(out);
	if (r->parent == NULL) {
		buf_add(out, "root", 4);
		return PL_MATCH;
	}
	rc = pl_rule_eval(r->parent, a, ev, out);
	if (rc == PL_ERROR)
		return rc;
	if (rc == PL_NOMATCH) {
		ev->depth++;
		ev->generated = 0;
		return rc;
	}
	if (out->n < 5 || memcmp(out->s, "root.", 5) != 0) {
		buf_set(&ev->tmp, "root.", 5);
		buf_add(&ev->tmp, out->s, out->n);
		buf_set(out, ev->tmp.s, ev->tmp.n);
		ev->looked = 0;
	}
	q = ev->looked ? ev->q : pl_tree_get(ev->tree, out->s, out->n);
	ev->looked = 0;
	if (q != NULL && q->leaf) {
		buf_clear(&ev->err);
		buf_printf(&ev->err, "parent rule returned a leaf queue: %s",
		    out->s);
		return PL_ERROR;
	}
	return PL_MATCH;
}

/* The create/existence check on the path made. */
static int
finish(struct pl_rule *r, struct pl_eval *ev, const struct buf *out)
{
	ev->generated = 1;
	if (r->create)
		return PL_MATCH;
	if ((ev->q = pl_tree_get(ev->tree, out->s, out->n)) == NULL)
		return miss(ev, PL_SKIP_MISSING);
	ev->looked = 1;
	return PL_MATCH;
}

/* provided and tag: a queue name, qualified iff it starts with "root.". */
static int
queue_value(struct pl_rule *r, const struct pl_app *a,
    struct pl_eval *ev, struct buf *out, const char *v, size_t n)
{
	int rc;

	if ((rc = filtered(r, a, ev)) != PL_MATCH)
		return rc;
	if (n >= 5 && memcmp(v, "root.", 5) == 0) {
		if (!names_ok(ev, v, n))
			return PL_ERROR;
		buf_set(out, v, n);
		return finish(r, ev, out);
	}
	if (pl_ver(ev->compat)->rule_name_checks) {
		buf_clear(&ev->tmp);
		pl_dot_replace(&ev->tmp, v, n);
		if (!names_ok(ev, ev->tmp.s, ev->tmp.n))
			return PL_ERROR;
	}
	if ((rc = parent_path(r, a, ev, out)) != PL_MATCH)
		return rc;
	buf_add(out, ".", 1);
	pl_dot_replace(out, v, n);
	return finish(r, ev, out);
}

int
pl_rule_eval(struct pl_rule *r, const struct pl_app *a,
    struct pl_eval *ev, struct buf *out)
{
	const char *v;
	size_t n;
	int rc;

	switch (r->kind) {
	case PL_PROVIDED:
		if (a->qlen == 0)
			return miss(ev, PL_SKIP_NOQUEUE);
		return queue_value(r, a, ev, out, a->queue, a->qlen);
	case PL_TAG:
		v = pl_app_tag(a, r->value, r->vlen, &n);
		if (v == NULL || n == 0)
			return miss(ev, PL_SKIP_NOTAG);
		return queue_value(r, a, ev, out, v, n);
	case PL_USER:
		if ((rc = filtered(r, a, ev)) != PL_MATCH)
			return rc;
		if (pl_ver(ev->compat)->rule_name_checks) {
			buf_clear(&ev->tmp);
			pl_dot_replace(&ev->tmp, a->user.name, a->user.len);
			if (!names_ok(ev, ev->tmp.s, ev->tmp.n))
				return PL_ERROR;
		}
		if ((rc = parent_path(r, a, ev, out)) != PL_MATCH)
			return rc;
		buf_add(out, ".", 1);
		pl_dot_replace(out, a->user.name, a->user.len);
		return finish(r, ev, out);
	case PL_FIXED:
		if ((rc = filtered(r, a, ev)) != PL_MATCH)
			return rc;
		if (r->spath != NULL) {		/* a constant path */
			buf_set(out, r->spath, r->splen);
			ev->generated = 1;
			if (r->hit == NULL)
				r->hit = pl_tree_get(ev->tree, out->s, out->n);
			if (r->hit == NULL)
				return r->create ? PL_MATCH :
				    miss(ev, PL_SKIP_MISSING);
			ev->q = r->hit;
			ev->looked = 1;
			return PL_MATCH;
		}
		if ((rc = parent_path(r, a, ev, out)) != PL_MATCH)
			return rc;
		buf_add(out, ".", 1);
		buf_add(out, r->value, r->vlen);
		return finish(r, ev, out);
	case PL_TEST:
		ev->generated = 1;
		if (a->qlen == 0) {
			buf_set(out, "test", 4);
			return PL_MATCH;
		}
		if (!names_ok(ev, a->queue, a->qlen))
			return PL_ERROR;
		buf_clear(out);
		pl_dot_replace(out, a->queue, a->qlen);
		return PL_MATCH;
	case PL_RECOVERY:
		if (!a->forced)
			return miss(ev, PL_SKIP_NOTFORCED);
		ev->generated = 1;
		buf_set(out, PL_RECOVERY_PATH, sizeof PL_RECOVERY_PATH - 1);
		return PL_MATCH;
	}
	return PL_NOMATCH;
}
