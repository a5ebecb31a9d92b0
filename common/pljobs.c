/*
 * pljobs.c - placectl -j: the parallel read of a run (pljobs.h).
 *
 * The placing thread reads whole blocks of lines (nj_next with NJ_BLOCK)
 * into batches and queues them on a ring; parser threads take queued
 * batches in order and read their applications (nj_feed, pl_app_read)
 * into the batch, which owns everything they point to. The placing
 * thread places the batches in input order as they come back parsed, as
 * they are: the only work per line left to it is placing and writing.
 *
 * It never waits while there is work it could do: when the oldest batch
 * is not parsed yet it reads ahead while the ring has room, then parses
 * the next queued batch itself, and sleeps only when every batch in
 * flight is being parsed by another thread. So when the other threads
 * get little of the machine, the placing thread does their work, and -j
 * is never much slower than one thread.
 *
 * Messages go where the lines go: a parser's diag collects them into the
 * batch it parses, and the placing thread reports them in input order.
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>

#include "exitcode.h"
#include "ndjson.h"
#include "pljobs.h"
#include "xalloc.h"

#define BATCH_BYTES (64 * 1024)	/* a batch is queued once it has this */
#define RING_PER_JOB 8		/* batches in flight per thread */

/* Messages kept to be reported later. */
struct msg {
	int warning, haspos;
	struct pos pos;
	size_t off;		/* the text in the list's text */
};

struct msgs {
	struct buf text;
	struct msg *m;
	size_t n, cap;
};

/* A diag sink: arg points at the list to keep the messages in. */
static void
keep_msg(void *arg, const struct diag_msg *dm)
{
	struct msgs *l = *(struct msgs **)arg;
	struct msg *m;

	xgrow((void **)&l->m, &l->cap, l->n + 1, sizeof *l->m);
	m = &l->m[l->n++];
	m->warning = dm->warning;
	m->haspos = dm->pos != NULL;
	if (m->haspos)
		m->pos = *dm->pos;
	m->off = l->text.n;
	buf_add(&l->text, dm->text, strlen(dm->text) + 1);
}

/* Report the messages [from, to) of the list. */
static void
put_msgs(struct diag *d, const struct msgs *l, size_t from, size_t to)
{
	struct diag_msg dm;

	for (; from < to; from++) {
		dm.warning = l->m[from].warning;
		dm.pos = l->m[from].haspos ? &l->m[from].pos : NULL;
		dm.text = l->text.s + l->m[from].off;
		diag_put(d, &dm);
	}
}

/* One line of a batch: its application, or the messages of a bad one. */
struct line {
	struct pl_app app;
	size_t m0, m1;		/* its messages in the batch's list */
	int bad;
};

enum { B_FREE, B_QUEUED, B_PARSING, B_PARSED };

struct batch {
	int state;
	struct buf text;	/* lines read, from at */
	struct pos at;
	int rderr;		/* NJ_BAD or NJ_IOERR: the reader's messages */
	struct line *lines;
	size_t nlines, cap;
	struct pl_appbuf ab;	/* the lists of its applications */
	struct msgs msgs;
	struct json_object **objs;	/* parses its applications point into */
	size_t nobjs, capobjs;
};

struct parser {
	struct jobs *jb;
	pthread_t tid;
	struct nj_reader *r;	/* fed a batch at a time */
	struct diag d;		/* keeps messages in *into */
	struct msgs *into;
};

struct jobs {
	struct pl_placer *pc;
	struct nj_reader *r;
	struct diag rdiag;	/* the reader's: passes messages on, or */
	struct msgs rmsgs;	/* ... keeps them here while lines are in flight */
	int rkeep;
	pthread_mutex_t mu;
	pthread_cond_t work, done;
	struct batch *ring;
	size_t k;
	size_t head, tail;	/* in flight: ring[tail .. head), in order */
	size_t next;		/* the next batch to parse */
	struct batch *cur;	/* being filled */
	struct parser *self;	/* the placing thread's own parser */
	int quit;
};

#define RING(jb, i) (&(jb)->ring[(i) % (jb)->k])

/* Read the applications of a batch; done with what it held before. */
static void
parse(struct parser *p, struct batch *b)
{
	struct nj_value v;
	struct line *l;
	size_t i;
	int rc;

	for (i = 0; i < b->nobjs; i++)
		json_object_put(b->objs[i]);
	b->nobjs = b->nlines = 0;
	pl_appbuf_clear(&b->ab);
	p->into = &b->msgs;
	nj_feed(p->r, b->text.s, b->text.n, &b->at);
	while ((rc = nj_next(p->r, &v, NJ_RAW)) != NJ_EOF) {
		xgrow((void **)&b->lines, &b->cap, b->nlines + 1,
		    sizeof *b->lines);
		l = &b->lines[b->nlines++];
		l->m0 = b->msgs.n;
		l->bad = rc != NJ_VALUE ||
		    pl_app_read(&l->app, &b->ab, p->r, &v, &p->d) != NJ_VALUE;
		l->m1 = b->msgs.n;
		if (!l->bad && l->app.obj != NULL) {	/* keep its strings */
			xgrow((void **)&b->objs, &b->capobjs, b->nobjs + 1,
			    sizeof *b->objs);
			b->objs[b->nobjs++] = json_object_get(l->app.obj);
		}
	}
}

/* Take the next queued batch, if there is one; the lock is held. */
static struct batch *
claim(struct jobs *jb)
{
	struct batch *b = RING(jb, jb->next);

	if (jb->next == jb->head || b->state != B_QUEUED)
		return NULL;
	b->state = B_PARSING;
	jb->next++;
	return b;
}

/* Parse b outside the lock, then say so. */
static void
parse_claimed(struct parser *p, struct batch *b)
{
	struct jobs *jb = p->jb;

	pthread_mutex_unlock(&jb->mu);
	parse(p, b);
	pthread_mutex_lock(&jb->mu);
	b->state = B_PARSED;
}

static void *
work(void *arg)
{
	struct parser *p = arg;
	struct jobs *jb = p->jb;
	struct batch *b;

	pthread_mutex_lock(&jb->mu);
	for (;;) {
		while (!jb->quit && (b = claim(jb)) == NULL)
			pthread_cond_wait(&jb->work, &jb->mu);
		if (jb->quit)
			break;
		parse_claimed(p, b);
		pthread_cond_signal(&jb->done);
	}
	pthread_mutex_unlock(&jb->mu);
	return NULL;
}

/* Place and write the lines of a parsed batch, in order. */
static void
place(struct jobs *jb, struct batch *b)
{
	struct pl_placer *pc = jb->pc;
	size_t i;

	if (b->rderr) {
		put_msgs(pc->run->d, &b->msgs, 0, b->msgs.n);
		if (b->rderr == NJ_IOERR) {
			pc->status = EXIT_IOERR;
			pc->stop = 1;
		} else
			pl_placer_bad(pc);
		return;
	}
	for (i = 0; i < b->nlines && !pl_placer_done(pc); i++) {
		struct line *l = &b->lines[i];

		if (l->bad) {
			put_msgs(pc->run->d, &b->msgs, l->m0, l->m1);
			pl_placer_bad(pc);
		} else
			pl_placer_put(pc, &l->app);
	}
}

/* Place the oldest batch in flight (or drop it, when the run is over). */
static void
retire(struct jobs *jb)
{
	struct batch *b = RING(jb, jb->tail);

	if (!pl_placer_done(jb->pc))
		place(jb, b);
	b->state = B_FREE;
	jb->tail++;
}

/* Place the batches parsed so far, without waiting. */
static void
retire_parsed(struct jobs *jb)
{
	int parsed;

	for (;;) {
		pthread_mutex_lock(&jb->mu);
		parsed = jb->tail < jb->head && RING(jb, jb->tail)->state ==
		    B_PARSED;
		pthread_mutex_unlock(&jb->mu);
		if (!parsed)
			return;
		retire(jb);
	}
}

/* Place the oldest batch in flight, parsing here rather than waiting. */
static void
retire_oldest(struct jobs *jb)
{
	struct batch *b = RING(jb, jb->tail), *q;

	pthread_mutex_lock(&jb->mu);
	while (b->state != B_PARSED) {
		if ((q = claim(jb)) != NULL)
			parse_claimed(jb->self, q);
		else
			pthread_cond_wait(&jb->done, &jb->mu);
	}
	pthread_mutex_unlock(&jb->mu);
	retire(jb);
}

/* Queue the batch being filled (state B_QUEUED), or one that needs no
 * parsing (B_PARSED). */
static void
submit(struct jobs *jb, int state)
{
	pthread_mutex_lock(&jb->mu);
	jb->cur->state = state;
	if (state == B_QUEUED)
		pthread_cond_signal(&jb->work);
	pthread_mutex_unlock(&jb->mu);
	jb->cur = NULL;
	jb->head++;
}

/* The batch to fill: the current one, or a free one of the ring. */
static struct batch *
current(struct jobs *jb)
{
	struct batch *b;

	if (jb->cur != NULL)
		return jb->cur;
	retire_parsed(jb);
	if (jb->head - jb->tail == jb->k)
		retire_oldest(jb);
	b = jb->cur = RING(jb, jb->head);
	buf_clear(&b->text);
	b->nlines = 0;
	b->rderr = 0;
	b->msgs.n = 0;
	buf_clear(&b->msgs.text);
	return b;
}

/* Before the reader waits: finish everything in flight and flush. */
static void
idle(void *arg)
{
	struct jobs *jb = arg;

	if (jb->cur != NULL)
		submit(jb, B_QUEUED);
	while (jb->tail < jb->head)
		retire_oldest(jb);
	if (jb->pc->run->out != NULL)
		ob_flush_buf(jb->pc->run->out);
}

static void
read_all(struct jobs *jb)
{
	struct nj_value v;
	struct batch *b;
	struct msgs t;
	int rc;

	while (!pl_placer_done(jb->pc)) {
		if ((rc = nj_next(jb->r, &v, NJ_BLOCK)) == NJ_EOF)
			break;
		if (rc == NJ_VALUE) {
			b = current(jb);
			if (b->text.n == 0)
				b->at = v.pos;
			buf_add(&b->text, v.text, v.len);
			if (b->text.n >= BATCH_BYTES)
				submit(jb, B_QUEUED);
			continue;
		}
		if (jb->cur != NULL)	/* the lines before it go first */
			submit(jb, B_QUEUED);
		b = current(jb);	/* a batch of the reader's messages */
		b->rderr = rc;
		t = b->msgs;
		b->msgs = jb->rmsgs;
		jb->rmsgs = t;
		submit(jb, B_PARSED);
		if (rc == NJ_IOERR)
			break;
	}
	if (jb->cur != NULL)
		submit(jb, B_QUEUED);
	while (jb->tail < jb->head)
		retire_oldest(jb);
}

/*
 * The reader's messages: passed on at once, except while lines read
 * before them are in flight; then kept, to be reported in their place.
 */
static void
reader_msg(void *arg, const struct diag_msg *dm)
{
	struct jobs *jb = arg;
	struct msgs *l = &jb->rmsgs;

	if (jb->rkeep)
		keep_msg(&l, dm);
	else
		diag_put(jb->pc->run->d, dm);
}

static void
free_msgs(struct msgs *l)
{
	buf_free(&l->text);
	free(l->m);
}

static void
free_batch(struct batch *b)
{
	size_t i;

	for (i = 0; i < b->nobjs; i++)
		json_object_put(b->objs[i]);
	free(b->objs);
	buf_free(&b->text);
	free(b->lines);
	pl_appbuf_free(&b->ab);
	free_msgs(&b->msgs);
}

void
pl_jobs(struct pl_placer *pc, const char *path)
{
	struct pl_run *run = pc->run;
	struct jobs jb;
	struct parser *p;
	size_t i, n = (size_t)run->jobs - 1, started;
	int rc;

	memset(&jb, 0, sizeof jb);
	jb.pc = pc;
	jb.rdiag = *run->d;
	jb.rdiag.sink = reader_msg;
	jb.rdiag.sink_arg = &jb;
	if ((rc = nj_open(&jb.r, path, NJ_LINES, &jb.rdiag)) != 0) {
		pc->status = rc;
		return;
	}
	jb.k = RING_PER_JOB * (n + 1);
	jb.ring = xcalloc(jb.k, sizeof *jb.ring);
	pthread_mutex_init(&jb.mu, NULL);
	pthread_cond_init(&jb.work, NULL);
	pthread_cond_init(&jb.done, NULL);
	p = xcalloc(n + 1, sizeof *p);
	for (i = 0; i <= n; i++) {	/* p[n]: this thread's */
		p[i].jb = &jb;
		p[i].d = *run->d;
		p[i].d.sink = keep_msg;
		p[i].d.sink_arg = &p[i].into;
		p[i].r = nj_fdopen(-1, nj_name(jb.r), NJ_LINES, &p[i].d);
	}
	jb.self = &p[n];
	for (i = 0; i < n; i++)
		if ((errno = pthread_create(&p[i].tid, NULL, work, &p[i])) != 0) {
			diag_warn(run->d, POS_NONE, "cannot start parser thread "
			    "%zu of %zu: %s", i + 1, n, strerror(errno));
			break;
		}
	started = i;			/* none: this thread parses alone */
	jb.rkeep = 1;
	nj_set_idle(jb.r, idle, &jb);
	read_all(&jb);
	pthread_mutex_lock(&jb.mu);
	jb.quit = 1;
	pthread_cond_broadcast(&jb.work);
	pthread_mutex_unlock(&jb.mu);
	for (i = 0; i <= n; i++) {
		if (i < started)
			pthread_join(p[i].tid, NULL);
		nj_close(p[i].r);
	}
	free(p);
	for (i = 0; i < jb.k; i++)
		free_batch(&jb.ring[i]);
	free(jb.ring);
	free_msgs(&jb.rmsgs);
	nj_close(jb.r);
	pthread_mutex_destroy(&jb.mu);
	pthread_cond_destroy(&jb.work);
	pthread_cond_destroy(&jb.done);
}
