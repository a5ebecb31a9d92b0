/* t_cpuload - the cores other work leaves free (cpuload.c) */
#include "cpuload.h"
#include "tap.h"

static const struct {
	const char *text;
	long ncpu;
	int ours, want;
	const char *what;
} cases[] = {
	{ "0.00 0.01 0.05 1/123 4567\n", 2, 1, 2,
	    "a quiet machine: every core is left, the caller running" },
	{ "1.00 1.00 1.00 2/130 4567\n", 2, 1, 1,
	    "one other thread running: one core left" },
	{ "2.10 2.00 1.90 3/130 4567\n", 2, 2, 1,
	    "the caller's own threads are not the others" },
	{ "3.00 3.00 3.00 5/130 4567\n", 2, 1, 0,
	    "more others than cores: none" },
	{ "0.00 0.00 0.00 0/12 1\n", 4, 1, 4,
	    "fewer running than ours (counted at another moment): all" },
	{ "12.50 9.00 8.00 40/900 1\n", 64, 1, 25, "a big machine" },
	{ "0.00 0.00 0.00 1/1 1", 0, 1, -1, "no cores known: cannot say" },
	{ "", 2, 1, -1, "empty text" },
	{ "0.00 0.00 0.00\n", 2, 1, -1, "no fourth field" },
	{ "0.00 0.00 0.00 x/1 1\n", 2, 1, -1,
	    "a fourth field that is no count" },
	{ "0.00 0.00 0.00 7 1\n", 2, 1, -1, "a count without its total" },
	{ "0.00 0.00 0.00 99999999999999999999/1 1\n", 2, 1, -1,
	    "a count out of range" },
	{ "a.00 0.00 0.00 1/1 1\n", 2, 1, -1, "an average that is no number" },
};

int
main(void)
{
	struct cpu_load l;
	size_t i;
	int n;

	for (i = 0; i < sizeof cases / sizeof *cases; i++)
		is_int(cpu_left_text(cases[i].text, cases[i].ncpu,
		    cases[i].ours), cases[i].want, "%s", cases[i].what);
	cpu_open(&l);
	n = cpu_left(&l, 1);
	ok(n >= -1, "this machine: %d cores left, or -1 where it cannot say", n);
	ok(l.fd < 0 || cpu_left(&l, 1) >= 0, "read again, it still says");
	cpu_close(&l);
	is_int(cpu_left(&l, 1), -1, "closed: cannot say");
	return tap_done();
}
