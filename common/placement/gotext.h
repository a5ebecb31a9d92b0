/*
 * gotext.h - the text forms of Go values that YuniKorn's messages carry,
 * so that placekit prints them byte for byte: strconv.Quote (as %q and
 * %#v print a string) and %v of a []string; and Go's white space
 * (unicode.IsSpace, strings.TrimSpace). Pure functions.
 */
#ifndef PK_GOTEXT_H
#define PK_GOTEXT_H

#include <stddef.h>

#include "buffer.h"

/* A counted string, for lists of them. */
struct pl_gostr {
	const char *s;
	size_t n;
};

/*
 * Append strconv.Quote(s): "..." with \" \\ \a \b \f \n \r \t \v, other
 * control characters and invalid UTF-8 as \x.., \u.... Characters beyond
 * ASCII are kept unless they are C1 controls, U+00AD, the line and
 * paragraph separators or U+FEFF (Go's unicode.IsPrint, for the
 * characters a configuration can hold in practice).
 */
void pl_go_quote(struct buf *, const char *, size_t);
/* Append fmt's %v of a []string: [a b c], [] when empty. */
void pl_go_strs(struct buf *, const struct pl_gostr *, size_t);
/* Go's unicode.IsSpace for the UTF-8 character at s: its length, or 0. */
size_t pl_go_space_len(const char *s, size_t n);
/* strings.TrimSpace: narrow [*s, *s + *n) to leave out the white space
 * around it. */
void pl_go_trim(const char **s, size_t *n);

#endif
