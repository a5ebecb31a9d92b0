/* t_ftab - field tables: lookup, kinds and ranges, modes, messages, raw text */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exitcode.h"
#include "fieldtab.h"
#include "tap.h"

static char msgs[4096];
static unsigned nwhere;

static void
collect(void *arg, const struct diag_msg *m)
{
	size_t n = strlen(msgs);

	(void)arg;
	snprintf(msgs + n, sizeof msgs - n, "%s%s|", m->warning ? "w: " : "",
	    m->text);
}

/* Positions: the line says what was asked for. */
static struct pos
where(void *arg, const struct ft_err *e)
{
	struct pos p = { "f", 0, 0 };

	(void)arg;
	nwhere++;
	p.line = e->code == FT_E_UNKNOWN ? 1 : e->code == FT_E_MISSING ? 2 : 3;
	return p;
}

#define M_A 1
#define M_B 2

static const struct ft_field rec_f[] = {
	{ "name", FT_STR, 0, 0, FT_ALL, NULL, NULL },
	{ "n", FT_INT, 0, 0, 0, NULL, NULL },
	{ "big", FT_LONG, 0, 0, 0, NULL, NULL },
	{ "count", FT_COUNT, 0, 0, 0, NULL, NULL },
	{ "flag", FT_BOOL, 0, 0, 0, NULL, NULL },
	{ "label", FT_STR, FT_NULL, 0, 0, NULL, NULL },
	{ "list", FT_SEQ, 0, 0, 0, NULL, NULL },
	{ "map", FT_MAP, 0, 0, 0, NULL, NULL },
	{ "time", FT_LONG, 0, 0, 0, "milliseconds since the epoch", NULL },
	{ "a_only", FT_INT, 0, M_A, 0, NULL, NULL },
	{ "b_needs", FT_INT, 0, 0, M_B, NULL, NULL },
	{ "at", FT_TIME, 0, 0, 0, NULL, NULL }
};
enum { F_NAME, F_N, F_BIG, F_COUNT, F_FLAG, F_LABEL, F_LIST, F_MAP, F_TIME,
	F_AONLY, F_BNEEDS, F_AT };
static const struct ft_table rec = FT_TABLE("a record", rec_f, 0);
static const struct ft_table rec_needs = FT_TABLE("an event", rec_f, 1);

static struct diag d = DIAG_INIT("t");
static struct ft ft;
static struct ft_val v[FT_MAXF];

static struct json_object *cur;	/* the last object decoded, for v[] */

/* Decode the JSON object text with table t: the last result, or FT_ERR. */
static int
json(const struct ft_table *t, const char *text)
{
	int rc = 0;

	json_object_put(cur);
	cur = json_tokener_parse(text);

	msgs[0] = '\0';
	ft_begin(&ft, t, v);
	{
		json_object_object_foreach(cur, key, val)
			if ((rc = ft_json(&ft, key, val)) == FT_ERR)
				break;
	}
	if (rc != FT_ERR && ft_end(&ft) != 0)
		rc = FT_ERR;
	return rc;
}

/* An input a table refuses, what it says, and why. */
struct refused {
	const char *in, *msg, *what;
};

/* Values the table refuses. */
static const struct refused json_bad[] = {
	{ "{\"name\":1}", "'name' must be a string, not an integer|",
	    "type: string" },
	{ "{\"name\":\"a\",\"n\":2147483648}", "'n' is out of range for int|",
	    "range: int" },
	{ "{\"name\":\"a\",\"big\":18446744073709551615}",
	    "'big' is out of range for long|", "range: long" },
	{ "{\"name\":\"a\",\"count\":-1}", "'count' must not be negative|",
	    "a negative count" },
	{ "{\"name\":\"a\",\"count\":2147483648}",
	    "'count' is out of range for int|", "a count above 2^31-1" },
	{ "{\"name\":\"a\",\"count\":1.5}", "'count' must be a count (an "
	    "integer of at least 0), not a fractional number|", "type: count" },
	{ "{\"name\":\"a\",\"flag\":1}",
	    "'flag' must be true or false, not an integer|", "type: boolean" },
	{ "{\"name\":\"a\\u0000b\"}", "'name' holds a NUL character|",
	    "a NUL in a string" },
	{ "{\"name\":null}", "'name' must be a string, not null|",
	    "null where it is not allowed" },
	{ "{\"name\":\"a\",\"list\":{}}",
	    "'list' must be an array, not an object|", "type: array" },
	{ "{\"name\":\"a\",\"map\":[]}",
	    "'map' must be an object, not an array|", "type: object" },
	{ "{\"name\":\"a\",\"time\":\"noon\"}", "'time' must be milliseconds "
	    "since the epoch, not a string|", "a field's own words" },
	{ "{\"name\":\"a\",\"at\":-1}",
	    "'at' is out of range for a time (1970 to 9999)|",
	    "a time before 1970" },
	{ "{\"name\":\"a\",\"at\":253402300800000}",
	    "'at' is out of range for a time (1970 to 9999)|",
	    "a time after 9999" },
	{ "{\"name\":\"a\",\"at\":-9223372036854775808}",
	    "'at' is out of range for a time (1970 to 9999)|",
	    "a time at INT64_MIN" },
	{ "{\"name\":\"a\",\"zz\":1}", "unknown field 'zz' in a record|",
	    "unknown: an error" }
};

static void
test_json(void)
{
	size_t i;

	ft_init(&ft, &d, EXIT_DATAERR, where, NULL);
	ok(json(&rec, "{\"name\":\"x\",\"n\":-5,\"big\":9007199254740993,"
	    "\"count\":7,\"flag\":true,\"label\":null}") >= 0, "a good record");
	is_str(msgs, "", "... says nothing");
	ok(v[F_NAME].seen && strcmp(v[F_NAME].s, "x") == 0 && v[F_NAME].n == 1,
	    "a string and its length");
	is_int(v[F_N].i, -5, "an int");
	is_int(v[F_BIG].i, INT64_C(9007199254740993), "a long, exactly");
	is_int(v[F_COUNT].i, 7, "a count");
	is_int(v[F_FLAG].i, 1, "a boolean");
	ok(!v[F_LABEL].seen && (ft.seen & (1u << F_LABEL)),
	    "null: given, not seen");
	ok(!v[F_LIST].seen, "absent: not seen");

	is_int(json(&rec, "{\"n\":1}"), FT_ERR, "a required field missing");
	is_str(msgs, "a record has no 'name'|", "... 'has no'");
	is_int(ft.rc, EXIT_DATAERR, "... status");
	json(&rec_needs, "{\"n\":1}");
	is_str(msgs, "an event needs 'name'|", "... or 'needs'");

	ok(json(&rec, "{\"name\":\"a\",\"n\":-2147483648}") >= 0,
	    "INT32_MIN is an int");
	for (i = 0; i < sizeof json_bad / sizeof *json_bad; i++) {
		json(&rec, json_bad[i].in);
		is_str(msgs, json_bad[i].msg, "%s", json_bad[i].what);
	}

	/* unknown members, and modes */
	ft.unknown = FT_U_WARN;
	ok(json(&rec, "{\"name\":\"a\",\"zz\":1}") != FT_ERR, "unknown: warned");
	is_str(msgs, "w: unknown field 'zz' in a record ignored|", "... ignored");
	ft.unknown = FT_U_SKIP;
	nwhere = 0;
	ok(json(&rec, "{\"name\":\"a\",\"zz\":1}") != FT_ERR && *msgs == '\0' &&
	    nwhere == 0, "unknown: skipped quietly, no position computed");
	ft.unknown = FT_U_ERR;
	ok(json(&rec, "{\"name\":\"a\",\"a_only\":1}") >= 0, "mode A knows a_only");
	ft.mode = M_B;
	json(&rec, "{\"name\":\"a\",\"a_only\":1}");
	is_str(msgs, "unknown field 'a_only' in a record|", "mode B does not");
	json(&rec, "{\"name\":\"a\"}");
	is_str(msgs, "a record has no 'b_needs'|", "mode B requires b_needs");
	ft.mode = 1;

	/* the record itself */
	json_object_put(cur);
	cur = json_tokener_parse("[1]");
	msgs[0] = '\0';
	is_int(ft_json_record(&ft, &rec, cur), FT_ERR, "not an object");
	is_str(msgs, "a record must be an object, not an array|", "... says so");
	json_object_put(cur);
	cur = NULL;
}

/* A report that gives the unknown-member warning once. */
static int warned;

static int
once(struct ft *f, const struct ft_err *e)
{
	if (e->code == FT_E_UNKNOWN) {
		if (!warned++)
			(void)ft_report(f, e);
		return 0;
	}
	return ft_report(f, e);
}

static void
test_lazy(void)
{
	struct json_object *o = json_object_new_object();
	int i, bad = 0;
	char k[16];

	json_object_object_add(o, "name", json_object_new_string("x"));
	for (i = 0; i < 40000; i++) {
		snprintf(k, sizeof k, "k%d", i);
		json_object_object_add(o, k, json_object_new_int(i));
	}
	ft_init(&ft, &d, EXIT_DATAERR, where, NULL);
	ft.unknown = FT_U_WARN;
	ft.report = once;
	nwhere = 0;
	msgs[0] = '\0';
	ft_begin(&ft, &rec, v);
	{
		json_object_object_foreach(o, key, val)
			bad += ft_json(&ft, key, val) == FT_ERR;
	}
	is_int(bad, 0, "40,000 unknown members: no error");
	is_int(nwhere, 1, "... one position computed, for the one warning");
	is_str(msgs, "w: unknown field 'k0' in a record ignored|", "... the first");
	json_object_put(o);
}

static struct yl_doc doc;

/* The YAML mapping text's pairs through table t. */
static int
yaml(const struct ft_table *t, const char *text)
{
	size_t i;
	int rc = 0;

	yl_free(&doc);
	if (yl_load_string(&doc, "q.yaml", text, strlen(text), &d, 1) != 0)
		return -99;
	msgs[0] = '\0';
	ft_begin(&ft, t, v);
	for (i = 0; i < doc.root->n; i++)
		if ((rc = ft_yaml(&ft, doc.root->kids[2 * i],
		    doc.root->kids[2 * i + 1])) == FT_ERR)
			break;
	return rc;
}

static const struct ft_field conf_f[] = {
	{ "name", FT_STR, 0, 0, 0, NULL, NULL },
	{ "parent", FT_BOOL, 0, 0, 0, NULL, NULL },
	{ "max", FT_UINT, 0, 0, 0, "a non-negative integer", NULL },
	{ "weight", FT_NUM, 0, 0, 0, NULL, NULL },
	{ "queues", FT_SEQ, 0, 0, 0, "a sequence of queues", NULL },
	{ "props", FT_MAP, 0, 0, 0, NULL, NULL },
	{ "n", FT_INT, 0, 0, 0, NULL, NULL }
};
enum { Y_NAME, Y_PARENT, Y_MAX, Y_WEIGHT, Y_QUEUES, Y_PROPS, Y_N };
static const struct ft_table conf = FT_TABLE("a queue", conf_f, 0);

/* Pairs the table refuses. */
static const struct refused yaml_bad[] = {
	{ "parent: maybe\n", "'parent' must be true or false, not 'maybe'|",
	    "a scalar of the wrong kind is quoted" },
	{ "parent: 'true'\n", "'parent' must be true or false, not 'true'|",
	    "a quoted true is a string" },
	{ "queues: x\n", "'queues' must be a sequence of queues, not a "
	    "scalar|", "a shape of the wrong kind is named" },
	{ "name: [a]\n", "'name' must be a string, not a sequence|",
	    "type: string" },
	{ "max: -1\n", "'max' must be a non-negative integer, not '-1'|",
	    "type: unsigned" },
	{ "n: 4294967296\n", "'n' is out of range for int|", "range: int" },
	{ "props: [a]\n", "'props' must be a mapping, not a sequence|",
	    "type: mapping" },
	{ "colour: red\n", "unknown key 'colour' in a queue|",
	    "unknown: a key" }
};

static void
test_yaml(void)
{
	static const struct ft_field item = { NULL, FT_STR, 0, 0, 0, NULL, NULL };
	static const struct ft_field num = { NULL, FT_NUM, 0, 0, 0, NULL, NULL };
	struct ft_val iv;
	size_t i;

	ft_init(&ft, &d, EXIT_CONFIG, where, NULL);
	ok(yaml(&conf, "name: 3\nparent: Yes\nmax: 0x10\nweight: .inf\n"
	    "queues: []\nprops: {}\nn: -0b101\n") >= 0, "a good mapping");
	is_str(msgs, "", "... says nothing");
	ok(v[Y_NAME].seen && strcmp(v[Y_NAME].s, "3") == 0,
	    "a string field takes any scalar");
	is_int(v[Y_PARENT].i, 1, "YAML 1.1 booleans");
	is_int(v[Y_N].i, -5, "Go's integers, in base 2 too");
	yaml(&conf, "name: ~\nparent: null\nqueues:\n");
	ok(!v[Y_NAME].seen && !v[Y_PARENT].seen && !v[Y_QUEUES].seen &&
	    *msgs == '\0', "null is every field's zero value");
	for (i = 0; i < sizeof yaml_bad / sizeof *yaml_bad; i++) {
		yaml(&conf, yaml_bad[i].in);
		is_str(msgs, yaml_bad[i].msg, "%s", yaml_bad[i].what);
	}

	yaml(&conf, "a: {x: 1}\nb: abc\n");
	msgs[0] = '\0';
	is_int(ft_yaml_item(&ft, &item, "users", NULL, doc.root->kids[1], &iv),
	    FT_ERR, "an item");
	is_str(msgs, "an item of 'users' must be a string, not a mapping|",
	    "... of a sequence");
	msgs[0] = '\0';
	ft_yaml_item(&ft, &num, "weights", doc.root->kids[2], doc.root->kids[3],
	    &iv);
	is_str(msgs, "'b' in 'weights' must be a number, not 'abc'|",
	    "... of a mapping");
	msgs[0] = '\0';
	is_int(ft_yaml_record(&ft, &conf, doc.root->kids[3]), FT_ERR,
	    "a record that is no mapping");
	is_str(msgs, "a queue must be a mapping, not a scalar|", "... says so");
	is_int(ft_yaml_record(&ft, &conf, NULL), 1, "none is none");
	yl_free(&doc);
}

/* The fast path: "k":v,... through the raw reader; 1 taken, 0 declined. */
static int
raw(const char *text)
{
	struct js c = { text, text + strlen(text) };
	struct js_str k;
	int i;

	ft_begin(&ft, &rec, v);
	do {
		if (!js_str(&c, &k) || !js_eat(&c, ':') ||
		    (i = ft_raw_key(&ft, k.s, k.n)) < 0 ||
		    !ft_raw_value(&ft, i, &c))
			return 0;
	} while (js_eat(&c, ','));
	return c.p == c.e && ft_raw_done(&ft);
}

/* Members the fast path must decline. */
static const struct {
	const char *in, *what;
} raw_declined[] = {
	{ "\"n\":1", "a required field missing" },
	{ "\"name\":\"x\",\"name\":\"y\"", "a field twice" },
	{ "\"name\":\"x\",\"zz\":1", "an unknown field" },
	{ "\"name\":\"x\",\"count\":-1", "a negative count" },
	{ "\"name\":\"x\",\"n\":2147483648", "out of range" },
	{ "\"name\":\"x\",\"label\":null", "null" },
	{ "\"name\":\"x\",\"at\":-1", "a time before 1970" },
	{ "\"name\":\"x\",\"at\":9223372036854775807", "a time past 9999" },
	{ "\"name\":\"x\",\"list\":[]", "an array" },
	{ "\"name\":1", "a kind that does not fit" }
};

static void
test_raw(void)
{
	size_t i;

	ft_init(&ft, NULL, 0, NULL, NULL);
	ok(raw("\"name\":\"x\",\"n\":-3,\"count\":0,\"flag\":false"), "read raw");
	ok(v[F_NAME].n == 1 && v[F_N].i == -3 && v[F_FLAG].seen, "... values");
	ok(raw("\"flag\":true,\"name\":\"x\""), "in any order");
	ok(raw("\"name\":\"x\",\"at\":253402300799999") &&
	    v[F_AT].i == INT64_C(253402300799999), "the last time there is");
	for (i = 0; i < sizeof raw_declined / sizeof *raw_declined; i++)
		ok(!raw(raw_declined[i].in), "%s: declined", raw_declined[i].what);
	ft.mode = M_B;
	ok(!raw("\"name\":\"x\",\"a_only\":1,\"b_needs\":1"),
	    "a field unknown in the mode: declined");
	ok(raw("\"name\":\"x\",\"b_needs\":1"), "the mode's table");
}

int
main(void)
{
	d.sink = collect;
	test_json();
	test_lazy();
	test_yaml();
	test_raw();
	return tap_done();
}
