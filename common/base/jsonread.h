/*
 * jsonread.h - the JSON input reader shared by every tool.
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
 * The reader is opaque. It is made with its input and the diag that
 * reports its problems, and read with one call, nj_next:
 *
 *	flags 0      the next value, checked and parsed;
 *	NJ_RAW       the next record as it stands, for a caller with a fast
 *	             path of its own: it reads the record itself, or hands it
 *	             back with nj_parse, which checks and parses it exactly
 *	             as flags 0 would have;
 *	NJ_BLOCK     (NJ_LINES) every complete line buffered, for another
 *	             thread to read with a reader of its own (nj_feed).
 *
 * Before any read(2) the reader flushes the output buffer it was given,
 * so a filter answers each line at once when its input is slow; and
 * before a read(2) that would wait for input it calls its idle hook.
 *
 * A record of a stream cut short is reported where the damage is (a line
 * is its own record, so NJ_LINES says only that it ended too soon): an
 * object that runs into a line beginning with '{' (the next record, where
 * records begin lines: one per line, or pretty-printed) is reported at
 * its start, naming the record it runs into, even when it makes the
 * object too long; else at the end of the input, naming its start.
 * Either way, a syntax error json-c finds before the cut is reported
 * instead: the record is broken there.
 */
#ifndef PK_JSONREAD_H
#define PK_JSONREAD_H

#include <stddef.h>
#include <stdint.h>
#include <json-c/json.h>

#include "diag.h"
#include "jsonlex.h"
#include "outbuf.h"

#define NJ_MAXLEN   (16UL << 20)	/* longest record, bytes */
#define NJ_MAXDEPTH JL_MAXDEPTH		/* deepest nesting */

enum nj_mode { NJ_LINES, NJ_STREAM };

enum {
	NJ_VALUE = 1,	/* a value was read */
	NJ_EOF = 0,	/* no more input */
	NJ_BAD = -1,	/* a bad record, reported; NJ_LINES may go on */
	NJ_IOERR = -2	/* read failed, reported */
};

/* nj_next flags */
#define NJ_RAW   1
#define NJ_BLOCK 2

struct nj_reader;

struct nj_value {
	struct json_object *obj;	/* owned by the reader until the next call */
	const char *text;		/* the value's bytes in the input */
	size_t len;
	struct pos pos;			/* where it starts */
};

/*
 * Open path ("-" or NULL: stdin) into *r. Returns 0, or EXIT_NOINPUT
 * after reporting (*r is NULL then).
 */
int nj_open(struct nj_reader **r, const char *path, enum nj_mode,
    struct diag *);
/* A reader of an fd the caller owns; fd -1: none, only what nj_feed gives. */
struct nj_reader *nj_fdopen(int fd, const char *name, enum nj_mode,
    struct diag *);
void nj_close(struct nj_reader *);

/* Flush ob before every read(2). */
void nj_set_flush(struct nj_reader *, struct ob *);
/* Call idle(arg) before a read(2) that would wait for input. */
void nj_set_idle(struct nj_reader *, void (*idle)(void *), void *arg);
/* The longest record (0: NJ_MAXLEN) and, for tests, the most bytes a
 * read(2) may ask for (0: as many as fit). */
void nj_set_limits(struct nj_reader *, size_t maxlen, size_t rdmax);
/* In line mode, say more after "unexpected end of line" (a value
 * pretty-printed over several lines): more, which must outlive r. */
void nj_set_eol(struct nj_reader *, const char *more);
/* The name positions carry: the path, or "<stdin>". */
const char *nj_name(const struct nj_reader *);

/*
 * The next value (flags 0), raw record (NJ_RAW) or block (NJ_BLOCK): NJ_VALUE
 * with v filled in, valid until the next call; or NJ_EOF, NJ_BAD, NJ_IOERR.
 *
 * A raw record has obj NULL and is not checked at all. In NJ_LINES it is
 * the next non-blank line, its leading blanks skipped, without its
 * newline; the next call goes past it. In NJ_STREAM it is what is
 * buffered from the start of the next value (at most the record limit):
 * the value may end before the last byte or after it. A caller that reads
 * the value there itself says how long it was with nj_skip; otherwise the
 * next call starts at the same value again.
 *
 * A block is every complete line buffered (reading until there is one),
 * blank ones too; at the end of input the last line may lack its newline.
 * A line that outgrows the limit is reported here, as flags 0 would.
 */
int nj_next(struct nj_reader *, struct nj_value *v, int flags);
/* Check and parse the raw record nj_next just handed out, as nj_next
 * with flags 0 would have: the same result, messages and positions. */
int nj_parse(struct nj_reader *, struct nj_value *v);
/* NJ_STREAM: the caller read the first n bytes of the raw record. */
void nj_skip(struct nj_reader *, size_t n);
/*
 * A stream reader made with nj_fdopen, before its first read: the input
 * begins with text[0, len) (copied), read already by another reader, at
 * the position at (its file too); the descriptor's bytes follow.
 */
void nj_unread(struct nj_reader *, const char *text, size_t len,
    const struct pos *at);
/*
 * Make the reader read text[0, len), a block another reader handed out,
 * as its whole input, positions starting at at (its file too, if set):
 * lines, positions and messages are those of the whole input read line
 * by line. The text is not copied: it must stay while the reader reads.
 */
void nj_feed(struct nj_reader *, const char *text, size_t len,
    const struct pos *at);

/* Move p over the n bytes of text s: lines and columns as the reader
 * counts them (for a position inside a value it handed out). */
void nj_pos_advance(struct pos *p, const char *s, size_t n);

/* Exit status for a reader result: NJ_BAD -> 65, NJ_IOERR -> 74, else 0. */
int nj_status(int rc);

/* Does the integer literal s[0..n) fit in [-2^63, 2^64-1]? */
#define nj_int_fits jl_int_fits

#endif
