/*
 * jobs.c - placectl -j: the applications of a run read by several
 * threads, placed in input order (jobs.h).
 *
 * The input goes through a ring of batches, each a copy of whole lines
 * (nj_next with NJ_BLOCK) that owns the applications read from it and
 * everything they point to. A batch is read (in input order), parsed
 * (nj_feed, pl_app_read: in any order, by any thread) and placed (in
 * input order), then its slot is free again. Reading and placing are
 * done by one thread at a time, parsing by all at once; no thread is
 * tied to a stage. A thread places what is parsed first (a batch it has
 * just parsed is still in its cache), keeps the ring fed, parses, and
 * sleeps only when there is nothing it may do: so when the machine is
 * busy and some of the threads get no time, the others do their work.
 *
 * Helping is not always faster: placing stays on one thread at a time,
 * and on a machine whose cores are all taken, the threads of -j N share
 * them with each other as much as with the rest, so that the placing
 * thread gets less time than one thread alone would. So the run measures
 * itself: every so many lines it places a window of them with the
 * helpers and one with this thread alone (the others wait; it reads and
 * places a line at a time, as -j 1 does), then goes on in the faster way
 * for a while, and measures again. It measures only when the other work
 * of the machine leaves a core for a helper (cpuload.h); else this
 * thread works alone until the next time it looks, and the helpers, the
 * ring and their readers are not even made until they may help. Either
 * way the output is the same; what changes is only who does the work.
 *
 * Messages go where the lines go: a parser's diag keeps them in the batch
 * it parses, the reader's in the batch being read, and whoever places the
 * batch reports them in input order.
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <time.h>

#include "cpuload.h"
#include "exitcode.h"
#include "jobs.h"
#include "jsonread.h"
#include "xalloc.h"

#define BATCH_BYTES (32 * 1024)	/* a batch is queued once it has this */
#define RING_PER_JOB 8		/* batches in flight per thread */
#define WINDOW (4 << 20)	/* bytes placed in one measured window */
#define EPOCH 16		/* windows from one pair of probes to the next */
#define LOOK (1 << 20)		/* bytes from one look at the cores to the next */

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
	struct pl_appin app;
	size_t m0, m1;		/* its messages in the batch's list */
	int bad;
};

enum { B_FREE, B_QUEUED, B_PARSING, B_PARSED };

struct batch {
	int state;
	struct buf text;	/* lines read, from at */
	struct pos at;
	int rderr;		/* after the lines, the reader's NJ_BAD or */
	size_t rd0, rd1;	/* ... NJ_IOERR, its messages in msgs */
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

/* The lock guards all but what a token's holder alone touches. */
struct jobs {
	struct pl_placer *pc;	/* the placing token's */
	struct nj_reader *r;	/* the reading token's, with: */
	struct diag rdiag;	/* its diag: passes messages on, or */
	struct msgs rmsgs;	/* ... keeps them here once lines are read */
	int rkeep;
	struct batch *fill;	/* the batch being read */
	struct parser *rp;	/* the reading thread's parser */
	pthread_mutex_t mu;
	pthread_cond_t cv;	/* something changed */
	struct batch *ring;
	size_t k, nthreads;
	size_t head, tail;	/* queued or later: ring[tail .. head) */
	size_t next;		/* the next to parse */
	int reading, placing;	/* the tokens are taken */
	int end;		/* nothing more to read */
	int stopped;		/* nothing more to place: the run is over */
	struct parser *main;	/* the thread that called pl_jobs */
	struct parser *helper;	/* the others, nhelp of them, started with
				   the ring (nthreads - 1 of them) */
	size_t nhelp;
	size_t waiting;		/* threads waiting for a change */
	enum pl_jobsmode mode;
	struct cpu_load load;	/* where AUTO looks */
	int solo;		/* it works alone: the others wait */
	struct pl_appbuf ab;	/* the lines it reads so */
	/* the placing token's: how fast each way is (see the top) */
	size_t warm;		/* batches made the other way, not timed */
	size_t nplaced;		/* bytes placed in this window */
	unsigned window;	/* windows of this epoch so far */
	int looking;		/* alone: the cores were taken at the last look */
	struct timespec t0;	/* this window began */
	double secs[2];		/* the probes' times: with helpers, alone */
};

#define RING(jb, i) (&(jb)->ring[(i) % (jb)->k])

/* Let go of the parses the batch's applications pointed into. */
static void
drop_objs(struct batch *b)
{
	while (b->nobjs > 0)
		json_object_put(b->objs[--b->nobjs]);
}

/* Read the applications of a batch; done with what it held before. */
static void
parse(struct parser *p, struct batch *b)
{
	struct nj_value v;
	struct line *l;
	int rc;

	drop_objs(b);
	b->nlines = 0;
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

/* Place and write the lines of a parsed batch, in order, unless the run
 * is over; then its reader's error. */
static void
place(struct jobs *jb, struct batch *b)
{
	struct pl_placer *pc = jb->pc;
	size_t i;

	for (i = 0; i < b->nlines && !pl_placer_done(pc); i++) {
		struct line *l = &b->lines[i];

		if (l->bad) {
			put_msgs(pc->run->d, &b->msgs, l->m0, l->m1);
			pl_placer_bad(pc);
		} else
			pl_placer_put(pc, &l->app);
	}
	if (b->rderr == 0 || pl_placer_done(pc))
		return;
	put_msgs(pc->run->d, &b->msgs, b->rd0, b->rd1);
	if (b->rderr == NJ_IOERR) {
		pc->status = EXIT_IOERR;
		pc->stop = 1;
	} else
		pl_placer_bad(pc);
}

/* The batch to read into, from a free slot. The reading token is held. */
static struct batch *
fill_start(struct jobs *jb)
{
	struct batch *b = jb->fill = RING(jb, jb->head);

	buf_clear(&b->text);
	b->rderr = 0;
	b->msgs.n = 0;
	buf_clear(&b->msgs.text);
	return b;
}

/*
 * After a piece of work or a batch queued by self, the lock held: wake a
 * sleeping thread when there is work for two (the caller goes on with
 * one); all of them when the reading is over, or the ring empty (what
 * idle() and the end wait for). When one thread works alone, only what
 * it may be waiting for: a helper's last piece of work, or a helper that
 * holds the reading token waiting in idle(). Waking one for nothing
 * costs two context switches, and each is a wait for a core when the
 * machine is busy.
 */
static void
wake(struct jobs *jb, const struct parser *self)
{
	size_t n = jb->head - jb->next;		/* to parse */
	int empty = jb->tail == jb->head;

	if (jb->end || jb->stopped || (jb->solo ? self != jb->main ||
	    (empty && jb->reading && jb->rp != self) : empty)) {
		pthread_cond_broadcast(&jb->cv);
		return;
	}
	if (jb->solo)
		return;
	n += !jb->placing && RING(jb, jb->tail)->state == B_PARSED;
	n += !jb->reading && jb->head - jb->tail < jb->k &&
	    jb->head - jb->next < jb->nthreads;
	if (n >= 2)
		pthread_cond_signal(&jb->cv);
}

/* Queue the batch being read; the lock is held. */
static void
fill_queue(struct jobs *jb)
{
	jb->fill->state = B_QUEUED;
	jb->fill = NULL;
	jb->head++;
	wake(jb, jb->rp);
}

/* Is the run over? */
static int
stopped(struct jobs *jb)
{
	int s;

	pthread_mutex_lock(&jb->mu);
	s = jb->stopped;
	pthread_mutex_unlock(&jb->mu);
	return s;
}

/* Read a batch, holding the reading token (not the lock). */
static void
read_batch(struct jobs *jb)
{
	struct nj_value v;
	struct batch *b;
	struct msgs t;
	int rc;

	fill_start(jb);
	while (jb->fill != NULL) {
		rc = nj_next(jb->r, &v, NJ_BLOCK);
		if ((b = jb->fill) == NULL)	/* idle queued it: the ring is empty */
			b = fill_start(jb);
		if (rc == NJ_VALUE) {
			if (b->text.n == 0)
				b->at = v.pos;
			buf_add(&b->text, v.text, v.len);
			if (b->text.n < BATCH_BYTES && !stopped(jb))
				continue;
		} else if (rc != NJ_EOF) {	/* after the lines before it */
			b->rderr = rc;
			b->rd0 = b->msgs.n;
			t = b->msgs;		/* b's list is empty: swap */
			b->msgs = jb->rmsgs;
			jb->rmsgs = t;
			b->rd1 = b->msgs.n;
		}
		pthread_mutex_lock(&jb->mu);
		if (rc == NJ_EOF || rc == NJ_IOERR)
			jb->end = 1;
		if (b->text.n > 0 || b->rderr != 0)
			fill_queue(jb);
		else
			jb->fill = NULL;
		pthread_mutex_unlock(&jb->mu);
	}
}

static double
since(const struct timespec *t0)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)(t.tv_sec - t0->tv_sec) +
	    (double)(t.tv_nsec - t0->tv_nsec) / 1e9;
}

static void *work(void *);

/*
 * Start the helpers, the first time only, the lock held; then the ring
 * is made, and every thread needs a reader of its own. Are there any?
 * (Until then the thread works alone, and nothing of theirs is made.)
 */
static int
helpers(struct jobs *jb)
{
	struct pl_run *run = jb->pc->run;
	struct parser *p = jb->helper;
	size_t i;

	if (jb->ring != NULL)		/* tried before */
		return jb->nthreads > 1;
	jb->k = RING_PER_JOB * (jb->nhelp + 1);
	jb->ring = xcalloc(jb->k, sizeof *jb->ring);
	for (i = 0; i <= jb->nhelp; i++) {	/* p[nhelp]: main's */
		p[i].r = nj_fdopen(-1, nj_name(jb->r), NJ_LINES, &p[i].d);
		pl_app_lines(p[i].r);
	}
	for (i = 0; i < jb->nhelp; i++)
		if ((errno = pthread_create(&jb->helper[i].tid, NULL, work,
		    &jb->helper[i])) != 0) {
			diag_warn(run->d, POS_NONE, "cannot start parser thread "
			    "%zu of %zu: %s", i + 1, jb->nhelp, strerror(errno));
			break;
		}
	jb->nthreads = i + 1;
	return i > 0;
}

/*
 * Is a core left for a helper? (cpu_left: the cores the other threads of
 * the machine leave to ours; a system that does not say, yes, and the
 * probes tell.) The lock held.
 */
static int
core_left(const struct jobs *jb)
{
	int left;

	if (jb->mode == PL_JOBS_MEASURE)
		return 1;
	left = cpu_left(&jb->load, (int)(jb->nthreads - jb->waiting));
	return left < 0 || left >= 2;
}

/*
 * Between epochs, the lock held: begin one, its first window with the
 * helpers (started if need be), if a core is left for them; else work
 * alone and look again LOOK bytes later. A look sees one moment, and
 * often a core taken only for a moment (the parent of a command just
 * started, before it waits), hence looking again soon.
 */
static void
look(struct jobs *jb)
{
	jb->solo = jb->looking = !(core_left(jb) && helpers(jb));
	jb->window = 0;
}

/*
 * A batch of len bytes was placed, the lock held (the lines the thread
 * alone places directly count as one). Looking, every LOOK bytes: see
 * look(). At the end of a window: the first two of an epoch are the
 * probes, with helpers, then alone; the rest go the faster way (with the
 * helpers, unless alone gains a tenth); after the last, look. A change
 * wakes the helpers, or has them wait, and the next window's clock
 * starts a ring's worth of batches later: those already in the ring were
 * made the other way (what the helpers parsed ahead would make the thread
 * alone look faster than it is), and the helpers take that long to fill
 * it again. Nothing to measure with all threads always, or none started.
 */
static void
measure(struct jobs *jb, size_t len)
{
	int was = jb->solo;

	if (jb->mode == PL_JOBS_ALWAYS || (jb->ring != NULL && jb->nthreads == 1))
		return;
	if (jb->warm > 0) {
		if (--jb->warm == 0)
			clock_gettime(CLOCK_MONOTONIC, &jb->t0);
		return;
	}
	jb->nplaced += len;
	if (jb->looking) {
		if (jb->nplaced < LOOK)
			return;
		look(jb);
	} else {
		if (jb->nplaced < WINDOW)
			return;
		if (jb->window < 2)
			jb->secs[jb->window] = since(&jb->t0);
		if (++jb->window == EPOCH)
			look(jb);
		else if (jb->window == 1)
			jb->solo = 1;		/* the second probe */
		else	/* a core was left for them: helpers unless clearly
			   slower (a machine busier than it looked) */
			jb->solo = jb->secs[1] * 1.1 < jb->secs[0];
	}
	if (jb->solo != was) {
		pthread_cond_broadcast(&jb->cv);
		jb->warm = jb->k;
	}
	jb->nplaced = 0;
	clock_gettime(CLOCK_MONOTONIC, &jb->t0);
}

/* Place the parsed batches at the tail, holding the placing token. */
static void
place_ready(struct jobs *jb)
{
	struct batch *b = RING(jb, jb->tail);

	do {
		pthread_mutex_unlock(&jb->mu);
		place(jb, b);
		pthread_mutex_lock(&jb->mu);
		if (pl_placer_done(jb->pc))
			jb->stopped = jb->end = 1;
		b->state = B_FREE;
		jb->tail++;
		measure(jb, b->text.n);
		b = RING(jb, jb->tail);
	} while (jb->tail < jb->head && b->state == B_PARSED);
}

/* Read a batch: take the reading token, the lock held. */
static void
take_read(struct parser *p)
{
	struct jobs *jb = p->jb;

	jb->reading = 1;
	jb->rp = p;
	pthread_mutex_unlock(&jb->mu);
	read_batch(jb);
	pthread_mutex_lock(&jb->mu);
	jb->reading = 0;
}

/* Parse the next queued batch, the lock held. */
static void
take_parse(struct parser *p)
{
	struct jobs *jb = p->jb;
	struct batch *b = RING(jb, jb->next++);
	int skip = jb->stopped;

	b->state = B_PARSING;
	pthread_mutex_unlock(&jb->mu);
	if (!skip)
		parse(p, b);
	pthread_mutex_lock(&jb->mu);
	b->state = B_PARSED;
}

int
pl_jobs_line(struct pl_placer *pc, struct nj_reader *r, struct pl_appbuf *ab,
    size_t *len)
{
	struct nj_value v;
	struct pl_appin a;
	int rc;

	if ((rc = nj_next(r, &v, NJ_RAW)) == NJ_EOF)
		return rc;
	if (rc == NJ_IOERR) {
		pc->status = EXIT_IOERR;
		return rc;
	}
	pl_appbuf_clear(ab);
	if (rc == NJ_VALUE) {
		*len += v.len;
		rc = pl_app_read(&a, ab, r, &v, pc->run->d);
	}
	if (rc == NJ_VALUE)
		pl_placer_put(pc, &a);
	else
		pl_placer_bad(pc);
	return rc;
}

static void idle(void *);

/*
 * The thread alone, with nothing in the ring: the lines up to the end of
 * the window or the next look (while warming up, a batch's worth) read
 * and placed as one thread does (pl_jobs_line; the output flushed before
 * each read, not idle()), holding both tokens, the reader's messages
 * passed on at once. Copying the lines into a batch and finding them
 * again costs a twentieth of the work, and coming back here every batch
 * a hundredth, which alone on a busy machine is what -j N would lose to
 * -j 1.
 */
static void
direct(struct jobs *jb)
{
	struct pl_placer *pc = jb->pc;
	size_t len = 0, want = jb->warm > 0 ? BATCH_BYTES :
	    (jb->looking ? LOOK : WINDOW) - jb->nplaced;
	int rc = NJ_VALUE;

	jb->reading = jb->placing = 1;
	jb->rp = jb->main;
	jb->rkeep = 0;
	pthread_mutex_unlock(&jb->mu);
	nj_set_idle(jb->r, NULL, NULL);
	nj_set_flush(jb->r, pc->run->out);
	while (len < want && !pl_placer_done(pc) &&
	    (rc = pl_jobs_line(pc, jb->r, &jb->ab, &len)) != NJ_EOF &&
	    rc != NJ_IOERR)
		;
	nj_set_flush(jb->r, NULL);
	nj_set_idle(jb->r, idle, jb);
	pthread_mutex_lock(&jb->mu);
	jb->rkeep = 1;
	jb->reading = jb->placing = 0;
	if (rc == NJ_IOERR)
		pc->stop = 1;
	if (rc == NJ_EOF || pl_placer_done(pc))
		jb->end = 1;
	if (pl_placer_done(pc))
		jb->stopped = 1;
	measure(jb, len);
}

/*
 * Do one piece of work, the lock held: place what is parsed; read while
 * fewer batches wait to be parsed than there are threads at work (one
 * when alone: reading ahead only evicts what is in the cache; may_read:
 * the caller is not reading already); parse. 0 when there is nothing to
 * do.
 */
static int
step(struct parser *p, int may_read)
{
	struct jobs *jb = p->jb;

	if (jb->solo && p == jb->main && may_read && !jb->reading &&
	    !jb->end && jb->tail == jb->head)
		direct(jb);
	else if (!jb->placing && jb->tail < jb->head &&
	    RING(jb, jb->tail)->state == B_PARSED) {
		jb->placing = 1;
		place_ready(jb);
		jb->placing = 0;
	} else if (may_read && !jb->reading && !jb->end &&
	    jb->head - jb->tail < jb->k &&
	    jb->head - jb->next < (jb->solo ? 1 : jb->nthreads))
		take_read(p);
	else if (jb->next < jb->head)
		take_parse(p);
	else
		return 0;
	wake(jb, p);
	return 1;
}

/* Wait for a change, the lock held, counted (core_left's own threads). */
static void
wait_cv(struct jobs *jb)
{
	jb->waiting++;
	pthread_cond_wait(&jb->cv, &jb->mu);
	jb->waiting--;
}

/* Is everything read and placed? */
static int
finished(const struct jobs *jb)
{
	return jb->end && !jb->reading && jb->tail == jb->head;
}

static void *
work(void *arg)
{
	struct parser *p = arg;
	struct jobs *jb = p->jb;

	pthread_mutex_lock(&jb->mu);
	while (!finished(jb))
		if ((jb->solo && p != jb->main) || !step(p, 1))
			wait_cv(jb);
	pthread_mutex_unlock(&jb->mu);
	return NULL;
}

/*
 * Before the reader waits for input: have everything read so far placed,
 * helping, and the output flushed. The reading token is held.
 */
static void
idle(void *arg)
{
	struct jobs *jb = arg;

	pthread_mutex_lock(&jb->mu);
	if (jb->fill->text.n > 0)
		fill_queue(jb);
	while (jb->tail < jb->head || jb->placing)
		if (!step(jb->rp, 0))
			wait_cv(jb);
	if (jb->pc->run->out != NULL)
		ob_flush_buf(jb->pc->run->out);
	pthread_mutex_unlock(&jb->mu);
}

/*
 * The reader's messages: passed on at once until lines are read; then
 * kept, to be reported in their place.
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
	drop_objs(b);
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
	size_t i, n = (size_t)run->jobs - 1;
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
	jb.rkeep = 1;
	pl_app_lines(jb.r);
	nj_set_idle(jb.r, idle, &jb);
	pthread_mutex_init(&jb.mu, NULL);
	pthread_cond_init(&jb.cv, NULL);
	p = xcalloc(n + 1, sizeof *p);
	for (i = 0; i <= n; i++) {	/* p[n]: this thread's */
		p[i].jb = &jb;
		p[i].d = *run->d;
		p[i].d.sink = keep_msg;
		p[i].d.sink_arg = &p[i].into;
	}
	jb.main = &p[n];
	jb.helper = p;
	jb.nhelp = n;
	jb.nthreads = 1;
	jb.mode = run->jobs_mode;
	jb.load.fd = -1;
	if (jb.mode == PL_JOBS_AUTO)
		cpu_open(&jb.load);
	pthread_mutex_lock(&jb.mu);
	if (jb.mode == PL_JOBS_ALWAYS)
		jb.solo = !helpers(&jb);
	else
		look(&jb);
	if (!jb.solo)	/* time the helpers once they have filled the ring */
		jb.warm = jb.k;
	clock_gettime(CLOCK_MONOTONIC, &jb.t0);
	pthread_mutex_unlock(&jb.mu);
	work(&p[n]);
	for (i = 0; i <= n; i++) {
		if (i + 1 < jb.nthreads)
			pthread_join(p[i].tid, NULL);
		nj_close(p[i].r);
	}
	free(p);
	for (i = 0; i < jb.k; i++)
		free_batch(&jb.ring[i]);
	free(jb.ring);
	free_msgs(&jb.rmsgs);
	pl_appbuf_free(&jb.ab);
	nj_close(jb.r);
	cpu_close(&jb.load);
	pthread_mutex_destroy(&jb.mu);
	pthread_cond_destroy(&jb.cv);
}
