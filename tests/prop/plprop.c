/*
 * plprop - a property test of placement, through placectl itself.
 *
 *	plprop [-n CONFIGS] [-s SEED] [-v] DIR
 *
 * Makes CONFIGS random queue configurations (trees with ACLs, rule lists
 * with create flags, parent rules and filters) and for each a stream of
 * random applications, in DIR; runs 'placectl place' and 'placectl
 * explain -j N' (N of 1 to 4) on them (found on PATH) under a random
 * --compat, and checks:
 *
 *   - explain writes what place writes, plus the trace, line for line,
 *     however many threads read the applications;
 *   - every placed queue is a leaf, every queue created is new and sits
 *     below one that exists, and the user may submit to the queue: its
 *     submitacl or adminacl, or an ancestor's, names the user or one of
 *     the groups, or is "*" (YuniKorn's rules; dynamic queues have no
 *     ACL of their own). The groups are the scheduler's: an application
 *     without groups has the groups its user last came with, else the
 *     user's name.
 *
 * The model of the tree is the test's own, built from the configuration
 * it wrote and the "created" lists placectl reports. Exit 0 when every
 * property holds; 1 with the case (files kept in DIR) when one fails.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <json-c/json.h>

#define MAXQ 256
#define NAPPS 24

struct queue {
	char path[128];
	int parent;		/* index of the parent, -1 for root */
	int nkids;
	int parent_flag;	/* "parent: true" */
	int dynamic;
	const char *submit, *admin;	/* NULL: absent */
};

static struct queue q[MAXQ];
static int nq;
static uint64_t rng;
static const char *dir;
static int verbose;

static const char *names[] = { "a", "b", "c", "dev", "prod", "alice", "bob",
    "staff", "default" };
static const char *acls[] = { "*", " ", "alice", "alice,bob", "alice dev",
    " dev", "bob dev,ops", " ops", "carol staff" };
static const char *users[] = { "alice", "bob", "carol", "dave" };
static const char *groups[] = { "dev", "ops", "staff" };
static const char *queues[] = { "", "a", "root.a", "root.a.b", "prod",
    "root.prod", "Root.A", "root.default", "b", "root.dev.alice", "c.x" };
static const char *fixed[] = { "a", "root.a", "root.a.b", "prod", "root.prod",
    "default", "root.default", "b.c", "root.dev" };
static const char *tags[] = { "a", "prod", "dev", "root.b", "x" };
static const char *kinds[] = { "provided", "user", "primaryGroup",
    "secondaryGroup", "tag", "fixed" };

#define PICK(a) ((a)[rnd(sizeof(a) / sizeof((a)[0]))])

static unsigned
rnd(unsigned n)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (unsigned)(rng % n);
}

static void
die(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "plprop: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(2);
}

static int
find(const char *path)
{
	int i;

	for (i = 0; i < nq; i++)
		if (strcmp(q[i].path, path) == 0)
			return i;
	return -1;
}

static int
add(int parent, const char *name)
{
	struct queue *n = &q[nq];
	char path[sizeof n->path];

	if (parent < 0)
		snprintf(path, sizeof path, "%s", name);
	else {
		snprintf(path, sizeof path, "%s.%s", q[parent].path, name);
		q[parent].nkids++;
	}
	memset(n, 0, sizeof *n);
	n->parent = parent;
	memcpy(n->path, path, sizeof path);
	return nq++;
}

static void
indent(FILE *f, int n)
{
	while (n-- > 0)
		fputc(' ', f);
}

static void
acl(FILE *f, int in, const char *key, const char **slot)
{
	*slot = NULL;
	if (rnd(3) != 0)
		return;
	*slot = PICK(acls);
	indent(f, in);
	fprintf(f, "%s: \"%s\"\n", key, *slot);
}

/* Queue i and, below depth 3, some children of its own. */
static void
gen_queue(FILE *f, int i, int depth, int in)
{
	int n, k, used = 0;

	acl(f, in, "submitacl", &q[i].submit);
	acl(f, in, "adminacl", &q[i].admin);
	n = depth == 0 ? 1 + (int)rnd(3) : depth < 3 ? (int)rnd(3) : 0;
	if (n == 0 && depth > 0 && rnd(4) == 0) {
		q[i].parent_flag = 1;
		indent(f, in);
		fprintf(f, "parent: true\n");
	}
	if (n == 0)
		return;
	indent(f, in);
	fprintf(f, "queues:\n");
	for (k = 0; k < n; k++) {
		unsigned j = rnd(sizeof names / sizeof names[0]);
		int c;

		if (used & (1 << j) || nq == MAXQ)
			continue;
		used |= 1 << j;
		c = add(i, names[j]);
		indent(f, in + 2);
		fprintf(f, "- name: %s\n", names[j]);
		gen_queue(f, c, depth + 1, in + 4);
	}
}

static void
gen_rule(FILE *f, int in, int depth)
{
	const char *kind = PICK(kinds);

	indent(f, in);
	fprintf(f, "name: %s\n", kind);
	if (strcmp(kind, "tag") == 0) {
		indent(f, in);
		fprintf(f, "value: namespace\n");
	} else if (strcmp(kind, "fixed") == 0) {
		indent(f, in);
		fprintf(f, "value: %s\n", PICK(fixed));
	}
	if (rnd(2)) {
		indent(f, in);
		fprintf(f, "create: true\n");
	}
	if (depth < 2 && rnd(3) == 0) {
		indent(f, in);
		fprintf(f, "parent:\n");
		gen_rule(f, in + 2, depth + 1);
	}
	if (rnd(4) == 0) {
		indent(f, in);
		fprintf(f, "filter:\n");
		indent(f, in + 2);
		fprintf(f, "type: %s\n", rnd(2) ? "allow" : "deny");
		indent(f, in + 2);
		fprintf(f, "users: [%s]\n", PICK(users));
		if (rnd(2)) {
			indent(f, in + 2);
			fprintf(f, "groups: [%s]\n", PICK(groups));
		}
	}
}

static void
gen_config(const char *path)
{
	FILE *f = fopen(path, "w");
	int i, n;

	if (f == NULL)
		die("%s: %s", path, strerror(errno));
	nq = 0;
	add(-1, "root");
	fprintf(f, "partitions:\n  - name: default\n    queues:\n      - name: root\n");
	gen_queue(f, 0, 0, 8);
	fprintf(f, "    placementrules:\n");
	for (i = 0, n = 1 + (int)rnd(3); i < n; i++) {
		fprintf(f, "      -\n");
		gen_rule(f, 8, 0);
	}
	if (fclose(f) != 0)
		die("%s: %s", path, strerror(errno));
}

static void
gen_apps(const char *path)
{
	FILE *f = fopen(path, "w");
	int i;

	if (f == NULL)
		die("%s: %s", path, strerror(errno));
	for (i = 0; i < NAPPS; i++) {
		unsigned g = rnd(8);
		int j, first = 1;

		fprintf(f, "{\"app\":\"app-%d\",\"user\":\"%s\"", i, PICK(users));
		if (g != 0) {		/* else no groups: the user's own name */
			fprintf(f, ",\"groups\":[");
			for (j = 0; j < 3; j++)
				if (g & (1u << j)) {
					fprintf(f, "%s\"%s\"", first ? "" : ",", groups[j]);
					first = 0;
				}
			fprintf(f, "]");
		}
		if (rnd(3))
			fprintf(f, ",\"queue\":\"%s\"", PICK(queues));
		if (rnd(2))
			fprintf(f, ",\"tags\":{\"namespace\":\"%s\"}", PICK(tags));
		fprintf(f, "}\n");
	}
	if (fclose(f) != 0)
		die("%s: %s", path, strerror(errno));
}

/* Run placectl MODE with --compat and -j; its stdout to out. The exit
 * status. */
static int
placectl(const char *mode, const char *compat, const char *jobs,
    const char *conf, const char *apps, const char *out)
{
	pid_t pid = fork();
	int st;

	if (pid < 0)
		die("fork: %s", strerror(errno));
	if (pid == 0) {
		if (freopen(out, "w", stdout) == NULL ||
		    freopen("/dev/null", "w", stderr) == NULL)
			_exit(127);
		execlp("placectl", "placectl", mode, "--compat", compat, "-j",
		    jobs, "-c", conf, apps, (char *)NULL);
		_exit(127);
	}
	if (waitpid(pid, &st, 0) < 0)
		die("waitpid: %s", strerror(errno));
	if (!WIFEXITED(st))
		die("placectl %s died of signal %d on %s", mode, WTERMSIG(st), conf);
	return WEXITSTATUS(st);
}

/* One ACL as YuniKorn reads it (placectl(1), ACLs), for our names. */
static int
acl_allows(const char *a, const char *user, const char **g, int ng)
{
	char buf[64], *sp, *tok, *save;
	int i;

	if (a == NULL)
		return 0;
	if (strcmp(a, "*") == 0)
		return 1;
	snprintf(buf, sizeof buf, "%s", a);
	sp = strchr(buf, ' ');
	if (sp != NULL)
		*sp++ = '\0';
	for (tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save))
		if (strcmp(tok, user) == 0)
			return 1;
	if (sp == NULL)
		return 0;
	for (tok = strtok_r(sp, ",", &save); tok; tok = strtok_r(NULL, ",", &save))
		for (i = 0; i < ng; i++)
			if (strcmp(tok, g[i]) == 0)
				return 1;
	return 0;
}

static int
may_submit(int i, const char *user, const char **g, int ng)
{
	for (; i >= 0; i = q[i].parent)
		if (acl_allows(q[i].submit, user, g, ng) ||
		    acl_allows(q[i].admin, user, g, ng))
			return 1;
	return 0;
}

static int
is_leaf(int i)
{
	return i > 0 && q[i].nkids == 0 && !q[i].parent_flag;
}

static int failed;

static void
fail(const char *conf, int line, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "plprop: %s, application %d: ", conf, line);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	failed = 1;
}

static const char *
str(struct json_object *o, const char *key)
{
	struct json_object *v;

	if (!json_object_object_get_ex(o, key, &v) ||
	    !json_object_is_type(v, json_type_string))
		return NULL;
	return json_object_get_string(v);
}

/* The scheduler's user/group cache: the groups each user last came with. */
static struct {
	char user[16];
	char g[3][16];
	int ng;
} seen[8];
static int nseen;

/* The groups the scheduler gives the application, into g; the cache kept. */
static int
groups_of(struct json_object *app, const char **g)
{
	const char *user = str(app, "user");
	struct json_object *ga;
	int i, ng = 0;
	size_t j;

	for (i = 0; i < nseen && strcmp(seen[i].user, user) != 0; i++)
		;
	if (json_object_object_get_ex(app, "groups", &ga) &&
	    json_object_array_length(ga) > 0) {
		if (i == nseen && nseen < 8)
			snprintf(seen[nseen++].user, sizeof seen[i].user, "%s", user);
		for (j = 0; j < json_object_array_length(ga) && ng < 3; j++)
			snprintf(seen[i].g[ng++], sizeof seen[i].g[0], "%s",
			    json_object_get_string(json_object_array_get_idx(ga, j)));
		seen[i].ng = ng;
	} else if (i == nseen) {
		g[0] = user;
		return 1;
	}
	for (ng = 0; ng < seen[i].ng; ng++)
		g[ng] = seen[i].g[ng];
	return ng;
}

/* Check one placed application against the model, then grow the model. */
static void
check_placed(const char *conf, int n, struct json_object *app,
    struct json_object *pl, const char **g, int ng)
{
	const char *user = str(app, "user"), *path = str(pl, "queue");
	struct json_object *created;
	int i, k;
	size_t j;

	if (!json_object_object_get_ex(pl, "created", &created) ||
	    !json_object_is_type(created, json_type_array)) {
		fail(conf, n, "no created list");
		return;
	}
	for (j = 0; j < json_object_array_length(created); j++) {
		const char *c = json_object_get_string(json_object_array_get_idx(created, j));
		char up[128], *dot;
		int p;

		snprintf(up, sizeof up, "%s", c);
		if ((dot = strrchr(up, '.')) == NULL) {
			fail(conf, n, "created '%s' is not below root", c);
			return;
		}
		*dot = '\0';
		if (find(c) >= 0)
			fail(conf, n, "created '%s' existed already", c);
		if ((p = find(up)) < 0 || is_leaf(p) || nq == MAXQ) {
			fail(conf, n, "created '%s' below '%s', not an existing parent",
			    c, up);
			return;
		}
		k = add(p, dot + 1);
		q[k].dynamic = 1;
		if (j + 1 < json_object_array_length(created))
			q[k].parent_flag = 1;	/* an intermediate level */
	}
	if (path == NULL || (i = find(path)) < 0) {
		fail(conf, n, "placed in '%s', which does not exist", path ? path : "?");
		return;
	}
	if (!is_leaf(i))
		fail(conf, n, "placed in '%s', which is not a leaf", path);
	if (!may_submit(i, user, g, ng))
		fail(conf, n, "placed in '%s', where '%s' may not submit", path, user);
}

/* Compare explain with place, line by line, and check every placement. */
static int
check(const char *conf, const char *pout, const char *eout)
{
	FILE *pf = fopen(pout, "r"), *ef = fopen(eout, "r");
	char *pl = NULL, *el = NULL, *t;
	const char *g[3];
	size_t pc = 0, ec = 0;
	ssize_t pn, en;
	int n = 0, placed = 0, ng;

	nseen = 0;

	if (pf == NULL || ef == NULL)
		die("cannot read the output of placectl");
	for (;;) {
		struct json_object *app, *p;

		pn = getline(&pl, &pc, pf);
		en = getline(&el, &ec, ef);
		if (pn < 0 || en < 0) {
			if (pn >= 0 || en >= 0)
				fail(conf, n, "place and explain wrote different numbers of lines");
			break;
		}
		n++;
		/* the trace is the last member of the placement: drop it */
		if ((t = strstr(el, ",\"trace\":[")) == NULL ||
		    strcmp(el + en - 4, "]}}\n") != 0) {
			fail(conf, n, "explain has no trace at the end: %s", el);
			continue;
		}
		strcpy(t, "}}\n");
		if (strcmp(pl, el) != 0)
			fail(conf, n, "explain differs from place:\n  %s  %s", pl, el);
		if ((app = json_tokener_parse(pl)) == NULL ||
		    !json_object_object_get_ex(app, "placement", &p)) {
			fail(conf, n, "place wrote what is not an application: %s", pl);
			json_object_put(app);
			continue;
		}
		ng = groups_of(app, g);
		if (str(p, "queue") != NULL) {
			check_placed(conf, n, app, p, g, ng);
			placed++;
		} else if (str(p, "rejected") == NULL)
			fail(conf, n, "neither placed nor rejected: %s", pl);
		json_object_put(app);
	}
	free(pl);
	free(el);
	fclose(pf);
	fclose(ef);
	return placed;
}

int
main(int argc, char **argv)
{
	long nconf = 300, i, loaded = 0, placed = 0;
	int c;

	rng = 0x9e3779b97f4a7c15ULL;
	while ((c = getopt(argc, argv, "n:s:v")) != -1) {
		switch (c) {
		case 'n':
			nconf = strtol(optarg, NULL, 10);
			break;
		case 's':
			rng ^= strtoull(optarg, NULL, 10) * 0x100000001b3ULL;
			break;
		case 'v':
			verbose = 1;
			break;
		default:
			die("usage: plprop [-n CONFIGS] [-s SEED] [-v] DIR");
		}
	}
	if (optind + 1 != argc)
		die("usage: plprop [-n CONFIGS] [-s SEED] [-v] DIR");
	dir = argv[optind];
	for (i = 0; i < nconf && !failed; i++) {
		char conf[512], apps[512], pout[512], eout[512];
		/* not 1.5.2, whose root.default fallback skips the ACL */
		static const char *const compats[] = { "0.10", "1.2", "1.3",
		    "1.4", "1.5.0", "1.6", "1.7", "1.8" };
		const char *compat = compats[rnd(8)];
		const char *jobs = (const char *[]){ "1", "2", "3", "4" }[i % 4];
		int rp, re;

		snprintf(conf, sizeof conf, "%s/conf-%ld.yaml", dir, i);
		snprintf(apps, sizeof apps, "%s/apps-%ld.ndjson", dir, i);
		snprintf(pout, sizeof pout, "%s/place-%ld.out", dir, i);
		snprintf(eout, sizeof eout, "%s/explain-%ld.out", dir, i);
		gen_config(conf);
		gen_apps(apps);
		rp = placectl("place", compat, "1", conf, apps, pout);
		re = placectl("explain", compat, jobs, conf, apps, eout);
		if (rp != re) {
			fail(conf, 0, "place exits %d, explain -j %s %d (--compat %s)",
			    rp, jobs, re, compat);
			break;
		}
		if (rp == 0) {
			loaded++;
			placed += check(conf, pout, eout);
		} else if (rp != 78)
			fail(conf, 0, "placectl place exits %d (--compat %s)", rp, compat);
		if (failed)
			fprintf(stderr, "plprop: --compat %s, explain -j %s; the files "
			    "are kept in %s\n", compat, jobs, dir);
		else {
			unlink(conf), unlink(apps), unlink(pout), unlink(eout);
		}
	}
	if (verbose || !failed)
		printf("plprop: %ld configurations, %ld loaded, %ld applications "
		    "placed\n", i, loaded, placed);
	if (!failed && (loaded < nconf / 4 || placed < loaded))
		die("too few configurations loaded or applications placed to "
		    "mean anything");
	return failed;
}
