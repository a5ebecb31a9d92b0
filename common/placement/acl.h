/*
 * acl.h - YuniKorn access control lists: "users groups", parsed the way
 * the scheduler parses them (one single space between the two lists,
 * '*' special only as a whole part, invalid names silently dropped), the
 * validator's looser syntax check, and the access test. Also the name set
 * ACLs and filter lists keep: sorted, without duplicates, searched in
 * logarithmic time however long the list.
 */
#ifndef PK_ACL_H
#define PK_ACL_H

#include <stddef.h>

#include "buffer.h"

/* A name and its length. */
struct pl_name {
	char *s;
	size_t n;
};

/* Add copies of names, then finish (sort, drop duplicates), then search. */
void pl_names_add(struct pl_name **, size_t *, const char *, size_t);
void pl_names_finish(struct pl_name *, size_t *);
int pl_names_has(const struct pl_name *, size_t, const char *, size_t);
void pl_names_free(struct pl_name *, size_t);

struct pl_acl {
	int all;		/* the wildcard: everyone */
	struct pl_name *users;	/* exact, case-sensitive names */
	size_t nusers;
	struct pl_name *groups;
	size_t ngroups;
	size_t ndropped;	/* names the scheduler ignores as invalid */
};

/* A user and the groups it is in, in order (counted strings). */
struct pl_user {
	const char *name;
	size_t len;
	const char *const *groups;
	const size_t *glens;
	size_t ngroups;
};

/*
 * Parse an ACL as the queue builder does. Returns 0, or -1 with a message
 * in err (the scheduler refuses more than one space-separated field pair).
 * An empty string denies everyone.
 */
int pl_acl_parse(struct pl_acl *, const char *, size_t, struct buf *err);
void pl_acl_free(struct pl_acl *);
/* The config validator's check: trimmed, at most two whitespace-separated
 * fields. Returns 0, or -1 with a message in err. */
int pl_acl_check(const char *, size_t, struct buf *err);
/* Does the ACL let the user in? */
int pl_acl_allows(const struct pl_acl *, const struct pl_user *);

#endif
