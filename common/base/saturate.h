/*
 * saturate.h - 64-bit integer arithmetic that saturates instead of
 * overflowing: deadlines in milliseconds (request.c), sums of resource
 * quantities (resources.c).
 */
#ifndef PK_SATURATE_H
#define PK_SATURATE_H

#include <stdint.h>

/* a + b, held at INT64_MAX or INT64_MIN. */
static inline int64_t
i64_add_sat(int64_t a, int64_t b)
{
	if (b > 0 && a > INT64_MAX - b)
		return INT64_MAX;
	if (b < 0 && a < INT64_MIN - b)
		return INT64_MIN;
	return a + b;
}

#endif
