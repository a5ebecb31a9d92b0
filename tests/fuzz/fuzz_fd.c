/*
 * fuzz_fd.c - fuzz input as a file descriptor for the readers that take one.
 */
#include <stdio.h>
#include <sys/mman.h>
#include <unistd.h>

#include "diag.h"
#include "fuzz.h"

int
fuzz_fd(const uint8_t *data, size_t n)
{
	int fd = memfd_create("fuzz", MFD_CLOEXEC);
	size_t off = 0;

	if (fd < 0)
		return -1;
	while (off < n) {
		ssize_t w = write(fd, data + off, n - off);

		if (w <= 0) {
			close(fd);
			return -1;
		}
		off += (size_t)w;
	}
	if (lseek(fd, 0, SEEK_SET) != 0) {
		close(fd);
		return -1;
	}
	return fd;
}

int
fuzz_file(const uint8_t *data, size_t n, char *path)
{
	int fd = fuzz_fd(data, n);

	if (fd >= 0)
		snprintf(path, 64, "/proc/self/fd/%d", fd);
	return fd;
}

void
fuzz_msg_to_file(void *file, const struct diag_msg *m)
{
	const struct pos *p = m->pos;

	fprintf(file, "%s:%lu:%lu: %s%s\n", p != NULL && p->file != NULL ?
	    p->file : "", p != NULL ? p->line : 0, p != NULL ? p->col : 0,
	    m->warning ? "warning: " : "", m->text);
}
