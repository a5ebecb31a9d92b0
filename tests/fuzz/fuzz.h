/*
 * fuzz.h - what the libFuzzer targets in tests/fuzz share.
 *
 * Each target defines LLVMFuzzerTestOneInput. With --enable-fuzzing it is
 * linked with libFuzzer; otherwise with driver.c, which runs it once per
 * file named on the command line, so 'make check' replays the corpora and
 * every input that ever crashed through the same code.
 */
#ifndef PK_FUZZ_H
#define PK_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

/* A broken invariant: say which and abort, so the fuzzer keeps the input. */
#define FUZZ_ASSERT(c) do { \
	if (!(c)) { \
		fprintf(stderr, "%s:%d: invariant failed: %s\n", __FILE__, \
		    __LINE__, #c); \
		abort(); \
	} \
} while (0)

/* An fd holding data[0, n) at offset 0 (a memfd), or -1. */
int fuzz_fd(const uint8_t *data, size_t n);
/* The same, with a path that opens it ("/proc/self/fd/N") in path[64]. */
int fuzz_file(const uint8_t *data, size_t n, char *path);

/* A diag sink (sink_arg: a FILE *) that writes each message there with
 * its level and position, so that two readers' messages can be compared. */
struct diag_msg;
void fuzz_msg_to_file(void *file, const struct diag_msg *);

#endif
