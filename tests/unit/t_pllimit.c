/* t_pllimit - limits lists, partition limits and the hierarchy, per release */
#include <stdlib.h>
#include <string.h>

#include "userlimits.h"
#include "tap.h"
#include "xalloc.h"

static struct buf got;

static void
sink(void *arg, const struct diag_msg *m)
{
	(void)arg;
	if (got.n > 0)
		buf_puts(&got, "\n");
	buf_puts(&got, m->text);
}

static struct diag d = { "t", 0, 0, 0, sink, NULL };
static int nerr;
static const struct pl_vout out = { "f", &d, &nerr };

static void
cstr(struct pl_cstr *c, const char *s)
{
	c->s = xstrdup(s);
	c->n = strlen(s);
	c->set = 1;
	c->line = c->col = 1;
}

/*
 * A limit from "name u=a,b g=c res=memory:10,vcore:1 apps=5" (u=, g= may
 * be given empty: a list of no names).
 */
static void
limit(struct pl_limitconf *l, const char *spec)
{
	char tmp[512], *w, *p, *save = NULL;

	memset(l, 0, sizeof *l);
	snprintf(tmp, sizeof tmp, "%s", spec);
	w = strtok_r(tmp, " ", &save);
	cstr(&l->name, w);
	l->line = l->col = 1;
	while ((w = strtok_r(NULL, " ", &save)) != NULL) {
		char *v = strchr(w, '=') + 1, *q = NULL;

		if (strncmp(w, "apps=", 5) == 0) {
			l->maxapps = strtoull(v, NULL, 10);
			l->apps_line = l->apps_col = 1;
			continue;
		}
		for (p = strtok_r(v, ",", &q); p != NULL; p = strtok_r(NULL, ",", &q)) {
			if (w[0] == 'u') {
				l->users = xreallocarray(l->users, l->nusers + 1,
				    sizeof *l->users);
				cstr(&l->users[l->nusers++], p);
			} else if (w[0] == 'g') {
				l->groups = xreallocarray(l->groups, l->ngroups + 1,
				    sizeof *l->groups);
				cstr(&l->groups[l->ngroups++], p);
			} else {
				char *c = strchr(p, ':');

				pl_rconf_add(&l->maxres, p, (size_t)(c - p), c + 1,
				    strlen(c + 1), 1, 1);
			}
		}
		if (w[0] == 'u')
			l->users_set = 1;
		else if (w[0] == 'g')
			l->groups_set = 1;
		else
			l->maxres.set = 1;
	}
}

/* Check a list of limits (specs separated by ";") of queue q. */
static const char *
list(const char *specs, const char *qname, uint64_t qapps, const char *qmax,
    enum pl_compat c)
{
	struct pl_limitconf v[8];
	struct pl_rconf max;
	struct pl_limitq q;
	char tmp[1024], *s, *save = NULL;
	size_t n = 0, i;

	memset(&max, 0, sizeof max);
	if (qmax != NULL) {
		const char *col = strchr(qmax, ':');

		pl_rconf_add(&max, qmax, (size_t)(col - qmax), col + 1,
		    strlen(col + 1), 1, 1);
	}
	q.name = qname;
	q.n = strlen(qname);
	q.maxapps = qapps;
	q.max = &max;
	snprintf(tmp, sizeof tmp, "%s", specs);
	for (s = strtok_r(tmp, ";", &save); s != NULL; s = strtok_r(NULL, ";",
	    &save))
		limit(&v[n++], s);
	buf_clear(&got);
	pl_limit_list(v, n, &q, c, &out);
	for (i = 0; i < n; i++)
		pl_limitconf_free(&v[i]);
	pl_rconf_free(&max);
	return got.s != NULL ? got.s : "";
}

/* root (limits r) -> a (limits a) -> c (limits c): the hierarchy passes. */
static const char *
hier(const char *r, const char *a, const char *c, enum pl_compat v)
{
	struct pl_limitconf lr, la, lc;
	struct pl_lhier h;
	int pass;

	limit(&lr, r);
	limit(&la, a);
	limit(&lc, c);
	buf_clear(&got);
	for (pass = 0; pass < 2; pass++) {
		size_t hr, ha;

		pl_lhier_init(&h, v, pass ? PL_LHIER_APPS : PL_LHIER_RES);
		hr = pl_lhier_queue(&h, PL_LHIER_TOP, "root", 4, &lr,
		    lr.nusers + lr.ngroups > 0, &out);
		ha = pl_lhier_queue(&h, hr, "a", 1, &la, la.nusers + la.ngroups > 0,
		    &out);
		(void)pl_lhier_queue(&h, ha, "c", 1, &lc,
		    lc.nusers + lc.ngroups > 0, &out);
		pl_lhier_free(&h);
	}
	pl_limitconf_free(&lr);
	pl_limitconf_free(&la);
	pl_limitconf_free(&lc);
	return got.s != NULL ? got.s : "";
}

int
main(void)
{
	struct pl_limitconf a, b, big;
	struct pl_limitq q = { "a", 1, 0, NULL };
	struct pl_rconf none;
	size_t i;
	char name[32];

	is_str(list("mylimit apps=5", "a", 0, NULL, PL_010),
	    "empty user and group lists defined in limit '{mylimit [] [] map[] 5}'",
	    "no users or groups: Go's %%v of the limit");
	is_str(list("l u=9bad,ok", "a", 0, NULL, PL_010),
	    "invalid limit user name '9bad' in limit definition\n"
	    "invalid resource combination for limit names '[9bad ok]' all "
	    "resource limits are null", "a bad name, and every error after");
	is_str(list("l u=system:sa apps=5", "a", 0, NULL, PL_12),
	    "invalid limit user name 'system:sa' in limit definition",
	    "':' in a user name before 1.3");
	is_str(list("l u=system:sa apps=5", "a", 0, NULL, PL_13), "",
	    "':' in a user name from 1.3");
	is_str(list("l g=a.b apps=5", "a", 0, NULL, PL_12),
	    "invalid limit group name 'a.b' in limit definition", "'.' in a "
	    "group before 1.3");
	is_str(list("a u=bob apps=1;b u=bob apps=2", "a", 0, NULL, PL_12), "",
	    "duplicates pass before 1.3");
	is_str(list("a u=bob apps=1;b u=bob apps=2", "a", 0, NULL, PL_13),
	    "duplicated user name bob , already existed", "1.3 duplicate text");
	is_str(list("a u=bob,bob apps=1", "a", 0, NULL, PL_16),
	    "duplicated user name 'bob', already exists", "1.6 duplicate text");
	is_str(list("a g=devs apps=1;b g=devs apps=2", "a", 0, NULL, PL_18),
	    "duplicated group name 'devs'", "1.6 group duplicate text");
	is_str(list("all u=* apps=10;b u=bob apps=2", "a", 0, NULL, PL_13),
	    "should not set no wildcard user bob after wildcard user limit",
	    "a user after the wildcard");
	is_str(list("all g=* apps=10", "a", 0, NULL, PL_13),
	    "should not specify only one group limit that is using the "
	    "wildcard. There must be at least one limit with a group name "
	    "defined ", "the wildcard group alone");
	is_str(list("b u=bob g=devs apps=2;all u=* g=* apps=10", "a", 0, NULL,
	    PL_18), "", "wildcards last");
	is_str(list("l u=bob res=memory:0 apps=5", "a", 0, NULL, PL_13), "",
	    "zero maxresources with apps before 1.4");
	is_str(list("l u=bob res=memory:0 apps=5", "a", 0, NULL, PL_14),
	    "MaxResources is zero in 'l' limit, all resource types are zero",
	    "1.4 zero text");
	is_str(list("l u=bob res=memory:0,vcore:0", "a", 0, NULL, PL_12),
	    "invalid resource combination for limit names '[bob]' all resource "
	    "limits are null", "all zero alone before 1.3: null");
	is_str(list("l u=bob res=memory:0,vcore:0", "a", 0, NULL, PL_13),
	    "invalid resource combination for limit l all resource limits are "
	    "null", "1.3 null text");
	is_str(list("l u=bob res=memory:0,vcore:0", "a", 0, NULL, PL_150),
	    "MaxResources should be greater than zero in 'l' limit",
	    "1.5 zero text");
	is_str(list("l u=bob res=memory:10X", "a", 0, NULL, PL_012),
	    "strconv.ParseInt: parsing \"10X\": invalid syntax", "0.12 quantity");
	is_str(list("l u=bob res=memory:10X", "a", 0, NULL, PL_10),
	    "invalid quantity", "1.0 quantity");
	is_str(list("l u=bob apps=20", "a", 10, NULL, PL_12), "",
	    "above the queue's maxapplications before 1.3");
	is_str(list("l u=bob apps=20", "a", 10, NULL, PL_13),
	    "invalid MaxApplications settings for limit l exeecd current the "
	    "queue MaxApplications", "1.3's spelling");
	is_str(list("l u=bob apps=20", "a", 10, NULL, PL_14),
	    "invalid MaxApplications settings for limit l exceed current the "
	    "queue MaxApplications", "1.4's spelling");
	is_str(list("l u=bob res=memory:10", "a", 10, NULL, PL_13),
	    "MaxApplications is 0 in limit name l, it should be 1 ~ 10",
	    "1.3.0 wants maxapplications");
	is_str(list("l u=bob res=memory:10", "a", 10, NULL, PL_14), "",
	    "not from 1.4");
	is_str(list("l u=bob res=memory:20", "a", 0, "memory:10", PL_13),
	    "invalid MaxResources settings for limit l exeecd current the queue "
	    "MaxResources", "above the queue's max");
	is_str(list("l u=bob res=vcore:20", "a", 0, "memory:10", PL_18), "",
	    "a type the max lacks is unlimited");
	is_str(list("l u=bob res=memory:20", "root", 0, "memory:10", PL_18), "",
	    "root is skipped by name");
	is_str(list("l u=bob apps=1;m u=al apps=1", "a", 0, "memory:10X", PL_13),
	    "parse queue a max resource failed: invalid quantity",
	    "the queue's own max, once");
	is_str(list("l u=bob res=vcore:1 apps=1", "a", 0, "memory:10X", PL_18),
	    "parse queue a max resource failed: invalid quantity",
	    "the queue's own max, with the limit's resources read");

	/* reflect.DeepEqual */
	limit(&a, "p u=alice apps=5");
	limit(&b, "p u=alice apps=5");
	ok(pl_limit_equal(&a, 1, &b, 1), "equal limits");
	pl_limitconf_free(&b);
	limit(&b, "p u=alice g= apps=5");
	ok(!pl_limit_equal(&a, 1, &b, 1), "groups: [] is not absent");
	pl_limitconf_free(&b);
	limit(&b, "p u=alice apps=05");
	ok(pl_limit_equal(&a, 1, &b, 1), "maxapplications compare as numbers");
	pl_limitconf_free(&a);
	pl_limitconf_free(&b);
	limit(&a, "p u=a res=memory:5,vcore:1");
	limit(&b, "p u=a res=vcore:1,memory:5");
	ok(pl_limit_equal(&a, 1, &b, 1), "maps in any order");
	pl_limitconf_free(&b);
	limit(&b, "p u=a res=vcore:1,memory:05");
	ok(!pl_limit_equal(&a, 1, &b, 1), "map values as written");
	pl_limitconf_free(&a);
	pl_limitconf_free(&b);

	/* the hierarchy */
	is_str(hier("r u=alice apps=5", "c u=alice apps=10", "x g=z apps=1",
	    PL_13), "", "no hierarchy before 1.4");
	is_str(hier("r u=alice apps=5", "c u=alice apps=10", "x g=z apps=1",
	    PL_14), "user alice max applications 10 of queue a is greater than "
	    "immediate or ancestor parent max applications 5", "1.4 apps");
	is_str(hier("r u=alice apps=5", "c u=alice res=memory:10", "x g=z apps=1",
	    PL_18), "user alice max applications 0 of queue a is greater than "
	    "immediate or ancestor parent max applications 5", "no apps below");
	is_str(hier("r g=devs res=memory:10,vcore:1", "c g=devs res=memory:20",
	    "x u=z apps=1", PL_150), "group devs max resource map[memory:20] of "
	    "queue a is greater than immediate or ancestor parent maximum "
	    "resource map[memory:10 vcore:1000]", "resources, vcore in "
	    "thousandths");
	is_str(hier("r u=alice apps=5", "b u=bob apps=3", "c u=alice apps=10",
	    PL_14), "", "1.4 carries only through queues without limits");
	is_str(hier("r u=alice apps=5", "b u=bob apps=3", "c u=alice apps=10",
	    PL_150), "user alice max applications 10 of queue c is greater than "
	    "immediate or ancestor parent max applications 5", "1.5 always");
	is_str(hier("w u=* apps=5", "c u=alice apps=10", "x g=z apps=1", PL_14),
	    "", "no wildcard in 1.4");
	is_str(hier("w u=* apps=5", "c u=alice apps=10", "x g=z apps=1",
	    PL_150), "user alice max applications 10 of queue a is greater than "
	    "wildcard max applications 5 of immediate or ancestor parent queue",
	    "1.5 wildcard");
	is_str(hier("w u=* res=memory:5", "c u=alice res=memory:10",
	    "x g=z apps=1", PL_18), "user alice max resource map[memory:10] of "
	    "queue a is greater than wildcard maximum resource map[memory:5] of "
	    "immediate or ancestor parent queue", "1.5 wildcard resources");
	is_str(hier("r u=alice apps=10 res=memory:100",
	    "c u=alice apps=5 res=memory:50,vcore:5", "x u=alice apps=5",
	    PL_18), "", "within the limits above");

	/* a long list is checked in linear time */
	memset(&big, 0, sizeof big);
	cstr(&big.name, "big");
	big.nusers = 100000;
	big.users = xcalloc(big.nusers, sizeof *big.users);
	for (i = 0; i < big.nusers; i++) {
		snprintf(name, sizeof name, "user%zu", i);
		cstr(&big.users[i], name);
	}
	big.maxapps = 1;
	memset(&none, 0, sizeof none);
	q.max = &none;
	buf_clear(&got);
	pl_limit_list(&big, 1, &q, PL_18, &out);
	is_str(got.s != NULL ? got.s : "", "", "100,000 users in one limit");
	pl_limitconf_free(&big);
	buf_free(&got);
	return tap_done();
}
