/*
 * rhtest.h - what the role-history unit tests share: building a model
 * by hand, and what a writer prints.
 */
#ifndef PK_RHTEST_H
#define PK_RHTEST_H

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "outbuf.h"
#include "rolehistory.h"

static inline uint32_t
node(struct rh *m, const char *host)
{
	return rh_node_intern(m, host, strlen(host));
}

/* The (host, role) entry, last used then, with live instances. */
static inline struct rh_entry *
put(struct rh *m, const char *host, int32_t role, int64_t last_used,
    int32_t live)
{
	struct rh_entry *e = rh_entry_get(m, node(m, host), role);

	e->last_used = last_used;
	e->live = live;
	return e;
}

/* What write(arg, o) prints, in a static buffer. */
static inline char *
printed(void (*write)(const void *, struct ob *), const void *arg)
{
	static char buf[8192];
	FILE *f = tmpfile();
	struct ob o;
	ssize_t n;

	ob_init(&o, fileno(f));
	write(arg, &o);
	ob_finish(&o);
	n = pread(fileno(f), buf, sizeof buf - 1, 0);
	buf[n > 0 ? n : 0] = '\0';
	fclose(f);
	return buf;
}

#endif
