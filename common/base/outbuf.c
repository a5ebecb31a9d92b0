/*
 * outbuf.c - buffered fd output that remembers its first error.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <unistd.h>

#include "outbuf.h"
#include "utf8.h"

void
ob_init(struct ob *o, int fd)
{
	o->fd = fd;
	o->err = 0;
	o->len = 0;
}

static void
ob_raw(struct ob *o, const char *p, size_t n)
{
	while (n > 0 && o->err == 0) {
		ssize_t w = write(o->fd, p, n);

		if (w < 0) {
			if (errno == EINTR)
				continue;
			o->err = errno;
		} else if (w == 0) {
			o->err = EIO;
		} else {
			p += w;
			n -= (size_t)w;
		}
	}
}

void
ob_flush_buf(struct ob *o)
{
	ob_raw(o, o->buf, o->len);
	o->len = 0;
}

void
ob_write_slow(struct ob *o, const void *p, size_t n)
{
	ob_flush_buf(o);
	if (n >= OB_SIZE) {
		ob_raw(o, p, n);
		return;
	}
	memcpy(o->buf, p, n);
	o->len = n;
}

int
ob_finish(struct ob *o)
{
	ob_flush_buf(o);
	return o->err;
}

void
ob_printf(struct ob *o, const char *fmt, ...)
{
	char small[256];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(small, sizeof small, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if ((size_t)n < sizeof small) {
		ob_write(o, small, (size_t)n);
		return;
	}
	ob_flush_buf(o);
	if ((size_t)n < OB_SIZE) {
		va_start(ap, fmt);
		vsnprintf(o->buf, OB_SIZE, fmt, ap);
		va_end(ap);
		o->len = (size_t)n;
	}
}

void
ob_u64(struct ob *o, uint64_t v)
{
	char tmp[20];
	size_t i = sizeof tmp;

	if (v < 10) {			/* counts, indexes: mostly one digit */
		ob_putc(o, (char)('0' + v));
		return;
	}
	do {
		tmp[--i] = (char)('0' + v % 10);
		v /= 10;
	} while (v != 0);
	ob_write(o, tmp + i, sizeof tmp - i);
}

void
ob_i64(struct ob *o, int64_t v)
{
	if (v < 0) {
		ob_putc(o, '-');
		ob_u64(o, (uint64_t)0 - (uint64_t)v);
	} else
		ob_u64(o, (uint64_t)v);
}

static void
put_ob(void *arg, const char *s, size_t n)
{
	ob_write(arg, s, n);
}

void
ob_text(struct ob *o, const char *s, size_t n)
{
	u8_escape_to(put_ob, o, s, n);
}
