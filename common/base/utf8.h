/*
 * utf8.h - UTF-8 as every input path must take it, and text made safe
 * for people to read.
 *
 * Valid means RFC 3629: no overlong forms, no encoded surrogates
 * (U+D800..U+DFFF), nothing past U+10FFFF, no stray continuation or
 * truncated sequence.
 */
#ifndef PK_UTF8_H
#define PK_UTF8_H

#include <stddef.h>

#include "buffer.h"

/*
 * The length of the valid sequence at s (at most n bytes): 1 for ASCII,
 * 2 to 4 otherwise, or 0 when the bytes there are not valid UTF-8.
 */
size_t u8_seq(const char *s, size_t n);
/*
 * Are the n bytes at s (n > 0) the start of a valid sequence cut short,
 * so that more bytes could complete it? 0 when they are invalid already
 * or complete.
 */
int u8_cut(const char *s, size_t n);
/* The offset of the first invalid byte of s[0, n), or n when all is valid. */
size_t u8_check(const char *s, size_t n);
/*
 * Append s to b with what could disturb a terminal made visible: control
 * characters as \n, \t, \r or \xHH (C0, DEL and C1), and every byte of an
 * invalid sequence as \xHH. Valid printable text is copied as it is.
 */
void u8_escape(struct buf *, const char *s, size_t n);
/* The same, handing each piece to put(arg, piece, its length). */
void u8_escape_to(void (*put)(void *, const char *, size_t), void *arg,
    const char *s, size_t n);
/* How many bytes u8_escape makes of s: its width in a column (a
 * character counted as its bytes). */
size_t u8_escaped_len(const char *s, size_t n);

#endif
