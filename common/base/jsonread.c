/*
 * jsonread.c - line and stream JSON readers with exact positions (jsonread.h).
 *
 * The buffer holds the unread input; a value is scanned in place, handed
 * to json-c in one piece, and given to the caller as a json_object plus
 * its original bytes (so filters can echo input without re-encoding it).
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "exitcode.h"
#include "jsonlex.h"
#include "jsonread.h"
#include "xalloc.h"

#define NONUM SIZE_MAX

struct nj_reader {
	int fd;
	int owned_fd;
	enum nj_mode mode;
	struct diag *d;
	struct ob *flush;		/* flushed before reads; may be NULL */
	void (*idle)(void *);		/* called before waiting; may be NULL */
	void *idle_arg;
	size_t maxlen;
	unsigned maxdepth;
	size_t rdmax;			/* most bytes per read(2), 0: no limit */

	char *mem;			/* the reader's own buffer */
	size_t cap;
	const char *buf;		/* mem, or the text fed */
	size_t beg, end;		/* unread bytes: buf[beg, end) */
	int eof, dead, skipping;
	struct pos at;			/* of buf[beg]; file: the name */
	size_t nl_off;			/* line mode: no '\n' in buf[beg, beg+nl_off) */
	size_t pending;			/* bytes of the last value, dropped next call */
	int pending_block;		/* ... and they are lines of a block */
	size_t rawlen;			/* line mode: the raw line handed out */
	const char *eol;		/* line mode: says more of a line
					   that ends inside its value */

	struct json_tokener *tok;
	struct json_object *cur;

	/* pre-scan state, offsets relative to beg */
	size_t sc_off, sc_num;
	unsigned sc_depth;
	uint64_t sc_kinds;		/* bit per open level: 1 object, 0 array */
	int sc_str, sc_esc, sc_int;
};

#ifndef HAVE_MEMRCHR
static void *
memrchr(const void *s, int c, size_t n)
{
	const unsigned char *p = (const unsigned char *)s + n;

	while (n-- > 0)
		if (*--p == (unsigned char)c)
			return (void *)p;
	return NULL;
}
#endif

struct nj_reader *
nj_fdopen(int fd, const char *name, enum nj_mode mode, struct diag *d)
{
	struct nj_reader *r = xcalloc(1, sizeof *r);

	r->fd = fd;
	r->at.file = name;
	r->mode = mode;
	r->d = d;
	r->maxlen = NJ_MAXLEN;
	r->maxdepth = NJ_MAXDEPTH;
	r->cap = 65536;
	r->buf = r->mem = xmalloc(r->cap);
	r->at.line = 1;
	r->at.col = 1;
	r->sc_num = NONUM;
	r->tok = json_tokener_new_ex(NJ_MAXDEPTH + 2);
	if (r->tok == NULL)
		xoom();
	json_tokener_set_flags(r->tok, JSON_TOKENER_STRICT |
	    JSON_TOKENER_ALLOW_TRAILING_CHARS | JSON_TOKENER_VALIDATE_UTF8);
	return r;
}

int
nj_open(struct nj_reader **rp, const char *path, enum nj_mode mode,
    struct diag *d)
{
	int fd;

	*rp = NULL;
	if (path == NULL || strcmp(path, "-") == 0) {
		*rp = nj_fdopen(0, "<stdin>", mode, d);
		return 0;
	}
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return diag_syserr(d, EXIT_NOINPUT, POS_NONE, "cannot open '%s'", path);
	*rp = nj_fdopen(fd, path, mode, d);
	(*rp)->owned_fd = 1;
	return 0;
}

void
nj_close(struct nj_reader *r)
{
	if (r == NULL)
		return;
	if (r->cur != NULL)
		json_object_put(r->cur);
	json_tokener_free(r->tok);
	if (r->owned_fd)
		close(r->fd);
	free(r->mem);
	free(r);
}

void
nj_set_flush(struct nj_reader *r, struct ob *flush)
{
	r->flush = flush;
}

void
nj_set_idle(struct nj_reader *r, void (*idle)(void *), void *arg)
{
	r->idle = idle;
	r->idle_arg = arg;
}

void
nj_set_eol(struct nj_reader *r, const char *more)
{
	r->eol = more;
}

void
nj_set_limits(struct nj_reader *r, size_t maxlen, size_t rdmax)
{
	r->maxlen = maxlen > 0 ? maxlen : NJ_MAXLEN;
	r->rdmax = rdmax;
}

const char *
nj_name(const struct nj_reader *r)
{
	return r->at.file;
}

int
nj_status(int rc)
{
	if (rc == NJ_BAD)
		return EXIT_DATAERR;
	if (rc == NJ_IOERR)
		return EXIT_IOERR;
	return EXIT_OK;
}

void
nj_pos_advance(struct pos *p, const char *s, size_t n)
{
	const char *e, *q;

	if (n == 0)		/* s may be NULL */
		return;
	e = s + n;
	while ((q = memchr(s, '\n', (size_t)(e - s))) != NULL) {
		p->line++;
		p->col = 1;
		s = q + 1;
	}
	p->col += (unsigned long)(e - s);
}

/* Advance the position over buf[beg, beg+n) and drop those bytes. */
static void
consume(struct nj_reader *r, size_t n)
{
	nj_pos_advance(&r->at, r->buf + r->beg, n);
	r->beg += n;
}

/* The same for a whole line handed out: no newline inside, maybe one last. */
static void
consume_line(struct nj_reader *r, size_t n)
{
	if (n > 0 && r->buf[r->beg + n - 1] == '\n') {
		r->at.line++;
		r->at.col = 1;
	} else
		r->at.col += (unsigned long)n;
	r->beg += n;
}

/* Position of byte buf[beg + off]. */
static struct pos
pos_at(const struct nj_reader *r, size_t off)
{
	struct pos p = r->at;

	nj_pos_advance(&p, r->buf + r->beg, off);
	return p;
}

static ssize_t runs_into(struct nj_reader *, size_t);
static int unclosed(struct nj_reader *, size_t);

static int
bad(struct nj_reader *r, size_t off, const char *msg)
{
	struct pos p;
	ssize_t into;

	if (r->mode == NJ_STREAM && (into = runs_into(r, off)) != 0)
		return into < 0 ? (int)into : unclosed(r, (size_t)into);
	p = pos_at(r, off);
	diag_err(r->d, EXIT_DATAERR, &p, "%s", msg);
	if (r->mode == NJ_STREAM)
		r->dead = 1;
	return NJ_BAD;
}

/* Would a read(2) of fd wait? */
static int
would_wait(int fd)
{
	struct pollfd pfd = { fd, POLLIN, 0 };

	return poll(&pfd, 1, 0) == 0;
}

/*
 * Read more input. Returns 1 if bytes arrived, 0 at end of input,
 * NJ_IOERR on a read error. Keeps buf[beg, end), moving it to the front
 * or growing the buffer (never past maxlen + 1 bytes of unread data).
 * A fed reader is at its end already: it never comes here to read.
 */
static int
fill(struct nj_reader *r)
{
	size_t want;
	ssize_t n;

	if (r->eof)
		return 0;
	if (r->beg > 0 && (r->beg == r->end || r->end == r->cap)) {
		memmove(r->mem, r->mem + r->beg, r->end - r->beg);
		r->end -= r->beg;
		r->beg = 0;
	}
	if (r->end == r->cap) {
		size_t ncap = r->cap * 2;

		if (ncap > r->maxlen + 65536)
			ncap = r->maxlen + 65536;
		if (ncap > r->cap) {
			r->mem = xrealloc(r->mem, ncap);
			r->cap = ncap;
		}
	}
	r->buf = r->mem;
	if (r->flush != NULL)
		ob_flush_buf(r->flush);
	if (r->idle != NULL && would_wait(r->fd))
		r->idle(r->idle_arg);
	want = r->cap - r->end;
	if (r->rdmax > 0 && want > r->rdmax)
		want = r->rdmax;
	do
		n = read(r->fd, r->mem + r->end, want);
	while (n < 0 && errno == EINTR);
	if (n < 0) {
		struct pos p = { r->at.file, 0, 0 };

		diag_syserr(r->d, EXIT_IOERR, &p, "read error");
		r->dead = 1;
		return NJ_IOERR;
	}
	if (n == 0) {
		r->eof = 1;
		return 0;
	}
	r->end += (size_t)n;
	return 1;
}

/*
 * Scan string bytes from b[i] (inside a string; r->sc_esc: the byte before
 * was a backslash), checking that they are UTF-8 (jl_str). Returns the
 * index of the closing quote; or where to go on when more bytes are
 * needed; or SIZE_MAX after reporting a problem.
 */
static inline size_t
str_end(struct nj_reader *r, const unsigned char *b, size_t i, size_t lim)
{
	struct jl_bad e = { 0, JL_CHAR };

	if ((i = jl_str(b, i, lim, JL_UTF8, &r->sc_esc, &e)) == SIZE_MAX)
		bad(r, e.at, jl_msg(e.err));
	return i;
}

/*
 * The lexical pre-scan of one top-level object starting at buf[beg].
 * Resumable: state lives in the reader. Scans buf[beg+sc_off, beg+lim).
 * Returns 1 when the object is complete (it ends at beg+sc_off), 0 if more
 * bytes are needed, NJ_BAD after reporting a problem.
 */
static int
prescan(struct nj_reader *r, size_t lim)
{
	const unsigned char *b = (const unsigned char *)r->buf + r->beg;
	size_t i = r->sc_off;

	if (i == 0 && lim > 0 && b[0] != '{') {
		/* a UTF-8 byte order mark is named: it is invisible */
		if (memcmp(b, "\xef\xbb\xbf", lim < 3 ? lim : 3) != 0)
			return bad(r, 0, "expected a JSON object");
		if (lim < 3)
			return 0;
		return bad(r, 0, "expected a JSON object, not a UTF-8 byte "
		    "order mark (BOM)");
	}
	if (r->sc_str) {		/* resume inside a string */
		if ((i = str_end(r, b, i, lim)) == SIZE_MAX)
			return NJ_BAD;
		if (i == lim || b[i] != '"') {
			r->sc_off = i;
			return 0;
		}
		r->sc_str = 0;
		i++;
	}
	for (; i < lim; i++) {
		unsigned char c = b[i];

		if (r->sc_num != NONUM) {
			if ((c >= '0' && c <= '9'))
				continue;
			if (c == '.' || c == 'e' || c == 'E' || c == '+' || c == '-') {
				r->sc_int = 0;
				continue;
			}
			if (r->sc_int && !jl_int_fits((const char *)b + r->sc_num,
			    i - r->sc_num))
				return bad(r, r->sc_num, jl_msg(JL_INT64));
			r->sc_num = NONUM;
		}
		switch (c) {
		case ' ': case '\t': case '\r': case '\n': case ':': case ',':
			break;
		case '"':		/* a string: scan it at once */
			r->sc_str = 1;
			if ((i = str_end(r, b, i + 1, lim)) == SIZE_MAX)
				return NJ_BAD;
			if (i == lim || b[i] != '"') {
				r->sc_off = i;
				return 0;
			}
			r->sc_str = 0;
			break;
		case '{': case '[':
			if (r->sc_depth >= r->maxdepth)
				return bad(r, i, jl_msg(JL_DEPTH));
			/* one bit per open level: set for an object */
			r->sc_kinds = (r->sc_kinds << 1) | (c == '{');
			r->sc_depth++;
			break;
		case '}': case ']':
			if ((r->sc_kinds & 1) != (c == '}'))
				return bad(r, i, "mismatched bracket");
			r->sc_kinds >>= 1;
			if (--r->sc_depth == 0) {
				r->sc_off = i + 1;
				return 1;
			}
			break;
		case '-': case '0': case '1': case '2': case '3': case '4':
		case '5': case '6': case '7': case '8': case '9':
			r->sc_num = i;
			r->sc_int = 1;
			break;
		default:
			if (c >= 'a' && c <= 'z')	/* true, false, null */
				break;
			return bad(r, i, jl_msg(jl_not_value(c)));
		}
	}
	r->sc_off = i;
	return 0;
}

static void
prescan_reset(struct nj_reader *r)
{
	r->sc_off = 0;
	r->sc_num = NONUM;
	r->sc_depth = 0;
	r->sc_kinds = 0;
	r->sc_str = r->sc_esc = r->sc_int = 0;
}

/* The value at buf[beg], n bytes long, for the caller. */
static int
hand_out(struct nj_reader *r, struct nj_value *v, struct json_object *o,
    size_t n)
{
	v->obj = o;
	v->text = r->buf + r->beg;
	v->len = n;
	v->pos = r->at;
	return NJ_VALUE;
}

/* json-c's reading of buf[beg, beg+n), from a fresh start. */
static struct json_object *
tokenize(struct nj_reader *r, size_t n)
{
	struct json_object *o;

	json_tokener_reset(r->tok);
	errno = 0;
	o = json_tokener_parse_ex(r->tok, r->buf + r->beg, (int)n);
	/*
	 * json-c 0.16 has no error for a failed allocation: it reports bad
	 * syntax, or drops a key or part of a string without a word. A
	 * malloc that failed left ENOMEM behind, though.
	 */
	if (errno == ENOMEM)
		xoom();
	return o;
}

/* Hand buf[beg, beg+n) to json-c. */
static int
parse(struct nj_reader *r, size_t n, struct nj_value *v)
{
	struct json_object *o = tokenize(r, n);
	enum json_tokener_error e = json_tokener_get_error(r->tok);

	if (o == NULL || e != json_tokener_success) {
		size_t at = json_tokener_get_parse_end(r->tok);

		if (o != NULL)
			json_object_put(o);
		if (e == json_tokener_success || e == json_tokener_continue)
			return bad(r, n, "unexpected end of object");
		if (at >= n && at > 0)
			at = n - 1;
		return bad(r, at, json_tokener_error_desc(e));
	}
	r->cur = o;
	return hand_out(r, v, o, n);
}

/*
 * json-c's error reading the first n bytes of the record at buf[beg], and
 * where: json_tokener_success when they begin an object (and may end too
 * soon).
 */
static enum json_tokener_error
jc_read(struct nj_reader *r, size_t n, size_t *at)
{
	enum json_tokener_error e;
	struct json_object *o = tokenize(r, n);

	if (o != NULL)
		json_object_put(o);
	*at = json_tokener_get_parse_end(r->tok);
	e = json_tokener_get_error(r->tok);
	return e == json_tokener_continue ? json_tokener_success : e;
}

/* The record is broken at buf[beg + at], json-c says. */
static int
jc_bad(struct nj_reader *r, enum json_tokener_error e, size_t at)
{
	struct pos p = pos_at(r, at);

	diag_err(r->d, EXIT_DATAERR, &p, "%s", json_tokener_error_desc(e));
	if (r->mode == NJ_STREAM)
		r->dead = 1;
	return NJ_BAD;
}

/*
 * The first n bytes of the record at buf[beg] go as far as a cut: where
 * they stop being blank. An error json-c finds there or later is the cut
 * (a token left unfinished, tr or -), not damage of its own.
 */
static size_t
unblank(const struct nj_reader *r, size_t n)
{
	const char *t = r->buf + r->beg;

	while (n > 0 && (t[n - 1] == ' ' || t[n - 1] == '\t' ||
	    t[n - 1] == '\r' || t[n - 1] == '\n'))
		n--;
	return n;
}

/* Does a line begin at buf[beg + off], with '{'? */
static int
brace_at(const struct nj_reader *r, size_t off)
{
	return off > 0 && off < r->end - r->beg &&
	    r->buf[r->beg + off - 1] == '\n' && r->buf[r->beg + off] == '{';
}

/* The first offset in [1, lim) where a line begins with '{', or 0. */
static size_t
brace_line(const struct nj_reader *r, size_t lim)
{
	const char *p = r->buf + r->beg, *q = p, *e = p + lim;

	while (q < e && (q = memchr(q, '\n', (size_t)(e - q))) != NULL)
		if (++q < e && *q == '{')
			return (size_t)(q - p);
	return 0;
}

/*
 * NJ_STREAM: had the record at buf[beg], broken at buf[beg + off] (or
 * ending with the input, off the bytes buffered), run into the next
 * record by then? Records begin lines: the first line that begins with
 * '{' is the next record if the record cannot go on with it, or if it
 * goes on and breaks later where such a line begins - or where a line
 * ends inside a string and the next begins with '{' (the next line's
 * first byte is read if need be). The offset of that first '{', 0 if
 * none, or NJ_BAD: json-c found the record broken before, and said so
 * (NJ_IOERR: reading that byte failed, said too).
 */
static ssize_t
runs_into(struct nj_reader *r, size_t off)
{
	size_t n = r->end - r->beg, lim = off < n ? off + 1 : n, into, at;
	enum json_tokener_error e;
	int instr = 0, rc;

	if (off < n && r->buf[r->beg + off] == '\n') {
		if (off + 1 == n && off < r->maxlen && (rc = fill(r)) < 0)
			return rc;
		if ((instr = brace_at(r, off + 1)))
			lim = off + 2;
	}
	if ((into = brace_line(r, lim)) == 0)
		return 0;
	e = jc_read(r, instr && into == off + 1 ? into : into + 1, &at);
	if (e != json_tokener_success)
		return at < unblank(r, into) ? jc_bad(r, e, at) : (ssize_t)into;
	if (instr)
		return (ssize_t)into;
	e = jc_read(r, lim, &at);		/* it went on with the '{' */
	return e != json_tokener_success && brace_at(r, at) ? (ssize_t)into : 0;
}

/*
 * Report the record at buf[beg] not closed: it runs into the record that
 * begins at buf[beg + into], or (into 0) the input ends.
 */
static int
unclosed(struct nj_reader *r, size_t into)
{
	enum json_tokener_error e;
	size_t len, at;
	struct pos p;

	r->dead = 1;
	len = into > 0 ? into : r->end - r->beg;
	if (into == 0 && (e = jc_read(r, len, &at)) != json_tokener_success &&
	    at < unblank(r, len))
		return jc_bad(r, e, at);
	p = pos_at(r, len);
	if (into > 0)
		diag_err(r->d, EXIT_DATAERR, &r->at, "this record is not closed: "
		    "it runs into the record at %lu:%lu (a line cut short?)",
		    p.line, p.col);
	else
		diag_err(r->d, EXIT_DATAERR, &p, "unexpected end of file: the "
		    "record that starts at %lu:%lu is not closed", r->at.line,
		    r->at.col);
	return NJ_BAD;
}

/* The input ended inside the record at buf[beg]. */
static int
stream_end(struct nj_reader *r)
{
	ssize_t into = runs_into(r, r->end - r->beg);

	return into < 0 ? (int)into : unclosed(r, (size_t)into);
}

static int
is_blank(const char *p, size_t n)
{
	while (n > 0 && (*p == ' ' || *p == '\t' || *p == '\r'))
		p++, n--;
	return n == 0;
}

/* Check and parse the line buf[beg, beg+len); skip bytes go with it. */
static int
line_value(struct nj_reader *r, size_t len, size_t skip, struct nj_value *v)
{
	int rc;

	prescan_reset(r);
	rc = prescan(r, len);
	if (rc == 0 && r->eol != NULL) {
		char msg[512];

		snprintf(msg, sizeof msg, "unexpected end of line: %s", r->eol);
		rc = bad(r, len, msg);
	} else if (rc == 0)
		rc = bad(r, len, "unexpected end of line");
	else if (rc == 1 && !is_blank(r->buf + r->beg + r->sc_off,
	    len - r->sc_off)) {
		size_t at = r->sc_off;

		while (r->buf[r->beg + at] == ' ' || r->buf[r->beg + at] == '\t')
			at++;
		rc = bad(r, at, "trailing data after the object");
	}
	if (rc == 1)
		rc = parse(r, r->sc_off, v);
	if (rc != NJ_VALUE) {
		consume(r, skip);
		return rc;
	}
	r->pending = skip;	/* the caller reads it until the next call */
	return NJ_VALUE;
}

static int
next_line(struct nj_reader *r, struct nj_value *v, int raw)
{
	for (;;) {
		const char *nl;
		size_t len, skip;
		int rc;

		nl = memchr(r->buf + r->beg + r->nl_off, '\n',
		    r->end - r->beg - r->nl_off);
		if (nl == NULL) {
			r->nl_off = r->end - r->beg;
			if (r->skipping) {	/* drop the rest of an overlong line */
				r->at.col += (unsigned long)r->nl_off;
				r->beg = r->end;
				r->nl_off = 0;
			} else if (r->nl_off > r->maxlen) {
				struct pos p = { r->at.file, r->at.line, 0 };

				diag_err(r->d, EXIT_DATAERR, &p,
				    "line longer than %zu bytes", r->maxlen);
				r->skipping = 1;
				return NJ_BAD;
			}
			rc = fill(r);
			if (rc < 0)
				return rc;
			if (rc == 0 && r->beg == r->end)
				return NJ_EOF;
			if (rc == 0) {		/* last line, no newline */
				len = r->end - r->beg;
				skip = len;
				goto line;
			}
			continue;
		}
		len = (size_t)(nl - (r->buf + r->beg));
		skip = len + 1;
		r->nl_off = 0;
		if (r->skipping) {
			r->skipping = 0;
			consume(r, skip);
			continue;
		}
line:
		r->nl_off = 0;
		if (len > r->maxlen) {
			struct pos p = { r->at.file, r->at.line, 0 };

			consume(r, skip);
			return diag_err(r->d, EXIT_DATAERR, &p,
			    "line longer than %zu bytes", r->maxlen), NJ_BAD;
		}
		{
			/* Leading blanks are part of the line's columns. */
			size_t lead = 0;

			while (lead < len && (r->buf[r->beg + lead] == ' ' ||
			    r->buf[r->beg + lead] == '\t' || r->buf[r->beg + lead] == '\r'))
				lead++;
			if (lead == len) {
				consume(r, skip);
				continue;
			}
			r->at.col += (unsigned long)lead;
			r->beg += lead;
			len -= lead;
			skip -= lead;
		}
		if (raw) {
			r->pending = skip;
			r->rawlen = len;
			return hand_out(r, v, NULL, len);
		}
		return line_value(r, len, skip, v);
	}
}

/*
 * Every complete line buffered, reading until there is one; at the end
 * of input, the last line without its newline. A line that outgrows the
 * limit before its newline arrives is reported here, as next_line does.
 */
static int
next_block(struct nj_reader *r, struct nj_value *v)
{
	const char *p, *nl;
	size_t n;
	int rc;

	for (;;) {
		p = r->buf + r->beg;
		n = r->end - r->beg;
		if (r->skipping) {	/* drop the rest of an overlong line */
			if ((nl = memchr(p, '\n', n)) != NULL) {
				r->skipping = 0;
				consume(r, (size_t)(nl - p) + 1);
				continue;
			}
			r->at.col += (unsigned long)n;
			r->beg = r->end;
		} else if ((nl = memrchr(p + r->nl_off, '\n', n - r->nl_off))
		    != NULL) {
			n = (size_t)(nl - p) + 1;
			break;
		} else if ((r->nl_off = n) > r->maxlen) {
			struct pos at = { r->at.file, r->at.line, 0 };

			diag_err(r->d, EXIT_DATAERR, &at, "line longer than %zu "
			    "bytes", r->maxlen);
			r->skipping = 1;
			r->nl_off = 0;
			return NJ_BAD;
		}
		if ((rc = fill(r)) < 0)
			return rc;
		if (rc == 0 && r->beg == r->end)
			return NJ_EOF;
		if (rc == 0) {
			n = r->end - r->beg;
			break;
		}
	}
	r->nl_off = 0;
	r->pending = n;
	r->pending_block = 1;
	return hand_out(r, v, NULL, n);
}

/*
 * The record at buf[beg] is longer than maxlen: one that ran into the next
 * record within its first maxlen bytes is reported as such (the bytes
 * after those, but the first, are not looked at, so the words do not
 * depend on how much was read).
 */
static int
too_long(struct nj_reader *r)
{
	ssize_t into = runs_into(r, r->maxlen - 1);
	char msg[64];

	if (into != 0)
		return into < 0 ? (int)into : unclosed(r, (size_t)into);
	snprintf(msg, sizeof msg, "object longer than %zu bytes", r->maxlen);
	return bad(r, 0, msg);
}

/* Skip the blanks before the next value, reading as needed: NJ_VALUE when
 * one starts at buf[beg], else NJ_EOF or NJ_IOERR. */
static int
stream_start(struct nj_reader *r)
{
	int rc;

	for (;;) {
		size_t i = 0, n = r->end - r->beg;
		const char *p = r->buf + r->beg;

		while (i < n && (p[i] == ' ' || p[i] == '\t' || p[i] == '\r' ||
		    p[i] == '\n'))
			i++;
		consume(r, i);
		if (r->beg < r->end)
			return NJ_VALUE;
		if ((rc = fill(r)) <= 0)
			return rc;
	}
}

/* Check and parse the value that starts at buf[beg], reading as needed. */
static int
stream_value(struct nj_reader *r, struct nj_value *v)
{
	int rc;

	prescan_reset(r);
	for (;;) {
		rc = prescan(r, r->end - r->beg);
		if (rc != 0)
			break;
		if (r->end - r->beg > r->maxlen)
			return too_long(r);
		rc = fill(r);
		if (rc < 0)
			return rc;
		if (rc == 0)
			return stream_end(r);
	}
	if (rc != 1)
		return rc;
	if (r->sc_off > r->maxlen)	/* it came in one read */
		return too_long(r);
	rc = parse(r, r->sc_off, v);
	if (rc == NJ_VALUE)
		r->pending = r->sc_off;
	return rc;
}

static int
next_stream(struct nj_reader *r, struct nj_value *v, int raw)
{
	size_t n;
	int rc;

	if ((rc = stream_start(r)) != NJ_VALUE)
		return rc;
	if (!raw)
		return stream_value(r, v);
	n = r->end - r->beg;
	return hand_out(r, v, NULL, n < r->maxlen ? n : r->maxlen);
}

/* Drop the value handed out last time. */
static void
drop_last(struct nj_reader *r)
{
	if (r->cur != NULL) {
		json_object_put(r->cur);
		r->cur = NULL;
	}
	if (r->pending > 0) {
		if (r->mode == NJ_LINES && !r->pending_block)
			consume_line(r, r->pending);
		else
			consume(r, r->pending);
		r->pending = 0;
		r->pending_block = 0;
	}
}

int
nj_next(struct nj_reader *r, struct nj_value *v, int flags)
{
	drop_last(r);
	if (r->dead)
		return NJ_EOF;
	if (r->mode == NJ_STREAM)
		return next_stream(r, v, flags & NJ_RAW);
	if (flags & NJ_BLOCK)
		return next_block(r, v);
	return next_line(r, v, flags & NJ_RAW);
}

int
nj_parse(struct nj_reader *r, struct nj_value *v)
{
	size_t skip = r->pending;	/* the line and its newline */

	if (r->mode == NJ_STREAM)	/* the value starts at buf[beg] */
		return stream_value(r, v);
	r->pending = 0;
	return line_value(r, r->rawlen, skip, v);
}

void
nj_skip(struct nj_reader *r, size_t n)
{
	consume(r, n);
}

void
nj_unread(struct nj_reader *r, const char *text, size_t len,
    const struct pos *at)
{
	if (len > r->cap) {
		r->mem = xrealloc(r->mem, len);
		r->cap = len;
	}
	memcpy(r->mem, text, len);
	r->buf = r->mem;
	r->beg = 0;
	r->end = len;
	r->at = *at;
}

void
nj_feed(struct nj_reader *r, const char *text, size_t len, const struct pos *at)
{
	if (r->cur != NULL) {
		json_object_put(r->cur);
		r->cur = NULL;
	}
	r->buf = text;
	r->beg = 0;
	r->end = len;
	r->eof = 1;
	r->dead = r->skipping = 0;
	r->nl_off = r->pending = 0;
	r->pending_block = 0;
	r->at.line = at->line;
	r->at.col = at->col;
	if (at->file != NULL)
		r->at.file = at->file;
}
