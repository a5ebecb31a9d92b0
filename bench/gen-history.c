/*
 * gen-history - a deterministic Slider role history for 'make bench',
 * written as Slider 0.80+ persists one save: header, mapping, one
 * NodeEntryRecord per (host, role), footer; compact JSON, records
 * separated by "\n", no newline after the footer.
 *
 *	gen-history [-H HOSTS] [-r ROLES] [-t SAVED] [-s SEED] [-d] [-R]
 *
 * Every host has an entry for every role (HOSTS x ROLES entries). Hosts
 * come in a scrambled order (Slider writes its HashMap order), roles in
 * ascending id order within a host, as Slider does. About one entry in
 * six is active; the others were last used up to 14 days before SAVED,
 * and a few never (last_used 0, what anti-affinity scans leave behind).
 * With -d the role mapping lists the ids in descending order (the order a
 * hash map may give them in). With -R the matching resources.json is
 * written instead.
 */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "bench.h"
#include "diag.h"
#include "exitcode.h"
#include "options.h"
#include "outbuf.h"
#include "timefmt.h"

#define NS "org.apache.slider.server.avro."
#define DAY_MS (24 * 3600 * 1000LL)

static const char *const rolenames[] = {
	"slider-appmaster", "regionserver", "master", "worker", "zookeeper",
	"broker", "datanode", "nodemanager", "gateway", "thrift", "rest",
	"journalnode", "namenode", "historyserver", "timeline", "collector",
	"indexer", "querynode", "coordinator", "executor", "proxy", "cache",
	"scheduler", "monitor", "ingest"
};
#define NROLENAMES (sizeof(rolenames) / sizeof(rolenames[0]))

static void
role_name(char *buf, size_t n, unsigned id)
{
	if (id < NROLENAMES)
		snprintf(buf, n, "%s", rolenames[id]);
	else
		snprintf(buf, n, "role%u", id);
}

static uint64_t
gcd(uint64_t a, uint64_t b)
{
	while (b != 0) {
		uint64_t t = a % b;

		a = b;
		b = t;
	}
	return a;
}

static void
history(struct ob *o, unsigned hosts, unsigned roles, int64_t saved, int desc,
    struct rng *r)
{
	char date[32], name[64];
	uint64_t step = 2654435761u % (hosts ? hosts : 1), i;
	unsigned id, k;

	while (hosts > 1 && gcd(step, hosts) != 1)
		step++;
	ob_puts(o, "{\"entry\":{\"" NS "RoleHistoryHeader\":{\"version\":1,"
	    "\"saved\":");
	ob_i64(o, saved);
	ob_printf(o, ",\"savedx\":\"%" PRIx64 "\",\"savedate\":\"%s\","
	    "\"roles\":%u}}}\n", (uint64_t)saved, tm_gmtstring(saved, date),
	    roles);

	ob_puts(o, "{\"entry\":{\"" NS "RoleHistoryMapping\":{\"rolemap\":{");
	for (k = 0; k < roles; k++) {
		id = desc ? roles - 1 - k : k;
		role_name(name, sizeof name, id);
		ob_printf(o, "%s\"%s\":%u", k ? "," : "", name, id);
	}
	ob_puts(o, "}}}}\n");

	for (i = 0; i < hosts; i++) {
		uint64_t h = (i * step + 12345) % hosts;

		for (id = 0; id < roles; id++) {
			uint64_t x = rng_next(r);
			int active = x % 6 == 0;
			int64_t used;

			if (!active && (x >> 8) % 32 == 0)
				used = 0;
			else
				used = saved - (int64_t)((x >> 16) %
				    (uint64_t)(14 * DAY_MS));
			ob_printf(o, "{\"entry\":{\"" NS "NodeEntryRecord\":{"
			    "\"host\":\"node%05" PRIu64 ".r%03" PRIu64
			    ".dc1.example.com\",\"role\":%u,\"active\":%s,"
			    "\"last_used\":", h, h / 40, id,
			    active ? "true" : "false");
			ob_i64(o, used);
			ob_puts(o, "}}}\n");
		}
	}
	ob_puts(o, "{\"entry\":{\"" NS "RoleHistoryFooter\":{\"count\":");
	ob_u64(o, (uint64_t)hosts * roles);
	ob_puts(o, "}}}");
}

/* Placement policies: mostly default, some strict, anti-affinity, anywhere. */
static unsigned
role_policy(unsigned id)
{
	static const unsigned pol[] = { 0, 0, 1, 4, 0, 0, 2, 0 };

	return id < 2 ? 0 : pol[id % 8];
}

static void
resources(struct ob *o, unsigned roles)
{
	char name[64];
	unsigned id;

	ob_puts(o, "{\n  \"schema\": \"http://example.org/specification/v2.0.0\",\n"
	    "  \"metadata\": {},\n  \"global\": {\n"
	    "    \"yarn.node.failure.threshold\": \"3\",\n"
	    "    \"yarn.placement.escalate.seconds\": \"30\"\n  },\n"
	    "  \"components\": {");
	for (id = 0; id < roles; id++) {
		role_name(name, sizeof name, id);
		ob_printf(o, "%s\n    \"%s\": {\n"
		    "      \"yarn.role.priority\": \"%u\",\n"
		    "      \"yarn.component.instances\": \"%u\",\n"
		    "      \"yarn.component.placement.policy\": \"%u\"\n    }",
		    id ? "," : "", name, id,
		    id == 0 ? 1 : id == 1 ? 1000 : 3 + id % 5, role_policy(id));
	}
	ob_puts(o, "\n  }\n}\n");
}

static const char help[] =
"usage: gen-history [-H HOSTS] [-r ROLES] [-t SAVED] [-s SEED] [-d] [-R]\n"
"\n"
"Write a Slider role history of HOSTS (default 40000) x ROLES (default 25)\n"
"entries saved at SAVED (ms, default 1795000000000), the same bytes for\n"
"the same SEED (default 1), its role mapping in descending id order with\n"
"-d; with -R the matching resources.json.\n";

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "hosts", required_argument, NULL, 'H' },
		{ "roles", required_argument, NULL, 'r' },
		{ "saved", required_argument, NULL, 't' },
		{ "seed", required_argument, NULL, 's' },
		{ "resources", no_argument, NULL, 'R' },
		{ "descending", no_argument, NULL, 'd' },
		OPT_HELP_ENTRY,
		OPT_VERSION_ENTRY,
		{ NULL, 0, NULL, 0 }
	};
	struct diag d = DIAG_INIT("gen-history");
	unsigned hosts = 40000, roles = 25;
	int64_t saved = 1795000000000LL;
	struct rng r = { 1 };
	struct ob o;
	int ch, res = 0, desc = 0;

	opt_begin(&d);
	while ((ch = opt_next(&d, argc, argv, "dhH:r:Rs:t:", longopts)) != -1) {
		switch (ch) {
		case 'd':
			desc = 1;
			break;
		case 'h':
			opt_help(&d, help);
		case 'H':
			hosts = (unsigned)opt_int(&d, "-H", optarg, 0, 10000000);
			break;
		case 'r':
			roles = (unsigned)opt_int(&d, "-r", optarg, 0, 1000000);
			break;
		case 'R':
			res = 1;
			break;
		case 's':
			r.s = (uint64_t)opt_int(&d, "-s", optarg, 0, INT64_MAX);
			break;
		case 't':
			saved = opt_instant(&d, "-t", optarg);
			break;
		}
	}
	if (optind != argc)
		opt_usage(&d, "no operands expected");
	ob_init(&o, 1);
	if (res)
		resources(&o, roles);
	else
		history(&o, hosts, roles, saved, desc, &r);
	return bench_finish(&d, &o);
}
