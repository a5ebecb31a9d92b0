/*
 * plpart.c - loading and reloading a partition (plpart.h).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "exitcode.h"
#include "plpart.h"
#include "xalloc.h"
#include "yamlload.h"

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
	    pl_acl_check(c->s, c->n, &why) == 0) {	/* else said already */
		struct pos at = { file, c->line, c->col };

		diag_err(d, EXIT_CONFIG, &at, "%s", why.s);
		bad = 1;
	}
	buf_free(&why);
	return bad;
}

static int
add_queue(struct pl_tree *t, struct pl_queue *parent,
    const struct pl_queueconf *qc, const char *file, struct diag *d)
{
	struct pl_queue *q;
	size_t i;
	int nerr = 0;

	q = pl_tree_add(t, parent, qc->name.s ? qc->name.s : "", qc->name.n);
	q->conf = xcalloc(1, sizeof *q->conf);
	q->conf->name = xmemdup0(qc->name.s ? qc->name.s : "", qc->name.n);
	q->conf->line = qc->line;
	q->conf->col = qc->col;
	nerr += acl(&q->conf->submit, &q->conf->submit_text, &qc->submitacl,
	    file, d);
	nerr += acl(&q->conf->admin, &q->conf->admin_text, &qc->adminacl,
	    file, d);
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
	if (root->name.n != 4 || memcmp(root->name.s, "root", 4) != 0) {
		struct pos at = { file, root->name.line, root->name.col };

		diag_err(d, EXIT_CONFIG, &at, "partition cannot be created: the "
		    "top queue must be named 'root', not '%s'", root->name.s);
		nerr++;
	}
	nerr += add_queue(t, NULL, root, file, d);
	t->root->leaf = 0;
	return nerr;
}

/* Build a partition that is not the one wanted, for its errors only. */
static void
other_part(struct pl_part *p, const struct pl_partconf *pc, struct diag *d)
{
	struct pl_tree t;
	struct pl_mgr m;

	pl_tree_init(&t, p->compat);
	pl_mgr_init(&m, p->compat);
	if (pc->queues_set)
		p->st.build += pl_tree_build(&t, pc, p->file, d);
	p->st.rules += pl_mgr_new(&m, pc, p->file, d);
	pl_mgr_free(&m);
	pl_tree_free(&t);
}

int
pl_part_load(struct pl_part *p, const char *file, const char *name,
    enum pl_compat c, int flags, struct diag *d)
{
	struct yl_doc doc;
	size_t i;
	FILE *f;
	int rc, nerr;

	memset(p, 0, sizeof *p);
	p->compat = c;
	p->file = file;
	p->name = name != NULL ? name : "default";
	pl_tree_init(&p->tree, c);
	pl_mgr_init(&p->mgr, c);
	/* opened once: a FIFO or a pipe (<(...)) is read as it comes */
	if ((f = fopen(file, "rbe")) == NULL)
		return diag_syserr(d, EXIT_NOINPUT, POS_NONE, "cannot open '%s'",
		    file);
	rc = yl_load_fp(&doc, file, f, d, EXIT_CONFIG);
	fclose(f);
	if (rc != 0) {
		p->st.yaml++;
		return EXIT_CONFIG;
	}
	p->st.yaml += pl_conf_decode(&p->conf, &doc, c, d);
	yl_free(&doc);
	pl_validate(&p->conf, c, d, &p->st);
	for (i = 0; i < p->conf.nparts && p->pc == NULL; i++)
		if (strcmp(p->conf.parts[i].name.s, p->name) == 0)
			p->pc = &p->conf.parts[i];
	for (i = 0; i < p->conf.nparts; i++)	/* the others' errors too */
		if (&p->conf.parts[i] != p->pc)
			other_part(p, &p->conf.parts[i], d);
	if (p->pc == NULL) {
		struct pos at = { file, 0, 0 };

		diag_err(d, EXIT_CONFIG, &at, "no partition '%s' in the "
		    "configuration", p->name);
		return EXIT_CONFIG;
	}
	if (p->pc->queues_set)
		p->st.build += pl_tree_build(&p->tree, p->pc, file, d);
	p->st.rules += pl_mgr_new(&p->mgr, p->pc, file, d);
	nerr = p->st.yaml + p->st.queues + p->st.rulesyntax + p->st.staticpath +
	    p->st.build;
	if (!(flags & PL_LOAD_BROKEN_RULES))
		nerr += p->st.rules;
	return nerr > 0 ? EXIT_CONFIG : 0;
}

void
pl_part_free(struct pl_part *p)
{
	pl_mgr_free(&p->mgr);
	pl_tree_free(&p->tree);
	pl_conf_free(&p->conf);
}

static char *
dup_or_null(const char *s)
{
	return s != NULL ? xstrdup(s) : NULL;
}

static struct pl_qconf *
copy_conf(const struct pl_qconf *c, struct buf *why)
{
	struct pl_qconf *n = xcalloc(1, sizeof *n);

	n->name = dup_or_null(c->name);
	n->submit_text = dup_or_null(c->submit_text);
	n->admin_text = dup_or_null(c->admin_text);
	n->line = c->line;
	n->col = c->col;
	if (n->submit_text != NULL)	/* it parsed before */
		(void)pl_acl_parse(&n->submit, n->submit_text,
		    strlen(n->submit_text), why);
	if (n->admin_text != NULL)
		(void)pl_acl_parse(&n->admin, n->admin_text,
		    strlen(n->admin_text), why);
	return n;
}

/* Carry the queues in use from the old tree into the new one. */
static void
carry(struct pl_tree *nt, struct pl_tree *ot)
{
	uint64_t *used = pl_tree_totals(ot);
	struct buf why = { 0 };
	size_t i;

	for (i = 0; i < ot->nall; i++) {
		struct pl_queue *q = ot->all[i], *nq, *np;

		if ((nq = pl_tree_get(nt, q->path, q->pathlen)) != NULL) {
			nq->napps = q->napps;
			continue;
		}
		if (used[i] == 0 || q->parent == NULL)
			continue;
		np = pl_tree_get(nt, q->parent->path, q->parent->pathlen);
		if (np == NULL || np->leaf)
			continue;	/* nowhere to hang it */
		nq = pl_tree_add(nt, np, q->name, strlen(q->name));
		nq->dynamic = q->dynamic;
		nq->recovery = q->recovery;
		nq->leaf = q->leaf;
		nq->draining = !q->dynamic || q->draining;
		nq->napps = q->napps;
		if (q->conf != NULL)
			nq->conf = copy_conf(q->conf, &why);
	}
	buf_free(&why);
	free(used);
}

int
pl_part_reload(struct pl_part *p, struct diag *d)
{
	struct pl_part np;
	int rc;

	rc = pl_part_load(&np, p->file, p->name, p->compat, 0, d);
	if (rc != 0) {
		pl_part_free(&np);
		return rc;
	}
	carry(&np.tree, &p->tree);
	pl_part_free(p);
	*p = np;
	return 0;
}
