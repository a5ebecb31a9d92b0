/*
 * partition.c - loading and reloading a partition (partition.h).
 */
#include <sys/stat.h>
#include <stdlib.h>

#include "exitcode.h"
#include "partition.h"
#include "policies.h"
#include "xalloc.h"
#include "yamlload.h"

/* The registration stage's error: "configured queue creation failed: ",
 * then why. From 1.6 the scheduler puts a line break between them
 * (errors.Join); a message is one line, so it is left out. */
static void
creation_failed(const char *file, unsigned long line, unsigned long col,
    const char *why, struct diag *d, int *nerr)
{
	pl_conf_err(d, nerr, file, line, col, "configured queue creation "
	    "failed: %s", why);
}

static int
acl(struct pl_acl *a, char **text, const struct pl_cstr *c, const char *file,
    struct diag *d)
{
	struct buf why = { 0 };
	int bad = 0;

	if (!c->set)
		return 0;
	*text = xmemdup0(c->s, c->n);
	if (pl_acl_parse(a, c->s, c->n, &why) != 0 &&
	    pl_acl_check(c->s, c->n, &why) == 0)	/* else said already */
		creation_failed(file, c->line, c->col, why.s, d, &bad);
	buf_free(&why);
	return bad;
}

/* A parent queue's child template: parsed, max then guaranteed, unless it
 * is empty (every entry without a name or a value; from 1.5 also no
 * maxapplications). */
static int
template(const struct pl_queueconf *qc, const char *file,
    const struct pl_ver *sw, struct diag *d)
{
	const struct pl_tmplconf *t = &qc->tmpl;
	const struct pl_rconf *r[2] = { &t->max, &t->guaranteed };
	struct buf why = { 0 };
	struct pl_res res;
	size_t bad, i;
	int nerr = 0;
	unsigned long nw = 0;

	if (!t->set || (pl_rconf_blank(&t->properties) &&
	    pl_rconf_blank(&t->guaranteed) && pl_rconf_blank(&t->max) &&
	    (!sw->template_maxapps || t->maxapps == 0)))
		return 0;
	for (i = 0; i < 2; i++) {
		if (pl_res_parse(&res, r[i], sw->quantity_units ? PL_QTY_UNITS :
		    PL_QTY_INT, &why, &bad) != 0) {
			const struct pl_rval *v = &r[i]->v[bad];

			if (sw->childtemplate == PL_TEMPLATE_FATAL)
				creation_failed(file, v->val.line, v->val.col,
				    why.s, d, &nerr);
			else
				pl_conf_warn(d, &nw, file, v->val.line, v->val.col,
				    "the child template of queue '%s' does not "
				    "parse (%s): YuniKorn before 1.6 ignores that "
				    "and leaves the queue's own resources and "
				    "properties unset; 1.6 refuses the "
				    "configuration", qc->name.s, why.s);
			i = 2;
		}
		pl_res_free(&res);
	}
	buf_free(&why);
	return nerr;
}

static int
add_queue(struct pl_tree *t, struct pl_queue *parent,
    const struct pl_queueconf *qc, const char *file, struct diag *d)
{
	const struct pl_ver *sw = pl_ver(t->compat);
	struct pl_queue *q;
	size_t i;
	int nerr = 0;
	struct pl_vout o = { file, d, &nerr };	/* for warnings only */
	unsigned long nw = 0;

	q = pl_tree_add(t, parent, qc->name.s ? qc->name.s : "", qc->name.n);
	q->conf = xcalloc(1, sizeof *q->conf);
	q->conf->name = xmemdup0(qc->name.s ? qc->name.s : "", qc->name.n);
	q->conf->line = qc->line;
	q->conf->col = qc->col;
	nerr += acl(&q->conf->submit, &q->conf->submit_text, &qc->submitacl,
	    file, d);
	nerr += acl(&q->conf->admin, &q->conf->admin_text, &qc->adminacl,
	    file, d);
	if ((qc->parent || qc->nqueues > 0) &&
	    sw->childtemplate != PL_TEMPLATE_UNKNOWN)
		nerr += template(qc, file, sw, d);
	pl_pol_properties(&qc->properties, q->conf->name, &o, &nw);
	for (i = 0; i < qc->nqueues; i++)
		nerr += add_queue(t, q, &qc->queues[i], file, d);
	q->leaf = !qc->parent && qc->nqueues == 0;
	return nerr;
}

int
pl_tree_build(struct pl_tree *t, const struct pl_partconf *pc, const char *file,
    struct diag *d)
{
	const struct pl_queueconf *root;
	int nerr = 0;

	if (pc->nqueues != 1)
		return 0;		/* the validator said why */
	root = &pc->queues[0];
	if (root->name.n != 4 || memcmp(root->name.s, "root", 4) != 0)
		pl_conf_err(d, &nerr, file, root->name.line, root->name.col,
		    "partition cannot be created without root queue");
	nerr += add_queue(t, NULL, root, file, d);
	t->root->leaf = 0;
	return nerr;
}

/*
 * The user/group resolver, chosen once for the scheduler by the first
 * partition (1.8). LDAP cannot be reproduced offline: without a resolver,
 * a user's group is its name (build_part warns).
 */
static void
resolver(struct pl_part *p)
{
	const struct pl_cstr *t;

	if (p->conf.nparts == 0 || !(t = &p->conf.parts[0].resolver)->set)
		return;
	pl_mgr_set_resolver(&p->mgr, pl_resolver_of(t->s, t->n));
}

/* The scheduler's configuration when it is given an empty one (1.2). */
/* The partitions built so far, by name (0.10, 0.11: a name given again
 * updates the partition built under it). */
struct built {
	const char **name;
	int *rules_on;		/* its placement manager is initialised */
	size_t n;
};

/*
 * Give manager m the rules of pc, new or (update) as a reload does. Under
 * PL_LOAD_RULES_FATAL rules that do not build refuse the configuration;
 * otherwise the scheduler only logs them and loads it: warnings.
 */
static void
rules(struct pl_part *p, struct pl_mgr *m, const struct pl_partconf *pc,
    int flags, int update, struct diag *d)
{
	struct diag_demoted dd;

	if (flags & PL_LOAD_RULES_FATAL) {
		p->st.rules += update ? pl_mgr_update(m, pc, p->file, d) :
		    pl_mgr_new(m, pc, p->file, d);
		return;
	}
	diag_demote(&dd, d, pl_ver(p->compat)->always_on ? "the placement "
	    "rules do not build; YuniKorn loads the configuration, then "
	    "rejects every application: " : "the placement rules do not "
	    "build; YuniKorn loads the configuration with placement off: ");
	if ((update ? pl_mgr_update(m, pc, p->file, &dd.d) :
	    pl_mgr_new(m, pc, p->file, &dd.d)) != 0)
		p->st.brokenrules++;
}

/* Build partition pc (into p's tree and manager when it is the one
 * wanted, else into ones thrown away), in the registration's order. */
static void
build_part(struct pl_part *p, struct pl_partconf *pc, struct built *b,
    int flags, struct diag *d)
{
	const struct pl_ver *sw = pl_ver(p->compat);
	struct pl_tree t, *tp = pc == p->pc ? &p->tree : &t;
	struct pl_mgr m, *mp = pc == p->pc ? &p->mgr : &m;
	size_t i;
	int *on = NULL, update = 0;
	unsigned long nw = 0;

	if (!sw->unique_partitions)
		for (i = 0; i < b->n && on == NULL; i++)
			if (strcmp(b->name[i], pc->name.s) == 0)
				on = &b->rules_on[i];
	if (on == NULL) {
		b->name = xreallocarray(b->name, b->n + 1, sizeof *b->name);
		b->rules_on = xreallocarray(b->rules_on, b->n + 1,
		    sizeof *b->rules_on);
		b->name[b->n] = pc->name.s;
		on = &b->rules_on[b->n++];
		*on = 0;
	} else {
		update = 1;
		pl_conf_warn(d, &nw, p->file, pc->name.line, pc->name.col,
		    "partition '%s' is given again: YuniKorn before 0.12 takes it "
		    "as an update of the first one (placectl uses the first)",
		    pc->name.s);
	}
	if (tp == &t)
		pl_tree_init(&t, p->compat);
	if (mp == &m)
		pl_mgr_init(&m, p->compat);
	if (pc->queues_set)
		p->st.build += pl_tree_build(tp, pc, p->file, d);
	if (update && *on && pc->nrules > 0) {
		/* UpdateRules: a failure refuses the configuration */
		p->st.build += pl_mgr_new(mp, pc, p->file, d);
	} else if (!(flags & PL_LOAD_NO_RULES) || mp != &p->mgr)
		rules(p, mp, pc, flags, 0, d);
	*on = pc->nrules > 0 && mp->active;
	if (pc->resolver.set && strcmp(pc->resolver.s, "ldap") == 0)
		pl_conf_warn(d, &nw, p->file, pc->resolver.line, pc->resolver.col,
		    "usergroupresolver 'ldap' cannot be reproduced offline: "
		    "YuniKorn reads its settings from /run/secrets/ldap and "
		    "exits if they are missing; placekit resolves no user, and "
		    "an application without groups has its user name as its one "
		    "group");
	if (mp == &m)
		pl_mgr_free(&m);
	if (tp == &t)
		pl_tree_free(&t);
}

/* An empty file from 1.2: the built-in configuration. 1 when it is. */
static int
empty(const char *file)
{
	struct stat st;

	return stat(file, &st) == 0 && S_ISREG(st.st_mode) && st.st_size == 0;
}

int
pl_part_load(struct pl_part *p, const char *file, const char *name,
    enum pl_compat c, int flags, const struct kcm_opts *src, struct diag *d)
{
	struct built b = { NULL, NULL, 0 };
	struct yl_doc doc;
	unsigned long nw = 0;
	size_t i;
	int nerr, rc;

	memset(p, 0, sizeof *p);
	p->compat = c;
	p->file = p->path = file;
	p->src = src;
	p->name = name != NULL ? name : "default";
	pl_tree_init(&p->tree, c);
	pl_mgr_init(&p->mgr, c);
	if (pl_ver(c)->default_config && (src == NULL || src->defaults == NULL) &&
	    empty(file)) {
		pl_conf_warn(d, &nw, file, 0, 0, "an empty configuration: "
		    "YuniKorn uses its built-in one (partition default, a root "
		    "queue everyone may submit to, a tag rule on namespace that "
		    "creates queues)");
		p->shown = xstrdup(file);
		rc = yl_load_string_flags(&doc, p->shown, kcm_builtin,
		    kcm_builtin_len, YL_GO, d, EXIT_CONFIG);
	} else
		rc = kcm_load(&doc, &p->shown, file, c, src, d);
	if (rc != 0) {
		if (rc == EXIT_CONFIG)
			p->st.yaml++;
		return rc;
	}
	file = p->file = p->shown;	/* "FILE: CONFIGMAP/KEY" when one */
	p->st.yaml += pl_conf_decode(&p->conf, &doc, c, d);
	yl_free(&doc);
	resolver(p);
	pl_validate(&p->conf, c, d, &p->st);
	for (i = 0; i < p->conf.nparts && p->pc == NULL; i++)
		if (strcmp(p->conf.parts[i].name.s, p->name) == 0)
			p->pc = &p->conf.parts[i];
	if (p->pc == NULL && name == NULL && (flags & PL_LOAD_ANYPART) &&
	    p->conf.nparts > 0) {
		p->pc = &p->conf.parts[0];
		p->name = p->pc->name.s;
	}
	for (i = 0; i < p->conf.nparts; i++)	/* the registration, in order */
		build_part(p, &p->conf.parts[i], &b, flags, d);
	free(b.name);
	free(b.rules_on);
	nerr = p->st.yaml + p->st.queues + p->st.limits + p->st.resources +
	    p->st.rulesyntax + p->st.staticpath + p->st.policy + p->st.build +
	    p->st.rules;
	if (p->pc == NULL && !(flags & PL_LOAD_ANYPART)) {
		struct pos at = { file, 0, 0 };

		diag_err(d, EXIT_CONFIG, &at, "no partition '%s' in the "
		    "configuration", p->name);
		return EXIT_CONFIG;
	}
	return nerr > 0 ? EXIT_CONFIG : 0;
}

void
pl_part_free(struct pl_part *p)
{
	pl_mgr_free(&p->mgr);
	pl_tree_free(&p->tree);
	pl_conf_free(&p->conf);
	free(p->shown);
	p->shown = NULL;
}

int
pl_part_reload(struct pl_part *p, struct diag *d)
{
	struct pl_part np;
	int rc, fatal;

	/* the scheduler refuses new rules that fail to build, unless (before
	   1.4) placement was off: then a new manager stays off */
	fatal = pl_ver(p->compat)->always_on || p->mgr.active;
	rc = pl_part_load(&np, p->path, p->name, p->compat,
	    (fatal ? PL_LOAD_RULES_FATAL : 0) | PL_LOAD_NO_RULES, p->src, d);
	if (rc == 0) {		/* the manager outlives configurations */
		rules(&np, &p->mgr, np.pc, fatal ? PL_LOAD_RULES_FATAL : 0, 1, d);
		rc = np.st.rules > 0 ? EXIT_CONFIG : 0;
	}
	if (rc != 0) {
		pl_part_free(&np);
		return rc;
	}
	pl_tree_carry(&np.tree, &p->tree);
	pl_mgr_free(&np.mgr);
	np.mgr = p->mgr;
	pl_tree_free(&p->tree);
	pl_conf_free(&p->conf);
	free(p->shown);
	*p = np;
	return 0;
}
