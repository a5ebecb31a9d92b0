/*
 * inject.c - an LD_PRELOAD shim that makes system calls fail on demand,
 * for tests/inject.bats. Driven by the environment:
 *
 *	INJECT_FN     read, write, fsync, fdatasync, close, rename, unlink
 *	              or malloc (malloc, calloc and realloc); unset: no effect
 *	INJECT_ERRNO  the error, by name (ENOSPC) or number; default EIO
 *	              (ENOMEM for malloc)
 *	INJECT_AFTER  let this many matching calls through first (default 0)
 *	INJECT_TIMES  then fail this many (default: every one after)
 *	INJECT_PATH   only calls on a path matching this fnmatch(3) pattern:
 *	              the file an fd refers to, either name of a rename
 *	INJECT_FD     only calls on this file descriptor
 *	INJECT_SHORT  read/write: move at most this many bytes instead of
 *	              failing (short transfers, no error)
 *	INJECT_SPARE  let calls made from a library whose file name holds
 *	              this string through, uncounted (json-c 0.16 crashes
 *	              when some of its own allocations fail)
 *	INJECT_LOG    set: say on stderr what was injected
 *
 * A matching call that is not failed goes to the C library as usual.
 * malloc goes to glibc's __libc_malloc: do not combine with a sanitizer
 * runtime, which replaces malloc itself (the shim's is then never used).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif
#include <dlfcn.h>
#include <errno.h>
#include <execinfo.h>
#include <fnmatch.h>
#include <limits.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

void *__libc_malloc(size_t);
void *__libc_calloc(size_t, size_t);
void *__libc_realloc(void *, size_t);

static const struct {
	const char *name;
	int value;
} errnames[] = {
	{ "EIO", EIO }, { "ENOSPC", ENOSPC }, { "EDQUOT", EDQUOT },
	{ "EFBIG", EFBIG }, { "ENOMEM", ENOMEM }, { "EINTR", EINTR },
	{ "EAGAIN", EAGAIN }, { "EXDEV", EXDEV }, { "EACCES", EACCES },
	{ "EPERM", EPERM }, { "EROFS", EROFS }, { "EBADF", EBADF },
	{ "EPIPE", EPIPE }, { "EMFILE", EMFILE }, { "EINVAL", EINVAL },
};

/* What the environment asks for; read once. */
static struct {
	atomic_int state;	/* 0 unread, 1 reading, 2 ready */
	char fn[16];
	int err, fd, log;
	long after, times, shortn;
	const char *path, *spare;
} cfg;
static atomic_long calls;	/* matching calls so far */
static _Thread_local int busy;	/* inside the shim: pass everything through */

static long
envnum(const char *name, long dflt)
{
	const char *s = getenv(name);
	char *end;
	long v;

	if (s == NULL || *s == '\0')
		return dflt;
	v = strtol(s, &end, 10);
	return *end == '\0' ? v : dflt;
}

static void
setup(void)
{
	int expect = 0;
	const char *s;
	size_t i;

	if (atomic_load(&cfg.state) == 2)
		return;
	if (!atomic_compare_exchange_strong(&cfg.state, &expect, 1)) {
		while (atomic_load(&cfg.state) != 2)
			;
		return;
	}
	if ((s = getenv("INJECT_FN")) != NULL)
		snprintf(cfg.fn, sizeof cfg.fn, "%s", s);
	cfg.err = strcmp(cfg.fn, "malloc") == 0 ? ENOMEM : EIO;
	if ((s = getenv("INJECT_ERRNO")) != NULL) {
		for (i = 0; i < sizeof errnames / sizeof errnames[0]; i++)
			if (strcmp(s, errnames[i].name) == 0)
				cfg.err = errnames[i].value;
		cfg.err = (int)envnum("INJECT_ERRNO", cfg.err);
	}
	cfg.after = envnum("INJECT_AFTER", 0);
	cfg.times = envnum("INJECT_TIMES", LONG_MAX);
	cfg.fd = (int)envnum("INJECT_FD", -1);
	cfg.shortn = envnum("INJECT_SHORT", 0);
	cfg.path = getenv("INJECT_PATH");
	cfg.spare = getenv("INJECT_SPARE");
	cfg.log = getenv("INJECT_LOG") != NULL;
	atomic_store(&cfg.state, 2);
}

/* The path fd refers to, or "". */
static const char *
fdpath(int fd, char *buf, size_t size)
{
	char link[64];
	ssize_t n;

	snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
	n = readlink(link, buf, size - 1);
	buf[n < 0 ? 0 : n] = '\0';
	return buf;
}

static void
say(const char *fn, int fd, const char *path, const char *what)
{
	char msg[PATH_MAX + 128];
	int n;

	if (!cfg.log)
		return;
	n = snprintf(msg, sizeof msg, "inject: %s(%d%s%s): %s\n", fn, fd,
	    path && *path ? " " : "", path ? path : "", what);
	if (n > 0)
		(void)!write(2, msg, (size_t)n < sizeof msg ? (size_t)n : sizeof msg - 1);
}

/* Is a caller in the last few frames in the library cfg.spare names? */
static int
spared(void)
{
	void *frames[8];
	int i, n;

	if (cfg.spare == NULL || *cfg.spare == '\0')
		return 0;
	n = backtrace(frames, 8);
	for (i = 2; i < n; i++) {	/* past hit() and the wrapper */
		Dl_info info;

		if (dladdr(frames[i], &info) != 0 && info.dli_fname != NULL &&
		    strstr(info.dli_fname, cfg.spare) != NULL)
			return 1;
	}
	return 0;
}

/*
 * Does this call of fn (on fd, or on paths p1 and p2) get the fault?
 * 1: fail it; 2: shorten it (read/write with INJECT_SHORT); 0: no.
 */
static int
hit(const char *fn, int fd, const char *p1, const char *p2)
{
	char buf[PATH_MAX];
	long n;
	int rc;

	if (busy)
		return 0;
	busy = 1;
	setup();
	if ((strcmp(cfg.fn, fn) != 0 && !(strcmp(cfg.fn, "malloc") == 0 &&
	    (strcmp(fn, "calloc") == 0 || strcmp(fn, "realloc") == 0))) ||
	    (cfg.fd >= 0 && fd != cfg.fd)) {
		busy = 0;
		return 0;
	}
	if (cfg.path != NULL) {
		if (fd >= 0)
			p1 = fdpath(fd, buf, sizeof buf);
		if ((p1 == NULL || fnmatch(cfg.path, p1, 0) != 0) &&
		    (p2 == NULL || fnmatch(cfg.path, p2, 0) != 0)) {
			busy = 0;
			return 0;
		}
	}
	if (spared()) {
		busy = 0;
		return 0;
	}
	n = atomic_fetch_add(&calls, 1);
	rc = n >= cfg.after && n - cfg.after < cfg.times;
	if (rc && cfg.shortn > 0 && (strcmp(fn, "read") == 0 ||
	    strcmp(fn, "write") == 0))
		rc = 2;
	if (rc)
		say(fn, fd, fd >= 0 && cfg.path == NULL ? fdpath(fd, buf,
		    sizeof buf) : p1, rc == 2 ? "short" : strerror(cfg.err));
	busy = 0;
	return rc;
}

/* The C library's fn. */
#define NEXT(fn) ((__typeof__(&fn))dlsym(RTLD_NEXT, #fn))

/* read and write: -1 to fail, else go on with *n, shortened if asked. */
static int
io(const char *fn, int fd, size_t *n)
{
	switch (hit(fn, fd, NULL, NULL)) {
	case 1:
		errno = cfg.err;
		return -1;
	case 2:
		if (*n > (size_t)cfg.shortn)
			*n = (size_t)cfg.shortn;
	}
	return 0;
}

ssize_t
read(int fd, void *buf, size_t n)
{
	if (io("read", fd, &n) < 0)
		return -1;
	return NEXT(read)(fd, buf, n);
}

ssize_t
write(int fd, const void *buf, size_t n)
{
	if (io("write", fd, &n) < 0)
		return -1;
	return NEXT(write)(fd, buf, n);
}

#define FD_CALL(fn) \
int \
fn(int fd) \
{ \
	if (hit(#fn, fd, NULL, NULL)) { \
		errno = cfg.err; \
		return -1; \
	} \
	return NEXT(fn)(fd); \
}

FD_CALL(fsync)
FD_CALL(fdatasync)

/* close(2) fails after closing, as Linux does on a deferred write error. */
int
close(int fd)
{
	int fail = hit("close", fd, NULL, NULL), rc;

	rc = NEXT(close)(fd);
	if (fail) {
		errno = cfg.err;
		return -1;
	}
	return rc;
}

int
rename(const char *from, const char *to)
{
	if (hit("rename", -1, from, to)) {
		errno = cfg.err;
		return -1;
	}
	return NEXT(rename)(from, to);
}

int
unlink(const char *path)
{
	if (hit("unlink", -1, path, NULL)) {
		errno = cfg.err;
		return -1;
	}
	return NEXT(unlink)(path);
}

void *
malloc(size_t n)
{
	if (hit("malloc", -1, NULL, NULL)) {
		errno = cfg.err;
		return NULL;
	}
	return __libc_malloc(n);
}

void *
calloc(size_t n, size_t size)
{
	if (hit("calloc", -1, NULL, NULL)) {
		errno = cfg.err;
		return NULL;
	}
	return __libc_calloc(n, size);
}

void *
realloc(void *p, size_t n)
{
	if (hit("realloc", -1, NULL, NULL)) {
		errno = cfg.err;
		return NULL;
	}
	return __libc_realloc(p, n);
}
