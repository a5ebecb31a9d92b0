/* t_plname - YuniKorn's name patterns, dot replacement and Go's case rules */
#include <string.h>

#include "names.h"
#include "tap.h"

#define Q(s, c) pl_queue_name_ok(s, strlen(s), c)
#define U(s, c) pl_user_name_ok(s, strlen(s), c)
#define G(s, c) pl_group_name_ok(s, strlen(s), c)

static const char *
dot(const char *s)
{
	static struct buf b;

	buf_clear(&b);
	pl_dot_replace(&b, s, strlen(s));
	return b.s;
}

static const char *
lower(const char *s)
{
	static struct buf b;

	buf_clear(&b);
	pl_lower(&b, s, strlen(s));
	return b.s;
}

int
main(void)
{
	char long64[65], long65[66];

	memset(long64, 'a', 64);
	long64[64] = '\0';
	memset(long65, 'a', 65);
	long65[65] = '\0';
	ok(Q("abc_DEF-09", PL_010) && Q(long64, PL_010), "queue names of 1 to 64");
	ok(!Q("", PL_010) && !Q(long65, PL_010), "not 0 or 65 characters");
	ok(!Q("a.b", PL_17) && !Q("a b", PL_17) && !Q("é", PL_17), "no dot, space or UTF-8");
	ok(!Q("a:b", PL_152) && Q("a:#/@b", PL_16), "1.6 adds : # / @");
	ok(Q("@recovery@", PL_16), "the recovery queue's name is valid from 1.6");
	ok(pl_queue_path_ok("root.a.b", 8, PL_010) &&
	    !pl_queue_path_ok("root..b", 7, PL_010), "paths: every element");

	ok(U("user.name@x-y_z", PL_010) && U("machine$", PL_010), "filter user names");
	ok(!U("99user", PL_010) && !U("a$b", PL_010) && !U("$", PL_010),
	    "a letter or _ first, $ only last");
	ok(!U("sa:x", PL_12) && U("sa:x", PL_13), "1.3 adds :");
	ok(!U("org/a#b", PL_152) && U("org/a#b", PL_16), "1.6 adds # /");
	ok(G("group_1-a", PL_010) && !G("group.a", PL_12) && !G("a:b", PL_12) &&
	    G("system:a.b", PL_13), "filter group names; 1.3 adds : and .");
	ok(!G("a#b", PL_18) && !G("a/b", PL_18) && !G("a@b", PL_18),
	    "group names never take # / @");
	ok(pl_acl_user_ok("a.b@c$", 6) && !pl_acl_user_ok("a:b", 3) &&
	    !pl_acl_group_ok("a:b", 3) && !pl_acl_group_ok("a.b", 3),
	    "ACL names keep the old patterns");
	ok(pl_rule_name_ok("_fixed", 6) && pl_rule_name_ok("PrimaryGroup", 12) &&
	    !pl_rule_name_ok("#fixed", 6) && !pl_rule_name_ok("9a", 2),
	    "rule names are identifiers");
	ok(pl_regex_special("user*", 5) && pl_regex_special("a$", 2) &&
	    !pl_regex_special("test.test", 9), "a dot is not special");

	is_str(dot("a.b"), "a_dot_b", "one dot");
	is_str(dot("name...name"), "name_dot__dot__dot_name", "every dot");
	is_str(dot(".name."), "_dot_name_dot_", "at both ends");
	is_str(lower("ROOT.Apps"), "root.apps", "ASCII lower-cased");
	is_str(lower("\xe2\x84\xaa" "ey"), "key", "the Kelvin sign becomes k");
	is_str(lower("\xc3\x89t\xc3\xa9"), "\xc3\x89t\xc3\xa9", "other letters stay");
	ok(pl_fold_eq("NameSpace", 9, "namespace", 9) &&
	    !pl_fold_eq("namespace", 9, "namespac", 8), "EqualFold for ASCII");
	ok(pl_fold_eq("\xc5\xbf" "ort", 5, "SORT", 4) &&
	    pl_fold_eq("\xe2\x84\xaa", 3, "K", 1), "long s and Kelvin fold to ASCII");
	ok(!pl_fold_eq("@", 1, "`", 1), "only letters fold");
	is_int(pl_parse_bool("1", 1) + pl_parse_bool("t", 1) + pl_parse_bool("TRUE", 4) +
	    pl_parse_bool("True", 4), 4, "ParseBool: true");
	is_int(pl_parse_bool("0", 1) + pl_parse_bool("F", 1) +
	    pl_parse_bool("false", 5), 0, "ParseBool: false");
	ok(pl_parse_bool("yes", 3) < 0 && pl_parse_bool("tRUE", 4) < 0 &&
	    pl_parse_bool("", 0) < 0, "ParseBool: nothing else");
	return tap_done();
}
