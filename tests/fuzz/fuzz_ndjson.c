/*
 * fuzz_ndjson - the NDJSON line reader and the stream reader (nj_*).
 *
 * The first byte picks the mode (bit 0), a read size of 1-15 bytes or
 * unlimited (bits 1-4, so values straddle reads and the buffer moves),
 * and a record limit (bits 5-7). The rest is the input. Every value
 * handed out must be an object whose bytes are exactly the input at its
 * reported line and column, valid UTF-8 (RFC 3629: no overlong form, no
 * encoded surrogate), and must parse again to an equal object.
 * Read raw and parsed (or skipped, in a stream), and in line mode a block
 * at a time through a reader fed the blocks, the input must give what
 * nj_next gives, messages included.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <json-c/json.h>

#include "fuzz.h"
#include "jsonread.h"
#include "utf8.h"
#include "xalloc.h"

static const size_t maxlens[8] = { 0, 1, 16, 64, 256, 4096, 70000, 0 };

/* Byte offset of line:col in in[0, n), or SIZE_MAX. */
static size_t
offset_of(const uint8_t *in, size_t n, unsigned long line, unsigned long col)
{
	size_t off = 0;

	while (line > 1) {
		const uint8_t *nl = memchr(in + off, '\n', n - off);

		if (nl == NULL)
			return SIZE_MAX;
		off = (size_t)(nl - in) + 1;
		line--;
	}
	if (col - 1 > n - off)
		return SIZE_MAX;
	return off + col - 1;
}

static void
check_value(const struct nj_value *v, size_t maxlen, const uint8_t *in,
    size_t n)
{
	struct json_tokener *tok;
	struct json_object *again;
	size_t off;

	FUZZ_ASSERT(v->obj != NULL);
	FUZZ_ASSERT(json_object_is_type(v->obj, json_type_object));
	FUZZ_ASSERT(v->len >= 2 && v->text[0] == '{' && v->text[v->len - 1] == '}');
	FUZZ_ASSERT(v->len <= maxlen);
	FUZZ_ASSERT(v->pos.line >= 1 && v->pos.col >= 1);
	off = offset_of(in, n, v->pos.line, v->pos.col);
	FUZZ_ASSERT(off != SIZE_MAX && v->len <= n - off);
	FUZZ_ASSERT(memcmp(in + off, v->text, v->len) == 0);
	FUZZ_ASSERT(u8_check(v->text, v->len) == v->len);

	tok = json_tokener_new_ex(NJ_MAXDEPTH + 2);
	FUZZ_ASSERT(tok != NULL);
	json_tokener_set_flags(tok, JSON_TOKENER_STRICT | JSON_TOKENER_VALIDATE_UTF8);
	again = json_tokener_parse_ex(tok, v->text, (int)v->len);
	FUZZ_ASSERT(again != NULL);
	FUZZ_ASSERT(json_object_equal(again, v->obj));
	json_object_put(again);
	json_tokener_free(tok);
}

/* A reader over data[1, size) as the mode byte data[0] says. */
static struct nj_reader *
reader(int *fd, const uint8_t *data, size_t size, struct diag *d)
{
	struct nj_reader *r;

	if ((*fd = fuzz_fd(data + 1, size - 1)) < 0)
		return NULL;
	r = nj_fdopen(*fd, "fuzz", data[0] & 1 ? NJ_STREAM : NJ_LINES, d);
	nj_set_limits(r, maxlens[data[0] >> 5], (data[0] >> 1) & 15);
	return r;
}

enum { RAW, BLOCK, BLOCK_RAW };

/*
 * The next value of r read raw, then parsed, as placectl does and as
 * rh-load does with the values its fast path declines. In a stream, a
 * value that is all there (want, the value read the usual way, says how
 * long it is) is skipped instead every other time, as the fast path does.
 */
static int
next_raw(struct nj_reader *r, int stream, struct nj_value *v,
    const struct nj_value *want, int wrc, int *flip)
{
	int rc = nj_next(r, v, NJ_RAW);

	if (rc != NJ_VALUE)
		return rc;
	FUZZ_ASSERT(v->obj == NULL && v->len > 0);
	if (stream && wrc == NJ_VALUE && want->len <= v->len && (*flip ^= 1)) {
		FUZZ_ASSERT(v->pos.line == want->pos.line &&
		    v->pos.col == want->pos.col);
		nj_skip(r, want->len);
		v->len = want->len;
		v->obj = want->obj;
		return NJ_VALUE;
	}
	return nj_parse(r, v);
}

/*
 * The next value of a reader handed blocks (b) through a reader of its
 * own (w), as placectl -j reads: nj_next with NJ_BLOCK, nj_feed, then
 * nj_next, or nj_next with NJ_RAW and nj_parse.
 */
static int
next_in_block(struct nj_reader *b, struct nj_reader *w, int raw, int *fed,
    struct nj_value *v)
{
	struct nj_value blk;
	int rc;

	for (;;) {
		if (*fed && (rc = nj_next(w, v, raw ? NJ_RAW : 0)) != NJ_EOF)
			return raw && rc == NJ_VALUE ? nj_parse(w, v) : rc;
		*fed = 0;
		if ((rc = nj_next(b, &blk, NJ_BLOCK)) != NJ_VALUE)
			return rc;
		FUZZ_ASSERT(blk.obj == NULL && blk.len > 0);
		nj_feed(w, blk.text, blk.len, &blk.pos);
		*fed = 1;
	}
}

/*
 * Reader b, read the way how says, must give what reader a gives with
 * nj_next, messages included.
 */
static void
same_as_next(const uint8_t *data, size_t size, int how)
{
	struct diag da = DIAG_INIT("fuzz_ndjson"), db = DIAG_INIT("fuzz_ndjson");
	struct nj_reader *a, *b, *p;
	struct nj_value va, vb;
	char *ma = NULL, *mb = NULL;
	size_t la = 0, lb = 0;
	int fa, fb, ra, rb, fed = 0, flip = 0;

	FUZZ_ASSERT((da.sink_arg = open_memstream(&ma, &la)) != NULL);
	FUZZ_ASSERT((db.sink_arg = open_memstream(&mb, &lb)) != NULL);
	da.sink = db.sink = fuzz_msg_to_file;
	if ((a = reader(&fa, data, size, &da)) == NULL)
		goto out;
	if ((b = reader(&fb, data, size, &db)) == NULL) {
		nj_close(a);
		close(fa);
		goto out;
	}
	p = nj_fdopen(-1, "fuzz", NJ_LINES, &db);
	nj_set_limits(p, maxlens[data[0] >> 5], 0);
	do {
		ra = nj_next(a, &va, 0);
		rb = how == RAW ? next_raw(b, data[0] & 1, &vb, &va, ra, &flip) :
		    next_in_block(b, p, how == BLOCK_RAW, &fed, &vb);
		FUZZ_ASSERT(ra == rb);
		FUZZ_ASSERT(da.nerr == db.nerr);
		if (ra != NJ_VALUE)
			continue;
		FUZZ_ASSERT(va.pos.line == vb.pos.line && va.pos.col == vb.pos.col);
		FUZZ_ASSERT(va.len == vb.len && memcmp(va.text, vb.text, va.len) == 0);
		FUZZ_ASSERT(json_object_equal(va.obj, vb.obj));
	} while (ra != NJ_EOF);
	nj_close(a);
	nj_close(b);
	nj_close(p);
	close(fa);
	close(fb);
out:
	FUZZ_ASSERT(fclose(da.sink_arg) == 0 && fclose(db.sink_arg) == 0);
	FUZZ_ASSERT(la == lb && memcmp(ma, mb, la) == 0);
	free(ma);
	free(mb);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct diag d = DIAG_INIT("fuzz_ndjson");
	struct nj_reader *r;
	struct nj_value v;
	unsigned long last_line = 0, steps = 0;
	size_t maxlen;
	int fd, rc;

	if (size < 1 || (r = reader(&fd, data, size, &d)) == NULL)
		return 0;
	maxlen = maxlens[data[0] >> 5] != 0 ? maxlens[data[0] >> 5] : NJ_MAXLEN;
	while ((rc = nj_next(r, &v, 0)) != NJ_EOF) {
		FUZZ_ASSERT(rc == NJ_VALUE || rc == NJ_BAD);
		/* each call consumes input: no more results than bytes */
		FUZZ_ASSERT(++steps <= size + 1);
		if (rc != NJ_VALUE)
			continue;
		check_value(&v, maxlen, data + 1, size - 1);
		if ((data[0] & 1) == 0)
			FUZZ_ASSERT(v.pos.line > last_line);
		else
			FUZZ_ASSERT(v.pos.line >= last_line);
		last_line = v.pos.line;
	}
	if (data[0] & 1)	/* an error ends a stream */
		FUZZ_ASSERT(d.nerr <= 1);
	nj_close(r);
	close(fd);
	same_as_next(data, size, RAW);
	if ((data[0] & 1) == 0) {
		same_as_next(data, size, BLOCK);
		same_as_next(data, size, BLOCK_RAW);
	}
	return 0;
}
