/*
 * fuzz_time - instants and durations as users type them (tm_*, opt_*).
 *
 * The input, cut at the first NUL, is parsed as an instant and as a
 * duration. A parsed instant is in the range tm_sane() takes (1970 to
 * 9999) and prints (tm_iso) as text that parses back to the same
 * instant; every instant must survive tm_gmtstring; a duration is never
 * negative; civil dates round-trip.
 */
#include <string.h>

#include "fuzz.h"
#include "timefmt.h"
#include "xalloc.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = xmemdup0(data, size), buf[32], again[32];
	int64_t ms, back, y;
	unsigned m, d;

	if (tm_parse_instant(s, &ms) == 0) {
		tm_gmtstring(ms, buf);
		FUZZ_ASSERT(strlen(buf) < sizeof buf - 1);
		tm_iso(ms, buf);
		FUZZ_ASSERT(strlen(buf) < sizeof buf - 1);
		FUZZ_ASSERT(tm_sane(ms));
		FUZZ_ASSERT(tm_parse_instant(buf, &back) == 0);
		FUZZ_ASSERT(back == ms);
		FUZZ_ASSERT(strcmp(tm_iso(back, again), buf) == 0);
		tm_civil_from_days(ms / 86400000, &y, &m, &d);
		FUZZ_ASSERT(m >= 1 && m <= 12 && d >= 1 && d <= 31);
		FUZZ_ASSERT(tm_days_from_civil(y, m, d) == ms / 86400000);
	}
	if (tm_parse_duration(s, &ms) == 0)
		FUZZ_ASSERT(ms >= 0);
	/* any 8 bytes as an instant to format */
	if (size >= 8) {
		int64_t v;

		memcpy(&v, data, sizeof v);
		tm_gmtstring(v, buf);
		FUZZ_ASSERT(strlen(buf) < sizeof buf - 1);
		tm_iso(v, buf);
		FUZZ_ASSERT(strlen(buf) < sizeof buf - 1);
	}
	free(s);
	return 0;
}
