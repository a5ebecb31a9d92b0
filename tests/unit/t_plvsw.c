/* t_plvsw - release names, and the loading switches of each class */
#include <string.h>

#include "plvsw.h"
#include "tap.h"

static int
rel(const char *s)
{
	struct buf err = { 0 };
	enum pl_compat c;
	int rc = pl_vsw_compat(s, &c, &err);

	buf_free(&err);
	return rc == 0 ? (int)c : -1;
}

int
main(void)
{
	struct buf err = { 0 };
	enum pl_compat c;
	int i;

	ok(rel("0.10") == PL_010 && rel("0.10.0") == PL_010 &&
	    rel("v0.10.0") == PL_010, "0.10, 0.10.0, v0.10.0");
	ok(rel("1.5") == PL_152 && rel("1.5.1") == PL_150 &&
	    rel("1.5.0") == PL_150, "a line is its last release");
	ok(rel("0.12") == PL_012 && rel("1.1") == PL_10 && rel("1.6.2") == PL_16,
	    "releases that behave alike share a class");
	ok(rel("latest") == PL_18 && rel("1.8") == PL_18, "latest is 1.8");
	ok(pl_vsw_compat("2.0", &c, &err) != 0 && strstr(err.s, "'2.0'") &&
	    strstr(err.s, "1.8.0"), "an unknown release names the known ones");
	ok(rel("1") == -1 && rel("") == -1 && rel("0.12.0") == -1,
	    "no 0.12.0, no bare major");
	for (i = 1; i < PL_NCOMPAT; i++) {	/* what came stays */
		const struct pl_vsw *a = pl_vsw((enum pl_compat)(i - 1));
		const struct pl_vsw *b = pl_vsw((enum pl_compat)i);

		ok(b->checksum_key >= a->checksum_key &&
		    b->quantity_units >= a->quantity_units &&
		    b->unique_partitions >= a->unique_partitions &&
		    b->yaml_v3 >= a->yaml_v3 && b->maxapps >= a->maxapps &&
		    b->hier_limits >= a->hier_limits &&
		    strlen(b->queue_chars) >= strlen(a->queue_chars) &&
		    strlen(b->user_chars) >= strlen(a->user_chars),
		    "%s keeps what %s brought", b->name, a->name);
	}
	buf_free(&err);
	return tap_done();
}
