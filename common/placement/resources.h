/*
 * resources.h - YuniKorn resources as its configuration validator sees them:
 * a resource map as configured (names and values as written), the
 * quantities each release reads from it (strconv.ParseInt up to 0.12;
 * from 1.0 integers with Kubernetes suffixes, vcore in thousandths), the
 * comparisons the validator makes (FitIn, FitInMaxUndef, IsZero,
 * StrictlyGreaterThanZero, the sum and the component-wise minimum), and
 * Go's printing of them ("map[memory:10 vcore:1000]", "nil resource").
 *
 * A parsed resource keeps its quantities sorted by name, as Go prints a
 * map; the names point into the configuration it was read from. A NULL
 * resource is Go's nil *Resource.
 */
#ifndef PK_RESOURCES_H
#define PK_RESOURCES_H

#include <stddef.h>
#include <stdint.h>

#include "buffer.h"
#include "confmsg.h"

/* One configured quantity. */
struct pl_rval {
	struct pl_cstr name, val;	/* val: YAML's scalar text; "" for null */
};

/* A configured map[string]string of quantities, in file order. */
struct pl_rconf {
	struct pl_rval *v;
	size_t n;
	int set;		/* given and not null (an empty mapping is set) */
	unsigned long line, col;
};

struct pl_rq {
	const char *name;
	size_t n;
	int64_t v;
};

struct pl_res {
	struct pl_rq *q;	/* sorted by name, names unique */
	size_t n, cap;
};

/* How quantities are read: by release. */
enum pl_qty {
	PL_QTY_INT,		/* 0.10 - 0.12: strconv.ParseInt, no negatives */
	PL_QTY_UNITS		/* 1.0: 10Gi, 500m, vcore in thousandths */
};

/* Add a configured value (copies; tests and decoders). */
void pl_rconf_add(struct pl_rconf *, const char *name, size_t, const char *val,
    size_t, unsigned long line, unsigned long col);
void pl_rconf_free(struct pl_rconf *);
/* Go's %v of the map as configured: map[k:v ...], keys sorted. */
void pl_rconf_format(struct buf *, const struct pl_rconf *);
/* Is every value the empty string or its name (the template's "empty")? */
int pl_rconf_blank(const struct pl_rconf *);

/*
 * NewResourceFromConf: read every value. Returns 0, or -1 with YuniKorn's
 * message in why (cleared first) and the index of the value it is about
 * in *bad. Go visits a map in random order; placekit takes file order.
 */
int pl_res_parse(struct pl_res *, const struct pl_rconf *, enum pl_qty,
    struct buf *why, size_t *bad);
/* One quantity, as parse reads the value of name (0 or -1 with why). */
int pl_res_quantity(const char *name, size_t, const char *val, size_t,
    enum pl_qty, int64_t *out, struct buf *why);

void pl_res_init(struct pl_res *);
void pl_res_free(struct pl_res *);
void pl_res_copy(struct pl_res *dst, const struct pl_res *src);
/* Set a quantity (replacing one of the same name). */
void pl_res_set(struct pl_res *, const char *name, size_t, int64_t);

/* FitIn(larger, smaller): a type larger lacks counts as 0, negatives as 0. */
int pl_res_fitin(const struct pl_res *larger, const struct pl_res *smaller);
/* r.FitInMaxUndef(smaller): types r lacks are unlimited. */
int pl_res_fitin_maxundef(const struct pl_res *r, const struct pl_res *smaller);
/* IsZero: nil, or every quantity 0. */
int pl_res_iszero(const struct pl_res *);
/* StrictlyGreaterThanZero: not nil, none negative, one above 0. */
int pl_res_positive(const struct pl_res *);
/* sum.AddTo(add): quantities added, saturating as Go's addVal does. */
void pl_res_add(struct pl_res *sum, const struct pl_res *add);
/* out = ComponentWiseMin(a, b): per type the smaller, a type only one has
 * kept; a nil side gives the other (out is never nil). */
void pl_res_min(struct pl_res *out, const struct pl_res *a,
    const struct pl_res *b);
/* Go's %s of a *Resource: "nil resource" or map[name:value ...]. */
void pl_res_format(struct buf *, const struct pl_res *);

#endif
