/*
 * cpuload.c - the cores other work leaves free (cpuload.h).
 *
 * The load averages are too slow for this (a minute); the count of
 * threads running or ready to run is what the kernel has now. The file
 * is kept open and read again at offset 0 (a fresh text each time), and
 * the count of cores taken once: opening both each time cost ten times
 * as much.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <unistd.h>

#include "cpuload.h"

int
cpu_left_text(const char *text, long ncpu, int ours)
{
	const char *s = text;
	char *end;
	long running;
	int i;

	if (ncpu <= 0)
		return -1;
	for (i = 0; i < 3; i++) {	/* the three averages */
		while (*s == ' ')
			s++;
		if (*s < '0' || *s > '9')
			return -1;
		while ((*s >= '0' && *s <= '9') || *s == '.')
			s++;
	}
	if (*s++ != ' ' || *s < '0' || *s > '9')
		return -1;
	errno = 0;
	running = strtol(s, &end, 10);
	if (errno != 0 || *end != '/')
		return -1;
	if ((running -= ours) < 0)	/* the others */
		running = 0;
	if (running >= ncpu)
		return 0;
	return ncpu - running > INT_MAX ? INT_MAX : (int)(ncpu - running);
}

void
cpu_open(struct cpu_load *l)
{
	l->fd = open("/proc/loadavg", O_RDONLY | O_CLOEXEC);
	l->ncpu = sysconf(_SC_NPROCESSORS_ONLN);
}

void
cpu_close(struct cpu_load *l)
{
	if (l->fd >= 0)
		close(l->fd);
	l->fd = -1;
}

int
cpu_left(const struct cpu_load *l, int ours)
{
	char text[128];
	ssize_t n;

	if (l->fd < 0)
		return -1;
	do	/* read again from the start: the kernel writes it anew */
		n = pread(l->fd, text, sizeof text - 1, 0);
	while (n < 0 && errno == EINTR);
	if (n <= 0)
		return -1;
	text[n] = '\0';
	return cpu_left_text(text, l->ncpu, ours);
}
