/*
 * xalloc.c - checked allocation. Out of memory is not recoverable for a
 * filter: say so and exit with EXIT_OSERR. The message uses the name libc
 * took from argv[0], so no state of ours is needed.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "exitcode.h"
#include "xalloc.h"

void
xoom(void)
{
	const char *msg = ": out of memory\n";

	/* stdio may need memory itself: write(2) directly. */
	if (write(2, program_invocation_short_name,
	    strlen(program_invocation_short_name)) < 0 ||
	    write(2, msg, strlen(msg)) < 0)
		_exit(EXIT_OSERR);
	exit(EXIT_OSERR);
}

void *
xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (p == NULL)
		xoom();
	return p;
}

void *
xcalloc(size_t n, size_t sz)
{
	void *p = calloc(n ? n : 1, sz ? sz : 1);

	if (p == NULL)
		xoom();
	return p;
}

void *
xrealloc(void *q, size_t n)
{
	void *p = realloc(q, n ? n : 1);

	if (p == NULL)
		xoom();
	return p;
}

void *
xreallocarray(void *q, size_t n, size_t sz)
{
	if (sz != 0 && n > SIZE_MAX / sz)
		xoom();
	return xrealloc(q, n * sz);
}

char *
xstrdup(const char *s)
{
	return xmemdup0(s, strlen(s));
}

char *
xmemdup0(const void *s, size_t n)
{
	char *p;

	if (n == SIZE_MAX)
		xoom();
	p = xmalloc(n + 1);
	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

void
xgrow(void **p, size_t *cap, size_t need, size_t sz)
{
	size_t n = *cap ? *cap : 8;

	if (need <= *cap)
		return;
	while (n < need) {
		if (n > SIZE_MAX / 2)
			xoom();
		n *= 2;
	}
	*p = xreallocarray(*p, n, sz);
	*cap = n;
}
