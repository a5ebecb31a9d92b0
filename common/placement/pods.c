/*
 * pods.c - pods to application lines, release by release (pods.h).
 *
 * Each pod that makes an application is reduced to its application
 * (strings copied into one arena, by offset) and its place in the order;
 * after the last pod they are sorted, and the first pod of each
 * application ID is written.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exitcode.h"
#include "hashtable.h"
#include "jsonwrite.h"
#include "kubeobj.h"
#include "names.h"
#include "pods.h"
#include "timefmt.h"
#include "upgrade.h"
#include "xalloc.h"

#define DOMAIN "yunikorn.apache.org/"
#define GO_ZERO_TIME INT64_C(-62135596800)	/* Go's time.Time{}.Unix() */

/* A string in the arena. */
struct str {
	size_t off, len;
};

struct tag {
	const char *key;
	struct str val;
};

/* The application of one pod, and where the pod goes in the order. */
struct app {
	int later;		/* 1: after the assigned pods (recovery) */
	int64_t created;	/* creationTimestamp, seconds */
	struct str ns, name;
	const char *nsp, *namep;	/* the same, set for sorting */
	unsigned long seq;	/* input order */
	struct str id, user, queue;
	size_t g0, ng, t0, nt;	/* groups in gs, tags in ts */
};

struct nsinfo {
	struct str name, parent;
	int known;		/* in the file (else: warned about) */
};

struct kp {
	const struct kp_opts *o;
	const struct pl_ver *v;	/* the release */
	struct diag *d;
	unsigned long npods;	/* pods read */
	unsigned long skip[KP_NSKIP];	/* pods skipped, by why (pods.h) */
	unsigned long unread;	/* pods making applications whose user.info
				   it does not read */
	size_t *firsts, nfirsts;	/* after order(): each application's
					   first pod in apps[], in order */
	struct ht ids;		/* id -> index into firsts */
	struct buf arena;
	struct app *apps;
	size_t napps, capapps;
	struct str *gs;
	size_t ngs, capgs;
	struct tag *ts;
	size_t nts, capts;
	struct nsinfo *nss;
	size_t nnss, capnss;
	struct ht nsht;
	struct json_tokener *tok;	/* for user.info */
};

/* What one pod holds that matters, pointing into its json-c object. */
struct pod {
	const struct ko_item *it;
	struct json_object *labels, *annots, *secrets, *gates;
	const char *ns, *name, *uid, *sched, *node, *sa, *phase, *created;
	size_t nslen, namelen, uidlen;
};

static struct str
keep(struct kp *k, const char *s, size_t n)
{
	struct str r = { k->arena.n, n };

	buf_add(&k->arena, s, n);
	return r;
}

static const char *
at(const struct kp *k, struct str s)
{
	return k->arena.s + s.off;
}

static int
same(const struct kp *k, struct str a, const char *s, size_t n)
{
	return a.len == n && memcmp(at(k, a), s, n) == 0;
}

/* ---- reading a pod ---- */

static int
wrong(struct kp *k, const struct ko_item *it, const char *what)
{
	return diag_err(k->d, EXIT_DATAERR, &it->pos, "%s", what);
}

/* The member key of o, of type t (NULL when absent or null); -1 if not. */
static int
member(struct json_object *o, const char *key, json_type t,
    struct json_object **v)
{
	if (o == NULL || !json_object_object_get_ex(o, key, v) || *v == NULL)
		return *v = NULL, 0;
	return json_object_is_type(*v, t) ? 0 : -1;
}

/* The member key of o as a string ("" when absent or null). */
static int
member_str(struct json_object *o, const char *key, const char **s, size_t *n)
{
	struct json_object *v;

	*s = "";
	if (n != NULL)
		*n = 0;
	if (member(o, key, json_type_string, &v) != 0)
		return -1;
	if (v != NULL) {
		*s = json_object_get_string(v);
		if (n != NULL)
			*n = (size_t)json_object_get_string_len(v);
	}
	return 0;
}

/* Labels and annotations: an object of strings (null counts as ""). */
static int
strings(struct json_object *m)
{
	if (m == NULL)
		return 0;
	json_object_object_foreach(m, key, v) {
		(void)key;
		if (v != NULL && !json_object_is_type(v, json_type_string))
			return -1;
	}
	return 0;
}

static int
read_pod(struct kp *k, const struct ko_item *it, struct pod *p)
{
	struct json_object *md, *spec, *status;

	memset(p, 0, sizeof *p);
	p->it = it;
	if (member(it->obj, "metadata", json_type_object, &md) != 0)
		return wrong(k, it, "'metadata' must be an object");
	if (member(it->obj, "spec", json_type_object, &spec) != 0)
		return wrong(k, it, "'spec' must be an object");
	if (member(it->obj, "status", json_type_object, &status) != 0)
		return wrong(k, it, "'status' must be an object");
	if (member_str(md, "name", &p->name, &p->namelen) != 0 ||
	    member_str(md, "namespace", &p->ns, &p->nslen) != 0 ||
	    member_str(md, "uid", &p->uid, &p->uidlen) != 0 ||
	    member_str(md, "creationTimestamp", &p->created, NULL) != 0)
		return wrong(k, it, "'metadata.name', 'namespace', 'uid' and "
		    "'creationTimestamp' must be strings");
	if (member(md, "labels", json_type_object, &p->labels) != 0 ||
	    strings(p->labels) != 0)
		return wrong(k, it, "'metadata.labels' must be an object of "
		    "strings");
	if (member(md, "annotations", json_type_object, &p->annots) != 0 ||
	    strings(p->annots) != 0)
		return wrong(k, it, "'metadata.annotations' must be an object of "
		    "strings");
	if (member_str(spec, "schedulerName", &p->sched, NULL) != 0 ||
	    member_str(spec, "nodeName", &p->node, NULL) != 0 ||
	    member_str(spec, "serviceAccountName", &p->sa, NULL) != 0)
		return wrong(k, it, "'spec.schedulerName', 'nodeName' and "
		    "'serviceAccountName' must be strings");
	if (member(spec, "imagePullSecrets", json_type_array,
	    &p->secrets) != 0)
		return wrong(k, it, "'spec.imagePullSecrets' must be an array");
	if (member(spec, "schedulingGates", json_type_array, &p->gates) != 0)
		return wrong(k, it, "'spec.schedulingGates' must be an array");
	if (member_str(status, "phase", &p->phase, NULL) != 0)
		return wrong(k, it, "'status.phase' must be a string");
	return 0;
}

/* A label or annotation: 1 if there (its value in *v), 0 if not. */
static int
get(struct json_object *m, const char *key, const char **v, size_t *n)
{
	struct json_object *x;

	if (m == NULL || !json_object_object_get_ex(m, key, &x))
		return 0;
	*v = x != NULL ? json_object_get_string(x) : "";
	*n = x != NULL ? (size_t)json_object_get_string_len(x) : 0;
	return 1;
}

/* There, and not empty unless the release counts an empty value: then
 * its value in *v; else *v is left as it was (a default). */
static int
found(const struct kp *k, struct json_object *m, const char *key,
    const char **v, size_t *n)
{
	const char *s;
	size_t len;

	if (!get(m, key, &s, &len) || (len == 0 && !k->v->pod_found_empty))
		return 0;
	*v = s;
	*n = len;
	return 1;
}

/* ---- the application ---- */

/* The first of a list of label (L) and annotation (A) keys found. */
static int
first(const struct kp *k, const struct pod *p, const char *const *keys,
    const char **v, size_t *n)
{
	for (; *keys != NULL; keys++)
		if (found(k, (*keys)[0] == 'L' ? p->labels : p->annots, *keys + 1,
		    v, n))
			return 1;
	return 0;
}

/* Go's "%.Ns" of s: at most max characters (runes), not bytes. */
static size_t
runes(const char *s, size_t n, size_t max)
{
	size_t i = 0;

	for (; max > 0 && i < n; max--)
		for (i++; i < n && ((unsigned char)s[i] & 0xc0) == 0x80; i++)
			;
	return i;
}

/* The application ID, into the arena; 0 when the pod makes none. */
static int
app_id(struct kp *k, const struct pod *p, struct str *id)
{
	static const char *const annot_first[] = { "A" DOMAIN "app-id",
	    "LapplicationId", "Lspark-app-selector", NULL };
	static const char *const canonical[] = { "L" DOMAIN "app-id",
	    "A" DOMAIN "app-id", "LapplicationId", "Lspark-app-selector", NULL };
	static const char suffix[] = "-uniqueautogen";
	const size_t sn = sizeof suffix - 1;
	struct buf gen = { 0 };
	const char *v;
	size_t n;

	if (first(k, p, k->v->pod_app == PL_PODAPP_CANONICAL ? canonical :
	    annot_first, &v, &n)) {
		if (k->v->pod_unique && n >= sn && memcmp(v + n - sn, suffix,
		    sn) == 0) {
			*id = keep(k, v, n - sn);
			buf_add(&k->arena, "-", 1);
			buf_add(&k->arena, p->uid, p->uidlen);
			id->len = k->arena.n - id->off;
		} else
			*id = keep(k, v, n);
		return 1;
	}
	if (!k->v->pod_autogen)
		return 0;
	buf_printf(&gen, "yunikorn-%s-autogen", p->ns);
	*id = keep(k, gen.s, runes(gen.s, gen.n, 63));
	buf_free(&gen);
	return 1;
}

/*
 * The user.info annotation as Go's encoding/json reads it into the
 * scheduler interface's UserGroupInformation: an object whose "user"
 * and "groups" are matched ignoring case, other members ignored, null
 * leaving a member unset. 0, or -1 for anything Go refuses.
 */
static int
user_info(struct kp *k, const char *s, size_t n, struct str *user,
    struct app *a)
{
	struct json_object *o;
	size_t g0 = k->ngs, i;
	int rc = 0;

	if (!ko_valid(s, n))		/* Go refuses it; json-c might not */
		return -1;
	json_tokener_reset(k->tok);
	o = json_tokener_parse_ex(k->tok, s, (int)n);
	if (json_tokener_get_error(k->tok) != json_tokener_success)
		rc = -1;
	else if (o != NULL && !json_object_is_type(o, json_type_object))
		rc = -1;
	else if (o != NULL) {
		json_object_object_foreach(o, key, v) {
			if (pl_fold_eq(key, strlen(key), "user", 4)) {
				if (v == NULL)
					continue;
				if (!json_object_is_type(v, json_type_string))
					rc = -1;
				else
					*user = keep(k, json_object_get_string(v),
					    (size_t)json_object_get_string_len(v));
			} else if (pl_fold_eq(key, strlen(key), "groups", 6)) {
				k->ngs = g0;
				a->ng = 0;
				if (v != NULL && !json_object_is_type(v,
				    json_type_array)) {
					rc = -1;
					continue;
				}
				for (i = 0; v != NULL &&
				    i < json_object_array_length(v); i++) {
					struct json_object *g =
					    json_object_array_get_idx(v, i);

					if (g != NULL && !json_object_is_type(g,
					    json_type_string)) {
						rc = -1;
						break;
					}
					xgrow((void **)&k->gs, &k->capgs, k->ngs + 1,
					    sizeof *k->gs);
					k->gs[k->ngs++] = g == NULL ? keep(k, "", 0) :
					    keep(k, json_object_get_string(g),
					    (size_t)json_object_get_string_len(g));
				}
			}
		}
	}
	json_object_put(o);
	if (rc != 0)
		k->ngs = g0;
	a->g0 = g0;
	a->ng = k->ngs - g0;
	return rc;
}

static void
user(struct kp *k, const struct pod *p, struct app *a)
{
	const char *v;
	size_t n;

	a->g0 = k->ngs;
	a->ng = 0;
	switch (k->v->pod_user) {
	case PL_PODUSER_SA:
		a->user = keep(k, p->sa, strlen(p->sa));
		return;
	case PL_PODUSER_LABEL:
		if (get(p->labels, DOMAIN "username", &v, &n))
			a->user = keep(k, v, n);
		else
			a->user = keep(k, "nobody", 6);
		return;
	case PL_PODUSER_INFO:
		break;
	}
	if (get(p->annots, DOMAIN "user.info", &v, &n) && n > 0) {
		a->user = keep(k, "", 0);
		if (user_info(k, v, n, &a->user, a) != 0) {
			a->user = keep(k, "nobody", 6);
			a->ng = 0;
		} else if (a->user.len == 0)
			a->user = keep(k, "nobody", 6);
	} else if (get(p->labels, DOMAIN "username", &v, &n) && n > 0)
		a->user = keep(k, v, n);
	else
		a->user = keep(k, "nobody", 6);
}

static void
queue(struct kp *k, const struct pod *p, struct app *a)
{
	static const char *const label[] = { "Lqueue", NULL };
	static const char *const annot[] = { "Lqueue", "A" DOMAIN "queue", NULL };
	static const char *const canonical[] = { "L" DOMAIN "queue",
	    "A" DOMAIN "queue", "Lqueue", NULL };
	const char *v = k->v->pod_queue_default;
	size_t n = strlen(v);

	(void)first(k, p, k->v->pod_queue == PL_PODQUEUE_LABEL ? label :
	    k->v->pod_queue == PL_PODQUEUE_ANNOT ? annot : canonical, &v, &n);
	a->queue = keep(k, v, n);
}

static void
tag(struct kp *k, const char *key, const char *v, size_t n)
{
	xgrow((void **)&k->ts, &k->capts, k->nts + 1, sizeof *k->ts);
	k->ts[k->nts].key = key;
	k->ts[k->nts++].val = keep(k, v, n);
}

static const struct nsinfo *
ns_find(const struct kp *k, const char *name, size_t n, struct ht_probe *pr)
{
	uint32_t i;

	ht_probe(&k->nsht, ht_hash(name, n), pr);
	while ((i = ht_next(&k->nsht, pr)) != HT_NONE)
		if (same(k, k->nss[i].name, name, n))
			return &k->nss[i];
	return NULL;
}

static struct nsinfo *
ns_add(struct kp *k, const char *name, size_t n)
{
	struct ht_probe pr;
	const struct nsinfo *had = ns_find(k, name, n, &pr);
	struct nsinfo *ns;

	if (had != NULL)
		return &k->nss[had - k->nss];
	xgrow((void **)&k->nss, &k->capnss, k->nnss + 1, sizeof *k->nss);
	ht_add(&k->nsht, ht_hash(name, n), (uint32_t)k->nnss);
	ns = &k->nss[k->nnss++];
	memset(ns, 0, sizeof *ns);
	ns->name = keep(k, name, n);
	return ns;
}

/* The parent queue annotation of the pod's namespace, if any. */
static void
parent_tag(struct kp *k, const struct pod *p, const char *ns, size_t n)
{
	struct ht_probe pr;
	const struct nsinfo *i;
	struct nsinfo *add;

	if (k->o->namespaces == NULL)
		return;
	if ((i = ns_find(k, ns, n, &pr)) == NULL) {
		add = ns_add(k, ns, n);
		add->known = 0;
		diag_warn(k->d, &p->it->pos, "namespace '%s' is not in '%s': its "
		    "applications get no namespace tags", ns, k->o->namespaces);
		return;
	}
	if (i->known && i->parent.len > 0)
		tag(k, "namespace.parentqueue", at(k, i->parent), i->parent.len);
}

static void
tags(struct kp *k, const struct pod *p, struct app *a, int64_t created)
{
	const char *ns = p->nslen > 0 ? p->ns : "default", *v;
	size_t n, i;
	char num[24];
	struct buf b = { 0 };
	unsigned t = k->v->pod_tags;

	a->t0 = k->nts;
	tag(k, "namespace", ns, strlen(ns));
	parent_tag(k, p, ns, strlen(ns));
	if (t & PL_PODTAG_FORCE)
		tag(k, "application.create.force", *p->node ? "true" : "false",
		    *p->node ? 4 : 5);
	if ((t & PL_PODTAG_STATEAWARE) && get(p->labels, "disableStateAware", &v,
	    &n) && pl_parse_bool(v, n) == 1)
		tag(k, "application.stateaware.disable", "true", 4);
	if ((t & PL_PODTAG_PULLSECRETS) && p->secrets != NULL &&
	    json_object_array_length(p->secrets) > 0) {
		for (i = 0; i < json_object_array_length(p->secrets); i++) {
			struct json_object *s = json_object_array_get_idx(p->secrets,
			    i);

			if (i > 0)
				buf_add(&b, ",", 1);
			(void)member_str(s, "name", &v, &n);
			buf_add(&b, v, n);
		}
		tag(k, "imagePullSecrets", b.n > 0 ? b.s : "", b.n);
	}
	if (t & PL_PODTAG_GANG) {
		if (!get(p->annots, DOMAIN "task-groups", &v, &n))
			v = "", n = 0;
		tag(k, DOMAIN "task-groups", v, n);
		if (!get(p->annots, DOMAIN "schedulingPolicyParameters", &v, &n))
			v = "", n = 0;
		tag(k, DOMAIN "schedulingPolicyParameters", v, n);
	}
	if (((t & PL_PODTAG_CTIME) || ((t & PL_PODTAG_CTIME_RECOVERY) && *p->node)) &&
	    created != 0) {
		snprintf(num, sizeof num, "%lld", (long long)created);
		tag(k, DOMAIN "creationTime", num, strlen(num));
	}
	a->nt = k->nts - a->t0;
	buf_free(&b);
}

static int
terminated(const struct pod *p)
{
	return strcmp(p->phase, "Succeeded") == 0 ||
	    strcmp(p->phase, "Failed") == 0;
}

/* Go's Time.Unix() of a creationTimestamp ("": the zero time). */
static int
seconds(const char *s, int64_t *sec)
{
	int64_t ms;

	if (*s == '\0') {
		*sec = GO_ZERO_TIME;
		return 0;
	}
	if (tm_parse_instant(s, &ms) != 0 || strchr(s, 'T') == NULL)
		return -1;
	*sec = ms >= 0 ? ms / 1000 : -((999 - ms) / 1000);
	return 0;
}

/* The pods read once, made into applications by every release asked. */
struct kpset {
	struct kp *k;
	size_t n;
	struct kp *loud;	/* the one whose diag reports bad input */
};

/* The application release k makes of a pod, or why it makes none. */
static void
make_app(struct kp *k, const struct pod *p, int64_t created)
{
	struct app *a;
	struct str id;
	const char *v;
	size_t ar = k->arena.n, n;

	k->npods++;
	if (strcmp(p->sched, "yunikorn") != 0) {
		k->skip[KP_SKIP_SCHED]++;
		return;
	}
	if (terminated(p) && (k->v->pod_terminated == PL_PODTERM_SKIPPED ||
	    (k->v->pod_terminated == PL_PODTERM_ASSIGNED && *p->node))) {
		k->skip[KP_SKIP_DONE]++;
		return;
	}
	if (k->v->pod_gates && p->gates != NULL &&
	    json_object_array_length(p->gates) > 0) {
		k->skip[KP_SKIP_GATED]++;
		return;
	}
	if (k->v->pod_ignore && get(p->annots, DOMAIN "ignore-application", &v,
	    &n) && pl_parse_bool(v, n) == 1) {
		k->skip[KP_SKIP_IGNORED]++;
		return;
	}
	if (!app_id(k, p, &id)) {
		k->arena.n = ar;
		k->skip[KP_SKIP_NOID]++;
		return;
	}
	if (k->v->pod_user != PL_PODUSER_INFO &&
	    get(p->annots, DOMAIN "user.info", &v, &n))
		k->unread++;
	xgrow((void **)&k->apps, &k->capapps, k->napps + 1, sizeof *k->apps);
	a = &k->apps[k->napps++];
	memset(a, 0, sizeof *a);
	a->seq = k->napps;
	a->later = k->v->pod_assigned_first && !*p->node;
	a->created = created;
	a->ns = keep(k, p->ns, p->nslen);
	a->name = keep(k, p->name, p->namelen);
	a->id = id;
	user(k, p, a);
	queue(k, p, a);
	tags(k, p, a, created);
}

static int
one_pod(void *arg, const struct ko_item *it)
{
	struct kpset *ks = arg;
	struct pod p;
	int64_t created;
	size_t i;

	if (read_pod(ks->loud, it, &p) != 0)
		return EXIT_DATAERR;
	if (seconds(p.created, &created) != 0)
		return diag_err(ks->loud->d, EXIT_DATAERR, &it->pos, "'metadata."
		    "creationTimestamp' is not an RFC 3339 time: '%s'", p.created);
	for (i = 0; i < ks->n; i++)
		make_app(&ks->k[i], &p, created);
	return 0;
}

/* ---- namespaces ---- */

static int
one_ns(void *arg, const struct ko_item *it)
{
	struct kpset *ks = arg;
	struct json_object *md, *annots;
	const char *name, *v;
	size_t i, n, vn;
	struct nsinfo *ns;

	if (member(it->obj, "metadata", json_type_object, &md) != 0 ||
	    member_str(md, "name", &name, &n) != 0 ||
	    member(md, "annotations", json_type_object, &annots) != 0 ||
	    strings(annots) != 0)
		return wrong(ks->loud, it, "a Namespace needs 'metadata' with a "
		    "'name' and 'annotations' of strings");
	if (!get(annots, DOMAIN "parentqueue", &v, &vn))
		v = "", vn = 0;
	for (i = 0; i < ks->n; i++) {
		ns = ns_add(&ks->k[i], name, n);
		ns->known = 1;
		ns->parent = keep(&ks->k[i], v, vn);
	}
	return 0;
}

/* ---- the order and the output ---- */

static int
strcmpn(const char *a, size_t an, const char *b, size_t bn)
{
	int c = memcmp(a, b, an < bn ? an : bn);

	return c != 0 ? c : an < bn ? -1 : an > bn;
}

/* Assigned pods first when recovering, then by creation, namespace, name. */
static int
cmp(const void *x, const void *y)
{
	const struct app *a = x, *b = y;
	int c;

	if (a->later != b->later)
		return a->later - b->later;
	if (a->created != b->created)
		return a->created < b->created ? -1 : 1;
	if ((c = strcmpn(a->nsp, a->ns.len, b->nsp, b->ns.len)) != 0 ||
	    (c = strcmpn(a->namep, a->name.len, b->namep, b->name.len)) != 0)
		return c;
	return a->seq < b->seq ? -1 : a->seq > b->seq;
}

/* An application line's object. */
static void
write_app(const struct kp *k, const struct app *a, struct jw *w)
{
	size_t i;

	jw_obj(w);
	jw_key(w, "app");
	jw_strn(w, at(k, a->id), a->id.len);
	jw_key(w, "user");
	jw_strn(w, at(k, a->user), a->user.len);
	jw_key(w, "groups");
	jw_arr(w);
	for (i = 0; i < a->ng; i++)
		jw_strn(w, at(k, k->gs[a->g0 + i]), k->gs[a->g0 + i].len);
	jw_end(w);
	jw_key(w, "queue");
	jw_strn(w, at(k, a->queue), a->queue.len);
	jw_key(w, "tags");
	jw_obj(w);
	for (i = 0; i < a->nt; i++) {
		const struct tag *t = &k->ts[a->t0 + i];

		jw_key(w, t->key);
		jw_strn(w, at(k, t->val), t->val.len);
	}
	jw_end(w);
	jw_end(w);
}

/* The application with this id, NULL if none (after order()). */
static const struct app *
find(const struct kp *k, const char *id, size_t n)
{
	struct ht_probe pr;
	uint32_t j;

	ht_probe(&k->ids, ht_hash(id, n), &pr);
	while ((j = ht_next(&k->ids, &pr)) != HT_NONE)
		if (same(k, k->apps[k->firsts[j]].id, id, n))
			return &k->apps[k->firsts[j]];
	return NULL;
}

/* Sort the pods as the shim sends them; the first of each id decides. */
static void
order(struct kp *k)
{
	size_t i;

	for (i = 0; i < k->napps; i++) {	/* the arena grows no more */
		k->apps[i].nsp = at(k, k->apps[i].ns);
		k->apps[i].namep = at(k, k->apps[i].name);
	}
	if (k->napps > 1)
		qsort(k->apps, k->napps, sizeof *k->apps, cmp);
	k->firsts = xreallocarray(NULL, k->napps + 1, sizeof *k->firsts);
	for (i = 0; i < k->napps; i++) {
		const struct app *a = &k->apps[i];

		if (find(k, at(k, a->id), a->id.len) != NULL)
			continue;	/* not its first pod */
		ht_add(&k->ids, ht_hash(at(k, a->id), a->id.len),
		    (uint32_t)k->nfirsts);
		k->firsts[k->nfirsts++] = i;
	}
}

static void
write_all(struct kp *k, struct ob *out)
{
	struct jw w;
	size_t i;

	jw_init(&w, out);
	for (i = 0; i < k->nfirsts && out->err == 0; i++) {
		write_app(k, &k->apps[k->firsts[i]], &w);
		jw_nl(&w);
	}
}

/* The first release from which switch has makes it true, for the words
 * of a warning. */
static const char *
since(int (*has)(const struct pl_ver *))
{
	size_t i;

	for (i = 0; i < pl_nreleases; i++)
		if (has(pl_ver(pl_releases[i].c)))
			return pl_releases[i].name;
	return "";
}

static int
reads_info(const struct pl_ver *v)
{
	return v->pod_user == PL_PODUSER_INFO;
}

static int
makes_ids(const struct pl_ver *v)
{
	return v->pod_autogen;
}

/* Warn about what the release does not read (user.info) and about pods
 * without an application ID, which it makes no application of. */
static void
warn(const struct kp *k)
{
	unsigned long n = k->unread, id = k->skip[KP_SKIP_NOID];

	if (n > 0)
		diag_warn(k->d, POS_NONE, "%lu pod%s carr%s the annotation "
		    DOMAIN "user.info, which YuniKorn %s does not read (%s and "
		    "later do): %s user is %s", n, n == 1 ? "" : "s",
		    n == 1 ? "ies" : "y", k->o->release, since(reads_info),
		    n == 1 ? "its" : "their",
		    k->v->pod_user == PL_PODUSER_SA ? "its service account" :
		    "the label " DOMAIN "username, else nobody");
	if (id > 0)
		diag_warn(k->d, POS_NONE, "%lu pod%s no application ID: "
		    "YuniKorn %s makes no application of %s (%s and later make "
		    "one)", id, id == 1 ? " has" : "s have", k->o->release,
		    id == 1 ? "it" : "them", since(makes_ids));
}

static void
count(const struct kp *k, struct kp_counts *c)
{
	if (c == NULL)
		return;
	c->pods = k->npods;
	c->apps = k->nfirsts;
	memcpy(c->skipped, k->skip, sizeof c->skipped);
}

void
kp_counts_text(struct buf *b, const struct kp_counts *c, const char *release)
{
	static const char *const why[KP_NSKIP] = {
	    "not for yunikorn (spec.schedulerName)",
	    "completed (Succeeded, Failed)",
	    "with scheduling gates", "with ignore-application",
	    "without an application ID" };
	const char *sep = "; skipped: ";
	int i;

	buf_printf(b, "YuniKorn %s makes %lu application%s of %lu pod%s",
	    release, c->apps, c->apps == 1 ? "" : "s", c->pods,
	    c->pods == 1 ? "" : "s");
	for (i = 0; i < KP_NSKIP; i++)
		if (c->skipped[i] > 0) {
			buf_printf(b, "%s%lu %s", sep, c->skipped[i], why[i]);
			sep = ", ";
		}
}

static void
kp_init(struct kp *k, const struct kp_opts *o, enum pl_compat c,
    struct diag *d)
{
	memset(k, 0, sizeof *k);
	k->o = o;
	k->v = pl_ver(c);
	k->d = d;
	if ((k->tok = json_tokener_new_ex(KO_MAXDEPTH)) == NULL)
		xoom();
	json_tokener_set_flags(k->tok, JSON_TOKENER_STRICT);
	buf_grow(&k->arena, 4096);
}

static void
kp_free(struct kp *k)
{
	json_tokener_free(k->tok);
	buf_free(&k->arena);
	free(k->apps);
	free(k->gs);
	free(k->ts);
	free(k->nss);
	free(k->firsts);
	ht_free(&k->nsht);
	ht_free(&k->ids);
}

/* Read the namespaces and the pods once for every release of ks. */
static int
read_all(const char *path, struct kpset *ks, struct diag *d)
{
	const struct kp_opts *o = ks->loud->o;
	size_t i;
	int rc = 0;

	if (o->namespaces != NULL)
		rc = ko_read(o->namespaces, "Namespace", one_ns, ks, d);
	if (rc == 0)
		rc = ko_read(path, "Pod", one_pod, ks, d);
	for (i = 0; i < ks->n && rc == 0; i++)
		order(&ks->k[i]);
	return rc;
}

int
kp_run(const char *path, const struct kp_opts *o, struct ob *out,
    struct diag *d, struct kp_counts *c)
{
	struct kp k;
	struct kpset ks = { &k, 1, &k };
	int rc;

	kp_init(&k, o, o->compat, d);
	if ((rc = read_all(path, &ks, d)) == 0) {
		write_all(&k, out);
		warn(&k);
		count(&k, c);
	}
	kp_free(&k);
	return rc;
}

/* ---- two releases ---- */

/* The two lines would say the same (either may be NULL: none). */
static int
app_same(const struct kp *ka, const struct app *a, const struct kp *kb,
    const struct app *b)
{
	size_t i;

	if (a == NULL || b == NULL)
		return a == b;
	if (!same(kb, b->user, at(ka, a->user), a->user.len) ||
	    !same(kb, b->queue, at(ka, a->queue), a->queue.len) ||
	    a->ng != b->ng || a->nt != b->nt)
		return 0;
	for (i = 0; i < a->ng; i++)
		if (!same(kb, kb->gs[b->g0 + i], at(ka, ka->gs[a->g0 + i]),
		    ka->gs[a->g0 + i].len))
			return 0;
	for (i = 0; i < a->nt; i++) {
		const struct tag *ta = &ka->ts[a->t0 + i], *tb = &kb->ts[b->t0 + i];

		if (strcmp(ta->key, tb->key) != 0 ||
		    !same(kb, tb->val, at(ka, ta->val), ta->val.len))
			return 0;
	}
	return 1;
}

/* One application id across the rows of the path. */
struct kpdiff {
	struct kpset ks;
	struct pl_path path;
	struct pl_why *why;
	const char *id;
	size_t n;
	unsigned long ndiff, napps;
};

static int
same_rows(void *arg, size_t a, size_t b)
{
	const struct kpdiff *x = arg;
	const struct kp *ka = &x->ks.k[a], *kb = &x->ks.k[b];

	return app_same(ka, find(ka, x->id, x->n), kb, find(kb, x->id, x->n));
}

/* {"app":ID,"old":LINE|null,"new":LINE|null,"by":[...]} when the two
 * releases make the application differently. */
static void
diff_one(struct kpdiff *x, const char *id, size_t n, struct jw *w)
{
	const struct kp *ko = &x->ks.k[0], *kn = x->ks.loud;
	const struct app *a = find(ko, id, n), *b = find(kn, id, n);

	x->napps++;
	if (app_same(ko, a, kn, b))
		return;
	x->ndiff++;
	x->id = id;
	x->n = n;
	jw_obj(w);
	jw_key(w, "app");
	jw_strn(w, id, n);
	jw_key(w, "old");
	if (a != NULL)
		write_app(ko, a, w);
	else
		jw_null(w);
	jw_key(w, "new");
	if (b != NULL)
		write_app(kn, b, w);
	else
		jw_null(w);
	jw_key(w, "by");
	jw_arr(w);
	pl_why_json(w, x->why, pl_path_why(&x->path, same_rows, x, x->why));
	jw_end(w);
	jw_end(w);
	jw_nl(w);
}

int
kp_diff(const char *path, const struct kp_opts *o, struct ob *out,
    struct diag *d, unsigned long *ndiff, unsigned long *napps,
    struct kp_counts *c)
{
	struct diag quiet = DIAG_INIT("placectl");
	struct kpdiff x;
	struct jw w;
	size_t i, last;
	int rc;

	memset(&x, 0, sizeof x);
	quiet.sink = diag_drop;
	pl_path_init(&x.path, o->old, o->compat, 1);
	last = x.path.nclass - 1;
	x.ks.n = x.path.nrows;
	x.ks.k = xreallocarray(NULL, x.ks.n, sizeof *x.ks.k);
	x.ks.loud = &x.ks.k[last];
	for (i = 0; i < x.ks.n; i++)
		kp_init(&x.ks.k[i], o, x.path.rows[i], i == last ? d : &quiet);
	x.why = xreallocarray(NULL, x.path.nchg + 1, sizeof *x.why);
	if ((rc = read_all(path, &x.ks, d)) == 0) {
		const struct kp *ko = &x.ks.k[0], *kn = x.ks.loud;

		jw_init(&w, out);
		/* the new release's applications in its order, then those
		 * only the old one makes, in the old order */
		for (i = 0; i < kn->nfirsts && out->err == 0; i++) {
			const struct app *b = &kn->apps[kn->firsts[i]];

			diff_one(&x, at(kn, b->id), b->id.len, &w);
		}
		for (i = 0; i < ko->nfirsts && out->err == 0; i++) {
			const struct app *a = &ko->apps[ko->firsts[i]];

			if (find(kn, at(ko, a->id), a->id.len) == NULL)
				diff_one(&x, at(ko, a->id), a->id.len, &w);
		}
		warn(kn);
		count(kn, c);
	}
	*ndiff = x.ndiff;
	*napps = x.napps;
	for (i = 0; i < x.ks.n; i++)
		kp_free(&x.ks.k[i]);
	free(x.ks.k);
	free(x.why);
	pl_path_free(&x.path);
	return rc;
}
