/*
 * sliderread.h - a history file read as Slider reads it: its own
 * RoleHistoryWriter.read over Avro 1.7.4's JsonDecoder on Jackson 1.9.13
 * (jackson.h). The reader (reader.c) hands it the input first; what it
 * decodes goes into the save through records.h as Slider decoded it
 * (fractions truncated, strings as Java strings), and it says whether
 * Slider takes the file, or the exception Slider throws and where.
 *
 * Slider's reading, as the code does it and the tests show it:
 *
 * - Jackson detects the encoding from the first four bytes (a UTF-8, UTF-16
 *   or UTF-32 byte order mark, else the place of zero bytes) and reads
 *   the input 4,000 bytes at a time (UTF-16 through Java's decoder, 8,192).
 * - Avro decodes a record as the schema says, asking Jackson for one
 *   token at a time: a field out of order is kept aside until asked
 *   for; a field given twice keeps its last value and is then "unknown";
 *   a record's closing brace, and what follows it, is read only when the
 *   next record is asked for.
 * - After the footer Slider asks for nothing more: Jackson has read up to
 *   the footer's own closing brace (or a little further, to finish a
 *   token), and Slider refuses the file only if the byte after Jackson's
 *   last 4,000-byte read is there and is not 0.
 *
 * The pending record: Avro checks a record's end only as the next one
 * begins, so a record is put into the save (records.h) once that check is
 * passed, or at once for the footer, whose end is never checked. When
 * Slider refuses, everything before the first record not put in is
 * Slider's reading and the rest can be read by another reader from
 * rh_sl_rest().
 */
#ifndef PK_SLIDERREAD_H
#define PK_SLIDERREAD_H

#include <stddef.h>
#include <stdint.h>

#include "buffer.h"
#include "diag.h"
#include "jackson.h"
#include "records.h"

struct rh_sl;

/* What Slider made of the input. */
struct rh_slres {
	int accepted;		/* Slider reads it */
	struct rh_jexc exc;	/* else the exception it throws */
	struct buf what;	/* what it means, in placekit's words */
	struct pos where;	/* and placekit's position of the problem */
	int placekit;		/* the refusal is a placekit record or counter:
				   a state stream */
	int complete;		/* its first save was read whole: the refusal
				   is what follows the footer */
	int ioerr;		/* errno of a read that failed, 0 none */
	struct pos tail;	/* accepted or complete: where input other
				   than the footer's closing braces and blank
				   space begins, line 0 if none */
};

/*
 * Slider's reading of fd, named file in positions, into rec's save, in a
 * process whose parsers had names (jackson.h; NULL: none before).
 */
struct rh_sl *rh_sl_new(int fd, const char *file, struct rh_rec *rec,
    struct rh_jk_names *names);
void rh_sl_free(struct rh_sl *);
/* Read as Slider does; r is filled (free it with rh_slres_free). */
void rh_sl_read(struct rh_sl *, struct rh_slres *r);
void rh_slres_free(struct rh_slres *);

/*
 * After a refusal, the input from the first record the save did not
 * take: its position, and the bytes read so far from there (*p, the
 * count returned), as UTF-8. *all: that is the whole input (a UTF-16 or
 * UTF-32 input, decoded), else the rest is still to be read from fd.
 */
size_t rh_sl_rest(struct rh_sl *, const char **p, struct pos *at, int *all);

/*
 * Slider's message as UTF-8 for a message of placekit's (diag.h escapes
 * control characters): its line break before "at [Source" as a space, a
 * NUL and a surrogate without its pair as \u escapes.
 */
void rh_sl_words(const struct rh_jexc *, struct buf *);

#endif
