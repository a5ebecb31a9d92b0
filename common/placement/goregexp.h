/*
 * goregexp.h - the regular expressions of placement rule filters, as the
 * scheduler's Go compiles and matches them (regexp.Compile, MatchString):
 * Go's syntax, its errors and limits, its classes, Unicode tables and
 * case folding (gounicode.h), and its answers. Matching runs all of an
 * expression's threads together over the name, through an automaton of
 * the sets of threads it meets: time linear in the name whatever the
 * expression (as Go's RE2), and every match has an answer.
 */
#ifndef PK_GOREGEXP_H
#define PK_GOREGEXP_H

#include <stddef.h>

#include "buffer.h"

struct pl_re;

/* Compile; NULL with Go's reason in err ("code: `text`") when Go refuses
 * it. */
struct pl_re *pl_re_compile(const char *, size_t, struct buf *err);
/* Does it match anywhere in s (1 or 0)? s is read as Go reads a string:
 * a byte of invalid UTF-8 is U+FFFD. Uses the expression's work space:
 * one match at a time. */
int pl_re_match(struct pl_re *, const char *s, size_t);
void pl_re_free(struct pl_re *);
const char *pl_re_source(const struct pl_re *);
/* For the tests: the most states the expression's automaton may have
 * (1024; 0: its threads run alone), and the work matching has done since
 * it was compiled (instructions visited, characters read by the
 * automaton). */
void pl_re_max_states(struct pl_re *, size_t);
unsigned long long pl_re_work(const struct pl_re *);

/* Does every match start at the start of the name (each way through the
 * expression begins with ^ or \A)? For warnings. */
int pl_re_anchored(const struct pl_re *);

#endif
