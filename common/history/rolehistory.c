/*
 * rolehistory.c - the role-history model: interned hosts, per-node entry
 * vectors, containers, requests and the derived available lists.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "hashtable.h"
#include "rolehistory.h"
#include "xalloc.h"

#define ARENA_CHUNK 65536

void
rh_init(struct rh *m)
{
	memset(m, 0, sizeof *m);
}

static void
request_free(struct rh_request *r)
{
	free(r->hosts);
	free(r->label);
	r->hosts = NULL;
	r->label = NULL;
}

static void
roles_free(struct rh *m)
{
	size_t i;

	for (i = 0; i < m->nroles; i++) {
		free(m->roles[i].name);
		free(m->roles[i].label);
	}
	free(m->roles);
	m->roles = NULL;
	m->nroles = m->caproles = 0;
	ht_free(&m->rolemap);
}

void
rh_roles_move(struct rh *to, struct rh *from)
{
	roles_free(to);
	to->roles = from->roles;
	to->nroles = from->nroles;
	to->caproles = from->caproles;
	to->rolemap = from->rolemap;
	from->roles = NULL;
	from->nroles = from->caproles = 0;
	memset(&from->rolemap, 0, sizeof from->rolemap);
}

void
rh_free(struct rh *m)
{
	size_t i;

	roles_free(m);
	free(m->savedx);
	free(m->savedate);
	for (i = 0; i < m->nfilemap; i++)
		free(m->filemap[i].name);
	free(m->filemap);
	for (i = 0; i < m->nnodes; i++) {
		free(m->nodes[i].ent);
		free(m->nodes[i].label);
	}
	free(m->nodes);
	ht_free(&m->hostmap);
	for (i = 0; i < m->narena; i++)
		free(m->arena[i]);
	free(m->arena);
	for (i = 0; i < m->nctr; i++)
		free(m->ctr[i].id);
	free(m->ctr);
	ht_free(&m->ctrmap);
	for (i = 0; i < m->nreq; i++)
		request_free(&m->req[i]);
	free(m->req);
	free(m->order);
	free(m->rank);
	rh_init(m);
}

/* --- the host and container id maps (htab): keys live in the model --- */

static int
same_host(const struct rh *m, uint32_t i, const char *k, size_t n)
{
	return m->nodes[i].hostlen == n && memcmp(m->nodes[i].host, k, n) == 0;
}

static int
same_ctr(const struct rh *m, uint32_t i, const char *k, size_t n)
{
	return strncmp(m->ctr[i].id, k, n) == 0 && m->ctr[i].id[n] == '\0';
}

typedef int samefn(const struct rh *, uint32_t, const char *, size_t);

/* The index mapped to key k, RH_NONE if none; *pr is left where it goes. */
static uint32_t
map_get(const struct rh *m, const struct ht *t, samefn *same, const char *k,
    size_t n, struct ht_probe *pr)
{
	uint32_t i;

	ht_probe(t, ht_hash(k, n), pr);
	while ((i = ht_next(t, pr)) != HT_NONE && !same(m, i, k, n))
		;
	return i == HT_NONE ? RH_NONE : i;
}

/* Map k to idx, replacing any earlier mapping. */
static void
map_put(const struct rh *m, struct ht *t, samefn *same, const char *k,
    size_t n, uint32_t idx)
{
	struct ht_probe pr;

	if (map_get(m, t, same, k, n, &pr) != RH_NONE)
		ht_set(t, &pr, idx);
	else
		ht_add(t, ht_hash(k, n), idx);
}

/* --- names --- */

static const char *const nstate_names[] = {
	"UNHEALTHY", "DECOMMISSIONED", "LOST", "SHUTDOWN",
	"RUNNING", "NEW", "REBOOTED", "DECOMMISSIONING"
};
static const char *const cstate_names[] = {
	"allocated", "starting", "live", "releasing"
};
static const char *const reqkind_names[] = {
	"placed", "open", "aa", "escalated"
};
static const struct {
	const char *const *v;
	int n;
} names[] = {
	{ nstate_names, RH_NS_COUNT },
	{ cstate_names, RH_C_RELEASING + 1 },
	{ reqkind_names, RH_REQ_ESCALATED + 1 }
};

const char *
rh_name(enum rh_names t, int v)
{
	return v >= 0 && v < names[t].n ? names[t].v[v] : "?";
}

int
rh_value(enum rh_names t, const char *s)
{
	int i;

	for (i = 0; i < names[t].n; i++)
		if (strcmp(s, names[t].v[i]) == 0)
			return i;
	return -1;
}

/* --- roles --- */

/*
 * The first of the n elements at v, size bytes apart and sorted by the
 * int32_t at offset off, whose key is not below key: where key is or
 * would go. Entries and roles usually arrive in order: the end is tried
 * first.
 */
static inline int32_t
key_at(const char *keys, size_t size, size_t i)
{
	int32_t k;

	memcpy(&k, keys + i * size, sizeof k);
	return k;
}

static inline size_t
lower_bound(const void *v, size_t n, size_t size, size_t off, int32_t key)
{
	const char *keys;
	size_t lo = 0, hi = n;

	if (n == 0)
		return 0;
	keys = (const char *)v + off;
	if (key_at(keys, size, n - 1) < key)
		return n;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (key_at(keys, size, mid) < key)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static size_t
role_pos(const struct rh *m, int32_t id)
{
	return lower_bound(m->roles, m->nroles, sizeof *m->roles,
	    offsetof(struct rh_role, id), id);
}

struct rh_role *
rh_role_by_id(const struct rh *m, int32_t id)
{
	size_t i = role_pos(m, id);

	return i < m->nroles && m->roles[i].id == id ? &m->roles[i] : NULL;
}

struct rh_role *
rh_role_by_name(const struct rh *m, const char *name)
{
	struct rh_role *r, *best = NULL;
	struct ht_probe pr;
	uint32_t id;

	ht_probe(&m->rolemap, ht_hash(name, strlen(name)), &pr);
	while ((id = ht_next(&m->rolemap, &pr)) != HT_NONE)
		if ((r = rh_role_by_id(m, (int32_t)id)) != NULL &&
		    r->name != NULL && strcmp(r->name, name) == 0 &&
		    (best == NULL || r->id < best->id))
			best = r;
	return best;
}

struct rh_role *
rh_role_lookup(const struct rh *m, const char *s)
{
	struct rh_role *r = rh_role_by_name(m, s);
	long long v = 0;
	const char *p;

	if (r != NULL || *s == '\0')
		return r;
	for (p = s; *p; p++) {
		if (*p < '0' || *p > '9' || v >= RH_ROLE_LIMIT)
			return NULL;
		v = v * 10 + (*p - '0');
	}
	if (v >= RH_ROLE_LIMIT)
		return NULL;
	return rh_role_by_id(m, (int32_t)v);
}

/* A new role's defaults. */
static void
role_init(struct rh_role *r, int32_t id)
{
	memset(r, 0, sizeof *r);
	r->id = id;
	r->src = RH_ROLE_IMPLICIT;
	r->desired = -1;
	r->failure_threshold = RH_DEF_THRESHOLD;
	r->escalate_ms = RH_DEF_ESCALATE_MS;
}

struct rh_role *
rh_role_get(struct rh *m, int32_t id)
{
	struct rh_role *r = rh_role_by_id(m, id);
	size_t at;

	if (r != NULL)
		return r;
	at = role_pos(m, id);
	xgrow((void **)&m->roles, &m->caproles, m->nroles + 1, sizeof *m->roles);
	memmove(&m->roles[at + 1], &m->roles[at],
	    (m->nroles - at) * sizeof *m->roles);
	m->nroles++;
	r = &m->roles[at];
	role_init(r, id);
	return r;
}

static int
cmp_id(const void *a, const void *b)
{
	return rh_cmp(*(const int32_t *)a, *(const int32_t *)b);
}

void
rh_roles_ensure(struct rh *m, int32_t *ids, size_t n)
{
	size_t i, k, nnew, to, from;

	if (n == 0)
		return;
	qsort(ids, n, sizeof *ids, cmp_id);
	for (i = k = 0; i < n; i++)	/* the new ones, once each */
		if ((k == 0 || ids[k - 1] != ids[i]) &&
		    rh_role_by_id(m, ids[i]) == NULL)
			ids[k++] = ids[i];
	if ((nnew = k) == 0)
		return;
	xgrow((void **)&m->roles, &m->caproles, m->nroles + nnew,
	    sizeof *m->roles);
	/* merge from the end: the old roles move once */
	for (from = m->nroles, to = m->nroles + nnew; k > 0; ) {
		if (from > 0 && m->roles[from - 1].id > ids[k - 1])
			m->roles[--to] = m->roles[--from];
		else
			role_init(&m->roles[--to], ids[--k]);
	}
	m->nroles += nnew;
}

void
rh_role_set_name(struct rh *m, struct rh_role *r, const char *name)
{
	struct ht_probe pr;
	uint32_t id;

	free(r->name);
	r->name = name != NULL ? xstrdup(name) : NULL;
	if (name == NULL)
		return;
	ht_probe(&m->rolemap, ht_hash(name, strlen(name)), &pr);
	while ((id = ht_next(&m->rolemap, &pr)) != HT_NONE)
		if (id == (uint32_t)r->id)
			return;		/* named so before */
	ht_add(&m->rolemap, ht_hash(name, strlen(name)), (uint32_t)r->id);
}

void
rh_role_set_label(struct rh_role *r, const char *label)
{
	free(r->label);
	r->label = label != NULL && *label != '\0' ? xstrdup(label) : NULL;
}

int
rh_over_threshold(const struct rh_role *r, const struct rh_entry *e)
{
	if (r->failure_threshold < 0)
		return 1;
	return e != NULL && e->failed_recently > r->failure_threshold;
}

/* --- nodes --- */

uint32_t
rh_node_find(const struct rh *m, const char *host, size_t len)
{
	struct ht_probe pr;

	return map_get(m, &m->hostmap, same_host, host, len, &pr);
}

static const char *
arena_copy(struct rh *m, const char *s, size_t n)
{
	char *p;

	if (n + 1 > ARENA_CHUNK / 4) {		/* a long name gets its own block */
		xgrow((void **)&m->arena, &m->arena_cap, m->narena + 1,
		    sizeof *m->arena);
		p = m->arena[m->narena++] = xmemdup0(s, n);
		return p;
	}
	if (m->arena_cur == NULL || m->arena_used + n + 1 > ARENA_CHUNK) {
		xgrow((void **)&m->arena, &m->arena_cap, m->narena + 1,
		    sizeof *m->arena);
		m->arena_cur = m->arena[m->narena++] = xmalloc(ARENA_CHUNK);
		m->arena_used = 0;
	}
	p = m->arena_cur + m->arena_used;
	memcpy(p, s, n);
	p[n] = '\0';
	m->arena_used += n + 1;
	return p;
}

uint32_t
rh_node_intern(struct rh *m, const char *host, size_t len)
{
	uint32_t i = rh_node_find(m, host, len);
	struct rh_node *n;

	if (i != RH_NONE)
		return i;
	xgrow((void **)&m->nodes, &m->capnodes, m->nnodes + 1, sizeof *m->nodes);
	i = (uint32_t)m->nnodes++;
	n = &m->nodes[i];
	memset(n, 0, sizeof *n);
	n->host = arena_copy(m, host, len);
	n->hostlen = (uint32_t)len;
	n->state = RH_NS_RUNNING;
	map_put(m, &m->hostmap, same_host, host, len, i);
	return i;
}

void
rh_node_set_label(struct rh_node *n, const char *label)
{
	free(n->label);
	n->label = label != NULL && *label != '\0' ? xstrdup(label) : NULL;
}

struct hostkey {
	const char *host;
	uint32_t len, node;
};

static int
cmp_host(const void *a, const void *b)
{
	const struct hostkey *x = a, *y = b;
	size_t n = x->len < y->len ? x->len : y->len;
	int c = memcmp(x->host, y->host, n);

	if (c != 0)
		return c;
	return (x->len > y->len) - (x->len < y->len);
}

const uint32_t *
rh_nodes_sorted(struct rh *m)
{
	struct hostkey *k;
	size_t i;

	if (m->norder == m->nnodes && m->order != NULL)
		return m->order;
	free(m->order);
	free(m->rank);
	m->order = xreallocarray(NULL, m->nnodes + 1, sizeof *m->order);
	m->rank = xreallocarray(NULL, m->nnodes + 1, sizeof *m->rank);
	k = xreallocarray(NULL, m->nnodes + 1, sizeof *k);
	for (i = 0; i < m->nnodes; i++) {
		k[i].host = m->nodes[i].host;
		k[i].len = m->nodes[i].hostlen;
		k[i].node = (uint32_t)i;
	}
	qsort(k, m->nnodes, sizeof *k, cmp_host);
	for (i = 0; i < m->nnodes; i++) {
		m->order[i] = k[i].node;
		m->rank[k[i].node] = (uint32_t)i;
	}
	free(k);
	m->norder = m->nnodes;
	return m->order;
}

/* --- entries --- */

/* Position of role in the node's vector (or where it would go). */
static uint32_t
entry_pos(const struct rh_node *n, int32_t role)
{
	return (uint32_t)lower_bound(n->ent, n->nent, sizeof *n->ent,
	    offsetof(struct rh_entry, role), role);
}

struct rh_entry *
rh_entry_find(const struct rh *m, uint32_t node, int32_t role)
{
	const struct rh_node *n = &m->nodes[node];
	uint32_t i = entry_pos(n, role);

	return i < n->nent && n->ent[i].role == role ? &n->ent[i] : NULL;
}

struct rh_entry *
rh_entry_get(struct rh *m, uint32_t node, int32_t role)
{
	struct rh_node *n = &m->nodes[node];
	uint32_t i = entry_pos(n, role);
	struct rh_entry *e;

	if (i < n->nent && n->ent[i].role == role)
		return &n->ent[i];
	if (n->nent == n->capent) {
		size_t cap = n->capent;

		xgrow((void **)&n->ent, &cap, (size_t)n->nent + 1, sizeof *n->ent);
		n->capent = (uint32_t)cap;
	}
	memmove(&n->ent[i + 1], &n->ent[i], (n->nent - i) * sizeof *n->ent);
	n->nent++;
	e = &n->ent[i];
	memset(e, 0, sizeof *e);
	e->role = role;
	return e;
}

void
rh_entry_remove(struct rh *m, uint32_t node, int32_t role)
{
	struct rh_node *n = &m->nodes[node];
	uint32_t i = entry_pos(n, role);

	if (i < n->nent && n->ent[i].role == role) {
		memmove(&n->ent[i], &n->ent[i + 1],
		    (n->nent - i - 1) * sizeof *n->ent);
		n->nent--;
	}
}

size_t
rh_entry_count(const struct rh *m)
{
	size_t i, c = 0;

	for (i = 0; i < m->nnodes; i++)
		c += m->nodes[i].nent;
	return c;
}

int
rh_avail_cmp(const struct rh_avail *x, const struct rh_avail *y)
{
	int c = rh_cmp(y->last_used, x->last_used);

	return c != 0 ? c : rh_cmp(x->rank, y->rank);
}

static int
cmp_avail(const void *a, const void *b)
{
	return rh_avail_cmp(a, b);
}

size_t
rh_available(struct rh *m, int32_t role, struct rh_avail **out)
{
	struct rh_avail *v = NULL;
	size_t n = 0, cap = 0, i;
	unsigned char *placed = NULL;

	rh_nodes_sorted(m);
	for (i = 0; i < m->nreq; i++) {
		const struct rh_request *r = &m->req[i];

		if (r->dead || r->role != role || r->kind != RH_REQ_PLACED ||
		    r->node == RH_NONE)
			continue;
		if (placed == NULL)
			placed = xcalloc(m->nnodes, 1);
		placed[r->node] = 1;
	}
	for (i = 0; i < m->nnodes; i++) {
		const struct rh_entry *e = rh_entry_find(m, (uint32_t)i, role);

		if (e == NULL || !rh_entry_idle(e) || (placed && placed[i]))
			continue;
		xgrow((void **)&v, &cap, n + 1, sizeof *v);
		v[n].node = (uint32_t)i;
		v[n].rank = m->rank[i];
		v[n].last_used = e->last_used;
		n++;
	}
	free(placed);
	if (n > 1)
		qsort(v, n, sizeof *v, cmp_avail);
	*out = v;
	return n;
}

/* --- containers --- */

struct rh_container *
rh_container_find(const struct rh *m, const char *id)
{
	struct ht_probe pr;
	uint32_t i = map_get(m, &m->ctrmap, same_ctr, id, strlen(id), &pr);

	if (i == RH_NONE || m->ctr[i].dead)
		return NULL;
	return &m->ctr[i];
}

struct rh_container *
rh_container_add(struct rh *m, const char *id, uint32_t node, int32_t role,
    enum rh_cstate state, int64_t since)
{
	struct rh_container *c;

	if (rh_container_find(m, id) != NULL)
		return NULL;
	xgrow((void **)&m->ctr, &m->capctr, m->nctr + 1, sizeof *m->ctr);
	c = &m->ctr[m->nctr];
	memset(c, 0, sizeof *c);
	c->id = xstrdup(id);
	c->node = node;
	c->role = role;
	c->state = (uint8_t)state;
	c->since = since;
	map_put(m, &m->ctrmap, same_ctr, id, strlen(id), (uint32_t)m->nctr);
	m->nctr++;
	return c;
}

void
rh_container_remove(struct rh *m, struct rh_container *c)
{
	(void)m;
	c->dead = 1;
}

/* A sort key of a container or request, and its index. */
struct sortkey {
	const char *id;
	int32_t role;
	uint64_t seq;
	size_t idx;
};

static int
cmp_byid(const void *a, const void *b)
{
	return strcmp(((const struct sortkey *)a)->id,
	    ((const struct sortkey *)b)->id);
}

static int
cmp_byrole(const void *a, const void *b)
{
	const struct sortkey *x = a, *y = b;
	int c = rh_cmp(x->role, y->role);

	return c != 0 ? c : rh_cmp((int64_t)x->seq, (int64_t)y->seq);
}

/* The live containers (ctr set) or requests, sorted: indexes into *out. */
static size_t
live_sorted(const struct rh *m, int ctr, size_t **out)
{
	int (*cmp)(const void *, const void *) = ctr ? cmp_byid : cmp_byrole;
	size_t n = ctr ? m->nctr : m->nreq, k = 0, i;
	struct sortkey *v = xcalloc(n + 1, sizeof *v);

	for (i = 0; i < n; i++) {
		if (ctr ? m->ctr[i].dead : m->req[i].dead)
			continue;
		if (ctr)
			v[k].id = m->ctr[i].id;
		else {
			v[k].role = m->req[i].role;
			v[k].seq = m->req[i].seq;
		}
		v[k++].idx = i;
	}
	for (i = 1; i < k && cmp(&v[i - 1], &v[i]) <= 0; i++)
		;
	if (i < k)		/* often they come in order */
		qsort(v, k, sizeof *v, cmp);
	*out = xreallocarray(NULL, k + 1, sizeof **out);
	for (i = 0; i < k; i++)
		(*out)[i] = v[i].idx;
	free(v);
	return k;
}

size_t
rh_containers_sorted(const struct rh *m, size_t **out)
{
	return live_sorted(m, 1, out);
}

/* --- requests --- */

struct rh_request *
rh_request_add(struct rh *m, int32_t role, enum rh_reqkind kind, uint32_t node,
    const uint32_t *hosts, size_t nhosts, const char *label, int64_t priority,
    int64_t issued, int64_t deadline)
{
	struct rh_request *r;

	xgrow((void **)&m->req, &m->capreq, m->nreq + 1, sizeof *m->req);
	r = &m->req[m->nreq++];
	memset(r, 0, sizeof *r);
	r->role = role;
	r->kind = (uint8_t)kind;
	r->node = node;
	if (nhosts > 0) {
		r->hosts = xreallocarray(NULL, nhosts, sizeof *hosts);
		memcpy(r->hosts, hosts, nhosts * sizeof *hosts);
		r->nhosts = nhosts;
	}
	r->label = label != NULL ? xstrdup(label) : NULL;
	r->priority = priority;
	r->issued = issued;
	r->deadline = kind == RH_REQ_PLACED ? deadline : 0;
	r->seq = m->next_seq++;
	return r;
}

void
rh_request_remove(struct rh *m, struct rh_request *r)
{
	(void)m;
	r->dead = 1;
}

size_t
rh_requests_sorted(const struct rh *m, size_t **out)
{
	return live_sorted(m, 0, out);
}

struct rh_request *
rh_request_placed(const struct rh *m, int32_t role, uint32_t node)
{
	size_t i;

	for (i = 0; i < m->nreq; i++) {
		struct rh_request *r = &m->req[i];

		if (!r->dead && r->kind == RH_REQ_PLACED && r->role == role &&
		    r->node == node)
			return r;
	}
	return NULL;
}

/* --- whole model --- */

void
rh_reset_failures(struct rh *m)
{
	size_t i;
	uint32_t j;

	for (i = 0; i < m->nnodes; i++)
		for (j = 0; j < m->nodes[i].nent; j++)
			m->nodes[i].ent[j].failed_recently = 0;
}

void
rh_compact(struct rh *m)
{
	uint32_t *map, *ref;
	size_t i, j, n;

	/* Containers: drop the dead, rebuild the id map. */
	for (i = j = 0; i < m->nctr; i++) {
		if (m->ctr[i].dead)
			free(m->ctr[i].id);
		else
			m->ctr[j++] = m->ctr[i];
	}
	m->nctr = j;
	/* Requests: drop the dead. */
	for (i = j = 0; i < m->nreq; i++) {
		if (m->req[i].dead)
			request_free(&m->req[i]);
		else
			m->req[j++] = m->req[i];
	}
	m->nreq = j;

	/* Nodes still referenced or worth keeping. */
	ref = xcalloc(m->nnodes + 1, sizeof *ref);
	for (i = 0; i < m->nctr; i++)
		ref[m->ctr[i].node] = 1;
	for (i = 0; i < m->nreq; i++) {
		if (m->req[i].node != RH_NONE)
			ref[m->req[i].node] = 1;
		for (j = 0; j < m->req[i].nhosts; j++)
			ref[m->req[i].hosts[j]] = 1;
	}
	map = xreallocarray(NULL, m->nnodes + 1, sizeof *map);
	for (i = n = 0; i < m->nnodes; i++) {
		struct rh_node *nd = &m->nodes[i];

		if (nd->nent == 0 && !nd->reported && !ref[i]) {
			free(nd->ent);
			free(nd->label);
			map[i] = RH_NONE;
			continue;
		}
		map[i] = (uint32_t)n;
		m->nodes[n++] = *nd;
	}
	free(ref);
	m->nnodes = n;
	for (i = 0; i < m->nctr; i++)
		m->ctr[i].node = map[m->ctr[i].node];
	for (i = 0; i < m->nreq; i++) {
		if (m->req[i].node != RH_NONE)
			m->req[i].node = map[m->req[i].node];
		for (j = 0; j < m->req[i].nhosts; j++)
			m->req[i].hosts[j] = map[m->req[i].hosts[j]];
	}
	free(map);

	/* Every key is unique: index them again. */
	ht_clear(&m->hostmap);
	for (i = 0; i < m->nnodes; i++)
		ht_add(&m->hostmap, ht_hash(m->nodes[i].host,
		    m->nodes[i].hostlen), (uint32_t)i);
	ht_clear(&m->ctrmap);
	for (i = 0; i < m->nctr; i++)
		ht_add(&m->ctrmap, ht_hash(m->ctr[i].id, strlen(m->ctr[i].id)),
		    (uint32_t)i);
	free(m->order);
	free(m->rank);
	m->order = m->rank = NULL;
	m->norder = 0;
}
