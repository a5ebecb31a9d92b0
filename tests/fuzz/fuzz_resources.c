/*
 * fuzz_resources - roles from a Slider resources.json
 * (rh_read_resources), then a history loaded with them as the given
 * roles: it must write out and load back to the same state stream.
 */
#include <unistd.h>

#include "exitcode.h"
#include "fuzz.h"
#include "fuzz_rh.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct diag d = DIAG_INIT("fuzz_resources");
	struct rh_loadopt opt;
	struct rh m;
	char path[64];
	int fd, rc;

	if ((fd = fuzz_file(data, size, path)) < 0)
		return 0;
	fuzz_rh_opt(&opt);
	rh_init(&m);
	rc = rh_read_resources(&m, path, &d);
	FUZZ_ASSERT(rc == 0 || rc == EXIT_CONFIG);
	if (rc == 0 && fuzz_rh_load_base(&m, &opt) == 0)
		fuzz_rh_check(&m, &opt);
	rh_free(&m);
	close(fd);
	return 0;
}
