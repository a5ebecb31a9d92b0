/* t_rhio - the history writers byte for byte, and reading back what they write */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "exitcode.h"
#include "rhio.h"
#include "rhtest.h"
#include "tap.h"

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
	return tap_done();
}
