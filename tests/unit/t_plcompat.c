/* t_plcompat - release names (--compat), the switches of each class, and
 * the tables compat.awk makes (releases, changes, the rows of one change) */
#include <stdio.h>
#include <string.h>

#include "compat.h"

#include "tap.h"

static int
rel(const char *s)
{
	struct buf err = { 0 };
	enum pl_compat c;
	int rc = pl_compat_parse(s, &c, &err);

	buf_free(&err);
	return rc == 0 ? (int)c : -1;
}

/* A range's first and last release, as "FIRST LAST", or the error. */
static const char *
range(const char *s)
{
	static char out[64];
	struct buf err = { 0 };
	size_t a, b;

	if (pl_release_range(s, &a, &b, &err) != 0)
		snprintf(out, sizeof out, "%.60s", err.s);
	else
		snprintf(out, sizeof out, "%s %s", pl_releases[a].name,
		    pl_releases[b].name);
	buf_free(&err);
	return out;
}

static void
ranges(void)
{
	is_str(range("all"), "0.10.0 1.8.0", "all");
	is_str(range("1.5..1.6"), "1.5.0 1.6.3", "a line is all its releases");
	is_str(range("1.5.1..v1.5.2"), "1.5.1 1.5.2", "releases");
	is_str(range("1.7.."), "1.7.0 1.8.0", "A.. to the latest");
	is_str(range("..0.12"), "0.10.0 0.12.2", "..B from the first");
	is_str(range("1.4"), "1.4.0 1.4.0", "one release");
	is_str(range("latest..latest"), "1.8.0 1.8.0", "latest");
	ok(strstr(range("1.6..1.5"), "goes back") != NULL, "a range back");
	ok(strstr(range("1.6..x"), "'x' in the range") != NULL &&
	    strstr(range("2.0..1.8"), "'2.0' in the range") != NULL &&
	    strstr(range("1.0...1.2"), "'.1.2' in the range") != NULL,
	    "unknown ends");
}

/* The releases, the changes and the rows of one change hang together. */
static void
tables(void)
{
	size_t i, bad = 0;
	int seen[PL_NCOMPAT] = { 0 };

	ok(pl_nreleases == 18 && strcmp(pl_releases[0].name, "0.10.0") == 0 &&
	    pl_releases[0].c == PL_010 &&
	    strcmp(pl_releases[pl_nreleases - 1].name, "1.8.0") == 0 &&
	    pl_releases[pl_nreleases - 1].c == PL_18,
	    "18 releases, 0.10.0 to 1.8.0");
	for (i = 1; i < pl_nreleases; i++)
		if (pl_releases[i].c != pl_releases[i - 1].c &&
		    pl_releases[i].c != pl_releases[i - 1].c + 1)
			bad++;
	ok(bad == 0, "the releases go through the classes in order");
	ok(pl_nrows == PL_NCOMPAT + 2 * pl_nchanges, "two rows a change");
	for (i = 0, bad = 0; i < pl_nchanges; i++) {
		const struct pl_change *ch = &pl_changes[i];

		seen[ch->c] = 1;
		if (ch->c == PL_010 || (i > 0 && ch->c < pl_changes[i - 1].c) ||
		    *ch->what == '\0' || (size_t)ch->with >= pl_nrows ||
		    (size_t)ch->without >= pl_nrows ||
		    strcmp(pl_ver(ch->with)->name, pl_ver(ch->c - 1)->name) != 0 ||
		    strcmp(pl_ver(ch->without)->name, pl_ver(ch->c)->name) != 0)
			bad++;
	}
	ok(bad == 0, "each change: a later class, words, its two rows");
	for (i = 1, bad = 0; i < PL_NCOMPAT; i++)
		bad += !seen[i];
	ok(bad == 0, "every class after the first changes something");
	for (i = 0, bad = 0; i < pl_nchanges; i++)
		bad += pl_changes[i].pods != (strncmp(pl_changes[i].sw, "pod_",
		    4) == 0);
	ok(bad == 0, "the shim's changes are the pod_* switches");
	ok(pl_ver(pl_changes[0].with)->checksum_key &&
	    !pl_ver(pl_changes[0].with)->max_undef_unlimited &&
	    !pl_ver(pl_changes[0].without)->checksum_key &&
	    pl_ver(pl_changes[0].without)->max_undef_unlimited,
	    "a change's rows: the class before with it, the class without it");
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
	ok(pl_compat_parse("2.0", &c, &err) != 0 && strstr(err.s, "'2.0'") &&
	    strstr(err.s, "1.8.0"), "an unknown release names the known ones");
	ok(rel("1.6.0") == PL_16 && rel("1.6.3") == PL_16 && rel("1.7") == PL_17,
	    "1.6.0 to 1.6.3 are one class");
	ok(pl_ver(PL_13)->static_path == PL_STATIC_130 &&
	    pl_ver(PL_14)->static_path == PL_STATIC_14 &&
	    pl_ver(PL_14)->maxapps == PL_MAXAPPS_14 &&
	    pl_ver(PL_150)->maxapps == PL_MAXAPPS_15 &&
	    pl_ver(PL_152)->fallback == PL_FALLBACK_NO_ACL &&
	    pl_ver(PL_16)->fallback == PL_FALLBACK_ACL,
	    "switches that change again have each class's value");
	ok(rel("1") == -1 && rel("") == -1 && rel("0.12.0") == -1,
	    "no 0.12.0, no bare major");
	for (i = 1; i < PL_NCOMPAT; i++) {	/* what came stays */
		const struct pl_ver *a = pl_ver((enum pl_compat)(i - 1));
		const struct pl_ver *b = pl_ver((enum pl_compat)i);

		ok(b->checksum_key >= a->checksum_key &&
		    b->quantity_units >= a->quantity_units &&
		    b->unique_partitions >= a->unique_partitions &&
		    b->yaml_v3 >= a->yaml_v3 && b->maxapps >= a->maxapps &&
		    b->hier_limits >= a->hier_limits &&
		    strlen(b->queue_chars) >= strlen(a->queue_chars) &&
		    strlen(b->user_chars) >= strlen(a->user_chars) &&
		    b->always_on >= a->always_on &&
		    b->recovery >= a->recovery &&
		    b->limit_zero >= a->limit_zero &&
		    b->static_path >= a->static_path &&
		    b->default_config >= a->default_config &&
		    b->forced_bypass >= a->forced_bypass,
		    "%s keeps what %s brought", b->name, a->name);
	}
	tables();
	ranges();
	buf_free(&err);
	return tap_done();
}
