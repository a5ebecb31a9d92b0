/*
 * msgs.h - a diag sink for the unit tests: the messages a diag reports,
 * kept as the tool would print them, without touching stderr.
 *
 *	struct msgs k;
 *	msgs_catch(&d, &k);  ... the calls ...  msgs_take(&k, buf, size);
 */
#ifndef PK_MSGS_H
#define PK_MSGS_H

#include <stdio.h>

#include "buffer.h"
#include "diag.h"

struct msgs {
	struct buf b;
	const char *prog;
};

static void
msgs_keep(void *arg, const struct diag_msg *m)
{
	struct msgs *k = arg;

	diag_format(&k->b, k->prog, m);
}

static void
msgs_catch(struct diag *d, struct msgs *k)
{
	k->b = (struct buf){ 0 };
	k->prog = d->prog;
	d->sink = msgs_keep;
	d->sink_arg = k;
}

/* The text kept, into out (cut at size - 1), and the list freed. */
static void
msgs_take(struct msgs *k, char *out, size_t size)
{
	snprintf(out, size, "%s", k->b.n > 0 ? k->b.s : "");
	buf_free(&k->b);
}

#endif
