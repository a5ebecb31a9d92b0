/* t_plfilter - Go's regular expressions, filters, ACLs */
#include <string.h>

#include "acl.h"
#include "filter.h"
#include "tap.h"

/* Does the expression compile, and does it match s? -1: does not compile. */
static int
re(const char *pat, const char *s)
{
	struct buf err = { 0 };
	struct pl_re *r = pl_re_compile(pat, strlen(pat), &err);
	int m;

	buf_free(&err);
	if (r == NULL)
		return -1;
	m = pl_re_match(r, s, strlen(s));
	pl_re_free(r);
	buf_free(&err);
	return m;
}

static int
anchored(const char *pat)
{
	struct buf err = { 0 };
	struct pl_re *r = pl_re_compile(pat, strlen(pat), &err);
	int a = r != NULL ? pl_re_anchored(r) : -1;

	pl_re_free(r);
	buf_free(&err);
	return a;
}

static int
allows(const char *type, const char *user, const char *u1, const char *g1,
    const char *group)
{
	struct pl_filter f;
	const char *us[1] = { u1 }, *gs[1] = { g1 }, *ug[1] = { group };
	size_t ul[1] = { u1 ? strlen(u1) : 0 }, gl[1] = { g1 ? strlen(g1) : 0 };
	size_t ugl[1] = { strlen(group) };
	struct pl_user u = { user, strlen(user), ug, ugl, 1 };
	int a;

	pl_filter_build(&f, type, us, ul, u1 != NULL, gs, gl, g1 != NULL, PL_010);
	a = pl_filter_allows(&f, &u);
	pl_filter_free(&f);
	return a;
}

int
main(void)
{
	struct buf err = { 0 };
	struct pl_acl acl;

	is_int(re("user[0-1]", "superuser1x"), 1, "unanchored: found inside");
	is_int(re("^user[0-1]$", "superuser1x"), 0, "anchored explicitly");
	is_int(re("(?i)user1", "USER1"), 1, "inline flags");
	is_int(re("machine$", "machine\n"), 0, "$ is the end of the text only");
	is_int(re("a\\vb", "a\vb"), 1, "\\v is the VT character, as in Go");
	is_int(re("\\101\\x42\\x{43}", "ABC"), 1, "octal and hex escapes");
	is_int(re("\\Q.*\\E", ".*"), 1, "\\Q...\\E");
	is_int(re("[[:alpha:]]{2,3}", "ab"), 1, "POSIX classes and counts");
	is_int(re("(?P<n>a)(?<m>b)", "ab"), 1, "named groups");
	is_int(re("a{", "a{"), 1, "a brace that is no count is a literal");
	is_int(re("(?=a)", "a"), -1, "lookahead is refused");
	is_int(re("(?<!a)b", "b"), -1, "lookbehind is refused");
	is_int(re("(a)\\1", "aa"), -1, "backreferences are refused");
	is_int(re("a*+", "a"), -1, "possessive quantifiers are refused");
	is_int(re("a**", "a"), -1, "nested repetition is refused");
	is_int(re("(?>a)", "a"), -1, "atomic groups are refused");
	is_int(re("a{1001}", "a"), -1, "repeat counts over 1000 are refused");
	is_int(re("\\Z", ""), -1, "\\Z is refused");
	is_int(re("\\C", ""), -1, "unknown escapes are refused");
	is_int(re("a\\", ""), -1, "a trailing backslash too");
	is_int(re("[", ""), -1, "a broken class does not compile");
	is_int(re("^(dev|ml)", "mldev"), 1, "first-byte shortcut: a match");
	is_int(re("^(dev|ml)", "xdev"), 0, "first-byte shortcut: a refusal");
	is_int(re("(?i)^dev", "DEV"), 1, "first-byte shortcut honours (?i)");
	is_int(re("^d", ""), 0, "an empty name");
	/* what Go refuses (Perl syntax, PCRE2's verbs and names) */
	is_int(re("(*UCP)^\\w+$", "a"), -1, "(*UCP) is refused, as every (*");
	is_int(re("(*UTF)a", "a"), -1, "(*UTF)");
	is_int(re("(*CR)a", "a"), -1, "(*CR)");
	is_int(re("(*LIMIT_MATCH=10)a", "a"), -1, "(*LIMIT_MATCH=10)");
	is_int(re("a(*SKIP)(*FAIL)|b", "b"), -1, "(*SKIP)(*FAIL)");
	is_int(re("\\p{Xan}", "a"), -1, "\\p{Xan}: Go knows its names only");
	is_int(re("\\p{greek}", "a"), -1, "\\p{greek}: names are case-sensitive");
	is_int(re("\\p{L&}", "a"), -1, "\\p{L&}");
	is_int(re("[[:<:]]a", "a"), -1, "[[:<:]]: Go knows its POSIX names only");
	is_int(re("[\\Q-\\E]", "-"), -1, "\\Q in a class");
	is_int(re("a{2}{3}", "aaaaaa"), -1, "nested counts");
	is_int(re("(a{100}){11}", "a"), -1, "nested counts multiply past 1000");
	is_int(re("(a{100}){10}", "a"), 0, "...up to 1000");
	is_int(re("|*", "a"), -1, "a repetition of nothing");
	/* what Go accepts, and reads its own way */
	is_int(re("^[\\d-z]+$", "z-1"), 1, "[\\d-z]: a - after a class escape is a literal");
	is_int(re("^[[:alpha:]-z]+$", "a-z"), 1, "...after a POSIX class too");
	is_int(re("[:alpha:]", "h"), 1, "[:alpha:] outside a class: a class of : a l p h");
	is_int(re("^[[.a.]]$", ".]"), 1, "[[.a.]]: [ . a . in a class, then ]");
	is_int(re("a(?i)*", "aa"), 1, "a flag group does not stop a repetition");
	is_int(re("^\\b*a", "a"), 1, "a repeated assertion");
	is_int(re("(?P<1a>x)", "x"), 1, "a group name starting with a digit");
	is_int(re("\\s", "\v"), 0, "\\s is without the vertical tab");
	is_int(re("[\\s]", "\v"), 0, "...in a class too");
	is_int(re("[[:space:]]", "\v"), 1, "[[:space:]] has it");
	is_int(re("\\W", "\xc3\xa9"), 1, "\\W, \\D, \\S take non-ASCII characters");
	is_int(re("^\\S$", "\xc3\xa9"), 1, "...anchored too");
	is_int(re("(?i)\\w", "\xc5\xbf"), 1, "(?i)\\w folds: the long s");
	is_int(re("(?i)[[:lower:]]", "\xe2\x84\xaa"), 1, "(?i) POSIX classes fold: the Kelvin sign");
	is_int(re("(?i)\\W", "\xe2\x84\xaa"), 0, "...and their negations");
	is_int(re("\\p{Greek}", "\xce\xb1"), 1, "scripts");
	is_int(re("\\p{Greek}", "\xcd\x82"), 0, "scripts by their Script property");
	is_int(re("\\p{C}", "\xcd\xb8"), 0, "C is without the unassigned");
	is_int(re("\\p{Kawi}", "\xf0\x91\xbc\x80"), 1, "Kawi, new in Unicode 15");
	is_int(re("\\n(?m)^", "\n"), 1, "(?m)^ after a last newline");
	is_int(anchored("^a"), 1, "anchored at the start: ^a");
	is_int(anchored("(?i)^a"), 1, "... (?i)^a");
	is_int(anchored("^dev|^ml"), 1, "... ^dev|^ml");
	is_int(anchored("\\A(a|b)"), 1, "... \\A(a|b)");
	is_int(anchored("a$"), 0, "not: a$");
	is_int(anchored("^a|b"), 0, "not: ^a|b, b matches anywhere");
	is_int(anchored("(?m)^a"), 0, "not: (?m)^a, after a newline too");
	is_int(anchored("^*a"), 0, "not: ^*a, the ^ may be left out");

	is_int(allows("deny", "user1", "user[0-1]", NULL, "g"), 0, "deny: match");
	is_int(allows("deny", "user2", "user[0-1]", NULL, "g"), 1, "deny: no match");
	is_int(allows("DENY", "user1", "user[0-1]", NULL, "g"), 1, "DENY allows");
	is_int(allows(NULL, "carol", "alice", "^dev", "devops"), 1, "users OR groups");
	is_int(allows("allow", "bob", "99bob", NULL, "g"), 0, "a dropped entry allows nobody");
	is_int(allows("deny", "bob", "99bob", NULL, "g"), 1, "...and denies nobody");
	is_int(allows("deny", "bob", NULL, NULL, "g"), 0, "an empty deny filter denies all");
	is_int(allows("allow", "x", "machine$", NULL, "g"), 0, "machine$ is an expression");
	is_int(allows("allow", "xmachine", "machine$", NULL, "g"), 1, "ending in machine");

	ok(pl_acl_parse(&acl, "alice,bob admins", 16, &err) == 0 && acl.nusers == 2 &&
	    acl.ngroups == 1, "users and groups");
	pl_acl_free(&acl);
	ok(pl_acl_parse(&acl, "alice  admins", 13, &err) != 0 &&
	    pl_acl_check("alice  admins", 13, &err) == 0,
	    "two spaces: the validator passes it, the builder does not");
	ok(pl_acl_parse(&acl, "*,alice", 7, &err) == 0 && !acl.all && acl.nusers == 1 &&
	    acl.ndropped == 1, "*,alice is no wildcard");
	pl_acl_free(&acl);
	ok(pl_acl_parse(&acl, "alice *", 7, &err) == 0 && acl.all && acl.nusers == 0,
	    "a group wildcard clears the users");
	pl_acl_free(&acl);
	ok(pl_acl_check("a b c", 5, &err) != 0 && pl_acl_check(" \t* ", 4, &err) == 0,
	    "the validator: three fields, a trimmed wildcard");
	buf_free(&err);
	return tap_done();
}
