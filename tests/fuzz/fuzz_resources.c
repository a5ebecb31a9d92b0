/*
 * fuzz_resources - roles from a Slider resources.json
 * (rh_read_resources), then a history loaded with them as the given
 * roles: it must write out and load back to the same state stream.
 */
#include <string.h>
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
	char base[64], path[64];
	int bfd, fd, rc;

	if ((fd = fuzz_file(data, size, path)) < 0)
		return 0;
	rh_loadopt_init(&opt);
	opt.now = FUZZ_NOW;
	rh_init(&m);
	rc = rh_read_resources(&m, path, &d);
	FUZZ_ASSERT(rc == 0 || rc == EXIT_CONFIG);
	bfd = fuzz_file((const uint8_t *)fuzz_rh_base, strlen(fuzz_rh_base), base);
	if (rc == 0 && bfd >= 0 && rh_load_file(&m, base, &opt, NULL, &d) == 0)
		fuzz_rh_check(&m, &opt);
	rh_free(&m);
	if (bfd >= 0)
		close(bfd);
	close(fd);
	return 0;
}
