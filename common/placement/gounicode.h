/*
 * gounicode.h - Go's Unicode tables, as its unicode package has them
 * (Unicode 15.0.0, the Go the scheduler is built with): the categories
 * and scripts a regular expression names with \p, the characters Go's
 * regexp adds to some of them under (?i), and unicode.SimpleFold. For
 * goregexp.c. The data is generated from Go (gounicode.inc).
 */
#ifndef PK_GOUNICODE_H
#define PK_GOUNICODE_H

#include <stddef.h>
#include <stdint.h>

/* A table: n sorted, disjoint [lo, hi] pairs at r[0, 2n). */
struct pl_uni {
	const uint32_t *r;
	size_t n;
};

/*
 * The category or script called name (Go's spelling: "Lu", "Greek"), and
 * its fold table (n == 0 when Go has none): 0, or -1 when Go has no such
 * table. "Any" is regexp/syntax's, not the unicode package's: not here.
 */
int pl_uni_table(const char *name, size_t len, struct pl_uni *tab,
    struct pl_uni *fold);
/* unicode.SimpleFold: the next character of r's case-folding orbit. */
uint32_t pl_uni_simple_fold(uint32_t r);

#endif
