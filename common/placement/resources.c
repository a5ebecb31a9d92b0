/*
 * resources.c - configured and parsed resources, YuniKorn's way (resources.h).
 */
#include <stdlib.h>

#include "gotext.h"
#include "resources.h"
#include "saturate.h"
#include "xalloc.h"

void
pl_rconf_add(struct pl_rconf *rc, const char *name, size_t nn, const char *val,
    size_t vn, unsigned long line, unsigned long col)
{
	struct pl_rval *v;

	rc->v = xreallocarray(rc->v, rc->n + 1, sizeof *rc->v);
	v = &rc->v[rc->n++];
	memset(v, 0, sizeof *v);
	v->name.s = xmemdup0(name, nn);
	v->name.n = nn;
	v->name.set = 1;
	v->val.s = xmemdup0(val, vn);
	v->val.n = vn;
	v->val.set = 1;
	v->name.line = v->val.line = line;
	v->name.col = v->val.col = col;
	rc->set = 1;
}

void
pl_rconf_free(struct pl_rconf *rc)
{
	size_t i;

	for (i = 0; i < rc->n; i++) {
		free(rc->v[i].name.s);
		free(rc->v[i].val.s);
	}
	free(rc->v);
	memset(rc, 0, sizeof *rc);
}

/* Go orders string map keys bytewise. */
static int
name_cmp(const char *a, size_t an, const char *b, size_t bn)
{
	int c = memcmp(a, b, an < bn ? an : bn);

	if (c != 0)
		return c;
	return an < bn ? -1 : an > bn;
}

static int
rval_cmp(const void *a, const void *b)
{
	const struct pl_rval *x = *(const struct pl_rval *const *)a;
	const struct pl_rval *y = *(const struct pl_rval *const *)b;

	return name_cmp(x->name.s, x->name.n, y->name.s, y->name.n);
}

void
pl_rconf_format(struct buf *b, const struct pl_rconf *rc)
{
	const struct pl_rval **v;
	size_t i;

	v = xcalloc(rc->n + 1, sizeof *v);
	for (i = 0; i < rc->n; i++)
		v[i] = &rc->v[i];
	qsort(v, rc->n, sizeof *v, rval_cmp);
	buf_puts(b, "map[");
	for (i = 0; i < rc->n; i++) {
		if (i > 0)
			buf_puts(b, " ");
		buf_add(b, v[i]->name.s, v[i]->name.n);
		buf_puts(b, ":");
		buf_add(b, v[i]->val.s, v[i]->val.n);
	}
	buf_puts(b, "]");
	free(v);
}

int
pl_rconf_blank(const struct pl_rconf *rc)
{
	size_t i;

	for (i = 0; i < rc->n; i++)
		if (rc->v[i].name.n > 0 && rc->v[i].val.n > 0)
			return 0;
	return 1;
}

/* ---- quantities ---- */

static int
digit(char c)
{
	return c >= '0' && c <= '9';
}

/* strconv.ParseInt(s, 10, 64), with Go's error texts. */
static int
parse_int(const char *s, size_t n, int64_t *out, struct buf *why)
{
	const char *err = "invalid syntax";
	uint64_t v = 0;
	size_t i = 0;
	int neg = 0;

	if (n > 0 && (s[0] == '+' || s[0] == '-'))
		neg = s[i++] == '-';
	if (i == n)
		goto fail;
	for (; i < n; i++) {		/* ParseUint: stops at the overflow */
		uint64_t v1;

		if (!digit(s[i]))
			goto fail;
		if (v >= UINT64_MAX / 10 + 1 ||
		    (v1 = v * 10 + (uint64_t)(s[i] - '0')) < v * 10) {
			err = "value out of range";
			goto fail;
		}
		v = v1;
	}
	if ((!neg && v > (uint64_t)INT64_MAX) ||
	    (neg && v > (uint64_t)INT64_MAX + 1)) {
		err = "value out of range";
		goto fail;
	}
	*out = neg ? (int64_t)(0 - v) : (int64_t)v;
	return 0;
fail:
	buf_puts(why, "strconv.ParseInt: parsing ");
	pl_go_quote(why, s, n);
	buf_printf(why, ": %s", err);
	return -1;
}

static int
rx_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r';
}

/* resources.parse: ^([0-9]+)\s*(([mkKMGTPE]i?)?)$ after TrimSpace. */
static int
parse_units(const char *s, size_t n, int milli, int64_t *out, struct buf *why)
{
	static const struct {
		const char *sfx;
		int64_t mul;
	} mult[] = {
		{ "", 1 }, { "m", 1 }, { "k", 1000 }, { "M", 1000000 },
		{ "G", INT64_C(1000000000) }, { "T", INT64_C(1000000000000) },
		{ "P", INT64_C(1000000000000000) },
		{ "E", INT64_C(1000000000000000000) },
		{ "Ki", INT64_C(1) << 10 }, { "Mi", INT64_C(1) << 20 },
		{ "Gi", INT64_C(1) << 30 }, { "Ti", INT64_C(1) << 40 },
		{ "Pi", INT64_C(1) << 50 }, { "Ei", INT64_C(1) << 60 },
	};
	size_t i = 0, nd, sn, k;
	const char *sfx;
	uint64_t v = 0;
	int64_t mul = 0, r;

	pl_go_trim(&s, &n);
	while (i < n && digit(s[i]))
		i++;
	if ((nd = i) == 0)
		goto invalid;
	while (i < n && rx_space(s[i]))
		i++;
	sfx = s + i;
	sn = n - i;
	if (sn > 2 || (sn >= 1 && strchr("mkKMGTPE", sfx[0]) == NULL) ||
	    (sn == 2 && sfx[1] != 'i'))
		goto invalid;
	for (k = 0; k < nd; k++) {
		uint64_t dv = (uint64_t)(s[k] - '0');

		if (v > ((uint64_t)INT64_MAX - dv) / 10) {
			buf_puts(why, "invalid quantity: overflow");
			return -1;
		}
		v = v * 10 + dv;
	}
	for (k = 0; k < sizeof mult / sizeof mult[0]; k++)
		if (strlen(mult[k].sfx) == sn && memcmp(mult[k].sfx, sfx, sn) == 0)
			mul = mult[k].mul;
	if (mul == 0 || (sn == 1 && sfx[0] == 'm' && !milli)) {
		buf_puts(why, "invalid suffix");
		return -1;
	}
	r = (int64_t)v;
	if (r > INT64_MAX / mul)
		goto overflow;
	r *= mul;
	if (milli && !(sn == 1 && sfx[0] == 'm')) {
		if (r > INT64_MAX / 1000)
			goto overflow;
		r *= 1000;
	}
	*out = r;
	return 0;
overflow:
	buf_puts(why, "invalid quantity: overflow");
	return -1;
invalid:
	buf_puts(why, "invalid quantity");
	return -1;
}

int
pl_res_quantity(const char *name, size_t nn, const char *val, size_t vn,
    enum pl_qty q, int64_t *out, struct buf *why)
{
	buf_clear(why);
	if (q == PL_QTY_INT)
		return parse_int(val, vn, out, why);
	return parse_units(val, vn, nn == 5 && memcmp(name, "vcore", 5) == 0,
	    out, why);
}

int
pl_res_parse(struct pl_res *r, const struct pl_rconf *rc, enum pl_qty q,
    struct buf *why, size_t *bad)
{
	size_t i;
	int64_t v;

	pl_res_init(r);
	for (i = 0; i < rc->n; i++) {
		const struct pl_rval *e = &rc->v[i];

		if (pl_res_quantity(e->name.s, e->name.n, e->val.s, e->val.n, q,
		    &v, why) != 0) {
			*bad = i;
			return -1;
		}
		if (v < 0) {	/* only ParseInt gives one */
			buf_clear(why);
			buf_puts(why, "negative resources not permitted: ");
			pl_rconf_format(why, rc);
			*bad = i;
			return -1;
		}
		pl_res_set(r, e->name.s, e->name.n, v);
	}
	return 0;
}

/* ---- resources ---- */

void
pl_res_init(struct pl_res *r)
{
	memset(r, 0, sizeof *r);
}

void
pl_res_free(struct pl_res *r)
{
	free(r->q);
	memset(r, 0, sizeof *r);
}

void
pl_res_copy(struct pl_res *dst, const struct pl_res *src)
{
	dst->n = 0;
	if (src == NULL)
		return;
	xgrow((void **)&dst->q, &dst->cap, src->n, sizeof *dst->q);
	if (src->n > 0)
		memcpy(dst->q, src->q, src->n * sizeof *src->q);
	dst->n = src->n;
}

/* The index of name, or where it goes (*found 0). */
static size_t
find(const struct pl_res *r, const char *name, size_t n, int *found)
{
	size_t lo = 0, hi = r->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = name_cmp(r->q[mid].name, r->q[mid].n, name, n);

		if (c == 0) {
			*found = 1;
			return mid;
		}
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	*found = 0;
	return lo;
}

/* The quantity of name: 1 with *v, or 0 when r lacks it. */
static int
get(const struct pl_res *r, const char *name, size_t n, int64_t *v)
{
	size_t i;
	int found;

	if (r == NULL)
		return 0;
	i = find(r, name, n, &found);
	if (found)
		*v = r->q[i].v;
	return found;
}

void
pl_res_set(struct pl_res *r, const char *name, size_t n, int64_t v)
{
	size_t i;
	int found;

	i = find(r, name, n, &found);
	if (!found) {
		xgrow((void **)&r->q, &r->cap, r->n + 1, sizeof *r->q);
		memmove(r->q + i + 1, r->q + i, (r->n - i) * sizeof *r->q);
		r->q[i].name = name;
		r->q[i].n = n;
		r->n++;
	}
	r->q[i].v = v;
}

static int
fit(const struct pl_res *larger, const struct pl_res *smaller, int skip_undef)
{
	size_t i;
	int64_t l;

	if (smaller == NULL)
		return 1;
	for (i = 0; i < smaller->n; i++) {
		if (!get(larger, smaller->q[i].name, smaller->q[i].n, &l)) {
			if (skip_undef)
				continue;
			l = 0;
		}
		if (l < 0)
			l = 0;
		if (smaller->q[i].v > l)
			return 0;
	}
	return 1;
}

int
pl_res_fitin(const struct pl_res *larger, const struct pl_res *smaller)
{
	return fit(larger, smaller, 0);
}

int
pl_res_fitin_maxundef(const struct pl_res *r, const struct pl_res *smaller)
{
	return fit(r, smaller, 1);
}

int
pl_res_iszero(const struct pl_res *r)
{
	size_t i;

	for (i = 0; r != NULL && i < r->n; i++)
		if (r->q[i].v != 0)
			return 0;
	return 1;
}

int
pl_res_positive(const struct pl_res *r)
{
	size_t i;
	int pos = 0;

	if (r == NULL)
		return 0;
	for (i = 0; i < r->n; i++) {
		if (r->q[i].v < 0)
			return 0;
		if (r->q[i].v > 0)
			pos = 1;
	}
	return pos;
}

/* Merge a and b into out, by name; both sides' quantities through f. */
static void
merge(struct pl_res *out, const struct pl_res *a, const struct pl_res *b,
    int64_t (*f)(int64_t, int64_t))
{
	struct pl_res m;
	size_t i = 0, j = 0;

	pl_res_init(&m);
	xgrow((void **)&m.q, &m.cap, a->n + b->n, sizeof *m.q);
	while (i < a->n || j < b->n) {
		int c = i == a->n ? 1 : j == b->n ? -1 :
		    name_cmp(a->q[i].name, a->q[i].n, b->q[j].name, b->q[j].n);

		if (c < 0)
			m.q[m.n++] = a->q[i++];
		else if (c > 0)
			m.q[m.n++] = b->q[j++];
		else {
			m.q[m.n] = a->q[i];
			m.q[m.n++].v = f(a->q[i++].v, b->q[j++].v);
		}
	}
	pl_res_free(out);
	*out = m;
}

void
pl_res_add(struct pl_res *sum, const struct pl_res *add)
{
	struct pl_res a = *sum;

	if (add == NULL)
		return;
	sum->q = NULL;
	sum->n = sum->cap = 0;
	merge(sum, &a, add, i64_add_sat);
	pl_res_free(&a);
}

static int64_t
min64(int64_t a, int64_t b)
{
	return a < b ? a : b;
}

void
pl_res_min(struct pl_res *out, const struct pl_res *a, const struct pl_res *b)
{
	static const struct pl_res none = { NULL, 0, 0 };

	merge(out, a != NULL ? a : &none, b != NULL ? b : &none, min64);
}

void
pl_res_format(struct buf *b, const struct pl_res *r)
{
	size_t i;

	if (r == NULL) {
		buf_puts(b, "nil resource");
		return;
	}
	buf_puts(b, "map[");
	for (i = 0; i < r->n; i++) {
		if (i > 0)
			buf_puts(b, " ");
		buf_add(b, r->q[i].name, r->q[i].n);
		buf_printf(b, ":%lld", (long long)r->q[i].v);
	}
	buf_puts(b, "]");
}
