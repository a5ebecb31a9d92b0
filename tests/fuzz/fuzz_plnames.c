/*
 * fuzz_plnames - the placement engine's small parsers on one string: an
 * ACL (as the queue builder and as the validator read it), a filter
 * entry and regular expression (Go's syntax and matcher), dot replacement
 * and lower-casing.
 *
 * Names an ACL keeps are valid ACL names; a regular expression that
 * compiles matches or not on any name.
 */
#include <string.h>

#include "acl.h"
#include "filter.h"
#include "fuzz.h"
#include "names.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *s = (const char *)data;
	struct buf b = { 0 }, err = { 0 };
	struct pl_acl acl;
	struct pl_re *re;
	size_t i;

	if (pl_acl_parse(&acl, s, size, &err) == 0) {
		for (i = 0; i < acl.nusers; i++)
			FUZZ_ASSERT(pl_acl_user_ok(acl.users[i].s, acl.users[i].n));
		for (i = 0; i < acl.ngroups; i++)
			FUZZ_ASSERT(pl_acl_group_ok(acl.groups[i].s,
			    acl.groups[i].n));
		FUZZ_ASSERT(!acl.all || (acl.nusers == 0 && acl.ngroups == 0) ||
		    acl.ngroups == 0);
	}
	pl_acl_free(&acl);
	(void)pl_acl_check(s, size, &err);
	(void)pl_filter_check_entry(s, size, 0, PL_17, &err);
	if ((re = pl_re_compile(s, size, &err)) != NULL) {
		(void)pl_re_match(re, s, size);
		(void)pl_re_match(re, "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!", 42);
		(void)pl_re_match(re, "", 0);
		pl_re_free(re);
	}
	pl_dot_replace(&b, s, size);
	FUZZ_ASSERT(memchr(b.s ? b.s : "", '.', b.n) == NULL);
	buf_clear(&b);
	pl_lower(&b, s, size);
	FUZZ_ASSERT(b.n <= size);
	FUZZ_ASSERT(pl_fold_eq(s, size, b.s ? b.s : "", b.n));
	buf_free(&b);
	buf_free(&err);
	return 0;
}
