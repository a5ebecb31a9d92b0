/*
 * configmap.c - ConfigMaps, Lists of them and Helm values to the one queues
 * document the shim sends the core (configmap.h).
 */
#include <sys/stat.h>

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base64.h"
#include "configmap.h"
#include "exitcode.h"
#include "gotext.h"
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

/*
 * A value a key of the merged map was set to; the key's latest is in the
 * hash table, the one it replaced in prev.
 */
struct mval {
	const char *key, *val;
	size_t klen, vlen;
	const struct cmap *cm;	/* where it came from */
	const struct ent *e;	/* ... as written */
	int emptied;		/* a binaryData entry not decompressed */
	int coded;		/* a binaryData entry, decoded when read */
	uint32_t prev;		/* the value it replaced, or HT_NONE */
};

struct ctx {
	const struct kcm_opts *o;
	int flags;			/* KCM_* */
	const struct pl_ver *v;		/* the release */
	struct diag *d;
	struct yl_doc docs[2];	/* -c FILE, --defaults FILE */
	struct buf texts[2];	/* ... their text, for positions */
	struct cmap *cms[NLAYERS];
	struct cmap **all;	/* every ConfigMap read */
	size_t nall;
	struct mval *mv;	/* every value set, in order */
	size_t nmv, capmv;
	struct ht ht;		/* key -> its latest value in mv */
	struct buf *vals;	/* decoded binaryData */
	size_t nvals, capvals;
	const char **b64ok;	/* binaryData text that is base64 */
	size_t nb64ok, capb64ok;
	struct ht b64ht;	/* ... by its address */
	size_t gzleft;		/* what is left of the gzip budget */
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

#define LONGTAG "tag:yaml.org,2002:"

/*
 * A value as Helm holds it: sigs.k8s.io/yaml reads the values with
 * yaml.v2 (YAML 1.1 booleans), then through JSON, where a number is a
 * float64. Quoted and block scalars, and those with a tag of their own
 * (or !!str), are strings, a timestamp the text as written.
 */
static void
helm_scalar(const struct yl_node *n, struct pl_go_scalar *v)
{
	const char *t = n->tag;

	if (t != NULL && strncmp(t, LONGTAG, sizeof LONGTAG - 1) == 0) {
		t += sizeof LONGTAG - 1;
		if (strcmp(t, "int") != 0 && strcmp(t, "float") != 0 &&
		    strcmp(t, "bool") != 0 && strcmp(t, "null") != 0)
			t = NULL;	/* str, binary...: a string */
	} else
		t = NULL;
	if (t == NULL && (n->tag != NULL || !n->plain)) {
		memset(v, 0, sizeof *v);
		v->k = PL_GO_STR;
		return;
	}
	pl_go_resolve(0, n->str, n->len, 1, v);
	if (v->k == PL_GO_TIME)
		v->k = PL_GO_STR;
	else if (v->k == PL_GO_INT)
		v->k = PL_GO_FLOAT, v->f = (double)v->i;
	else if (v->k == PL_GO_UINT)
		v->k = PL_GO_FLOAT, v->f = (double)v->u;
}

/* Helm's truth: set, and not false, empty, zero or null. */
static int
truthy(const struct yl_node *n)
{
	struct pl_go_scalar v;

	if (n == NULL)
		return 0;
	if (n->kind != YL_SCALAR)
		return n->n > 0;
	helm_scalar(n, &v);
	switch (v.k) {
	case PL_GO_NULL:
		return 0;
	case PL_GO_BOOL:
		return v.b;
	case PL_GO_FLOAT:
		return v.f != 0;
	default:
		return n->len > 0;
	}
}

/*
 * The text quote (Go's %v) makes of a scalar of the values, into t: true
 * or false, nothing for null, a number as Go prints a float64
 * ("1.23456789e+08"). 0, or -1 for NaN and infinity, which JSON, and so
 * Helm, cannot hold.
 */
static int
quoted(const struct yl_node *n, struct buf *t)
{
	struct pl_go_scalar v;

	helm_scalar(n, &v);
	switch (v.k) {
	case PL_GO_NULL:
		break;
	case PL_GO_BOOL:
		buf_puts(t, v.b ? "true" : "false");
		break;
	case PL_GO_FLOAT:
		if (!isfinite(v.f))
			return -1;
		pl_go_float(t, v.f);
		break;
	default:
		buf_add(t, n->str, n->len);
	}
	return 0;
}

static struct buf *new_val(struct ctx *);

static int
value_ent(struct ctx *c, struct cmap *cm, const char *key,
    const struct yl_node *v, const char *path)
{
	struct buf *t;

	if (v->kind != YL_SCALAR)
		return err(c, cm->file, v, "Helm value %s is %s: the chart "
		    "writes it as Go text, not YAML; write it as a string "
		    "(a block scalar, '|')", path, yl_kind_name(v->kind));
	if (quoted(v, t = new_val(c)) != 0)
		return err(c, cm->file, v, "Helm value %s is %s: Helm cannot "
		    "read it (JSON has no NaN or infinity)", path, v->str);
	add_ent(&cm->data, &cm->ndata, &cm->capdata, key, strlen(key),
	    t->s != NULL ? t->s : "", t->n, v);
	return 0;
}

/* A key of yunikornDefaults, its value and place. */
struct hkey {
	const char *key;
	const struct yl_node *v;
	size_t at;
};

static int
hkeycmp(const void *a, const void *b)
{
	const struct hkey *x = a, *y = b;
	int c = strcmp(x->key, y->key);

	return c != 0 ? c : x->at < y->at ? -1 : 1;
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
	struct cmap *cm = new_cm(c, file, r);
	struct hkey *keys;
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
		keys = xreallocarray(NULL, yd->n, sizeof *keys);
		for (i = 0; i < yd->n; i++) {
			if (yd->kids[2 * i]->kind != YL_SCALAR) {
				free(keys);
				return err(c, file, yd->kids[2 * i], "yunikornDefaults "
				    "keys must be strings");
			}
			keys[i].key = yd->kids[2 * i]->str;
			keys[i].v = yd->kids[2 * i + 1];
			keys[i].at = i;
		}
		/* in key order, as the chart ranges over them; of two keys
		   the same, the later one, as the values map keeps it */
		qsort(keys, yd->n, sizeof *keys, hkeycmp);
		for (i = 0; i < yd->n && rc == 0; i++) {
			char path[80];

			if (i + 1 < yd->n && strcmp(keys[i].key,
			    keys[i + 1].key) == 0)
				continue;
			snprintf(path, sizeof path, "yunikornDefaults '%.60s'",
			    keys[i].key);
			rc = value_ent(c, cm, keys[i].key, keys[i].v, path);
		}
		free(keys);
	}
	return rc != 0 ? rc : place(c, cm, DEFAULTS, DEFAULTS_NAME);
}

/* ---- the files ---- */

/* What a file of mode m is, for a message. */
static const char *
file_kind(mode_t m)
{
	if (S_ISDIR(m))
		return "a directory";
	if (S_ISFIFO(m))
		return "a FIFO";
	if (S_ISCHR(m))
		return "a character device";
	if (S_ISBLK(m))
		return "a block device";
	if (S_ISSOCK(m))
		return "a socket";
	return "not a regular file";
}

/*
 * Open path to be read once: never a directory; with KCM_RELOAD a regular
 * file only, not even waited for while it is opened (a FIFO would stall
 * placement until someone writes to it). 0 with *fp, or EXIT_NOINPUT
 * after reporting.
 */
static int
open_file(struct ctx *c, const char *path, FILE **fp)
{
	int reload = c->flags & KCM_RELOAD, fd;
	struct pos p = { path, 0, 0 };
	struct stat st;

	fd = open(path, O_RDONLY | O_CLOEXEC | (reload ? O_NONBLOCK : 0));
	if (fd < 0)
		return diag_syserr(c->d, EXIT_NOINPUT, POS_NONE, "cannot open "
		    "'%s'", path);
	if (fstat(fd, &st) != 0) {
		diag_syserr(c->d, EXIT_NOINPUT, POS_NONE, "cannot read '%s'",
		    path);
		close(fd);
		return EXIT_NOINPUT;
	}
	if (S_ISDIR(st.st_mode) || (reload && !S_ISREG(st.st_mode))) {
		close(fd);
		if (S_ISDIR(st.st_mode))
			return diag_err(c->d, EXIT_NOINPUT, &p, "a directory, "
			    "not a configuration file");
		return diag_err(c->d, EXIT_NOINPUT, &p, "%s, not a regular "
		    "file: a reload reads regular files only (this one could "
		    "wait for a writer, or never end)", file_kind(st.st_mode));
	}
	if ((*fp = fdopen(fd, "rb")) == NULL) {
		if (errno == ENOMEM)
			xoom();
		diag_syserr(c->d, EXIT_NOINPUT, POS_NONE, "cannot read '%s'",
		    path);
		close(fd);
		return EXIT_NOINPUT;
	}
	return 0;
}

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
	FILE *fp = NULL;
	size_t n;

	/*
	 * Read once (a FIFO or a pipe, <(...), is read as it comes), and
	 * kept: positions in a document a ConfigMap holds are the file's.
	 */
	if ((rc = open_file(c, path, &fp)) != 0)
		return rc;
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

/* The index of key's latest value in the merged map, or HT_NONE; pr
 * (may be NULL) is where the lookup stopped. */
static uint32_t
find(const struct ctx *c, const char *key, size_t klen, struct ht_probe *pr)
{
	struct ht_probe p;
	uint32_t i;

	if (pr == NULL)
		pr = &p;
	ht_probe(&c->ht, ht_hash(key, klen), pr);
	while ((i = ht_next(&c->ht, pr)) != HT_NONE)
		if (c->mv[i].klen == klen && memcmp(c->mv[i].key, key, klen) == 0)
			break;
	return i;
}

/* Set the entry e's key (its first klen bytes) to val. */
static struct mval *
put(struct ctx *c, const struct cmap *cm, const struct ent *e, size_t klen,
    const char *val, size_t vlen)
{
	struct ht_probe pr;
	uint32_t i = find(c, e->key, klen, &pr);
	struct mval *m;

	xgrow((void **)&c->mv, &c->capmv, c->nmv + 1, sizeof *c->mv);
	if (i == HT_NONE)
		ht_add(&c->ht, ht_hash(e->key, klen), (uint32_t)c->nmv);
	else
		ht_set(&c->ht, &pr, (uint32_t)c->nmv);
	m = &c->mv[c->nmv++];
	memset(m, 0, sizeof *m);
	m->key = e->key;
	m->klen = klen;
	m->val = val;
	m->vlen = vlen;
	m->cm = cm;
	m->e = e;
	m->prev = i;
	return m;
}

/* A new, empty value; it stays where it is until the next call. */
static struct buf *
new_val(struct ctx *c)
{
	struct buf *v;

	xgrow((void **)&c->vals, &c->capvals, c->nvals + 1, sizeof *c->vals);
	v = &c->vals[c->nvals++];
	memset(v, 0, sizeof *v);
	return v;
}

static int
looks_gzip(const struct buf *b)
{
	return b->n >= 2 && (unsigned char)b->s[0] == 0x1f &&
	    (unsigned char)b->s[1] == 0x8b;
}

/*
 * Is the text of entry e the base64 Kubernetes takes? Each text once, an
 * alias's too. 0, or EXIT_CONFIG after reporting.
 */
static int
check_b64(struct ctx *c, const struct cmap *cm, const struct ent *e)
{
	uint64_t h = ht_hash(&e->val, sizeof e->val);
	struct ht_probe pr;
	struct buf raw = { 0 };
	size_t bad;
	uint32_t i;
	int rc;

	ht_probe(&c->b64ht, h, &pr);
	while ((i = ht_next(&c->b64ht, &pr)) != HT_NONE)
		if (c->b64ok[i] == e->val)
			return 0;
	rc = b64_decode(&raw, e->val, e->vlen, &bad);
	buf_free(&raw);
	if (rc != 0)
		return err(c, cm->file, e->at, "binaryData '%s' of '%s': illegal "
		    "base64 data at input byte %zu", e->key, cm->name, bad);
	xgrow((void **)&c->b64ok, &c->capb64ok, c->nb64ok + 1,
	    sizeof *c->b64ok);
	ht_add(&c->b64ht, h, (uint32_t)c->nb64ok);
	c->b64ok[c->nb64ok++] = e->val;
	return 0;
}

/*
 * One binaryData entry as the release reads it, left to be decoded when
 * its key is read: the key loses its last ".suffix"; a "gz" suffix (any
 * case) means gzip (base64 of it in 1.4), any other leaves the key
 * empty. Kubernetes' own base64 is checked now, as it refuses the
 * ConfigMap.
 */
static int
binary(struct ctx *c, const struct cmap *cm, const struct ent *e)
{
	const char *dot = memchr(e->key, '.', e->klen), *suf = e->key;
	size_t klen = e->klen;
	int rc;

	if ((rc = check_b64(c, cm, e)) != 0)
		return rc;
	if (c->v->configmaps == PL_CM_FILE) {	/* a file of the volume */
		put(c, cm, e, e->klen, e->val, e->vlen)->coded = 1;
		return 0;
	}
	for (; dot != NULL; dot = memchr(dot + 1, '.', e->klen -
	    (size_t)(dot + 1 - e->key)))
		suf = dot + 1;
	if (suf != e->key)
		klen = (size_t)(suf - 1 - e->key);
	if (e->klen - (size_t)(suf - e->key) != 2 ||
	    (suf[0] | 0x20) != 'g' || (suf[1] | 0x20) != 'z')
		put(c, cm, e, klen, "", 0)->emptied = 1;
	else
		put(c, cm, e, klen, e->val, e->vlen)->coded = 1;
	return 0;
}

/*
 * Decode m, a binaryData entry, as the release does: Kubernetes' base64,
 * 1.4's inner base64, gzip within what is left of the budget. 0, or -1
 * with the reason in why.
 */
static int
decode(struct ctx *c, struct mval *m, struct buf *why)
{
	const struct ent *e = m->e;
	struct buf raw = { 0 }, inner = { 0 }, *text = new_val(c), *z = &raw;
	size_t bad;
	const char *gzwhy;
	int rc = -1;

	(void)b64_decode(&raw, e->val, e->vlen, &bad);	/* checked */
	if (c->v->configmaps == PL_CM_FILE) {
		*text = raw;
		m->val = text->s;
		m->vlen = text->n;
		return 0;
	}
	if (c->v->configmaps == PL_CM_GZ64) {
		if (b64_decode(&inner, raw.s, raw.n, &bad) != 0) {
			buf_printf(why, "binaryData '%s' of '%s': YuniKorn %s "
			    "decodes base64 in it: illegal base64 data at input "
			    "byte %zu%s", e->key, m->cm->name, c->v->name, bad,
			    looks_gzip(&raw) ? " (1.4 wants the gzip data "
			    "base64-encoded twice, once more than later releases)" :
			    "");
			goto done;
		}
		z = &inner;
	}
	if (gz_decode(text, z->s, z->n, c->gzleft, &gzwhy) != 0) {
		buf_printf(why, "binaryData '%s' of '%s': %s%s", e->key,
		    m->cm->name, gzwhy, c->v->configmaps == PL_CM_GZ &&
		    z->n >= 4 && memcmp(z->s, "H4sI", 4) == 0 ? " (it is base64 "
		    "of gzip inside the base64: only YuniKorn 1.4 wants that)" :
		    "");
		goto done;
	}
	c->gzleft -= text->n;
	m->val = text->s;
	m->vlen = text->n;
	rc = 0;
done:
	buf_free(&raw);
	buf_free(&inner);
	return rc;
}

/*
 * The value of key as the release reads it: a binaryData entry decoded
 * now. One YuniKorn cannot decode it skips, leaving the key to what set
 * it before: so does placekit, with a warning, unless the key is the
 * document (doc), whose entry placekit must read: an error. NULL when
 * the key is not set; *rc is 0, or EXIT_CONFIG after reporting.
 */
static const struct mval *
value(struct ctx *c, const char *key, size_t klen, int doc, int *rc)
{
	uint32_t i = find(c, key, klen, NULL);
	struct buf why = { 0 };

	*rc = 0;
	while (i != HT_NONE && c->mv[i].coded) {
		struct mval *m = &c->mv[i];
		struct pos p = at(m->cm->file, m->e->at);

		if (decode(c, m, &why) == 0) {
			m->coded = 0;
			break;
		}
		if (doc) {
			*rc = diag_err(c->d, EXIT_CONFIG, &p, "%s", why.s);
			break;
		}
		diag_warn(c->d, &p, "%s: skipped, as YuniKorn skips it", why.s);
		buf_clear(&why);
		i = m->prev;
	}
	buf_free(&why);
	return i != HT_NONE && *rc == 0 ? &c->mv[i] : NULL;
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
			    cm->data[i].vlen);
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
	int rc = 0;

	if (c->o != NULL && c->o->policy_group != NULL)
		buf_puts(&key, c->o->policy_group);
	else if (c->v->configmaps != PL_CM_FILE &&
	    (pg = value(c, "service.policyGroup", 19, 0, &rc)) != NULL)
		buf_add(&key, pg->val, pg->vlen);
	else
		buf_puts(&key, "queues");
	buf_puts(&key, ".yaml");
	m = value(c, key.s, key.n, 1, &rc);
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
	free(c->b64ok);
	ht_free(&c->b64ht);
	free(c->mv);
	ht_free(&c->ht);
	yl_free(&c->docs[0]);
	yl_free(&c->docs[1]);
	buf_free(&c->texts[0]);
	buf_free(&c->texts[1]);
}

int
kcm_load(struct yl_doc *doc, char **name, const char *path,
    enum pl_compat compat, const struct kcm_opts *o, int flags, struct diag *d)
{
	struct ctx c;
	int rc;

	memset(&c, 0, sizeof c);
	memset(doc, 0, sizeof *doc);
	c.o = o;
	c.flags = flags;
	c.v = pl_ver(compat);
	c.d = d;
	c.gzleft = GZ_MAXOUT;
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
