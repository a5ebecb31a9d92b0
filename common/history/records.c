/*
 * records.c - the records of a history file through json-c (records.h):
 * their field tables, Slider's acceptance rules and words under
 * --strict, what each record does to the save, and the file's grammar.
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
 * The modes of the tables: Slider's schema is all --strict knows, and
 * it requires every field of it; placekit's counters exist only without.
 */
#define M_LAX		1
#define M_STRICT	RH_REC_STRICT
#define SL	0, FT_ALL	/* Slider's, required */
#define SL_OPT	0, M_STRICT	/* Slider's, required under --strict */
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

const struct ft_table *
rh_rec_slider(const char *name, size_t n)
{
	int i;

	for (i = R_ENTRY; i <= R_FOOTER; i++)
		if (strlen(rtype_names[i]) == n &&
		    memcmp(rtype_names[i], name, n) == 0)
			return &tables[i];
	return NULL;
}

/* One-time warnings. */
enum {
	W_AFTER_FOOTER = 1 << 0, W_DECISION = 1 << 1, W_ROLES_GIVEN = 1 << 2,
	W_BADROLE = 1 << 3, W_UNKNOWN = 1 << 4	/* << rtype */
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

/*
 * Report a bad record. Under --strict, slider (when not NULL) is what
 * Slider itself says when it refuses the file.
 */
static int PK_PRINTF(4, 5)
bad(struct rh_rec *r, const struct pos *p, const char *slider,
    const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	if (r->opt->strict && slider != NULL)
		return diag_err(r->d, EXIT_DATAERR, p, "%s; Slider: \"%s\"", msg,
		    slider);
	return diag_err(r->d, EXIT_DATAERR, p, "%s", msg);
}

/* Jackson's name for the token a value starts with. */
static const char *
token(struct json_object *o)
{
	switch (json_object_get_type(o)) {
	case json_type_null: return "VALUE_NULL";
	case json_type_boolean:
		return json_object_get_boolean(o) ? "VALUE_TRUE" : "VALUE_FALSE";
	case json_type_double: return "VALUE_NUMBER_FLOAT";
	case json_type_int: return "VALUE_NUMBER_INT";
	case json_type_object: return "START_OBJECT";
	case json_type_array: return "START_ARRAY";
	case json_type_string: return "VALUE_STRING";
	}
	return "?";
}

/* What Slider's Avro decoder says of the problem e, into sl ("": nothing). */
static void
slider_says(const struct ft_err *e, char *sl, size_t sz)
{
	static const char *const avro_type[] = {
		"?", "boolean", "int", "long", "int", "long", "double",
		"string", "map", "array", "long"
	};

	switch (e->code) {
	case FT_E_UNKNOWN:
		snprintf(sl, sz, "Unknown fields");
		break;
	case FT_E_MISSING:
		snprintf(sl, sz, "Expected field name not found: %s", e->name);
		break;
	case FT_E_TYPE:
		snprintf(sl, sz, "Expected %s. Got %s", avro_type[e->f->kind],
		    token((struct json_object *)e->val));
		break;
	case FT_E_RANGE:
		snprintf(sl, sz, "Numeric value out of range");
		break;
	default:
		*sl = '\0';
		break;
	}
}

/* ft's positions: the field's value, its key if unknown, or the record. */
static struct pos
where(void *arg, const struct ft_err *e)
{
	const char *field = e->code == FT_E_MISSING ||
	    e->code == FT_E_NOTREC ? NULL : e->name;

	return fpos(arg, field, e->code == FT_E_UNKNOWN);
}

/* ft's reports: unknown fields warned once per record type; Slider's words. */
static int
report(struct ft *ft, const struct ft_err *e)
{
	struct rh_rec *r = ft->arg;
	char sl[128];
	struct pos p;

	if (e->code == FT_E_UNKNOWN && ft->unknown == FT_U_WARN) {
		if (once(r, (unsigned long)W_UNKNOWN << r->rt)) {
			p = ft_pos(ft, e);
			ft_message(ft, e, &r->msg);
			warn(r, &p, "%s", r->msg.s);
		}
		return 0;
	}
	slider_says(e, sl, sizeof sl);
	p = ft_pos(ft, e);
	ft_message(ft, e, &r->msg);
	return bad(r, &p, *sl != '\0' ? sl : NULL, "%s", r->msg.s);
}

void
rh_rec_init(struct rh_rec *r, const struct rh_loadopt *opt, int roles_given,
    struct diag *d)
{
	*r = (struct rh_rec){ .opt = opt, .d = d, .roles_given = roles_given,
	    .lastnode = RH_NONE };
	rh_save_init(&r->cur);
	rh_save_init(&r->best);
	ft_init(&r->ft, d, EXIT_DATAERR, where, r);
	r->ft.mode = opt->strict ? M_STRICT : M_LAX;
	r->ft.unknown = opt->strict ? FT_U_ERR : FT_U_WARN;
	r->ft.report = report;
}

void
rh_rec_free(struct rh_rec *r)
{
	rh_save_free(&r->cur);
	rh_save_free(&r->best);
	buf_free(&r->msg);
}

/* --- the records --- */

static int
header(struct rh_rec *r, const struct ft_val *fv)
{
	struct pos p;

	if (r->in_save) {
		p = r->v->pos;
		if (r->opt->strict)
			return bad(r, &p, "Duplicate Role History Header found",
			    "a second RoleHistoryHeader before the footer");
		diag_warn(r->d, &p, "a second RoleHistoryHeader before the "
		    "footer: the save begun at line %lu is incomplete and ignored",
		    r->cur.pos.line);
	} else if (r->nsaves > 0 && r->opt->strict) {
		p = r->v->pos;
		return bad(r, &p, "File footer reached before end of file",
		    "data after the RoleHistoryFooter (Slider notices it when "
		    "the file is larger than its 4000-byte read-ahead)");
	}
	if (fv[H_VERSION].i != 1) {
		char sl[64];

		p = fpos(r, "version", 0);
		snprintf(sl, sizeof sl, "Can't read role file version %04lld "
		    "-need 0001", (long long)fv[H_VERSION].i);
		return bad(r, &p, sl, "version %lld is not 1",
		    (long long)fv[H_VERSION].i);
	}
	rh_save_free(&r->cur);
	r->cur.pos = r->v->pos;
	r->in_save = 1;
	r->lastnode = RH_NONE;
	r->cur.saved = fv[H_SAVED].i;
	r->cur.hroles = fv[H_ROLES].seen ? (int32_t)fv[H_ROLES].i : -1;
	return 0;
}

static int
mapping(struct rh_rec *r, const struct ft_val *fv)
{
	struct rh_save *s = &r->cur;
	struct pos p;

	if (s->have_map) {
		p = r->v->pos;
		diag_warn(r->d, &p, "a second RoleHistoryMapping ignored: the "
		    "first is kept");
		return 0;
	}
	s->have_map = 1;
	json_object_object_foreach((struct json_object *)fv[0].raw, name, val) {
		int64_t id;
		int rc = ft_json_int(val, &id);

		if (rc != 0 || id < INT32_MIN || id > INT32_MAX) {
			const char *path[4] = { "entry", rtype_names[R_MAPPING],
			    "rolemap", name };
			char sl[64];

			p = rh_json_member(r->v, path, 4, 0);
			snprintf(sl, sizeof sl, "Expected int. Got %s", token(val));
			return bad(r, &p, rc == 0 ? "Numeric value out of range" : sl,
			    "role '%s' in the mapping must be an integer id", name);
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
rh_rec_entry(struct rh_rec *r, const struct ft_val *fv)
{
	struct rh_save *s = &r->cur;
	struct rh_entry *e;
	size_t i;

	s->nread++;
	if (!rh_role_valid(fv[RH_E_ROLE].i)) {
		if (once(r, W_BADROLE)) {
			struct pos p = fpos(r, "role", 0);

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

static int
footer(struct rh_rec *r, const struct ft_val *fv)
{
	struct rh_save *s = &r->cur;

	if ((uint64_t)fv[0].i != s->nread) {
		struct pos p = fpos(r, "count", 0);

		diag_warn(r->d, &p, "the footer counts %lld entr%s, the save "
		    "has %zu", (long long)fv[0].i, fv[0].i == 1 ? "y" : "ies",
		    s->nread);
	}
	r->in_save = 0;
	r->nsaves++;
	/* This save is now the last complete one. */
	rh_save_free(&r->best);
	r->best = r->cur;
	rh_save_init(&r->cur);
	return 0;
}

static int
role_id_ok(struct rh_rec *r, const char *fname, int64_t id)
{
	struct pos p;

	if (rh_role_valid(id))
		return 0;
	p = fpos(r, fname, 0);
	return bad(r, &p, NULL, "role id %lld is out of range (0 to 2^30-1)",
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
	(void)bad(r, &p, NULL, "'%s' is not %s", s, what);
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
		return bad(r, &p, NULL, "role '%s' (id %lld) is defined twice",
		    fv[RO_NAME].s, (long long)fv[RO_ID].i);
	}
	if (fv[RO_DESIRED].seen && fv[RO_DESIRED].i < 0) {
		p = fpos(r, "desired", 0);
		return bad(r, &p, NULL, "'desired' must not be negative");
	}
	if (fv[RO_POLICY].i < 0 || fv[RO_ESCALATE].i < 0) {
		p = fpos(r, fv[RO_POLICY].i < 0 ? "policy" : "escalate_ms", 0);
		return bad(r, &p, NULL, "'%s' must not be negative",
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
		return bad(r, &p, NULL, "container '%s' appears twice",
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
			bad(r, &p, NULL, "'hosts' must hold host names");
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
		return bad(r, &p, NULL, "a placed request needs a 'host'");
	}
	if (kind == RH_REQ_PLACED && !fv[Q_DEADLINE].seen) {
		p = r->v->pos;
		return bad(r, &p, NULL, "a placed request needs a 'deadline'");
	}
	if ((kind == RH_REQ_AA) != fv[Q_HOSTS].seen) {
		p = fv[Q_HOSTS].seen ? fpos(r, "hosts", 1) : r->v->pos;
		return bad(r, &p, NULL, kind == RH_REQ_AA ?
		    "an aa request needs 'hosts'" :
		    "only an aa request has 'hosts'");
	}
	if (fv[Q_HOSTS].seen) {
		nh = json_object_array_length(
		    (const struct json_object *)fv[Q_HOSTS].raw);
		if (nh == 0) {
			p = fpos(r, "hosts", 0);
			return bad(r, &p, NULL, "'hosts' is empty");
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
		return bad(r, &p, "Expected field name not found: entry",
		    "not a history record: no 'entry'");
	}
	if (json_object_object_length(obj) != 1) {
		p = r->v->pos;
		return bad(r, &p, "Unknown fields", "a history record holds "
		    "only 'entry'");
	}
	if (!json_object_is_type(e, json_type_object) ||
	    json_object_object_length(e) != 1) {
		const char *path[1] = { "entry" };

		p = rh_json_member(r->v, path, 1, 0);
		return bad(r, &p, NULL, "'entry' must be an object with one key, "
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
	if (i == R_NTYPES || (r->opt->strict && i >= R_ROLE)) {
		const char *path[2] = { "entry", type };
		char sl[256];

		p = rh_json_member(r->v, path, 2, 1);
		snprintf(sl, sizeof sl, "Unknown union branch %s", type);
		if (i == R_NTYPES)
			return bad(r, &p, sl, "unknown record type '%s'", type);
		return bad(r, &p, sl, "'%s' is a placekit record, not one of "
		    "Slider's", type);
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
	if (r->nsaves == 0)
		*rc = bad(r, &p, "Role History Header not found at start of "
		    "file", "the first record is not a RoleHistoryHeader");
	else if (r->opt->strict)
		*rc = bad(r, &p, "File footer reached before end of file",
		    "data after the RoleHistoryFooter (Slider notices it when "
		    "the file is larger than its 4000-byte read-ahead)");
	else if (once(r, W_AFTER_FOOTER))
		warn(r, &p, "records after the footer and before a new header "
		    "ignored");
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
	case R_ENTRY: return rh_rec_entry(r, fv);
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

	if (r->nrec == 0)
		return bad(r, &p, NULL, "no history: the input is empty");
	if (r->in_save && (r->opt->strict || r->nsaves == 0))
		return bad(r, &r->cur.pos, NULL, "the input ends before the "
		    "RoleHistoryFooter of the save begun here");
	if (r->in_save)
		diag_warn(r->d, &r->cur.pos, "the save begun here has no "
		    "footer: ignored, the complete one before it is used");
	return 0;
}
