/*
 * rolehistory.h - the Slider role-history model (rh-load(1)): roles, nodes, one
 * entry per (host, role) with its counters, containers and outstanding
 * requests, and the derived available lists. reader.h reads and writes it.
 *
 * Identities. Nodes are numbered (uint32_t, in order of creation) and
 * their host names interned: one copy per host, owned by the model.
 * A role is its id (0 <= id < RH_ROLE_LIMIT); struct rh_role holds what
 * is known about it. Entries live inside their node, sorted by role id,
 * at most one per role.
 *
 * Pointers. Node indexes stay valid for the model's life. A struct
 * rh_node * is valid until the next node is created (rh_node_intern);
 * a struct rh_entry * until the next entry of the same node is created
 * (rh_entry_get); struct rh_role * until the next role is added.
 * Container and request indexes stay valid: removing one only flags it
 * dead, and every walker (writers, rh_available) skips dead ones.
 *
 * Errors. The model functions cannot fail except by running out of
 * memory, which ends the process (xalloc). Bad input is the readers'
 * business (reader.h).
 */
#ifndef PK_ROLEHISTORY_H
#define PK_ROLEHISTORY_H

#include <stddef.h>
#include <stdint.h>

#include "hashtable.h"

#define RH_NONE		UINT32_MAX	/* no node */
#define RH_NOLOCATION	(INT64_C(1) << 30)	/* priority bit: no host named */
#define RH_ROLE_LIMIT	(INT32_C(1) << 30)	/* role ids are below this */

/* Placement policy bits (yarn.component.placement.policy). */
#define RH_POLICY_STRICT	1
#define RH_POLICY_ANYWHERE	2
#define RH_POLICY_AA		4

/* Defaults of a role known by id only (Slider's ProviderRole). */
#define RH_DEF_THRESHOLD	3
#define RH_DEF_ESCALATE_MS	30000
#define RH_SHORT_LIVED_MS	60000	/* a container dying sooner is short-lived */
#define RH_MAX_AGE_DEFAULT	(INT64_C(7) * 86400000)	/* --max-age 7d */

/* Where a role came from; only RH_ROLE_DEFINED ones are written as placekit.Role. */
enum rh_rolesrc {
	RH_ROLE_IMPLICIT,	/* only seen as an entry's role id */
	RH_ROLE_MAPPED,		/* named by the file's RoleHistoryMapping */
	RH_ROLE_DEFINED		/* resources.json (-R) or a placekit.Role record */
};

struct rh_role {
	int32_t id;
	enum rh_rolesrc src;
	char *name;		/* NULL when known by id only */
	int64_t desired;	/* instances wanted; -1 when not defined */
	int32_t policy;		/* RH_POLICY_* bits */
	int64_t failure_threshold;	/* negative: every node is over it */
	int64_t escalate_ms;
	char *label;		/* yarn.label.expression, NULL when none */
};

/* YARN node states; the first four make a node unusable ("offline"). */
enum rh_nstate {
	RH_NS_UNHEALTHY, RH_NS_DECOMMISSIONED, RH_NS_LOST, RH_NS_SHUTDOWN,
	RH_NS_RUNNING, RH_NS_NEW, RH_NS_REBOOTED, RH_NS_DECOMMISSIONING,
	RH_NS_COUNT
};

/* The state of one role on one host (Slider's NodeEntry). */
struct rh_entry {
	int64_t last_used;	/* ms */
	int32_t role;
	int32_t requested, starting, live, releasing;
	int32_t failed, failed_recently, start_failed, preempted;
	uint8_t untrusted;	/* after a start or short-lived failure */
};

struct rh_node {
	const char *host;	/* interned, NUL-terminated */
	uint32_t hostlen;
	uint8_t state;		/* enum rh_nstate, RH_NS_RUNNING by default */
	uint8_t reported;	/* named by a placekit.Node record or a node event */
	char *label;		/* NULL when none */
	struct rh_entry *ent;	/* nent entries, sorted by role */
	uint32_t nent, capent;
};

enum rh_cstate { RH_C_ALLOCATED, RH_C_STARTING, RH_C_LIVE, RH_C_RELEASING };

struct rh_container {
	char *id;
	uint32_t node;
	int32_t role;
	uint8_t state;		/* enum rh_cstate */
	uint8_t surplus;	/* allocated beyond desired: released, entry untouched */
	uint8_t dead;		/* removed */
	int64_t since;		/* ms: when it entered its state */
};

enum rh_reqkind { RH_REQ_PLACED, RH_REQ_OPEN, RH_REQ_AA, RH_REQ_ESCALATED };

struct rh_request {
	int32_t role;
	uint8_t kind;		/* enum rh_reqkind */
	uint8_t dead;		/* removed (satisfied, cancelled, dropped) */
	uint32_t node;		/* the host named, RH_NONE when none */
	uint32_t *hosts;	/* RH_REQ_AA: nhosts node indexes, sorted by name */
	size_t nhosts;
	char *label;		/* NULL when none */
	int64_t priority;	/* role | RH_NOLOCATION when no host is named */
	int64_t issued;		/* ms */
	int64_t deadline;	/* ms, RH_REQ_PLACED only */
	uint64_t seq;		/* issue order within the model */
};

/* One slot of an available list. */
struct rh_avail {
	uint32_t node;
	uint32_t rank;		/* the host's place in name order (tie-break) */
	int64_t last_used;
};

/* A role name and id of a RoleHistoryMapping. */
struct rh_mapent {
	char *name;
	int32_t id;
};

struct rh {
	int64_t saved;		/* the save time of the history (header "saved") */
	int32_t roles_count;	/* header "roles" */
	char *savedx, *savedate;	/* the header's, as read (Java UTF-8:
				   jackson.h); NULL: made from saved */
	struct rh_mapent *filemap;	/* the file's mapping as read, kept
				   while no roles are defined: written back */
	size_t nfilemap;
	int roles_given;	/* roles were defined: unknown role ids are discarded */
	int state;		/* read from a state stream: written as one
				   (writer.h) */

	struct rh_role *roles;	/* sorted by id */
	size_t nroles, caproles;
	struct ht rolemap;	/* name -> role id; a renamed role's old
				   name stays, matching nothing */

	struct rh_node *nodes;
	size_t nnodes, capnodes;
	struct ht hostmap;		/* host -> node index */
	char **arena;		/* host name storage: blocks to free */
	size_t narena, arena_cap;
	char *arena_cur;	/* the block being filled */
	size_t arena_used;

	struct rh_container *ctr;
	size_t nctr, capctr;
	struct ht ctrmap;		/* id -> container index */

	struct rh_request *req;
	size_t nreq, capreq;
	uint64_t next_seq;

	uint32_t *order;	/* node indexes sorted by host, norder of them */
	size_t norder;
	uint32_t *rank;		/* rank[node] = position in order */

	size_t discarded;	/* entries of unknown roles dropped at load */
	const char *dir;	/* the history directory it was loaded from,
				   for the table (not owned); NULL: a file */
	const char *from;	/* the file of dir loaded, NULL: none */
};

void rh_init(struct rh *);
void rh_free(struct rh *);

/* --- Roles --- */

/* Role with this id, or NULL. */
struct rh_role *rh_role_by_id(const struct rh *, int32_t id);
/* Role with this name (of the lowest id if several), or NULL; a hash
 * lookup. */
struct rh_role *rh_role_by_name(const struct rh *, const char *name);
/* A user's -r argument: a role name, else a decimal id. NULL if unknown. */
struct rh_role *rh_role_lookup(const struct rh *, const char *name_or_id);
/*
 * The role with this id, created with the defaults (RH_ROLE_IMPLICIT,
 * desired -1, policy 0, threshold 3, escalation 30 s) if new.
 */
struct rh_role *rh_role_get(struct rh *, int32_t id);
/*
 * rh_role_get for each of the n ids (sorted in place), in one merge:
 * O(n log n + roles) whatever their order, where one call each would
 * move the roles after each new one.
 */
void rh_roles_ensure(struct rh *, int32_t *ids, size_t n);
/* Set a role of m's name (copied; NULL clears it). */
void rh_role_set_name(struct rh *m, struct rh_role *, const char *name);
void rh_role_set_label(struct rh_role *, const char *label);
/* Replace to's roles with from's; from is left without roles. */
void rh_roles_move(struct rh *to, struct rh *from);
/* Is the node over the role's failure threshold for this entry (may be NULL)? */
int rh_over_threshold(const struct rh_role *, const struct rh_entry *);
/* Can id be a role's (0 to 2^30-1)? */
static inline int
rh_role_valid(int64_t id)
{
	return id >= 0 && id < RH_ROLE_LIMIT;
}
/* The priority of a request for role: placed/AA requests name hosts. */
static inline int64_t
rh_priority(int32_t role, int located)
{
	return (int64_t)role | (located ? 0 : RH_NOLOCATION);
}
/* The role of a container priority (bit 30 cleared). */
static inline int32_t
rh_priority_role(int64_t priority)
{
	return (int32_t)(priority & (RH_NOLOCATION - 1));
}

/* --- Names --- */

/*
 * The names of node states (YARN's: "RUNNING" for RH_NS_RUNNING, ...),
 * container states ("allocated", ...) and request kinds ("placed", ...).
 */
enum rh_names { RH_NSTATES, RH_CSTATES, RH_REQKINDS };
/* The name of value v in table t, "?" when none. */
const char *rh_name(enum rh_names t, int v);
/* The value named s in t (exactly: node states are upper case), or -1. */
int rh_value(enum rh_names t, const char *s);

/* --- Nodes --- */

/* Index of the node for host, or RH_NONE. */
uint32_t rh_node_find(const struct rh *, const char *host, size_t len);
/* Index of the node for host, created (RUNNING, no label, no entries) if new. */
uint32_t rh_node_intern(struct rh *, const char *host, size_t len);
static inline struct rh_node *
rh_node(const struct rh *m, uint32_t i)
{
	return &m->nodes[i];
}
/* Online: not UNHEALTHY, DECOMMISSIONED, LOST or SHUTDOWN. */
static inline int
rh_node_online(const struct rh_node *n)
{
	return n->state >= RH_NS_RUNNING;
}
void rh_node_set_label(struct rh_node *, const char *label);
/*
 * Node indexes sorted by host name (byte order); m->rank is the inverse.
 * Recomputed only when nodes were added since the last call.
 */
const uint32_t *rh_nodes_sorted(struct rh *);

/* --- Entries --- */

/* The (node, role) entry, or NULL. */
struct rh_entry *rh_entry_find(const struct rh *, uint32_t node, int32_t role);
/* The (node, role) entry, created with every counter 0 if new. */
struct rh_entry *rh_entry_get(struct rh *, uint32_t node, int32_t role);
/* Remove the (node, role) entry if there is one. */
void rh_entry_remove(struct rh *, uint32_t node, int32_t role);
/* Counter availability: live + starting + requested - releasing <= 0, not untrusted. */
static inline int
rh_entry_idle(const struct rh_entry *e)
{
	return (int64_t)e->live + e->starting + e->requested - e->releasing <= 0 &&
	    !e->untrusted;
}
/* Active instances: live - releasing. */
static inline int32_t
rh_entry_active(const struct rh_entry *e)
{
	return e->live - e->releasing;
}
/* Total entries in the model. */
size_t rh_entry_count(const struct rh *);

/*
 * The available list of a role (rh-load(1)): entries that are idle
 * (rh_entry_idle) and have no outstanding placed request for the role on
 * their host, most recently used first, host name as the tie-break.
 * One walk and one sort. Stores a malloc'd array in *out (the caller
 * frees it; NULL when empty) and returns its length.
 */
size_t rh_available(struct rh *, int32_t role, struct rh_avail **out);
/* The order of an available list: last use, newest first, then rank. */
int rh_avail_cmp(const struct rh_avail *, const struct rh_avail *);

/* -1, 0 or 1 as a is below, equal to or above b: for comparators. */
static inline int
rh_cmp(int64_t a, int64_t b)
{
	return (a > b) - (a < b);
}

/* --- Containers --- */

/* The live (not dead) container with this id, or NULL. */
struct rh_container *rh_container_find(const struct rh *, const char *id);
/*
 * Add a container (id copied); NULL if a live container already has the
 * id. Entry counters are the caller's business.
 */
struct rh_container *rh_container_add(struct rh *, const char *id,
    uint32_t node, int32_t role, enum rh_cstate, int64_t since);
void rh_container_remove(struct rh *, struct rh_container *);
/*
 * The live containers' indexes sorted by id: a malloc'd array (the
 * caller frees it) in *out; returns how many.
 */
size_t rh_containers_sorted(const struct rh *, size_t **out);

/* --- Requests --- */

/*
 * Append a request (issued last). hosts (nhosts node indexes) and label
 * are copied. The deadline is only kept for RH_REQ_PLACED.
 */
struct rh_request *rh_request_add(struct rh *, int32_t role, enum rh_reqkind,
    uint32_t node, const uint32_t *hosts, size_t nhosts, const char *label,
    int64_t priority, int64_t issued, int64_t deadline);
void rh_request_remove(struct rh *, struct rh_request *);
/* The outstanding placed request for (role, node), or NULL. */
struct rh_request *rh_request_placed(const struct rh *, int32_t role, uint32_t node);
/*
 * The live requests' indexes by role, then issue order: a malloc'd
 * array (the caller frees it) in *out; returns how many.
 */
size_t rh_requests_sorted(const struct rh *, size_t **out);

/* --- Whole-model operations --- */

/* failed_recently = 0 on every entry (Slider's failure-window reset). */
void rh_reset_failures(struct rh *);
/* Drop dead containers and requests, and nodes with no entries that no
 * placekit.Node record or event named. Invalidates indexes of those. */
void rh_compact(struct rh *);

#endif
