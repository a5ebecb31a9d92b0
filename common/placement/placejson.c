/*
 * placejson.c - placement JSON (placejson.h).
 */
#include "jsonwrite.h"
#include "placejson.h"

/* A member's name (a string literal) and its colon. */
#define KEY(o, k) ob_write((o), "\"" k "\":", sizeof(k) + 2)

/* A queue path as a string: its names passed the name checks (or it is
 * root.@recovery@), so nothing in it needs escaping. */
static void
path(struct ob *o, const struct pl_queue *q)
{
	ob_putc(o, '"');
	ob_write(o, q->path, q->pathlen);
	ob_putc(o, '"');
}

static void
trace(struct ob *o, const struct pl_result *res)
{
	size_t i;
	int k;

	ob_write(o, ",\"trace\":[", 10);
	for (i = 0; i < res->nsteps; i++) {
		const struct pl_step *s = &res->steps[i];
		const char *t;

		ob_write(o, i > 0 ? ",{" : "{", i > 0 ? 2 : 1);
		KEY(o, "rule");
		ob_i64(o, s->rule);
		ob_putc(o, ',');
		KEY(o, "name");
		jw_escape(o, s->name, strlen(s->name));
		ob_putc(o, ',');
		KEY(o, "result");
		if ((t = pl_step_text(res, s->result)) != NULL)
			jw_escape(o, t, strlen(t));
		else
			ob_write(o, "null", 4);
		if ((t = pl_step_text(res, s->error)) != NULL) {
			ob_putc(o, ',');
			KEY(o, "error");
			jw_escape(o, t, strlen(t));
		}
		if (s->skip != PL_SKIP_NONE) {
			ob_putc(o, ',');
			KEY(o, "skipped");
			ob_putc(o, '"');
			for (k = 0; k < s->depth; k++)
				ob_puts(o, "parent rule: ");
			ob_puts(o, pl_skip_name(s->skip));
			ob_putc(o, '"');
		}
		ob_putc(o, '}');
	}
	ob_putc(o, ']');
}

void
pl_out_placement(struct ob *o, const struct pl_result *res,
    const struct pl_tree *t, int withtrace)
{
	size_t i;

	ob_putc(o, '{');
	if (res->how != PL_PLACED) {
		KEY(o, "rejected");
		jw_escape(o, res->reason.s, res->reason.n);
	} else {
		KEY(o, "queue");
		path(o, res->queue);
		ob_putc(o, ',');
		KEY(o, "rule");
		if (res->rule >= 0)
			ob_i64(o, res->rule);
		else
			ob_write(o, "null", 4);
		ob_putc(o, ',');
		KEY(o, "rule_name");
		if (res->rule_name != NULL) {	/* YuniKorn's: plain */
			ob_putc(o, '"');
			ob_puts(o, res->rule_name);
			ob_putc(o, '"');
		}
		else
			ob_write(o, "null", 4);
		ob_putc(o, ',');
		KEY(o, "created");
		ob_putc(o, '[');
		for (i = 0; i < res->ncreated; i++) {
			const struct pl_queue *q = t->all[res->created + i];

			if (i > 0)
				ob_putc(o, ',');
			path(o, q);
		}
		ob_putc(o, ']');
	}
	if (withtrace)
		trace(o, res);
	ob_putc(o, '}');
}

void
pl_out_open(struct ob *o, const struct pl_appin *a)
{
	struct jw w;

	if (!a->placement_member) {
		ob_write(o, a->text, a->len - 1);	/* all but the brace */
		if (a->nmembers > 0)
			ob_putc(o, ',');
	} else {
		ob_putc(o, '{');
		json_object_object_foreach(a->obj, mk, mv) {
			if (strcmp(mk, "placement") == 0)
				continue;
			jw_escape(o, mk, strlen(mk));
			ob_putc(o, ':');
			jw_init(&w, o);		/* a fresh writer: no comma */
			jw_json(&w, mv);
			ob_putc(o, ',');
		}
	}
	KEY(o, "placement");
}

void
pl_out_close(struct ob *o)
{
	ob_write(o, "}\n", 2);
}
