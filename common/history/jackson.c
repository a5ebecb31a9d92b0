/*
 * jackson.c - Jackson 1.9.13's JSON parser as Slider's reader drives it
 * (jackson.h): ByteSourceBootstrapper, Utf8StreamParser for UTF-8,
 * ReaderBasedParser over Java's UTF-16 decoder or Jackson's UTF32Reader,
 * and the Java they run on where it shows (integer parsing, character
 * classes, the messages of their exceptions).
 *
 * The parser's own variables are kept as Jackson keeps them (_inputPtr,
 * _inputEnd, _currInputProcessed, _currInputRowStart, _currInputRow),
 * over buffers filled as Jackson fills them, so that the line and column
 * in a message and the point where the reading stops are Jackson's, end
 * of input included (a read that finds the end still moves the row start
 * back by the last buffer's length, and closes the stream). The input is
 * read through a window of the file; the bytes of Jackson's buffer are
 * always in it.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hashtable.h"
#include "jackson.h"
#include "jchars.h"
#include "xalloc.h"

#define CHUNK	4000	/* Jackson's byte buffer (its BufferRecycler) */
#define CCHUNK	2000	/* its char buffer, read from a Reader */
#define DECBUF	8192	/* the byte buffer of Java's StreamDecoder */
#define WINMIN	65536	/* the window's reads */

#define JPE	"org.codehaus.jackson.JsonParseException"
#define IOE	"java.io.IOException"
#define CCE	"java.io.CharConversionException"
#define AIOOBE	"java.lang.ArrayIndexOutOfBoundsException"

/* The input encodings Jackson detects. */
enum rh_jenc { RH_JE_UTF8, RH_JE_UTF16BE, RH_JE_UTF16LE, RH_JE_UTF32BE,
	RH_JE_UTF32LE };

enum { C_ROOT, C_ARRAY, C_OBJECT };

struct jctx {
	uint8_t type;
	int32_t index;		/* entries started, -1 before the first */
	int32_t line, col;	/* where it starts (col from 0) */
};

/*
 * BytesToNameCanonicalizer, as far as its answers show: the UTF-8 parser
 * keeps the names it reads in a table, under their bytes packed four to
 * an int, the last int's bytes right-aligned (so NUL bytes before them
 * are lost), and a name two ints long whose second int is 0 is looked for
 * as a one-int name, Name1 matching it, yet stored under both ints where
 * no lookup finds it. A name found is the first one stored with its key:
 * "host\u0000" read after "host" is "host", "acti\u0000ve" read before
 * "active" makes it "acti\u0000ve". A parser starts from the table of
 * its JsonFactory - Avro's, one in the process - and gives its own back
 * when it finds the end of the input: if it holds more names than the
 * factory's, it becomes the factory's, or with more than 6,000 names
 * (MAX_ENTRIES_FOR_REUSE) an empty one does.
 */
struct rh_jk_names {
	struct ht ht;
	struct jname {
		size_t q, u;		/* its key at q[q], its text at u[u] */
		uint32_t nq, nu;
		size_t nb;		/* its length in bytes */
	} *v;
	size_t n, cap;
	uint32_t *q;
	size_t nq, capq;
	uint16_t *u;
	size_t nu, capu;
	size_t count;		/* _count: names stored, found or not */
	int nul;		/* a name with a NUL byte is found */
};

#define NAMES_REUSE 6000

/* The number of the current token, as JsonParserBase parses it. */
enum { NR_UNKNOWN = 0, NR_INT = 1, NR_LONG = 2, NR_BIGINT = 4,
	NR_DOUBLE = 8 };

struct rh_jk {
	jmp_buf *fail;
	struct rh_jexc *exc;

	/* the window: file[wbase, wbase + wlen) in w */
	int fd;
	unsigned char *w;
	size_t wcap, wlen;
	uint64_t wbase;
	int weof, ioerr;
	uint64_t keep;		/* the caller's bytes from here on */

	/* the FileInputStream Slider opened */
	uint64_t fpos;
	int fclosed;

	enum rh_jenc enc;
	int wide;		/* ReaderBasedParser: units are chars */

	/* Jackson's buffer: bytes (file[boff, boff + end)) or chars */
	const unsigned char *bb;
	uint64_t boff;
	uint16_t cb[CCHUNK];
	int32_t ptr, end;
	int64_t processed, rowstart;
	int32_t row;
	int32_t tokrow, tokcol;
	int64_t own, valown;	/* where the current token itself starts: a
				   name after its comma, a value after its
				   name (placekit's positions) */
	int closed;		/* the parser closed its input */

	struct jctx *ctx;
	size_t nctx, capctx;

	enum rh_jtok cur, next;
	int incomplete;
	struct rh_jstr text, name;
	struct rh_jstr tok;	/* a token that is none, for a message */
	struct buf nbytes;	/* a name's bytes (UTF-8 parser) */
	uint32_t *quads;	/* and packed */
	size_t capquads;
	struct rh_jk_names names, *shared;
	struct rh_jstr renamed;	/* the last name read as another one */

	int neg, intlen, fractlen, explen;
	int nvalid;
	int32_t nint;
	int64_t nlong;
	double ndouble;

	/* the Reader (wide): its chars so far, as UTF-8, with offsets */
	struct buf u8;		/* every char the reader gave */
	uint32_t *u8off;	/* UTF-8 offset of char i */
	size_t nchars, capchars;
	/* UTF32Reader */
	unsigned char rbuf[CHUNK];
	int32_t rptr, rlen, bytecount, charcount;
	uint16_t surrogate;
	int rfree;		/* its buffer was freed (the end seen) */
	/* InputStreamReader(MergedStream) for UTF-16 */
	unsigned char mbuf[CHUNK];
	int32_t mptr, mend;
	int mfreed;
	unsigned char dbuf[DECBUF];	/* StreamDecoder's ByteBuffer */
	int32_t dpos, dlim;		/* its position and limit (flipped) */
	int reof;			/* the Reader said -1 */
	int quiet;			/* decoding the rest: nothing thrown */
};

/* --- Java strings --- */

void
rh_jstr_add(struct rh_jstr *s, unsigned unit)
{
	if (s->n == s->cap)
		xgrow((void **)&s->u, &s->cap, s->n + 1, sizeof *s->u);
	s->u[s->n++] = (uint16_t)unit;
}

void
rh_jstr_set(struct rh_jstr *s, const struct rh_jstr *from)
{
	if (from->n > s->cap)
		xgrow((void **)&s->u, &s->cap, from->n, sizeof *s->u);
	if (from->n > 0)
		memcpy(s->u, from->u, from->n * sizeof *s->u);
	s->n = from->n;
}

void
rh_jstr_ascii(struct rh_jstr *s, const char *a)
{
	s->n = 0;
	while (*a != '\0')
		rh_jstr_add(s, (unsigned char)*a++);
}

void
rh_jstr_free(struct rh_jstr *s)
{
	free(s->u);
	memset(s, 0, sizeof *s);
}

int
rh_jstr_eq(const struct rh_jstr *s, const char *a)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		if (a[i] == '\0' || s->u[i] != (unsigned char)a[i])
			return 0;
	return a[i] == '\0';
}

void
rh_jstr_utf8(struct buf *b, const uint16_t *u, size_t n)
{
	size_t i;
	char e[4];
	unsigned c;

	for (i = 0; i < n; i++) {
		c = u[i];
		if (c >= 0xd800 && c < 0xdc00 && i + 1 < n && u[i + 1] >= 0xdc00 &&
		    u[i + 1] < 0xe000) {
			c = 0x10000 + ((c - 0xd800) << 10) + (u[++i] - 0xdc00);
			e[0] = (char)(0xf0 | c >> 18);
			e[1] = (char)(0x80 | (c >> 12 & 0x3f));
			e[2] = (char)(0x80 | (c >> 6 & 0x3f));
			e[3] = (char)(0x80 | (c & 0x3f));
			buf_add(b, e, 4);
		} else if (c != 0 && c < 0x80) {
			e[0] = (char)c;
			buf_add(b, e, 1);
		} else if (c < 0x800) {	/* NUL too: C0 80 */
			e[0] = (char)(0xc0 | c >> 6);
			e[1] = (char)(0x80 | (c & 0x3f));
			buf_add(b, e, 2);
		} else {
			e[0] = (char)(0xe0 | c >> 12);
			e[1] = (char)(0x80 | (c >> 6 & 0x3f));
			e[2] = (char)(0x80 | (c & 0x3f));
			buf_add(b, e, 3);
		}
	}
}

/* Java's Integer.toHexString (two's complement for a negative). */
static const char *
hex(int32_t v, char *b)
{
	sprintf(b, "%x", (unsigned)(uint32_t)v);
	return b;
}

/* x >> n on a 32-bit int, as Java shifts (arithmetic). */
static int32_t
asr(int32_t x, int n)
{
	return x < 0 ? ~(int32_t)(~(uint32_t)x >> n) : (int32_t)((uint32_t)x >> n);
}

const char *
rh_jk_tokname(enum rh_jtok t)
{
	static const char *const names[] = {
		"null", "START_OBJECT", "END_OBJECT", "START_ARRAY",
		"END_ARRAY", "FIELD_NAME", "VALUE_STRING", "VALUE_NUMBER_INT",
		"VALUE_NUMBER_FLOAT", "VALUE_TRUE", "VALUE_FALSE", "VALUE_NULL"
	};

	return names[t];
}

/* JsonToken.asString(): the text of a token of fixed text. */
static const char *
tokstr(enum rh_jtok t)
{
	switch (t) {
	case RH_JT_START_OBJECT: return "{";
	case RH_JT_END_OBJECT: return "}";
	case RH_JT_START_ARRAY: return "[";
	case RH_JT_END_ARRAY: return "]";
	case RH_JT_TRUE: return "true";
	case RH_JT_FALSE: return "false";
	case RH_JT_VNULL: return "null";
	default: return NULL;
	}
}

/* --- exceptions --- */

void
rh_jk_throw(jmp_buf *fail, struct rh_jexc *e, const char *cls,
    const char *fmt, ...)
{
	va_list ap;

	e->cls = cls;
	e->nomsg = fmt == NULL;
	buf_clear(&e->msg);
	if (fmt != NULL) {
		va_start(ap, fmt);
		buf_vprintf(&e->msg, fmt, ap);
		va_end(ap);
	}
	longjmp(*fail, 1);
}

#if defined(__GNUC__)
#define NORETURN __attribute__((noreturn))
#define PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define NORETURN
#define PRINTF(a, b)
#endif

/* A JsonParseException of the message m (taken) at the current location. */
NORETURN static void
fail_msg(struct rh_jk *j, struct buf *m)
{
	struct rh_jexc *e = j->exc;

	buf_printf(m, "\n at [Source: ...; line: %ld, column: %ld]",
	    (long)j->row, (long)((int32_t)(j->ptr - j->rowstart) + 1));
	buf_free(&e->msg);
	e->msg = *m;
	e->cls = JPE;
	e->nomsg = 0;
	longjmp(*j->fail, 1);
}

NORETURN PRINTF(2, 3) static void
perrf(struct rh_jk *j, const char *fmt, ...)
{
	struct buf m = { NULL, 0, 0 };
	va_list ap;

	va_start(ap, fmt);
	buf_vprintf(&m, fmt, ap);
	va_end(ap);
	fail_msg(j, &m);
}

/* _getCharDesc(ch), appended to b as Java UTF-8. */
static void
chardesc(struct buf *b, int32_t ch)
{
	uint16_t c = (uint16_t)ch;
	char num[16];

	if (c <= 0x1f || (c >= 0x7f && c <= 0x9f)) {
		buf_printf(b, "(CTRL-CHAR, code %ld)", (long)ch);
		return;
	}
	buf_puts(b, "'");
	rh_jstr_utf8(b, &c, 1);
	if (ch > 255)
		buf_printf(b, "' (code %ld / 0x%s)", (long)ch, hex(ch, num));
	else
		buf_printf(b, "' (code %ld)", (long)ch);
}

/* pre, the description of ch, then fmt: a JsonParseException. */
NORETURN PRINTF(4, 5) static void
charerr(struct rh_jk *j, const char *pre, int32_t ch, const char *fmt, ...)
{
	struct buf m = { NULL, 0, 0 };
	va_list ap;

	buf_puts(&m, pre);
	chardesc(&m, ch);
	va_start(ap, fmt);
	buf_vprintf(&m, fmt, ap);
	va_end(ap);
	fail_msg(j, &m);
}

NORETURN static void
unexpected(struct rh_jk *j, int32_t ch, const char *comment)
{
	charerr(j, "Unexpected character (", ch, "): %s", comment);
}

static const char *
ctxdesc(const struct rh_jk *j)
{
	static const char *const d[] = { "ROOT", "ARRAY", "OBJECT" };

	return d[j->ctx[j->nctx - 1].type];
}

NORETURN static void
invalid_eof(struct rh_jk *j, const char *what)
{
	perrf(j, "Unexpected end-of-input%s", what);
}

NORETURN static void
invalid_eof_tok(struct rh_jk *j)
{
	perrf(j, "Unexpected end-of-input in %s", rh_jk_tokname(j->cur));
}

NORETURN static void
invalid_space(struct rh_jk *j, int32_t i)
{
	charerr(j, "Illegal character (", (uint16_t)i, "): only regular white "
	    "space (\\r, \\n, \\t) is allowed between tokens");
}

NORETURN static void
unquoted_space(struct rh_jk *j, int32_t i, const char *what)
{
	charerr(j, "Illegal unquoted character (", (uint16_t)i, "): has to be "
	    "escaped using backslash to be included in %s", what);
}

NORETURN static void
invalid_initial(struct rh_jk *j, int32_t mask)
{
	char h[16];

	perrf(j, "Invalid UTF-8 start byte 0x%s", hex(mask, h));
}

NORETURN static void
invalid_other(struct rh_jk *j, int32_t mask)
{
	char h[16];

	perrf(j, "Invalid UTF-8 middle byte 0x%s", hex(mask, h));
}

/* _reportInvalidChar: an invalid white space, or UTF-8 start byte. */
NORETURN static void
invalid_char(struct rh_jk *j, int32_t c)
{
	if (c < ' ')
		invalid_space(j, c);
	invalid_initial(j, c);
}

/* The start of the current context, "[Source: ...; line: L, column: C]". */
static void
ctxloc(struct buf *b, const struct rh_jk *j)
{
	const struct jctx *c = &j->ctx[j->nctx - 1];

	buf_printf(b, "[Source: ...; line: %ld, column: %ld]", (long)c->line,
	    (long)c->col);
}

NORETURN static void
mismatched(struct rh_jk *j, int act, char exp)
{
	struct buf m = { NULL, 0, 0 };

	buf_printf(&m, "Unexpected close marker '%c': expected '%c' (for %s "
	    "starting at ", act, exp, ctxdesc(j));
	ctxloc(&m, j);
	buf_puts(&m, ")");
	fail_msg(j, &m);
}

/* --- the window --- */

/*
 * Make file[off, off + want) available if the file has it: the count
 * from off that is (0 at the end).
 */
static size_t
avail(struct rh_jk *j, uint64_t off, size_t want)
{
	uint64_t lo;
	ssize_t n;
	size_t need;

	while (off + want > j->wbase + j->wlen && !j->weof) {
		lo = j->keep;
		if (!j->wide && j->boff < lo)
			lo = j->boff;
		if (off < lo)
			lo = off;
		if (lo > j->wbase) {
			size_t drop = lo - j->wbase < j->wlen ?
			    (size_t)(lo - j->wbase) : j->wlen;

			memmove(j->w, j->w + drop, j->wlen - drop);
			j->wlen -= drop;
			j->wbase += drop;
		}
		need = (size_t)(off + want - j->wbase);
		if (need < j->wlen + WINMIN)
			need = j->wlen + WINMIN;
		if (need > j->wcap) {
			size_t cap = j->wcap ? j->wcap : WINMIN;

			while (cap < need)
				cap *= 2;
			j->w = xrealloc(j->w, cap);
			j->wcap = cap;
		}
		do
			n = read(j->fd, j->w + j->wlen, j->wcap - j->wlen);
		while (n < 0 && errno == EINTR);
		if (n <= 0) {
			if (n < 0)
				j->ioerr = errno;
			j->weof = 1;
		} else
			j->wlen += (size_t)n;
	}
	if (!j->wide)
		j->bb = j->w + (j->boff - j->wbase);
	if (off >= j->wbase + j->wlen)
		return 0;
	return j->wbase + j->wlen - off < want ?
	    (size_t)(j->wbase + j->wlen - off) : want;
}

/* FileInputStream.read(b, 0, len) into the window: the count, or -1. */
static int32_t
fis_read(struct rh_jk *j, int32_t len)
{
	size_t n;

	if (len == 0)
		return 0;
	n = avail(j, j->fpos, (size_t)len);
	if (n == 0)
		return -1;
	j->fpos += n;
	return (int32_t)n;
}

/* FileInputStream.read(dst, 0, len): the bytes copied too. */
static int32_t
fis_copy(struct rh_jk *j, unsigned char *dst, int32_t len)
{
	int32_t n = fis_read(j, len);

	if (n > 0)
		memcpy(dst, j->w + (j->fpos - (uint64_t)n - j->wbase), (size_t)n);
	return n;
}

/* FileInputStream.available() (a file: what is left of it). */
static int
fis_available(struct rh_jk *j)
{
	return avail(j, j->fpos, 1) > 0;
}

/* The input's size as far as read (all of it once the end was seen). */
static uint64_t
seen(const struct rh_jk *j)
{
	return j->wbase + j->wlen;
}

int
rh_jk_ioerr(const struct rh_jk *j)
{
	return j->ioerr;
}

/* --- the Readers of UTF-16 and UTF-32 input --- */

/* The chars the Reader gave, kept as UTF-8 for offsets and hand-over. */
static void
gave(struct rh_jk *j, const uint16_t *c, size_t n)
{
	size_t i;

	if (j->nchars + n + 1 > j->capchars)
		xgrow((void **)&j->u8off, &j->capchars, j->nchars + n + 1,
		    sizeof *j->u8off);
	for (i = 0; i < n; i++) {
		j->u8off[j->nchars++] = (uint32_t)j->u8.n;
		/* a pair as one: its second half has the offset after */
		if (c[i] >= 0xd800 && c[i] < 0xdc00 && i + 1 < n &&
		    c[i + 1] >= 0xdc00 && c[i + 1] < 0xe000) {
			rh_jstr_utf8(&j->u8, c + i, 2);
			j->u8off[j->nchars++] = (uint32_t)j->u8.n;
			i++;
		} else
			rh_jstr_utf8(&j->u8, c + i, 1);
	}
	j->u8off[j->nchars] = (uint32_t)j->u8.n;
}

/* UTF32Reader.loadMore(available). */
static int
u32_load(struct rh_jk *j, int32_t available)
{
	int32_t i, count;

	j->bytecount += j->rlen - available;
	if (available > 0) {
		if (j->rptr > 0) {
			for (i = 0; i < available; i++)
				j->rbuf[i] = j->rbuf[j->rptr + i];
			j->rptr = 0;
		}
		j->rlen = available;
	} else {
		j->rptr = 0;
		count = fis_copy(j, j->rbuf, CHUNK);
		if (count < 1) {
			j->rlen = 0;
			j->rfree = 1;
			return 0;
		}
		j->rlen = count;
	}
	while (j->rlen < 4) {
		count = fis_copy(j, j->rbuf + j->rlen, CHUNK - j->rlen);
		if (count < 1 && j->quiet) {
			j->rlen = 4;	/* a last char cut short: U+FFFD */
			j->rbuf[j->rptr = 0] = 0xfd;
			j->rbuf[1] = 0xff;
			j->rbuf[2] = j->rbuf[3] = 0;
			if (j->enc == RH_JE_UTF32BE) {
				j->rbuf[0] = j->rbuf[1] = 0;
				j->rbuf[2] = 0xff;
				j->rbuf[3] = 0xfd;
			}
			return 1;
		}
		if (count < 1) {
			j->rfree = 1;
			rh_jk_throw(j->fail, j->exc, CCE, "Unexpected EOF in the "
			    "middle of a 4-byte UTF-32 char: got %ld, needed 4, "
			    "at char #%ld, byte #%ld)", (long)j->rlen,
			    (long)j->charcount, (long)(j->bytecount + j->rlen));
		}
		j->rlen += count;
	}
	return 1;
}

/* UTF32Reader.read(cbuf, 0, len). */
static int32_t
u32_read(struct rh_jk *j, uint16_t *cbuf, int32_t len)
{
	int32_t out = 0, p, ch;
	const unsigned char *b;
	char h[16];

	if (j->rfree)
		return -1;
	if (j->surrogate != 0) {
		cbuf[out++] = j->surrogate;
		j->surrogate = 0;
	} else if (j->rlen - j->rptr < 4 && !u32_load(j, j->rlen - j->rptr))
		return -1;
	while (out < len) {
		p = j->rptr;
		b = j->rbuf + p;
		if (j->enc == RH_JE_UTF32BE)
			ch = (int32_t)((uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 |
			    (uint32_t)b[2] << 8 | b[3]);
		else
			ch = (int32_t)((uint32_t)b[3] << 24 | (uint32_t)b[2] << 16 |
			    (uint32_t)b[1] << 8 | b[0]);
		j->rptr += 4;
		if (ch > 0xffff) {
			if (ch > 0x10ffff && j->quiet)
				ch = 0xfffd;
			else if (ch > 0x10ffff)
				rh_jk_throw(j->fail, j->exc, CCE, "Invalid UTF-32 "
				    "character 0x%s(above 10ffff)  at char #%ld, "
				    "byte #%ld)", hex(ch, h),
				    (long)(j->charcount + out),
				    (long)(j->bytecount + j->rptr - 1));
			ch -= 0x10000;
			cbuf[out++] = (uint16_t)(0xd800 + (ch >> 10));
			ch = 0xdc00 | (ch & 0x3ff);
			if (out >= len) {
				j->surrogate = (uint16_t)ch;
				break;
			}
		}
		cbuf[out++] = (uint16_t)ch;
		if (j->rptr >= j->rlen)
			break;
	}
	j->charcount += out;
	return out;
}

/* MergedStream.read(b, off, len) into the decoder's buffer. */
static int32_t
merged_read(struct rh_jk *j, unsigned char *dst, int32_t len)
{
	int32_t n;

	if (!j->mfreed) {
		n = j->mend - j->mptr;
		if (len < n)
			n = len;
		memcpy(dst, j->mbuf + j->mptr, (size_t)n);
		j->mptr += n;
		if (j->mptr >= j->mend)
			j->mfreed = 1;
		return n;
	}
	return fis_copy(j, dst, len);
}

static int
merged_available(struct rh_jk *j)
{
	if (!j->mfreed)
		return j->mend - j->mptr > 0;
	return fis_available(j);
}

/*
 * Java's UTF-16 decoder (malformed input replaced by U+FFFD): decode
 * dbuf[dpos, dlim) into c (room for n), with eof at the end of the input.
 * Returns the chars made; *over: it stopped for want of room.
 */
static int32_t
u16_decode(struct rh_jk *j, uint16_t *c, int32_t n, int eof, int *over)
{
	int32_t out = 0;
	unsigned u, u2;
	const unsigned char *b;
	int be = j->enc == RH_JE_UTF16BE;

	*over = 0;
	for (;;) {
		if (j->dlim - j->dpos < 2) {
			if (eof && j->dlim > j->dpos) {	/* a byte left */
				if (out == n) {
					*over = 1;
					return out;
				}
				c[out++] = 0xfffd;
				j->dpos = j->dlim;
			}
			return out;
		}
		b = j->dbuf + j->dpos;
		u = be ? (unsigned)b[0] << 8 | b[1] : (unsigned)b[1] << 8 | b[0];
		if (u >= 0xd800 && u < 0xdc00) {
			if (j->dlim - j->dpos < 4) {
				if (!eof)
					return out;
				if (out == n) {
					*over = 1;
					return out;
				}
				c[out++] = 0xfffd;	/* malformed: what is left */
				j->dpos = j->dlim;
				return out;
			}
			u2 = be ? (unsigned)b[2] << 8 | b[3] :
			    (unsigned)b[3] << 8 | b[2];
			if (u2 < 0xdc00 || u2 >= 0xe000) {
				if (out == n) {
					*over = 1;
					return out;
				}
				c[out++] = 0xfffd;	/* malformed, 4 bytes */
				j->dpos += 4;
				continue;
			}
			if (n - out < 2) {
				*over = 1;
				return out;
			}
			c[out++] = (uint16_t)u;
			c[out++] = (uint16_t)u2;
			j->dpos += 4;
			continue;
		}
		if (out == n) {
			*over = 1;
			return out;
		}
		if (u >= 0xdc00 && u < 0xe000)
			u = 0xfffd;		/* a low surrogate alone */
		c[out++] = (uint16_t)u;
		j->dpos += 2;
	}
}

/* StreamDecoder.readBytes(): compact, read, flip. */
static int32_t
u16_readbytes(struct rh_jk *j)
{
	int32_t rem = j->dlim - j->dpos, n;

	memmove(j->dbuf, j->dbuf + j->dpos, (size_t)rem);
	j->dpos = 0;
	n = merged_read(j, j->dbuf + rem, DECBUF - rem);
	if (n < 0) {
		j->dlim = rem;
		return -1;
	}
	j->dlim = rem + n;
	return j->dlim;
}

/* InputStreamReader.read(cbuf, 0, len) (StreamDecoder.implRead). */
static int32_t
u16_read(struct rh_jk *j, uint16_t *cbuf, int32_t len)
{
	int32_t pos = 0;
	int eof = 0, over;

	if (j->reof)
		return -1;
	for (;;) {
		pos += u16_decode(j, cbuf + pos, len - pos, eof, &over);
		if (over)
			break;
		if (eof)
			break;
		if (pos == len)
			break;
		if (pos > 0 && !merged_available(j))
			break;
		if (u16_readbytes(j) < 0) {
			eof = 1;
			if (pos == 0 && j->dpos == j->dlim)
				break;
		}
	}
	if (pos == 0 && eof) {
		j->reof = 1;
		return -1;
	}
	return pos;
}

/* --- Jackson's buffer --- */

/* The unit at i of the buffer: a byte, or a char of a Reader. */
#define U(j, i) ((j)->wide ? (int32_t)(j)->cb[i] : (int32_t)(j)->bb[i])
/* The byte at i as Java's signed byte. */
#define SB(j, i) ((int32_t)(int8_t)(j)->bb[i])

static void
closeinput(struct rh_jk *j)
{
	j->closed = 1;
	j->fclosed = 1;
}

/* loadMore(): the next buffer, or 0 at the end (the input closed). */
static int
loadmore(struct rh_jk *j)
{
	int32_t n;

	j->processed += j->end;
	j->rowstart -= j->end;
	if (j->closed)
		return 0;
	if (!j->wide) {
		uint64_t at = j->fpos;

		if ((n = fis_read(j, CHUNK)) > 0) {
			j->boff = at;
			j->bb = j->w + (at - j->wbase);
			j->ptr = 0;
			j->end = n;
			return 1;
		}
	} else {
		n = j->enc == RH_JE_UTF16BE || j->enc == RH_JE_UTF16LE ?
		    u16_read(j, j->cb, CCHUNK) : u32_read(j, j->cb, CCHUNK);
		if (n > 0) {
			gave(j, j->cb, (size_t)n);
			j->ptr = 0;
			j->end = n;
			return 1;
		}
	}
	closeinput(j);
	return 0;
}

static void
loadmore_guaranteed(struct rh_jk *j)
{
	if (!loadmore(j))
		invalid_eof_tok(j);
}

/* The next unit, read as Jackson's getNextChar/nextByte do. */
static int32_t
nextunit(struct rh_jk *j)
{
	if (j->ptr >= j->end)
		loadmore_guaranteed(j);
	return U(j, j->ptr++);
}

/* --- contexts --- */

static void
push_ctx(struct rh_jk *j, int type)
{
	if (j->nctx == j->capctx)
		xgrow((void **)&j->ctx, &j->capctx, j->nctx + 1, sizeof *j->ctx);
	j->ctx[j->nctx].type = (uint8_t)type;
	j->ctx[j->nctx].index = -1;
	j->ctx[j->nctx].line = j->tokrow;
	j->ctx[j->nctx].col = j->tokcol;
	j->nctx++;
}

static int
expect_comma(struct rh_jk *j)
{
	struct jctx *c = &j->ctx[j->nctx - 1];

	return c->type != C_ROOT && ++c->index > 0;
}

static int
in_object(const struct rh_jk *j)
{
	return j->ctx[j->nctx - 1].type == C_OBJECT;
}

/* --- white space --- */

static void
skip_cr(struct rh_jk *j)
{
	if (j->ptr < j->end || loadmore(j))
		if (U(j, j->ptr) == '\n')
			j->ptr++;
	j->row++;
	j->rowstart = j->ptr;
}

static void
skip_lf(struct rh_jk *j)
{
	j->row++;
	j->rowstart = j->ptr;
}

NORETURN static void
comment(struct rh_jk *j)
{
	unexpected(j, '/', "maybe a (non-standard) comment? (not recognized "
	    "as one since Feature 'ALLOW_COMMENTS' not enabled for parser)");
}

/* _skipWS (eof 0) and _skipWSOrEnd (eof 1: -1 at the end). */
static int32_t
skip_ws(struct rh_jk *j, int eof)
{
	int32_t i;

	while (j->ptr < j->end || loadmore(j)) {
		i = U(j, j->ptr++);
		if (i > ' ') {
			if (i != '/')
				return i;
			comment(j);
		} else if (i != ' ') {
			if (i == '\n')
				skip_lf(j);
			else if (i == '\r')
				skip_cr(j);
			else if (i != '\t')
				invalid_space(j, i);
		}
	}
	if (!eof)
		perrf(j, "Unexpected end-of-input within/between %s entries",
		    ctxdesc(j));
	if (j->ctx[j->nctx - 1].type != C_ROOT) {
		struct buf m = { NULL, 0, 0 };

		buf_printf(&m, "Unexpected end-of-input: expected close marker "
		    "for %s (from ", ctxdesc(j));
		ctxloc(&m, j);
		buf_puts(&m, ")");
		fail_msg(j, &m);
	}
	return -1;
}

/* --- error helpers that read on --- */

/* A UTF-8 lead byte c: how many bytes follow it (1 to 3), its own bits
 * left in *c; 0 if it leads none. */
static int
lead(int32_t *c)
{
	if ((*c & 0xe0) == 0xc0) {
		*c &= 0x1f;
		return 1;
	}
	if ((*c & 0xf0) == 0xe0) {
		*c &= 0x0f;
		return 2;
	}
	if ((*c & 0xf8) == 0xf0) {
		*c &= 0x07;
		return 3;
	}
	return 0;
}

/* _decodeCharForError(firstByte) (UTF-8 parser). */
static int32_t
decode_for_error(struct rh_jk *j, int32_t c)
{
	int needed;
	int32_t d;

	if (c >= 0)
		return c;
	if ((needed = lead(&c)) == 0)
		invalid_initial(j, c & 0xff);
	d = nextunit(j);
	if ((d & 0xc0) != 0x80)
		invalid_other(j, d & 0xff);
	c = c << 6 | (d & 0x3f);
	if (needed > 1) {
		d = nextunit(j);
		if ((d & 0xc0) != 0x80)
			invalid_other(j, d & 0xff);
		c = c << 6 | (d & 0x3f);
		if (needed > 2) {
			d = nextunit(j);
			if ((d & 0xc0) != 0x80)
				invalid_other(j, d & 0xff);
			c = c << 6 | (d & 0x3f);
		}
	}
	return c;
}

/*
 * _reportInvalidToken(matched, msg): the token as far as it goes. The
 * UTF-8 parser reads a character before it looks at it (and skipped the
 * one that made it come here); a Reader's parser looks first. Its
 * message, a Reader's, has lost the words after "was expecting".
 */
NORETURN static void
invalid_token(struct rh_jk *j, const char *matched)
{
	struct rh_jstr *t = &j->tok;
	struct buf m = { NULL, 0, 0 };
	int32_t c;

	rh_jstr_ascii(t, matched);
	for (;;) {
		if (j->ptr >= j->end && !loadmore(j))
			break;
		if (j->wide) {
			c = j->cb[j->ptr];
			if (!rh_java_identpart((uint16_t)c))
				break;
			j->ptr++;
		} else {
			c = (uint16_t)decode_for_error(j, SB(j, j->ptr++));
			if (!rh_java_identpart((uint16_t)c))
				break;
		}
		rh_jstr_add(t, (uint16_t)c);
	}
	buf_puts(&m, "Unrecognized token '");
	rh_jstr_utf8(&m, t->u, t->n);
	buf_puts(&m, j->wide ? "': was expecting " : "': was expecting "
	    "'null', 'true', 'false' or NaN");
	fail_msg(j, &m);
}

/* _matchToken(str, i): the rest of a literal. */
static void
match_token(struct rh_jk *j, const char *str, int i)
{
	size_t len = strlen(str);
	char part[16];
	int32_t c;

	do {
		if (j->ptr >= j->end && !loadmore(j))
			invalid_eof(j, " in a value");
		if (U(j, j->ptr) != (unsigned char)str[i]) {
			snprintf(part, sizeof part, "%.*s", i, str);
			invalid_token(j, part);
		}
		j->ptr++;
	} while ((size_t)++i < len);
	if (j->ptr >= j->end && !loadmore(j))
		return;
	c = U(j, j->ptr);
	if (c < '0' || c == ']' || c == '}')
		return;
	if (rh_java_identpart((uint16_t)c)) {
		if (!j->wide)
			j->ptr++;
		snprintf(part, sizeof part, "%.*s", i, str);
		invalid_token(j, part);
	}
}

/* --- numbers --- */

NORETURN static void
number_char(struct rh_jk *j, int32_t ch, const char *comment)
{
	charerr(j, "Unexpected character (", ch, ") in numeric value: %s",
	    comment);
}

/* _handleInvalidNumberStart(ch, negative). */
NORETURN static void
invalid_number_start(struct rh_jk *j, int32_t ch, int negative)
{
	if (ch == 'I') {
		if (j->ptr >= j->end && !loadmore(j))
			invalid_eof(j, " in a value");
		ch = j->wide ? j->cb[j->ptr++] : SB(j, j->ptr++);
		if (ch == 'N' || ch == 'n') {
			const char *m = ch == 'N' ? (negative ? "-INF" : "+INF") :
			    (negative ? "-Infinity" : "+Infinity");

			match_token(j, m, 3);
			perrf(j, "Non-standard token '%s': enable JsonParser."
			    "Feature.ALLOW_NON_NUMERIC_NUMBERS to allow", m);
		}
	}
	number_char(j, ch, "expected digit (0-9) to follow minus sign, for "
	    "valid numeric value");
}

static void
text_add(struct rh_jk *j, int32_t c)
{
	rh_jstr_add(&j->text, (uint16_t)c);
}

/* _verifyNoLeadingZeroes: after a '0', what follows it. */
static int32_t
no_leading_zeroes(struct rh_jk *j)
{
	int32_t ch;

	if (j->ptr >= j->end && !loadmore(j))
		return '0';
	ch = U(j, j->ptr);
	if (ch < '0' || ch > '9')
		return '0';
	perrf(j, "Invalid numeric value: Leading zeroes not allowed");
}

/* The next unit of an exponent: there must be one. */
static int32_t
exp_unit(struct rh_jk *j)
{
	if (!j->wide)
		return nextunit(j);
	if (j->ptr >= j->end && !loadmore(j))
		invalid_eof(j, "expected a digit for number exponent");
	return j->cb[j->ptr++];
}

/*
 * The fraction and exponent, c the unit after the integer part; eof
 * the input ended there (a Reader's slow path only).
 */
static enum rh_jtok
float_text(struct rh_jk *j, int32_t c, int eof)
{
	if (c == '.') {
		text_add(j, c);
		for (;;) {
			if (j->ptr >= j->end && !loadmore(j)) {
				eof = 1;
				break;
			}
			c = U(j, j->ptr++);
			if (c < '0' || c > '9')
				break;
			j->fractlen++;
			text_add(j, c);
		}
		if (j->fractlen == 0)
			number_char(j, c, "Decimal point not followed by a "
			    "digit");
	}
	if (c == 'e' || c == 'E') {
		text_add(j, c);
		c = exp_unit(j);
		if (c == '-' || c == '+') {
			text_add(j, c);
			c = exp_unit(j);
		}
		while (c <= '9' && c >= '0') {
			j->explen++;
			text_add(j, c);
			if (j->ptr >= j->end && !loadmore(j)) {
				eof = 1;
				break;
			}
			c = U(j, j->ptr++);
		}
		if (j->explen == 0)
			number_char(j, c, "Exponent indicator not followed by a "
			    "digit");
	}
	if (!eof)
		j->ptr--;
	return j->fractlen > 0 || j->explen > 0 ? RH_JT_FLOAT : RH_JT_INT;
}

/*
 * A Reader's parseNumberText: a number wholly in the buffer is read
 * there, with the errors it finds reported where the number began;
 * anything else is read again from its first digit by the slow path,
 * parseNumberText2, which has words of its own.
 */
static enum rh_jtok
wide_number(struct rh_jk *j, int32_t ch)
{
	int32_t p = j->ptr, start = p - 1, c;

	if (j->neg) {
		if (p >= j->end)
			goto slow;
		ch = j->cb[p++];
		if (ch < '0' || ch > '9') {
			j->ptr = p;
			invalid_number_start(j, ch, 1);
		}
	}
	if (ch == '0')
		goto slow;
	j->intlen = 1;
	for (;;) {
		if (p >= j->end)
			goto slow;
		ch = j->cb[p++];
		if (ch < '0' || ch > '9')
			break;
		j->intlen++;
	}
	if (ch == '.') {
		for (;;) {
			if (p >= j->end)
				goto slow;
			ch = j->cb[p++];
			if (ch < '0' || ch > '9')
				break;
			j->fractlen++;
		}
		if (j->fractlen == 0)
			number_char(j, ch, "Decimal point not followed by a "
			    "digit");
	}
	if (ch == 'e' || ch == 'E') {
		if (p >= j->end)
			goto slow;
		ch = j->cb[p++];
		if (ch == '-' || ch == '+') {
			if (p >= j->end)
				goto slow;
			ch = j->cb[p++];
		}
		while (ch <= '9' && ch >= '0') {
			j->explen++;
			if (p >= j->end)
				goto slow;
			ch = j->cb[p++];
		}
		if (j->explen == 0)
			number_char(j, ch, "Exponent indicator not followed by a "
			    "digit");
	}
	j->ptr = --p;
	j->text.n = 0;
	for (c = start; c < p; c++)
		text_add(j, j->cb[c]);
	return j->fractlen > 0 || j->explen > 0 ? RH_JT_FLOAT : RH_JT_INT;
slow:
	j->ptr = j->neg ? start + 1 : start;
	j->intlen = j->fractlen = j->explen = 0;
	if (j->ptr < j->end)
		c = j->cb[j->ptr++];
	else {
		if (!loadmore(j))
			invalid_eof(j, "No digit following minus sign");
		c = j->cb[j->ptr++];
	}
	if (c == '0')
		c = no_leading_zeroes(j);
	while (c >= '0' && c <= '9') {
		j->intlen++;
		text_add(j, c);
		if (j->ptr >= j->end && !loadmore(j)) {
			j->fractlen = j->explen = 0;
			return float_text(j, 0, 1);
		}
		c = j->cb[j->ptr++];
	}
	if (j->intlen == 0)
		charerr(j, "Invalid numeric value: Missing integer part (next "
		    "char ", c, ")");
	return float_text(j, c, 0);
}

/* parseNumberText(c): c is '-' or a digit. */
static enum rh_jtok
number(struct rh_jk *j, int32_t c)
{
	j->text.n = 0;
	j->neg = c == '-';
	j->intlen = j->fractlen = j->explen = 0;
	j->nvalid = NR_UNKNOWN;
	if (j->neg)
		text_add(j, '-');
	if (j->wide)
		return wide_number(j, c);
	if (j->neg) {
		if (j->ptr >= j->end)
			loadmore_guaranteed(j);
		c = j->bb[j->ptr++];
		if (c < '0' || c > '9')
			invalid_number_start(j, c, 1);
	}
	if (c == '0')
		c = no_leading_zeroes(j);
	text_add(j, c);
	j->intlen = 1;
	for (;;) {
		if (j->ptr >= j->end && !loadmore(j))
			return RH_JT_INT;
		c = j->bb[j->ptr++];
		if (c < '0' || c > '9')
			break;
		j->intlen++;
		text_add(j, c);
	}
	return float_text(j, c, 0);
}

/* --- strings and names --- */

/* _decodeEscaped: after a backslash. */
static int32_t
escaped(struct rh_jk *j)
{
	int32_t c, ch, v = 0, d;
	int i;

	if (j->ptr >= j->end && !loadmore(j))
		invalid_eof(j, " in character escape sequence");
	c = j->wide ? j->cb[j->ptr++] : SB(j, j->ptr++);
	switch (c) {
	case 'b': return '\b';
	case 't': return '\t';
	case 'n': return '\n';
	case 'f': return '\f';
	case 'r': return '\r';
	case '"': case '/': case '\\': return c;
	case 'u': break;
	default:
		if (!j->wide)
			c = decode_for_error(j, c);
		charerr(j, "Unrecognized character escape ", (uint16_t)c, "%s",
		    "");
	}
	for (i = 0; i < 4; i++) {
		if (j->ptr >= j->end && !loadmore(j))
			invalid_eof(j, " in character escape sequence");
		ch = j->wide ? j->cb[j->ptr++] : SB(j, j->ptr++);
		if (ch < 0)	/* sHexValues[ch] */
			rh_jk_throw(j->fail, j->exc, AIOOBE, "Index %ld out of "
			    "bounds for length 128", (long)ch);
		d = ch > 127 ? -1 : ch >= '0' && ch <= '9' ? ch - '0' :
		    ch >= 'a' && ch <= 'f' ? ch - 'a' + 10 :
		    ch >= 'A' && ch <= 'F' ? ch - 'A' + 10 : -1;
		if (d < 0)
			unexpected(j, ch, "expected a hex-digit for character "
			    "escape sequence");
		v = v << 4 | d;
	}
	return v;
}

/* A continuation byte of a UTF-8 sequence in a string. */
static int32_t
cont(struct rh_jk *j)
{
	int32_t d;

	if (j->ptr >= j->end)
		loadmore_guaranteed(j);
	d = j->bb[j->ptr++];
	if ((d & 0xc0) != 0x80)
		invalid_other(j, d);	/* _inputPtr is past it */
	return d & 0x3f;
}

/* The UTF-8 input codes of a string's byte: 0 plain, 1 quote or
 * backslash, 2 to 4 a sequence's length, -1 invalid. */
static int
code8(int32_t c)
{
	int n;

	if (c < 0x20)
		return -1;
	if (c == '"' || c == '\\')
		return 1;
	if (c < 0x80)
		return 0;
	n = lead(&c);
	return n > 0 ? n + 1 : -1;
}

/*
 * The rest of a string, its quote read: into j->text (keep), or skipped.
 * _finishString and _skipString check alike.
 */
static void
string(struct rh_jk *j, int keep)
{
	int32_t c, d;

	if (keep)
		j->text.n = 0;
	for (;;) {
		if (j->ptr >= j->end && j->wide) {
			if (!loadmore(j))
				invalid_eof(j, ": was expecting closing quote for "
				    "a string value");
		} else if (j->ptr >= j->end)
			loadmore_guaranteed(j);
		if (j->wide) {
			c = j->cb[j->ptr++];
			if (c == '"')
				return;
			if (c == '\\')
				c = escaped(j);
			else if (c < ' ')
				unquoted_space(j, c, "string value");
			if (keep)
				text_add(j, c);
			continue;
		}
		c = j->bb[j->ptr++];
		switch (code8(c)) {
		case 0:
			break;
		case 1:
			if (c == '"')
				return;
			c = escaped(j);
			break;
		case 2:
			d = cont(j);
			c = (c & 0x1f) << 6 | d;
			break;
		case 3:
			d = cont(j);
			c = ((c & 0x0f) << 6 | d) << 6;
			c |= cont(j);
			break;
		case 4:
			d = cont(j);
			c = (c & 0x07) << 6 | d;
			c = c << 6 | cont(j);
			c = (c << 6 | cont(j)) - 0x10000;
			if (keep)
				text_add(j, (uint16_t)(0xd800 | asr(c, 10)));
			c = 0xdc00 | (c & 0x3ff);
			break;
		default:
			if (c < ' ')
				unquoted_space(j, c, "string value");
			invalid_char(j, c);
		}
		if (keep)
			text_add(j, c);
	}
}

/*
 * addName's decoding of a name's bytes (UTF-8 parser) into j->name, with
 * its messages: it reads the bytes four to an int, and a middle byte it
 * refuses is shown as that int shifted, not masked.
 */
static void
add_name(struct rh_jk *j)
{
	const unsigned char *b = (const unsigned char *)j->nbytes.s;
	int32_t len = (int32_t)j->nbytes.n, ix = 0, ch, ch2;
	int needed, k;

#define QUAD(k) ((int32_t)((uint32_t)((k) < len ? b[k] : 0) << 24 | \
	(uint32_t)((k) + 1 < len ? b[(k) + 1] : 0) << 16 | \
	(uint32_t)((k) + 2 < len ? b[(k) + 2] : 0) << 8 | \
	(uint32_t)((k) + 3 < len ? b[(k) + 3] : 0)))
#define AT(i) asr(QUAD((i) & ~3), (3 - ((i) & 3)) << 3)

	j->name.n = 0;
	while (ix < len) {
		ch = b[ix++];
		if (ch > 127) {
			if ((needed = lead(&ch)) == 0)
				invalid_initial(j, ch);
			if (ix + needed > len)
				invalid_eof(j, " in field name");
			for (k = 1; k <= needed; k++, ix++) {
				ch2 = AT(ix);
				if ((ch2 & 0xc0) != 0x80)	/* the third masked */
					invalid_other(j, k < 3 ? ch2 : ch2 & 0xff);
				ch = ch << 6 | (ch2 & 0x3f);
			}
			if (needed > 2) {
				ch -= 0x10000;
				rh_jstr_add(&j->name, (uint16_t)(0xd800 + asr(ch, 10)));
				ch = 0xdc00 | (ch & 0x3ff);
			}
		}
		rh_jstr_add(&j->name, (uint16_t)ch);
	}
#undef AT
#undef QUAD
}

/* --- the names table --- */

static uint64_t
names_hash(const uint32_t *q, size_t nq)
{
	return ht_hash(q, nq * sizeof *q);
}

/* The name stored under the key q[0..nq), or NULL. */
static const struct jname *
names_find(const struct rh_jk_names *t, const uint32_t *q, size_t nq)
{
	struct ht_probe pr;
	uint32_t i;

	ht_probe(&t->ht, names_hash(q, nq), &pr);
	while ((i = ht_next(&t->ht, &pr)) != HT_NONE)
		if (t->v[i].nq == nq &&
		    memcmp(t->q + t->v[i].q, q, nq * sizeof *q) == 0)
			return &t->v[i];
	return NULL;
}

/* Store name under the key q[0..nq) (not there). */
static void
names_add(struct rh_jk_names *t, const uint32_t *q, size_t nq,
    const uint16_t *u, size_t nu, size_t nb)
{
	struct jname *e;

	if (t->n == t->cap)
		xgrow((void **)&t->v, &t->cap, t->n + 1, sizeof *t->v);
	if (t->nq + nq > t->capq)
		xgrow((void **)&t->q, &t->capq, t->nq + nq, sizeof *t->q);
	if (t->nu + nu > t->capu)
		xgrow((void **)&t->u, &t->capu, t->nu + nu, sizeof *t->u);
	e = &t->v[t->n];
	e->q = t->nq;
	e->nq = (uint32_t)nq;
	e->u = t->nu;
	e->nu = (uint32_t)nu;
	e->nb = nb;
	memcpy(t->q + t->nq, q, nq * sizeof *q);
	if (nu > 0)
		memcpy(t->u + t->nu, u, nu * sizeof *t->u);
	t->nq += nq;
	t->nu += nu;
	ht_add(&t->ht, names_hash(q, nq), (uint32_t)t->n++);
}

static void
names_clear(struct rh_jk_names *t)
{
	ht_clear(&t->ht);
	t->n = t->nq = t->nu = t->count = 0;
	t->nul = 0;
}

static void
names_copy(struct rh_jk_names *to, const struct rh_jk_names *from)
{
	const struct jname *e;
	size_t i;

	names_clear(to);
	for (i = 0; i < from->n; i++) {
		e = &from->v[i];
		names_add(to, from->q + e->q, e->nq, from->u + e->u, e->nu,
		    e->nb);
	}
	to->count = from->count;
	to->nul = from->nul;
}

static void
names_release(struct rh_jk_names *t)
{
	ht_free(&t->ht);
	free(t->v);
	free(t->q);
	free(t->u);
}

struct rh_jk_names *
rh_jk_names_new(void)
{
	return xcalloc(1, sizeof(struct rh_jk_names));
}

void
rh_jk_names_free(struct rh_jk_names *t)
{
	if (t == NULL)
		return;
	names_release(t);
	free(t);
}

/* The parser closed at the end of its input: its names to the factory's. */
static void
names_merge(struct rh_jk *j)
{
	if (j->shared == NULL || j->wide || j->names.count <= j->shared->count)
		return;
	if (j->names.count > NAMES_REUSE)
		names_clear(j->shared);
	else
		names_copy(j->shared, &j->names);
}

/*
 * The name whose bytes are in j->nbytes, into j->name: the one the table
 * holds under their key, or (not there) their decoding, then stored.
 */
static void
lookup_name(struct rh_jk *j)
{
	const unsigned char *b = (const unsigned char *)j->nbytes.s;
	const struct jname *e;
	size_t n = j->nbytes.n, nq = (n + 3) / 4, i;
	uint32_t *q;
	int nul;

	if (nq > j->capquads)
		xgrow((void **)&j->quads, &j->capquads, nq, sizeof *j->quads);
	q = j->quads;
	for (i = 0; i < nq; i++)
		q[i] = 0;
	for (i = 0; i < n; i++)
		q[i / 4] = q[i / 4] << 8 | b[i];
	e = names_find(&j->names, q, nq == 2 && q[1] == 0 ? 1 : nq);
	if (e != NULL) {
		j->name.n = 0;
		for (i = 0; i < e->nu; i++)
			rh_jstr_add(&j->name, j->names.u[e->u + i]);
		if (e->nb != n)		/* the same key, other bytes */
			rh_jstr_set(&j->renamed, &j->name);
		return;
	}
	add_name(j);
	j->names.count++;
	if (nq == 2 && q[1] == 0)
		return;			/* stored where it is never found */
	nul = memchr(b, 0, n) != NULL;
	names_add(&j->names, q, nq, j->name.u, j->name.n, n);
	j->names.nul |= nul;
}

/* A byte of a name, with an escape's char encoded as UTF-8 (Jackson does). */
static void
name_char(struct rh_jk *j, int32_t ch)
{
	char e[3];

	if (ch > 127) {
		if (ch < 0x800) {
			e[0] = (char)(0xc0 | ch >> 6);
			e[1] = (char)(0x80 | (ch & 0x3f));
			buf_add(&j->nbytes, e, 2);
		} else {
			e[0] = (char)(0xe0 | ch >> 12);
			e[1] = (char)(0x80 | (ch >> 6 & 0x3f));
			e[2] = (char)(0x80 | (ch & 0x3f));
			buf_add(&j->nbytes, e, 3);
		}
		return;
	}
	e[0] = (char)ch;
	buf_add(&j->nbytes, e, 1);
}

/* A field name, its first unit i: into j->name. */
static void
field_name(struct rh_jk *j, int32_t i)
{
	int32_t ch;

	if (i != '"')
		unexpected(j, i, "was expecting double-quote to start field "
		    "name");
	if (j->wide) {
		j->name.n = 0;
		for (;;) {
			if (j->ptr >= j->end && !loadmore(j))
				invalid_eof(j, ": was expecting closing '\"' for "
				    "name");
			ch = j->cb[j->ptr++];
			if (ch == '"')
				return;
			if (ch == '\\')
				ch = escaped(j);
			else if (ch < ' ')
				unquoted_space(j, ch, "name");
			rh_jstr_add(&j->name, (uint16_t)ch);
		}
	}
	buf_clear(&j->nbytes);
	if (j->ptr >= j->end && !loadmore(j))
		invalid_eof(j, ": was expecting closing '\"' for name");
	for (;;) {
		ch = j->bb[j->ptr++];
		if (ch == '"')
			break;
		if (ch < ' ')
			unquoted_space(j, ch, "name");
		if (ch == '\\')
			name_char(j, escaped(j));
		else {
			char c = (char)ch;

			buf_add(&j->nbytes, &c, 1);
		}
		if (j->ptr >= j->end && !loadmore(j))
			invalid_eof(j, " in field name");
	}
	if (j->nbytes.n == 0) {		/* the empty name: no lookup */
		j->name.n = 0;
		return;
	}
	lookup_name(j);
}

/* --- tokens --- */

/* A value that starts with none of the usual characters. */
NORETURN static void
unexpected_value(struct rh_jk *j, int32_t c)
{
	if (c == 'N') {
		match_token(j, "NaN", 1);
		perrf(j, "Non-standard token 'NaN': enable JsonParser.Feature."
		    "ALLOW_NON_NUMERIC_NUMBERS to allow");
	}
	if (c == '+') {
		if (j->ptr >= j->end && !loadmore(j))
			invalid_eof(j, " in a value");
		c = j->wide ? j->cb[j->ptr++] : j->bb[j->ptr++];
		invalid_number_start(j, c, 0);
	}
	unexpected(j, c, "expected a valid value (number, String, array, "
	    "object, 'true', 'false' or 'null')");
}

/* A value starting with i (not a closing bracket). */
static enum rh_jtok
value(struct rh_jk *j, int32_t i)
{
	switch (i) {
	case '"':
		j->incomplete = 1;
		return RH_JT_STRING;
	case '[':
		return RH_JT_START_ARRAY;
	case '{':
		return RH_JT_START_OBJECT;
	case ']':
	case '}':
		unexpected(j, i, "expected a value");
	case 't':
		match_token(j, "true", 1);
		return RH_JT_TRUE;
	case 'f':
		match_token(j, "false", 1);
		return RH_JT_FALSE;
	case 'n':
		match_token(j, "null", 1);
		return RH_JT_VNULL;
	case '-': case '0': case '1': case '2': case '3': case '4':
	case '5': case '6': case '7': case '8': case '9':
		return number(j, i);
	}
	unexpected_value(j, i);
}

enum rh_jtok
rh_jk_next(struct rh_jk *j)
{
	int32_t i;
	enum rh_jtok t;

	j->nvalid = NR_UNKNOWN;
	if (j->cur == RH_JT_FIELD_NAME) {
		t = j->next;
		j->next = RH_JT_NULL;
		j->own = j->valown;
		if (t == RH_JT_START_ARRAY)
			push_ctx(j, C_ARRAY);
		else if (t == RH_JT_START_OBJECT)
			push_ctx(j, C_OBJECT);
		return j->cur = t;
	}
	if (j->incomplete) {
		j->incomplete = 0;
		string(j, 0);
	}
	if ((i = skip_ws(j, 1)) < 0) {
		closeinput(j);
		names_merge(j);
		return j->cur = RH_JT_NULL;
	}
	j->own = j->processed + j->ptr - 1;
	j->tokrow = j->row;
	j->tokcol = (int32_t)(j->ptr - j->rowstart - 1);
	if (i == ']') {
		if (j->ctx[j->nctx - 1].type != C_ARRAY)
			mismatched(j, i, '}');
		j->nctx--;
		return j->cur = RH_JT_END_ARRAY;
	}
	if (i == '}') {
		if (j->ctx[j->nctx - 1].type != C_OBJECT)
			mismatched(j, i, ']');
		j->nctx--;
		return j->cur = RH_JT_END_OBJECT;
	}
	if (expect_comma(j)) {
		if (i != ',')
			unexpected(j, i, j->ctx[j->nctx - 1].type == C_OBJECT ?
			    "was expecting comma to separate OBJECT entries" :
			    "was expecting comma to separate ARRAY entries");
		i = skip_ws(j, 0);
		j->own = j->processed + j->ptr - 1;
	}
	if (!in_object(j)) {
		t = value(j, i);
		if (t == RH_JT_START_ARRAY)
			push_ctx(j, C_ARRAY);
		else if (t == RH_JT_START_OBJECT)
			push_ctx(j, C_OBJECT);
		return j->cur = t;
	}
	field_name(j, i);
	j->cur = RH_JT_FIELD_NAME;
	if ((i = skip_ws(j, 0)) != ':')
		unexpected(j, i, "was expecting a colon to separate field name "
		    "and value");
	i = skip_ws(j, 0);
	j->valown = j->processed + j->ptr - 1;
	j->next = value(j, i);
	return j->cur;
}

enum rh_jtok
rh_jk_cur(const struct rh_jk *j)
{
	return j->cur;
}

void
rh_jk_text(struct rh_jk *j, struct rh_jstr *t)
{
	const char *s;

	t->n = 0;
	switch (j->cur) {
	case RH_JT_STRING:
		if (j->incomplete) {
			j->incomplete = 0;
			string(j, 1);
		}
		rh_jstr_set(t, &j->text);
		return;
	case RH_JT_FIELD_NAME:
		rh_jstr_set(t, &j->name);
		return;
	case RH_JT_INT:
	case RH_JT_FLOAT:
		rh_jstr_set(t, &j->text);
		return;
	case RH_JT_NULL:
		return;
	default:
		s = tokstr(j->cur);
		rh_jstr_ascii(t, s);
	}
}

/* The current number's text as ASCII (numbers are). */
static const char *
numtext(struct rh_jk *j, char *b, size_t size)
{
	size_t i;

	for (i = 0; i < j->text.n && i + 1 < size; i++)
		b[i] = (char)j->text.u[i];
	b[i] = '\0';
	return b;
}

/* _parseNumericValue for an integer or a fraction. */
static void
parse_number(struct rh_jk *j)
{
	char b[512], *t;
	size_t n = j->text.n;

	if (j->cur != RH_JT_INT && j->cur != RH_JT_FLOAT)
		perrf(j, "Current token (%s) not numeric, can not use numeric "
		    "value accessors", rh_jk_tokname(j->cur));
	t = n < sizeof b ? b : xmalloc(n + 1);
	numtext(j, t, n + 1);
	if (j->cur == RH_JT_FLOAT) {
		j->ndouble = strtod(t, NULL);
		j->nvalid = NR_DOUBLE;
	} else if (j->intlen <= 18) {
		j->nlong = strtoll(t, NULL, 10);
		if (j->nlong >= INT32_MIN && j->nlong <= INT32_MAX &&
		    j->intlen <= 10) {
			j->nint = (int32_t)j->nlong;
			j->nvalid = NR_INT;
		} else
			j->nvalid = NR_LONG;
	} else if (j->intlen == 19 && strcmp(t + j->neg, j->neg ?
	    "9223372036854775808" : "9223372036854775807") <= 0) {
		j->nlong = strtoll(t, NULL, 10);
		j->nvalid = NR_LONG;
	} else
		j->nvalid = NR_BIGINT;
	if (t != b)
		free(t);
}

/* "Numeric value (TEXT) out of range of ..." */
NORETURN static void
overflow(struct rh_jk *j, const char *what)
{
	struct buf m = { NULL, 0, 0 };

	buf_puts(&m, "Numeric value (");
	rh_jstr_utf8(&m, j->text.u, j->text.n);
	buf_printf(&m, ") out of range of %s", what);
	fail_msg(j, &m);
}

int32_t
rh_jk_int(struct rh_jk *j)
{
	if (j->nvalid == NR_UNKNOWN)
		parse_number(j);
	switch (j->nvalid) {
	case NR_INT:
		return j->nint;
	case NR_LONG:
		if (j->nlong < INT32_MIN || j->nlong > INT32_MAX)
			overflow(j, "int");
		return (int32_t)j->nlong;
	case NR_BIGINT:
		overflow(j, "int (-2147483648 - 2147483647)");
	default:
		if (j->ndouble < -2147483648.0 || j->ndouble > 2147483647.0)
			overflow(j, "int (-2147483648 - 2147483647)");
		return (int32_t)j->ndouble;
	}
}

int64_t
rh_jk_long(struct rh_jk *j)
{
	if (j->nvalid == NR_UNKNOWN)
		parse_number(j);
	switch (j->nvalid) {
	case NR_INT:
		return j->nint;
	case NR_LONG:
		return j->nlong;
	case NR_BIGINT:
		overflow(j, "long (-9223372036854775808 - "
		    "9223372036854775807)");
	default:
		if (j->ndouble < -9223372036854775808.0 ||
		    j->ndouble > 9223372036854775807.0)
			overflow(j, "long (-9223372036854775808 - "
			    "9223372036854775807)");
		/* (long) of 2^63 saturates in Java */
		if (j->ndouble >= 9223372036854775807.0)
			return INT64_MAX;
		return (int64_t)j->ndouble;
	}
}

/* --- the start --- */

struct rh_jk *
rh_jk_new(int fd, struct rh_jk_names *shared, jmp_buf *fail,
    struct rh_jexc *e)
{
	struct rh_jk *j = xcalloc(1, sizeof *j);

	j->shared = shared;
	if (shared != NULL)
		names_copy(&j->names, shared);
	j->fd = fd;
	j->fail = fail;
	j->exc = e;
	j->row = 1;
	/* the root context: line 1, column 0 */
	j->nctx = 0;
	j->tokrow = 1;
	j->tokcol = 0;
	push_ctx(j, C_ROOT);
	return j;
}

void
rh_jk_free(struct rh_jk *j)
{
	if (j == NULL)
		return;
	free(j->w);
	free(j->ctx);
	rh_jstr_free(&j->text);
	rh_jstr_free(&j->name);
	rh_jstr_free(&j->tok);
	buf_free(&j->nbytes);
	free(j->quads);
	names_release(&j->names);
	rh_jstr_free(&j->renamed);
	buf_free(&j->u8);
	free(j->u8off);
	free(j);
}

/* ByteSourceBootstrapper.detectEncoding on the first bytes. */
static void
detect(struct rh_jk *j, const unsigned char *b, int32_t n, int32_t *skip)
{
	uint32_t quad;
	int found = 0, bytes = 0, big = 1;
	unsigned i16;

	*skip = 0;
	if (n >= 4) {
		quad = (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 |
		    (uint32_t)b[2] << 8 | b[3];
		if (quad == 0x0000feff || quad == 0xfffe0000) {
			big = quad == 0x0000feff;
			*skip = 4;
			bytes = 4;
			found = 1;
		} else if (quad == 0x0000fffe || quad == 0xfeff0000) {
			rh_jk_throw(j->fail, j->exc, CCE, "Unsupported UCS-4 "
			    "endianness (%s) detected", quad == 0x0000fffe ?
			    "2143" : "3412");
		} else if ((quad >> 16) == 0xfeff || (quad >> 16) == 0xfffe) {
			big = (quad >> 16) == 0xfeff;
			*skip = 2;
			bytes = 2;
			found = 1;
		} else if ((quad >> 8) == 0xefbbbf) {
			*skip = 3;
			bytes = 1;
			found = 1;
		} else if ((quad >> 8) == 0) {
			bytes = 4;
			found = 1;
		} else if ((quad & 0x00ffffff) == 0) {
			bytes = 4;
			big = 0;
			found = 1;
		} else if ((quad & ~0x00ff0000U) == 0 ||
		    (quad & ~0x0000ff00U) == 0) {
			rh_jk_throw(j->fail, j->exc, CCE, "Unsupported UCS-4 "
			    "endianness (%s) detected", (quad & ~0x00ff0000U) ==
			    0 ? "3412" : "2143");
		} else {
			i16 = quad >> 16;
			goto utf16;
		}
	} else if (n >= 2) {
		i16 = (unsigned)b[0] << 8 | b[1];
utf16:
		if ((i16 & 0xff00) == 0) {
			bytes = 2;
			found = 1;
		} else if ((i16 & 0x00ff) == 0) {
			bytes = 2;
			big = 0;
			found = 1;
		}
	}
	if (!found || bytes == 1)
		j->enc = RH_JE_UTF8;
	else if (bytes == 2)
		j->enc = big ? RH_JE_UTF16BE : RH_JE_UTF16LE;
	else
		j->enc = big ? RH_JE_UTF32BE : RH_JE_UTF32LE;
}

void
rh_jk_start(struct rh_jk *j)
{
	int32_t got = 0, n, skip;

	/* ensureLoaded(4), then (2): reads into the 4,000-byte buffer */
	while (got < 4 && (n = fis_read(j, CHUNK - got)) > 0)
		got += n;
	avail(j, 0, (size_t)got);
	detect(j, j->w, got, &skip);
	if (j->enc == RH_JE_UTF8) {
		j->boff = 0;
		j->bb = j->w;
		j->ptr = skip;
		j->end = got;
	} else {
		j->wide = 1;
		j->keep = 0;	/* a Reader's input is kept whole */
		if (j->enc == RH_JE_UTF32BE || j->enc == RH_JE_UTF32LE) {
			memcpy(j->rbuf, j->w, (size_t)got);
			j->rptr = skip;
			j->rlen = got;
		} else {
			memcpy(j->mbuf, j->w, (size_t)got);
			j->mptr = skip;
			j->mend = got;
			j->mfreed = skip >= got;
		}
		j->ptr = j->end = 0;
	}
	/* Avro's JsonDecoder reads the first token */
	rh_jk_next(j);
}

/* --- positions and the bytes, for the caller --- */

static uint64_t
offset_of(const struct rh_jk *j, int64_t unit)
{
	if (!j->wide)
		return (uint64_t)unit;
	if (unit < 0)
		return 0;
	if ((uint64_t)unit >= j->nchars)
		return j->u8.n;
	return j->u8off[unit];
}

uint64_t
rh_jk_tokoff(const struct rh_jk *j)
{
	return offset_of(j, j->own);
}

uint64_t
rh_jk_off(const struct rh_jk *j)
{
	int64_t at = j->processed + j->ptr;

	/* after a load that found the end, Jackson counts on past it */
	if (j->ptr > j->end || (j->closed && at > (int64_t)(j->wide ?
	    j->nchars : seen(j))))
		at = j->wide ? (int64_t)j->nchars : (int64_t)seen(j);
	return offset_of(j, at);
}

int
rh_jk_fast_ok(const struct rh_jk *j)
{
	return !j->wide && !j->names.nul;
}

const struct rh_jstr *
rh_jk_renamed(const struct rh_jk *j)
{
	return j->renamed.n > 0 ? &j->renamed : NULL;
}

void
rh_jk_saw_names(struct rh_jk *j, const char *const *names, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		buf_clear(&j->nbytes);
		buf_add(&j->nbytes, names[i], strlen(names[i]));
		lookup_name(j);
	}
}

size_t
rh_jk_bytes(struct rh_jk *j, uint64_t off, size_t want,
    const unsigned char **p)
{
	size_t n;
	int32_t got;

	if (!j->wide) {
		n = avail(j, off, want);
		*p = j->w + (off - j->wbase);
		return n;
	}
	/* decode the rest: the Reader's own reads are over by now */
	while (off + want > j->u8.n && !j->reof && !j->rfree) {
		uint16_t c[CCHUNK];

		j->quiet = 1;

		got = j->enc == RH_JE_UTF16BE || j->enc == RH_JE_UTF16LE ?
		    u16_read(j, c, CCHUNK) : u32_read(j, c, CCHUNK);
		if (got <= 0)
			break;
		gave(j, c, (size_t)got);
	}
	if (off >= j->u8.n) {		/* nothing there (u8.s may be NULL) */
		*p = (const unsigned char *)"";
		return 0;
	}
	*p = (const unsigned char *)j->u8.s + off;
	return j->u8.n - off < want ? (size_t)(j->u8.n - off) : want;
}

size_t
rh_jk_rest(struct rh_jk *j, uint64_t off, const unsigned char **p, int *all)
{
	*all = j->wide;
	if (j->wide)
		return rh_jk_bytes(j, off, SIZE_MAX - off, p);
	if (off < j->wbase)
		off = j->wbase;
	*p = j->w + (off - j->wbase);
	return off >= j->wbase + j->wlen ? 0 :
	    (size_t)(j->wbase + j->wlen - off);
}

void
rh_jk_keep(struct rh_jk *j, uint64_t off)
{
	if (!j->wide)
		j->keep = off;
}

void
rh_jk_skip_record(struct rh_jk *j, uint64_t end)
{
	while (end > j->boff + (uint64_t)j->end)
		if (!loadmore(j))
			break;
	j->ptr = (int32_t)(end - j->boff);
	j->nctx = 1;
	j->cur = RH_JT_END_OBJECT;
	j->incomplete = 0;
}

int
rh_jk_stream_read(struct rh_jk *j)
{
	const unsigned char *p;

	if (j->fclosed)
		rh_jk_throw(j->fail, j->exc, IOE, "Stream Closed");
	if (avail(j, j->fpos, 1) == 0)
		return -1;
	p = j->w + (j->fpos - j->wbase);
	j->fpos++;
	return *p;
}
