/*
 * fuzz_kpod - pods to applications (kp_run) for a release of each kind:
 * it succeeds or fails with a message and writes nothing; every line it
 * writes is an application with its members in order, and no
 * application comes twice.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <json-c/json.h>

#include "exitcode.h"
#include "fuzz.h"
#include "pods.h"

static void
check_output(int fd)
{
	static const char *const keys[] = { "app", "user", "groups", "queue",
	    "tags" };
	struct json_object *seen = json_object_new_object();
	off_t end = lseek(fd, 0, SEEK_END);
	char *text, *line, *nl;
	size_t i;

	FUZZ_ASSERT(end >= 0);
	text = malloc((size_t)end + 1);
	FUZZ_ASSERT(text != NULL);
	FUZZ_ASSERT(pread(fd, text, (size_t)end, 0) == end);
	text[end] = '\0';
	for (line = text; *line != '\0'; line = nl + 1) {
		struct json_object *o, *app;

		FUZZ_ASSERT((nl = strchr(line, '\n')) != NULL);
		*nl = '\0';
		FUZZ_ASSERT((o = json_tokener_parse(line)) != NULL);
		i = 0;
		json_object_object_foreach(o, k, v) {
			(void)v;
			FUZZ_ASSERT(i < 5 && strcmp(k, keys[i]) == 0);
			i++;
		}
		FUZZ_ASSERT(i == 5);
		app = json_object_object_get(o, "app");
		FUZZ_ASSERT(!json_object_object_get_ex(seen,
		    json_object_get_string(app), NULL));
		json_object_object_add(seen, json_object_get_string(app), NULL);
		json_object_put(o);
	}
	json_object_put(seen);
	free(text);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t n)
{
	static const enum pl_compat rels[] = { PL_010, PL_10, PL_13, PL_14,
	    PL_150, PL_18 };
	struct diag d = DIAG_INIT("fuzz_kpod");
	char path[64];
	size_t i;
	int fd;

	if ((fd = fuzz_file(data, n, path)) < 0)
		return 0;
	d.sink = diag_drop;
	for (i = 0; i < sizeof rels / sizeof rels[0]; i++) {
		struct kp_opts o = { rels[i], i == 3 ? path : NULL, "fuzz",
		    PL_010 };
		unsigned long before = d.nerr;
		struct ob out;
		int ofd = fuzz_fd((const uint8_t *)"", 0), rc;

		FUZZ_ASSERT(ofd >= 0);
		ob_init(&out, ofd);
		rc = kp_run(path, &o, &out, &d, NULL);
		FUZZ_ASSERT(ob_finish(&out) == 0);
		FUZZ_ASSERT(rc == 0 || rc == EXIT_DATAERR);
		FUZZ_ASSERT((rc == 0) == (d.nerr == before));
		if (rc != 0)
			FUZZ_ASSERT(lseek(ofd, 0, SEEK_END) == 0);
		else
			check_output(ofd);
		close(ofd);
	}
	{			/* every release from 0.10 to 1.8 at once */
		struct kp_opts o = { PL_18, NULL, "fuzz", PL_010 };
		unsigned long before = d.nerr, nd, na;
		struct ob out;
		int ofd = fuzz_fd((const uint8_t *)"", 0), rc;

		FUZZ_ASSERT(ofd >= 0);
		ob_init(&out, ofd);
		rc = kp_diff(path, &o, &out, &d, &nd, &na, NULL);
		FUZZ_ASSERT(ob_finish(&out) == 0);
		FUZZ_ASSERT(rc == 0 || rc == EXIT_DATAERR);
		FUZZ_ASSERT((rc == 0) == (d.nerr == before));
		FUZZ_ASSERT(nd <= na);
		close(ofd);
	}
	close(fd);
	return 0;
}
