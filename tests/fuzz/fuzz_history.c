/*
 * fuzz_history - loading a role history: a Slider save in any variant,
 * glued saves, or a placekit state stream (rh_load_file).
 *
 * The first byte picks Slider's strict acceptance rules (bit 0) and a
 * max-age of 7 days instead of none (bit 1); the rest is the file. What
 * loads must write out and load back to the same state stream. Loading it
 * again with every record through json-c (no fast path) must give the
 * same status, messages and model.
 */
#include <unistd.h>

#include "fuzz.h"
#include "fuzz_rh.h"
#include "reader.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct diag d = DIAG_INIT("fuzz_history"), dg = DIAG_INIT("fuzz_history");
	struct rh_loadopt opt;
	struct rh m, g;
	char path[64];
	int fd, rc;

	if (size < 1 || (fd = fuzz_file(data + 1, size - 1, path)) < 0)
		return 0;
	fuzz_rh_opt(&opt);
	opt.strict = data[0] & 1;
	opt.max_age = data[0] & 2 ? INT64_C(7) * 86400000 : 0;
	rh_init(&m);
	if ((rc = rh_load_file(&m, path, &opt, NULL, &d)) == 0)
		fuzz_rh_check(&m, &opt);
	else
		FUZZ_ASSERT(d.nerr > 0);
	opt.general = 1;
	rh_init(&g);
	FUZZ_ASSERT(rh_load_file(&g, path, &opt, NULL, &dg) == rc);
	FUZZ_ASSERT(dg.nerr == d.nerr && dg.nwarn == d.nwarn);
	fuzz_rh_same(&m, &g);
	rh_free(&g);
	rh_free(&m);
	close(fd);
	return 0;
}
