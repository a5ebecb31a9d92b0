/*
 * events.c - event replay (rh-load(1), EVENTS): node reports and the
 * container lifecycle applied to the model as Slider's application
 * master applies them: allocations answer requests, starts and
 * completions move the entry counters, exit statuses become outcomes.
 */
#include <stdlib.h>
#include <string.h>

#include "buffer.h"
#include "events.h"
#include "exitcode.h"
#include "fieldtab.h"
#include "jsonpos.h"
#include "jsonread.h"
#include "suggest.h"
#include "xalloc.h"

enum ev { EV_NODE, EV_ALLOCATED, EV_STARTED, EV_START_FAILED, EV_COMPLETED,
	EV_LIVE, EV_RESET, EV_N };

static const char *const ev_names[EV_N] = {
	"node", "allocated", "started", "start_failed", "completed", "live",
	"reset_failures"
};

/*
 * The fields of the events, in one table: the mode is the event's kind,
 * and a field exists (and is required) in the kinds of its bits. "event"
 * and "time" go with every one.
 */
#define K(k) (1 << (k))
#define ALLOC_HOST (K(EV_NODE) | K(EV_ALLOCATED) | K(EV_LIVE))
#define CONTAINER (K(EV_ALLOCATED) | K(EV_STARTED) | K(EV_START_FAILED) | \
	K(EV_COMPLETED) | K(EV_LIVE))
static const struct ft_field ev_f[] = {
	{ "event", FT_ANY, 0, 0, 0, NULL, NULL },
	{ "time", FT_TIME, 0, 0, 0, "milliseconds since the epoch", NULL },
	{ "host", FT_STR, 0, ALLOC_HOST, ALLOC_HOST, NULL, NULL },
	{ "state", FT_STR, 0, K(EV_NODE), K(EV_NODE), NULL, NULL },
	{ "label", FT_STR, FT_NULL, K(EV_NODE), 0, NULL, NULL },
	{ "container", FT_STR, 0, CONTAINER, CONTAINER, NULL, NULL },
	{ "priority", FT_LONG, 0, K(EV_ALLOCATED), 0, NULL, NULL },
	{ "role", FT_LONG, 0, K(EV_ALLOCATED) | K(EV_LIVE), K(EV_LIVE), NULL,
	    NULL },
	{ "exit_status", FT_LONG, 0, K(EV_COMPLETED), 0, NULL, NULL },
	{ "outcome", FT_STR, 0, K(EV_COMPLETED), 0, NULL, NULL }
};
enum { X_EVENT, X_TIME, X_HOST, X_STATE, X_LABEL, X_CONTAINER, X_PRIORITY,
	X_ROLE, X_EXIT, X_OUTCOME, X_N };

/* The table of each kind, for its name in messages. */
static const struct ft_table ev_tables[EV_N] = {
	FT_TABLE("a 'node' event", ev_f, 1),
	FT_TABLE("a 'allocated' event", ev_f, 1),
	FT_TABLE("a 'started' event", ev_f, 1),
	FT_TABLE("a 'start_failed' event", ev_f, 1),
	FT_TABLE("a 'completed' event", ev_f, 1),
	FT_TABLE("a 'live' event", ev_f, 1),
	FT_TABLE("a 'reset_failures' event", ev_f, 1)
};

enum outcome { O_COMPLETED, O_FAILED, O_NODE_FAILURE, O_PREEMPTED, O_LIMITS,
	O_N };
static const char *const o_names[O_N] = {
	"completed", "failed", "node_failure", "preempted", "limits_exceeded"
};

/* Running containers per role (Slider's "actual"), counted on first use. */
struct actual {
	int32_t role;
	int64_t n;
};

struct replay {
	struct rh *m;
	struct diag *d;
	struct nj_value *v;
	struct ft ft;
	struct actual *act;
	size_t nact, capact;
};

/* An exit status as an outcome, as Slider's ContainerOutcome.fromExitStatus. */
static enum outcome
from_exit(int64_t status)
{
	switch (status) {
	case 0: case -100: case -105: case -106: case -107:
		return O_COMPLETED;
	case -101:
		return O_NODE_FAILURE;
	case -102:
		return O_PREEMPTED;
	case -103: case -104:
		return O_LIMITS;
	default:
		return O_FAILED;
	}
}

static struct pos
at(const struct replay *x, const char *field)
{
	const char *path[1] = { field };

	return field ? rh_json_member(x->v, path, 1, 0) : x->v->pos;
}

/* ft's positions: a field's value, an unknown one's key, or the line. */
static struct pos
where(void *arg, const struct ft_err *e)
{
	const struct replay *x = arg;
	const char *path[1] = { e->name };

	if (e->code == FT_E_UNKNOWN)
		return rh_json_member(x->v, path, 1, 1);
	return at(x, e->code == FT_E_MISSING ? NULL : e->name);
}

static int64_t *
actual(struct replay *x, int32_t role)
{
	const struct rh *m = x->m;
	size_t i;
	uint32_t j;
	int64_t n = 0;

	for (i = 0; i < x->nact; i++)
		if (x->act[i].role == role)
			return &x->act[i].n;
	for (i = 0; i < m->nnodes; i++)
		for (j = 0; j < m->nodes[i].nent; j++)
			if (m->nodes[i].ent[j].role == role)
				n += m->nodes[i].ent[j].live +
				    m->nodes[i].ent[j].starting;
	xgrow((void **)&x->act, &x->capact, x->nact + 1, sizeof *x->act);
	x->act[x->nact].role = role;
	x->act[x->nact].n = n;
	return &x->act[x->nact++].n;
}

static void
dec(int32_t *c)
{
	if (*c > 0)
		(*c)--;
}

static void
drop_requests(struct rh *m, int32_t role, int aa_only)
{
	size_t i;

	for (i = 0; i < m->nreq; i++)
		if (!m->req[i].dead && (role < 0 || m->req[i].role == role) &&
		    (!aa_only || m->req[i].kind == RH_REQ_AA))
			rh_request_remove(m, &m->req[i]);
}

/*
 * Match an allocation to the request it answers, as Slider's request
 * tracker does, and remove it: the placed request for its host, else an
 * aa request listing the host, else the oldest open or escalated one
 * (of its priority, when the allocation gives one).
 */
static void
match(struct rh *m, int32_t role, uint32_t node, int have_prio, int64_t prio)
{
	struct rh_request *r = rh_request_placed(m, role, node);
	size_t i, j;

	if (r != NULL) {
		rh_request_remove(m, r);
		return;
	}
	for (i = 0; i < m->nreq; i++) {
		r = &m->req[i];
		if (r->dead || r->role != role || r->kind != RH_REQ_AA)
			continue;
		for (j = 0; j < r->nhosts; j++)
			if (r->hosts[j] == node) {
				rh_request_remove(m, r);
				return;
			}
	}
	for (i = 0; i < m->nreq; i++) {
		r = &m->req[i];
		if (r->dead || r->role != role || (r->kind != RH_REQ_OPEN &&
		    r->kind != RH_REQ_ESCALATED) ||
		    (have_prio && r->priority != prio))
			continue;
		rh_request_remove(m, r);
		return;
	}
}

static int
role_check(struct replay *x, const char *field, int64_t id)
{
	struct pos p;

	if (id < 0 || id >= RH_ROLE_LIMIT) {
		p = at(x, field);
		return diag_err(x->d, EXIT_DATAERR, &p, "role id %lld is out of "
		    "range (0 to 2^30-1)", (long long)id);
	}
	if (rh_role_by_id(x->m, (int32_t)id) == NULL && x->m->roles_given) {
		p = at(x, field);
		return diag_err(x->d, EXIT_DATAERR, &p, "unknown role %lld",
		    (long long)id);
	}
	rh_role_get(x->m, (int32_t)id);
	return 0;
}

/* A new container's id must be new. */
static int
fresh(struct replay *x, const char *cid)
{
	struct pos p;

	if (rh_container_find(x->m, cid) == NULL)
		return 0;
	p = at(x, "container");
	return diag_err(x->d, EXIT_DATAERR, &p, "container '%s' is already "
	    "known", cid);
}

static int
allocated(struct replay *x, const char *cid, const char *host, size_t hlen,
    int have_prio, int64_t prio, int have_role, int64_t role, int64_t t)
{
	struct rh *m = x->m;
	const struct rh_role *ro;
	struct rh_container *c;
	struct pos p;
	uint32_t node;
	int64_t *act, a;
	int rc;

	if (!have_prio && !have_role) {
		p = at(x, NULL);
		return diag_err(x->d, EXIT_DATAERR, &p, "an allocation needs "
		    "'priority' or 'role'");
	}
	if (have_prio && (prio < 0 || prio > INT32_MAX)) {
		p = at(x, "priority");
		return diag_err(x->d, EXIT_DATAERR, &p, "priority %lld is out of "
		    "range", (long long)prio);
	}
	if (have_prio && have_role && rh_priority_role(prio) != role) {
		p = at(x, "role");
		return diag_err(x->d, EXIT_DATAERR, &p, "role %lld does not match "
		    "priority %lld", (long long)role, (long long)prio);
	}
	if (have_prio)
		role = rh_priority_role(prio);
	if ((rc = role_check(x, have_role ? "role" : "priority", role)) != 0)
		return rc;
	if ((rc = fresh(x, cid)) != 0)
		return rc;
	node = rh_node_intern(m, host, hlen);
	match(m, (int32_t)role, node, have_prio, prio);
	ro = rh_role_by_id(m, (int32_t)role);
	act = actual(x, (int32_t)role);
	a = *act + 1;
	if (ro->desired >= 0 && ro->desired <= a)	/* fully allocated */
		drop_requests(m, (int32_t)role, 0);
	if (ro->desired >= 0 && a > ro->desired) {	/* surplus: release it */
		c = rh_container_add(m, cid, node, (int32_t)role, RH_C_RELEASING, t);
		c->surplus = 1;
		return 0;
	}
	rh_entry_get(m, node, (int32_t)role)->starting++;
	rh_container_add(m, cid, node, (int32_t)role, RH_C_ALLOCATED, t);
	*act = a;
	return 0;
}

/* A container event's container, or NULL after a warning. */
static struct rh_container *
find(struct replay *x, const char *cid, const char *what)
{
	struct rh_container *c = rh_container_find(x->m, cid);
	struct pos p;

	if (c == NULL) {
		p = at(x, "container");
		diag_warn(x->d, &p, "%s of unknown container '%s' ignored", what,
		    cid);
	}
	return c;
}

static void
started(struct replay *x, struct rh_container *c, int64_t t)
{
	struct rh_entry *e;
	struct pos p;

	if (c->surplus || c->state == RH_C_LIVE || c->state == RH_C_RELEASING) {
		p = at(x, "container");
		diag_warn(x->d, &p, "container '%s' is %s%s: start ignored", c->id,
		    c->surplus ? "surplus, " : "",
		    rh_name(RH_CSTATES, c->state));
		return;
	}
	e = rh_entry_get(x->m, c->node, c->role);
	dec(&e->starting);
	e->live++;
	e->untrusted = 0;
	c->state = RH_C_LIVE;
	c->since = t;
}

/* A start failure, or a failure of a short-lived container. */
static void
failed_start(struct rh_entry *e, const struct rh_container *c)
{
	dec(c->state == RH_C_LIVE ? &e->live : &e->starting);
	e->start_failed++;
	e->failed++;
	e->failed_recently++;
	e->untrusted = 1;
}

static void
gone(struct replay *x, struct rh_container *c)
{
	int64_t *act = actual(x, c->role);

	if (*act > 0)
		(*act)--;
	rh_container_remove(x->m, c);
}

static void
start_failed(struct replay *x, struct rh_container *c)
{
	if (!c->surplus)
		failed_start(rh_entry_get(x->m, c->node, c->role), c);
	if (c->surplus)
		rh_container_remove(x->m, c);
	else
		gone(x, c);
}

static void
completed(struct replay *x, struct rh_container *c, enum outcome o, int64_t t)
{
	struct rh_entry *e;

	if (c->surplus) {
		rh_container_remove(x->m, c);
		return;
	}
	e = rh_entry_get(x->m, c->node, c->role);
	if (c->state == RH_C_RELEASING) {	/* a release completed */
		dec(&e->releasing);
		dec(&e->live);
		e->untrusted = 0;
	} else if (c->state != RH_C_LIVE || t - c->since < RH_SHORT_LIVED_MS) {
		failed_start(e, c);		/* short-lived: outcome ignored */
		gone(x, c);
		return;
	} else {
		dec(&e->live);
		if (o == O_FAILED || o == O_NODE_FAILURE) {
			e->failed++;
			e->failed_recently++;
		} else if (o == O_PREEMPTED)
			e->preempted++;
	}
	if ((int64_t)e->live + e->starting + e->requested - e->releasing <= 0)
		e->last_used = t;
	gone(x, c);
}

static int
live(struct replay *x, const char *cid, const char *host, size_t hlen,
    int64_t role, int64_t t)
{
	struct rh *m = x->m;
	struct rh_entry *e;
	uint32_t node;
	int rc;

	if ((rc = role_check(x, "role", role)) != 0 || (rc = fresh(x, cid)) != 0)
		return rc;
	node = rh_node_intern(m, host, hlen);
	e = rh_entry_get(m, node, (int32_t)role);
	e->live++;
	e->last_used = t;
	e->untrusted = 0;
	rh_container_add(m, cid, node, (int32_t)role, RH_C_LIVE, t);
	(*actual(x, (int32_t)role))++;
	return 0;
}

static int
node(struct replay *x, const char *host, size_t hlen, const char *state,
    const char *label)
{
	struct rh *m = x->m;
	struct rh_node *n;
	int st = rh_value(RH_NSTATES, state), was_online, changed;
	uint32_t i;

	if (st < 0) {
		struct pos p = at(x, "state");

		return diag_err(x->d, EXIT_DATAERR, &p, "'%s' is not a YARN node "
		    "state", state);
	}
	changed = (i = rh_node_find(m, host, hlen)) == RH_NONE;
	if (changed)
		i = rh_node_intern(m, host, hlen);
	n = rh_node(m, i);
	was_online = rh_node_online(n);
	if (label != NULL && *label == '\0')
		label = NULL;
	n->state = (uint8_t)st;
	n->reported = 1;
	if (rh_node_online(n) && (!was_online || (label == NULL) !=
	    (n->label == NULL) || (label && strcmp(label, n->label) != 0)))
		changed = 1;
	rh_node_set_label(n, label);
	/* A changed cluster makes anti-affinity requests stale (Slider cancels them). */
	if (changed)
		drop_requests(m, -1, 1);
	return 0;
}

/* An event of no kind we know: the one it is likely to be, or all. */
static int
unknown_event(struct replay *x, const char *name)
{
	const char *near = sg_closest(name, ev_names, EV_N);
	struct pos p = at(x, "event");
	struct buf b = { 0 };
	int k, rc;

	if (near != NULL)
		return diag_err(x->d, EXIT_DATAERR, &p, "unknown event '%s' "
		    "(did you mean '%s'?)", name, near);
	for (k = 0; k < EV_N; k++)
		buf_printf(&b, "%s%s", k == 0 ? "" : k == EV_N - 1 ? " and " :
		    ", ", ev_names[k]);
	rc = diag_err(x->d, EXIT_DATAERR, &p, "unknown event '%s'; known are "
	    "%s", name, b.s);
	buf_free(&b);
	return rc;
}

/* One event line. */
static int
event(struct replay *x, int64_t now)
{
	struct json_object *o = x->v->obj, *ev = NULL;
	struct ft_val fv[X_N];
	const char *name;
	int64_t t;
	struct rh_container *c;
	struct pos p;
	int k, i;

	if (!json_object_object_get_ex(o, "event", &ev) ||
	    (name = ft_json_str(ev, NULL)) == NULL) {
		p = at(x, ev ? "event" : NULL);
		return diag_err(x->d, EXIT_DATAERR, &p, "an event needs \"event\": "
		    "its kind as a string");
	}
	for (k = 0; k < EV_N && strcmp(name, ev_names[k]) != 0; k++)
		;
	if (k == EV_N)
		return unknown_event(x, name);
	x->ft.mode = K(k);
	ft_begin(&x->ft, &ev_tables[k], fv);
	{
		json_object_object_foreach(o, key, v)
			if (ft_json(&x->ft, key, v) == FT_ERR)
				return x->ft.rc;
	}
	if (ft_end(&x->ft) != 0)
		return x->ft.rc;
	t = fv[X_TIME].seen ? fv[X_TIME].i : now;
	switch (k) {
	case EV_NODE:
		return node(x, fv[X_HOST].s, fv[X_HOST].n, fv[X_STATE].s,
		    fv[X_LABEL].s);
	case EV_ALLOCATED:
		return allocated(x, fv[X_CONTAINER].s, fv[X_HOST].s,
		    fv[X_HOST].n,
		    fv[X_PRIORITY].seen, fv[X_PRIORITY].i, fv[X_ROLE].seen,
		    fv[X_ROLE].i, t);
	case EV_LIVE:
		return live(x, fv[X_CONTAINER].s, fv[X_HOST].s, fv[X_HOST].n,
		    fv[X_ROLE].i, t);
	case EV_RESET:
		rh_reset_failures(x->m);
		return 0;
	case EV_COMPLETED: {
		enum outcome oc = O_COMPLETED;

		if (fv[X_EXIT].seen == fv[X_OUTCOME].seen) {
			p = at(x, NULL);
			return diag_err(x->d, EXIT_DATAERR, &p, "a 'completed' event "
			    "needs one of 'exit_status' and 'outcome'");
		}
		if (fv[X_EXIT].seen)
			oc = from_exit(fv[X_EXIT].i);
		else {
			for (i = 0; i < O_N &&
			    strcmp(fv[X_OUTCOME].s, o_names[i]) != 0; i++)
				;
			if (i == O_N) {
				p = at(x, "outcome");
				return diag_err(x->d, EXIT_DATAERR, &p, "'%s' is not an "
				    "outcome (completed, failed, node_failure, "
				    "preempted, limits_exceeded)",
				    fv[X_OUTCOME].s);
			}
			oc = (enum outcome)i;
		}
		if ((c = find(x, fv[X_CONTAINER].s, "completion")) != NULL)
			completed(x, c, oc, t);
		return 0;
	}
	case EV_STARTED:
		if ((c = find(x, fv[X_CONTAINER].s, "start")) != NULL)
			started(x, c, t);
		return 0;
	default:
		if ((c = find(x, fv[X_CONTAINER].s, "start failure")) != NULL)
			start_failed(x, c);
		return 0;
	}
}

int
rh_replay_events(struct rh *m, const char *path, int64_t now, struct diag *d)
{
	struct nj_reader *nj;
	struct nj_value v;
	struct replay x;
	int rc;

	if ((rc = nj_open(&nj, path, NJ_LINES, d)) != 0)
		return rc;
	memset(&x, 0, sizeof x);
	x.m = m;
	x.d = d;
	x.v = &v;
	ft_init(&x.ft, d, EXIT_DATAERR, where, &x);
	while ((rc = nj_next(nj, &v, 0)) == NJ_VALUE)
		if ((rc = event(&x, now)) != 0)
			break;
	if (rc < 0)
		rc = nj_status(rc);
	free(x.act);
	nj_close(nj);
	return rc;
}
