/* t_suggest - "did you mean": the known name closest to a word (suggest.c) */
#include <string.h>

#include "suggest.h"
#include "tap.h"

static const char *const events[] = {
	"node", "allocated", "started", "start_failed", "completed", "live",
	"reset_failures"
};
#define NEV (sizeof events / sizeof events[0])

static const char *
near(const char *w)
{
	const char *s = sg_closest(w, events, NEV);

	return s != NULL ? s : "(none)";
}

int
main(void)
{
	static const char *const holes[] = { NULL, "keep", NULL, "wait" };
	char longw[200];

	is_str(near("alloc"), "allocated", "a name a word begins");
	is_str(near("start"), "started", "the first of the names it begins");
	is_str(near("strated"), "started", "two letters swapped");
	is_str(near("complted"), "completed", "a letter left out");
	is_str(near("Live"), "live", "case is ignored");
	is_str(near("nodes"), "node", "a letter too many");
	is_str(near("xyz"), "(none)", "nothing close");
	is_str(near("l"), "(none)", "one letter begins nothing");
	is_str(near(""), "(none)", "an empty word is nothing");
	is_str(near("live"), "(none)", "a name itself is not suggested");
	is_str(near("reset"), "reset_failures", "a prefix");
	is_str(sg_closest("kep", holes, 4), "keep", "NULL names are skipped");
	is_str(sg_closest("kep", holes, 0) == NULL ? "(none)" : "?", "(none)",
	    "no names, no suggestion");
	memset(longw, 'a', sizeof longw - 1);
	longw[sizeof longw - 1] = '\0';
	is_str(near(longw), "(none)", "a word longer than names are compared on");
	return tap_done();
}
