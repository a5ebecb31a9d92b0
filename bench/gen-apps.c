/*
 * gen-apps - a deterministic stream of YuniKorn application submissions
 * for 'make bench' (placectl(1)'s input), one JSON object per line:
 *
 *	{"app":ID,"user":U,"groups":[...],"queue":Q,"tags":{...}}
 *
 *	gen-apps [-n COUNT] [-s SEED] [-u USERS]
 *
 * The same COUNT and SEED give the same bytes, and a shorter stream is a
 * prefix of a longer one. With -u, the stream of bench/users.yaml: users
 * userNNNN picked evenly from USERS names, each always with the same two
 * groups, some asking for a queue, some with a namespace tag. Without,
 * the mix is meant to exercise bench/queues.yaml:
 * a few thousand users with a skewed load (a few submit most), LDAP-style
 * names with dots, service accounts (filtered), guests (rejected),
 * Kubernetes service-account names (invalid queue names), upper case and
 * UTF-8; groups that match the regex filters or not, sometimes missing;
 * namespace and team tags (some qualified, dotted, upper case, missing);
 * submitted queues qualified, unqualified, dotted, wrong case, unknown,
 * empty or missing.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "bench.h"
#include "diag.h"
#include "exitcode.h"
#include "options.h"
#include "outbuf.h"

#define NUSERS	6000
#define NNS	320

static const char *const first[] = {
	"alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi",
	"ivan", "judy", "mallory", "niaj", "olivia", "peggy", "rupert",
	"sybil", "trent", "victor", "walter", "xavier", "yolanda", "zoe",
	"amir", "bea", "chen", "dmitri", "eun", "fatima", "goran", "hana",
	"ines", "jun", "kofi", "lena", "mateo", "noor", "omar", "priya",
	"quinn", "rosa", "sven", "tariq", "uma", "vera", "wei", "ximena",
	"yusuf", "zara", "anders", "bianca", "cyrus", "dagny", "elif",
	"felix", "gita", "hugo", "isak", "jana", "karim", "lotte", "milan",
	"nadia", "oskar", "paula"
};
static const char *const last[] = {
	"smith", "jones", "garcia", "mueller", "rossi", "tanaka", "kim",
	"nguyen", "silva", "kowalski", "novak", "jensen", "dubois", "ivanova",
	"haddad", "okafor", "patel", "singh", "wang", "li", "lopez", "cohen",
	"berg", "larsen", "moreau", "ferrari", "sato", "park", "tran",
	"santos", "nowak", "horvat"
};
static const char *const words[] = {
	"search", "ads", "billing", "fraud", "etl", "reports", "ml", "vision",
	"speech", "recsys", "payments", "ledger", "risk", "growth", "infra",
	"storage", "kafka", "spark", "flink", "trino", "feeds", "maps",
	"mail", "chat", "identity", "audit", "pricing", "catalog", "orders",
	"shipping", "support", "web"
};
static const char *const envs[] = { "dev", "staging", "prod", "test" };
static const char *const teams[] = {
	"dev", "dev_app", "devops", "ml", "platform", "analytics", "finance",
	"ops", "qa", "sre"
};
static const char *const apptypes[] = {
	"spark", "flink", "batch", "tensorflow", "mpi", "ray"
};

/* Uniform in [0, n). */
static unsigned
rng_below(struct rng *r, unsigned n)
{
	return (unsigned)(((rng_next(r) >> 32) * n) >> 32);
}

/* A fixed hash of a small integer: per-user and per-namespace traits. */
static uint64_t
mix(uint64_t x)
{
	struct rng r = { x * 0x2545f4914f6cdd1dULL };

	return rng_next(&r);
}

#define NELEM(a) (sizeof(a) / sizeof((a)[0]))

/* Write a string value, quoted; generated names need no escaping. */
static void
qstr(struct ob *o, const char *s)
{
	ob_putc(o, '"');
	ob_puts(o, s);
	ob_putc(o, '"');
}

static void
ns_name(char *buf, size_t n, unsigned i)
{
	uint64_t h = mix(i + 7777);
	const char *w = words[i % NELEM(words)];
	const char *e = envs[(i / NELEM(words)) % NELEM(envs)];
	unsigned k = (unsigned)(i / (NELEM(words) * NELEM(envs)));

	switch (h % 16) {
	case 0:		/* a dotted name: becomes one queue, "_dot_" */
		snprintf(buf, n, "%s.%s%u", w, e, k);
		break;
	case 1:		/* upper case: the queue is lower-cased */
		snprintf(buf, n, "%c%s-%s%u", w[0] - 'a' + 'A', w + 1, e, k);
		break;
	case 2:		/* qualified: taken as a path */
		snprintf(buf, n, "root.namespaces.%s-%s%u", w, e, k);
		break;
	default:
		if (k == 0)
			snprintf(buf, n, "%s-%s", w, e);
		else
			snprintf(buf, n, "%s-%s-%u", w, e, k);
	}
}

static void
user_name(char *buf, size_t n, unsigned i)
{
	uint64_t h = mix(i);
	const char *f = first[h % NELEM(first)];
	const char *l = last[(h >> 8) % NELEM(last)];
	unsigned k = (unsigned)(i / 97);

	switch ((h >> 16) % 40) {
	case 0: case 1:	/* service accounts: the provided rule denies them */
		snprintf(buf, n, "svc-%s-%u", words[(h >> 24) % NELEM(words)], k);
		break;
	case 2:		/* guests: no rule will have them */
		snprintf(buf, n, "guest%u", i);
		break;
	case 3:		/* Kubernetes: ':' is not a queue name character */
		snprintf(buf, n, "system:serviceaccount:%s:default",
		    words[(h >> 24) % NELEM(words)]);
		break;
	case 4:		/* mixed case with a dot */
		snprintf(buf, n, "%c%s.%c%s%u", f[0] - 'a' + 'A', f + 1,
		    l[0] - 'a' + 'A', l + 1, k);
		break;
	case 5:		/* UTF-8 */
		snprintf(buf, n, "%s\xc3\xab%u", f, k);
		break;
	case 6: case 7: case 8: case 9: case 10: case 11: case 12: case 13:
		snprintf(buf, n, "%s.%s%u", f, l, k);
		break;
	default:
		snprintf(buf, n, "%c%s%u", f[0], l, i);
	}
}

/* The user's groups: a bit per entry of teams[]. */
static unsigned
user_teams(unsigned i)
{
	uint64_t h = mix(i + 424242);
	unsigned t = 0;

	t |= 1u << ((h >> 4) % NELEM(teams));
	if ((h >> 12) % 3 == 0)
		t |= 1u << ((h >> 16) % NELEM(teams));
	if ((h >> 20) % 7 == 0)
		t |= 1u << ((h >> 24) % NELEM(teams));
	return t;
}

/* Skewed pick: low indexes are the busy users and namespaces. */
static unsigned
skewed(struct rng *r, unsigned n)
{
	uint64_t u = rng_next(r) >> 43;		/* 21 bits */
	uint64_t v = (u * u) >> 21;		/* still 21 bits, skewed low */

	return (unsigned)((v * n) >> 21);
}

static void
gen_queue(struct ob *o, struct rng *r, const char *user, unsigned nsi)
{
	static const char *const fixedq[] = {
		"root.production", "root.batch.nightly", "root.batch.adhoc",
		"root.default", "root.restricted", "root.batch"
	};
	static const char *const plainq[] = {
		"production", "nightly", "default", "adhoc", "my_special_queue"
	};
	char ns[96];
	unsigned p = rng_below(r, 100);

	if (p < 35)			/* no queue asked for */
		return;
	ob_puts(o, ",\"queue\":");
	if (p < 52)
		qstr(o, fixedq[rng_below(r, NELEM(fixedq))]);
	else if (p < 62)
		qstr(o, plainq[rng_below(r, NELEM(plainq))]);
	else if (p < 70) {
		ob_puts(o, "\"root.users.");
		ob_puts(o, user);
		ob_putc(o, '"');
	} else if (p < 78) {
		ns_name(ns, sizeof ns, nsi);
		ob_puts(o, "\"root.namespaces.");
		ob_puts(o, ns);
		ob_putc(o, '"');
	} else if (p < 84)
		qstr(o, "batch.nightly");	/* unqualified, dotted */
	else if (p < 89)
		qstr(o, "root.nonexistent.queue");
	else if (p < 93)
		qstr(o, "ROOT.production");	/* not qualified: case */
	else if (p < 97)
		qstr(o, "");
	else
		qstr(o, "root");
}

static void
gen_app(struct ob *o, struct rng *r, unsigned long seq)
{
	char user[96], ns[96];
	unsigned ui = skewed(r, NUSERS), nsi, t, i, p;
	uint64_t h = mix(ui + 99);
	int first_group = 1;

	user_name(user, sizeof user, ui);
	/* users mostly stay in their own few namespaces */
	nsi = (unsigned)((h % NNS) + rng_below(r, 3) * 53) % NNS;
	if (rng_below(r, 8) == 0)
		nsi = skewed(r, NNS);

	ob_puts(o, "{\"app\":\"");
	if (seq % 5 == 0) {
		ob_puts(o, "spark-");
		ob_printf(o, "%016llx", (unsigned long long)mix(seq + 1));
	} else {
		ob_puts(o, "app-");
		ob_printf(o, "%08lu", seq);
	}
	ob_puts(o, "\",\"user\":");
	qstr(o, user);

	if (rng_below(r, 20) != 0) {		/* 5% leave groups out */
		ob_puts(o, ",\"groups\":[");
		if (rng_below(r, 4) != 0) {	/* the primary group */
			qstr(o, user);
			first_group = 0;
		}
		t = user_teams(ui);
		for (i = 0; i < NELEM(teams); i++) {
			if (!(t & (1u << i)))
				continue;
			if (!first_group)
				ob_putc(o, ',');
			qstr(o, teams[i]);
			first_group = 0;
		}
		if ((h >> 40) % 5 != 0) {	/* most are staff */
			if (!first_group)
				ob_putc(o, ',');
			qstr(o, "staff");
		}
		ob_putc(o, ']');
	}

	gen_queue(o, r, user, nsi);

	p = rng_below(r, 100);
	if (p < 10)				/* no tags at all */
		goto done;
	ob_puts(o, ",\"tags\":{");
	if (p < 15)				/* tags, but no namespace */
		ob_puts(o, "\"applicationType\":");
	else {
		ns_name(ns, sizeof ns, nsi);
		/* the tag rule matches keys ignoring case */
		ob_puts(o, p < 18 ? "\"Namespace\":" : "\"namespace\":");
		qstr(o, ns);
		if ((h >> 48) % 3 == 0) {
			ob_puts(o, ",\"team\":");
			qstr(o, words[(h >> 52) % 12]);
		}
		ob_puts(o, ",\"applicationType\":");
	}
	qstr(o, apptypes[rng_below(r, NELEM(apptypes))]);
	ob_putc(o, '}');
done:
	ob_puts(o, "}\n");
}

/* An application of -u's stream: user i of nusers. */
static void
gen_user_app(struct ob *o, struct rng *r, unsigned long seq, unsigned nusers)
{
	unsigned ui = rng_below(r, nusers), p = rng_below(r, 100);

	ob_printf(o, "{\"app\":\"app-%08lu\",\"user\":\"user%04u\","
	    "\"groups\":[\"%s\",\"%s%u\"]", seq, ui,
	    ui % 10 == 0 ? "guests" : "staff", teams[ui % NELEM(teams)], ui % 7);
	if (p < 20)
		ob_puts(o, ",\"queue\":\"root.production\"");
	else if (p < 25)
		ob_puts(o, ",\"queue\":\"root.unknown\"");
	if (p >= 15 && p < 55)
		ob_printf(o, ",\"tags\":{\"namespace\":\"ns-%u\"}",
		    (unsigned)(mix(ui) % 100));
	ob_puts(o, "}\n");
}

static const char help[] =
"usage: gen-apps [-n COUNT] [-s SEED] [-u USERS]\n"
"\n"
"Write COUNT (default 500000) application submissions for 'make bench',\n"
"the same bytes for the same SEED (default 1); with -u, of USERS users\n"
"named userNNNN with two groups each (bench/users.yaml's stream).\n";

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "count", required_argument, NULL, 'n' },
		{ "seed", required_argument, NULL, 's' },
		{ "users", required_argument, NULL, 'u' },
		OPT_HELP_ENTRY,
		OPT_VERSION_ENTRY,
		{ NULL, 0, NULL, 0 }
	};
	struct diag d = DIAG_INIT("gen-apps");
	unsigned long n = 500000, i;
	unsigned users = 0;
	struct rng r;
	struct ob o;
	int ch;

	r.s = 1;
	opt_begin(&d);
	while ((ch = opt_next(&d, argc, argv, "hn:s:u:", longopts)) != -1) {
		switch (ch) {
		case 'h':
			opt_help(&d, help);
		case 'n':
			n = (unsigned long)opt_int(&d, "-n", optarg, 0, 100000000);
			break;
		case 's':
			r.s = (uint64_t)opt_int(&d, "-s", optarg, 0, INT64_MAX);
			break;
		case 'u':
			users = (unsigned)opt_int(&d, "-u", optarg, 1, 10000);
			break;
		}
	}
	if (optind != argc)
		opt_usage(&d, "no operands expected");
	ob_init(&o, 1);
	for (i = 0; i < n; i++)
		if (users > 0)
			gen_user_app(&o, &r, i + 1, users);
		else
			gen_app(&o, &r, i + 1);
	return bench_finish(&d, &o);
}
