/*
 * jackson.h - the JSON parser Slider reads its role history with (Jackson
 * 1.9.13 under Avro 1.7.4's JSON decoder), for sliderread.c only: its
 * input as Slider's stream hands it over, in Jackson's 4,000-byte reads;
 * the encoding it detects (UTF-8 with or without a byte order mark,
 * UTF-16 and UTF-32 in either order, read through Java's decoders); its
 * tokens, read lazily as Avro asks for them; the text and numbers it
 * gives; and the exceptions it throws, word for word, with the line and
 * column it counts.
 *
 * Strings are Java strings, UTF-16 code units (struct rh_jstr). Where
 * they leave this module and sliderread.c, they are "Java UTF-8":
 * UTF-8, but NUL as the two bytes C0 80 and a surrogate without its pair
 * as its own three-byte form, so that every Java string has one C
 * string and back (jw_escape() writes both forms as \u escapes).
 *
 * An exception ends the reading: it is stored in the struct rh_jexc and
 * the parser jumps to the jmp_buf it was given (setjmp), which sliderread.c
 * owns. Everything allocated is owned by the struct rh_jk.
 */
#ifndef PK_JACKSON_H
#define PK_JACKSON_H

#include <setjmp.h>
#include <stddef.h>
#include <stdint.h>

#include "buffer.h"

/* Jackson's JsonToken; RH_JT_NULL is Java's null (no token: the end). */
enum rh_jtok {
	RH_JT_NULL, RH_JT_START_OBJECT, RH_JT_END_OBJECT, RH_JT_START_ARRAY,
	RH_JT_END_ARRAY, RH_JT_FIELD_NAME, RH_JT_STRING, RH_JT_INT,
	RH_JT_FLOAT, RH_JT_TRUE, RH_JT_FALSE, RH_JT_VNULL
};

/* JsonToken's name ("START_OBJECT"), "null" for RH_JT_NULL. */
const char *rh_jk_tokname(enum rh_jtok);

/* A Java string: UTF-16 code units. */
struct rh_jstr {
	uint16_t *u;
	size_t n, cap;
};

void rh_jstr_add(struct rh_jstr *, unsigned unit);
void rh_jstr_set(struct rh_jstr *, const struct rh_jstr *from);
void rh_jstr_ascii(struct rh_jstr *, const char *s);
void rh_jstr_free(struct rh_jstr *);
int rh_jstr_eq(const struct rh_jstr *, const char *ascii);
/* Append s as Java UTF-8 (above) to b. */
void rh_jstr_utf8(struct buf *b, const uint16_t *u, size_t n);

/* A Java exception: its class and its message (Java UTF-8). */
struct rh_jexc {
	const char *cls;	/* "org.codehaus.jackson.JsonParseException" */
	int nomsg;		/* getMessage() is null */
	struct buf msg;
};

/* Fill e and jump to fail: for sliderread.c's own exceptions too. */
#if defined(__GNUC__)
__attribute__((noreturn, format(printf, 4, 5)))
#endif
void rh_jk_throw(jmp_buf *fail, struct rh_jexc *e, const char *cls,
    const char *fmt, ...);

struct rh_jk;

/*
 * The field names a process's parsers share (JsonFactory's symbol table,
 * one in Avro's JSON decoder): a UTF-8 parser starts from it and hands
 * its own back at the end of its input, and a name read can be found as
 * another one read before, where they differ only in NUL bytes (see
 * jackson.c). So Slider reads a file according to the files it read
 * before to their end.
 */
struct rh_jk_names;
struct rh_jk_names *rh_jk_names_new(void);
void rh_jk_names_free(struct rh_jk_names *);

/*
 * A parser of fd (not closed), which throws to fail with e; shared: the
 * process's names (NULL: those of a process that read nothing before).
 */
struct rh_jk *rh_jk_new(int fd, struct rh_jk_names *shared, jmp_buf *fail,
    struct rh_jexc *e);
void rh_jk_free(struct rh_jk *);
/* What read(2) failed with (errno), 0 if none: the input is cut there. */
int rh_jk_ioerr(const struct rh_jk *);

/*
 * Start as Avro's JsonDecoder does: detect the encoding, read the first
 * token. May throw.
 */
void rh_jk_start(struct rh_jk *);

/* JsonParser: nextToken, getCurrentToken, getText, getIntValue, getLongValue. */
enum rh_jtok rh_jk_next(struct rh_jk *);
enum rh_jtok rh_jk_cur(const struct rh_jk *);
/* getText() into t: empty for Java's null (no token). */
void rh_jk_text(struct rh_jk *, struct rh_jstr *t);
int32_t rh_jk_int(struct rh_jk *);
int64_t rh_jk_long(struct rh_jk *);

/*
 * Where the parser is, for placekit's messages: the input offset of the
 * current token's first byte, and of the next unit it reads. (For UTF-16
 * and UTF-32 the offsets are those of the text once decoded to UTF-8.)
 */
uint64_t rh_jk_tokoff(const struct rh_jk *);
uint64_t rh_jk_off(const struct rh_jk *);

/*
 * The input as bytes (UTF-8), for the fast path and a reader that takes
 * over: the bytes from off on, at least want of them if the input has
 * them, into *p; the count available. Bytes before rh_jk_keep()'s offset
 * may be dropped.
 */
size_t rh_jk_bytes(struct rh_jk *, uint64_t off, size_t want,
    const unsigned char **p);
void rh_jk_keep(struct rh_jk *, uint64_t off);
/*
 * Everything read from off on, for a reader that takes over (*p, the
 * count returned): the window's bytes, the rest to be read from the
 * descriptor; or (*all set) a UTF-16 or UTF-32 input decoded whole.
 */
size_t rh_jk_rest(struct rh_jk *, uint64_t off, const unsigned char **p,
    int *all);
/*
 * The fast path read a record [tokoff, end) that leaves the parser where
 * reading it token by token would: the current token, a START_OBJECT at
 * the root, was its first; its last byte is end - 1, and the text in
 * between has no line break. Only for UTF-8 input.
 */
void rh_jk_skip_record(struct rh_jk *, uint64_t end);
/*
 * May the fast path read a record: is it UTF-8 input (bytes as they
 * stand), and does the parser hold no name with a NUL byte, that a plain
 * name could be found as?
 */
int rh_jk_fast_ok(const struct rh_jk *);
/* The names (ASCII) of a record the fast path read, as if the parser
 * had read them. */
void rh_jk_saw_names(struct rh_jk *, const char *const *names, size_t n);
/* The last name read found as another one before it (of other bytes:
 * NUL bytes more or fewer), or NULL. */
const struct rh_jstr *rh_jk_renamed(const struct rh_jk *);

/*
 * Slider's in.read() after its last record: the next byte of the stream
 * Jackson read ahead on (0 to 255), -1 at its end; throws IOException
 * "Stream Closed" when Jackson closed it at the end of the input.
 */
int rh_jk_stream_read(struct rh_jk *);

#endif
