/*
 * cpuload.h - how busy the machine's cores are at this moment: the cores
 * that the other threads running on it leave to a program that wonders
 * whether threads of its own would help.
 */
#ifndef PK_CPULOAD_H
#define PK_CPULOAD_H

/*
 * The online cores less the threads, other than ours of the caller's
 * own, that are running or ready to run right now (the fourth field of
 * Linux's /proc/loadavg, "running/total", counts those of the whole
 * machine, the caller among them). Not below 0. -1 when the system does
 * not say.
 */
int cpu_left(int ours);

/*
 * The same from the text of /proc/loadavg and the count of online
 * cores: -1 when the text is not "AVG AVG AVG RUNNING/TOTAL ..." or
 * ncpu is not positive.
 */
int cpu_left_text(const char *text, long ncpu, int ours);

#endif
