/*
 * ndjson.h - the JSON input reader shared by every tool.
 *
 * Two modes:
 *   NJ_LINES   one object per line (NDJSON); a bad line is reported with
 *              FILE:LINE:COL and the reader can go on with the next line;
 *   NJ_STREAM  any whitespace-separated sequence of objects, possibly
 *              pretty-printed or glued together (Slider history files);
 *              an error ends the stream.
 *
 * Every value goes through a lexical pre-scan before json-c sees it, so
 * that what json-c 0.16 tolerates is refused here: raw control characters
 * in strings, NaN/Infinity, single quotes, comments, integers outside
 * [-2^63, 2^64-1], nesting deeper than the limit, records longer than the
 * limit. Top-level values must be objects.
 *
 * Before any read(2) the reader flushes the output buffer it was given,
 * so a filter answers each line at once when its input is slow.
 */
#ifndef PK_NDJSON_H
#define PK_NDJSON_H

#include <stddef.h>
#include <stdint.h>
#include <json-c/json.h>

#include "diag.h"
#include "obuf.h"

#define NJ_MAXLEN   (16UL << 20)	/* longest record, bytes */
#define NJ_MAXDEPTH 64			/* deepest nesting (at most 64) */

enum nj_mode { NJ_LINES, NJ_STREAM };

enum {
	NJ_VALUE = 1,	/* a value was read */
	NJ_EOF = 0,	/* no more input */
	NJ_BAD = -1,	/* a bad record, reported; NJ_LINES may go on */
	NJ_IOERR = -2	/* read failed, reported */
};

struct nj_value {
	struct json_object *obj;	/* owned by the reader until the next call */
	const char *text;		/* the value's bytes in the input */
	size_t len;
	struct pos pos;			/* where it starts */
};

struct nj_reader {
	int fd;
	int owned_fd;
	const char *name;
	enum nj_mode mode;
	struct diag *d;
	struct ob *flush;		/* flushed before blocking reads; may be NULL */
	void (*idle)(void *);		/* also called before reads; may be NULL */
	void *idle_arg;
	size_t maxlen;
	unsigned maxdepth;
	size_t rdmax;			/* most bytes per read(2), 0: no limit */

	char *buf;
	size_t cap, beg, end;		/* unread bytes: buf[beg, end) */
	int eof, dead, skipping;
	unsigned long line, col;	/* position of buf[beg] */
	size_t nl_off;			/* line mode: no '\n' in buf[beg, beg+nl_off) */
	size_t pending;			/* bytes of the last value, dropped next call */
	int pending_block;		/* ... and they are lines of a block */

	struct json_tokener *tok;
	struct json_object *cur;

	/* pre-scan state, offsets relative to beg */
	size_t sc_off, sc_num;
	unsigned sc_depth;
	uint64_t sc_kinds;		/* bit per open level: 1 object, 0 array */
	int sc_str, sc_esc, sc_int;
};

/* Open path ("-" or NULL: stdin). Returns 0, or EXIT_NOINPUT after reporting. */
int nj_open(struct nj_reader *, const char *path, enum nj_mode, struct diag *);
/* Read from an fd the caller owns. */
void nj_init(struct nj_reader *, int fd, const char *name, enum nj_mode,
    struct diag *);
int nj_next(struct nj_reader *, struct nj_value *);
/*
 * For parsing in other threads (NJ_LINES only): nj_next_raw hands out the
 * next non-blank line unchecked and unparsed (obj NULL, the text without
 * its newline); nj_parse checks and parses such a line exactly as nj_next
 * would, with a reader of its own (nj_init with fd -1) whose diag reports
 * the problems. The text is copied; its value belongs to that reader.
 */
int nj_next_raw(struct nj_reader *, struct nj_value *);
int nj_parse(struct nj_reader *, const char *text, size_t len,
    const struct pos *at, struct nj_value *);
/*
 * Check and parse, in place, the line nj_next_raw just handed out in v,
 * exactly as nj_next would have: for a caller that reads most lines
 * itself and needs json-c only for some.
 */
int nj_parse_raw(struct nj_reader *, struct nj_value *);
/*
 * For readers in other threads, a block at a time (NJ_LINES only):
 * nj_next_block hands out every complete line buffered, blank ones too
 * (obj NULL; the last line of the input may lack its newline); nj_feed
 * makes a reader of one's own (nj_init with fd -1, the same maxlen) read
 * such a block from its position as its whole input, with nj_next_raw or
 * nj_next. Lines, positions and messages are those of the whole input
 * read line by line.
 */
int nj_next_block(struct nj_reader *, struct nj_value *);
void nj_feed(struct nj_reader *, const char *text, size_t len,
    const struct pos *at);
/*
 * For a caller that reads common values itself (NJ_STREAM only): nj_peek
 * skips the blanks before the next value and points at the bytes already
 * read from there (*avail of them, at most the record limit), without
 * reading more; NULL when none are. nj_skip then consumes the n bytes of
 * a value the caller read; or the caller calls nj_next as usual.
 */
const char *nj_peek(struct nj_reader *, size_t *avail);
void nj_skip(struct nj_reader *, size_t n);
void nj_close(struct nj_reader *);

/* Exit status for a reader result: NJ_BAD -> 65, NJ_IOERR -> 74, else 0. */
int nj_status(int rc);

/* Does the integer literal s[0..n) fit in [-2^63, 2^64-1]? */
int nj_int_fits(const char *s, size_t n);

#endif
