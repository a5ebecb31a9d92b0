/*
 * t_plcases - YuniKorn's own test cases, converted to data
 * (tests/data/yunikorn-cases.yaml), run against the placement engine as
 * the releases they were written for: v0.10.0, and HEAD as 1.8, its
 * placement being 1.8's. Every kind: place at rule, manager and partition
 * scope (with sequences sharing queue state), config_error by stage
 * (with rule lifecycles), filter and acl.
 *
 * usage: t_plcases [CASES.yaml]   (default: $TOP_SRCDIR/tests/data/...)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acl.h"
#include "exitcode.h"
#include "filter.h"
#include "manager.h"
#include "partition.h"
#include "queueconf.h"
#include "queuetree.h"
#include "rules.h"
#include "tap.h"
#include "validate.h"
#include "xalloc.h"
#include "yamlload.h"

static struct diag d = DIAG_INIT("t_plcases");
static const char *file = "yunikorn-cases.yaml";
static int nskipped;

static const char *
str(const struct yl_node *n)
{
	return n != NULL && n->kind == YL_SCALAR && !yl_is_null(n) ? n->str : "";
}

static int
truthy(const struct yl_node *n)
{
	return n != NULL && n->kind == YL_SCALAR && strcmp(n->str, "true") == 0;
}

/* The releases the cases name. */
static const enum pl_compat vers[] = { PL_010, PL_18 };
#define NVERS (sizeof vers / sizeof vers[0])

static const char *
vername(enum pl_compat c)
{
	return c == PL_18 ? "HEAD" : "v0.10.0";
}

/* The expectation for this version: expect, other_version_expect, or NULL. */
static const struct yl_node *
expectation(const struct yl_node *cs, enum pl_compat c)
{
	const struct yl_node *vs = yl_get(cs, "versions"), *o;
	size_t i;

	for (i = 0; vs != NULL && vs->kind == YL_SEQ && i < vs->n; i++)
		if (strcmp(str(vs->kids[i]), vername(c)) == 0)
			return yl_get(cs, "expect");
	o = yl_get(cs, "other_version_expect");
	return o != NULL ? yl_get(o, vername(c)) : NULL;
}

/* ---- applications ---- */

struct app {
	struct pl_app a;
	const char *groups[32];
	size_t glens[32];
	struct pl_tag tags[32];
};

static void
make_app(struct app *x, const struct yl_node *n)
{
	const struct yl_node *g = yl_get(n, "groups"), *t = yl_get(n, "tags");
	size_t i;

	memset(x, 0, sizeof *x);
	x->a.user.name = str(yl_get(n, "user"));
	x->a.user.len = strlen(x->a.user.name);
	x->a.queue = str(yl_get(n, "queue"));
	x->a.qlen = strlen(x->a.queue);
	for (i = 0; g != NULL && g->kind == YL_SEQ && i < g->n && i < 32; i++) {
		x->groups[i] = str(g->kids[i]);
		x->glens[i] = strlen(x->groups[i]);
	}
	x->a.user.groups = x->groups;
	x->a.user.glens = x->glens;
	x->a.user.ngroups = i;
	x->a.groups_given = i > 0;
	for (i = 0; t != NULL && t->kind == YL_MAP && i < t->n && i < 32; i++) {
		x->tags[i].k = t->kids[2 * i]->str;
		x->tags[i].kn = t->kids[2 * i]->len;
		x->tags[i].v = str(t->kids[2 * i + 1]);
		x->tags[i].vn = strlen(x->tags[i].v);
	}
	x->a.tags = x->tags;
	x->a.ntags = i;
	pl_app_set_forced(&x->a);
}

/* ---- acl ---- */

static int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Does the list hold exactly the names of the YAML sequence (as sets)? */
static int
same_set(char **got, size_t n, const struct yl_node *want)
{
	char **a, **b;
	size_t i;
	int same;

	if (want == NULL || want->kind != YL_SEQ)
		return n == 0;
	if (want->n != n)
		return 0;
	a = xcalloc(n + 1, sizeof *a);
	b = xcalloc(n + 1, sizeof *b);
	for (i = 0; i < n; i++) {
		a[i] = got[i];
		b[i] = want->kids[i]->str;
	}
	qsort(a, n, sizeof *a, cmp_str);
	qsort(b, n, sizeof *b, cmp_str);
	for (same = 1, i = 0; i < n; i++)
		same = same && strcmp(a[i], b[i]) == 0;
	free(a);
	free(b);
	return same;
}

static int
same_names(const struct pl_name *v, size_t n, const struct yl_node *want)
{
	char *names[64];
	size_t i;

	for (i = 0; i < n && i < 64; i++)
		names[i] = v[i].s;
	return same_set(names, i, want);
}

static void
run_acl(const struct yl_node *cs, const char *id, enum pl_compat c,
    const struct yl_node *ex)
{
	const char *text = str(yl_get(cs, "acl"));
	const char *check = str(yl_get(cs, "check"));
	struct buf err = { 0 };
	struct pl_acl acl;
	int rc = pl_acl_parse(&acl, text, strlen(text), &err);

	if (strcmp(check, "parse") == 0) {
		if (truthy(yl_get(ex, "parse_error")))
			ok(rc != 0, "%s [%s]: parse error", id, vername(c));
		else
			ok(rc == 0 && acl.all == truthy(yl_get(ex, "all_allowed")) &&
			    same_names(acl.users, acl.nusers, yl_get(ex, "users")) &&
			    same_names(acl.groups, acl.ngroups, yl_get(ex, "groups")),
			    "%s [%s]: parsed", id, vername(c));
	} else {
		struct app x;

		make_app(&x, yl_get(cs, "app"));
		ok(rc == 0 && pl_acl_allows(&acl, &x.a.user) ==
		    truthy(yl_get(ex, "allow")), "%s [%s]: access", id, vername(c));
	}
	pl_acl_free(&acl);
	buf_free(&err);
}

/* ---- filters ---- */

static void
build_filter(struct pl_filter *f, const struct yl_node *n, enum pl_compat c)
{
	const struct yl_node *u = yl_get(n, "users"), *g = yl_get(n, "groups");
	const char *uv[32], *gv[32];
	size_t ul[32], gl[32], nu = 0, ng = 0, i;
	const struct yl_node *t = yl_get(n, "type");

	for (i = 0; u != NULL && u->kind == YL_SEQ && i < u->n && i < 32; i++) {
		uv[nu] = str(u->kids[i]);
		ul[nu] = strlen(uv[nu]);
		nu++;
	}
	for (i = 0; g != NULL && g->kind == YL_SEQ && i < g->n && i < 32; i++) {
		gv[ng] = str(g->kids[i]);
		gl[ng] = strlen(gv[ng]);
		ng++;
	}
	pl_filter_build(f, t != NULL ? str(t) : NULL, uv, ul, nu, gv, gl, ng, c);
}

static int
same_re(const struct pl_re *re, const struct yl_node *want)
{
	if (want == NULL || yl_is_null(want))
		return re == NULL;
	return re != NULL && strcmp(pl_re_source(re), want->str) == 0;
}

static void
run_filter(const struct yl_node *cs, const char *id, enum pl_compat c,
    const struct yl_node *ex)
{
	const char *check = str(yl_get(cs, "check"));
	struct buf err = { 0 };
	struct pl_filter f;
	struct app x;

	build_filter(&f, yl_get(cs, "filter"), c);
	if (strcmp(check, "structure") == 0) {
		ok(f.empty == truthy(yl_get(ex, "empty")) &&
		    f.allow == truthy(yl_get(ex, "allow")) &&
		    same_names(f.users.list, f.users.nlist,
		    yl_get(ex, "user_list")) &&
		    same_names(f.groups.list, f.groups.nlist,
		    yl_get(ex, "group_list")) &&
		    same_re(f.users.re, yl_get(ex, "user_regex")) &&
		    same_re(f.groups.re, yl_get(ex, "group_regex")),
		    "%s [%s]: structure", id, vername(c));
	} else if (strcmp(check, "allow") == 0) {
		make_app(&x, yl_get(cs, "app"));
		ok(pl_filter_allows(&f, &x.a.user) ==
		    truthy(yl_get(ex, "allow")), "%s [%s]: allow", id, vername(c));
	} else {
		int group = strcmp(check, "group_match") == 0;
		const char *name = str(yl_get(cs, group ? "group" : "user"));

		ok(pl_fcrit_match(group ? &f.groups : &f.users, name,
		    strlen(name)) == truthy(yl_get(ex, "match")), "%s [%s]: %s",
		    id, vername(c), check);
	}
	pl_filter_free(&f);
	buf_free(&err);
}

/* ---- partitions built from a case ---- */

struct part {
	struct pl_partconf pc;
	struct pl_stages st;
	struct pl_tree tree;
	struct pl_mgr mgr;
	int built;
};

/* Decode and validate the case's queues and rules. */
static void
decode(struct part *p, const struct yl_node *cs, enum pl_compat c)
{
	const struct yl_node *q = yl_get(cs, "queues"), *r = yl_get(cs, "rules");

	memset(p, 0, sizeof *p);
	p->pc.line = p->pc.col = 1;
	if (q != NULL && !yl_is_null(q))
		p->st.yaml += pl_conf_decode_queues(&p->pc, file, q, c, &d);
	if (r != NULL && !yl_is_null(r))
		p->st.yaml += pl_conf_decode_rules(&p->pc, file, r, c, &d);
	pl_tree_init(&p->tree, c);
	pl_mgr_init(&p->mgr, c);
}

/* Validate, build the tree and give the manager its rules (new). */
static int
build(struct part *p, enum pl_compat c)
{
	pl_validate_part(&p->pc, file, c, &d, &p->st);
	if (p->pc.queues_set)
		p->st.build += pl_tree_build(&p->tree, &p->pc, file, &d);
	else {				/* no tree needed: just a root */
		pl_tree_add(&p->tree, NULL, "root", 4)->leaf = 0;
	}
	p->st.rules += pl_mgr_new(&p->mgr, &p->pc, file, &d);
	p->built = 1;
	return p->st.yaml + p->st.queues + p->st.rulesyntax + p->st.staticpath +
	    p->st.build + p->st.rules;
}

static void
part_free(struct part *p)
{
	pl_mgr_free(&p->mgr);
	pl_tree_free(&p->tree);
	pl_partconf_free(&p->pc);
}

/* ---- config_error ---- */

/* The effective rules as the upstream tests name them. */
static int
same_rules(const struct pl_mgr *m, const struct yl_node *want)
{
	size_t i;

	if (want->kind != YL_SEQ || want->n != m->nrules)
		return 0;
	for (i = 0; i < m->nrules; i++) {
		const char *n = m->rules[i]->implicit ? "provided(create=false)" :
		    m->rules[i]->name;

		if (strcmp(n, str(want->kids[i])) != 0)
			return 0;
	}
	return 1;
}

/* Rule lifecycles carried from one case to the next (per test function). */
static struct {
	char fn[256];
	struct pl_mgr mgr;
	int live;
} seq[PL_NCOMPAT];

static void
run_rulebuild(const struct yl_node *cs, const char *id, enum pl_compat c,
    const struct yl_node *ex)
{
	struct part p;
	const char *fn = strstr(id, ":Test");
	const struct yl_node *eff = yl_get(ex, "effective_rules");
	const struct yl_node *act = yl_get(ex, "placement_active");
	struct pl_mgr *m;
	size_t i, fnlen;
	int err = 0;

	decode(&p, cs, c);
	fnlen = fn != NULL ? strcspn(fn + 1, ":") + 1 : 0;
	if (fn != NULL && (strncmp(fn, ":TestManagerInit", 16) == 0 ||
	    strncmp(fn, ":TestManagerUpdate", 18) == 0)) {
		if (!seq[c].live || strlen(seq[c].fn) != fnlen ||
		    strncmp(seq[c].fn, fn, fnlen) != 0) {
			if (seq[c].live)
				pl_mgr_free(&seq[c].mgr);
			pl_mgr_init(&seq[c].mgr, c);
			snprintf(seq[c].fn, sizeof seq[c].fn, "%.*s", (int)fnlen, fn);
			seq[c].live = 1;
		}
		m = &seq[c].mgr;
		if (strncmp(fn, ":TestManagerInit", 16) == 0)
			err = pl_mgr_initialise(m, &p.pc, file, &d);
		else
			err = pl_mgr_update(m, &p.pc, file, &d);
	} else if (fn != NULL && (strncmp(fn, ":TestManagerNew", 15) == 0 ||
	    strncmp(fn, ":TestManagerBuildRule", 21) == 0)) {
		m = &p.mgr;
		err = pl_mgr_new(m, &p.pc, file, &d);
	} else {
		m = NULL;
		for (i = 0; i < p.pc.nrules; i++) {
			int n = 0;

			pl_rule_free(pl_rule_build(&p.pc.rules[i], file, c, &d, &n));
			err += n;
		}
	}
	ok((err > 0) == truthy(yl_get(ex, "config_error")) &&
	    (eff == NULL || (m != NULL && same_rules(m, eff))) &&
	    (act == NULL || (m != NULL && m->active == truthy(act))),
	    "%s [%s]: rule build", id, vername(c));
	part_free(&p);
}

static void
run_config(const struct yl_node *cs, const char *id, enum pl_compat c,
    const struct yl_node *ex)
{
	const char *stage = str(yl_get(cs, "stage"));
	const struct yl_node *full = yl_get(cs, "full_load_error");
	struct part p;
	int want = truthy(yl_get(ex, "config_error"));

	if (strcmp(stage, "yaml") == 0) {
		const char *raw = str(yl_get(cs, "raw_yaml"));
		struct yl_doc doc;
		struct pl_conf conf;
		int n = 1;

		if (yl_load_string(&doc, file, raw, strlen(raw), &d, EXIT_CONFIG) == 0) {
			n = pl_conf_decode(&conf, &doc, c, &d);
			pl_conf_free(&conf);
			yl_free(&doc);
		}
		ok((n > 0) == want, "%s [%s]: yaml", id, vername(c));
		return;
	}
	if (strcmp(stage, "rulebuild") == 0) {
		run_rulebuild(cs, id, c, ex);
		return;
	}
	decode(&p, cs, c);
	if (strcmp(stage, "validator-rule-syntax") == 0) {
		pl_validate_rules(&p.pc, file, c, &d, &p.st);
		ok((p.st.rulesyntax > 0) == want, "%s [%s]: rule syntax", id,
		    vername(c));
	} else {
		int all = build(&p, c);

		ok((p.st.yaml + p.st.queues + p.st.rulesyntax + p.st.staticpath >
		    0) == want, "%s [%s]: validator", id, vername(c));
		if (full != NULL && yl_get(full, vername(c)) != NULL)
			ok((all > 0) == truthy(yl_get(full, vername(c))),
			    "%s [%s]: full load", id, vername(c));
	}
	part_free(&p);
}

/* ---- place ---- */

/* Partition state shared by the steps of a sequence. */
static struct {
	char group[256];
	struct part p;
	int live;
} pseq[PL_NCOMPAT];

static void
mark_draining(struct part *p, const struct yl_node *cs)
{
	const struct yl_node *st = yl_get(cs, "state"), *dr;
	size_t i;

	dr = st != NULL ? yl_get(st, "draining") : NULL;
	for (i = 0; dr != NULL && dr->kind == YL_SEQ && i < dr->n; i++) {
		struct pl_queue *q = pl_tree_get(&p->tree, dr->kids[i]->str,
		    dr->kids[i]->len);

		if (q != NULL)
			q->draining = 1;
	}
}

static void
run_rule_scope(const struct yl_node *cs, const char *id, enum pl_compat c,
    const struct yl_node *ex, const struct app *x)
{
	struct part p;
	struct pl_rule *r = NULL;
	struct pl_eval ev = { 0 };
	struct buf out = { 0 };
	const char *how = str(yl_get(ex, "how"));
	int rc = PL_ERROR, n = 0;

	decode(&p, cs, c);
	build(&p, c);
	if (p.pc.nrules > 0 && strcmp(str(yl_get(yl_get(cs, "rules")->kids[0],
	    "name")), "recovery") == 0)
		r = pl_rule_internal(PL_RECOVERY, c);
	else if (p.pc.nrules > 0)
		r = pl_rule_build(&p.pc.rules[0], file, c, &d, &n);
	ev.tree = &p.tree;
	ev.compat = c;
	if (r != NULL)
		rc = pl_rule_eval(r, &x->a, &ev, &out);
	if (yl_get(ex, "queue") != NULL)
		ok(rc == PL_MATCH && strcmp(out.s, str(yl_get(ex, "queue"))) == 0,
		    "%s [%s]: rule gives %s", id, vername(c), str(yl_get(ex, "queue")));
	else
		ok(r != NULL && rc == (strcmp(how, "error") == 0 ? PL_ERROR :
		    PL_NOMATCH), "%s [%s]: rule %s", id, vername(c), how);
	if (rc == PL_MATCH && yl_get(ex, "queue") == NULL)
		printf("#   got: %s\n", out.s);
	pl_rule_free(r);
	pl_eval_free(&ev);
	buf_free(&out);
	part_free(&p);
}

static void
run_place(const struct yl_node *cs, const char *id, enum pl_compat c,
    const struct yl_node *ex)
{
	const char *scope = str(yl_get(cs, "scope"));
	const char *sq = str(yl_get(cs, "sequence"));
	const char *how = str(yl_get(ex, "how"));
	const struct yl_node *wantq = yl_get(ex, "queue");
	struct pl_result res = { 0 };
	struct part own, *p = &own;
	struct app x;
	enum pl_how got;
	size_t glen = strcspn(sq, "#");

	make_app(&x, yl_get(cs, "app"));
	if (strcmp(scope, "rule") == 0) {
		run_rule_scope(cs, id, c, ex, &x);
		return;
	}
	if (*sq != '\0') {		/* a sequence step: shared state */
		if (!pseq[c].live || strlen(pseq[c].group) != glen ||
		    strncmp(pseq[c].group, sq, glen) != 0) {
			if (pseq[c].live)
				part_free(&pseq[c].p);
			snprintf(pseq[c].group, sizeof pseq[c].group, "%.*s",
			    (int)glen, sq);
			decode(&pseq[c].p, cs, c);
			build(&pseq[c].p, c);
			pseq[c].live = 1;
		}
		p = &pseq[c].p;
	} else {
		decode(p, cs, c);
		build(p, c);
	}
	mark_draining(p, cs);
	if (strcmp(scope, "manager") == 0) {
		got = pl_mgr_place(&p->mgr, &p->tree, &x.a, &res);
		if (wantq != NULL)
			ok(got == PL_PLACED && strcmp(res.path.s, str(wantq)) == 0,
			    "%s [%s]: manager places in %s", id, vername(c), str(wantq));
		else
			ok(got == (strcmp(how, "error") == 0 ? PL_RULE_ERROR :
			    PL_REJECTED), "%s [%s]: manager: %s", id, vername(c), how);
	} else {
		got = pl_place(&p->mgr, &p->tree, &x.a, &res);
		if (wantq != NULL)
			ok(got == PL_PLACED && strcmp(res.queue->path, str(wantq)) == 0,
			    "%s [%s]: placed in %s", id, vername(c), str(wantq));
		else
			ok(got == (strcmp(how, "error") == 0 ? PL_RULE_ERROR :
			    strcmp(how, "create_failed") == 0 ? PL_CREATE_FAILED :
			    PL_REJECTED), "%s [%s]: %s", id, vername(c), how);
	}
	if (got == PL_PLACED && wantq == NULL)
		printf("#   got: %s\n", res.queue ? res.queue->path : res.path.s);
	else if (got != PL_PLACED && (wantq != NULL || *how != '\0'))
		printf("#   %d: %s\n", (int)got, res.reason.s ? res.reason.s : "");
	pl_result_free(&res);
	if (p == &own)
		part_free(p);
}

int
main(int argc, char **argv)
{
	struct yl_doc doc;
	const struct yl_node *cases;
	char path[4096];
	const char *top = getenv("TOP_SRCDIR");
	size_t i, v;
	enum pl_compat c;

	if (argc > 1)
		snprintf(path, sizeof path, "%s", argv[1]);
	else
		snprintf(path, sizeof path, "%s/tests/data/yunikorn-cases.yaml",
		    top != NULL ? top : ".");
	if (yl_load_file(&doc, path, &d, 1) != 0)
		return 1;
	cases = yl_get(doc.root, "cases");
	if (cases == NULL || cases->kind != YL_SEQ || cases->n == 0)
		ok(0, "%s has no cases: a list under 'cases:'", path);
	for (v = 0; v < NVERS; v++)
		for (c = vers[v], i = 0; cases != NULL && i < cases->n; i++) {
			const struct yl_node *cs = cases->kids[i], *ex;
			const char *id = str(yl_get(cs, "id"));
			const char *kind = str(yl_get(cs, "kind"));

			if ((ex = expectation(cs, c)) == NULL) {
				nskipped++;
				continue;
			}
			if (strcmp(kind, "acl") == 0)
				run_acl(cs, id, c, ex);
			else if (strcmp(kind, "filter") == 0)
				run_filter(cs, id, c, ex);
			else if (strcmp(kind, "config_error") == 0)
				run_config(cs, id, c, ex);
			else if (strcmp(kind, "place") == 0)
				run_place(cs, id, c, ex);
			else
				ok(0, "%s: unknown kind '%s'", id, kind);
		}
	for (c = 0; c < PL_NCOMPAT; c++) {
		if (seq[c].live)
			pl_mgr_free(&seq[c].mgr);
		if (pseq[c].live)
			part_free(&pseq[c].p);
	}
	printf("# %d case/version pairs have no expectation for that version\n",
	    nskipped);
	yl_free(&doc);
	return tap_done();
}
