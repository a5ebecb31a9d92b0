/*
 * roledefs.c - role definitions from a Slider resources.json: one role per
 * component, options from the component or else from "global".
 */
#include <stdlib.h>
#include <string.h>

#include "exitcode.h"
#include "fieldtab.h"
#include "jsonpos.h"
#include "jsonread.h"
#include "roledefs.h"

#define AM_NAME "slider-appmaster"	/* Slider's own component: id 0 */

struct res {
	struct diag *d;
	struct nj_value *v;
	struct json_object *global;
};

/* Where component comp's key is (or global's, when comp is NULL). */
static struct pos
where(const struct res *x, const char *comp, const char *key)
{
	const char *path[3] = { "components", comp, key };

	if (comp == NULL) {
		path[0] = "global";
		path[1] = key;
		return rh_json_member(x->v, path, key ? 2 : 1, 0);
	}
	return rh_json_member(x->v, path, key ? 3 : 2, 0);
}

/*
 * The value of key for component comp (its own, else global's) as an
 * integer in [min, max]: 1 found, 0 absent, or an EXIT_CONFIG status
 * (negated) after reporting.
 */
static int
option(const struct res *x, const char *comp, struct json_object *c,
    const char *key, int inherit, int64_t min, int64_t max, int64_t *out)
{
	struct json_object *o;
	const char *from = comp, *s;
	struct pos p;
	char *end;
	long long v;

	if (!json_object_object_get_ex(c, key, &o)) {
		if (!inherit || x->global == NULL ||
		    !json_object_object_get_ex(x->global, key, &o))
			return 0;
		from = NULL;
	}
	if (ft_json_int(o, out) == 0)
		v = *out;
	else if ((s = ft_json_str(o, NULL)) != NULL) {
		while (*s == ' ')
			s++;
		v = strtoll(s, &end, 10);
		if (end == s || *end != '\0') {
			p = where(x, from, key);
			return -diag_err(x->d, EXIT_CONFIG, &p, "%s: '%s' is not "
			    "a whole number", key, s);
		}
	} else {
		p = where(x, from, key);
		return -diag_err(x->d, EXIT_CONFIG, &p, "%s must be a number, "
		    "not %s", key, ft_json_what(o));
	}
	if (v < min || v > max) {
		p = where(x, from, key);
		return -diag_err(x->d, EXIT_CONFIG, &p, "%s: %lld is out of range "
		    "(%lld to %lld)", key, v, (long long)min, (long long)max);
	}
	*out = v;
	return 1;
}

static int
label(const struct res *x, const char *comp, struct json_object *c,
    const char **out)
{
	struct json_object *o;
	const char *from = comp, *key = "yarn.label.expression";
	struct pos p;

	*out = NULL;
	if (!json_object_object_get_ex(c, key, &o)) {
		if (x->global == NULL || !json_object_object_get_ex(x->global,
		    key, &o))
			return 0;
		from = NULL;
	}
	if ((*out = ft_json_str(o, NULL)) == NULL) {
		p = where(x, from, key);
		return diag_err(x->d, EXIT_CONFIG, &p, "%s must be a string",
		    key);
	}
	if (strstr(*out, "&&") != NULL || strstr(*out, "||") != NULL) {
		p = where(x, from, key);
		return diag_err(x->d, EXIT_CONFIG, &p, "%s: '%s': a role takes one "
		    "label, not an expression", key, *out);
	}
	return 0;
}

/* The options of a component after its id, in the order of component(). */
static const struct {
	const char *key;
	int64_t min, max, scale;
} opts[] = {
	{ "yarn.component.instances", 0, INT32_MAX, 1 },
	{ "yarn.component.placement.policy", 0, INT32_MAX, 1 },
	{ "yarn.node.failure.threshold", INT32_MIN, INT32_MAX, 1 },
	{ "yarn.placement.escalate.seconds", 0, INT32_MAX, 1000 }
};

static int
component(const struct res *x, struct rh *m, const char *name,
    struct json_object *c)
{
	int64_t id = 0, v, policy;
	struct rh_role *r;
	const char *lab;
	struct pos p;
	int rc;

	if (!json_object_is_type(c, json_type_object)) {
		p = where(x, name, NULL);
		return diag_err(x->d, EXIT_CONFIG, &p, "component '%s' must be "
		    "an object", name);
	}
	rc = option(x, name, c, "yarn.role.priority", 0, 0, RH_ROLE_LIMIT - 1,
	    &id);
	if (rc < 0)
		return -rc;
	if (rc == 0 && strcmp(name, AM_NAME) != 0) {
		p = where(x, name, NULL);
		return diag_err(x->d, EXIT_CONFIG, &p, "component '%s' has no "
		    "yarn.role.priority", name);
	}
	if ((r = rh_role_by_id(m, (int32_t)id)) != NULL) {
		p = where(x, name, "yarn.role.priority");
		return diag_err(x->d, EXIT_CONFIG, &p, "components '%s' and '%s' "
		    "have the same yarn.role.priority %lld", r->name, name,
		    (long long)id);
	}
	r = rh_role_get(m, (int32_t)id);
	r->src = RH_ROLE_DEFINED;
	rh_role_set_name(m, r, name);
	r->desired = strcmp(name, AM_NAME) == 0 ? 1 : 0;
	policy = 0;
	{
		int64_t *const to[] = { &r->desired, &policy,
		    &r->failure_threshold, &r->escalate_ms };
		size_t i;

		for (i = 0; i < sizeof opts / sizeof *opts; i++) {
			rc = option(x, name, c, opts[i].key, 1, opts[i].min,
			    opts[i].max, &v);
			if (rc < 0)
				return -rc;
			if (rc > 0)
				*to[i] = v * opts[i].scale;
		}
	}
	r->policy = (int32_t)policy;
	if ((rc = label(x, name, c, &lab)) != 0)
		return rc;
	rh_role_set_label(r, lab);
	return 0;
}

int
rh_read_resources(struct rh *m, const char *path, struct diag *d)
{
	struct nj_reader *nj;
	struct nj_value v;
	struct json_object *comps = NULL;
	struct res x = { d, &v, NULL };
	struct rh tmp;
	struct pos p;
	int rc;

	if ((rc = nj_open(&nj, path, NJ_STREAM, d)) != 0)
		return rc;
	rh_init(&tmp);
	rc = nj_next(nj, &v, 0);
	if (rc != NJ_VALUE) {
		p.file = nj_name(nj);
		p.line = p.col = 0;
		if (rc == NJ_EOF)
			diag_err(d, EXIT_CONFIG, &p, "no resources: the file is "
			    "empty");
		rc = rc == NJ_IOERR ? EXIT_IOERR : EXIT_CONFIG;
		goto out;
	}
	if (json_object_object_get_ex(v.obj, "global", &x.global) &&
	    !json_object_is_type(x.global, json_type_object)) {
		p = where(&x, NULL, NULL);
		rc = diag_err(d, EXIT_CONFIG, &p, "'global' must be an object");
		goto out;
	}
	if (!json_object_object_get_ex(v.obj, "components", &comps) ||
	    !json_object_is_type(comps, json_type_object)) {
		p = v.pos;
		rc = diag_err(d, EXIT_CONFIG, &p, "no 'components' object: not "
		    "a Slider resources.json");
		goto out;
	}
	{
		json_object_object_foreach(comps, name, c)
			if ((rc = component(&x, &tmp, name, c)) != 0)
				goto out;
	}
	rc = nj_next(nj, &v, 0);
	if (rc == NJ_VALUE) {
		p = v.pos;
		rc = diag_err(d, EXIT_CONFIG, &p, "data after the resources "
		    "object");
		goto out;
	}
	if (rc != NJ_EOF) {
		rc = rc == NJ_IOERR ? EXIT_IOERR : EXIT_CONFIG;
		goto out;
	}
	rh_roles_move(m, &tmp);
	m->roles_given = 1;
	rc = 0;
out:
	rh_free(&tmp);
	nj_close(nj);
	return rc;
}
