/*
 * records.c - the records of a history file (records.h): their field
 * tables, what each record does to the save, the file's grammar for the
 * records read through json-c, and Slider's records as sliderread.c
 * decoded them.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exitcode.h"
#include "jsonpos.h"
#include "reader.h"
#include "records.h"
#include "xalloc.h"

#define SLIDER_NS "org.apache.slider.server.avro."
#define PK_NS "placekit."

enum rtype {
	R_ENTRY, R_HEADER, R_MAPPING, R_FOOTER,	/* Slider's four */
	R_ROLE, R_NODE, R_CONTAINER, R_REQUEST,	/* placekit state */
	R_RELEASE, R_CANCEL,			/* placekit decisions */
	R_NTYPES
};

static const char *const rtype_names[R_NTYPES] = {
	SLIDER_NS "NodeEntryRecord", SLIDER_NS "RoleHistoryHeader",
	SLIDER_NS "RoleHistoryMapping", SLIDER_NS "RoleHistoryFooter",
	PK_NS "Role", PK_NS "Node", PK_NS "Container", PK_NS "Request",
	PK_NS "Release", PK_NS "Cancel"
};

/*
 * The modes of the tables: Slider's fields only, all of them required
 * (RH_REC_STRICT, for Slider's fast path in sliderread.c), or placekit's
 * reading, where a header's savedx, savedate and roles may be missing and
 * a NodeEntryRecord may have counters.
 */
#define M_LAX		RH_REC_LAX
#define M_STRICT	RH_REC_STRICT
#define SL	0, FT_ALL	/* Slider's, required */
#define SL_OPT	0, M_STRICT	/* Slider's, required by Slider only */
#define PK_REQ	0, FT_ALL	/* placekit's, required */
#define PK_OPT	0, 0		/* placekit's, optional */
#define COUNTER	M_LAX, 0	/* a state stream's counter */

#define F(name, kind, modes)	{ name, kind, 0, modes, NULL, NULL }
#define FN(name, kind, modes)	{ name, kind, FT_NULL, modes, NULL, NULL }

static const struct ft_field entry_f[] = {
	F("host", FT_STR, SL), F("role", FT_INT, SL),
	F("active", FT_BOOL, SL), F("last_used", FT_LONG, SL),
	F("requested", FT_COUNT, COUNTER), F("starting", FT_COUNT, COUNTER),
	F("live", FT_COUNT, COUNTER), F("releasing", FT_COUNT, COUNTER),
	F("failed", FT_COUNT, COUNTER), F("failed_recently", FT_COUNT, COUNTER),
	F("start_failed", FT_COUNT, COUNTER), F("preempted", FT_COUNT, COUNTER),
	F("untrusted", FT_BOOL, COUNTER)
};

static const struct ft_field header_f[] = {
	F("version", FT_INT, SL), F("saved", FT_LONG, SL),
	F("savedx", FT_STR, SL_OPT), F("savedate", FT_STR, SL_OPT),
	F("roles", FT_INT, SL_OPT)
};
enum { H_VERSION, H_SAVED, H_SAVEDX, H_SAVEDATE, H_ROLES };

static const struct ft_field mapping_f[] = { F("rolemap", FT_MAP, SL) };
static const struct ft_field footer_f[] = { F("count", FT_LONG, SL) };

static const struct ft_field role_f[] = {
	F("name", FT_STR, PK_REQ), F("id", FT_INT, PK_REQ),
	F("desired", FT_LONG, PK_OPT), F("policy", FT_INT, PK_OPT),
	F("failure_threshold", FT_LONG, PK_OPT),
	F("escalate_ms", FT_LONG, PK_OPT), FN("label", FT_STR, PK_OPT)
};
enum { RO_NAME, RO_ID, RO_DESIRED, RO_POLICY, RO_THRESHOLD, RO_ESCALATE,
	RO_LABEL };

static const struct ft_field node_f[] = {
	F("host", FT_STR, PK_REQ), F("state", FT_STR, PK_OPT),
	FN("label", FT_STR, PK_OPT)
};
enum { N_HOST, N_STATE, N_LABEL };

static const struct ft_field container_f[] = {
	F("id", FT_STR, PK_REQ), F("host", FT_STR, PK_REQ),
	F("role", FT_INT, PK_REQ), F("state", FT_STR, PK_REQ),
	F("since", FT_TIME, PK_REQ), F("surplus", FT_BOOL, PK_OPT)
};
enum { C_ID, C_HOST, C_ROLE, C_STATE, C_SINCE, C_SURPLUS };

static const struct ft_field request_f[] = {
	F("role", FT_INT, PK_REQ), F("kind", FT_STR, PK_REQ),
	FN("host", FT_STR, PK_OPT), F("hosts", FT_SEQ, PK_OPT),
	FN("label", FT_STR, PK_OPT), F("priority", FT_LONG, PK_OPT),
	F("issued", FT_TIME, PK_REQ), F("deadline", FT_TIME, PK_OPT)
};
enum { Q_ROLE, Q_KIND, Q_HOST, Q_HOSTS, Q_LABEL, Q_PRIORITY, Q_ISSUED,
	Q_DEADLINE };

const struct ft_table rh_rec_entry_table =
    FT_TABLE("NodeEntryRecord", entry_f, 0);

/* The records' tables, by type; the decisions have no fields. */
static const struct ft_table tables[R_NTYPES] = {
	FT_TABLE("NodeEntryRecord", entry_f, 0),
	FT_TABLE("RoleHistoryHeader", header_f, 0),
	FT_TABLE("RoleHistoryMapping", mapping_f, 0),
	FT_TABLE("RoleHistoryFooter", footer_f, 0),
	FT_TABLE(PK_NS "Role", role_f, 0),
	FT_TABLE(PK_NS "Node", node_f, 0),
	FT_TABLE(PK_NS "Container", container_f, 0),
	FT_TABLE(PK_NS "Request", request_f, 0),
	{ PK_NS "Release", NULL, 0, 0 },
	{ PK_NS "Cancel", NULL, 0, 0 }
};

#define MAXF 13		/* fields of the largest table */

int
rh_rec_counter(const char *name, size_t n)
{
	return ft_lookup(&rh_rec_entry_table, M_LAX, name, n) >= RH_E_REQ;
}

/* One-time warnings. */
enum {
	W_DECISION = 1 << 0, W_ROLES_GIVEN = 1 << 1, W_BADROLE = 1 << 2,
	W_UNKNOWN = 1 << 3	/* << rtype */
};

/* Should the warning of bit be given? Once per file. */
static int
once(struct rh_rec *r, unsigned long bit)
{
	if (r->warned & bit)
		return 0;
	r->warned |= bit;
	return 1;
}

static void PK_PRINTF(3, 4)
warn(struct rh_rec *r, const struct pos *p, const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	diag_warn(r->d, p, "%s", msg);
}

/* Position of a field (its value, or its key) of the current record. */
static struct pos
fpos(const struct rh_rec *r, const char *field, int want_key)
{
	const char *path[3] = { "entry", rtype_names[r->rt], field };

	return rh_json_member(r->v, path, field ? 3 : 2, want_key);
}

/* Report a bad record. */
static int PK_PRINTF(3, 4)
bad(struct rh_rec *r, const struct pos *p, const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	return diag_err(r->d, EXIT_DATAERR, p, "%s", msg);
}

/* ft's positions: the field's value, its key if unknown, or the record. */
static struct pos
where(void *arg, const struct ft_err *e)
{
	const char *field = e->code == FT_E_MISSING ||
	    e->code == FT_E_NOTREC ? NULL : e->name;

	return fpos(arg, field, e->code == FT_E_UNKNOWN);
}

/* ft's reports: unknown fields warned once per record type. */
static int
report(struct ft *ft, const struct ft_err *e)
{
	struct rh_rec *r = ft->arg;
	struct pos p;

	if (e->code == FT_E_UNKNOWN) {
		if (once(r, (unsigned long)W_UNKNOWN << r->rt)) {
			p = ft_pos(ft, e);
			ft_message(ft, e, &r->msg);
			warn(r, &p, "%s", r->msg.s);
		}
		return 0;
	}
	p = ft_pos(ft, e);
	ft_message(ft, e, &r->msg);
	return bad(r, &p, "%s", r->msg.s);
}

void
rh_rec_init(struct rh_rec *r, const struct rh_loadopt *opt, int roles_given,
    struct diag *d)
{
	*r = (struct rh_rec){ .opt = opt, .d = d, .roles_given = roles_given,
	    .lastnode = RH_NONE };
	rh_save_init(&r->cur);
	ft_init(&r->ft, d, EXIT_DATAERR, where, r);
	r->ft.mode = M_LAX;
	r->ft.unknown = FT_U_WARN;
	r->ft.report = report;
}

void
rh_rec_free(struct rh_rec *r)
{
	rh_save_free(&r->cur);
	buf_free(&r->msg);
}

/* --- the records --- */

/* A save begins: its header's values (strings in Java UTF-8, or NULL). */
static void
begin_save(struct rh_rec *r, int64_t saved, int64_t hroles,
    const char *savedx, const char *savedate, const struct pos *at)
{
	rh_save_free(&r->cur);
	r->cur.pos = *at;
	r->in_save = 1;
	r->lastnode = RH_NONE;
	r->cur.saved = saved;
	r->cur.hroles = hroles;
	if (savedx != NULL && savedate != NULL) {
		r->cur.m.savedx = xstrdup(savedx);
		r->cur.m.savedate = xstrdup(savedate);
	}
}

void
rh_rec_sl_header(struct rh_rec *r, int64_t saved, int32_t roles,
    const char *savedx, const char *savedate, const struct pos *at)
{
	r->nrec++;
	begin_save(r, saved, roles, savedx, savedate, at);
}

static int
header(struct rh_rec *r, const struct ft_val *fv)
{
	struct pos p = r->v->pos;

	if (r->in_save)
		diag_warn(r->d, &p, "a second RoleHistoryHeader before the "
		    "footer: the save begun at line %lu is incomplete and ignored",
		    r->cur.pos.line);
	if (fv[H_VERSION].i != 1) {
		p = fpos(r, "version", 0);
		return bad(r, &p, "version %lld is not 1",
		    (long long)fv[H_VERSION].i);
	}
	begin_save(r, fv[H_SAVED].i, fv[H_ROLES].seen ?
	    fv[H_ROLES].i : RH_NOROLES, fv[H_SAVEDX].seen ? fv[H_SAVEDX].s :
	    NULL, fv[H_SAVEDATE].seen ? fv[H_SAVEDATE].s : NULL, &p);
	return 0;
}

/*
 * A mapping begins: it replaces the map (Slider builds its map from it)
 * unless an earlier one named roles; then that one stays (a warning), as
 * Slider keeps the first map that is not empty. Returns whether its
 * pairs are to be taken.
 */
static int
begin_map(struct rh_rec *r, const struct pos *at)
{
	struct rh_save *s = &r->cur;
	size_t i;

	if (s->nmap > 0) {
		diag_warn(r->d, at, "a second RoleHistoryMapping ignored: the "
		    "first is kept");
		return 0;
	}
	for (i = 0; i < s->nmap; i++)
		free(s->map[i].name);
	s->nmap = 0;
	s->have_map = 1;
	return 1;
}

int
rh_rec_sl_mapping(struct rh_rec *r, const struct pos *at)
{
	r->nrec++;
	return begin_map(r, at);
}

void
rh_rec_sl_map(struct rh_rec *r, const char *name, int32_t id)
{
	rh_save_map(&r->cur, name, id);
}

static int
mapping(struct rh_rec *r, const struct ft_val *fv)
{
	struct rh_save *s = &r->cur;
	struct pos p = r->v->pos;

	if (!begin_map(r, &p))
		return 0;
	json_object_object_foreach((struct json_object *)fv[0].raw, name, val) {
		int64_t id;
		int rc = ft_json_int(val, &id);

		if (rc != 0 || id < INT32_MIN || id > INT32_MAX) {
			const char *path[4] = { "entry", rtype_names[R_MAPPING],
			    "rolemap", name };

			p = rh_json_member(r->v, path, 4, 0);
			return bad(r, &p, "role '%s' in the mapping must be an "
			    "integer id", name);
		}
		rh_save_map(s, name, (int32_t)id);
	}
	return 0;
}

static uint32_t
intern(struct rh_rec *r, const char *host, size_t len)
{
	struct rh *m = &r->cur.m;

	if (r->lastnode != RH_NONE && m->nodes[r->lastnode].hostlen == len &&
	    memcmp(m->nodes[r->lastnode].host, host, len) == 0)
		return r->lastnode;
	return r->lastnode = rh_node_intern(m, host, len);
}

int
rh_rec_entry(struct rh_rec *r, const struct ft_val *fv, const struct pos *rp)
{
	struct rh_save *s = &r->cur;
	struct rh_entry *e;
	size_t i;

	s->nread++;
	if (!rh_role_valid(fv[RH_E_ROLE].i)) {
		if (once(r, W_BADROLE)) {
			struct pos p = rp != NULL ? *rp : fpos(r, "role", 0);

			warn(r, &p, "role id %lld cannot be a role (0 to "
			    "2^30-1): entry discarded",
			    (long long)fv[RH_E_ROLE].i);
		}
		s->badrole++;
		return 0;
	}
	for (i = RH_E_REQ; i <= RH_E_UNTRUSTED; i++)
		if (fv[i].seen)
			s->is_state = 1;
	e = rh_entry_get(&s->m, intern(r, fv[RH_E_HOST].s, fv[RH_E_HOST].n),
	    (int32_t)fv[RH_E_ROLE].i);
	/* a duplicate (host, role) record replaces the earlier one */
	e->last_used = fv[RH_E_LAST].i;
	e->requested = (int32_t)fv[RH_E_REQ].i;
	e->starting = (int32_t)fv[RH_E_STARTING].i;
	e->live = fv[RH_E_LIVE].seen ? (int32_t)fv[RH_E_LIVE].i :
	    fv[RH_E_ACTIVE].i ? 1 : 0;
	e->releasing = (int32_t)fv[RH_E_REL].i;
	e->failed = (int32_t)fv[RH_E_FAILED].i;
	e->failed_recently = (int32_t)fv[RH_E_FRECENT].i;
	e->start_failed = (int32_t)fv[RH_E_SFAILED].i;
	e->preempted = (int32_t)fv[RH_E_PREEMPTED].i;
	e->untrusted = (uint8_t)fv[RH_E_UNTRUSTED].i;
	return 0;
}

void
rh_rec_sl_entry(struct rh_rec *r, const char *host, size_t hostlen,
    int32_t role, int active, int64_t last_used, const struct pos *rp)
{
	struct ft_val fv[RH_E_N];

	memset(fv, 0, sizeof fv);
	fv[RH_E_HOST].s = host;
	fv[RH_E_HOST].n = hostlen;
	fv[RH_E_ROLE].i = role;
	fv[RH_E_ACTIVE].i = active;
	fv[RH_E_LAST].i = last_used;
	r->nrec++;
	(void)rh_rec_entry(r, fv, rp);
}

/* The footer completes the save: the first complete one is the history. */
static int
end_save(struct rh_rec *r, int64_t count, const struct pos *at)
{
	struct rh_save *s = &r->cur;

	if ((uint64_t)count != s->nread)
		diag_warn(r->d, at, "the footer counts %lld entr%s, the save "
		    "has %zu", (long long)count, count == 1 ? "y" : "ies",
		    s->nread);
	r->in_save = 0;
	r->done = 1;
	return RH_REC_DONE;
}

void
rh_rec_sl_footer(struct rh_rec *r, int64_t count, const struct pos *at)
{
	r->nrec++;
	(void)end_save(r, count, at);
}

static int
footer(struct rh_rec *r, const struct ft_val *fv)
{
	struct pos p = fpos(r, "count", 0);

	return end_save(r, fv[0].i, &p);
}

static int
role_id_ok(struct rh_rec *r, const char *fname, int64_t id)
{
	struct pos p;

	if (rh_role_valid(id))
		return 0;
	p = fpos(r, fname, 0);
	return bad(r, &p, "role id %lld is out of range (0 to 2^30-1)",
	    (long long)id);
}

/*
 * The value of the name s of field in t, or -1 after reporting "'s' is
 * not what".
 */
static int
named(struct rh_rec *r, const char *field, const char *s, enum rh_names t,
    const char *what)
{
	struct pos p;
	int v;

	if ((v = rh_value(t, s)) >= 0)
		return v;
	p = fpos(r, field, 0);
	(void)bad(r, &p, "'%s' is not %s", s, what);
	return -1;
}

static int
role(struct rh_rec *r, const struct ft_val *fv)
{
	struct rh *m = &r->cur.m;
	struct rh_role *ro;
	struct pos p;
	int rc;

	if (r->roles_given) {
		if (once(r, W_ROLES_GIVEN))
			warn(r, &r->v->pos, "placekit.Role records ignored: "
			    "the roles given (-R) replace them");
		return 0;
	}
	if ((rc = role_id_ok(r, "id", fv[RO_ID].i)) != 0)
		return rc;
	ro = rh_role_by_id(m, (int32_t)fv[RO_ID].i);
	if ((ro != NULL && ro->src == RH_ROLE_DEFINED) ||
	    ((ro = rh_role_by_name(m, fv[RO_NAME].s)) != NULL &&
	    ro->src == RH_ROLE_DEFINED)) {
		p = r->v->pos;
		return bad(r, &p, "role '%s' (id %lld) is defined twice",
		    fv[RO_NAME].s, (long long)fv[RO_ID].i);
	}
	if (fv[RO_DESIRED].seen && fv[RO_DESIRED].i < 0) {
		p = fpos(r, "desired", 0);
		return bad(r, &p, "'desired' must not be negative");
	}
	if (fv[RO_POLICY].i < 0 || fv[RO_ESCALATE].i < 0) {
		p = fpos(r, fv[RO_POLICY].i < 0 ? "policy" : "escalate_ms", 0);
		return bad(r, &p, "'%s' must not be negative",
		    fv[RO_POLICY].i < 0 ? "policy" : "escalate_ms");
	}
	ro = rh_role_get(m, (int32_t)fv[RO_ID].i);
	ro->src = RH_ROLE_DEFINED;
	rh_role_set_name(m, ro, fv[RO_NAME].s);
	ro->desired = fv[RO_DESIRED].seen ? fv[RO_DESIRED].i : 0;
	ro->policy = (int32_t)fv[RO_POLICY].i;
	ro->failure_threshold = fv[RO_THRESHOLD].seen ? fv[RO_THRESHOLD].i :
	    RH_DEF_THRESHOLD;
	ro->escalate_ms = fv[RO_ESCALATE].seen ? fv[RO_ESCALATE].i :
	    RH_DEF_ESCALATE_MS;
	rh_role_set_label(ro, fv[RO_LABEL].s);
	r->cur.role_records++;
	return 0;
}

static int
node(struct rh_rec *r, const struct ft_val *fv)
{
	struct rh_node *n;
	int st = RH_NS_RUNNING;

	if (fv[N_STATE].seen && (st = named(r, "state", fv[N_STATE].s,
	    RH_NSTATES, "a YARN node state")) < 0)
		return EXIT_DATAERR;
	n = rh_node(&r->cur.m, intern(r, fv[N_HOST].s, fv[N_HOST].n));
	n->state = (uint8_t)st;
	n->reported = 1;
	rh_node_set_label(n, fv[N_LABEL].s);
	return 0;
}

static int
container(struct rh_rec *r, const struct ft_val *fv)
{
	struct rh_container *c;
	struct pos p;
	int st, rc;

	if ((rc = role_id_ok(r, "role", fv[C_ROLE].i)) != 0)
		return rc;
	if ((st = named(r, "state", fv[C_STATE].s, RH_CSTATES, "a "
	    "container state (allocated, starting, live, releasing)")) < 0)
		return EXIT_DATAERR;
	c = rh_container_add(&r->cur.m, fv[C_ID].s,
	    intern(r, fv[C_HOST].s, fv[C_HOST].n), (int32_t)fv[C_ROLE].i,
	    (enum rh_cstate)st, fv[C_SINCE].i);
	if (c == NULL) {
		p = fpos(r, "id", 0);
		return bad(r, &p, "container '%s' appears twice",
		    fv[C_ID].s);
	}
	c->surplus = (uint8_t)fv[C_SURPLUS].i;
	return 0;
}

/* The node indexes of a request's "hosts"; NULL after reporting. */
static uint32_t *
hosts(struct rh_rec *r, struct json_object *a, size_t nh)
{
	uint32_t *v = xreallocarray(NULL, nh, sizeof *v);
	struct pos p;
	size_t i, n;
	const char *s;

	for (i = 0; i < nh; i++) {
		s = ft_json_str(json_object_array_get_idx(a, i), &n);
		if (s == NULL) {
			free(v);
			p = fpos(r, "hosts", 0);
			bad(r, &p, "'hosts' must hold host names");
			return NULL;
		}
		v[i] = intern(r, s, n);
	}
	return v;
}

static int
request(struct rh_rec *r, const struct ft_val *fv)
{
	uint32_t *hv = NULL, node = RH_NONE;
	size_t nh = 0;
	struct pos p;
	int kind, rc;
	int64_t prio;

	if ((rc = role_id_ok(r, "role", fv[Q_ROLE].i)) != 0)
		return rc;
	if ((kind = named(r, "kind", fv[Q_KIND].s, RH_REQKINDS, "a "
	    "request kind (placed, open, aa, escalated)")) < 0)
		return EXIT_DATAERR;
	if (kind == RH_REQ_PLACED && !fv[Q_HOST].seen) {
		p = r->v->pos;
		return bad(r, &p, "a placed request needs a 'host'");
	}
	if (kind == RH_REQ_PLACED && !fv[Q_DEADLINE].seen) {
		p = r->v->pos;
		return bad(r, &p, "a placed request needs a 'deadline'");
	}
	if ((kind == RH_REQ_AA) != fv[Q_HOSTS].seen) {
		p = fv[Q_HOSTS].seen ? fpos(r, "hosts", 1) : r->v->pos;
		return bad(r, &p, kind == RH_REQ_AA ?
		    "an aa request needs 'hosts'" :
		    "only an aa request has 'hosts'");
	}
	if (fv[Q_HOSTS].seen) {
		nh = json_object_array_length(
		    (const struct json_object *)fv[Q_HOSTS].raw);
		if (nh == 0) {
			p = fpos(r, "hosts", 0);
			return bad(r, &p, "'hosts' is empty");
		}
		if ((hv = hosts(r, (struct json_object *)fv[Q_HOSTS].raw,
		    nh)) == NULL)
			return EXIT_DATAERR;
	}
	if (fv[Q_HOST].seen)
		node = intern(r, fv[Q_HOST].s, fv[Q_HOST].n);
	prio = fv[Q_PRIORITY].seen ? fv[Q_PRIORITY].i :
	    rh_priority((int32_t)fv[Q_ROLE].i, kind == RH_REQ_PLACED ||
	    kind == RH_REQ_AA);
	rh_request_add(&r->cur.m, (int32_t)fv[Q_ROLE].i, (enum rh_reqkind)kind,
	    node, hv, nh, fv[Q_LABEL].s, prio, fv[Q_ISSUED].i,
	    fv[Q_DEADLINE].i);
	free(hv);
	return 0;
}

/* --- a record --- */

/* The record's type and body, from its "entry" wrapper: 0 or reported. */
static int
wrapper(struct rh_rec *r, struct json_object **body)
{
	struct json_object *obj = r->v->obj, *e = NULL;
	const char *type = NULL;
	struct pos p;
	int i;

	if (!json_object_object_get_ex(obj, "entry", &e)) {
		p = r->v->pos;
		return bad(r, &p, "not a history record: no 'entry'");
	}
	if (json_object_object_length(obj) != 1) {
		p = r->v->pos;
		return bad(r, &p, "a history record holds only 'entry'");
	}
	if (!json_object_is_type(e, json_type_object) ||
	    json_object_object_length(e) != 1) {
		const char *path[1] = { "entry" };

		p = rh_json_member(r->v, path, 1, 0);
		return bad(r, &p, "'entry' must be an object with one key, "
		    "the record type");
	}
	{
		json_object_object_foreach(e, k, val) {
			type = k;
			*body = val;
		}
	}
	for (i = 0; i < R_NTYPES; i++)
		if (strcmp(type, rtype_names[i]) == 0)
			break;
	if (i == R_NTYPES) {
		const char *path[2] = { "entry", type };

		p = rh_json_member(r->v, path, 2, 1);
		return bad(r, &p, "unknown record type '%s'", type);
	}
	r->rt = i;
	return 0;
}

/* Where the record stands in the file's grammar: 1 to read it, 0 to skip it. */
static int
in_order(struct rh_rec *r, int *rc)
{
	struct pos p;

	*rc = 0;
	if (r->rt == R_RELEASE || r->rt == R_CANCEL) {
		if (once(r, W_DECISION))
			warn(r, &r->v->pos, "decision records "
			    "(placekit.Release, placekit.Cancel) ignored");
		return 0;
	}
	if (r->in_save || r->rt == R_HEADER)
		return 1;
	p = r->v->pos;
	*rc = bad(r, &p, "the first record is not a RoleHistoryHeader");
	return 0;
}

int
rh_rec_value(struct rh_rec *r, const struct nj_value *v)
{
	struct json_object *body = NULL;
	struct ft_val fv[MAXF];
	int rc;

	r->nrec++;
	r->v = v;
	r->ft.mode = M_LAX;
	if ((rc = wrapper(r, &body)) != 0)
		return rc;
	if (ft_json_record(&r->ft, &tables[r->rt], body) != 0)
		return r->ft.rc;
	if (!in_order(r, &rc))
		return rc;
	ft_begin(&r->ft, &tables[r->rt], fv);
	{
		json_object_object_foreach(body, key, val)
			if (ft_json(&r->ft, key, val) == FT_ERR)
				return r->ft.rc;
	}
	if (ft_end(&r->ft) != 0)
		return r->ft.rc;
	if (r->rt >= R_ROLE)
		r->cur.is_state = 1;
	switch (r->rt) {
	case R_HEADER: return header(r, fv);
	case R_MAPPING: return mapping(r, fv);
	case R_ENTRY: return rh_rec_entry(r, fv, NULL);
	case R_FOOTER: return footer(r, fv);
	case R_ROLE: return role(r, fv);
	case R_NODE: return node(r, fv);
	case R_CONTAINER: return container(r, fv);
	default: return request(r, fv);
	}
}

int
rh_rec_end(struct rh_rec *r, const char *file)
{
	struct pos p = { file, 0, 0 };

	if (r->in_save)
		return bad(r, &r->cur.pos, "the input ends before the "
		    "RoleHistoryFooter of the save begun here");
	return bad(r, &p, "no history: the input is empty");
}
