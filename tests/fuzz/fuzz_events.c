/*
 * fuzz_events - replaying an events file (rh_replay_events) on a small
 * history with roles. Events before a bad line stay applied, so the
 * model must be sound either way: it must write out and load back to
 * the same state stream.
 */
#include <string.h>
#include <unistd.h>

#include "fuzz.h"
#include "fuzz_rh.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct diag d = DIAG_INIT("fuzz_events");
	struct rh_loadopt opt;
	struct rh m;
	char base[64], path[64];
	int bfd, fd, rc;

	bfd = fuzz_file((const uint8_t *)fuzz_rh_base, strlen(fuzz_rh_base), base);
	if (bfd < 0)
		return 0;
	if ((fd = fuzz_file(data, size, path)) < 0) {
		close(bfd);
		return 0;
	}
	rh_loadopt_init(&opt);
	opt.now = FUZZ_NOW;
	rh_init(&m);
	FUZZ_ASSERT(rh_load_file(&m, base, &opt, NULL, &d) == 0);
	rc = rh_replay_events(&m, path, FUZZ_NOW, &d);
	FUZZ_ASSERT(rc == 0 ? d.nerr == 0 : d.nerr > 0);
	fuzz_rh_check(&m, &opt);
	rh_free(&m);
	close(fd);
	close(bfd);
	return 0;
}
