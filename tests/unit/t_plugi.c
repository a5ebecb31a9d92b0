/* t_plugi - the user/group cache: what it keeps for a user is the groups
 * of that user's last application that gave any, however many stores
 * come between, however long the names */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "usergroups.h"
#include "xalloc.h"

/* An application of user with the n groups g, as the readers make it. */
static struct pl_app
app(const char *user, size_t ulen, const char *const *g, const size_t *gl,
    size_t n)
{
	struct pl_app a;

	memset(&a, 0, sizeof a);
	a.id = a.queue = "";
	a.user.name = user;
	a.user.len = ulen;
	a.user.groups = g;
	a.user.glens = gl;
	a.user.ngroups = n;
	a.groups_given = n > 0;
	return a;
}

/* The groups the cache gives an application of user without groups, as
 * "a,b,c" (NUL bytes as '@'); "-" if it is refused. */
static const char *
groups_of(struct pl_ugi *u, enum pl_compat c, const char *user)
{
	static char out[256 * 1024];
	struct pl_app a = app(user, strlen(user), NULL, NULL, 0);
	struct buf err = { 0 };
	size_t i, k, n = 0;

	out[0] = '\0';
	if (pl_ugi_convert(u, c, &a, &err) != 0) {
		buf_free(&err);
		return "-";
	}
	for (i = 0; i < a.user.ngroups && n < sizeof out - 2; i++) {
		if (i > 0)
			out[n++] = ',';
		for (k = 0; k < a.user.glens[i] && n < sizeof out - 2; k++)
			out[n++] = a.user.groups[i][k] != '\0' ?
			    a.user.groups[i][k] : '@';
	}
	out[n] = '\0';
	buf_free(&err);
	return out;
}

/* Store groups for user: the groups of an application that gives them. */
static int
give(struct pl_ugi *u, enum pl_compat c, const char *user,
    const char *const *g, const size_t *gl, size_t n)
{
	struct pl_app a = app(user, strlen(user), g, gl, n);
	struct buf err = { 0 };
	int rc = pl_ugi_convert(u, c, &a, &err);

	buf_free(&err);
	return rc;
}

int
main(void)
{
	struct pl_ugi u;
	char name[64], g1[64], g2[300], *big;
	const char *g[3];
	size_t gl[3], i;
	int bad;

	pl_ugi_init(&u, PL_RESOLVER_NONE);
	is_str(groups_of(&u, PL_010, "alice"), "alice",
	    "a user never seen: the user's name is the group");
	g[0] = "devs", gl[0] = 4;
	g[1] = "ops", gl[1] = 3;
	is_int(give(&u, PL_010, "alice", g, gl, 2), 0, "groups given");
	is_str(groups_of(&u, PL_010, "alice"), "devs,ops",
	    "then the groups given are the user's");
	is_int(give(&u, PL_010, "alice", g + 1, gl + 1, 1), 0,
	    "fewer groups given");
	is_int(give(&u, PL_010, "bob", g, gl, 1), 0, "another user's");
	is_str(groups_of(&u, PL_010, "alice"), "ops", "the last groups count");
	(void)give(&u, PL_010, "zed", g, gl, 2);
	(void)give(&u, PL_010, "zed", g, gl, 1);
	is_str(groups_of(&u, PL_010, "zed"), "devs",
	    "the last groups count, given one after the other");
	is_str(groups_of(&u, PL_010, "bob"), "devs", "each user's own");

	/* Many stores before a lookup, each user twice: the second wins,
	 * long names too (lengths of more than one varint byte). */
	for (i = 0; i < 300; i++) {
		snprintf(name, sizeof name, "user%zu", i);
		snprintf(g1, sizeof g1, "first%zu", i);
		g[0] = g1, gl[0] = strlen(g1);
		(void)give(&u, PL_010, name, g, gl, 1);
	}
	memset(g2, 'x', sizeof g2);
	for (i = 0; i < 300; i++) {
		snprintf(name, sizeof name, "user%zu", i);
		snprintf(g1, sizeof g1, "second%zu", i);
		g[0] = g1, gl[0] = strlen(g1);
		g[1] = g2, gl[1] = i % 3 == 0 ? 200 : i % 7;
		(void)give(&u, PL_010, name, g, gl, 2);
	}
	for (i = bad = 0; i < 300; i++) {
		char want[300 + 64];

		snprintf(name, sizeof name, "user%zu", i);
		snprintf(want, sizeof want, "second%zu,%.*s", i,
		    i % 3 == 0 ? 200 : (int)(i % 7), g2);
		bad += strcmp(groups_of(&u, PL_010, name), want) != 0;
	}
	is_int(bad, 0, "300 users stored twice: each has its last groups");

	/* Groups that are empty or hold NUL bytes are kept as they are. */
	g[0] = "", gl[0] = 0;
	g[1] = "a\0b", gl[1] = 3;
	(void)give(&u, PL_010, "carol", g, gl, 2);
	is_str(groups_of(&u, PL_010, "carol"), ",a@b",
	    "an empty group and a NUL byte inside a group");

	/* A store bigger than everything deferred so far, then more. */
	big = xmalloc(200000);
	memset(big, 'b', 200000);
	g[0] = big, gl[0] = 200000;
	(void)give(&u, PL_010, "dave", g, gl, 1);
	g[0] = "small", gl[0] = 5;
	(void)give(&u, PL_010, "erin", g, gl, 1);
	ok(strlen(groups_of(&u, PL_010, "dave")) == 200000 &&
	    strcmp(groups_of(&u, PL_010, "erin"), "small") == 0,
	    "a group of 200000 bytes, and one stored after it");
	g[0] = "small", gl[0] = 5;
	(void)give(&u, PL_010, "dave", g, gl, 1);
	is_str(groups_of(&u, PL_010, "dave"), "small",
	    "then a short one in its place");
	free(big);

	/* 1.6 checks the name of a user with groups before storing them. */
	g[0] = "devs", gl[0] = 4;
	is_int(give(&u, PL_16, "fr ank", g, gl, 1), -1,
	    "1.6: an invalid user name with groups is refused");
	is_str(groups_of(&u, PL_16, "fr ank"), "fr ank", "and nothing is kept");
	pl_ugi_free(&u);

	/* The test resolver: a failure is kept, until groups are given. */
	pl_ugi_init(&u, PL_RESOLVER_TEST);
	is_str(groups_of(&u, PL_18, "testuser1"), "group1000,group1001",
	    "resolved by the test resolver");
	is_str(groups_of(&u, PL_18, "nobody-known"), "-", "a failed resolution");
	is_str(groups_of(&u, PL_18, "nobody-known"), "-", "is kept");
	g[0] = "devs", gl[0] = 4;
	(void)give(&u, PL_18, "nobody-known", g, gl, 1);
	is_str(groups_of(&u, PL_18, "nobody-known"), "devs",
	    "until the user comes with groups");
	g[0] = "ops", gl[0] = 3;
	(void)give(&u, PL_18, "testuser1", g, gl, 1);
	is_str(groups_of(&u, PL_18, "testuser1"), "ops",
	    "groups given replace resolved ones");
	pl_ugi_free(&u);
	return tap_done();
}
