/*
 * fuzz_resources - roles from a Slider resources.json
 * (rh_read_resources), then a history loaded with them as the given
 * roles: it must write out and load back to the same state stream.
 */
#include "exitcode.h"
#include "fuzz.h"
#include "fuzz_rh.h"
#include "reader.h"
#include "roledefs.h"

static int
step(struct rh *m, const char *path, const struct rh_loadopt *opt,
    struct diag *d)
{
	int rc = rh_read_resources(m, path, d);

	FUZZ_ASSERT(rc == 0 || rc == EXIT_CONFIG);
	return rc == 0 && fuzz_rh_load_base(m, opt) == 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_rh_run(data, size, "fuzz_resources", step);
	return 0;
}
