/* t_plres - quantities per release, resource comparisons, Go's texts */
#include <string.h>

#include "gotext.h"
#include "resources.h"
#include "tap.h"

static struct buf why;

/* The quantity of value for name, or its error text. */
static const char *
qty(const char *name, const char *val, enum pl_qty q)
{
	static char out[256];
	int64_t v;

	if (pl_res_quantity(name, strlen(name), val, strlen(val), q, &v,
	    &why) != 0)
		return why.s;
	snprintf(out, sizeof out, "%lld", (long long)v);
	return out;
}

/* A resource from "name=value name=value" (integers). */
static void
res(struct pl_rconf *rc, struct pl_res *r, const char *spec)
{
	char tmp[256], *p, *eq;
	size_t bad;

	memset(rc, 0, sizeof *rc);
	snprintf(tmp, sizeof tmp, "%s", spec);
	for (p = strtok(tmp, " "); p != NULL; p = strtok(NULL, " ")) {
		eq = strchr(p, '=');
		pl_rconf_add(rc, p, (size_t)(eq - p), eq + 1, strlen(eq + 1), 1, 1);
	}
	if (pl_res_parse(r, rc, PL_QTY_INT, &why, &bad) != 0)
		printf("# bad spec %s\n", spec);
}

static const char *
fmt(const struct pl_res *r)
{
	static struct buf b;

	buf_clear(&b);
	pl_res_format(&b, r);
	return b.s;
}

int
main(void)
{
	struct pl_rconf ca, cb, cc;
	struct pl_res a, b, c, m;
	struct buf q = { 0 };
	struct pl_gostr l[3] = { { "a", 1 }, { "b c", 3 }, { "", 0 } };
	size_t bad;

	/* 1.0 and later */
	is_str(qty("memory", "10Gi", PL_QTY_UNITS), "10737418240", "10Gi");
	is_str(qty("vcore", "500m", PL_QTY_UNITS), "500", "vcore 500m");
	is_str(qty("vcore", "10", PL_QTY_UNITS), "10000", "vcore in thousandths");
	is_str(qty("vcore", "1k", PL_QTY_UNITS), "1000000", "vcore 1k");
	is_str(qty("memory", "5 Gi", PL_QTY_UNITS), "5368709120", "space before "
	    "the suffix");
	is_str(qty("vcore", " 2 ", PL_QTY_UNITS), "2000", "spaces around");
	is_str(qty("memory", "\xc2\xa0" "3\t", PL_QTY_UNITS), "3",
	    "Unicode spaces trimmed");
	is_str(qty("memory", "7Ei", PL_QTY_UNITS), "8070450532247928832", "7Ei");
	is_str(qty("memory", "5K", PL_QTY_UNITS), "invalid suffix", "K");
	is_str(qty("memory", "5mi", PL_QTY_UNITS), "invalid suffix", "mi");
	is_str(qty("memory", "5m", PL_QTY_UNITS), "invalid suffix",
	    "m for memory");
	is_str(qty("VCORE", "500m", PL_QTY_UNITS), "invalid suffix",
	    "only vcore is in thousandths");
	is_str(qty("memory", "text", PL_QTY_UNITS), "invalid quantity", "text");
	is_str(qty("memory", "-5", PL_QTY_UNITS), "invalid quantity", "no sign");
	is_str(qty("memory", "+5", PL_QTY_UNITS), "invalid quantity", "no plus");
	is_str(qty("memory", "1.5", PL_QTY_UNITS), "invalid quantity", "no point");
	is_str(qty("memory", "1e3", PL_QTY_UNITS), "invalid quantity",
	    "no exponent");
	is_str(qty("memory", "", PL_QTY_UNITS), "invalid quantity", "empty");
	is_str(qty("memory", "5\xc2\xa0Gi", PL_QTY_UNITS), "invalid quantity",
	    "no Unicode space inside");
	is_str(qty("memory", "5\vGi", PL_QTY_UNITS), "invalid quantity",
	    "\\v is not \\s");
	is_str(qty("memory", "99999999999999999999", PL_QTY_UNITS),
	    "invalid quantity: overflow", "digits overflow");
	is_str(qty("memory", "99999999999999999999K", PL_QTY_UNITS),
	    "invalid quantity: overflow", "overflow before the suffix");
	is_str(qty("memory", "8Ei", PL_QTY_UNITS), "invalid quantity: overflow",
	    "8Ei");
	is_str(qty("vcore", "9223372036854776", PL_QTY_UNITS),
	    "invalid quantity: overflow", "vcore overflows in thousandths");
	is_str(qty("memory", "9223372036854775807", PL_QTY_UNITS),
	    "9223372036854775807", "the largest");

	/* up to 0.12 */
	is_str(qty("memory", "10Gi", PL_QTY_INT),
	    "strconv.ParseInt: parsing \"10Gi\": invalid syntax", "ParseInt");
	is_str(qty("memory", "", PL_QTY_INT),
	    "strconv.ParseInt: parsing \"\": invalid syntax", "ParseInt empty");
	is_str(qty("memory", "+5", PL_QTY_INT), "5", "ParseInt plus");
	is_str(qty("memory", "-9223372036854775808", PL_QTY_INT),
	    "-9223372036854775808", "ParseInt smallest");
	is_str(qty("memory", "9223372036854775808", PL_QTY_INT),
	    "strconv.ParseInt: parsing \"9223372036854775808\": value out of "
	    "range", "ParseInt range");
	is_str(qty("memory", "99999999999999999999x", PL_QTY_INT),
	    "strconv.ParseInt: parsing \"99999999999999999999x\": value out of "
	    "range", "ParseInt stops at the overflow");
	is_str(qty("memory", "18446744073709551615x", PL_QTY_INT),
	    "strconv.ParseInt: parsing \"18446744073709551615x\": invalid "
	    "syntax", "ParseInt: no overflow before the x");
	is_str(qty("memory", "1_000", PL_QTY_INT),
	    "strconv.ParseInt: parsing \"1_000\": invalid syntax",
	    "no underscores in base 10");
	is_str(qty("memory", "a\"\\\n\x01\xff\xc2\x85é", PL_QTY_INT),
	    "strconv.ParseInt: parsing \"a\\\"\\\\\\n\\x01\\xff\\u0085é\": "
	    "invalid syntax", "Go's quoting");

	memset(&ca, 0, sizeof ca);
	pl_rconf_add(&ca, "vcore", 5, "2", 1, 1, 1);
	pl_rconf_add(&ca, "memory", 6, "-50", 3, 2, 1);
	ok(pl_res_parse(&a, &ca, PL_QTY_INT, &why, &bad) != 0 && bad == 1,
	    "negative: refused at the value");
	is_str(why.s, "negative resources not permitted: map[memory:-50 vcore:2]",
	    "negative: the map as written, sorted");
	pl_res_free(&a);
	ok(pl_res_parse(&a, &ca, PL_QTY_UNITS, &why, &bad) != 0,
	    "1.0: no sign");
	is_str(why.s, "invalid quantity", "1.0: invalid quantity");
	pl_res_free(&a);
	pl_rconf_free(&ca);

	res(&ca, &a, "vcore=33 memory=50");
	is_str(fmt(&a), "map[memory:50 vcore:33]", "printed sorted");
	is_str(fmt(NULL), "nil resource", "nil");
	res(&cb, &b, "memory=10");
	ok(!pl_res_fitin(&b, &a) && pl_res_fitin_maxundef(&a, &b),
	    "FitIn: a type larger lacks is 0");
	ok(pl_res_fitin_maxundef(&b, &a) == 0, "FitInMaxUndef: memory 50 > 10");
	ok(pl_res_fitin_maxundef(NULL, &a) && pl_res_fitin(&a, NULL),
	    "nil receiver, nil smaller");
	ok(!pl_res_fitin(NULL, &a), "FitIn: nil larger is zero");
	res(&cc, &c, "memory=0 vcore=0");
	ok(pl_res_iszero(&c) && pl_res_iszero(NULL) && !pl_res_iszero(&a),
	    "IsZero");
	ok(!pl_res_positive(&c) && !pl_res_positive(NULL) &&
	    pl_res_positive(&a), "StrictlyGreaterThanZero");
	pl_res_init(&m);
	pl_res_min(&m, &a, &b);
	is_str(fmt(&m), "map[memory:10 vcore:33]", "ComponentWiseMin keeps "
	    "types one side lacks");
	pl_res_min(&m, &m, NULL);
	is_str(fmt(&m), "map[memory:10 vcore:33]", "min with nil (in place)");
	pl_res_add(&m, &a);
	is_str(fmt(&m), "map[memory:60 vcore:66]", "AddTo");
	pl_res_set(&m, "memory", 6, INT64_MAX);
	pl_res_add(&m, &a);
	is_str(fmt(&m), "map[memory:9223372036854775807 vcore:99]",
	    "AddTo saturates");
	pl_res_free(&a);
	pl_res_free(&b);
	pl_res_free(&c);
	pl_res_free(&m);
	pl_rconf_free(&ca);
	pl_rconf_free(&cb);
	pl_rconf_free(&cc);

	pl_go_strs(&q, l, 3);
	is_str(q.s, "[a b c ]", "%%v of a []string");
	buf_clear(&q);
	pl_go_strs(&q, l, 0);
	is_str(q.s, "[]", "%%v of an empty []string");
	buf_free(&q);
	buf_free(&why);
	return tap_done();
}
