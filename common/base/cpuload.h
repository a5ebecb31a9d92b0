/*
 * cpuload.h - how busy the machine's cores are at this moment: the cores
 * that the other threads running on it leave to a program that wonders
 * whether threads of its own would help.
 */
#ifndef PK_CPULOAD_H
#define PK_CPULOAD_H

/* Where to look: Linux's /proc/loadavg, kept open, and the cores online. */
struct cpu_load {
	int fd;			/* -1: the system does not say */
	long ncpu;
};

/* Open it; on a system without it, every look says -1. */
void cpu_open(struct cpu_load *);
void cpu_close(struct cpu_load *);

/*
 * The online cores less the threads, other than ours of the caller's
 * own, that are running or ready to run right now (the fourth field of
 * /proc/loadavg, "running/total", counts those of the whole machine, the
 * caller among them). Not below 0. -1 when the system does not say. A
 * look costs a read of a short file, about a microsecond.
 */
int cpu_left(const struct cpu_load *, int ours);

/*
 * The same from the text of /proc/loadavg and the count of online
 * cores: -1 when the text is not "AVG AVG AVG RUNNING/TOTAL ..." or
 * ncpu is not positive.
 */
int cpu_left_text(const char *text, long ncpu, int ours);

#endif
