/*
 * driver.c - main() for a fuzz target built without libFuzzer: run the
 * target once on each file named, as libFuzzer does when given files.
 * Exit 0 when every input ran; a crash or a failed invariant aborts.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

int
main(int argc, char **argv)
{
	int i;

	for (i = 1; i < argc; i++) {
		FILE *f = fopen(argv[i], "rb");
		uint8_t *buf = NULL;
		size_t len = 0, cap = 0, n;

		if (f == NULL) {
			fprintf(stderr, "%s: %s: %s\n", argv[0], argv[i],
			    strerror(errno));
			return 2;
		}
		do {
			if (cap - len < 65536) {
				cap = cap ? cap * 2 : 65536;
				if ((buf = realloc(buf, cap)) == NULL) {
					fprintf(stderr, "%s: out of memory\n", argv[0]);
					return 2;
				}
			}
			n = fread(buf + len, 1, cap - len, f);
			len += n;
		} while (n > 0);
		if (ferror(f)) {
			fprintf(stderr, "%s: %s: read error\n", argv[0], argv[i]);
			return 2;
		}
		fclose(f);
		fprintf(stderr, "%s: running %s (%zu bytes)\n", argv[0], argv[i], len);
		LLVMFuzzerTestOneInput(buf, len);
		free(buf);
	}
	return 0;
}
