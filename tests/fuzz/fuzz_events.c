/*
 * fuzz_events - replaying an events file (rh_replay_events) on a small
 * history with roles. Events before a bad line stay applied, so the
 * model must be sound either way: it must write out and load back to
 * the same state stream.
 */
#include <unistd.h>

#include "fuzz.h"
#include "fuzz_rh.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct diag d = DIAG_INIT("fuzz_events");
	struct rh_loadopt opt;
	struct rh m;
	char path[64];
	int fd, rc;

	if ((fd = fuzz_file(data, size, path)) < 0)
		return 0;
	fuzz_rh_opt(&opt);
	rh_init(&m);
	FUZZ_ASSERT(fuzz_rh_load_base(&m, &opt) == 0);
	rc = rh_replay_events(&m, path, FUZZ_NOW, &d);
	FUZZ_ASSERT(rc == 0 ? d.nerr == 0 : d.nerr > 0);
	fuzz_rh_check(&m, &opt);
	rh_free(&m);
	close(fd);
	return 0;
}
