/*
 * rh-request - plan container requests for a role on a state stream.
 */
#include "request.h"
#include "tool.h"

enum { OPT_ESCALATE = RH_OPT_OWN };

static const char help[] =
"usage: rh-request [-q] (-r ROLE -n COUNT | --escalate) [--now T]\n"
"                  [--emit state|requests] [-o FILE] [FILE | -]\n"
"\n"
"Plan container requests for a role on a state stream.\n"
"\n"
RH_HELP_QUIET
RH_HELP_ROLE
"  -n, --count COUNT       instances wanted\n"
"      --escalate          relax placed requests past their deadline\n"
"      --now T             the current time\n"
"      --emit WHAT         state (default) or requests\n"
RH_HELP_END("rh-request");

/* -r and -n: request; --escalate (no role): escalate. */
static void
plan(struct rh *m, struct rh_tool *t, int32_t role, struct rh_plan *p)
{
	if (t->role == NULL)
		rh_plan_escalate(m, t->now, p);
	else
		rh_plan_request(m, role, t->count, t->now, p, &t->d);
}

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "escalate", no_argument, NULL, OPT_ESCALATE },
		RH_PLAN_LONGOPTS
	};
	struct rh_tool t;
	int ch, escalate = 0;

	rh_tool_init(&t, "rh-request", help);
	t.decisions = "requests";
	while ((ch = opt_next(&t.d, argc, argv, "hqr:n:o:", longopts)) != -1) {
		if (ch == OPT_ESCALATE)
			escalate = 1;
		else
			rh_tool_opt(&t, ch);
	}
	if (escalate && (t.role != NULL || t.count >= 0))
		opt_usage(&t.d, "--escalate takes no -r or -n");
	if (!escalate)
		rh_tool_need_role(&t, "-r ROLE and -n COUNT, or --escalate, "
		    "are needed");
	rh_tool_args(&t, argc, argv);
	return rh_tool_plan(&t, plan);
}
