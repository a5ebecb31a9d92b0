/* t_rhio - the history writers byte for byte, and reading back what they write */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "exitcode.h"
#include "reader.h"
#include "rhtest.h"
#include "tap.h"
#include "writer.h"

#define NS "org.apache.slider.server.avro."

static int64_t save_time;

static void
write_save(const void *m, struct ob *o)
{
	rh_write_save((struct rh *)m, o, save_time);
}

static void
write_state(const void *m, struct ob *o)
{
	rh_write_state((struct rh *)m, o);
}

/* What a writer writes: the state, or a save at saved. */
static char *
written(struct rh *m, int state, int64_t saved)
{
	save_time = saved;
	return printed(state ? write_state : write_save, m);
}

/* Load text as a file; returns the status, warnings counted in *nwarn. */
static int
load(struct rh *m, const char *text, int strict, unsigned long *nwarn)
{
	char path[] = "/tmp/t_rhio.XXXXXX";
	struct diag d = DIAG_INIT("t_rhio");
	struct rh_loadopt opt;
	int fd = mkstemp(path), rc;

	if (write(fd, text, strlen(text)) < 0)
		return -1;
	close(fd);
	d.sink = diag_drop;
	rh_loadopt_init(&opt);
	opt.strict = strict;
	opt.max_age = 0;
	rc = rh_load_file(m, path, &opt, NULL, &d);
	unlink(path);
	if (nwarn != NULL)
		*nwarn = d.nwarn;
	return rc;
}

/* The messages of a load, as a tool prints them (the file named f). */
static void
keep(void *arg, const struct diag_msg *m)
{
	char *b = arg;
	size_t n = strlen(b);

	snprintf(b + n, 1024 - n, "f:%lu:%lu: %s%s\n", m->pos->line,
	    m->pos->col, m->warning ? "warning: " : "", m->text);
}

/*
 * Load text as a file, strict or not, through the fast path and through
 * json-c alone: what is said, in a static buffer, or "differs" when the
 * two paths say different things.
 */
static const char *
said(const char *text, int strict)
{
	static char out[2][1024];
	char path[] = "/tmp/t_rhio.XXXXXX";
	struct rh_loadopt opt;
	struct diag d;
	struct rh m;
	int fd = mkstemp(path), general;

	if (fd < 0 || write(fd, text, strlen(text)) < 0)
		return "cannot write";
	close(fd);
	for (general = 0; general < 2; general++) {
		d = (struct diag)DIAG_INIT("t_rhio");
		d.sink = keep;
		d.sink_arg = out[general];
		out[general][0] = '\0';
		rh_loadopt_init(&opt);
		opt.strict = strict;
		opt.general = general;
		opt.max_age = 0;
		rh_init(&m);
		(void)rh_load_file(&m, path, &opt, NULL, &d);
		rh_free(&m);
	}
	unlink(path);
	return strcmp(out[0], out[1]) == 0 ? out[0] : "differs";
}

#define HEAD "{\"entry\":{\"" NS "RoleHistoryHeader\":{\"version\":1," \
	"\"saved\":4096,\"savedx\":\"1000\",\"savedate\":\"1 Jan 1970 " \
	"00:00:04 GMT\",\"roles\":1}}}\n{\"entry\":{\"" NS \
	"RoleHistoryMapping\":{\"rolemap\":{\"r\":0}}}}\n"
#define ENTRY "{\"entry\":{\"" NS "NodeEntryRecord\":{"
#define E1 ENTRY "\"host\":\"h1\",\"role\":0,\"active\":false," \
	"\"last_used\":7}}}\n"
#define FOOT "{\"entry\":{\"" NS "RoleHistoryFooter\":{\"count\":1}}}\n"
#define RUNS "f:3:1: this record is not closed: it runs into the record at " \
	"4:1 (a line cut short?)"
#define AT_END(at, start) "f:" at ": unexpected end of file: the record " \
	"that starts at " start " is not closed"

#define JSON "not JSON as Slider's parser reads it; Slider: "
#define AT(l, c) "  at [Source: ...; line: " l ", column: " c "]\""

/*
 * Records cut short: where placekit's reading says they start and what
 * they run into; and under --strict, where Slider's reader stops and its
 * words, the line and column its parser counts included (at the end of
 * the input, it counts on by the length of its last 4,000-byte read).
 */
static void
cut_records(void)
{
	static const struct {
		const char *text, *at, *strict, *what;
	} t[] = {
		{ HEAD ENTRY "\"host\":\"h\n" E1 FOOT, RUNS, "f:3:69: " JSON
		    "\"Illegal unquoted character ((CTRL-CHAR, code 10)): has to "
		    "be escaped using backslash to be included in string value"
		    AT("3", "70"), "a line cut in a string" },
		{ HEAD ENTRY "\"host\":\"h\",\"role\":0\n" E1 FOOT, RUNS,
		    "f:4:1: " JSON "\"Unexpected character ('{' (code 123)): was "
		    "expecting comma to separate OBJECT entries" AT("4", "2"),
		    "a line cut after a value" },
		{ HEAD ENTRY "\"host\":\n" E1 FOOT, RUNS, "f:4:1: 'host' must be a "
		    "string, not an object; Slider: \"Expected string. Got "
		    "START_OBJECT\"",
		    "a line cut after a key: the next record is its value" },
		{ HEAD "{\"entry\":{\"" NS "RoleHistoryMapping\":{\"rolemap\":"
		    "{\"r\":0,\n" E1 FOOT, RUNS, "f:4:1: " JSON "\"Unexpected "
		    "character ('{' (code 123)): was expecting double-quote to "
		    "start field name" AT("4", "2"),
		    "a (second) mapping cut after a comma" },
		{ HEAD ENTRY "\"ho", AT_END("3:63", "3:1"), "f:3:63: " JSON
		    "\"Unexpected end-of-input in field name" AT("3", "360"),
		    "the end of the input in a key" },
		{ HEAD ENTRY "\"host\":\"h\",", AT_END("3:71", "3:1"), "f:3:71: "
		    JSON "\"Unexpected end-of-input within/between OBJECT entries"
		    AT("3", "376"), "after a comma" },
		{ HEAD ENTRY "\"host\":\"h\"", AT_END("3:70", "3:1"), "f:3:70: "
		    JSON "\"Unexpected end-of-input: expected close marker for "
		    "OBJECT (from [Source: ...; line: 3, column: 10])" AT("3",
		    "374"), "after a value: where Jackson says the object starts" },
		{ HEAD ENTRY "\"host\":\"h\",\"role\":0,\"active\":tr",
		    AT_END("3:91", "3:1"), "f:3:91: " JSON "\"Unexpected "
		    "end-of-input in a value" AT("3", "416"), "in a literal" },
		{ HEAD ENTRY "\"host\":\"h\",\"role\":-", AT_END("3:79", "3:1"),
		    "f:3:79: " JSON "\"Unexpected end-of-input in FIELD_NAME"
		    AT("3", "392"), "after a minus sign" },
		{ HEAD ENTRY "\n  \"host\": \"h\",\n  \"role\": 0",
		    AT_END("5:12", "3:1"), "f:5:12: " JSON "\"Unexpected "
		    "end-of-input: expected close marker for OBJECT (from "
		    "[Source: ...; line: 3, column: 10])" AT("5", "975"),
		    "pretty-printed" },
		{ HEAD "{\"entry\":{\"placekit.Container\":{\"id\":\"c\n" E1 FOOT,
		    RUNS, "f:3:11: 'placekit.Container' is a placekit record, not "
		    "one of Slider's; Slider: \"Unknown union branch "
		    "placekit.Container\"",
		    "a record of placekit's" },
		{ HEAD ENTRY "\"host\":\"h\",\"last_used\":0\n" E1 FOOT, RUNS,
		    "f:4:1: " JSON "\"Unexpected character ('{' (code 123)): was "
		    "expecting comma to separate OBJECT entries" AT("4", "2"),
		    "fields out of Slider's order" },
	};
	char want[512];
	size_t i;

	for (i = 0; i < sizeof t / sizeof *t; i++) {
		snprintf(want, sizeof want, "%s\n", t[i].at);
		is_str(said(t[i].text, 0), want, "%s", t[i].what);
		snprintf(want, sizeof want, "%s\n", t[i].strict);
		is_str(said(t[i].text, 1), want, "--strict: %s", t[i].what);
	}
	/* after the footer Slider has stopped: in either mode, not read */
	for (i = 0; i < 2; i++)
		is_str(said(HEAD E1 FOOT ENTRY "\"host\":\"h", (int)i), "f:5:1: "
		    "warning: the input goes on after the RoleHistoryFooter: "
		    "not read, as Slider does not read it\n",
		    "a record cut short after the footer, not read (%s)",
		    i ? "--strict" : "default");
}

/* Load text with max_age (from now when now > 0): entries kept, purged. */
static int
aged(const char *text, int64_t max_age, int64_t now, struct rh *m,
    size_t *purged)
{
	char path[] = "/tmp/t_rhio.XXXXXX";
	struct diag d = DIAG_INIT("t_rhio");
	struct rh_loadinfo info;
	struct rh_loadopt opt;
	int fd = mkstemp(path), rc;

	if (fd < 0 || write(fd, text, strlen(text)) < 0)
		return -1;
	close(fd);
	rh_loadopt_init(&opt);
	opt.max_age = max_age;
	opt.from_now = now > 0;
	opt.now = now;
	rh_init(m);
	rc = rh_load_file(m, path, &opt, &info, &d);
	unlink(path);
	*purged = info.purged;
	rh_loadinfo_free(&info);
	return rc;
}

#define DAY INT64_C(86400000)
#define AGED_SAVE "{\"entry\":{\"" NS "RoleHistoryHeader\":{\"version\":1," \
	"\"saved\":1728000000,\"savedx\":\"66ff3000\",\"savedate\":\"21 Jan " \
	"1970 00:00:00 GMT\",\"roles\":1}}}\n" \
	ENTRY "\"host\":\"old\",\"role\":0,\"active\":false,\"last_used\":" \
	"1036800000}}}\n" \
	ENTRY "\"host\":\"recent\",\"role\":0,\"active\":false,\"last_used\":" \
	"1209600000}}}\n" \
	ENTRY "\"host\":\"never\",\"role\":0,\"active\":false,\"last_used\":0}}}\n" \
	ENTRY "\"host\":\"busy\",\"role\":0,\"active\":true,\"last_used\":0}}}\n" \
	"{\"entry\":{\"" NS "RoleHistoryFooter\":{\"count\":4}}}\n"

/* The design's age purge: last_used 0 is the oldest of all. */
static void
age_purge(void)
{
	struct rh m;
	size_t purged;
	uint32_t n;

	/* saved day 20; old: day 12, recent: day 14, never: 0, busy active */
	is_int(aged(AGED_SAVE, 7 * DAY, 0, &m, &purged), 0, "a save rebuilt");
	is_int((int)purged, 2, "the old entry and the one never released go");
	is_int((int)m.nnodes, 2, "their nodes too");
	n = rh_node_intern(&m, "busy", 4);
	ok(rh_entry_find(&m, n, 0) != NULL &&
	    rh_entry_find(&m, n, 0)->last_used == 20 * DAY,
	    "an active entry with last_used 0 is used at the save, and stays");
	rh_free(&m);
	is_int(aged(AGED_SAVE, 0, 0, &m, &purged), 0, "max_age 0");
	is_int((int)purged, 0, "keeps every entry");
	is_int((int)m.nnodes, 4, "last_used 0 included");
	rh_free(&m);
	/* rh-compact's purge, from now (day 22): recent is 8 days old */
	is_int(aged(AGED_SAVE, 7 * DAY, 22 * DAY, &m, &purged), 0, "from now");
	is_int((int)purged, 3, "old, recent and the one never released go");
	n = rh_node_intern(&m, "busy", 4);
	ok(m.nnodes == 1 && rh_entry_find(&m, n, 0) != NULL &&
	    rh_entry_find(&m, n, 0)->last_used == 0,
	    "the one in use stays, as it was");
	rh_free(&m);
	is_int(aged(AGED_SAVE, 0, 22 * DAY, &m, &purged), 0, "from now, 0");
	is_int((int)purged, 0, "keeps every entry");
	rh_free(&m);
}

static void
mock3(struct rh *m)
{
	static const char *const names[] = { "role0", "role1", "role2" };
	int i;

	rh_init(m);
	for (i = 0; i < 3; i++) {
		struct rh_role *r = rh_role_get(m, i);

		rh_role_set_name(m, r, names[i]);
		r->src = RH_ROLE_DEFINED;
		r->desired = 0;
	}
	m->roles_given = 1;
	m->roles_count = 3;
}

int
main(void)
{
	struct rh m, back;
	struct rh_entry *e;
	unsigned long nwarn;
	char *save;

	/* case 1: an empty MOCK3 history saved at 1000 */
	mock3(&m);
	is_str(written(&m, 0, 1000),
	    "{\"entry\":{\"" NS "RoleHistoryHeader\":{\"version\":1,\"saved\":1000,"
	    "\"savedx\":\"3e8\",\"savedate\":\"1 Jan 1970 00:00:01 GMT\",\"roles\":3}}}\n"
	    "{\"entry\":{\"" NS "RoleHistoryMapping\":{\"rolemap\":{\"role0\":0,"
	    "\"role1\":1,\"role2\":2}}}}\n"
	    "{\"entry\":{\"" NS "RoleHistoryFooter\":{\"count\":0}}}\n",
	    "an empty save: header, mapping, footer");

	/* case 3: active means live > 0, a container being released included */
	e = rh_entry_get(&m, rh_node_intern(&m, "localhost", 9), 0);
	e->last_used = 16;
	e = rh_entry_get(&m, rh_node_intern(&m, "rack1server5", 12), 1);
	e->live = 3;
	e = rh_entry_get(&m, rh_node_intern(&m, "localhost", 9), 1);
	e->last_used = 32;
	e->live = 1;
	e->releasing = 1;
	e->failed_recently = 2;
	e->untrusted = 1;
	save = written(&m, 0, 4096);
	is_str(save,
	    "{\"entry\":{\"" NS "RoleHistoryHeader\":{\"version\":1,\"saved\":4096,"
	    "\"savedx\":\"1000\",\"savedate\":\"1 Jan 1970 00:00:04 GMT\",\"roles\":3}}}\n"
	    "{\"entry\":{\"" NS "RoleHistoryMapping\":{\"rolemap\":{\"role0\":0,"
	    "\"role1\":1,\"role2\":2}}}}\n"
	    "{\"entry\":{\"" NS "NodeEntryRecord\":{\"host\":\"localhost\",\"role\":0,"
	    "\"active\":false,\"last_used\":16}}}\n"
	    "{\"entry\":{\"" NS "NodeEntryRecord\":{\"host\":\"localhost\",\"role\":1,"
	    "\"active\":true,\"last_used\":32}}}\n"
	    "{\"entry\":{\"" NS "NodeEntryRecord\":{\"host\":\"rack1server5\",\"role\":1,"
	    "\"active\":true,\"last_used\":0}}}\n"
	    "{\"entry\":{\"" NS "RoleHistoryFooter\":{\"count\":3}}}\n",
	    "a save: entries by host then role, no counters");

	/* Slider reads it: --strict accepts it without a warning */
	rh_init(&back);
	is_int(load(&back, save, 1, &nwarn), 0, "the save passes --strict");
	is_int(nwarn, 0, "without a warning");
	is_int(back.saved, 4096, "thawed time = the save time");
	is_int(rh_entry_find(&back, rh_node_find(&back, "localhost", 9), 1)->last_used,
	    4096, "an active entry was used at the save");
	is_int(rh_entry_find(&back, rh_node_find(&back, "localhost", 9), 0)->last_used,
	    16, "an idle one keeps its time");
	is_int(rh_entry_find(&back, rh_node_find(&back, "rack1server5", 12), 1)->live,
	    0, "counters restart at 0");
	rh_free(&back);

	/* the state keeps the counters, and loads back to the same state */
	save = strdup(written(&m, 1, 0));
	ok(strstr(save, "\"live\":3") != NULL, "the state has the live count");
	ok(strstr(save, "\"releasing\":1,\"failed_recently\":2,\"untrusted\":true")
	    != NULL, "and the other counters, in order");
	rh_init(&back);
	is_int(load(&back, save, 0, NULL), 0, "the state loads");
	is_str(written(&back, 1, 0), save, "and is written back the same");
	is_int(load(&back, save, 1, NULL), EXIT_DATAERR,
	    "--strict refuses a state with counters");
	rh_free(&back);
	free(save);

	/* nothing in flight: the state is the save, byte for byte */
	rh_free(&m);
	mock3(&m);
	m.roles[0].src = m.roles[1].src = m.roles[2].src = RH_ROLE_MAPPED;
	m.saved = 4096;
	rh_entry_get(&m, rh_node_intern(&m, "h", 1), 2)->last_used = 7;
	save = strdup(written(&m, 0, 4096));
	is_str(written(&m, 1, 0), save, "a quiet state is a persisted save");
	free(save);
	rh_free(&m);

	/* a load that fails leaves the model as it was */
	mock3(&m);
	is_int(load(&m, "{\"entry\":{}}", 0, NULL), EXIT_DATAERR, "a bad file");
	is_int(m.nroles, 3, "the given roles stay");
	is_int(m.nnodes, 0, "nothing else arrived");
	rh_free(&m);
	cut_records();
	age_purge();
	return tap_done();
}
