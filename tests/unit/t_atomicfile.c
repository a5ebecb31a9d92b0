/* t_atomicfile - atomic replacement (af_*) and the -o output (out_*) */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "atomicfile.h"
#include "exitcode.h"
#include "output.h"
#include "tap.h"

static char dir[] = "/tmp/t_atomicfile.XXXXXX";
static struct diag d = DIAG_INIT("t");

static char *
path(const char *name)
{
	static char buf[256];

	snprintf(buf, sizeof buf, "%s/%s", dir, name);
	return buf;
}

static const char *
slurp(const char *p)
{
	static char buf[256];
	FILE *f = fopen(p, "r");
	size_t n;

	if (f == NULL)
		return "(missing)";
	n = fread(buf, 1, sizeof buf - 1, f);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

static void
spit(const char *p, const char *s)
{
	FILE *f = fopen(p, "w");

	fputs(s, f);
	fclose(f);
}

static int
entries(void)
{
	DIR *dp = opendir(dir);
	struct dirent *e;
	int n = 0;

	while ((e = readdir(dp)) != NULL)
		if (e->d_name[0] != '.' || (strcmp(e->d_name, ".") &&
		    strcmp(e->d_name, "..")))
			n++;
	closedir(dp);
	return n;
}

int
main(void)
{
	struct af a;
	struct output o;
	struct stat st;
	int saved;

	if (mkdtemp(dir) == NULL)
		return 1;

	spit(path("f"), "old\n");
	chmod(path("f"), 0640);
	is_int(af_open(&a, path("f"), &d), 0, "open over an existing file");
	ok(strcmp(slurp(path("f")), "old\n") == 0, "the old content stays while writing");
	is_int(write(a.fd, "new\n", 4), 4, "write the new content");
	is_int(af_commit(&a, &d), 0, "commit");
	is_str(slurp(path("f")), "new\n", "the new content is in place");
	stat(path("f"), &st);
	is_int(st.st_mode & 07777, 0640, "the file's mode is kept");
	is_int(entries(), 1, "no temporary file is left");

	/* a mode of 0666 was taken for a new file and lost the umask's bits */
	chmod(path("f"), 0666);
	umask(022);
	is_int(af_open(&a, path("f"), &d), 0, "open a file of mode 0666");
	is_int(write(a.fd, "new\n", 4), 4, "write");
	is_int(af_commit(&a, &d), 0, "commit");
	stat(path("f"), &st);
	is_int(st.st_mode & 07777, 0666, "mode 0666 is kept too");
	is_int(af_open(&a, path("new"), &d), 0, "open a new file");
	is_int(af_commit(&a, &d), 0, "commit");
	stat(path("new"), &st);
	is_int(st.st_mode & 07777, 0644, "a new file follows the umask");
	unlink(path("new"));
	chmod(path("f"), 0640);

	is_int(af_open(&a, path("f"), &d), 0, "open again");
	is_int(write(a.fd, "partial", 7), 7, "write part");
	af_abort(&a);
	is_str(slurp(path("f")), "new\n", "abort leaves the destination as it was");
	is_int(entries(), 1, "and removes the temporary file");

	symlink("f", path("link"));
	is_int(af_open(&a, path("link"), &d), 0, "open through a symlink");
	is_int(write(a.fd, "via\n", 4), 4, "write");
	is_int(af_commit(&a, &d), 0, "commit");
	ok(lstat(path("link"), &st) == 0 && S_ISLNK(st.st_mode), "the symlink stays a symlink");
	is_str(slurp(path("f")), "via\n", "its target is replaced");

	is_int(af_open(&a, "/dev/null", &d), 0, "a device is written directly");
	ok(a.tmp == NULL, "no temporary file for a device");
	is_int(af_commit(&a, &d), 0, "commit on a device");

	saved = dup(2);
	dup2(open("/dev/null", O_WRONLY), 2);
	is_int(af_open(&a, path("nodir/x"), &d), EXIT_CANTCREAT,
	    "a missing directory is 'cannot create'");
	dup2(saved, 2);

	is_int(out_open(&o, path("out"), &d), 0, "-o FILE");
	ob_puts(&o.ob, "record\n");
	is_int(out_close(&o, &d, 0), 0, "close commits");
	is_str(slurp(path("out")), "record\n", "output written");
	is_int(out_open(&o, path("out"), &d), 0, "-o FILE again");
	ob_puts(&o.ob, "half");
	is_int(out_close(&o, &d, 1), 0, "close with discard");
	is_str(slurp(path("out")), "record\n", "a failed run leaves the file alone");

	dup2(open("/dev/null", O_WRONLY), 2);
	is_int(out_open(&o, "/dev/full", &d), 0, "-o /dev/full");
	ob_puts(&o.ob, "x\n");
	is_int(out_close(&o, &d, 0), EXIT_IOERR, "a full device is an I/O error");
	dup2(saved, 2);

	unlink(path("f"));
	unlink(path("link"));
	unlink(path("out"));
	rmdir(dir);
	return tap_done();
}
