/*
 * configmap.c - ConfigMaps, Lists of them and Helm values to the one queues
 * document the shim sends the core (configmap.h).
 */
#include <ctype.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base64.h"
#include "configmap.h"
#include "exitcode.h"
#include "gunzip.h"
#include "hashtable.h"
#include "xalloc.h"

const char kcm_builtin[] =
    "\n"
    "partitions:\n"
    "  - name: default\n"
    "    placementrules:\n"
    "      - name: tag\n"
    "        value: namespace\n"
    "        create: true\n"
    "    queues:\n"
    "      - name: root\n"
    "        submitacl: '*'\n";
const size_t kcm_builtin_len = sizeof kcm_builtin - 1;

#define CONFIGS_NAME "yunikorn-configs"
#define DEFAULTS_NAME "yunikorn-defaults"

enum layer { DEFAULTS, CONFIGS, NLAYERS };

/* What a file holds. */
enum form { F_QUEUES, F_CM, F_LIST, F_FRAGMENT, F_DATAMAP, F_VALUES };

/* One entry of a ConfigMap as written. */
struct ent {
	const char *key, *val;
	size_t klen, vlen;
	const struct yl_node *at;	/* the value, for positions */
};

/* A ConfigMap, or what stands for one (a fragment, Helm values). */
struct cmap {
	const char *file;
	const char *name;	/* metadata.name, or the name of its role */
	const struct yl_node *at;	/* where it starts */
	struct ent *data, *bin;
	size_t ndata, nbin, capdata, capbin;
};

/* One key of the merged map. */
struct mval {
	const char *key, *val;
	size_t klen, vlen;
	const struct cmap *cm;	/* where it came from */
	const struct ent *e;	/* ... as written */
	int emptied;		/* a binaryData entry not decompressed */
};

/* A binaryData entry that could not be decoded. */
struct bad {
	const struct cmap *cm;
	const struct ent *e;
	size_t klen;		/* the key it was for: e->key[0, klen) */
	char *msg;
};

struct ctx {
	const struct kcm_opts *o;
	const struct pl_ver *v;		/* the release */
	struct diag *d;
	struct yl_doc docs[2];	/* -c FILE, --defaults FILE */
	struct buf texts[2];	/* ... their text, for positions */
	struct cmap *cms[NLAYERS];
	struct cmap **all;	/* every ConfigMap read */
	size_t nall;
	struct mval *mv;
	size_t nmv, capmv;
	struct ht ht;
	struct buf *vals;	/* decoded binaryData */
	size_t nvals, capvals;
	struct bad *bads;
	size_t nbads, capbads;
};

static struct pos
at(const char *file, const struct yl_node *n)
{
	struct pos p = { file, n != NULL ? n->line : 0, n != NULL ? n->col : 0 };

	return p;
}

static int PK_PRINTF(4, 5)
err(struct ctx *c, const char *file, const struct yl_node *n,
    const char *fmt, ...)
{
	struct pos p = at(file, n);
	va_list ap;
	char *s;
	int len;

	va_start(ap, fmt);
	len = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	s = xmalloc((size_t)(len < 0 ? 0 : len) + 1);
	va_start(ap, fmt);
	vsnprintf(s, (size_t)(len < 0 ? 0 : len) + 1, fmt, ap);
	va_end(ap);
	diag_err(c->d, EXIT_CONFIG, &p, "%s", s);
	free(s);
	return EXIT_CONFIG;
}

static int
is(const struct yl_node *n, const char *s)
{
	return n != NULL && n->kind == YL_SCALAR && strcmp(n->str, s) == 0;
}

static int
ends_with(const char *s, size_t n, const char *suf)
{
	size_t k = strlen(suf);

	return n >= k && memcmp(s + n - k, suf, k) == 0;
}

/* ---- recognising a file ---- */

static int
all_scalars(const struct yl_node *m)
{
	size_t i;
	int yaml = 0;

	for (i = 0; i < m->n; i++) {
		const struct yl_node *k = m->kids[2 * i];

		if (k->kind != YL_SCALAR || m->kids[2 * i + 1]->kind != YL_SCALAR)
			return 0;
		yaml |= ends_with(k->str, k->len, ".yaml");
	}
	return yaml;
}

static enum form
form(const struct yl_node *r)
{
	const struct yl_node *k;

	if (r == NULL || r->kind != YL_MAP)
		return F_QUEUES;
	if ((k = yl_get(r, "kind")) != NULL)
		return is(k, "ConfigMap") ? F_CM : F_LIST;	/* F_LIST checks */
	if (yl_get(r, "partitions") != NULL || yl_get(r, "checksum") != NULL)
		return F_QUEUES;
	if (yl_get(r, "yunikornDefaults") != NULL ||
	    yl_get(r, "configuration") != NULL)
		return F_VALUES;
	if (yl_get(r, "data") != NULL || yl_get(r, "binaryData") != NULL)
		return F_FRAGMENT;
	if (all_scalars(r))
		return F_DATAMAP;
	return F_QUEUES;	/* it fails there, as it always did */
}

/* ---- reading ConfigMaps ---- */

static struct cmap *
new_cm(struct ctx *c, const char *file, const struct yl_node *at)
{
	struct cmap *cm;

	c->all = xreallocarray(c->all, c->nall + 1, sizeof *c->all);
	cm = c->all[c->nall++] = xcalloc(1, sizeof *cm);
	cm->file = file;
	cm->at = at;
	return cm;
}

static void
add_ent(struct ent **v, size_t *n, size_t *cap, const char *k, size_t kn,
    const char *val, size_t vn, const struct yl_node *at)
{
	xgrow((void **)v, cap, *n + 1, sizeof **v);
	(*v)[*n] = (struct ent){ k, val, kn, vn, at };
	(*n)++;
}

/* The entries of a data or binaryData mapping (null: none). */
static int
entries(struct ctx *c, struct cmap *cm, const struct yl_node *m,
    const char *what, int bin)
{
	size_t i;

	if (yl_is_null(m))
		return 0;
	if (m->kind != YL_MAP)
		return err(c, cm->file, m, "%s of '%s' must be a mapping, not %s",
		    what, cm->name, yl_kind_name(m->kind));
	for (i = 0; i < m->n; i++) {
		const struct yl_node *k = m->kids[2 * i], *v = m->kids[2 * i + 1];
		const char *s = v->str;
		size_t n = v->len;

		if (k->kind != YL_SCALAR)
			return err(c, cm->file, k, "%s keys of '%s' must be "
			    "strings, not %s", what, cm->name,
			    yl_kind_name(k->kind));
		if (v->kind != YL_SCALAR)
			return err(c, cm->file, v, "%s '%s' of '%s' must be a "
			    "string, not %s", what, k->str, cm->name,
			    yl_kind_name(v->kind));
		if (yl_is_null(v))
			s = "", n = 0;
		if (bin)
			add_ent(&cm->bin, &cm->nbin, &cm->capbin, k->str, k->len,
			    s, n, v);
		else
			add_ent(&cm->data, &cm->ndata, &cm->capdata, k->str,
			    k->len, s, n, v);
	}
	return 0;
}

/* A ConfigMap, or a fragment holding data and binaryData (name NULL). */
static int
read_cm(struct ctx *c, const char *file, const struct yl_node *r,
    const char *role, struct cmap **out)
{
	const struct yl_node *md = yl_get(r, "metadata"), *name;
	struct cmap *cm = new_cm(c, file, r);
	int rc;

	*out = cm;
	cm->name = role;
	if ((name = yl_get(md, "name")) != NULL && name->kind == YL_SCALAR &&
	    !yl_is_null(name))
		cm->name = name->str;
	if ((rc = entries(c, cm, yl_get(r, "data"), "data", 0)) != 0)
		return rc;
	return entries(c, cm, yl_get(r, "binaryData"), "binaryData", 1);
}

static const char *
namespace_of(const struct yl_node *cm)
{
	const struct yl_node *ns = yl_get(yl_get(cm, "metadata"), "namespace");

	return ns != NULL && ns->kind == YL_SCALAR ? ns->str : "";
}

/* Put cm in a layer; two for one layer is an error. */
static int
place(struct ctx *c, struct cmap *cm, enum layer l, const char *role)
{
	struct cmap *had = c->cms[l];

	if (had == NULL) {
		c->cms[l] = cm;
		return 0;
	}
	return err(c, cm->file, cm->at, "%s given twice: '%s' here and '%s' in "
	    "%s", role, cm->name, had->name, had->file);
}

/*
 * A List: its yunikorn-configs and yunikorn-defaults (with --defaults,
 * the first only), or else its one ConfigMap; the others are not read by
 * YuniKorn, so they are skipped.
 */
static int
read_list(struct ctx *c, const char *file, const struct yl_node *r,
    int defaults)
{
	const struct yl_node *kind = yl_get(r, "kind"), *items, *only = NULL;
	const struct yl_node *pick[NLAYERS] = { NULL, NULL };
	const char *ns[NLAYERS] = { "", "" };
	struct cmap *cm;
	size_t i, ncm = 0;
	int rc, l, typed;

	if (kind->kind != YL_SCALAR || !ends_with(kind->str, kind->len, "List"))
		return err(c, file, kind, "a %s, not a ConfigMap or a List of "
		    "ConfigMaps", kind->kind == YL_SCALAR ? kind->str : "kind");
	typed = is(kind, "ConfigMapList");
	items = yl_get(r, "items");
	if (yl_is_null(items))
		return err(c, file, r, "a List without items: no ConfigMap");
	if (items->kind != YL_SEQ)
		return err(c, file, items, "List items must be a sequence, not %s",
		    yl_kind_name(items->kind));
	for (i = 0; i < items->n; i++) {
		const struct yl_node *it = items->kids[i], *k, *name;

		if (it->kind != YL_MAP)
			return err(c, file, it, "List item %zu is %s, not a "
			    "ConfigMap", i + 1, yl_kind_name(it->kind));
		k = yl_get(it, "kind");
		if (!(k == NULL && typed) && !is(k, "ConfigMap"))
			return err(c, file, k != NULL ? k : it, "List item %zu is "
			    "%s%s, not a ConfigMap", i + 1, k == NULL ? "an object "
			    "without 'kind'" : "a ", k == NULL ? "" :
			    k->kind == YL_SCALAR ? k->str : "kind");
		ncm++;
		only = it;
		name = yl_get(yl_get(it, "metadata"), "name");
		l = is(name, CONFIGS_NAME) ? CONFIGS : is(name, DEFAULTS_NAME) ?
		    DEFAULTS : -1;
		if (l < 0)
			continue;
		if (pick[l] != NULL)
			return err(c, file, it, "two ConfigMaps named '%s' "
			    "(namespaces '%s' and '%s'): give the List of one "
			    "namespace", name->str, ns[l], namespace_of(it));
		pick[l] = it;
		ns[l] = namespace_of(it);
	}
	if (pick[CONFIGS] == NULL && pick[DEFAULTS] == NULL) {
		if (ncm != 1)
			return err(c, file, r, "no ConfigMap named '%s' or '%s' "
			    "among the %zu in the List", CONFIGS_NAME,
			    DEFAULTS_NAME, ncm);
		pick[defaults ? DEFAULTS : CONFIGS] = only;
	}
	for (l = 0; l < NLAYERS; l++) {
		if (pick[l] == NULL)
			continue;
		if ((rc = read_cm(c, file, pick[l], l == CONFIGS ? CONFIGS_NAME :
		    DEFAULTS_NAME, &cm)) != 0)
			return rc;
		if (defaults && l == CONFIGS) {
			diag_warn(c->d, &(struct pos){ file, pick[l]->line,
			    pick[l]->col }, "'%s' skipped: --defaults reads "
			    "'%s' only", cm->name, DEFAULTS_NAME);
			continue;
		}
		if ((rc = place(c, cm, (enum layer)l, l == CONFIGS ?
		    CONFIGS_NAME : DEFAULTS_NAME)) != 0)
			return rc;
	}
	return 0;
}

/* ---- Helm values ---- */

/* A plain scalar YAML 1.1 (and so Helm) reads as a boolean: 1, 0, -1. */
static int
yaml_bool(const struct yl_node *n)
{
	static const char *const t[] = { "y", "Y", "yes", "Yes", "YES", "true",
	    "True", "TRUE", "on", "On", "ON", NULL };
	static const char *const f[] = { "n", "N", "no", "No", "NO", "false",
	    "False", "FALSE", "off", "Off", "OFF", NULL };
	size_t i;

	if (n->kind != YL_SCALAR || !n->plain)
		return -1;
	for (i = 0; t[i] != NULL; i++) {
		if (strcmp(n->str, t[i]) == 0)
			return 1;
		if (strcmp(n->str, f[i]) == 0)
			return 0;
	}
	return -1;
}

/* Helm's truth: set, and not false, empty, zero or null. */
static int
truthy(const struct yl_node *n)
{
	if (n == NULL || yl_is_null(n))
		return 0;
	if (n->kind != YL_SCALAR)
		return n->n > 0;
	if (yaml_bool(n) >= 0)
		return yaml_bool(n);
	if (n->plain && strspn(n->str, "0") == n->len)
		return 0;
	return n->len > 0;
}

/* The text "quote" makes of a value. NULL for a mapping or sequence. */
static const char *
quoted(const struct yl_node *n, size_t *len)
{
	int b;

	if (n->kind != YL_SCALAR)
		return NULL;
	if (yl_is_null(n)) {
		*len = 0;
		return "";
	}
	if ((b = yaml_bool(n)) >= 0) {
		*len = b ? 4 : 5;
		return b ? "true" : "false";
	}
	*len = n->len;
	return n->str;
}

static int
value_ent(struct ctx *c, struct cmap *cm, const char *key,
    const struct yl_node *v, const char *path)
{
	const char *s;
	size_t n;

	if ((s = quoted(v, &n)) == NULL)
		return err(c, cm->file, v, "Helm value %s is %s: the chart "
		    "writes it as Go text, not YAML; write it as a string "
		    "(a block scalar, '|')", path, yl_kind_name(v->kind));
	add_ent(&cm->data, &cm->ndata, &cm->capdata, key, strlen(key), s, n, v);
	return 0;
}

static int
keycmp(const void *a, const void *b)
{
	const struct yl_node *x = *(const struct yl_node *const *)a;
	const struct yl_node *y = *(const struct yl_node *const *)b;

	return strcmp(x->str, y->str);
}

/*
 * The ConfigMap the chart renders from its values: before 1.2
 * yunikorn-configs with queues.yaml from "configuration" (the chart's
 * default when not set); from 1.2 yunikorn-defaults with the deprecated
 * "configuration" as queues.yaml unless yunikornDefaults has one, then
 * every yunikornDefaults entry in key order, as quote renders it.
 */
static int
read_values(struct ctx *c, const char *file, const struct yl_node *r,
    int defaults)
{
	const struct yl_node *yd = yl_get(r, "yunikornDefaults");
	const struct yl_node *conf = yl_get(r, "configuration");
	const struct yl_node **keys;
	struct cmap *cm = new_cm(c, file, r);
	size_t i;
	int rc = 0;

	cm->name = c->v->configmaps == PL_CM_FILE ? CONFIGS_NAME : DEFAULTS_NAME;
	if (c->v->configmaps == PL_CM_FILE) {
		if (yd != NULL)
			diag_warn(c->d, &(struct pos){ file, yd->line, yd->col },
			    "yunikornDefaults skipped: the chart of YuniKorn %s "
			    "does not read it", c->v->name);
		if (conf == NULL)	/* the chart's own value */
			add_ent(&cm->data, &cm->ndata, &cm->capdata, "queues.yaml",
			    11, kcm_builtin, sizeof kcm_builtin - 1, NULL);
		else if ((rc = value_ent(c, cm, "queues.yaml", conf,
		    "'configuration'")) != 0)
			return rc;
		return place(c, cm, defaults ? DEFAULTS : CONFIGS, CONFIGS_NAME);
	}
	if (!yl_is_null(yd) && yd->kind != YL_MAP)
		return err(c, file, yd, "yunikornDefaults must be a mapping, not "
		    "%s", yl_kind_name(yd->kind));
	if (truthy(conf) && !truthy(yl_get(yd, "queues.yaml")) &&
	    (rc = value_ent(c, cm, "queues.yaml", conf, "'configuration'")) != 0)
		return rc;
	if (yd != NULL && yd->kind == YL_MAP && yd->n > 0) {
		keys = xreallocarray(NULL, yd->n, 2 * sizeof *keys);
		for (i = 0; i < yd->n; i++) {
			if (yd->kids[2 * i]->kind != YL_SCALAR) {
				free(keys);
				return err(c, file, yd->kids[2 * i], "yunikornDefaults "
				    "keys must be strings");
			}
			keys[2 * i] = yd->kids[2 * i];	/* key, then value */
			keys[2 * i + 1] = yd->kids[2 * i + 1];
		}
		qsort(keys, yd->n, 2 * sizeof *keys, keycmp);
		for (i = 0; i < yd->n && rc == 0; i++) {
			char path[80];

			snprintf(path, sizeof path, "yunikornDefaults '%.60s'",
			    keys[2 * i]->str);
			rc = value_ent(c, cm, keys[2 * i]->str, keys[2 * i + 1],
			    path);
		}
		free(keys);
	}
	return rc != 0 ? rc : place(c, cm, DEFAULTS, DEFAULTS_NAME);
}

/* ---- the files ---- */

/*
 * Read the ConfigMaps of a file into their layers. 1 when the file is a
 * plain queue configuration (and nothing was read), 0, or an exit status.
 */
static int
read_file(struct ctx *c, int which, const char *path)
{
	struct yl_doc *doc = &c->docs[which];
	const struct yl_node *r;
	struct buf *text = &c->texts[which];
	struct cmap *cm;
	int rc, defaults = which == 1;
	enum form f;
	FILE *fp;
	size_t n;

	/*
	 * Read once (a FIFO or a pipe, <(...), is read as it comes), and
	 * kept: positions in a document a ConfigMap holds are the file's.
	 */
	if ((fp = fopen(path, "rbe")) == NULL)
		return diag_syserr(c->d, EXIT_NOINPUT, POS_NONE, "cannot open "
		    "'%s'", path);
	do {
		buf_grow(text, text->n + 65536);
		n = fread(text->s + text->n, 1, text->cap - text->n - 1, fp);
		text->n += n;
	} while (n > 0);
	text->s[text->n] = '\0';
	rc = ferror(fp) ? diag_syserr(c->d, EXIT_IOERR, POS_NONE, "cannot "
	    "read '%s'", path) : 0;
	fclose(fp);
	if (rc != 0)
		return rc;
	if (yl_load_string_flags(doc, path, text->s, text->n, YL_GO, c->d,
	    EXIT_CONFIG) != 0)
		return EXIT_CONFIG;
	r = doc->root;
	switch ((f = form(r))) {
	case F_QUEUES:
		if (!defaults)
			return 1;
		return err(c, path, r, "--defaults: a queue configuration, not a "
		    "ConfigMap, a List of ConfigMaps or Helm values");
	case F_LIST:
		return read_list(c, path, r, defaults);
	case F_VALUES:
		return read_values(c, path, r, defaults);
	case F_CM:
	case F_FRAGMENT:
	case F_DATAMAP:
		break;
	}
	if (f == F_DATAMAP) {
		cm = new_cm(c, path, r);
		cm->name = defaults ? DEFAULTS_NAME : CONFIGS_NAME;
		rc = entries(c, cm, r, "data", 0);
	} else
		rc = read_cm(c, path, r, defaults ? DEFAULTS_NAME : CONFIGS_NAME,
		    &cm);
	if (rc != 0)
		return rc;
	if (defaults || (c->v->configmaps != PL_CM_FILE &&
	    strcmp(cm->name, DEFAULTS_NAME) == 0))
		return place(c, cm, DEFAULTS, DEFAULTS_NAME);
	return place(c, cm, CONFIGS, CONFIGS_NAME);
}

/* ---- merging ---- */

/* The index of key in the merged map, or HT_NONE. */
static uint32_t
find(const struct ctx *c, const char *key, size_t klen)
{
	struct ht_probe pr;
	uint32_t i;

	ht_probe(&c->ht, ht_hash(key, klen), &pr);
	while ((i = ht_next(&c->ht, &pr)) != HT_NONE)
		if (c->mv[i].klen == klen && memcmp(c->mv[i].key, key, klen) == 0)
			break;
	return i;
}

static struct mval *
set(struct ctx *c, const char *key, size_t klen)
{
	uint32_t i = find(c, key, klen);
	struct mval *m;

	if (i != HT_NONE)
		return &c->mv[i];
	xgrow((void **)&c->mv, &c->capmv, c->nmv + 1, sizeof *c->mv);
	ht_add(&c->ht, ht_hash(key, klen), (uint32_t)c->nmv);
	m = &c->mv[c->nmv++];
	memset(m, 0, sizeof *m);
	m->key = key;
	m->klen = klen;
	return m;
}

static const struct mval *
get(const struct ctx *c, const char *key, size_t klen)
{
	uint32_t i = find(c, key, klen);

	return i != HT_NONE ? &c->mv[i] : NULL;
}

static void
put(struct ctx *c, const struct cmap *cm, const struct ent *e, size_t klen,
    const char *val, size_t vlen, int emptied)
{
	struct mval *m = set(c, e->key, klen);

	m->val = val;
	m->vlen = vlen;
	m->cm = cm;
	m->e = e;
	m->emptied = emptied;
}

/*
 * n new, empty values, side by side: they stay where they are until the
 * next call (a pointer into vals kept across a call would not).
 */
static struct buf *
new_vals(struct ctx *c, size_t n)
{
	struct buf *v;

	xgrow((void **)&c->vals, &c->capvals, c->nvals + n, sizeof *c->vals);
	v = &c->vals[c->nvals];
	memset(v, 0, n * sizeof *v);
	c->nvals += n;
	return v;
}

static void PK_PRINTF(5, 6)
failed(struct ctx *c, const struct cmap *cm, const struct ent *e, size_t klen,
    const char *fmt, ...)
{
	struct bad *b;
	va_list ap;
	int n;

	xgrow((void **)&c->bads, &c->capbads, c->nbads + 1, sizeof *c->bads);
	b = &c->bads[c->nbads++];
	b->cm = cm;
	b->e = e;
	b->klen = klen;
	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	b->msg = xmalloc((size_t)(n < 0 ? 0 : n) + 1);
	va_start(ap, fmt);
	vsnprintf(b->msg, (size_t)(n < 0 ? 0 : n) + 1, fmt, ap);
	va_end(ap);
}

static int
looks_gzip(const struct buf *b)
{
	return b->n >= 2 && (unsigned char)b->s[0] == 0x1f &&
	    (unsigned char)b->s[1] == 0x8b;
}

/*
 * One binaryData entry as the release decodes it: the key loses its last
 * ".suffix"; a "gz" suffix (any case) means gzip (base64 of it in 1.4),
 * any other leaves the key empty. Kubernetes' own base64 comes first.
 */
static int
binary(struct ctx *c, const struct cmap *cm, const struct ent *e)
{
	const char *dot = memchr(e->key, '.', e->klen), *suf = e->key;
	/* Kubernetes' base64 decoded, 1.4's inner base64, the gzip text */
	struct buf *raw = new_vals(c, 3), *inner = raw + 1, *text = raw + 2;
	size_t bad, klen = e->klen;
	const char *why;

	if (b64_decode(raw, e->val, e->vlen, &bad) != 0)
		return err(c, cm->file, e->at, "binaryData '%s' of '%s': illegal "
		    "base64 data at input byte %zu", e->key, cm->name, bad);
	if (c->v->configmaps == PL_CM_FILE) {	/* a file of the volume */
		put(c, cm, e, e->klen, raw->s, raw->n, 0);
		return 0;
	}
	for (; dot != NULL; dot = memchr(dot + 1, '.', e->klen -
	    (size_t)(dot + 1 - e->key)))
		suf = dot + 1;
	if (suf != e->key)
		klen = (size_t)(suf - 1 - e->key);
	if (e->klen - (size_t)(suf - e->key) != 2 ||
	    (suf[0] | 0x20) != 'g' || (suf[1] | 0x20) != 'z') {
		put(c, cm, e, klen, "", 0, 1);
		return 0;
	}
	if (c->v->configmaps == PL_CM_GZ64) {
		if (b64_decode(inner, raw->s, raw->n, &bad) != 0) {
			failed(c, cm, e, klen, "binaryData '%s' of '%s': YuniKorn "
			    "%s decodes base64 in it: illegal base64 data at "
			    "input byte %zu%s", e->key, cm->name, c->v->name, bad,
			    looks_gzip(raw) ? " (1.4 wants the gzip data "
			    "base64-encoded twice, once more than later releases)" :
			    "");
			return 0;
		}
		raw = inner;
	}
	if (gz_decode(text, raw->s, raw->n, &why) != 0) {
		failed(c, cm, e, klen, "binaryData '%s' of '%s': %s%s", e->key,
		    cm->name, why, c->v->configmaps == PL_CM_GZ && raw->n >= 4 &&
		    memcmp(raw->s, "H4sI", 4) == 0 ? " (it is base64 of gzip "
		    "inside the base64: only YuniKorn 1.4 wants that)" : "");
		return 0;
	}
	put(c, cm, e, klen, text->s, text->n, 0);
	return 0;
}

static int
merge(struct ctx *c)
{
	size_t i;
	int l, rc;

	for (l = 0; l < NLAYERS; l++) {
		struct cmap *cm = c->cms[l];

		if (cm == NULL)
			continue;
		for (i = 0; i < cm->ndata; i++)
			put(c, cm, &cm->data[i], cm->data[i].klen, cm->data[i].val,
			    cm->data[i].vlen, 0);
		if (cm->nbin > 0 && c->v->configmaps == PL_CM_DATA) {
			diag_warn(c->d, &(struct pos){ cm->file, cm->bin[0].at->line,
			    cm->bin[0].at->col }, "binaryData of '%s' skipped: "
			    "YuniKorn %s reads data only", cm->name, c->v->name);
			continue;
		}
		for (i = 0; i < cm->nbin; i++)
			if ((rc = binary(c, cm, &cm->bin[i])) != 0)
				return rc;
	}
	return 0;
}

/* ---- the document ---- */

static char *
doc_name(const struct cmap *cm, const struct ent *e)
{
	struct buf b = { 0 };

	buf_printf(&b, "%s: %s/", cm->file, cm->name);
	buf_add(&b, e->key, e->klen);
	return b.s;
}

/*
 * Where the document of m is in its file, for the messages about it
 * (diag_nest): a literal block scalar ('|') holding the document as it
 * is, line for line, maps each position; any other value (quoted, folded,
 * a JSON string, binaryData, rendered Helm values) is where it begins.
 */
static void
nest(struct ctx *c, const char *name, const struct mval *m)
{
	const struct yl_node *v = m->e->at;
	const struct buf *text = &c->texts[m->cm->file == c->docs[1].file];
	struct buf inner = { 0 };
	unsigned long line = 1, indent = 0;
	const char *s = text->s, *e = s + text->n, *nl, *h;
	int shift = 0;

	buf_printf(&inner, "%s/", m->cm->name);
	buf_add(&inner, m->e->key, m->e->klen);
	if (v->kind == YL_SCALAR && v->block == '|' && v->len == m->vlen &&
	    memcmp(v->str, m->val, m->vlen) == 0 && s != NULL) {
		/* the indicator's line: "|" and no indentation indicator */
		for (; s < e && line < v->line; line++)
			s = (nl = memchr(s, '\n', (size_t)(e - s))) != NULL ?
			    nl + 1 : e;
		nl = memchr(s, '\n', (size_t)(e - s));
		shift = nl != NULL;
		for (h = s; nl != NULL && h < nl; h++)
			if (*h == '|' && (isdigit((unsigned char)h[1]) ||
			    ((h[1] == '+' || h[1] == '-') &&
			    isdigit((unsigned char)h[2]))))
				shift = 0;
		/* the block's indentation: its first line that is not blank */
		for (s = nl != NULL ? nl + 1 : e; shift && s < e; s = nl + 1) {
			for (indent = 0; s + indent < e && s[indent] == ' ';
			    indent++)
				;
			if (s + indent < e && s[indent] != '\n' &&
			    s[indent] != '\r')
				break;
			if ((nl = memchr(s, '\n', (size_t)(e - s))) == NULL)
				shift = 0;
		}
		shift = shift && s < e && indent > 0;
	}
	diag_nest(c->d, name, m->cm->file, inner.s, v->line, v->col,
	    shift ? (long)indent : -1);
	buf_free(&inner);
}

/* Why there is no document, for the message. */
static void
why_none(const struct ctx *c, const struct mval *m, const char *key,
    struct buf *b)
{
	size_t i;

	if (m != NULL && m->emptied) {
		buf_printf(b, "binaryData '%s' of '%s' empties '%s' (only .gz "
		    "entries are decompressed)", m->e->key, m->cm->name, key);
		return;
	}
	if (m != NULL) {
		buf_printf(b, "'%s' of '%s' is empty", key, m->cm->name);
		return;
	}
	buf_printf(b, "no '%s' in ", key);
	if (c->cms[DEFAULTS] != NULL)
		buf_printf(b, "'%s' or ", c->cms[DEFAULTS]->name);
	buf_printf(b, "'%s'", c->cms[CONFIGS] != NULL ? c->cms[CONFIGS]->name :
	    CONFIGS_NAME);
	for (i = 0; i < c->nmv; i++)
		if (ends_with(c->mv[i].key, c->mv[i].klen, ".yaml")) {
			buf_printf(b, " (the policy group is '%.*s'; there is '%.*s')",
			    (int)(strlen(key) - 5), key, (int)c->mv[i].klen,
			    c->mv[i].key);
			break;
		}
}

static int
document(struct ctx *c, struct yl_doc *doc, char **name, const char *path)
{
	const struct mval *pg = NULL, *m;
	struct buf key = { 0 }, why = { 0 };
	const struct cmap *first = c->cms[CONFIGS] ? c->cms[CONFIGS] :
	    c->cms[DEFAULTS];
	size_t i;
	int rc = 0;

	if (c->o != NULL && c->o->policy_group != NULL)
		buf_puts(&key, c->o->policy_group);
	else if (c->v->configmaps != PL_CM_FILE &&
	    (pg = get(c, "service.policyGroup", 19)) != NULL)
		buf_add(&key, pg->val, pg->vlen);
	else
		buf_puts(&key, "queues");
	buf_puts(&key, ".yaml");
	for (i = 0; i < c->nbads; i++) {	/* the decoding problems */
		const struct bad *b = &c->bads[i];
		struct pos p = at(b->cm->file, b->e->at);

		if (b->klen == key.n && memcmp(b->e->key, key.s, key.n) == 0) {
			diag_err(c->d, EXIT_CONFIG, &p, "%s", b->msg);
			rc = EXIT_CONFIG;
		} else
			diag_warn(c->d, &p, "%s: skipped, as YuniKorn skips it",
			    b->msg);
	}
	m = get(c, key.s, key.n);
	if (rc == 0 && m != NULL && (m->vlen > 0 || !c->v->default_config)) {
		*name = doc_name(m->cm, m->e);
		if (m->e->at == NULL)	/* a chart's default value */
			buf_printf(&why, "%s: the chart's default configuration",
			    m->cm->file), free(*name), *name = why.s,
			    why.s = NULL;
		else
			nest(c, *name, m);
		if (yl_load_string_flags(doc, *name, m->val, m->vlen, YL_GO, c->d,
		    EXIT_CONFIG) != 0)
			rc = EXIT_CONFIG;
	} else if (rc == 0) {
		why_none(c, m, key.s, &why);
		if (!c->v->default_config) {
			rc = err(c, first != NULL ? first->file : path, NULL, "%s: "
			    "YuniKorn %s does not start without it (1.2 and later "
			    "use a built-in configuration)", why.s, c->v->name);
		} else {
			diag_warn(c->d, &(struct pos){ path, 0, 0 }, "%s: YuniKorn "
			    "%s uses its built-in configuration", why.s,
			    c->v->name);
			buf_clear(&why);
			buf_printf(&why, "%s: built-in configuration", path);
			*name = why.s;
			why.s = NULL;
			if (yl_load_string_flags(doc, *name, kcm_builtin,
			    kcm_builtin_len, YL_GO, c->d, EXIT_CONFIG) != 0)
				rc = EXIT_CONFIG;
		}
	}
	if (rc != 0) {
		free(*name);
		*name = NULL;
	}
	buf_free(&key);
	buf_free(&why);
	return rc;
}

static void
ctx_free(struct ctx *c)
{
	size_t i;

	for (i = 0; i < c->nall; i++) {
		free(c->all[i]->data);
		free(c->all[i]->bin);
		free(c->all[i]);
	}
	free(c->all);
	for (i = 0; i < c->nvals; i++)
		buf_free(&c->vals[i]);
	free(c->vals);
	for (i = 0; i < c->nbads; i++)
		free(c->bads[i].msg);
	free(c->bads);
	free(c->mv);
	ht_free(&c->ht);
	yl_free(&c->docs[0]);
	yl_free(&c->docs[1]);
	buf_free(&c->texts[0]);
	buf_free(&c->texts[1]);
}

int
kcm_load(struct yl_doc *doc, char **name, const char *path,
    enum pl_compat compat, const struct kcm_opts *o, struct diag *d)
{
	struct ctx c;
	int rc;

	memset(&c, 0, sizeof c);
	memset(doc, 0, sizeof *doc);
	c.o = o;
	c.v = pl_ver(compat);
	c.d = d;
	*name = NULL;
	if ((rc = read_file(&c, 0, path)) == 1) {	/* a plain configuration */
		*doc = c.docs[0];
		memset(&c.docs[0], 0, sizeof c.docs[0]);
		*name = xstrdup(path);
		doc->file = *name;
		rc = 0;
	} else {
		if (rc == 0 && o != NULL && o->defaults != NULL)
			rc = read_file(&c, 1, o->defaults);
		if (rc == 0 && c.v->configmaps == PL_CM_FILE &&
		    c.cms[DEFAULTS] != NULL) {
			const struct cmap *cm = c.cms[DEFAULTS];

			diag_warn(d, &(struct pos){ cm->file, cm->at->line,
			    cm->at->col }, "'%s' skipped: YuniKorn %s reads '%s' "
			    "only", cm->name, c.v->name, CONFIGS_NAME);
			c.cms[DEFAULTS] = NULL;
		}
		if (rc == 0)
			rc = merge(&c);
		if (rc == 0)
			rc = document(&c, doc, name, path);
	}
	ctx_free(&c);
	return rc;
}
