/*
 * fuzz_events - replaying an events file (rh_replay_events) on a small
 * history with roles. Events before a bad line stay applied, so the
 * model must be sound either way: it must write out and load back to
 * the same state stream.
 */
#include "events.h"
#include "fuzz.h"
#include "fuzz_rh.h"
#include "reader.h"

static int
step(struct rh *m, const char *path, const struct rh_loadopt *opt,
    struct diag *d)
{
	int rc;

	FUZZ_ASSERT(fuzz_rh_load_base(m, opt) == 0);
	rc = rh_replay_events(m, path, FUZZ_NOW, d);
	FUZZ_ASSERT(rc == 0 ? d->nerr == 0 : d->nerr > 0);
	return 1;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_rh_run(data, size, "fuzz_events", step);
	return 0;
}
