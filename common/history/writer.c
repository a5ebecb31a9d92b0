/*
 * writer.c - the history records, one writer per record type, and the
 * two streams made of them: the state stream and the persisted save
 * (fixed key order, the stream order of reader.h). rh_plan_write() writes
 * its decisions with the same writers.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jsonwrite.h"
#include "timefmt.h"
#include "writer.h"
#include "xalloc.h"

#define REC(type) "{\"entry\":{\"" type "\":{"
#define END "}}}\n"
#define SLIDER "org.apache.slider.server.avro."

static void
key_int(struct ob *o, const char *key, int64_t v)
{
	ob_puts(o, key);
	ob_i64(o, v);
}

/* A placekit record: its wrapper, then its fields through w. */
static void
pk_open(struct jw *w, struct ob *o, const char *type)
{
	ob_puts(o, "{\"entry\":{\"");
	ob_puts(o, type);
	ob_puts(o, "\":");
	jw_init(w, o);
	jw_obj(w);
}

static void
pk_close(struct jw *w)
{
	jw_end(w);
	ob_puts(w->o, "}}\n");
}

static void
str_or_absent(struct jw *w, const char *key, const char *s)
{
	if (s == NULL)
		return;
	jw_key(w, key);
	jw_str(w, s);
}

static void
host(struct jw *w, const char *key, const struct rh *m, uint32_t node)
{
	if (key != NULL)
		jw_key(w, key);
	jw_strn(w, m->nodes[node].host, m->nodes[node].hostlen);
}

/* The header; savedx and savedate as read, or (NULL) made from saved. */
static void
header(struct ob *o, int64_t saved, int32_t roles, const char *savedx,
    const char *savedate)
{
	char date[32];

	ob_puts(o, REC(SLIDER "RoleHistoryHeader") "\"version\":1");
	key_int(o, ",\"saved\":", saved);
	ob_puts(o, ",\"savedx\":");
	if (savedx != NULL)
		jw_escape(o, savedx, strlen(savedx));
	else
		ob_printf(o, "\"%llx\"", (unsigned long long)saved);
	if (savedate == NULL)
		tm_gmtstring(saved, date);
	ob_puts(o, ",\"savedate\":");
	jw_escape(o, savedate != NULL ? savedate : date,
	    strlen(savedate != NULL ? savedate : date));
	key_int(o, ",\"roles\":", roles);
	ob_puts(o, END);
}

static int
cmp_mapent(const void *a, const void *b)
{
	const struct rh_mapent *x = *(const struct rh_mapent *const *)a;
	const struct rh_mapent *y = *(const struct rh_mapent *const *)b;

	return x->id != y->id ? rh_cmp(x->id, y->id) : (x > y) - (x < y);
}

/* The file's own mapping, by id, then in its order. */
static void
file_mapping(struct ob *o, const struct rh *m)
{
	const struct rh_mapent **v = xreallocarray(NULL, m->nfilemap + 1,
	    sizeof *v);
	size_t i;

	for (i = 0; i < m->nfilemap; i++)
		v[i] = &m->filemap[i];
	qsort(v, m->nfilemap, sizeof *v, cmp_mapent);
	for (i = 0; i < m->nfilemap; i++) {
		if (i > 0)
			ob_putc(o, ',');
		jw_escape(o, v[i]->name, strlen(v[i]->name));
		ob_putc(o, ':');
		ob_i64(o, v[i]->id);
	}
	free(v);
}

/* The mapping: the file's, or every named role, by id. */
static void
mapping(struct ob *o, const struct rh *m)
{
	size_t i;
	int first = 1;

	ob_puts(o, REC(SLIDER "RoleHistoryMapping") "\"rolemap\":{");
	if (m->filemap != NULL && !m->roles_given) {
		file_mapping(o, m);
		ob_puts(o, "}" END);
		return;
	}
	for (i = 0; i < m->nroles; i++) {
		if (m->roles[i].name == NULL)
			continue;
		if (!first)
			ob_putc(o, ',');
		first = 0;
		jw_escape(o, m->roles[i].name, strlen(m->roles[i].name));
		ob_putc(o, ':');
		ob_i64(o, m->roles[i].id);
	}
	ob_puts(o, "}" END);
}

static void
footer(struct ob *o, size_t count)
{
	ob_puts(o, REC(SLIDER "RoleHistoryFooter"));
	key_int(o, "\"count\":", (int64_t)count);
	ob_puts(o, END);
}

/*
 * A state stream's counters (never negative), written when at least min:
 * when not 0, but live, whose absence means active ? 1 : 0.
 */
static const struct {
	const char *key;
	size_t off;
	int32_t min;
} counters[] = {
	{ ",\"requested\":", offsetof(struct rh_entry, requested), 1 },
	{ ",\"starting\":", offsetof(struct rh_entry, starting), 1 },
	{ ",\"live\":", offsetof(struct rh_entry, live), 2 },
	{ ",\"releasing\":", offsetof(struct rh_entry, releasing), 1 },
	{ ",\"failed\":", offsetof(struct rh_entry, failed), 1 },
	{ ",\"failed_recently\":", offsetof(struct rh_entry, failed_recently),
	    1 },
	{ ",\"start_failed\":", offsetof(struct rh_entry, start_failed), 1 },
	{ ",\"preempted\":", offsetof(struct rh_entry, preempted), 1 }
};

static int32_t
counter(const struct rh_entry *e, size_t i)
{
	return *(const int32_t *)(const void *)((const char *)e +
	    counters[i].off);
}

/*
 * A NodeEntryRecord; with state, the counters that are not 0, and with
 * mark, live whatever it is.
 */
static void
entry(struct ob *o, const struct rh_node *n, const struct rh_entry *e,
    int state, int mark)
{
	size_t i;

	ob_puts(o, REC(SLIDER "NodeEntryRecord") "\"host\":");
	jw_escape(o, n->host, n->hostlen);
	key_int(o, ",\"role\":", e->role);
	ob_puts(o, e->live > 0 ? ",\"active\":true" : ",\"active\":false");
	key_int(o, ",\"last_used\":", e->last_used);
	for (i = 0; state && i < sizeof counters / sizeof *counters; i++)
		if (counter(e, i) >= counters[i].min || (mark &&
		    counters[i].off == offsetof(struct rh_entry, live)))
			key_int(o, counters[i].key, counter(e, i));
	if (state && e->untrusted)
		ob_puts(o, ",\"untrusted\":true");
	ob_puts(o, END);
}

static void
role(struct ob *o, const struct rh_role *r)
{
	struct jw w;

	pk_open(&w, o, "placekit.Role");
	jw_key(&w, "name");
	jw_str(&w, r->name);
	jw_key(&w, "id");
	jw_int(&w, r->id);
	jw_key(&w, "desired");
	jw_int(&w, r->desired < 0 ? 0 : r->desired);
	jw_key(&w, "policy");
	jw_int(&w, r->policy);
	jw_key(&w, "failure_threshold");
	jw_int(&w, r->failure_threshold);
	jw_key(&w, "escalate_ms");
	jw_int(&w, r->escalate_ms);
	str_or_absent(&w, "label", r->label);
	pk_close(&w);
}

static void
node(struct ob *o, const struct rh *m, uint32_t i)
{
	const struct rh_node *n = &m->nodes[i];
	struct jw w;

	pk_open(&w, o, "placekit.Node");
	host(&w, "host", m, i);
	jw_key(&w, "state");
	jw_str(&w, rh_name(RH_NSTATES, n->state));
	str_or_absent(&w, "label", n->label);
	pk_close(&w);
}

/* A container's identity: the first fields of its records. */
static void
ctr_fields(struct jw *w, const struct rh *m, const struct rh_container *c)
{
	jw_key(w, "id");
	jw_str(w, c->id);
	host(w, "host", m, c->node);
	jw_key(w, "role");
	jw_int(w, c->role);
}

static void
container(struct ob *o, const struct rh *m, const struct rh_container *c)
{
	struct jw w;

	pk_open(&w, o, "placekit.Container");
	ctr_fields(&w, m, c);
	jw_key(&w, "state");
	jw_str(&w, rh_name(RH_CSTATES, c->state));
	jw_key(&w, "since");
	jw_int(&w, c->since);
	if (c->surplus) {
		jw_key(&w, "surplus");
		jw_bool(&w, 1);
	}
	pk_close(&w);
}

void
rh_write_request(struct ob *o, const struct rh *m, const struct rh_request *r,
    int cancel)
{
	struct jw w;
	size_t j;

	pk_open(&w, o, cancel ? "placekit.Cancel" : "placekit.Request");
	jw_key(&w, "role");
	jw_int(&w, r->role);
	jw_key(&w, "kind");
	jw_str(&w, rh_name(RH_REQKINDS, r->kind));
	if (r->node != RH_NONE)
		host(&w, "host", m, r->node);
	if (r->kind == RH_REQ_AA) {
		jw_key(&w, "hosts");
		jw_arr(&w);
		for (j = 0; j < r->nhosts; j++)
			host(&w, NULL, m, r->hosts[j]);
		jw_end(&w);
	}
	str_or_absent(&w, "label", r->label);
	jw_key(&w, "priority");
	jw_int(&w, r->priority);
	jw_key(&w, "issued");
	jw_int(&w, r->issued);
	if (r->kind == RH_REQ_PLACED) {
		jw_key(&w, "deadline");
		jw_int(&w, r->deadline);
	}
	pk_close(&w);
}

void
rh_write_release(struct ob *o, const struct rh *m, const struct rh_container *c,
    const char *reason)
{
	struct jw w;

	pk_open(&w, o, "placekit.Release");
	ctr_fields(&w, m, c);
	jw_key(&w, "reason");
	jw_str(&w, reason);
	pk_close(&w);
}

/* Every entry, by host then role; returns how many. */
/*
 * Whether m's state stream says it is one by itself: a placekit record
 * or a counter field. One read from a state stream that would not (its
 * counters were on a record a later one replaced) has its first entry's
 * live count written, so that it reads back as a state stream, taken as
 * it is, and not as a persisted save to rebuild.
 */
static int
marked(const struct rh *m)
{
	size_t i, k;
	uint32_t j;

	if (m->nctr > 0 || m->nreq > 0)
		return 1;
	for (i = 0; i < m->nroles; i++)
		if (m->roles[i].src == RH_ROLE_DEFINED)
			return 1;
	for (i = 0; i < m->nnodes; i++) {
		const struct rh_node *n = &m->nodes[i];

		if (n->reported)
			return 1;
		for (j = 0; j < n->nent; j++) {
			if (n->ent[j].untrusted)
				return 1;
			for (k = 0; k < sizeof counters / sizeof *counters;
			    k++)
				if (counter(&n->ent[j], k) >= counters[k].min)
					return 1;
		}
	}
	return 0;
}

static size_t
entries(struct rh *m, struct ob *o, int state)
{
	const uint32_t *order = rh_nodes_sorted(m);
	size_t i, count = 0;
	uint32_t j;
	int mark = state && m->state && !marked(m);

	for (i = 0; i < m->nnodes; i++) {
		const struct rh_node *n = &m->nodes[order[i]];

		for (j = 0; j < n->nent; j++, mark = 0)
			entry(o, n, &n->ent[j], state, mark);
		count += n->nent;
	}
	return count;
}

void
rh_write_state(struct rh *m, struct ob *o)
{
	const uint32_t *order;
	size_t *v, count, n, i;

	header(o, m->saved, m->roles_count, m->savedx, m->savedate);
	mapping(o, m);
	for (i = 0; i < m->nroles; i++)
		if (m->roles[i].src == RH_ROLE_DEFINED)
			role(o, &m->roles[i]);
	order = rh_nodes_sorted(m);
	for (i = 0; i < m->nnodes; i++)
		if (m->nodes[order[i]].reported)
			node(o, m, order[i]);
	count = entries(m, o, 1);
	n = rh_containers_sorted(m, &v);
	for (i = 0; i < n; i++)
		container(o, m, &m->ctr[v[i]]);
	free(v);
	n = rh_requests_sorted(m, &v);
	for (i = 0; i < n; i++)
		rh_write_request(o, m, &m->req[v[i]], 0);
	free(v);
	footer(o, count);
}

void
rh_write_save(struct rh *m, struct ob *o, int64_t saved)
{
	header(o, saved, m->roles_count, NULL, NULL);
	mapping(o, m);
	footer(o, entries(m, o, 0));
}
