/*
 * yamlload.h - safe YAML loading into a small position-carrying tree.
 *
 * Built on libyaml's event API with limits of our own: nesting depth,
 * a node budget (aliases are shared, never copied, but count for every
 * node they would expand to, so "billion laughs" is refused at once; a
 * node costs about 120 bytes, so the budget also bounds memory),
 * duplicate mapping keys refused, one document per file (unless YL_GO).
 * Scalars stay untyped text; the caller decides what a plain "true" or
 * "3" means.
 */
#ifndef PK_YAMLLOAD_H
#define PK_YAMLLOAD_H

#include <stdio.h>
#include <stddef.h>

#include "diag.h"

#define YL_MAXDEPTH 256
#define YL_MAXNODES 1000000UL	/* nodes, aliases expanded */

enum yl_kind { YL_SCALAR, YL_MAP, YL_SEQ };

struct yl_node {
	enum yl_kind kind;
	int plain;		/* scalar written without quotes or block style */
	char block;		/* scalar in block style: '|' literal,
				   '>' folded; else 0 */
	unsigned long line, col;	/* 1-based */
	char *str;		/* scalar text, NUL-terminated */
	size_t len;
	size_t n;		/* YL_SEQ: items; YL_MAP: pairs */
	struct yl_node **kids;	/* YL_MAP: key0, val0, key1, val1, ... */
	unsigned long weight;	/* nodes in this subtree, aliases expanded */
	char *tag;		/* explicit tag, or NULL */
};

struct yl_doc {
	const char *file;
	struct yl_node *root;	/* NULL for an empty document */
	struct yl_node **all;	/* every node, for freeing */
	size_t nall, capall;
};

/* 0, or -1 after reporting every problem as FILE:LINE:COL with status. */
int yl_load_file(struct yl_doc *, const char *path, struct diag *, int status);
/* The same from f, opened by the caller (who closes it), named name. */
int yl_load_fp(struct yl_doc *, const char *name, FILE *f, int flags,
    struct diag *, int status);
int yl_load_string(struct yl_doc *, const char *name, const char *text,
    size_t len, struct diag *, int status);
/*
 * The same, with flags. YL_GO loads as Go's yaml libraries do: only the
 * first document is read (what follows is not even parsed), duplicate
 * keys stay in the tree for the decoder to judge, and a syntax error is
 * "yaml: " and libyaml's problem alone, as go-yaml says it.
 */
#define YL_GO	1
int yl_load_file_flags(struct yl_doc *, const char *path, int flags,
    struct diag *, int status);
int yl_load_string_flags(struct yl_doc *, const char *name, const char *text,
    size_t len, int flags, struct diag *, int status);
void yl_free(struct yl_doc *);

/* Value of key in a mapping, or NULL. */
struct yl_node *yl_get(const struct yl_node *map, const char *key);
/* A plain scalar that YAML reads as null: "", "~", "null", "Null", "NULL". */
int yl_is_null(const struct yl_node *);
const char *yl_kind_name(enum yl_kind);

#endif
