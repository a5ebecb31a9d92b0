/*
 * names.c - YuniKorn's name patterns and case rules (see names.h).
 * The patterns are Go regular expressions upstream; here they are plain
 * character tests, which give the same answers (a byte >= 0x80 is never
 * in any of the classes, as Go's runes outside ASCII are not).
 */
#include <stdint.h>

#include "names.h"

static int
alpha(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static int
alnum(unsigned char c)
{
	return alpha(c) || (c >= '0' && c <= '9');
}

/* c is one of the bytes in set. */
static int
in(unsigned char c, const char *set)
{
	return c != '\0' && strchr(set, c) != NULL;
}

int
pl_queue_name_ok(const char *s, size_t n, enum pl_compat c)
{
	const char *extra = pl_ver(c)->queue_chars;
	size_t i;

	if (n < 1 || n > PL_NAME_MAX)
		return 0;
	for (i = 0; i < n; i++)
		if (!alnum((unsigned char)s[i]) && !in((unsigned char)s[i], extra))
			return 0;
	return 1;
}

int
pl_queue_path_ok(const char *s, size_t n, enum pl_compat c)
{
	const char *e = s + n, *dot;

	for (;;) {
		dot = memchr(s, '.', (size_t)(e - s));
		if (dot == NULL)
			return pl_queue_name_ok(s, (size_t)(e - s), c);
		if (!pl_queue_name_ok(s, (size_t)(dot - s), c))
			return 0;
		s = dot + 1;
	}
}

/* ^[_a-zA-Z][a-zA-Z0-9<extra>]*<end>$ where end is "[$]?" when dollar. */
static int
ident(const char *s, size_t n, const char *extra, int dollar)
{
	size_t i;

	if (n < 1 || (!alpha((unsigned char)s[0]) && s[0] != '_'))
		return 0;
	if (dollar && n > 1 && s[n - 1] == '$')
		n--;
	for (i = 1; i < n; i++)
		if (!alnum((unsigned char)s[i]) && !in((unsigned char)s[i], extra))
			return 0;
	return 1;
}

int
pl_user_name_ok(const char *s, size_t n, enum pl_compat c)
{
	return ident(s, n, pl_ver(c)->user_chars, 1);
}

int
pl_group_name_ok(const char *s, size_t n, enum pl_compat c)
{
	return ident(s, n, pl_ver(c)->group_chars, 0);
}

int
pl_acl_user_ok(const char *s, size_t n)
{
	return ident(s, n, "_.@-", 1);
}

int
pl_acl_group_ok(const char *s, size_t n)
{
	return ident(s, n, "_-", 0);
}

int
pl_rule_name_ok(const char *s, size_t n)
{
	return ident(s, n, "_", 0);
}

int
pl_regex_special(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (in((unsigned char)s[i], "^$*+?()[{}|"))
			return 1;
	return 0;
}

void
pl_dot_replace(struct buf *b, const char *s, size_t n)
{
	const char *e = s + n, *dot;

	while ((dot = memchr(s, '.', (size_t)(e - s))) != NULL) {
		buf_add(b, s, (size_t)(dot - s));
		buf_add(b, "_dot_", 5);
		s = dot + 1;
	}
	buf_add(b, s, (size_t)(e - s));
}

/* U+212A KELVIN SIGN in UTF-8. */
static int
kelvin(const char *s, size_t n)
{
	return n >= 3 && (unsigned char)s[0] == 0xE2 &&
	    (unsigned char)s[1] == 0x84 && (unsigned char)s[2] == 0xAA;
}

/* U+017F LATIN SMALL LETTER LONG S in UTF-8. */
static int
long_s(const char *s, size_t n)
{
	return n >= 2 && (unsigned char)s[0] == 0xC5 && (unsigned char)s[1] == 0xBF;
}

void
pl_lower(struct buf *b, const char *s, size_t n)
{
	size_t i, at;

	if (b->n + n + 1 > b->cap)
		buf_grow(b, b->n + n + 1);
	at = b->n;
	for (i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c >= 'A' && c <= 'Z')
			c += 'a' - 'A';
		else if (c == 0xE2 && kelvin(s + i, n - i)) {
			c = 'k';
			i += 2;
		}
		b->s[at++] = (char)c;
	}
	b->n = at;
	b->s[at] = '\0';
}

/* The ASCII letter a fold-equivalent character at s stands for, and its
 * length; 0 for anything else. */
static int
fold_ascii(const char *s, size_t n, size_t *len)
{
	unsigned char c = (unsigned char)s[0];

	*len = 1;
	if (c >= 'A' && c <= 'Z')
		return c + ('a' - 'A');
	if (c < 0x80)
		return c;
	if (kelvin(s, n)) {
		*len = 3;
		return 'k';
	}
	if (long_s(s, n)) {
		*len = 2;
		return 's';
	}
	return -1;
}

static int
ascii(const char *s, size_t n)
{
	while (n-- > 0)
		if ((unsigned char)*s++ >= 0x80)
			return 0;
	return 1;
}

int
pl_fold_eq(const char *a, size_t an, const char *b, size_t bn)
{
	size_t i;

	if (an == bn) {		/* the usual case: ASCII, same length */
		for (i = 0; i < an; i++) {
			unsigned char x = (unsigned char)a[i];
			unsigned char y = (unsigned char)b[i];

			if (x == y)
				continue;
			if ((x | y) >= 0x80)
				break;
			if ((x | 0x20) != (y | 0x20) || !alpha(x))
				return 0;
		}
		if (i == an)
			return 1;
	} else if (ascii(a, an) && ascii(b, bn))
		return 0;
	while (an > 0 && bn > 0) {
		size_t la, lb;
		int ca = fold_ascii(a, an, &la), cb = fold_ascii(b, bn, &lb);

		if (ca < 0 || cb < 0) {	/* other non-ASCII: exact bytes */
			if (a[0] != b[0])
				return 0;
			la = lb = 1;
		} else if (ca != cb)
			return 0;
		a += la, an -= la;
		b += lb, bn -= lb;
	}
	return an == 0 && bn == 0;
}

int
pl_parse_bool(const char *s, size_t n)
{
	static const char *const yes[] = { "1", "t", "T", "TRUE", "true", "True" };
	static const char *const no[] = { "0", "f", "F", "FALSE", "false", "False" };
	size_t i;

	for (i = 0; i < sizeof yes / sizeof yes[0]; i++) {
		if (strlen(yes[i]) == n && memcmp(yes[i], s, n) == 0)
			return 1;
		if (strlen(no[i]) == n && memcmp(no[i], s, n) == 0)
			return 0;
	}
	return -1;
}
