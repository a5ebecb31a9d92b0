/* t_timefmt - instants, durations, Slider's date formats */
#include "tap.h"
#include "timefmt.h"

static int64_t
inst(const char *s)
{
	int64_t ms = -42;

	return tm_parse_instant(s, &ms) == 0 ? ms : -1;
}

static int64_t
dur(const char *s)
{
	int64_t ms = -42;

	return tm_parse_duration(s, &ms) == 0 ? ms : -1;
}

int
main(void)
{
	char buf[32];

	is_int(inst("1415296260647"), 1415296260647LL, "milliseconds");
	is_int(inst("0"), 0, "the epoch");
	is_int(inst("2014-11-06T17:51:00.647Z"), 1415296260647LL, "ISO with fraction");
	is_int(inst("2026-11-22T10:00:00Z"), 1795341600000LL, "ISO, Z");
	is_int(inst("2026-11-22"), 1795305600000LL, "a date is midnight UTC");
	is_int(inst("2026-11-22T11:00:00+01:00"), 1795341600000LL, "offset");
	is_int(inst("2026-11-22 10:00"), 1795341600000LL, "space, no seconds");
	is_int(inst("2024-02-29T00:00:00Z"), 1709164800000LL, "leap day");
	is_int(inst("2023-02-29"), -1, "not a leap year");
	is_int(inst("2026-13-01"), -1, "month 13");
	is_int(inst("2026-11-22T24:00:00Z"), -1, "hour 24");
	is_int(inst("2026-11-22T10:00:00Zjunk"), -1, "trailing junk");
	is_int(inst(""), -1, "empty");
	is_int(inst("12a"), -1, "not a number");
	is_int(inst("99999999999999999999"), -1, "too large");
	is_int(inst("-5"), -1, "negative");
	is_int(inst("253402300799999"), TM_MAX_MS, "the last time there is");
	is_int(inst("9999-12-31T23:59:59.999Z"), TM_MAX_MS, "... in ISO");
	is_int(inst("253402300800000"), -1, "past 9999");
	is_int(inst("9223372036854775807"), -1, "INT64_MAX");
	is_int(inst("1969-12-31T23:59:59Z"), -1, "before 1970");
	is_int(inst("1970-01-01T00:30:00+01:00"), -1, "before 1970 by its offset");
	ok(tm_sane(0) && tm_sane(TM_MAX_MS) && !tm_sane(-1) &&
	    !tm_sane(TM_MAX_MS + 1) && !tm_sane(INT64_MIN), "tm_sane's bounds");

	is_int(dur("500ms"), 500, "ms");
	is_int(dur("30s"), 30000, "s");
	is_int(dur("15m"), 900000, "m");
	is_int(dur("6h"), 21600000, "h");
	is_int(dur("7d"), 604800000, "d");
	is_int(dur("2w"), 1209600000, "w");
	is_int(dur("90"), 90000, "bare number is seconds");
	is_int(dur("0"), 0, "zero");
	is_int(dur("1h30m"), 5400000, "sums");
	is_int(dur("1h30"), -1, "a bare number only alone");
	is_int(dur("7x"), -1, "unknown unit");
	is_int(dur("-1d"), -1, "negative");
	is_int(dur(""), -1, "empty");
	is_int(dur("99999999999999999w"), -1, "overflow");

	is_str(tm_gmtstring(1415296260647LL, buf), "6 Nov 2014 17:51:00 GMT",
	    "toGMTString, the sample header");
	is_str(tm_gmtstring(1450435691617LL, buf), "18 Dec 2015 10:48:11 GMT",
	    "toGMTString, the v01b sample");
	is_str(tm_gmtstring(1000, buf), "1 Jan 1970 00:00:01 GMT", "near the epoch");
	is_str(tm_gmtstring(-1, buf), "31 Dec 1969 23:59:59 GMT", "before the epoch");
	is_str(tm_iso(1415296260647LL, buf), "2014-11-06T17:51:00.647Z", "ISO out");
	is_str(tm_iso(1795341600000LL, buf), "2026-11-22T10:00:00Z", "ISO out, whole second");
	ok(tm_now_ms() > 1700000000000LL, "the clock reads a recent time");
	{
		int64_t y, z;
		unsigned m, d;
		int bad = 0;

		for (z = -800000; z < 800000; z += 7) {
			tm_civil_from_days(z, &y, &m, &d);
			if (tm_days_from_civil(y, m, d) != z)
				bad++;
		}
		is_int(bad, 0, "civil date round trip over 4000 years");
	}
	return tap_done();
}
