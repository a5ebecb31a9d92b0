/*
 * rh-release - plan a shrink of a role on a state stream: cancel
 * requests, release containers.
 */
#include "release.h"
#include "tool.h"

static const char help[] =
"usage: rh-release [-q] -r ROLE -n COUNT [--now T] [--emit state|releases]\n"
"                  [-o FILE] [FILE | -]\n"
"\n"
"Plan a shrink of a role on a state stream: cancel requests, release\n"
"containers.\n"
"\n"
RH_HELP_QUIET
RH_HELP_ROLE
"  -n, --count COUNT       instances to remove\n"
"      --now T             the current time\n"
"      --emit WHAT         state (default) or releases\n"
RH_HELP_END("rh-release");

static void
plan(struct rh *m, struct rh_tool *t, int32_t role, struct rh_plan *p)
{
	rh_plan_release(m, role, t->count, t->now, p, &t->d);
}

int
main(int argc, char **argv)
{
	static const struct option longopts[] = { RH_PLAN_LONGOPTS };
	struct rh_tool t;
	int ch;

	rh_tool_init(&t, "rh-release", help);
	t.decisions = "releases";
	while ((ch = opt_next(&t.d, argc, argv, "hqr:n:o:", longopts)) != -1)
		rh_tool_opt(&t, ch);
	rh_tool_need_role(&t, "-r ROLE and -n COUNT are needed");
	rh_tool_args(&t, argc, argv);
	return rh_tool_plan(&t, plan);
}
