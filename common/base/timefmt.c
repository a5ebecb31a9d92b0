/*
 * timefmt.c - time parsing and formatting without the C library's
 * time-zone state: all arithmetic is UTC and exact in milliseconds.
 */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "timefmt.h"

#define MS_DAY INT64_C(86400000)

int64_t
tm_days_from_civil(int64_t y, unsigned m, unsigned d)
{
	int64_t era, yoe, doy, doe;

	y -= m <= 2;
	era = (y >= 0 ? y : y - 399) / 400;
	yoe = y - era * 400;
	doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
	doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
	return era * 146097 + doe - 719468;
}

void
tm_civil_from_days(int64_t z, int64_t *y, unsigned *m, unsigned *d)
{
	int64_t era, doe, yoe, doy, mp;

	z += 719468;
	era = (z >= 0 ? z : z - 146096) / 146097;
	doe = z - era * 146097;
	yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
	doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
	mp = (5 * doy + 2) / 153;
	*d = (unsigned)(doy - (153 * mp + 2) / 5 + 1);
	*m = (unsigned)(mp < 10 ? mp + 3 : mp - 9);
	*y = yoe + era * 400 + (*m <= 2);
}

/* Read exactly n digits. */
static int
digits(const char **s, int n, int *out)
{
	int v = 0;

	while (n-- > 0) {
		if (**s < '0' || **s > '9')
			return -1;
		v = v * 10 + (*(*s)++ - '0');
	}
	*out = v;
	return 0;
}

static int
parse_ms(const char *s, int64_t *ms)
{
	int64_t v = 0;

	if (*s == '\0')
		return -1;
	for (; *s; s++) {
		if (*s < '0' || *s > '9' || v > (INT64_MAX - 9) / 10)
			return -1;
		v = v * 10 + (*s - '0');
	}
	*ms = v;
	return 0;
}

int
tm_parse_instant(const char *s, int64_t *ms)
{
	int y, mo, d, h = 0, mi = 0, sec = 0, frac = 0, oh = 0, om = 0, sign = 0;
	static const unsigned char mdays[] = {31,29,31,30,31,30,31,31,30,31,30,31};

	if (strchr(s, '-') == NULL)
		return parse_ms(s, ms) == 0 && tm_sane(*ms) ? 0 : -1;
	if (digits(&s, 4, &y) || *s++ != '-' || digits(&s, 2, &mo) ||
	    *s++ != '-' || digits(&s, 2, &d))
		return -1;
	if (mo < 1 || mo > 12 || d < 1 || d > mdays[mo - 1] ||
	    (mo == 2 && d == 29 && !(y % 4 == 0 && (y % 100 != 0 || y % 400 == 0))))
		return -1;
	if (*s == 'T' || *s == 't' || *s == ' ') {
		s++;
		if (digits(&s, 2, &h) || *s++ != ':' || digits(&s, 2, &mi))
			return -1;
		if (*s == ':') {
			s++;
			if (digits(&s, 2, &sec))
				return -1;
			if (*s == '.' || *s == ',') {
				int scale = 100;

				s++;
				if (*s < '0' || *s > '9')
					return -1;
				for (; *s >= '0' && *s <= '9'; s++, scale /= 10)
					frac += (*s - '0') * scale;
			}
		}
		if (*s == 'Z' || *s == 'z')
			s++;
		else if (*s == '+' || *s == '-') {
			sign = *s++ == '-' ? -1 : 1;
			if (digits(&s, 2, &oh))
				return -1;
			if (*s == ':')
				s++;
			if (digits(&s, 2, &om))
				return -1;
		}
	}
	if (*s != '\0' || h > 23 || mi > 59 || sec > 60 || oh > 23 || om > 59)
		return -1;
	*ms = tm_days_from_civil(y, (unsigned)mo, (unsigned)d) * MS_DAY +
	    ((int64_t)h * 3600 + mi * 60 + sec) * 1000 + frac -
	    sign * ((int64_t)oh * 3600 + om * 60) * 1000;
	return tm_sane(*ms) ? 0 : -1;
}

int
tm_parse_duration(const char *s, int64_t *ms)
{
	int64_t total = 0;

	if (*s == '\0')
		return -1;
	while (*s) {
		int64_t v = 0, unit;

		if (*s < '0' || *s > '9')
			return -1;
		for (; *s >= '0' && *s <= '9'; s++) {
			if (v > (INT64_MAX - 9) / 10)
				return -1;
			v = v * 10 + (*s - '0');
		}
		if (strncmp(s, "ms", 2) == 0)
			unit = 1, s += 2;
		else if (*s == 's')
			unit = 1000, s++;
		else if (*s == 'm')
			unit = 60000, s++;
		else if (*s == 'h')
			unit = 3600000, s++;
		else if (*s == 'd')
			unit = MS_DAY, s++;
		else if (*s == 'w')
			unit = 7 * MS_DAY, s++;
		else if (*s == '\0' && total == 0)
			unit = 1000;		/* a bare number: seconds */
		else
			return -1;
		if (v > (INT64_MAX - total) / unit)
			return -1;
		total += v * unit;
	}
	*ms = total;
	return 0;
}

int64_t
tm_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void
split(int64_t ms, int64_t *y, unsigned *mo, unsigned *d, int *h, int *mi,
    int *s, int *frac)
{
	int64_t days = ms / MS_DAY, rem = ms % MS_DAY;

	if (rem < 0) {
		rem += MS_DAY;
		days--;
	}
	tm_civil_from_days(days, y, mo, d);
	*h = (int)(rem / 3600000);
	*mi = (int)(rem / 60000 % 60);
	*s = (int)(rem / 1000 % 60);
	*frac = (int)(rem % 1000);
}

char *
tm_gmtstring(int64_t ms, char *buf)
{
	static const char mon[12][4] = { "Jan", "Feb", "Mar", "Apr", "May",
	    "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec" };
	int64_t y;
	unsigned mo, d;
	int h, mi, s, frac;

	split(ms, &y, &mo, &d, &h, &mi, &s, &frac);
	snprintf(buf, 32, "%u %s %lld %02d:%02d:%02d GMT", d, mon[mo - 1],
	    (long long)y, h, mi, s);
	return buf;
}

char *
tm_iso(int64_t ms, char *buf)
{
	int64_t y;
	unsigned mo, d;
	int h, mi, s, frac;

	split(ms, &y, &mo, &d, &h, &mi, &s, &frac);
	if (frac)
		snprintf(buf, 32, "%04lld-%02u-%02uT%02d:%02d:%02d.%03dZ",
		    (long long)y, mo, d, h, mi, s, frac);
	else
		snprintf(buf, 32, "%04lld-%02u-%02uT%02d:%02d:%02dZ",
		    (long long)y, mo, d, h, mi, s);
	return buf;
}
