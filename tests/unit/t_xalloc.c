/* t_xalloc - checked allocation helpers */
#include <stdlib.h>

#include "tap.h"
#include "xalloc.h"

int
main(void)
{
	char *s = xmemdup0("abcdef", 3);
	int *v = NULL;
	size_t cap = 0;

	is_str(s, "abc", "xmemdup0 copies and terminates");
	free(s);
	s = xstrdup("");
	is_str(s, "", "xstrdup of empty string");
	free(s);
	xgrow((void **)&v, &cap, 100, sizeof *v);
	ok(cap >= 100 && v != NULL, "xgrow reaches the size asked");
	v[99] = 7;
	xgrow((void **)&v, &cap, 50, sizeof *v);
	ok(cap >= 100 && v[99] == 7, "xgrow never shrinks");
	free(v);
	ok((v = xmalloc(0)) != NULL, "xmalloc(0) gives a pointer");
	free(v);
	return tap_done();
}
