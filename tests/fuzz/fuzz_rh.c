/*
 * fuzz_rh.c - what the role-history targets share: the run of one input
 * on a new model, and the round trip every one ends with.
 */
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fuzz.h"
#include "fuzz_rh.h"
#include "reader.h"
#include "utf8.h"
#include "views.h"
#include "writer.h"
#include "xalloc.h"

static const char base[] =
"{\"entry\":{\"org.apache.slider.server.avro.RoleHistoryHeader\":{\"version\":1,\"saved\":1795320000000,\"savedx\":\"1a201692e00\",\"savedate\":\"22 Nov 2026 04:00:00 GMT\",\"roles\":4}}}\n"
"{\"entry\":{\"org.apache.slider.server.avro.RoleHistoryMapping\":{\"rolemap\":{\"slider-appmaster\":0,\"regionserver\":1,\"master\":2,\"worker\":3}}}}\n"
"{\"entry\":{\"placekit.Role\":{\"name\":\"slider-appmaster\",\"id\":0,\"desired\":1,\"policy\":0,\"failure_threshold\":3,\"escalate_ms\":30000}}}\n"
"{\"entry\":{\"placekit.Role\":{\"name\":\"regionserver\",\"id\":1,\"desired\":4,\"policy\":0,\"failure_threshold\":3,\"escalate_ms\":30000}}}\n"
"{\"entry\":{\"placekit.Role\":{\"name\":\"master\",\"id\":2,\"desired\":1,\"policy\":1,\"failure_threshold\":3,\"escalate_ms\":30000}}}\n"
"{\"entry\":{\"placekit.Role\":{\"name\":\"worker\",\"id\":3,\"desired\":3,\"policy\":4,\"failure_threshold\":3,\"escalate_ms\":60000,\"label\":\"gpu\"}}}\n"
"{\"entry\":{\"org.apache.slider.server.avro.NodeEntryRecord\":{\"host\":\"host01.example.com\",\"role\":0,\"active\":false,\"last_used\":1795320000000}}}\n"
"{\"entry\":{\"org.apache.slider.server.avro.NodeEntryRecord\":{\"host\":\"host01.example.com\",\"role\":1,\"active\":false,\"last_used\":1795316400000}}}\n"
"{\"entry\":{\"org.apache.slider.server.avro.NodeEntryRecord\":{\"host\":\"host02.example.com\",\"role\":1,\"active\":false,\"last_used\":1795320000000}}}\n"
"{\"entry\":{\"org.apache.slider.server.avro.NodeEntryRecord\":{\"host\":\"host03.example.com\",\"role\":1,\"active\":false,\"last_used\":1795320000000}}}\n"
"{\"entry\":{\"org.apache.slider.server.avro.NodeEntryRecord\":{\"host\":\"host04.example.com\",\"role\":2,\"active\":false,\"last_used\":1795320000000}}}\n"
"{\"entry\":{\"org.apache.slider.server.avro.NodeEntryRecord\":{\"host\":\"host05.example.com\",\"role\":3,\"active\":false,\"last_used\":1795320000000}}}\n"
"{\"entry\":{\"org.apache.slider.server.avro.NodeEntryRecord\":{\"host\":\"host06.example.com\",\"role\":3,\"active\":false,\"last_used\":1795147200000}}}\n"
"{\"entry\":{\"org.apache.slider.server.avro.NodeEntryRecord\":{\"host\":\"host07.example.com\",\"role\":3,\"active\":false,\"last_used\":1795302000000}}}\n"
"{\"entry\":{\"org.apache.slider.server.avro.RoleHistoryFooter\":{\"count\":8}}}\n";

/* Everything written to fd, from the start; free it. */
static char *
slurp(int fd, size_t *len)
{
	struct stat st;
	char *s;

	FUZZ_ASSERT(fstat(fd, &st) == 0);
	s = xmalloc((size_t)st.st_size + 1);
	FUZZ_ASSERT(pread(fd, s, (size_t)st.st_size, 0) == st.st_size);
	s[st.st_size] = '\0';
	*len = (size_t)st.st_size;
	return s;
}

/* A memfd holding what writer wrote of m. */
static int
written(struct rh *m, void (*writer)(struct rh *, struct ob *))
{
	struct ob *ob = xmalloc(sizeof *ob);
	int fd = fuzz_fd(NULL, 0);

	FUZZ_ASSERT(fd >= 0);
	ob_init(ob, fd);
	writer(m, ob);
	FUZZ_ASSERT(ob_finish(ob) == 0);
	free(ob);
	return fd;
}

static void
write_save(struct rh *m, struct ob *ob)
{
	rh_write_save(m, ob, FUZZ_NOW);
}

void
fuzz_rh_opt(struct rh_loadopt *opt)
{
	rh_loadopt_init(opt);
	opt->now = FUZZ_NOW;
}

int
fuzz_rh_load_base(struct rh *m, const struct rh_loadopt *opt)
{
	struct diag d = DIAG_INIT("fuzz_rh");
	char path[64];
	int fd, rc;

	fd = fuzz_file((const uint8_t *)base, sizeof base - 1, path);
	FUZZ_ASSERT(fd >= 0);
	rc = rh_load_file(m, path, opt, NULL, &d);
	close(fd);
	return rc;
}

void
fuzz_rh_same(struct rh *a, struct rh *b)
{
	int fa = written(a, rh_write_state), fb = written(b, rh_write_state);
	char *sa, *sb;
	size_t na, nb;

	sa = slurp(fa, &na);
	sb = slurp(fb, &nb);
	if (na != nb || memcmp(sa, sb, na) != 0) {
		fprintf(stderr, "one:\n%s\nthe other:\n%s\n", sa, sb);
		FUZZ_ASSERT(!"the two models are the same");
	}
	free(sa);
	free(sb);
	close(fa);
	close(fb);
}

void
fuzz_rh_check(struct rh *m, const struct rh_loadopt *opt)
{
	struct diag d = DIAG_INIT("fuzz_rh");
	struct rh again;
	char path[64], *s1, *s2;
	size_t n1, n2;
	int fd1, fd2;

	close(written(m, write_save));
	close(written(m, rh_write_table));
	close(written(m, rh_write_lists));

	fd1 = written(m, rh_write_state);
	s1 = slurp(fd1, &n1);
	FUZZ_ASSERT(u8_check(s1, n1) == n1);	/* what was read was UTF-8 */
	snprintf(path, sizeof path, "/proc/self/fd/%d", fd1);
	rh_init(&again);
	FUZZ_ASSERT(rh_load_file(&again, path, opt, NULL, &d) == 0);
	FUZZ_ASSERT(d.nerr == 0);
	fd2 = written(&again, rh_write_state);
	s2 = slurp(fd2, &n2);
	if (n1 != n2 || memcmp(s1, s2, n1) != 0) {
		fprintf(stderr, "state written:\n%s\nloaded and written again:\n%s\n",
		    s1, s2);
		FUZZ_ASSERT(!"the state stream survives a round trip");
	}
	free(s1);
	free(s2);
	rh_free(&again);
	close(fd1);
	close(fd2);
}

void
fuzz_rh_run(const uint8_t *data, size_t size, const char *prog,
    fuzz_rh_step *step)
{
	struct diag d = DIAG_INIT(prog);
	struct rh_loadopt opt;
	struct rh m;
	char path[64];
	int fd;

	if ((fd = fuzz_file(data, size, path)) < 0)
		return;
	fuzz_rh_opt(&opt);
	rh_init(&m);
	if (step(&m, path, &opt, &d))
		fuzz_rh_check(&m, &opt);
	rh_free(&m);
	close(fd);
}
