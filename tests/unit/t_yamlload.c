/* t_yamlload - the YAML tree: positions, limits, aliases, errors */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "exitcode.h"
#include "msgs.h"
#include "tap.h"
#include "yamlload.h"

static char errbuf[4096];
static struct yl_doc doc;

static int
load(const char *text)
{
	struct diag d = DIAG_INIT("t");
	struct msgs k;
	int rc;

	msgs_catch(&d, &k);
	rc = yl_load_string(&doc, "q.yaml", text, strlen(text), &d, EXIT_CONFIG);
	msgs_take(&k, errbuf, sizeof errbuf);
	return rc;
}

int
main(void)
{
	struct yl_node *n, *q;
	char *big;
	size_t i, len;

	is_int(load("partitions:\n  - name: default\n    queues:\n      - name: root\n"
	    "        parent: true\n"), 0, "a small configuration");
	n = yl_get(doc.root, "partitions");
	ok(n != NULL && n->kind == YL_SEQ && n->n == 1, "a sequence of one");
	q = yl_get(n->kids[0], "queues");
	ok(q != NULL && q->line == 4 && q->col == 7, "positions are 1-based line:col");
	n = yl_get(q->kids[0], "parent");
	ok(n && n->kind == YL_SCALAR && n->plain && strcmp(n->str, "true") == 0,
	    "scalars stay text, plain flagged");
	ok(yl_get(q->kids[0], "nope") == NULL, "missing key");
	yl_free(&doc);

	is_int(load("a: 'true'\nb: ~\nc:\nd: \"\"\n"), 0, "quoted and null scalars");
	ok(!yl_get(doc.root, "a")->plain, "quoted is not plain");
	ok(yl_is_null(yl_get(doc.root, "b")) && yl_is_null(yl_get(doc.root, "c")),
	    "~ and empty are null");
	ok(!yl_is_null(yl_get(doc.root, "d")), "a quoted empty string is not null");
	yl_free(&doc);

	is_int(load(""), 0, "an empty document");
	ok(doc.root == NULL, "has no root");
	yl_free(&doc);

	is_int(load("a: 1\nb: 2\na: 3\n"), -1, "duplicate keys");
	is_str(errbuf, "t: q.yaml:3:1: duplicate key 'a'\n", "are an error");

	is_int(load("key: [1, 2\nother: 3\n"), -1, "a syntax error");
	ok(strncmp(errbuf, "t: q.yaml:2:6: YAML: did not find expected ',' or ']'", 53) == 0,
	    "libyaml's message at its position");

	is_int(load("a: 1\n---\nb: 2\n"), -1, "two documents");
	is_str(errbuf, "t: q.yaml:2:1: more than one YAML document\n", "are refused");

	is_int(load("a: *nope\n"), -1, "an undefined alias");
	is_str(errbuf, "t: q.yaml:1:4: undefined YAML alias 'nope'\n", "is an error");

	is_int(load("a: &x [1, *x]\n"), -1, "a recursive alias");
	is_str(errbuf, "t: q.yaml:1:11: recursive YAML alias 'x'\n", "is refused");

	is_int(load("base: &b {x: 1}\nuse: *b\n"), 0, "an ordinary alias");
	ok(yl_get(doc.root, "use")->alias == yl_get(doc.root, "base"),
	    "stands for the node");
	ok(yl_get(doc.root, "use")->kids == yl_get(doc.root, "base")->kids,
	    "and shares its members");
	yl_free(&doc);

	/* billion laughs: 9 levels of 10 aliases each */
	big = malloc(4096);
	strcpy(big, "a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n");
	for (i = 1; i < 9; i++) {
		char line[128];

		snprintf(line, sizeof line, "%c: &%c [*%c,*%c,*%c,*%c,*%c,*%c,*%c,*%c,*%c]\n",
		    (int)('a' + i), (int)('a' + i), (int)('a' + i - 1), (int)('a' + i - 1),
		    (int)('a' + i - 1), (int)('a' + i - 1), (int)('a' + i - 1),
		    (int)('a' + i - 1), (int)('a' + i - 1), (int)('a' + i - 1),
		    (int)('a' + i - 1));
		strcat(big, line);
	}
	is_int(load(big), -1, "billion laughs");
	ok(strstr(errbuf, "aliases expand to more than 1000000 nodes") != NULL,
	    "is refused by the alias budget");
	free(big);

	big = malloc(2 * 300 + 8);
	for (i = 0; i < 300; i++)
		big[i] = '[';
	for (i = 0; i < 300; i++)
		big[300 + i] = ']';
	big[600] = '\0';
	is_int(load(big), -1, "deep nesting");
	is_str(errbuf, "t: q.yaml:1:257: YAML nested deeper than 256 levels\n",
	    "stops at the limit");
	free(big);

	is_int(load("a: \"\xff\"\n"), -1, "invalid UTF-8");
	ok(strstr(errbuf, "invalid YAML input") != NULL, "is a reader error");
	is_int(load("a: 1\nb: \"\xc3\xa9x\xc0\xaf\"\n"), -1, "an overlong form");
	is_str(errbuf, "t: q.yaml:2:7: invalid YAML input: invalid length of "
	    "a UTF-8 sequence\n", "... where it is, in characters");
	is_int(load("a: 1\nb: \"\xed\xa0\x80\"\n"), -1, "an encoded surrogate");
	is_str(errbuf, "t: q.yaml:2:5: invalid YAML input: invalid Unicode "
	    "character\n", "... where it is");
	is_int(load("\xf4\x90\x80\x80: 1\n"), -1, "past U+10FFFF");
	is_str(errbuf, "t: q.yaml:1:1: invalid YAML input: invalid Unicode "
	    "character\n", "... where it is");

	/* keys are unique per mapping, not per document */
	is_int(load("a: {a: 1, b: &a 2}\nb: {a: *a, b: 3}\n"), 0,
	    "the same keys in sibling mappings");
	yl_free(&doc);
	is_int(load("q: {name: a, x: 1, name: b}\n"), -1, "a duplicate in a nested map");
	is_str(errbuf, "t: q.yaml:1:20: duplicate key 'name'\n", "is found there");
	is_int(load("a: &x 1\nb: &x 2\nc: *x\n"), 0, "a redefined anchor");
	is_str(yl_get(doc.root, "c")->str, "2", "the last definition wins");
	yl_free(&doc);

	/*
	 * Found by timing hostile configurations: duplicate keys and anchors
	 * were found by linear search, so 100000 keys or anchors took a
	 * minute. Now hashed (this suite is not timed: were it quadratic
	 * again, 'make check' would crawl here).
	 */
	big = malloc(100000 * 24 + 64);
	for (i = 0, len = 0; i < 100000; i++)
		len += (size_t)sprintf(big + len, "k%zu: &a%zu v\n", i, i);
	strcpy(big + len, "last: *a99999\nk77: again\n");
	is_int(load(big), -1, "100000 keys and anchors, then a duplicate");
	is_str(errbuf, "t: q.yaml:100002:1: duplicate key 'k77'\n", "is found");
	free(big);

	/* 4 MB of YAML made 2000000 nodes and 250 MB of memory */
	big = malloc(2 * 1000001 + 16);
	strcpy(big, "a: [");
	for (i = 0; i < 1000000; i++)
		memcpy(big + 4 + 2 * i, "x,", 2);
	strcpy(big + 4 + 2 * i, "y]\n");
	is_int(load(big), -1, "a million and two nodes");
	is_str(errbuf, "t: q.yaml:1:2000003: YAML document of more than 1000000 nodes\n",
	    "are past the node budget");
	big[4 + 2 * 999997] = ']';
	big[4 + 2 * 999997 + 1] = '\0';
	is_int(load(big), 0, "a million nodes are not");
	is_int(doc.root->weight, 1000000, "and count as such");
	yl_free(&doc);
	free(big);
	return tap_done();
}
