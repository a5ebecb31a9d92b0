/* t_b64 - base64 as Kubernetes and Go read it: padding, line breaks, offsets */
#include <string.h>

#include "base64.h"
#include "tap.h"

static struct buf out;
static size_t bad;

static int
dec(const char *s)
{
	bad = (size_t)-1;
	return b64_decode(&out, s, strlen(s), &bad);
}

static void
good(const char *in, const char *want, size_t wlen, const char *what)
{
	int rc = dec(in);

	ok(rc == 0 && out.n == wlen && memcmp(out.s, want, wlen) == 0, "%s", what);
}

static void
fails(const char *in, size_t at, const char *what)
{
	int rc = dec(in);

	ok(rc == -1 && bad == at, "%s: at byte %zu (got %d at %zu)", what, at, rc,
	    bad);
}

int
main(void)
{
	good("", "", 0, "empty is empty");
	good("Zg==", "f", 1, "two padding characters");
	good("Zm8=", "fo", 2, "one padding character");
	good("Zm9v", "foo", 3, "no padding");
	good("Zm9vYmFy", "foobar", 6, "two groups");
	good("Zm9v\nYmFy", "foobar", 6, "a newline between groups");
	good("Zm\r\n9vY\nmFy\r\n", "foobar", 6, "CR and LF anywhere");
	good("Zm8=\n", "fo", 2, "a newline after the padding");
	good("Zg=\n=", "f", 1, "a newline inside the padding");
	good("Zh==", "f", 1, "unused bits set: accepted, as Go does");
	good("AAEC/w==", "\0\1\2\377", 4, "binary bytes, NUL included");
	good("+/+/", "\373\377\277", 3, "the standard alphabet's + and /");
	fails("Zg", 0, "missing padding");
	fails("Zm9", 0, "missing padding of three");
	fails("Zm9vZ", 4, "one character left over");
	fails("Zg=", 3, "one padding character of two");
	fails("Zg==Zg==", 4, "data after the padding");
	fails("Zm8=\nx", 5, "data after the padding and a newline");
	fails("Z===", 1, "padding too early");
	fails("=", 0, "padding first");
	fails("Zm9v!", 4, "a character outside the alphabet");
	fails("Zm9v YmFy", 4, "a space");
	fails("Zm9-", 3, "the URL alphabet's -");
	fails("Zg=x", 3, "padding followed by a letter");
	buf_free(&out);
	return tap_done();
}
