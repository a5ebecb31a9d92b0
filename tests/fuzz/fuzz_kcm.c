/*
 * fuzz_kcm - the queues document from ConfigMaps, Lists and Helm values
 * (kcm_load), for a release of each configuration kind: it loads (with
 * a name the document carries) exactly when no error was reported, and
 * a plain queue configuration keeps the file's name.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "configmap.h"
#include "exitcode.h"
#include "fuzz.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t n)
{
	static const enum pl_compat rels[] = { PL_010, PL_13, PL_14, PL_18 };
	struct diag d = DIAG_INIT("fuzz_kcm");
	char path[64];
	size_t i;
	int fd;

	if ((fd = fuzz_file(data, n, path)) < 0)
		return 0;
	d.sink = diag_drop;
	for (i = 0; i < sizeof rels / sizeof rels[0]; i++) {
		struct kcm_opts o = { NULL, NULL };
		unsigned long before = d.nerr;
		struct yl_doc doc;
		char *name;
		int rc;

		if (i == 2)
			o.defaults = path;	/* the same file as the defaults */
		if (i == 3)
			o.policy_group = "queues";
		rc = kcm_load(&doc, &name, path, rels[i], &o, &d);
		FUZZ_ASSERT(rc == 0 || rc == EXIT_CONFIG);
		FUZZ_ASSERT((rc == 0) == (d.nerr == before));
		FUZZ_ASSERT((rc == 0) == (name != NULL));
		if (rc == 0) {
			FUZZ_ASSERT(doc.file == name);
			FUZZ_ASSERT(strncmp(name, path, strlen(path)) == 0);
			yl_free(&doc);
		}
		free(name);
	}
	close(fd);
	diag_free(&d);
	return 0;
}
