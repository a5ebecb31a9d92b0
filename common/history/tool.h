/*
 * tool.h - what the rh-* commands share, for cmd/ only (like options.h,
 * it ends the process on a usage error or --help): the common options
 * and their lines of help, the history operand, writing the result, and
 * the planning tools' whole run: read a state stream, check it, plan on
 * it, write the state or the decisions.
 *
 *	rh_tool_init(&t, "rh-x", help);
 *	while ((ch = opt_next(&t.d, argc, argv, "hqo:", longopts)) != -1)
 *		switch (ch) {
 *		case 'R': ... a tool's own option ...
 *		default: rh_tool_opt(&t, ch);
 *		}
 *	rh_tool_args(&t, argc, argv);
 */
#ifndef PK_TOOL_H
#define PK_TOOL_H

#include <stdint.h>

#include "diag.h"
#include "options.h"
#include "plan.h"
#include "rolehistory.h"

/* The common long options; a tool's own start at RH_OPT_OWN. */
enum { RH_OPT_NOW = OPT_LONG_BASE, RH_OPT_MAX_AGE, RH_OPT_EMIT, RH_OPT_OWN };

/* The end of every tool's long options. */
#define RH_TOOL_LONGOPTS \
	{ "quiet", no_argument, NULL, 'q' }, \
	{ "now", required_argument, NULL, RH_OPT_NOW }, \
	{ "output", required_argument, NULL, 'o' }, \
	OPT_HELP_ENTRY, OPT_VERSION_ENTRY, { NULL, 0, NULL, 0 }
/* ... and of the planning tools'. */
#define RH_PLAN_LONGOPTS \
	{ "role", required_argument, NULL, 'r' }, \
	{ "count", required_argument, NULL, 'n' }, \
	{ "emit", required_argument, NULL, RH_OPT_EMIT }, \
	RH_TOOL_LONGOPTS

/* Lines of help. */
#define RH_HELP_QUIET \
	"  -q, --quiet             silence warnings\n"
#define RH_HELP_ROLE \
	"  -r, --role ROLE         role name or id\n"
#define RH_HELP_END(tool) \
	"  -o, --output FILE       write to FILE atomically\n" \
	"  -h, --help              show this help\n" \
	"      --version           show the version\n" \
	"\n" \
	"See " tool "(1).\n"

struct rh_tool {
	struct diag d;
	const char *help;
	const char *decisions;	/* a planning tool: --emit's word for its
				   decisions ("requests"); NULL: none */
	const char *in;		/* the history: "-" when none is named */
	const char *out;	/* -o FILE, NULL: stdout */
	int64_t now;		/* --now, else the clock's */
	int now_set;
	int64_t max_age;	/* --max-age, RH_MAX_AGE_DEFAULT */
	int max_age_set;
	const char *role;	/* -r, NULL when not given */
	long long count;	/* -n, -1 when not given */
	int emit;		/* --emit with the decisions' word */
};

/* A tool named prog; its help text help. Sets up as opt_begin(). */
void rh_tool_init(struct rh_tool *, const char *prog, const char *help);
/* A common option ch (optarg its value), or an unknown one: a usage error. */
void rh_tool_opt(struct rh_tool *, int ch);
/* After the options: the history operand (one at most), --now's default. */
void rh_tool_args(struct rh_tool *, int argc, char **argv);
/* A planning tool needs -r and -n: neither is the message when both lack. */
void rh_tool_need_role(struct rh_tool *, const char *neither);

/* Write m with writer to -o FILE or stdout: 0 or EXIT_* after reporting. */
int rh_tool_write(struct rh_tool *, struct rh *m,
    void (*writer)(struct rh *, struct ob *));

/*
 * A planning tool's run: load the history (t->in at t->now), check it
 * (rh_plan_check), look up -r when given, plan with planner, write the
 * state or, with --emit, the decisions. 0 or an EXIT_* status.
 */
typedef void rh_planner(struct rh *, struct rh_tool *, int32_t role,
    struct rh_plan *);
int rh_tool_plan(struct rh_tool *, rh_planner *);

#endif
