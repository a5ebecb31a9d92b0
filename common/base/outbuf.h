/*
 * outbuf.h - buffered output to a file descriptor, with the error kept.
 *
 * Writes never fail at the call site: the first error is remembered in
 * ob->err (an errno value) and later writes are dropped. Commands check
 * ob_close() once. A reader that went away (EPIPE) is a quiet success:
 * every tool ends quietly with status 0 when its output pipe closes.
 */
#ifndef PK_OUTBUF_H
#define PK_OUTBUF_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define OB_SIZE 65536

struct ob {
	int fd;
	int err;		/* first errno seen, 0 if none */
	size_t len;
	char buf[OB_SIZE];
};

void ob_init(struct ob *, int fd);
void ob_flush_buf(struct ob *);		/* write out what is buffered */
void ob_write_slow(struct ob *, const void *, size_t);
/* Flush, then return 0 or the first errno seen. Does not close fd. */
int ob_finish(struct ob *);

static inline void
ob_write(struct ob *o, const void *p, size_t n)
{
	if (n <= OB_SIZE - o->len) {
		memcpy(o->buf + o->len, p, n);
		o->len += n;
	} else
		ob_write_slow(o, p, n);
}

static inline void
ob_putc(struct ob *o, char c)
{
	if (o->len == OB_SIZE)
		ob_flush_buf(o);
	o->buf[o->len++] = c;
}

static inline void
ob_puts(struct ob *o, const char *s)
{
	ob_write(o, s, strlen(s));
}

void ob_printf(struct ob *, const char *, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* Text for people: control characters and invalid UTF-8 made visible
 * (u8_escape). */
void ob_text(struct ob *, const char *, size_t);
void ob_i64(struct ob *, int64_t);
void ob_u64(struct ob *, uint64_t);

#endif
