/*
 * plrun.c - the application stream (plrun.h).
 */
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include "exitcode.h"
#include "ndjson.h"
#include "plout.h"
#include "plrun.h"
#include "xalloc.h"

/*
 * Messages kept for later: a parser's diag collects them into the batch
 * it parses (its sink_arg points at the batch's list), and the placing
 * thread reports them in input order.
 */
struct mrec {
	int warning, haspos;
	struct pos pos;
	size_t off;		/* the text in the list's text */
};

struct mlist {
	struct buf text;
	struct mrec *m;
	size_t n, cap;
};

static void
collect(void *arg, const struct diag_msg *msg)
{
	struct mlist *l = *(struct mlist **)arg;
	struct mrec *r;

	xgrow((void **)&l->m, &l->cap, l->n + 1, sizeof *l->m);
	r = &l->m[l->n++];
	r->warning = msg->warning;
	r->haspos = msg->pos != NULL;
	if (r->haspos)
		r->pos = *msg->pos;
	r->off = l->text.n;
	buf_add(&l->text, msg->text, strlen(msg->text) + 1);
}

static void
replay(struct diag *d, const struct mlist *l, size_t m0, size_t m1)
{
	struct diag_msg msg;

	for (; m0 < m1; m0++) {
		msg.warning = l->m[m0].warning;
		msg.pos = l->m[m0].haspos ? &l->m[m0].pos : NULL;
		msg.text = l->text.s + l->m[m0].off;
		diag_put(d, &msg);
	}
}

/* Move the messages of from to the end of to. */
static void
mlist_move(struct mlist *to, struct mlist *from)
{
	struct mlist *t = to;
	struct diag_msg msg;
	size_t i;

	for (i = 0; i < from->n; i++) {
		msg.warning = from->m[i].warning;
		msg.pos = from->m[i].haspos ? &from->m[i].pos : NULL;
		msg.text = from->text.s + from->m[i].off;
		collect(&t, &msg);
	}
	from->n = 0;
	buf_clear(&from->text);
}

static void
mlist_clear(struct mlist *l)
{
	l->n = 0;
	buf_clear(&l->text);
}

static void
mlist_free(struct mlist *l)
{
	buf_free(&l->text);
	free(l->m);
}

/* What the placing thread keeps from one application to the next. */
struct ctx {
	struct pl_run *run;
	struct pl_result res, old;
	struct pl_appbuf ab;
	struct buf err;
	int status;		/* the run's exit status so far */
	int stop;		/* no more placing */
};

static void
reload(struct pl_run *run, struct pl_part *p)
{
	if (pl_part_reload(p, run->d) != 0)
		diag_warn(run->d, POS_NONE, "configuration '%s' not reloaded: the "
		    "previous configuration stays", p->file);
}

static int
differ(const struct pl_result *a, const struct pl_result *b)
{
	if (a->how == PL_PLACED && b->how == PL_PLACED)
		return a->queue != NULL && b->queue != NULL &&
		    strcmp(a->queue->path, b->queue->path) != 0;
	return (a->how == PL_PLACED) != (b->how == PL_PLACED);
}

/* Place one application and write it. 0, or -1 for a bad record. */
static int
place_one(struct ctx *cx, const char *text, size_t len, struct json_object *obj,
    const struct pl_app *a, const struct pos *pos)
{
	struct pl_run *run = cx->run;
	struct pl_part *p = run->part, *o = run->old;

	if (run->hup != NULL && *run->hup) {
		*run->hup = 0;
		reload(run, p);
		if (o != NULL)
			reload(run, o);
	}
	cx->res.trace = run->mode == PL_RUN_EXPLAIN;
	pl_place(&p->mgr, &p->tree, a, &cx->res);
	if (o != NULL)
		pl_place(&o->mgr, &o->tree, a, &cx->old);
	if (cx->res.how == PL_LIMIT || (o != NULL && cx->old.how == PL_LIMIT)) {
		diag_err(run->d, EXIT_DATAERR, pos, "%s", cx->res.how == PL_LIMIT ?
		    cx->res.reason.s : cx->old.reason.s);
		return -1;
	}
	run->napps++;
	switch (run->mode) {
	case PL_RUN_PLACE:
	case PL_RUN_EXPLAIN:
		pl_out_open(run->out, text, len, a->nmembers,
		    a->placement_member ? obj : NULL, "placement");
		pl_out_placement(run->out, &cx->res, &p->tree,
		    run->mode == PL_RUN_EXPLAIN);
		pl_out_close(run->out);
		break;
	case PL_RUN_DIFF:
		if (!differ(&cx->old, &cx->res))
			break;
		run->ndiff++;
		pl_out_open(run->out, text, len, a->nmembers,
		    a->placement_member ? obj : NULL, "placement");
		ob_write(run->out, "{\"old\":", 7);
		pl_out_placement(run->out, &cx->old, &o->tree, 0);
		ob_write(run->out, ",\"new\":", 7);
		pl_out_placement(run->out, &cx->res, &p->tree, 0);
		ob_putc(run->out, '}');
		pl_out_close(run->out);
		break;
	case PL_RUN_COUNT:
		break;
	}
	return 0;
}

/* A bad record was reported: go on or stop. */
static void
bad_record(struct ctx *cx)
{
	cx->run->nbad++;
	if (!cx->run->keep_going) {
		cx->status = EXIT_DATAERR;
		cx->stop = 1;
	}
}

static int
out_failed(const struct pl_run *run)
{
	return run->out != NULL && run->out->err != 0;
}

static void
run_single(struct ctx *cx, struct nj_reader *r)
{
	struct pl_run *run = cx->run;
	struct nj_value v;
	struct pl_app a;
	size_t n;
	int rc;

	r->flush = run->out;
	while (!cx->stop && !out_failed(run)) {
		if ((rc = nj_next_raw(r, &v)) == NJ_EOF)
			break;
		if (rc == NJ_IOERR) {
			cx->status = EXIT_IOERR;
			break;
		}
		cx->ab.ng = cx->ab.nt = 0;
		if (rc == NJ_VALUE && (n = pl_app_scan(&a, &cx->ab, v.text,
		    v.len)) > 0) {
			v.len = n;
			if (place_one(cx, v.text, v.len, NULL, &a, &v.pos) != 0)
				rc = NJ_BAD;
		} else if (rc == NJ_VALUE &&
		    (rc = nj_parse_raw(r, &v)) == NJ_VALUE) {
			if (pl_app_from_json(&a, &cx->ab, v.obj, &cx->err) != 0) {
				diag_err(run->d, EXIT_DATAERR, &v.pos, "%s",
				    cx->err.s);
				rc = NJ_BAD;
			} else if (place_one(cx, v.text, v.len, v.obj, &a,
			    &v.pos) != 0)
				rc = NJ_BAD;
		}
		if (rc == NJ_BAD)
			bad_record(cx);
	}
}

/* ---- the -j pipeline ---- */

/*
 * The placing thread reads whole blocks of lines (nj_next_block) into
 * batches; parser threads split, check and scan them (nj_feed), so the
 * only work per line left in the placing thread is placing and writing.
 */
#define BATCH_BYTES (256 * 1024)

enum { B_FREE, B_QUEUED, B_PARSING, B_PARSED };

/* A string copied into a batch: offset and length in its strs. */
struct bstr {
	size_t off, len;
};

/*
 * One line of a batch. A parser copies what placement needs out of the
 * parsed object and frees it at once (in its own thread, while it is in
 * its cache); only an object that already has a "placement" member is kept
 * for its output.
 */
struct bline {
	size_t off;		/* the line in the batch's text */
	struct pos pos;
	size_t m0, m1;		/* a bad record: its messages in msgs */
	int bad;
	struct json_object *obj;	/* kept only when placement_member */
	size_t vlen;		/* the object's bytes from off */
	struct bstr id, user, queue;
	size_t g0, ng, t0, nt;	/* its groups in gs, tags in ts */
	size_t nmembers;
	int groups_given, placement_member;
};

struct batch {
	int state;
	char *text;		/* lines read, from at */
	size_t tlen, tcap;
	struct pos at;
	int rderr, ioerr;	/* or what the reader reported, in msgs */
	size_t rd0, rd1;
	struct bline *lines;
	size_t nlines, cap;
	struct buf strs;	/* the strings of the applications */
	struct bstr *gs;
	size_t ngs, capgs;
	struct bstr (*ts)[2];	/* tag key and value */
	size_t nts, capts;
	struct mlist msgs;
	struct json_object **objs;	/* parsed last time: put before reuse */
	size_t nobjs, capobjs;
};

struct pipe {
	struct ctx *cx;
	struct nj_reader *r;
	struct mlist rmsgs;	/* the reader's messages */
	struct mlist *rinto;	/* its diag's sink_arg: &rmsgs */
	pthread_mutex_t mu;
	pthread_cond_t work, done;
	struct batch *ring;
	size_t k;
	size_t head, tail;	/* in flight: ring[tail .. head), in order */
	size_t next;		/* the next queued batch for a parser */
	struct batch *cur;	/* being filled */
	struct worker *self;	/* the placing thread parses too, when idle */
	int quit;
	struct pl_app app;	/* the one being placed */
	const char **groups;
	size_t *glens, capg;
	struct pl_tag *tags;
	size_t capt;
};


struct worker {
	struct pipe *pp;
	pthread_t tid;
	struct nj_reader p;
	struct diag d;
	struct mlist *into;	/* the batch being parsed */
	struct buf err;
	struct pl_appbuf ab;
};

static struct bstr
keep_str(struct batch *b, const char *s, size_t n)
{
	struct bstr k = { b->strs.n, n };

	buf_add(&b->strs, s, n);
	return k;
}

/* Copy what placement needs of an application into the batch. */
static void
keep_app(struct batch *b, struct bline *l, const struct pl_app *a)
{
	size_t i;

	l->id = keep_str(b, a->id, a->idlen);
	l->user = keep_str(b, a->user.name, a->user.len);
	l->queue = keep_str(b, a->queue, a->qlen);
	l->g0 = b->ngs;
	l->ng = a->user.ngroups;
	l->t0 = b->nts;
	l->nt = a->ntags;
	l->nmembers = a->nmembers;
	l->groups_given = a->groups_given;
	l->placement_member = a->placement_member;
	xgrow((void **)&b->gs, &b->capgs, b->ngs + l->ng, sizeof *b->gs);
	for (i = 0; i < l->ng; i++)
		b->gs[b->ngs++] = keep_str(b, a->user.groups[i], a->user.glens[i]);
	xgrow((void **)&b->ts, &b->capts, b->nts + l->nt, sizeof *b->ts);
	for (i = 0; i < l->nt; i++, b->nts++) {
		b->ts[b->nts][0] = keep_str(b, a->tags[i].k, a->tags[i].kn);
		b->ts[b->nts][1] = keep_str(b, a->tags[i].v, a->tags[i].vn);
	}
}

static struct bline *
new_line(struct batch *b, const struct pos *pos)
{
	struct bline *l;

	xgrow((void **)&b->lines, &b->cap, b->nlines + 1, sizeof *b->lines);
	l = &b->lines[b->nlines++];
	memset(l, 0, sizeof *l);
	l->pos = *pos;
	return l;
}

static void
parse_batch(struct worker *w, struct batch *b)
{
	struct nj_reader *p = &w->p;
	struct nj_value v;
	struct bline *l;
	struct pl_app a;
	size_t i;
	int rc;

	w->into = &b->msgs;
	for (i = 0; i < b->nobjs; i++)
		json_object_put(b->objs[i]);
	b->nobjs = b->ngs = b->nts = b->nlines = 0;
	buf_clear(&b->strs);
	if (b->rderr)
		return;
	nj_feed(p, b->text, b->tlen, &b->at);
	while ((rc = nj_next_raw(p, &v)) != NJ_EOF) {
		l = new_line(b, &v.pos);
		l->m0 = b->msgs.n;
		if (rc != NJ_VALUE) {
			l->bad = 1;
			l->m1 = b->msgs.n;
			continue;
		}
		l->off = (size_t)(v.text - p->buf);	/* the same in b->text */
		w->ab.ng = w->ab.nt = 0;
		if ((l->vlen = pl_app_scan(&a, &w->ab, v.text, v.len)) > 0) {
			keep_app(b, l, &a);
			continue;
		}
		if (nj_parse_raw(p, &v) != NJ_VALUE) {
			l->bad = 1;
			l->m1 = b->msgs.n;
			continue;
		}
		l->vlen = v.len;
		if (pl_app_from_json(&a, &w->ab, v.obj, &w->err) != 0) {
			l->bad = 1;
			diag_err(&w->d, EXIT_DATAERR, &l->pos, "%s", w->err.s);
			l->m1 = b->msgs.n;
			continue;
		}
		keep_app(b, l, &a);
		if (a.placement_member) {	/* its output needs the object */
			l->obj = json_object_get(v.obj);
			xgrow((void **)&b->objs, &b->capobjs, b->nobjs + 1,
			    sizeof *b->objs);
			b->objs[b->nobjs++] = l->obj;
		}
	}
}

static void *
work(void *arg)
{
	struct worker *w = arg;
	struct pipe *pp = w->pp;
	struct batch *b;

	pthread_mutex_lock(&pp->mu);
	for (;;) {
		b = &pp->ring[pp->next % pp->k];
		while (!pp->quit && b->state != B_QUEUED) {
			pthread_cond_wait(&pp->work, &pp->mu);
			b = &pp->ring[pp->next % pp->k];
		}
		if (b->state != B_QUEUED)
			break;
		b->state = B_PARSING;
		pp->next++;
		pthread_mutex_unlock(&pp->mu);
		parse_batch(w, b);
		pthread_mutex_lock(&pp->mu);
		b->state = B_PARSED;
		pthread_cond_broadcast(&pp->done);
	}
	pthread_mutex_unlock(&pp->mu);
	return NULL;
}

static void
submit(struct pipe *pp)
{
	pthread_mutex_lock(&pp->mu);
	pp->cur->state = B_QUEUED;
	pthread_cond_broadcast(&pp->work);
	pthread_mutex_unlock(&pp->mu);
	pp->cur = NULL;
	pp->head++;
}

/* The application of a line, pointing into its batch. */
static void
app_of(struct pipe *pp, const struct batch *b, const struct bline *l)
{
	struct pl_app *a = &pp->app;
	const char *s = b->strs.s;
	size_t i;

	if (l->ng > pp->capg) {
		pp->capg = l->ng;
		pp->groups = xreallocarray(pp->groups, pp->capg, sizeof *pp->groups);
		pp->glens = xreallocarray(pp->glens, pp->capg, sizeof *pp->glens);
	}
	if (l->nt > pp->capt) {
		pp->capt = l->nt;
		pp->tags = xreallocarray(pp->tags, pp->capt, sizeof *pp->tags);
	}
	memset(a, 0, sizeof *a);
	a->id = s + l->id.off;
	a->idlen = l->id.len;
	a->user.name = s + l->user.off;
	a->user.len = l->user.len;
	a->queue = s + l->queue.off;
	a->qlen = l->queue.len;
	for (i = 0; i < l->ng; i++) {
		pp->groups[i] = s + b->gs[l->g0 + i].off;
		pp->glens[i] = b->gs[l->g0 + i].len;
	}
	a->user.groups = pp->groups;
	a->user.glens = pp->glens;
	a->user.ngroups = l->ng;
	for (i = 0; i < l->nt; i++) {
		pp->tags[i].k = s + b->ts[l->t0 + i][0].off;
		pp->tags[i].kn = b->ts[l->t0 + i][0].len;
		pp->tags[i].v = s + b->ts[l->t0 + i][1].off;
		pp->tags[i].vn = b->ts[l->t0 + i][1].len;
	}
	a->tags = pp->tags;
	a->ntags = l->nt;
	a->nmembers = l->nmembers;
	a->groups_given = l->groups_given;
	a->placement_member = l->placement_member;
}

/* Place and write the lines of a parsed batch, in order. */
static void
place_batch(struct pipe *pp, struct batch *b)
{
	struct ctx *cx = pp->cx;
	size_t i;

	if (b->rderr) {
		replay(cx->run->d, &b->msgs, b->rd0, b->rd1);
		if (b->ioerr) {
			cx->status = EXIT_IOERR;
			cx->stop = 1;
		} else
			bad_record(cx);
		return;
	}
	for (i = 0; i < b->nlines && !cx->stop && !out_failed(cx->run); i++) {
		struct bline *l = &b->lines[i];

		if (l->bad) {
			replay(cx->run->d, &b->msgs, l->m0, l->m1);
			bad_record(cx);
			continue;
		}
		app_of(pp, b, l);
		if (place_one(cx, b->text + l->off, l->vlen, l->obj, &pp->app,
		    &l->pos) != 0)
			bad_record(cx);
	}
}

/* Wait for the oldest batch in flight and place it (or drop it). */
static void
retire(struct pipe *pp)
{
	struct batch *b = &pp->ring[pp->tail % pp->k];

	pthread_mutex_lock(&pp->mu);
	if (b->state == B_QUEUED) {	/* no parser has it: better parse it here */
		b->state = B_PARSING;
		pp->next++;		/* the oldest queued is the next one */
		pthread_mutex_unlock(&pp->mu);
		parse_batch(pp->self, b);
		pthread_mutex_lock(&pp->mu);
		b->state = B_PARSED;
	}
	while (b->state != B_PARSED)
		pthread_cond_wait(&pp->done, &pp->mu);
	pthread_mutex_unlock(&pp->mu);
	if (!pp->cx->stop && !out_failed(pp->cx->run))
		place_batch(pp, b);
	b->state = B_FREE;
	pp->tail++;
}

static struct batch *
current(struct pipe *pp)
{
	struct batch *b;

	if (pp->cur != NULL)
		return pp->cur;
	if (pp->head - pp->tail == pp->k)
		retire(pp);
	b = pp->cur = &pp->ring[pp->head % pp->k];
	b->tlen = b->nlines = 0;
	b->rderr = b->ioerr = 0;
	mlist_clear(&b->msgs);
	return b;
}

static void
add_text(struct pipe *pp, const char *text, size_t len, const struct pos *pos)
{
	struct batch *b = current(pp);

	if (b->tlen == 0)
		b->at = *pos;
	if (b->tlen + len > b->tcap) {
		b->tcap = b->tlen + len > 2 * b->tcap ? b->tlen + len : 2 * b->tcap;
		b->text = xrealloc(b->text, b->tcap);
	}
	memcpy(b->text + b->tlen, text, len);
	b->tlen += len;
}

/* Before the reader blocks: finish everything in flight and flush. */
static void
idle(void *arg)
{
	struct pipe *pp = arg;
	struct pollfd pfd = { pp->r->fd, POLLIN, 0 };

	if (poll(&pfd, 1, 0) > 0)
		return;		/* input is there: it will not block */
	if (pp->cur != NULL)
		submit(pp);
	while (pp->tail < pp->head)
		retire(pp);
	if (pp->cx->run->out != NULL)
		ob_flush_buf(pp->cx->run->out);
}

static void
read_all(struct pipe *pp)
{
	struct nj_reader *r = pp->r;
	struct nj_value v;
	struct batch *b;
	int rc;

	while (!pp->cx->stop && !out_failed(pp->cx->run)) {
		if ((rc = nj_next_block(r, &v)) == NJ_EOF)
			break;
		if (rc == NJ_VALUE) {
			add_text(pp, v.text, v.len, &v.pos);
			if (pp->cur->tlen >= BATCH_BYTES)
				submit(pp);
			continue;
		}
		if (pp->cur != NULL)	/* the lines before it go first */
			submit(pp);
		b = current(pp);	/* reported into its list: keep it */
		b->rderr = 1;
		b->ioerr = rc == NJ_IOERR;
		b->rd0 = b->msgs.n;
		mlist_move(&b->msgs, &pp->rmsgs);
		b->rd1 = b->msgs.n;
		submit(pp);
		if (rc == NJ_IOERR)
			break;
	}
	if (pp->cur != NULL)
		submit(pp);
	while (pp->tail < pp->head)
		retire(pp);
}

static void
run_jobs(struct ctx *cx, struct nj_reader *r)
{
	struct pl_run *run = cx->run;
	struct pipe pp;
	struct worker *w;
	struct diag *rd = r->d, rdiag = *run->d;
	size_t i, n = (size_t)run->jobs - 1, started;

	memset(&pp, 0, sizeof pp);
	pp.cx = cx;
	pp.r = r;
	pp.k = 2 * n + 2;
	pp.ring = xcalloc(pp.k, sizeof *pp.ring);
	pthread_mutex_init(&pp.mu, NULL);
	pthread_cond_init(&pp.work, NULL);
	pthread_cond_init(&pp.done, NULL);
	rdiag.sink = collect;
	pp.rinto = &pp.rmsgs;
	rdiag.sink_arg = &pp.rinto;
	r->d = &rdiag;
	r->idle = idle;
	r->idle_arg = &pp;
	w = xcalloc(n + 1, sizeof *w);
	for (i = 0; i <= n; i++) {	/* w[n]: this thread's parser */
		w[i].pp = &pp;
		w[i].d = *run->d;
		w[i].d.sink = collect;
		w[i].d.sink_arg = &w[i].into;
		nj_init(&w[i].p, -1, r->name, NJ_LINES, &w[i].d);
		w[i].p.maxlen = r->maxlen;
	}
	pp.self = &w[n];
	for (i = 0; i < n; i++) {
		if ((errno = pthread_create(&w[i].tid, NULL, work, &w[i])) != 0) {
			diag_warn(run->d, POS_NONE, "cannot start parser thread "
			    "%zu of %zu: %s", i + 1, n, strerror(errno));
			break;
		}
	}
	started = i;
	if (started > 0)
		read_all(&pp);
	else {				/* no thread: parse here */
		r->d = rd;
		r->idle = NULL;
		run_single(cx, r);
	}
	pthread_mutex_lock(&pp.mu);
	pp.quit = 1;
	pthread_cond_broadcast(&pp.work);
	pthread_mutex_unlock(&pp.mu);
	for (i = 0; i <= n; i++) {
		if (i < started)
			pthread_join(w[i].tid, NULL);
		nj_close(&w[i].p);
		buf_free(&w[i].err);
		pl_appbuf_free(&w[i].ab);
	}
	free(w);
	for (i = 0; i < pp.k; i++) {
		struct batch *b = &pp.ring[i];
		size_t j;

		for (j = 0; j < b->nobjs; j++)
			json_object_put(b->objs[j]);
		free(b->objs);
		free(b->text);
		free(b->lines);
		buf_free(&b->strs);
		free(b->gs);
		free(b->ts);
		mlist_free(&b->msgs);
	}
	free(pp.ring);
	free(pp.groups);
	free(pp.glens);
	free(pp.tags);
	mlist_free(&pp.rmsgs);
	r->d = rd;
	pthread_mutex_destroy(&pp.mu);
	pthread_cond_destroy(&pp.work);
	pthread_cond_destroy(&pp.done);
}

int
pl_run(struct pl_run *run, const char *path)
{
	struct ctx cx;
	struct nj_reader r;
	int rc;

	if ((rc = nj_open(&r, path, NJ_LINES, run->d)) != 0)
		return rc;
	memset(&cx, 0, sizeof cx);
	cx.run = run;
	if (run->jobs > 1)
		run_jobs(&cx, &r);
	else
		run_single(&cx, &r);
	nj_close(&r);
	if (run->keep_going && run->nbad > 0) {
		diag_err(run->d, EXIT_DATAERR, POS_NONE, "%lu bad application%s "
		    "skipped", run->nbad, run->nbad == 1 ? "" : "s");
		if (cx.status == 0)
			cx.status = EXIT_DATAERR;
	}
	pl_result_free(&cx.res);
	pl_result_free(&cx.old);
	pl_appbuf_free(&cx.ab);
	buf_free(&cx.err);
	return cx.status;
}
