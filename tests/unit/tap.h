/*
 * tap.h - a minimal TAP producer for the C unit tests.
 * Each test binary includes it once and ends with "return tap_done();".
 */
#ifndef PK_TAP_H
#define PK_TAP_H

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static int tap_n, tap_failed;

static void __attribute__((format(printf, 4, 5)))
tap_ok(int cond, const char *file, int line, const char *fmt, ...)
{
	va_list ap;

	printf("%sok %d - ", cond ? "" : "not ", ++tap_n);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	if (!cond) {
		tap_failed++;
		printf("#   failed at %s:%d\n", file, line);
	}
}

#define ok(cond, ...) tap_ok((cond) != 0, __FILE__, __LINE__, __VA_ARGS__)

#define is_str(got, want, ...) do { \
	const char *g_ = (got), *w_ = (want); \
	int c_ = (g_ == NULL && w_ == NULL) || \
	    (g_ != NULL && w_ != NULL && strcmp(g_, w_) == 0); \
	tap_ok(c_, __FILE__, __LINE__, __VA_ARGS__); \
	if (!c_) printf("#   got:  '%s'\n#   want: '%s'\n", g_ ? g_ : "(null)", \
	    w_ ? w_ : "(null)"); \
} while (0)

#define is_int(got, want, ...) do { \
	long long g_ = (long long)(got), w_ = (long long)(want); \
	tap_ok(g_ == w_, __FILE__, __LINE__, __VA_ARGS__); \
	if (g_ != w_) printf("#   got:  %lld\n#   want: %lld\n", g_, w_); \
} while (0)

static int
tap_done(void)
{
	printf("1..%d\n", tap_n);
	return tap_failed != 0;
}

#endif
