/* t_atomicfile - atomic replacement (af_*) and the -o output (out_*) */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
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

/*
 * Write s to the file name atomically: with af_open, or with the file
 * model's stat as af_open_entry's model.
 */
static int
replace(const char *name, const char *model, const char *s)
{
	struct stat ms;
	char p[256];
	struct af a;
	int rc;

	snprintf(p, sizeof p, "%s", path(name));
	if (model != NULL && stat(path(model), &ms) != 0)
		return -1;
	rc = model != NULL ? af_open_entry(&a, p, &ms, &d) : af_open(&a, p, &d);
	if (rc != 0)
		return rc;
	if (write(a.fd, s, strlen(s)) != (ssize_t)strlen(s)) {
		af_abort(&a);
		return -1;
	}
	return af_commit(&a, &d);
}

/* The file replaced keeps its owner, group and mode; a model lends them. */
static void
owners(void)
{
	struct stat st;

	spit(path("own"), "old\n");
	chmod(path("own"), 0600);
	if (geteuid() == 0) {
		ok(chown(path("own"), 65534, 65534) == 0, "a file of another user");
		is_int(replace("own", NULL, "new\n"), 0, "replaced by root");
		stat(path("own"), &st);
		ok(st.st_uid == 65534 && st.st_gid == 65534,
		    "root leaves the file to its owner and group");
		is_int(st.st_mode & 07777, 0600, "and its mode");
		is_int(replace("own2", "own", "x\n"), 0,
		    "a new file with a model");
		stat(path("own2"), &st);
		ok(st.st_uid == 65534 && st.st_gid == 65534 &&
		    (st.st_mode & 07777) == 0600, "takes the model's owner and mode");
		unlink(path("own2"));
	} else {
		is_int(replace("own", NULL, "new\n"), 0, "replaced");
		stat(path("own"), &st);
		ok(st.st_uid == geteuid() && (st.st_mode & 07777) == 0600,
		    "the owner's file keeps its mode");
		is_int(replace("own2", "own", "x\n"), 0,
		    "a new file with a model");
		stat(path("own2"), &st);
		is_int(st.st_mode & 07777, 0600, "takes the model's mode");
		unlink(path("own2"));
	}
	unlink(path("own"));
}

/*
 * Never a setuid or setgid bit; an entry replaced as it stands, a link
 * not followed; a replaced file's other hard links said.
 */
static void
entries_and_bits(void)
{
	struct stat st;
	char twin[256];

	spit(path("suid"), "old\n");
	chmod(path("suid"), 06755);
	is_int(replace("suid", NULL, "new\n"), 0, "a setuid file replaced");
	stat(path("suid"), &st);
	is_int(st.st_mode & 07777, 0755, "without its setuid and setgid bits");
	chmod(path("suid"), 06640);
	is_int(replace("new", "suid", "x\n"), 0, "a setuid model");
	stat(path("new"), &st);
	is_int(st.st_mode & 07777, 0640, "lends its mode without them");
	unlink(path("new"));

	spit(path("target"), "target\n");
	symlink("target", path("entry"));
	is_int(replace("entry", "suid", "entry\n"), 0, "an entry that is a link");
	ok(lstat(path("entry"), &st) == 0 && S_ISREG(st.st_mode),
	    "is replaced by the file");
	is_str(slurp(path("target")), "target\n", "the link's file untouched");
	unlink(path("entry"));

	snprintf(twin, sizeof twin, "%s", path("twin"));
	ok(link(path("target"), twin) == 0, "a hard link");
	d.nwarn = 0;
	is_int(replace("target", NULL, "one\n"), 0, "a file with a hard link");
	is_int((int)d.nwarn, 1, "a warning says the link keeps the old content");
	is_str(slurp(path("twin")), "target\n", "which it does");
	unlink(path("target"));
	unlink(path("twin"));
	unlink(path("suid"));
}

/* af_clean: what a killed writer left, and nothing else. */
static void
leftovers(void)
{
	static const char *const names[] = {
		".rolehistory-1.json.AbC123",	/* stale: goes */
		".rolehistory-2.json.xyz789",	/* locked by a writer: stays */
		".rolehistory-3.json.young1",	/* too young: stays */
		".other.json.AbC123",		/* another prefix: stays */
		".rolehistory-4.json.ab",	/* not our pattern: stays */
		"rolehistory-5.json",		/* a history: stays */
	};
	struct timespec old[2] = { { 1000000000, 0 }, { 1000000000, 0 } };
	size_t i;
	int dfd, held;

	for (i = 0; i < sizeof names / sizeof names[0]; i++) {
		spit(path(names[i]), "x");
		if (i != 2)
			utimensat(AT_FDCWD, path(names[i]), old, 0);
	}
	held = open(path(names[1]), O_RDONLY);
	flock(held, LOCK_EX);
	dfd = open(dir, O_RDONLY | O_DIRECTORY);
	is_int(af_clean(dfd, dir, "rolehistory-", &d), 1, "one leftover removed");
	ok(access(path(names[0]), F_OK) != 0, "the stale one");
	for (i = 1; i < sizeof names / sizeof names[0]; i++)
		ok(access(path(names[i]), F_OK) == 0, "'%s' stays", names[i]);
	close(held);
	is_int(af_clean(dfd, dir, "rolehistory-", &d), 1,
	    "once its writer is gone, the locked one goes too");
	close(dfd);
	for (i = 2; i < sizeof names / sizeof names[0]; i++)
		unlink(path(names[i]));
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

	owners();
	entries_and_bits();
	leftovers();

	unlink(path("f"));
	unlink(path("link"));
	unlink(path("out"));
	rmdir(dir);
	return tap_done();
}
