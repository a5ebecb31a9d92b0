/*
 * save.c - a save as read, and what becomes of it (save.h): the
 * roles, the remapping by name, the discarding of unknown roles, the
 * restart rebuild and rh-compact's purge.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "reader.h"
#include "save.h"
#include "xalloc.h"

void
rh_save_init(struct rh_save *s)
{
	memset(s, 0, sizeof *s);
	rh_init(&s->m);
}

void
rh_save_free(struct rh_save *s)
{
	size_t i;

	rh_free(&s->m);
	for (i = 0; i < s->nmap; i++)
		free(s->map[i].name);
	free(s->map);
	rh_save_init(s);
}

void
rh_save_map(struct rh_save *s, const char *name, int32_t id)
{
	xgrow((void **)&s->map, &s->capmap, s->nmap + 1, sizeof *s->map);
	s->map[s->nmap].name = xstrdup(name);
	s->map[s->nmap++].id = id;
}

/* A file's role id and the roles' id for it (-1: discard). */
struct idmap {
	int32_t fid;
	int64_t rid;
	size_t at;		/* the mapping's order: the first one counts */
};

static int
cmp_idmap(const void *a, const void *b)
{
	const struct idmap *x = a, *y = b;
	int c = rh_cmp(x->fid, y->fid);

	return c != 0 ? c : rh_cmp((int64_t)x->at, (int64_t)y->at);
}

/*
 * The mapping as the roles see it: n pairs sorted by file id, one per
 * id (the first the mapping names it with). Names are looked up once.
 * Free it.
 */
static struct idmap *
idmap_make(const struct rh_save *s, const struct rh *roles, size_t *n)
{
	struct idmap *v = xreallocarray(NULL, s->nmap + 1, sizeof *v);
	size_t i, k;

	for (i = 0; i < s->nmap; i++) {
		const struct rh_role *ro = rh_role_by_name(roles,
		    s->map[i].name);

		v[i].fid = s->map[i].id;
		v[i].rid = ro != NULL ? ro->id : -1;
		v[i].at = i;
	}
	qsort(v, s->nmap, sizeof *v, cmp_idmap);
	for (i = k = 0; i < s->nmap; i++)
		if (k == 0 || v[k - 1].fid != v[i].fid)
			v[k++] = v[i];
	*n = k;
	return v;
}

/* The file's role id fid as an id of the roles, or -1 to discard it. */
static int64_t
remap_id(const struct idmap *v, size_t n, int32_t fid)
{
	size_t lo = 0, hi = n, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (v[mid].fid < fid)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < n && v[lo].fid == fid ? v[lo].rid : -1;
}

static int
cmp_entry_role(const void *a, const void *b)
{
	return rh_cmp(((const struct rh_entry *)a)->role,
	    ((const struct rh_entry *)b)->role);
}

/* Remap every role id by name; discard what the mapping does not name. */
static void
remap(struct rh_save *s, const struct rh *roles, size_t *discarded)
{
	struct rh *m = &s->m;
	struct idmap *v;
	size_t i, nv;
	uint32_t j, k;

	v = idmap_make(s, roles, &nv);
	for (i = 0; i < m->nnodes; i++) {
		struct rh_node *n = &m->nodes[i];

		for (j = k = 0; j < n->nent; j++) {
			int64_t id = remap_id(v, nv, n->ent[j].role);

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
		int64_t id = remap_id(v, nv, m->ctr[i].role);

		if (id < 0)
			rh_container_remove(m, &m->ctr[i]);
		else
			m->ctr[i].role = (int32_t)id;
	}
	for (i = 0; i < m->nreq; i++) {
		int64_t id = remap_id(v, nv, m->req[i].role);

		if (id < 0)
			rh_request_remove(m, &m->req[i]);
		else {
			m->req[i].priority = (m->req[i].priority & RH_NOLOCATION) | id;
			m->req[i].role = (int32_t)id;
		}
	}
	free(v);
}

/* Does the file's mapping give a name another id than the roles do? */
static const char *
disagree(const struct rh_save *s, const struct rh *roles, int32_t *fid,
    int32_t *rid)
{
	size_t i;

	for (i = 0; i < s->nmap; i++) {
		const struct rh_role *ro = rh_role_by_name(roles, s->map[i].name);

		if (ro != NULL && ro->id != s->map[i].id) {
			*fid = s->map[i].id;
			*rid = ro->id;
			return s->map[i].name;
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
 * The restart rebuild of a persisted save, what an application master
 * does with its history when it starts again: nothing it knew is
 * running any more, so every counter starts at 0 and the entries that
 * were active at the save were last used then; entries last used before
 * saved - max_age go, those with last_used 0 (never released: a failed
 * start) first of all. max_age 0 keeps every entry. Returns how many
 * went.
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

			if (used < oldest) {
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
 * is older than now - max_age go, last_used 0 included (an entry only
 * requested or starting is not in use: its save would not keep it
 * either); nothing else changes. Returns how many went.
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

			if (e->live <= 0 && e->last_used < oldest) {
				purged++;
				continue;
			}
			n->ent[k++] = *e;
		}
		n->nent = k;
	}
	return purged;
}

/* A role id to make sure of, unless it is a role already. */
static void
want_role(struct rh *w, int32_t id, int32_t **ids, size_t *n, size_t *cap)
{
	if ((*n > 0 && (*ids)[*n - 1] == id) || rh_role_by_id(w, id) != NULL)
		return;
	xgrow((void **)ids, cap, *n + 1, sizeof **ids);
	(*ids)[(*n)++] = id;
}

/*
 * Without roles, the mapping names what it can; every id is a role. The
 * roles are made at once (in any order, a mapping of n ids costs
 * n log n), then named in the mapping's order.
 */
static void
mapped_roles(struct rh_save *s)
{
	struct rh *w = &s->m;
	int32_t *ids = NULL;
	size_t i, j, n = 0, cap = 0;

	for (i = 0; i < s->nmap; i++)
		if (rh_role_valid(s->map[i].id))
			want_role(w, s->map[i].id, &ids, &n, &cap);
	for (i = 0; i < w->nnodes; i++)
		for (j = 0; j < w->nodes[i].nent; j++)
			want_role(w, w->nodes[i].ent[j].role, &ids, &n, &cap);
	for (i = 0; i < w->nctr; i++)
		want_role(w, w->ctr[i].role, &ids, &n, &cap);
	for (i = 0; i < w->nreq; i++)
		want_role(w, w->req[i].role, &ids, &n, &cap);
	rh_roles_ensure(w, ids, n);
	free(ids);
	for (i = 0; i < s->nmap; i++) {
		struct rh_role *ro;

		if (!rh_role_valid(s->map[i].id))
			continue;
		ro = rh_role_by_id(w, s->map[i].id);
		if (ro->name == NULL) {
			rh_role_set_name(w, ro, s->map[i].name);
			ro->src = RH_ROLE_MAPPED;
		}
	}
}

/*
 * With roles: ids remapped by name when the mapping disagrees, then
 * what the roles lack discarded, with a warning.
 */
static size_t
given_roles(struct rh_save *s, const struct rh *roles, const struct pos *p,
    struct diag *d)
{
	size_t discarded = s->badrole, nids = 0, i, len = 0;
	int32_t ids[8], fid, rid;
	char list[128] = "";
	const char *name;

	if (s->have_map && (name = disagree(s, roles, &fid, &rid)) != NULL) {
		diag_warn(d, p, "the file's role mapping and the roles "
		    "disagree ('%s' is %ld in the file, %ld in the roles): "
		    "entries remapped by name", name, (long)fid, (long)rid);
		remap(s, roles, &discarded);
	}
	discard_unknown(&s->m, roles, &discarded, ids, &nids, 8);
	if (discarded == 0)
		return 0;
	for (i = 0; i < nids && len < sizeof list - 16; i++)
		len += (size_t)snprintf(list + len, sizeof list - len, "%s%ld",
		    i ? ", " : "", (long)ids[i]);
	diag_warn(d, p, "%zu entr%s of unknown roles discarded%s%s%s",
	    discarded, discarded == 1 ? "y" : "ies", nids ? " (role " : "",
	    list, nids ? ")" : "");
	return discarded;
}

void
rh_save_finish(struct rh_save *s, struct rh *m, const char *file,
    const struct rh_loadopt *opt, struct rh_loadinfo *info, struct diag *d)
{
	struct rh *w = &s->m;
	int given = m->roles_given || s->role_records > 0;
	struct pos p = { file, 0, 0 };
	size_t discarded = s->badrole, purged = 0;

	if (given)
		discarded = given_roles(s, m->roles_given ? m : w, &p, d);
	else {
		mapped_roles(s);
		if (discarded > 0)
			diag_warn(d, &p, "%zu entr%s of unknown roles discarded",
			    discarded, discarded == 1 ? "y" : "ies");
	}
	if (m->roles_given && s->hroles != RH_NOROLES &&
	    (s->hroles < 0 || (size_t)s->hroles != m->nroles))
		diag_warn(d, &p, "the history was saved with %ld role%s, %zu "
		    "%s defined", (long)s->hroles, s->hroles == 1 ? "" : "s",
		    m->nroles, m->nroles == 1 ? "is" : "are");
	if (!given && s->have_map) {	/* written back as it was */
		w->filemap = s->map;
		w->nfilemap = s->nmap;
		s->map = NULL;
		s->nmap = s->capmap = 0;
	}
	if (opt->from_now)
		purged = purge_unused(w, opt->now, opt->max_age);
	else if (!s->is_state)
		purged = rebuild(w, s->saved, opt->max_age);
	else if (opt->max_age_set)
		diag_warn(d, &p, "--max-age applies to persisted saves, not to "
		    "a state stream");
	rh_compact(w);

	w->saved = s->saved;
	w->state = s->is_state;
	w->roles_count = m->roles_given ? (int32_t)m->nroles :
	    s->hroles != RH_NOROLES ? (int32_t)s->hroles : (int32_t)w->nroles;
	w->discarded = discarded;
	w->roles_given = given;
	if (m->roles_given)	/* they replace whatever the save had */
		rh_roles_move(w, m);
	rh_free(m);
	*m = *w;
	rh_init(w);
	if (info != NULL) {
		info->state = s->is_state;
		info->nread = s->nread;
		info->purged = purged;
	}
	rh_save_free(s);
}

