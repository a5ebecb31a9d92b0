/*
 * timefmt.h - instants and durations in milliseconds: parsing what users
 * type (--now, --max-age) and formatting what Slider writes.
 */
#ifndef PK_TIMEFMT_H
#define PK_TIMEFMT_H

#include <stdint.h>

/*
 * The times placekit takes: 1970-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z
 * in milliseconds. Within it, the difference of two times cannot
 * overflow; any other is bad input.
 */
#define TM_MAX_MS INT64_C(253402300799999)

static inline int
tm_sane(int64_t ms)
{
	return ms >= 0 && ms <= TM_MAX_MS;
}

/* "1415296260647" (ms since the epoch) or ISO-8601 "2026-11-22",
 * "2026-11-22T10:00:00Z", "2026-11-22T10:00:00.250+01:00". 0 or -1 (-1
 * also for a time that is not tm_sane()). */
int tm_parse_instant(const char *, int64_t *ms);
/* "500ms" "30s" "15m" "6h" "7d" "2w", sums like "1h30m", or a bare
 * number of seconds. Not negative. 0 or -1. */
int tm_parse_duration(const char *, int64_t *ms);
int64_t tm_now_ms(void);

/* Java Date.toGMTString: "6 Nov 2014 17:51:00 GMT". buf >= 32 bytes. */
char *tm_gmtstring(int64_t ms, char *buf);
/* "2014-11-06T17:51:00.647Z" (milliseconds only when not zero). */
char *tm_iso(int64_t ms, char *buf);

/* Days since 1970-01-01 of a proleptic Gregorian date, and back. */
int64_t tm_days_from_civil(int64_t y, unsigned m, unsigned d);
void tm_civil_from_days(int64_t z, int64_t *y, unsigned *m, unsigned *d);

#endif
