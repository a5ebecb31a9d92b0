/*
 * gotext.c - Go's text forms of values, and its white space (gotext.h).
 */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gotext.h"
#include "utf8.h"

size_t
pl_go_space_len(const char *s, size_t n)
{
	const unsigned char *u = (const unsigned char *)s;
	unsigned cp;

	if (n == 0)
		return 0;
	if (u[0] < 0x80)
		return (u[0] == ' ' || (u[0] >= '\t' && u[0] <= '\r')) ? 1 : 0;
	if (n >= 2 && u[0] == 0xC2 && (u[1] == 0x85 || u[1] == 0xA0))
		return 2;
	if (n < 3 || (u[0] & 0xF0) != 0xE0 || (u[1] & 0xC0) != 0x80 ||
	    (u[2] & 0xC0) != 0x80)
		return 0;
	cp = ((unsigned)(u[0] & 0x0F) << 12) | ((unsigned)(u[1] & 0x3F) << 6) |
	    (u[2] & 0x3F);
	if (cp == 0x1680 || (cp >= 0x2000 && cp <= 0x200A) || cp == 0x2028 ||
	    cp == 0x2029 || cp == 0x202F || cp == 0x205F || cp == 0x3000)
		return 3;
	return 0;
}

void
pl_go_trim(const char **s, size_t *n)
{
	size_t i = 0, end = 0, k;

	while (*n > 0 && (k = pl_go_space_len(*s, *n)) > 0)
		*s += k, *n -= k;
	while (i < *n) {
		k = pl_go_space_len(*s + i, *n - i);
		if (k == 0)
			end = ++i;
		else
			i += k;
	}
	*n = end;
}

/* The code point of the valid UTF-8 sequence at s and its length, or 0. */
static size_t
utf8(const unsigned char *s, size_t n, uint32_t *cp)
{
	size_t len = u8_seq((const char *)s, n), i;

	if (len < 2)
		return 0;
	*cp = s[0] & (0xFF >> (len + 1));
	for (i = 1; i < len; i++)
		*cp = *cp << 6 | (s[i] & 0x3F);
	return len;
}

static int
printable(uint32_t c)
{
	return !(c < 0xA0 || c == 0xAD || c == 0x2028 || c == 0x2029 ||
	    c == 0xFEFF || (c & 0xFFFE) == 0xFFFE);
}

void
pl_go_quote(struct buf *b, const char *s, size_t n)
{
	static const char esc[] = "\a\b\f\n\r\t\v", letter[] = "abfnrtv";
	const unsigned char *u = (const unsigned char *)s;
	const char *e;
	size_t i = 0, k;
	uint32_t cp;

	buf_add(b, "\"", 1);
	while (i < n) {
		if (u[i] >= 0x80) {
			if ((k = utf8(u + i, n - i, &cp)) == 0)
				buf_printf(b, "\\x%02x", u[i++]);
			else {
				if (printable(cp))
					buf_add(b, s + i, k);
				else if (cp < 0x10000)
					buf_printf(b, "\\u%04x", (unsigned)cp);
				else
					buf_printf(b, "\\U%08x", (unsigned)cp);
				i += k;
			}
			continue;
		}
		if (u[i] == '"' || u[i] == '\\') {
			buf_add(b, "\\", 1);
			buf_add(b, s + i, 1);
		} else if (u[i] >= 0x20 && u[i] < 0x7F)
			buf_add(b, s + i, 1);
		else if (u[i] != 0 && (e = strchr(esc, u[i])) != NULL)
			buf_printf(b, "\\%c", letter[e - esc]);
		else
			buf_printf(b, "\\x%02x", u[i]);
		i++;
	}
	buf_add(b, "\"", 1);
}

void
pl_go_strs(struct buf *b, const struct pl_gostr *v, size_t n)
{
	size_t i;

	buf_add(b, "[", 1);
	for (i = 0; i < n; i++) {
		if (i > 0)
			buf_add(b, " ", 1);
		buf_add(b, v[i].s, v[i].n);
	}
	buf_add(b, "]", 1);
}

/* ---- what Go's yaml makes of a plain scalar (resolve.go) ---- */

static int
hexval(int c, int base)
{
	int v = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'z' ?
	    c - 'a' + 10 : c >= 'A' && c <= 'Z' ? c - 'A' + 10 : 99;

	return v < base ? v : -1;
}

/* strconv.ParseUint(s, 0, 64) on s without a sign: 0 or -1. */
static int
parse_uint0(const char *s, size_t n, uint64_t *out)
{
	int base = 10, d;
	uint64_t v = 0;
	size_t i = 0;

	if (n == 0)
		return -1;
	if (s[0] == '0') {
		if (n >= 3 && (s[1] == 'b' || s[1] == 'B'))
			base = 2, i = 2;
		else if (n >= 3 && (s[1] == 'o' || s[1] == 'O'))
			base = 8, i = 2;
		else if (n >= 3 && (s[1] == 'x' || s[1] == 'X'))
			base = 16, i = 2;
		else
			base = 8, i = 1;
	}
	for (; i < n; i++) {
		if ((d = hexval((unsigned char)s[i], base)) < 0)
			return -1;
		if (v > (UINT64_MAX - (uint64_t)d) / (uint64_t)base)
			return -1;
		v = v * (uint64_t)base + (uint64_t)d;
	}
	*out = v;
	return 0;
}

/* ^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$ */
static int
yaml_float(const char *s)
{
	const char *p = s;
	int digits = 0;

	if (*p == '+' || *p == '-')
		p++;
	if (*p == '.') {
		for (p++; *p >= '0' && *p <= '9'; p++)
			digits++;
		if (digits == 0)
			return 0;
	} else {
		for (; *p >= '0' && *p <= '9'; p++)
			digits++;
		if (digits == 0)
			return 0;
		if (*p == '.')
			for (p++; *p >= '0' && *p <= '9'; p++)
				;
	}
	if (*p == 'e' || *p == 'E') {
		p++;
		if (*p == '+' || *p == '-')
			p++;
		if (!(*p >= '0' && *p <= '9'))
			return 0;
		while (*p >= '0' && *p <= '9')
			p++;
	}
	return *p == '\0';
}

/* strconv.ParseFloat for the forms resolve tries: -1 on overflow or junk. */
static int
parse_float(const char *s, double *out)
{
	char *end;

	errno = 0;
	*out = strtod(s, &end);
	if (*end != '\0' || end == s)
		return -1;
	if (errno == ERANGE && (*out == HUGE_VAL || *out == -HUGE_VAL))
		return -1;
	return 0;
}

static int
ndigits(const char **p, int min, int max)
{
	int k = 0;

	while (k < max && **p >= '0' && **p <= '9')
		(*p)++, k++;
	return k >= min;
}

/* parseTimestamp: 2006-1-2, with T, t or a space and 15:4:5.999999999,
 * a zone (Z07:00) after T. */
static int
timestamp(const char *s)
{
	const char *p = s;
	int sep;

	if (!ndigits(&p, 4, 4) || *p++ != '-' || !ndigits(&p, 1, 2) ||
	    *p++ != '-' || !ndigits(&p, 1, 2))
		return 0;
	if (*p == '\0')
		return 1;
	if ((sep = *p) != 'T' && sep != 't' && sep != ' ')
		return 0;
	p++;
	if (!ndigits(&p, 1, 2) || *p++ != ':' || !ndigits(&p, 1, 2) ||
	    *p++ != ':' || !ndigits(&p, 1, 2))
		return 0;
	if (*p == '.') {
		p++;
		if (!ndigits(&p, 1, 9))
			return 0;
	}
	if (sep == ' ')
		return *p == '\0';
	if (*p == 'Z')
		return p[1] == '\0';
	if (*p != '+' && *p != '-')
		return 0;
	p++;
	return ndigits(&p, 2, 2) && *p++ == ':' && ndigits(&p, 2, 2) && *p == '\0';
}

static int
one_of(const char *s, const char *const *list)
{
	for (; *list != NULL; list++)
		if (strcmp(s, *list) == 0)
			return 1;
	return 0;
}

static const char *const yes11[] = { "y", "Y", "yes", "Yes", "YES", "on", "On",
	"ON", NULL };
static const char *const no11[] = { "n", "N", "no", "No", "NO", "off", "Off",
	"OFF", NULL };
static const char *const yes12[] = { "true", "True", "TRUE", NULL };
static const char *const no12[] = { "false", "False", "FALSE", NULL };
static const char *const nulls[] = { "", "~", "null", "Null", "NULL", NULL };

void
pl_go_resolve(int v3, const char *s, size_t n, int tagged_ts,
    struct pl_go_scalar *r)
{
	struct buf plain = { 0 };
	char c = n > 0 ? s[0] : 'N';
	size_t i;

	memset(r, 0, sizeof *r);
	r->k = PL_GO_STR;
	if (one_of(s, nulls)) {
		r->k = PL_GO_NULL;
		return;
	}
	if (one_of(s, yes12) || (!v3 && one_of(s, yes11))) {
		r->k = PL_GO_BOOL, r->b = 1;
		return;
	}
	if (one_of(s, no12) || (!v3 && one_of(s, no11))) {
		r->k = PL_GO_BOOL, r->b = 0;
		return;
	}
	if (strcmp(s, ".nan") == 0 || strcmp(s, ".NaN") == 0 ||
	    strcmp(s, ".NAN") == 0) {
		r->k = PL_GO_FLOAT, r->f = NAN;
		return;
	}
	for (i = 0; i < 3; i++) {
		static const char *const inf[] = { ".inf", ".Inf", ".INF" };

		if (strcmp(s, inf[i]) == 0 || (s[0] == '+' &&
		    strcmp(s + 1, inf[i]) == 0)) {
			r->k = PL_GO_FLOAT, r->f = INFINITY;
			return;
		}
		if (s[0] == '-' && strcmp(s + 1, inf[i]) == 0) {
			r->k = PL_GO_FLOAT, r->f = -INFINITY;
			return;
		}
	}
	if (c == '.') {
		if (parse_float(s, &r->f) == 0)
			r->k = PL_GO_FLOAT;
		return;
	}
	if (!(c == '+' || c == '-' || (c >= '0' && c <= '9')))
		return;
	if (tagged_ts && timestamp(s)) {
		r->k = PL_GO_TIME;
		return;
	}
	for (i = 0; i < n; i++)
		if (s[i] != '_')
			buf_add(&plain, s + i, 1);
	if (plain.n > 0) {
		int neg = plain.s[0] == '-', sign = neg || plain.s[0] == '+';
		uint64_t u;

		if (parse_uint0(plain.s + sign, plain.n - (size_t)sign, &u) == 0 &&
		    (neg ? u <= (uint64_t)INT64_MAX + 1 : u <= (uint64_t)INT64_MAX)) {
			r->k = PL_GO_INT;
			r->i = neg ? (int64_t)(0 - u) : (int64_t)u;
		} else if (!sign && parse_uint0(plain.s, plain.n, &u) == 0) {
			r->k = PL_GO_UINT;
			r->u = u;
		} else if (yaml_float(plain.s) && parse_float(plain.s, &r->f) == 0)
			r->k = PL_GO_FLOAT;
	}
	buf_free(&plain);
}


int
pl_go_yaml_null(const char *s)
{
	return one_of(s, nulls);
}

int
pl_go_yaml11_bool(const char *s)
{
	return one_of(s, yes11) ? 1 : one_of(s, no11) ? 0 : -1;
}

/* The shortest decimal digits that read back as f, positive and finite:
 * their count, the digits in d (no point), the exponent of the first. */
static int
shortest(double f, char *d, int *exp)
{
	char t[40], *e;
	int prec, n = 0, i;

	for (prec = 1;; prec++) {	/* 17 digits always read back */
		snprintf(t, sizeof t, "%.*e", prec - 1, f);
		if (prec == 17 || strtod(t, NULL) == f)
			break;
	}
	e = strchr(t, 'e');
	for (i = 0; t + i < e; i++)
		if (t[i] >= '0' && t[i] <= '9')
			d[n++] = t[i];
	while (n > 1 && d[n - 1] == '0')
		n--;
	d[n] = '\0';
	*exp = atoi(e + 1);
	return n;
}

void
pl_go_float(struct buf *b, double f)
{
	char d[24];
	int n, x, i;

	if (isnan(f)) {
		buf_puts(b, "NaN");
		return;
	}
	if (isinf(f)) {
		buf_puts(b, f > 0 ? "+Inf" : "-Inf");
		return;
	}
	if (signbit(f))
		buf_puts(b, "-");
	if (f == 0) {
		buf_puts(b, "0");
		return;
	}
	n = shortest(fabs(f), d, &x);
	if (x < -4 || x >= 6) {		/* %e: the shortest form decides so */
		buf_add(b, d, 1);
		if (n > 1) {
			buf_puts(b, ".");
			buf_add(b, d + 1, (size_t)n - 1);
		}
		buf_printf(b, "e%c%02d", x < 0 ? '-' : '+', x < 0 ? -x : x);
		return;
	}
	if (x < 0) {			/* 0.000ddd */
		buf_puts(b, "0.");
		for (i = -1; i > x; i--)
			buf_puts(b, "0");
		buf_add(b, d, (size_t)n);
		return;
	}
	buf_add(b, d, (size_t)(n < x + 1 ? n : x + 1));
	for (i = n; i < x + 1; i++)
		buf_puts(b, "0");
	if (n > x + 1) {
		buf_puts(b, ".");
		buf_add(b, d + x + 1, (size_t)(n - x - 1));
	}
}
