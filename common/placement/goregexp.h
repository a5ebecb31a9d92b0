/*
 * goregexp.h - the regular expressions of placement rule filters: Go's RE2
 * syntax, as the scheduler compiles them, checked against Go's rules and
 * translated to a PCRE2 pattern that matches the same names (Perl and
 * POSIX classes as Go's ASCII sets, folded as Go folds them, Unicode
 * classes by category or script as Go has them). Compiled once with JIT,
 * matched with a reused match block under match and depth limits, so no
 * pattern and name can make a placement slow.
 */
#ifndef PK_GOREGEXP_H
#define PK_GOREGEXP_H

#include <stddef.h>

#include "buffer.h"

struct pl_re;

/* Compile (NULL with Go's reason in err, when Go refuses it), match (1, 0,
 * or -1 on the match limit, with a message in err), free. */
struct pl_re *pl_re_compile(const char *, size_t, struct buf *err);
int pl_re_match(struct pl_re *, const char *, size_t, struct buf *err);
void pl_re_free(struct pl_re *);
const char *pl_re_source(const struct pl_re *);

/* Is a regular expression anchored at the start (^...)? For warnings. */
int pl_re_anchored(const char *, size_t);

#endif
