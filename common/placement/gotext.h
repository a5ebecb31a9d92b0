/*
 * gotext.h - the text forms of Go values that YuniKorn's messages carry,
 * so that placekit prints them byte for byte: strconv.Quote (as %q and
 * %#v print a string) and %v of a []string; and Go's white space
 * (unicode.IsSpace, strings.TrimSpace); what Go's yaml makes of a plain
 * scalar, and Go's text of a float. Pure functions.
 */
#ifndef PK_GOTEXT_H
#define PK_GOTEXT_H

#include <stddef.h>
#include <stdint.h>

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

/*
 * What Go's yaml makes of a plain scalar s (n bytes, NUL-terminated):
 * resolve.go of yaml.v2 (v3 0: YAML 1.1 booleans) or yaml.v3, by the
 * plain rules (no tag, or a tag that resolves); a timestamp only when
 * tagged_ts. The same in v2.2.8 and v2.4.0, v3.0.1 and v3.0.4.
 */
enum pl_go_kind { PL_GO_NULL, PL_GO_BOOL, PL_GO_INT, PL_GO_UINT, PL_GO_FLOAT,
	PL_GO_TIME, PL_GO_STR };
struct pl_go_scalar {
	enum pl_go_kind k;
	int b;			/* PL_GO_BOOL */
	int64_t i;		/* PL_GO_INT */
	uint64_t u;		/* PL_GO_UINT */
	double f;		/* PL_GO_FLOAT */
};
void pl_go_resolve(int v3, const char *s, size_t n, int tagged_ts,
    struct pl_go_scalar *);
/* Is s one of YAML's nulls ("", ~, null, Null, NULL)? */
int pl_go_yaml_null(const char *s);
/* s as one of YAML 1.1's booleans beyond true and false (y, yes, on, n,
 * no, off in their cases): 1, 0, or -1 when it is none. */
int pl_go_yaml11_bool(const char *s);
/*
 * Append fmt's %v of a float64, strconv.FormatFloat(f, 'g', -1, 64): the
 * shortest digits that read back as f, in exponent form
 * ("1.23456789e+08") from 10^6 and below 10^-4.
 */
void pl_go_float(struct buf *, double f);

#endif
