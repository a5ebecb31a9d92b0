/* t_plyaml - yaml.v2 and yaml.v3 decoding: values, nulls, merges, duplicates
 * and their messages */
#include <stdlib.h>
#include <string.h>

#include "goyaml.h"
#include "tap.h"

static struct buf got;

static void
sink(void *arg, const struct diag_msg *m)
{
	(void)arg;
	if (got.n > 0)
		buf_puts(&got, "\n");
	buf_printf(&got, "%lu: %s", m->pos != NULL ? m->pos->line : 0, m->text);
}

static struct diag d = { "t", 0, 0, 0, sink, NULL };
static int nerr;
static const struct pl_vout out = { "f", &d, &nerr };
static struct buf vals;		/* what the decoder set, in order */
static struct pl_yaml y = { .mode = 1 };

/* A queue: name string, parent bool, maxapplications uint64, properties
 * map[string]string, queues []configs.QueueConfig, users []string. */
static const struct ft_table queue_t;
static const struct ft_field queue_f[] = {
	{ "name", FT_STR, 0, 0, 0, "string", NULL },
	{ "parent", FT_BOOL, 0, 0, 0, "bool", NULL },
	{ "maxapplications", FT_UINT, 0, 0, 0, "uint64", NULL },
	{ "properties", FT_MAP, 0, 0, 0, "map[string]string", NULL },
	{ "queues", FT_SEQ, 0, 0, 0, "[]configs.QueueConfig", &queue_t },
	{ "users", FT_SEQ, 0, 0, 0, "[]string", NULL },
	{ "later", FT_STR, 0, 2, 0, "string", NULL }
};
enum { NAME, PARENT, APPS, PROPS, QUEUES, USERS };
static const struct ft_table queue_t =
    FT_TABLE("configs.QueueConfig", queue_f, 0);

static void queue(void *, int, const struct yl_node *);

static void
queue_item(void *arg, const struct yl_node *item)
{
	(void)arg;
	buf_puts(&vals, "{");
	pl_yaml_struct(&y, item, &queue_t, queue, NULL);
	buf_puts(&vals, "}");
}

static void
user_item(void *arg, const struct yl_node *item)
{
	struct pl_cstr s;

	(void)arg;
	if (pl_yaml_string(&y, item, &s) >= 0) {
		buf_printf(&vals, "%s,", s.set ? s.s : "");
		free(s.s);
	}
}

static void
queue(void *arg, int field, const struct yl_node *v)
{
	struct pl_cstr s;
	struct pl_rconf m;
	size_t i;
	uint64_t u;
	int b;

	(void)arg;
	switch (field) {
	case NAME:
		if (pl_yaml_string(&y, v, &s) >= 0)
			buf_printf(&vals, "name=%s;", s.set ? s.s : "(null)");
		free(s.s);
		break;
	case PARENT:
		if (pl_yaml_bool(&y, v, &b) >= 0)
			buf_printf(&vals, "parent=%d;", b);
		break;
	case APPS:
		if (pl_yaml_uint64(&y, v, &u) >= 0)
			buf_printf(&vals, "apps=%llu;", (unsigned long long)u);
		break;
	case PROPS:
		if (pl_yaml_strmap(&y, v, &m, NULL) >= 0) {
			buf_puts(&vals, "props=");
			for (i = 0; i < m.n; i++)
				buf_printf(&vals, "%s:%s,", m.v[i].name.s,
				    m.v[i].val.s);
			buf_puts(&vals, ";");
		}
		pl_rconf_free(&m);
		break;
	case QUEUES:
		(void)pl_yaml_seq(&y, v, queue_f[QUEUES].want, 1, queue_item,
		    NULL);
		break;
	case USERS:		/* "users=...;" unless a type error */
		i = vals.n;
		buf_puts(&vals, "users=");
		if (pl_yaml_seq(&y, v, "[]string", 1, user_item, NULL) == 0)
			buf_puts(&vals, ";");
		else
			vals.s[vals.n = i] = '\0';
		break;
	default:
		buf_puts(&vals, "later;");
	}
}

/* Decode text as a queue with yaml.v2 (0) or v3 (1): the values set, a
 * bar, the messages. */
static const char *
dec(const char *text, int v3)
{
	static struct buf res;
	struct yl_doc doc;

	buf_clear(&got);
	buf_clear(&vals);
	buf_clear(&res);
	y.v3 = v3;
	y.o = &out;
	if (yl_load_string_flags(&doc, "f", text, strlen(text), YL_GO, &d, 78)
	    == 0) {
		pl_yaml_struct(&y, doc.root, &queue_t, queue, NULL);
		yl_free(&doc);
	}
	buf_printf(&res, "%s|%s", vals.s != NULL ? vals.s : "",
	    got.s != NULL ? got.s : "");
	return res.s;
}

int
main(void)
{
	is_str(dec("parent: \"yes\"\n", 0),
	    "|1: cannot unmarshal !!str `yes` into bool", "v2: quoted yes");
	is_str(dec("parent: \"yes\"\n", 1), "parent=1;|", "v3: quoted yes");
	is_str(dec("parent: on\n", 0), "parent=1;|", "v2: plain on");
	is_str(dec("parent: on\n", 1), "parent=1;|", "v3: plain on");
	is_str(dec("parent: \"true\"\n", 1),
	    "|1: cannot unmarshal !!str `true` into bool", "quoted true fails");
	is_str(dec("parent: maybe\nmaxapplications: lots\n", 0),
	    "|1: cannot unmarshal !!str `maybe` into bool\n"
	    "2: cannot unmarshal !!str `lots` into uint64", "every type error");
	is_str(dec("maxapplications: -1\n", 1),
	    "|1: cannot unmarshal !!int `-1` into uint64", "negative");
	is_str(dec("maxapplications: \"5\"\n", 0),
	    "|1: cannot unmarshal !!str `5` into uint64", "quoted number");
	is_str(dec("maxapplications: 1.5\n", 0), "apps=1;|", "float truncated");
	is_str(dec("maxapplications: 0x10\n", 1), "apps=16;|", "hex");
	is_str(dec("maxapplications: 1_000\n", 1), "apps=1000;|", "underscores");
	is_str(dec("maxapplications: yes\n", 0),
	    "|1: cannot unmarshal !!bool `yes` into uint64", "v2: yes is a bool");
	is_str(dec("maxapplications: yes\n", 1),
	    "|1: cannot unmarshal !!str `yes` into uint64", "v3: yes is a string");
	is_str(dec("maxapplications: 2001-12-14\n", 1),
	    "|1: cannot unmarshal !!timestamp `2001-12-14` into uint64",
	    "timestamps");
	is_str(dec("maxapplications: averyveryverylongvalue\n", 1),
	    "|1: cannot unmarshal !!str `averyve...` into uint64",
	    "long values cut");
	is_str(dec("maxapplications: !!int \"7\"\n", 1), "apps=7;|",
	    "an explicit tag resolves a quoted value");
	is_str(dec("maxapplications: !!int abc\n", 1),
	    "|1: yaml: cannot decode !!str `abc` as a !!int", "a tag that does not fit");
	is_str(dec("name: 0x10\nparent: ~\n", 0), "name=0x10;parent=0;|",
	    "strings take the text as written; null is false");
	is_str(dec("name: [a]\n", 0), "|1: cannot unmarshal !!seq into string",
	    "a sequence into a string");
	is_str(dec("foo: 1\n", 0), "|1: field foo not found in type "
	    "configs.QueueConfig", "unknown field");
	is_str(dec("Name: a\n", 1), "|1: field Name not found in type "
	    "configs.QueueConfig", "field names are case-sensitive");
	is_str(dec("later: a\n", 1), "|1: field later not found in type "
	    "configs.QueueConfig", "a field of another mode is unknown");
	y.mode = 2;
	is_str(dec("later: a\n", 1), "later;|", "a field of the mode is known");
	y.mode = 1;
	is_str(dec("- a\n", 0), "|1: cannot unmarshal !!seq into "
	    "configs.QueueConfig", "a sequence into a struct");
	is_str(dec("queues:\n  name: a\n", 0), "|2: cannot unmarshal !!map into "
	    "[]configs.QueueConfig", "a mapping into a slice");

	/* duplicates */
	is_str(dec("name: a\nname: b\nproperties: {x: 1, x: 2}\n", 0),
	    "name=a;props=x:1,;|2: field name already set in type "
	    "configs.QueueConfig\n3: key \"x\" already set in map",
	    "v2: each duplicate, the first value kept");
	is_str(dec("name: a\nname: b\nproperties: {x: 1, x: 2}\n", 1),
	    "|2: mapping key \"name\" already defined at line 1",
	    "v3: the mapping is not decoded");
	is_str(dec("queues:\n  - name: a\n    name: b\n  - parent: x\n", 1),
	    "{}{}|3: mapping key \"name\" already defined at line 2\n"
	    "4: cannot unmarshal !!str `x` into bool",
	    "v3: only that mapping is left out");
	is_str(dec("foo: 1\nfoo: 2\n", 0),
	    "|1: field foo not found in type configs.QueueConfig\n"
	    "2: field foo not found in type configs.QueueConfig",
	    "v2: an unknown field twice is two unknown fields");

	/* nulls in lists */
	is_str(dec("users: [~, bob]\nqueues: [~]\n", 0),
	    "users=,bob,;{}|", "v2 keeps nulls as zero values");
	is_str(dec("users: [~, bob]\nqueues: [~]\n", 1), "users=bob,;|",
	    "v3 drops them");
	is_str(dec("properties: {a: ~}\n", 1), "props=a:,;|",
	    "null map values are empty strings");

	/* merges */
	is_str(dec("b: &b {name: x, parent: true}\n", 0),
	    "|1: field b not found in type configs.QueueConfig",
	    "(the anchor's own key is unknown)");
	is_str(dec("<<: {name: x, parent: true}\nname: y\n", 0),
	    "name=x;parent=1;name=y;|", "v2: merged in place, later keys win");
	is_str(dec("name: y\n<<: {name: x, parent: true}\n", 0),
	    "name=y;name=x;parent=1;|", "v2: a merge after the key wins");
	is_str(dec("name: y\n<<: {name: x, parent: true}\n", 1),
	    "name=y;parent=1;|", "v3: explicit keys win, merged after");
	is_str(dec("<<: [{name: x}, {name: z, parent: true}]\n", 1),
	    "name=x;parent=1;|", "v3: the first merged mapping wins");
	is_str(dec("<<: [{name: x}, {name: z, parent: true}]\n", 0),
	    "name=z;parent=1;name=x;|", "v2: later ones first, the first wins");
	is_str(dec("properties: {<<: {a: 1}, a: 2}\n", 0),
	    "props=a:1,;|1: key \"a\" already set in map",
	    "v2 strict: a map key merged and given");
	is_str(dec("properties: {<<: {a: 1}, a: 2}\n", 1), "props=a:2,;|",
	    "v3: the given one wins");
	is_str(dec("<<: 3\n", 1), "|1: yaml: map merge requires map or "
	    "sequence of maps as the value", "a merge of a scalar");

	/* documents and syntax */
	is_str(dec("name: a\n---\nthis: [is, broken\n", 1), "name=a;|",
	    "only the first document is read");
	is_str(dec("adminacl: *\n", 1), "|1: yaml: did not find expected "
	    "alphabetic or numeric character", "syntax: libyaml's problem");
	buf_free(&got);
	buf_free(&vals);
	return tap_done();
}
