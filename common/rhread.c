/*
 * rhread.c - the history readers: Slider's persisted saves (compact,
 * pretty-printed, glued together, with or without a mapping), placekit
 * state streams, Slider's strict acceptance rules, history directories,
 * and the restart rebuild.
 */
#include <sys/stat.h>

#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exitcode.h"
#include "jscan.h"
#include "ndjson.h"
#include "rhio.h"
#include "rhjson.h"
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

/* Field types and flags. */
enum { F_INT, F_LONG, F_COUNT, F_BOOL, F_STR, F_OBJ, F_ARR };
#define SL	1	/* in Slider's schema: required under --strict */
#define REQ	2	/* required in every mode */
#define NUL	4	/* null allowed, meaning absent */

struct fspec {
	const char *name;
	unsigned char type, flags;
};

struct fval {
	unsigned char seen;
	int64_t i;
	const char *s;
	size_t n;
	struct json_object *o;
};

#define MAXF 13

static const struct fspec entry_f[] = {
	{ "host", F_STR, SL | REQ }, { "role", F_INT, SL | REQ },
	{ "active", F_BOOL, SL | REQ }, { "last_used", F_LONG, SL | REQ },
	{ "requested", F_COUNT, 0 }, { "starting", F_COUNT, 0 },
	{ "live", F_COUNT, 0 }, { "releasing", F_COUNT, 0 },
	{ "failed", F_COUNT, 0 }, { "failed_recently", F_COUNT, 0 },
	{ "start_failed", F_COUNT, 0 }, { "preempted", F_COUNT, 0 },
	{ "untrusted", F_BOOL, 0 }
};
enum { E_HOST, E_ROLE, E_ACTIVE, E_LAST, E_REQ, E_STARTING, E_LIVE, E_REL,
	E_FAILED, E_FRECENT, E_SFAILED, E_PREEMPTED, E_UNTRUSTED };

static const struct fspec header_f[] = {
	{ "version", F_INT, SL | REQ }, { "saved", F_LONG, SL | REQ },
	{ "savedx", F_STR, SL }, { "savedate", F_STR, SL },
	{ "roles", F_INT, SL }
};
enum { H_VERSION, H_SAVED, H_SAVEDX, H_SAVEDATE, H_ROLES };

static const struct fspec mapping_f[] = { { "rolemap", F_OBJ, SL | REQ } };
static const struct fspec footer_f[] = { { "count", F_LONG, SL | REQ } };

static const struct fspec role_f[] = {
	{ "name", F_STR, REQ }, { "id", F_INT, REQ }, { "desired", F_LONG, 0 },
	{ "policy", F_INT, 0 }, { "failure_threshold", F_LONG, 0 },
	{ "escalate_ms", F_LONG, 0 }, { "label", F_STR, NUL }
};
enum { RO_NAME, RO_ID, RO_DESIRED, RO_POLICY, RO_THRESHOLD, RO_ESCALATE,
	RO_LABEL };

static const struct fspec node_f[] = {
	{ "host", F_STR, REQ }, { "state", F_STR, 0 }, { "label", F_STR, NUL }
};
enum { N_HOST, N_STATE, N_LABEL };

static const struct fspec container_f[] = {
	{ "id", F_STR, REQ }, { "host", F_STR, REQ }, { "role", F_INT, REQ },
	{ "state", F_STR, REQ }, { "since", F_LONG, REQ },
	{ "surplus", F_BOOL, 0 }
};
enum { C_ID, C_HOST, C_ROLE, C_STATE, C_SINCE, C_SURPLUS };

static const struct fspec request_f[] = {
	{ "role", F_INT, REQ }, { "kind", F_STR, REQ }, { "host", F_STR, NUL },
	{ "hosts", F_ARR, 0 }, { "label", F_STR, NUL }, { "priority", F_LONG, 0 },
	{ "issued", F_LONG, REQ }, { "deadline", F_LONG, 0 }
};
enum { Q_ROLE, Q_KIND, Q_HOST, Q_HOSTS, Q_LABEL, Q_PRIORITY, Q_ISSUED,
	Q_DEADLINE };

static const struct {
	const struct fspec *f;
	size_t n;
} specs[R_NTYPES] = {
	{ entry_f, sizeof entry_f / sizeof *entry_f },
	{ header_f, sizeof header_f / sizeof *header_f },
	{ mapping_f, 1 },
	{ footer_f, 1 },
	{ role_f, sizeof role_f / sizeof *role_f },
	{ node_f, sizeof node_f / sizeof *node_f },
	{ container_f, sizeof container_f / sizeof *container_f },
	{ request_f, sizeof request_f / sizeof *request_f },
	{ NULL, 0 },
	{ NULL, 0 }
};

/* One save being read, or the last complete one. */
struct save {
	struct rh m;
	struct pos pos;		/* of its header */
	int64_t saved;
	int32_t hroles;
	int is_state;		/* placekit records or counter fields seen */
	int role_records;	/* placekit.Role records taken */
	int have_map;
	char **mapname;
	int32_t *mapid;
	size_t nmap, capmap;
	size_t nread;		/* NodeEntryRecords */
	size_t badrole;		/* entries with a role id that cannot be one */
	int64_t count;		/* footer */
};

/* One-time warnings. */
enum {
	W_AFTER_FOOTER = 1 << 0, W_DECISION = 1 << 1, W_ROLES_GIVEN = 1 << 2,
	W_BADROLE = 1 << 3, W_UNKNOWN = 1 << 4	/* << rtype */
};

struct rdr {
	const struct rh_loadopt *opt;
	struct diag *d;
	struct rh *given;	/* the caller's model: its roles, if given */
	struct nj_reader *nj;
	struct nj_value v;
	enum rtype rt;
	struct save cur, best;
	int in_save, have_best, nsaves, nrec, skipping;
	unsigned long warned;
	uint32_t lastnode;
};

/* A warning given once per file. */
static void PK_PRINTF(4, 5)
warn_once(struct rdr *r, unsigned long bit, const struct pos *p,
    const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	if (r->warned & bit)
		return;
	r->warned |= bit;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	diag_warn(r->d, p, "%s", msg);
}

static void
save_init(struct save *s)
{
	memset(s, 0, sizeof *s);
	rh_init(&s->m);
}

static void
save_free(struct save *s)
{
	size_t i;

	rh_free(&s->m);
	for (i = 0; i < s->nmap; i++)
		free(s->mapname[i]);
	free(s->mapname);
	free(s->mapid);
	save_init(s);
}

/* The short name of the current record type, for messages. */
static const char *
tname(const struct rdr *r)
{
	const char *n = rtype_names[r->rt];

	return strncmp(n, SLIDER_NS, sizeof SLIDER_NS - 1) == 0 ?
	    n + sizeof SLIDER_NS - 1 : n;
}

/* Position of a field (its value, or its key) of the current record. */
static struct pos
fpos(const struct rdr *r, const char *field, int want_key)
{
	const char *path[3] = { "entry", rtype_names[r->rt], field };

	return rh_json_member(&r->v, path, field ? 3 : 2, want_key);
}

/*
 * Report a bad record. Under --strict, slider (when not NULL) is what
 * Slider itself says when it refuses the file.
 */
static int PK_PRINTF(4, 5)
bad(struct rdr *r, const struct pos *p, const char *slider, const char *fmt, ...)
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

static const char *const avro_type[] = {
	"int", "long", "int", "boolean", "string", "map", "array"
};
static const char *const want_what[] = {
	"an integer", "an integer", "a count (an integer of at least 0)",
	"true or false", "a string", "an object", "an array"
};

static int
field(struct rdr *r, const struct fspec *f, struct json_object *o,
    struct fval *fv)
{
	char sl[128];
	struct pos p;
	int rc;

	if (json_object_is_type(o, json_type_null) && (f->flags & NUL))
		return 0;
	fv->o = o;
	switch (f->type) {
	case F_INT: case F_LONG: case F_COUNT:
		if ((rc = rh_json_int(o, &fv->i)) == 0) {
			if (f->type == F_LONG)
				break;
			if (f->type == F_COUNT && fv->i < 0) {
				p = fpos(r, f->name, 0);
				return bad(r, &p, NULL, "'%s' must not be negative",
				    f->name);
			}
			if (fv->i >= INT32_MIN && fv->i <= INT32_MAX)
				break;
			rc = -2;
		}
		p = fpos(r, f->name, 0);
		if (rc == -2)
			return bad(r, &p, "Numeric value out of range",
			    "'%s' is out of range for %s", f->name,
			    avro_type[f->type]);
		goto type;
	case F_BOOL:
		if (!json_object_is_type(o, json_type_boolean))
			goto type;
		fv->i = json_object_get_boolean(o);
		break;
	case F_STR:
		if (!json_object_is_type(o, json_type_string))
			goto type;
		if ((fv->s = rh_json_str(o, &fv->n)) == NULL) {
			p = fpos(r, f->name, 0);
			return bad(r, &p, NULL, "'%s' holds a NUL character",
			    f->name);
		}
		break;
	case F_OBJ:
		if (!json_object_is_type(o, json_type_object))
			goto type;
		break;
	case F_ARR:
		if (!json_object_is_type(o, json_type_array))
			goto type;
		break;
	}
	fv->seen = 1;
	return 0;
type:
	p = fpos(r, f->name, 0);
	snprintf(sl, sizeof sl, "Expected %s. Got %s", avro_type[f->type],
	    token(o));
	return bad(r, &p, sl, "'%s' must be %s, not %s", f->name,
	    want_what[f->type], rh_json_what(o));
}

/* Parse the fields of the current record's body into fv[]. */
static int
fields(struct rdr *r, struct json_object *body, struct fval *fv)
{
	const struct fspec *f = specs[r->rt].f;
	size_t n = specs[r->rt].n, i;
	struct pos p;
	int rc;

	memset(fv, 0, n * sizeof *fv);
	json_object_object_foreach(body, key, val) {
		for (i = 0; i < n; i++)
			if (strcmp(key, f[i].name) == 0)
				break;
		if (i < n && !(r->opt->strict && !(f[i].flags & SL))) {
			if ((rc = field(r, &f[i], val, &fv[i])) != 0)
				return rc;
			continue;
		}
		p = fpos(r, key, 1);
		if (r->opt->strict)
			return bad(r, &p, "Unknown fields", "unknown field '%s' "
			    "in %s", key, tname(r));
		warn_once(r, W_UNKNOWN << r->rt, &p, "unknown field '%s' in %s "
		    "ignored", key, tname(r));
	}
	for (i = 0; i < n; i++) {
		char sl[128];

		if (fv[i].seen || (f[i].flags & NUL))
			continue;
		if (!(f[i].flags & REQ) && !(r->opt->strict && (f[i].flags & SL)))
			continue;
		p = fpos(r, NULL, 0);
		snprintf(sl, sizeof sl, "Expected field name not found: %s",
		    f[i].name);
		return bad(r, &p, sl, "%s has no '%s'", tname(r), f[i].name);
	}
	return 0;
}

/* --- the records --- */

static void
new_save(struct rdr *r)
{
	save_free(&r->cur);
	r->cur.pos = r->v.pos;
	r->in_save = 1;
	r->lastnode = RH_NONE;
}

static int
header(struct rdr *r, struct fval *fv)
{
	struct pos p;

	if (r->in_save) {
		p = r->v.pos;
		if (r->opt->strict)
			return bad(r, &p, "Duplicate Role History Header found",
			    "a second RoleHistoryHeader before the footer");
		diag_warn(r->d, &p, "a second RoleHistoryHeader before the "
		    "footer: the save begun at line %lu is incomplete and ignored",
		    r->cur.pos.line);
	} else if (r->nsaves > 0 && r->opt->strict) {
		p = r->v.pos;
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
	new_save(r);
	r->cur.saved = fv[H_SAVED].i;
	r->cur.hroles = fv[H_ROLES].seen ? (int32_t)fv[H_ROLES].i : -1;
	r->skipping = 0;
	return 0;
}

static int
mapping(struct rdr *r, struct fval *fv)
{
	struct save *s = &r->cur;
	struct pos p;

	if (s->have_map) {
		p = r->v.pos;
		diag_warn(r->d, &p, "a second RoleHistoryMapping ignored: the "
		    "first is kept");
		return 0;
	}
	s->have_map = 1;
	json_object_object_foreach(fv[0].o, name, val) {
		int64_t id;
		int rc = rh_json_int(val, &id);

		if (rc != 0 || id < INT32_MIN || id > INT32_MAX) {
			const char *path[4] = { "entry", rtype_names[R_MAPPING],
			    "rolemap", name };
			char sl[64];

			p = rh_json_member(&r->v, path, 4, 0);
			snprintf(sl, sizeof sl, "Expected int. Got %s", token(val));
			return bad(r, &p, rc == 0 ? "Numeric value out of range" : sl,
			    "role '%s' in the mapping must be an integer id", name);
		}
		xgrow((void **)&s->mapname, &s->capmap, s->nmap + 1,
		    sizeof *s->mapname);
		s->mapid = xreallocarray(s->mapid, s->capmap, sizeof *s->mapid);
		s->mapname[s->nmap] = xstrdup(name);
		s->mapid[s->nmap++] = (int32_t)id;
	}
	return 0;
}

static uint32_t
intern(struct rdr *r, const char *host, size_t len)
{
	struct rh *m = &r->cur.m;

	if (r->lastnode != RH_NONE && m->nodes[r->lastnode].hostlen == len &&
	    memcmp(m->nodes[r->lastnode].host, host, len) == 0)
		return r->lastnode;
	return r->lastnode = rh_node_intern(m, host, len);
}

static int
entry(struct rdr *r, struct fval *fv)
{
	struct save *s = &r->cur;
	struct rh_entry *e;
	size_t i;

	s->nread++;
	if (fv[E_ROLE].i < 0 || fv[E_ROLE].i >= RH_ROLE_LIMIT) {
		struct pos p = fpos(r, "role", 0);

		warn_once(r, W_BADROLE, &p, "role id %lld cannot be a role "
		    "(0 to 2^30-1): entry discarded", (long long)fv[E_ROLE].i);
		s->badrole++;
		return 0;
	}
	for (i = E_REQ; i <= E_UNTRUSTED; i++)
		if (fv[i].seen)
			s->is_state = 1;
	e = rh_entry_get(&s->m, intern(r, fv[E_HOST].s, fv[E_HOST].n),
	    (int32_t)fv[E_ROLE].i);
	/* a duplicate (host, role) record replaces the earlier one */
	e->last_used = fv[E_LAST].i;
	e->requested = (int32_t)fv[E_REQ].i;
	e->starting = (int32_t)fv[E_STARTING].i;
	e->live = fv[E_LIVE].seen ? (int32_t)fv[E_LIVE].i :
	    fv[E_ACTIVE].i ? 1 : 0;
	e->releasing = (int32_t)fv[E_REL].i;
	e->failed = (int32_t)fv[E_FAILED].i;
	e->failed_recently = (int32_t)fv[E_FRECENT].i;
	e->start_failed = (int32_t)fv[E_SFAILED].i;
	e->preempted = (int32_t)fv[E_PREEMPTED].i;
	e->untrusted = (uint8_t)fv[E_UNTRUSTED].i;
	return 0;
}

static int
footer(struct rdr *r, struct fval *fv)
{
	struct save *s = &r->cur;

	s->count = fv[0].i;
	if ((uint64_t)s->count != s->nread) {
		struct pos p = fpos(r, "count", 0);

		diag_warn(r->d, &p, "the footer counts %lld entries, the save "
		    "has %zu", (long long)s->count, s->nread);
	}
	r->in_save = 0;
	r->nsaves++;
	/* This save is now the last complete one. */
	save_free(&r->best);
	r->best = r->cur;
	save_init(&r->cur);
	r->have_best = 1;
	return 0;
}

static int
role_id_ok(struct rdr *r, const char *fname, int64_t id)
{
	struct pos p;

	if (id >= 0 && id < RH_ROLE_LIMIT)
		return 0;
	p = fpos(r, fname, 0);
	return bad(r, &p, NULL, "role id %lld is out of range (0 to 2^30-1)",
	    (long long)id);
}

static int
role(struct rdr *r, struct fval *fv)
{
	struct rh *m = &r->cur.m;
	struct rh_role *ro;
	struct pos p;
	int rc;

	if (r->given->roles_given) {
		warn_once(r, W_ROLES_GIVEN, &r->v.pos, "placekit.Role records "
		    "ignored: the roles given (-R) replace them");
		return 0;
	}
	if ((rc = role_id_ok(r, "id", fv[RO_ID].i)) != 0)
		return rc;
	ro = rh_role_by_id(m, (int32_t)fv[RO_ID].i);
	if ((ro != NULL && ro->src == RH_ROLE_DEFINED) ||
	    ((ro = rh_role_by_name(m, fv[RO_NAME].s)) != NULL &&
	    ro->src == RH_ROLE_DEFINED)) {
		p = r->v.pos;
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
	rh_role_set_name(ro, fv[RO_NAME].s);
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
node(struct rdr *r, struct fval *fv)
{
	struct rh_node *n;
	int st = RH_NS_RUNNING;

	if (fv[N_STATE].seen && (st = rh_nstate_parse(fv[N_STATE].s)) < 0) {
		struct pos p = fpos(r, "state", 0);

		return bad(r, &p, NULL, "'%s' is not a YARN node state",
		    fv[N_STATE].s);
	}
	n = rh_node(&r->cur.m, intern(r, fv[N_HOST].s, fv[N_HOST].n));
	n->state = (uint8_t)st;
	n->reported = 1;
	rh_node_set_label(n, fv[N_LABEL].s);
	return 0;
}

static int
container(struct rdr *r, struct fval *fv)
{
	struct rh_container *c;
	struct pos p;
	int st, rc;

	if ((rc = role_id_ok(r, "role", fv[C_ROLE].i)) != 0)
		return rc;
	if ((st = rh_cstate_parse(fv[C_STATE].s)) < 0) {
		p = fpos(r, "state", 0);
		return bad(r, &p, NULL, "'%s' is not a container state "
		    "(allocated, starting, live, releasing)", fv[C_STATE].s);
	}
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

static int
request(struct rdr *r, struct fval *fv)
{
	struct rh *m = &r->cur.m;
	uint32_t *hosts = NULL, node = RH_NONE;
	size_t nh = 0, i;
	struct pos p;
	int kind, rc;
	int64_t prio;

	if ((rc = role_id_ok(r, "role", fv[Q_ROLE].i)) != 0)
		return rc;
	if ((kind = rh_reqkind_parse(fv[Q_KIND].s)) < 0) {
		p = fpos(r, "kind", 0);
		return bad(r, &p, NULL, "'%s' is not a request kind "
		    "(placed, open, aa, escalated)", fv[Q_KIND].s);
	}
	if (kind == RH_REQ_PLACED && !fv[Q_HOST].seen) {
		p = r->v.pos;
		return bad(r, &p, NULL, "a placed request needs a 'host'");
	}
	if (kind == RH_REQ_PLACED && !fv[Q_DEADLINE].seen) {
		p = r->v.pos;
		return bad(r, &p, NULL, "a placed request needs a 'deadline'");
	}
	if ((kind == RH_REQ_AA) != fv[Q_HOSTS].seen) {
		p = fv[Q_HOSTS].seen ? fpos(r, "hosts", 1) : r->v.pos;
		return bad(r, &p, NULL, kind == RH_REQ_AA ?
		    "an aa request needs 'hosts'" :
		    "only an aa request has 'hosts'");
	}
	if (fv[Q_HOSTS].seen) {
		nh = json_object_array_length(fv[Q_HOSTS].o);
		if (nh == 0) {
			p = fpos(r, "hosts", 0);
			return bad(r, &p, NULL, "'hosts' is empty");
		}
		hosts = xreallocarray(NULL, nh, sizeof *hosts);
		for (i = 0; i < nh; i++) {
			struct json_object *h = json_object_array_get_idx(
			    fv[Q_HOSTS].o, i);
			const char *s;
			size_t n;

			if ((s = rh_json_str(h, &n)) == NULL) {
				free(hosts);
				p = fpos(r, "hosts", 0);
				return bad(r, &p, NULL, "'hosts' must hold host "
				    "names");
			}
			hosts[i] = intern(r, s, n);
		}
	}
	if (fv[Q_HOST].seen)
		node = intern(r, fv[Q_HOST].s, fv[Q_HOST].n);
	prio = fv[Q_PRIORITY].seen ? fv[Q_PRIORITY].i :
	    rh_priority((int32_t)fv[Q_ROLE].i, kind == RH_REQ_PLACED ||
	    kind == RH_REQ_AA);
	rh_request_add(m, (int32_t)fv[Q_ROLE].i, (enum rh_reqkind)kind, node,
	    hosts, nh, fv[Q_LABEL].s, prio, fv[Q_ISSUED].i, fv[Q_DEADLINE].i);
	free(hosts);
	return 0;
}

/*
 * The fast path: a NodeEntryRecord of the usual shape (jscan.h) read
 * straight from its text, for the million-entry histories. It declines -
 * and the record goes through json-c and record() - whatever record()
 * could warn about or refuse: unknown or repeated fields, missing ones, a
 * role id that cannot be one, a negative count, counters under --strict.
 * Returns the record's length, or 0.
 */
static size_t
fast_entry(struct rdr *r, const char *text, size_t n)
{
	static const char pre[] = "{\"entry\":{\"" SLIDER_NS "NodeEntryRecord\":{";
	const size_t nf = sizeof entry_f / sizeof *entry_f;
	struct js c = { text, text + n };
	struct fval fv[MAXF];
	struct js_str k;
	size_t i = 0;
	int b;

	if (!r->in_save || r->opt->general ||
	    !js_word(&c, pre, sizeof pre - 1))
		return 0;
	memset(fv, 0, sizeof fv);
	js_ws(&c);
	do {
		size_t j;

		if (!js_str(&c, &k) || !js_eat(&c, ':'))
			return 0;
		for (j = 0; j < nf; j++, i = (i + 1) % nf)	/* in order: 1 try */
			if (js_streq(&k, entry_f[i].name, strlen(entry_f[i].name)))
				break;
		if (j == nf || fv[i].seen ||
		    (r->opt->strict && !(entry_f[i].flags & SL)))
			return 0;
		if (entry_f[i].type == F_STR) {
			struct js_str s;

			if (!js_str(&c, &s))
				return 0;
			fv[i].s = s.s;
			fv[i].n = s.n;
		} else if (entry_f[i].type == F_BOOL) {
			if (!js_bool(&c, &b))
				return 0;
			fv[i].i = b;
		} else if (!js_int(&c, &fv[i].i) ||
		    (entry_f[i].type == F_INT &&
		    (fv[i].i < 0 || fv[i].i >= RH_ROLE_LIMIT)) ||
		    (entry_f[i].type == F_COUNT &&
		    (fv[i].i < 0 || fv[i].i > INT32_MAX)))
			return 0;
		fv[i].seen = 1;
		i = (i + 1) % nf;
	} while (js_eat(&c, ','));
	if (!js_eat(&c, '}') || !js_eat(&c, '}') || !js_is(&c, '}'))
		return 0;
	for (i = 0; i < nf; i++)
		if ((entry_f[i].flags & REQ) && !fv[i].seen)
			return 0;
	r->nrec++;
	r->rt = R_ENTRY;
	(void)entry(r, fv);
	return (size_t)(c.p - text);
}

/* The current value r->v: one history record. */
static int
record(struct rdr *r)
{
	struct json_object *obj = r->v.obj, *e = NULL, *body = NULL;
	struct fval fv[MAXF];
	const char *type = NULL;
	struct pos p;
	int rc, i;

	r->nrec++;
	if (!json_object_object_get_ex(obj, "entry", &e)) {
		p = r->v.pos;
		return bad(r, &p, "Expected field name not found: entry",
		    "not a history record: no 'entry'");
	}
	if (json_object_object_length(obj) != 1) {
		p = r->v.pos;
		return bad(r, &p, "Unknown fields", "a history record holds "
		    "only 'entry'");
	}
	if (!json_object_is_type(e, json_type_object) ||
	    json_object_object_length(e) != 1) {
		const char *path[1] = { "entry" };

		p = rh_json_member(&r->v, path, 1, 0);
		return bad(r, &p, NULL, "'entry' must be an object with one key, "
		    "the record type");
	}
	{
		json_object_object_foreach(e, k, val) {
			type = k;
			body = val;
		}
	}
	for (i = 0; i < R_NTYPES; i++)
		if (strcmp(type, rtype_names[i]) == 0)
			break;
	if (i == R_NTYPES || (r->opt->strict && i >= R_ROLE)) {
		const char *path[2] = { "entry", type };
		char sl[256];

		p = rh_json_member(&r->v, path, 2, 1);
		snprintf(sl, sizeof sl, "Unknown union branch %s", type);
		if (i == R_NTYPES)
			return bad(r, &p, sl, "unknown record type '%s'", type);
		return bad(r, &p, sl, "'%s' is a placekit record, not one of "
		    "Slider's", type);
	}
	r->rt = (enum rtype)i;
	if (!json_object_is_type(body, json_type_object)) {
		p = fpos(r, NULL, 0);
		return bad(r, &p, NULL, "%s must be an object", tname(r));
	}
	if (r->rt == R_RELEASE || r->rt == R_CANCEL) {
		warn_once(r, W_DECISION, &r->v.pos, "decision records "
		    "(placekit.Release, placekit.Cancel) ignored");
		return 0;
	}
	if (!r->in_save && r->rt != R_HEADER) {
		p = r->v.pos;
		if (r->nsaves == 0)
			return bad(r, &p, "Role History Header not found at start "
			    "of file", "the first record is not a "
			    "RoleHistoryHeader");
		if (r->opt->strict)
			return bad(r, &p, "File footer reached before end of file",
			    "data after the RoleHistoryFooter (Slider notices it "
			    "when the file is larger than its 4000-byte "
			    "read-ahead)");
		warn_once(r, W_AFTER_FOOTER, &p, "records after the footer and "
		    "before a new header ignored");
		return 0;
	}
	if ((rc = fields(r, body, fv)) != 0)
		return rc;
	if (r->rt >= R_ROLE)
		r->cur.is_state = 1;
	switch (r->rt) {
	case R_HEADER: return header(r, fv);
	case R_MAPPING: return mapping(r, fv);
	case R_ENTRY: return entry(r, fv);
	case R_FOOTER: return footer(r, fv);
	case R_ROLE: return role(r, fv);
	case R_NODE: return node(r, fv);
	case R_CONTAINER: return container(r, fv);
	case R_REQUEST: return request(r, fv);
	default: return 0;
	}
}

/* --- after the last record: roles, remapping, the rebuild --- */

/* The file's role id fid as an id of the roles, or -1 to discard it. */
static int64_t
remap_id(const struct save *s, const struct rh *roles, int32_t fid)
{
	const struct rh_role *ro;
	size_t i;

	for (i = 0; i < s->nmap; i++)
		if (s->mapid[i] == fid) {
			ro = rh_role_by_name(roles, s->mapname[i]);
			return ro != NULL ? ro->id : -1;
		}
	return -1;
}

static int
cmp_entry_role(const void *a, const void *b)
{
	const struct rh_entry *x = a, *y = b;

	return (x->role > y->role) - (x->role < y->role);
}

/* Remap every role id by name; discard what the mapping does not name. */
static void
remap(struct save *s, const struct rh *roles, size_t *discarded)
{
	struct rh *m = &s->m;
	size_t i;
	uint32_t j, k;

	for (i = 0; i < m->nnodes; i++) {
		struct rh_node *n = &m->nodes[i];

		for (j = k = 0; j < n->nent; j++) {
			int64_t id = remap_id(s, roles, n->ent[j].role);

			if (id < 0) {
				(*discarded)++;
				continue;
			}
			n->ent[k] = n->ent[j];
			n->ent[k++].role = (int32_t)id;
		}
		n->nent = k;
		if (n->nent > 1)
			qsort(n->ent, n->nent, sizeof *n->ent, cmp_entry_role);
	}
	for (i = 0; i < m->nctr; i++) {
		int64_t id = remap_id(s, roles, m->ctr[i].role);

		if (id < 0)
			rh_container_remove(m, &m->ctr[i]);
		else
			m->ctr[i].role = (int32_t)id;
	}
	for (i = 0; i < m->nreq; i++) {
		int64_t id = remap_id(s, roles, m->req[i].role);

		if (id < 0)
			rh_request_remove(m, &m->req[i]);
		else {
			m->req[i].priority = (m->req[i].priority & RH_NOLOCATION) | id;
			m->req[i].role = (int32_t)id;
		}
	}
}

/* Does the file's mapping give a name another id than the roles do? */
static const char *
disagree(const struct save *s, const struct rh *roles, int32_t *fid,
    int32_t *rid)
{
	size_t i;

	for (i = 0; i < s->nmap; i++) {
		const struct rh_role *ro = rh_role_by_name(roles, s->mapname[i]);

		if (ro != NULL && ro->id != s->mapid[i]) {
			*fid = s->mapid[i];
			*rid = ro->id;
			return s->mapname[i];
		}
	}
	return NULL;
}

/* Drop entries, containers and requests whose role the roles lack. */
static void
discard_unknown(struct rh *m, const struct rh *roles, size_t *discarded,
    int32_t *ids, size_t *nids, size_t maxids)
{
	size_t i, x;
	uint32_t j, k;

	for (i = 0; i < m->nnodes; i++) {
		struct rh_node *n = &m->nodes[i];

		for (j = k = 0; j < n->nent; j++) {
			int32_t id = n->ent[j].role;

			if (rh_role_by_id(roles, id) != NULL) {
				n->ent[k++] = n->ent[j];
				continue;
			}
			(*discarded)++;
			for (x = 0; x < *nids && ids[x] != id; x++)
				;
			if (x == *nids && *nids < maxids)
				ids[(*nids)++] = id;
		}
		n->nent = k;
	}
	for (i = 0; i < m->nctr; i++)
		if (rh_role_by_id(roles, m->ctr[i].role) == NULL)
			rh_container_remove(m, &m->ctr[i]);
	for (i = 0; i < m->nreq; i++)
		if (rh_role_by_id(roles, m->req[i].role) == NULL)
			rh_request_remove(m, &m->req[i]);
}

/*
 * The restart rebuild of a persisted save (digest §2.6, the seed's
 * "Restart"): an entry active at the save was used then; every counter
 * starts at 0; entries older than saved - max_age go, except those with
 * last_used 0 (Slider's "no release recorded", not 1970). Returns how
 * many went.
 */
static size_t
rebuild(struct rh *m, int64_t saved, int64_t max_age)
{
	int64_t oldest = INT64_MIN;
	size_t i, purged = 0;
	uint32_t j, k;

	if (max_age > 0)
		oldest = saved < INT64_MIN + max_age ? INT64_MIN : saved - max_age;
	for (i = 0; i < m->nnodes; i++) {
		struct rh_node *n = &m->nodes[i];

		for (j = k = 0; j < n->nent; j++) {
			struct rh_entry z;
			int64_t used = n->ent[j].live > 0 ? saved :
			    n->ent[j].last_used;

			if (used != 0 && used < oldest) {	/* 0: no time known */
				purged++;
				continue;
			}
			memset(&z, 0, sizeof z);
			z.role = n->ent[j].role;
			z.last_used = used;
			n->ent[k++] = z;
		}
		n->nent = k;
	}
	return purged;
}

/*
 * rh-compact's purge (opt->from_now): entries not in use whose last use
 * is older than now - max_age go; nothing else changes. Returns how many
 * went.
 */
static size_t
purge_unused(struct rh *m, int64_t now, int64_t max_age)
{
	int64_t oldest;
	size_t i, purged = 0;
	uint32_t j, k;

	if (max_age <= 0)
		return 0;
	oldest = now < INT64_MIN + max_age ? INT64_MIN : now - max_age;
	for (i = 0; i < m->nnodes; i++) {
		struct rh_node *n = &m->nodes[i];

		for (j = k = 0; j < n->nent; j++) {
			const struct rh_entry *e = &n->ent[j];

			if (e->live <= 0 && e->last_used != 0 &&
			    e->last_used < oldest) {
				purged++;
				continue;
			}
			n->ent[k++] = *e;
		}
		n->nent = k;
	}
	return purged;
}

/* The last complete save becomes the model m. */
static int
finish(struct rdr *r, struct rh *m, struct rh_loadinfo *info)
{
	struct save *s = &r->best;
	struct rh *w = &s->m;
	const struct rh *roles = m->roles_given ? m : w;
	int given = m->roles_given || s->role_records > 0;
	struct pos p = { nj_name(r->nj), 0, 0 };
	size_t discarded = s->badrole, purged = 0, nids = 0, i, j;
	int32_t ids[8], fid, rid;
	const char *name;

	if (r->nsaves > 1)
		diag_warn(r->d, &s->pos, "%d saves in one file: the last "
		    "complete one, begun here, is used", r->nsaves);
	if (!given) {
		/* Without roles, the mapping names what it can. */
		for (i = 0; i < s->nmap; i++) {
			struct rh_role *ro;

			if (s->mapid[i] < 0 || s->mapid[i] >= RH_ROLE_LIMIT)
				continue;
			ro = rh_role_get(w, s->mapid[i]);
			if (ro->name == NULL) {
				rh_role_set_name(ro, s->mapname[i]);
				ro->src = RH_ROLE_MAPPED;
			}
		}
	} else if (s->have_map &&
	    (name = disagree(s, roles, &fid, &rid)) != NULL) {
		diag_warn(r->d, &p, "the file's role mapping and the roles "
		    "disagree ('%s' is %ld in the file, %ld in the roles): "
		    "entries remapped by name", name, (long)fid, (long)rid);
		remap(s, roles, &discarded);
	}
	if (given)
		discard_unknown(w, roles, &discarded, ids, &nids, 8);
	else {
		for (i = 0; i < w->nnodes; i++)
			for (j = 0; j < w->nodes[i].nent; j++)
				rh_role_get(w, w->nodes[i].ent[j].role);
		for (i = 0; i < w->nctr; i++)
			rh_role_get(w, w->ctr[i].role);
		for (i = 0; i < w->nreq; i++)
			rh_role_get(w, w->req[i].role);
	}
	if (discarded > 0) {
		char list[128] = "";
		size_t len = 0;

		for (i = 0; i < nids && len < sizeof list - 16; i++)
			len += (size_t)snprintf(list + len, sizeof list - len,
			    "%s%ld", i ? ", " : "", (long)ids[i]);
		diag_warn(r->d, &p, "%zu entr%s of unknown roles discarded%s%s%s",
		    discarded, discarded == 1 ? "y" : "ies", nids ? " (role " : "",
		    list, nids ? ")" : "");
	}
	if (m->roles_given && s->hroles >= 0 && (size_t)s->hroles != m->nroles)
		diag_warn(r->d, &p, "the history was saved with %ld roles, %zu "
		    "are defined", (long)s->hroles, m->nroles);
	if (r->opt->from_now)
		purged = purge_unused(w, r->opt->now, r->opt->max_age);
	else if (!s->is_state)
		purged = rebuild(w, s->saved, r->opt->max_age);
	else if (r->opt->max_age_set)
		diag_warn(r->d, &p, "--max-age applies to persisted saves, not to "
		    "a state stream");
	rh_compact(w);

	w->saved = s->saved;
	w->roles_count = m->roles_given ? (int32_t)m->nroles :
	    s->hroles >= 0 ? s->hroles : (int32_t)w->nroles;
	w->discarded = discarded;
	w->roles_given = given;
	if (m->roles_given)	/* they replace whatever the save had */
		rh_roles_move(w, m);
	rh_free(m);
	*m = *w;
	rh_init(w);
	if (info != NULL) {
		info->state = s->is_state;
		info->saves = r->nsaves;
		info->nread = s->nread;
		info->purged = purged;
	}
	return 0;
}

void
rh_loadopt_init(struct rh_loadopt *o)
{
	memset(o, 0, sizeof *o);
	o->max_age = RH_MAX_AGE_DEFAULT;
}

void
rh_loadinfo_free(struct rh_loadinfo *info)
{
	free(info->path);
	memset(info, 0, sizeof *info);
}

int
rh_load_file(struct rh *m, const char *path, const struct rh_loadopt *opt,
    struct rh_loadinfo *info, struct diag *d)
{
	struct rdr r;
	struct pos p;
	int rc;

	memset(&r, 0, sizeof r);
	r.opt = opt;
	r.d = d;
	r.given = m;
	r.lastnode = RH_NONE;
	save_init(&r.cur);
	save_init(&r.best);
	if (info != NULL)
		memset(info, 0, sizeof *info);
	if ((rc = nj_open(&r.nj, path, NJ_STREAM, d)) != 0)
		return rc;
	for (;;) {
		size_t len;

		rc = nj_next(r.nj, &r.v, NJ_RAW);
		if (rc == NJ_VALUE &&
		    (len = fast_entry(&r, r.v.text, r.v.len)) > 0) {
			nj_skip(r.nj, len);
			continue;
		}
		if (rc == NJ_VALUE)
			rc = nj_parse(r.nj, &r.v);
		if (rc == NJ_EOF) {
			rc = 0;
			break;
		}
		if (rc != NJ_VALUE) {
			rc = nj_status(rc);
			goto out;
		}
		if ((rc = record(&r)) != 0)
			goto out;
	}
	p.file = nj_name(r.nj);
	p.line = p.col = 0;
	if (r.nrec == 0)
		rc = bad(&r, &p, NULL, "no history: the input is empty");
	else if (r.in_save && (opt->strict || !r.have_best))
		rc = bad(&r, &r.cur.pos, NULL, "the input ends before the "
		    "RoleHistoryFooter of the save begun here");
	else if (r.in_save)
		diag_warn(d, &r.cur.pos, "the save begun here has no footer: "
		    "ignored, the complete one before it is used");
	if (rc == 0)
		rc = finish(&r, m, info);
	if (rc == 0 && info != NULL)
		info->path = xstrdup(path != NULL ? path : "-");
out:
	nj_close(r.nj);
	save_free(&r.cur);
	save_free(&r.best);
	return rc;
}

/* --- history directories --- */

#define PREFIX "rolehistory-"
#define SUFFIX ".json"

static int
cmp_newest(const void *a, const void *b)
{
	return -strcmp(*(char *const *)a, *(char *const *)b);
}

int
rh_dir_list(const char *dir, char ***names, size_t *n, struct diag *d)
{
	size_t cap = 0, plen = strlen(PREFIX), slen = strlen(SUFFIX);
	struct dirent *de;
	DIR *dp;

	*names = NULL;
	*n = 0;
	if ((dp = opendir(dir)) == NULL) {
		if (errno == ENOMEM)
			xoom();
		return diag_syserr(d, EXIT_NOINPUT, POS_NONE,
		    "cannot open directory '%s'", dir);
	}
	while ((errno = 0, de = readdir(dp)) != NULL) {
		size_t len = strlen(de->d_name);
		struct stat st;
		char *path;

		if (len < plen + slen || strncmp(de->d_name, PREFIX, plen) != 0 ||
		    strcmp(de->d_name + len - slen, SUFFIX) != 0)
			continue;
		path = xmalloc(strlen(dir) + len + 2);
		sprintf(path, "%s%s%s", dir, *dir && dir[strlen(dir) - 1] == '/' ?
		    "" : "/", de->d_name);
		if (stat(path, &st) != 0 || !S_ISREG(st.st_mode)) {
			free(path);
			continue;
		}
		xgrow((void **)names, &cap, *n + 1, sizeof **names);
		(*names)[(*n)++] = path;
	}
	if (errno == ENOMEM)
		xoom();
	if (errno != 0) {
		diag_syserr(d, EXIT_NOINPUT, POS_NONE, "cannot read directory '%s'",
		    dir);
		closedir(dp);
		rh_names_free(*names, *n);
		*names = NULL;
		*n = 0;
		return EXIT_NOINPUT;
	}
	closedir(dp);
	/* one directory: comparing paths compares the names */
	if (*n > 1)
		qsort(*names, *n, sizeof **names, cmp_newest);
	return 0;
}

void
rh_names_free(char **names, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(names[i]);
	free(names);
}

static int
load_dir(struct rh *m, const char *dir, const struct rh_loadopt *opt,
    struct rh_loadinfo *info, struct diag *d)
{
	struct diag_demoted dd;
	char **names;
	size_t n, i;
	int rc;

	diag_demote(&dd, d, "skipping this file: ");
	if ((rc = rh_dir_list(dir, &names, &n, d)) != 0)
		return rc;
	for (i = 0; i < n; i++) {
		struct pos p = { names[i], 0, 0 };
		struct stat st;

		if (stat(names[i], &st) == 0 && st.st_size == 0) {
			diag_warn(d, &p, "skipping this file: it is empty");
			continue;
		}
		rc = rh_load_file(m, names[i], opt, info, &dd.d);
		if (rc == 0)
			break;
	}
	rh_names_free(names, n);
	if (i < n)
		return 0;
	{
		struct pos p = { dir, 0, 0 };

		diag_warn(d, &p, "no loadable history: starting empty");
	}
	m->saved = opt->now;
	m->roles_count = (int32_t)m->nroles;
	if (info != NULL)
		memset(info, 0, sizeof *info);
	return 0;
}

int
rh_load(struct rh *m, const char *path, const struct rh_loadopt *opt,
    struct rh_loadinfo *info, struct diag *d)
{
	struct stat st;

	if (path != NULL && strcmp(path, "-") != 0 && stat(path, &st) == 0 &&
	    S_ISDIR(st.st_mode))
		return load_dir(m, path, opt, info, d);
	return rh_load_file(m, path, opt, info, d);
}
