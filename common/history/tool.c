/*
 * tool.c - what the rh-* commands share (tool.h).
 */
#include <stdlib.h>
#include <string.h>

#include "load.h"
#include "output.h"
#include "reader.h"
#include "timefmt.h"
#include "tool.h"
#include "writer.h"

void
rh_tool_init(struct rh_tool *t, const char *prog, const char *help)
{
	struct diag d = DIAG_INIT(prog);

	memset(t, 0, sizeof *t);
	t->d = d;
	t->help = help;
	t->in = "-";
	t->max_age = RH_MAX_AGE_DEFAULT;
	t->count = -1;
	opt_begin(&t->d);
}

/* --emit: state, or the decisions' word. */
static void
emit(struct rh_tool *t, const char *arg)
{
	if (strcmp(arg, "state") == 0)
		t->emit = 0;
	else if (strcmp(arg, t->decisions) == 0)
		t->emit = 1;
	else
		opt_usage(&t->d, "--emit: '%s' is not state or %s", arg,
		    t->decisions);
}

void
rh_tool_opt(struct rh_tool *t, int ch)
{
	int plan = t->decisions != NULL;

	if (ch == 'h')
		opt_help(&t->d, t->help);
	else if (ch == 'q')
		t->d.quiet = 1;
	else if (ch == 'o')
		t->out = optarg;
	else if (ch == RH_OPT_NOW) {
		t->now = opt_instant(&t->d, "--now", optarg);
		t->now_set = 1;
	} else if (ch == RH_OPT_MAX_AGE) {
		t->max_age = opt_duration(&t->d, "--max-age", optarg);
		t->max_age_set = 1;
	} else if (plan && ch == 'r') {
		if (*optarg == '\0')
			opt_usage(&t->d, "-r: the role is empty");
		t->role = optarg;
	} else if (plan && ch == 'n')
		t->count = opt_int(&t->d, "-n", optarg, 0, RH_PLAN_MAX_COUNT);
	else if (plan && ch == RH_OPT_EMIT)
		emit(t, optarg);
	else
		opt_usage(&t->d, "option '-%c' is unknown", ch);
}

void
rh_tool_args(struct rh_tool *t, int argc, char **argv)
{
	if (argc - optind > 1)
		opt_usage(&t->d, "one history at most: '%s' is extra",
		    argv[optind + 1]);
	if (optind < argc)
		t->in = argv[optind];
	if (!t->now_set)
		t->now = tm_now_ms();
}

void
rh_tool_need_role(struct rh_tool *t, const char *neither)
{
	if (t->role == NULL || t->count < 0)
		opt_usage(&t->d, "%s", t->role == NULL && t->count < 0 ?
		    neither : t->role == NULL ? "-n needs -r ROLE" :
		    "-r needs -n COUNT");
}

int
rh_tool_write(struct rh_tool *t, struct rh *m,
    void (*writer)(struct rh *, struct ob *))
{
	struct output out;
	int rc;

	if ((rc = out_open(&out, t->out, &t->d)) != 0)
		return rc;
	writer(m, &out.ob);
	return out_close(&out, &t->d, 0);
}

int
rh_tool_plan(struct rh_tool *t, rh_planner *planner)
{
	struct pos p = { strcmp(t->in, "-") == 0 ? "<stdin>" : t->in, 0, 0 };
	struct rh_loadopt opt;
	struct rh_plan plan;
	struct output out;
	int32_t id = 0;
	struct rh m;
	int rc;

	rh_loadopt_init(&opt);
	opt.now = t->now;
	rh_init(&m);
	rh_plan_init(&plan);
	rc = rh_load(&m, t->in, &opt, NULL, &t->d);
	if (rc == 0)
		rc = rh_plan_check(&m, &p, &t->d);
	if (rc == 0 && t->role != NULL)
		rc = rh_plan_role(&m, t->role, &id, &p, &t->d);
	if (rc == 0) {
		planner(&m, t, id, &plan);
		rc = out_open(&out, t->out, &t->d);
	}
	if (rc == 0) {
		if (t->emit)
			rh_plan_write(&m, &plan, &out.ob);
		else
			rh_write_state(&m, &out.ob);
		rc = out_close(&out, &t->d, 0);
	}
	rh_plan_free(&plan);
	rh_free(&m);
	return rc;
}
