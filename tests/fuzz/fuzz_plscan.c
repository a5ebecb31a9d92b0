/*
 * fuzz_plscan - the placement fast path (pl_app_scan) against the general
 * path (nj_next + pl_app_from_json), on one line.
 *
 * Whatever the fast path accepts, the general path must accept too and
 * read the same application: id, user, queue, groups, tags, member count and
 * flags, and the same object length. The fast path may decline anything.
 * Whatever either path accepts is valid UTF-8 (RFC 3629).
 */
#include <string.h>

#include "appread.h"
#include "fuzz.h"
#include "jsonread.h"
#include "utf8.h"

static int
same(const char *a, size_t an, const char *b, size_t bn)
{
	return an == bn && memcmp(a, b, an) == 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t n)
{
	struct diag d = DIAG_INIT("fuzz_plscan");
	struct pl_appbuf fb = { 0 }, gb = { 0 };
	struct pl_appin fin, gin;
	const struct pl_app *fa = &fin.app, *ga = &gin.app;
	const char *why;
	struct nj_reader *r;
	struct nj_value v;
	const char *text = (const char *)data;
	size_t len, i;

	if (memchr(data, '\n', n) != NULL)	/* one line, as the reader gives */
		return 0;
	while (n > 0 && (*text == ' ' || *text == '\t' || *text == '\r'))
		text++, n--;
	r = nj_fdopen(-1, "fuzz", NJ_LINES, &d);
	nj_feed(r, text, n, &(struct pos){ "fuzz", 1, 1 });
	if ((len = pl_app_scan(&fin, &fb, text, n)) == 0) {
		FUZZ_ASSERT(fb.ng == 0 && fb.nt == 0);
		pl_appbuf_free(&fb);
		if (nj_next(r, &v, 0) == NJ_VALUE)
			FUZZ_ASSERT(u8_check(v.text, v.len) == v.len);
		nj_close(r);
		return 0;
	}
	FUZZ_ASSERT(u8_check(text, len) == len);
	FUZZ_ASSERT(nj_next(r, &v, 0) == NJ_VALUE);
	FUZZ_ASSERT(v.len == len);
	FUZZ_ASSERT(pl_app_from_json(&gin, &gb, v.obj, &why) == 0);
	FUZZ_ASSERT(same(fa->id, fa->idlen, ga->id, ga->idlen));
	FUZZ_ASSERT(same(fa->user.name, fa->user.len, ga->user.name, ga->user.len));
	FUZZ_ASSERT(same(fa->queue, fa->qlen, ga->queue, ga->qlen));
	FUZZ_ASSERT(fa->user.ngroups == ga->user.ngroups);
	for (i = 0; i < fa->user.ngroups; i++)
		FUZZ_ASSERT(same(fa->user.groups[i], fa->user.glens[i],
		    ga->user.groups[i], ga->user.glens[i]));
	FUZZ_ASSERT(fa->ntags == ga->ntags);
	for (i = 0; i < fa->ntags; i++) {
		FUZZ_ASSERT(same(fa->tags[i].k, fa->tags[i].kn, ga->tags[i].k,
		    ga->tags[i].kn));
		FUZZ_ASSERT(same(fa->tags[i].v, fa->tags[i].vn, ga->tags[i].v,
		    ga->tags[i].vn));
	}
	FUZZ_ASSERT(fin.nmembers == gin.nmembers);
	FUZZ_ASSERT(fa->groups_given == ga->groups_given);
	FUZZ_ASSERT(fin.placement_member == gin.placement_member);
	nj_close(r);
	pl_appbuf_free(&fb);
	pl_appbuf_free(&gb);
	return 0;
}
