/* t_rhdir - rh-compact's directory job: names, the plan, the lock, a run */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "compact.h"
#include "exitcode.h"
#include "tap.h"

#define NS "org.apache.slider.server.avro."

/*
 * plan("VVbeV", loaded, "w", keep): files named "9", "8", ... newest
 * first with kinds V valid, b broken, e empty, ? unknown; the new save
 * is named wname. Returns the deleted ones' names, "-" for none.
 */
static const char *
plan(const char *kinds, size_t loaded, const char *wname, long keep)
{
	static const char *names[] = { "9", "8", "7", "6", "5", "4", "3" };
	static char out[16];
	struct rh_dirfile f[8];
	size_t n = strlen(kinds), i, k = 0, ndel;

	for (i = 0; i < n; i++) {
		f[i].path = NULL;
		f[i].name = names[i];
		f[i].kind = kinds[i] == 'V' ? RH_F_VALID : kinds[i] == 'b' ?
		    RH_F_BROKEN : kinds[i] == 'e' ? RH_F_EMPTY : RH_F_UNKNOWN;
		f[i].del = 7;
	}
	ndel = rh_job_plan(f, n, loaded, wname, keep);
	for (i = 0; i < n; i++)
		if (f[i].del)
			out[k++] = names[i][0];
	out[k] = '\0';
	if (ndel != k)
		return "(count wrong)";
	return k ? out : "-";
}

static void
test_names(void)
{
	char buf[40];

	rh_job_savename(INT64_C(1795320000000), buf);
	is_str(buf, "rolehistory-000001a201692e00.json", "the name of a time");
	rh_job_savename(0, buf);
	is_str(buf, "rolehistory-0000000000000000.json", "time 0");
	rh_job_savename(INT64_C(0x7fffffffffffffff), buf);
	is_str(buf, "rolehistory-7fffffffffffffff.json", "the largest time");
}

static void
test_plan(void)
{
	/* keep 1: everything from the loaded save down goes */
	is_str(plan("VVV", 0, "a", 1), "987", "keep 1: the loaded and older");
	is_str(plan("V", 0, "a", 1), "9", "keep 1: the one save");
	/* newer than the loaded save (skipped broken or empty): never */
	is_str(plan("beVV", 2, "a", 1), "76", "newer broken and empty stay");
	/* keep 2: the loaded save stays, it is the newest valid one */
	is_str(plan("VVV", 0, "a", 2), "87", "keep 2");
	is_str(plan("VVVV", 0, "a", 3), "76", "keep 3");
	is_str(plan("VV", 0, "a", 5), "-", "keep more than there are");
	/* broken and empty files between kept saves stay, beyond go */
	is_str(plan("VbeVbV", 0, "a", 2), "87654", "keep 2: the rest goes");
	is_str(plan("VbeVbV", 0, "a", 3), "54", "kept: up to the 3rd save");
	is_str(plan("VbeVbV", 0, "a", 4), "-", "kept: up to the 4th save");
	is_str(plan("Vb?", 0, "a", 1), "987", "keep 1: unknown ones go");
	/* the new save's own name: replaced, not deleted, not counted */
	is_str(plan("VV", 0, "9", 1), "8", "the loaded save is the new one");
	is_str(plan("VVV", 0, "9", 2), "7", "... and counts once");
	/* clock backwards: files named later than the new save stay */
	is_str(plan("VVV", 0, "75", 1), "7", "later than now: kept");
	is_str(plan("bVVV", 1, "75", 1), "76", "broken and later than now");
	is_str(plan("VVVV", 0, "75", 2), "6", "later ones are not counted");
	/* nothing older */
	is_str(plan("bbV", 2, "a", 1), "7", "the loaded save is the oldest");
}

static char dir[] = "/tmp/t_rhdir.XXXXXX";

static char *
path(const char *name)
{
	static char buf[256];

	snprintf(buf, sizeof buf, "%s/%s", dir, name);
	return buf;
}

static void
spit(const char *name, const char *s)
{
	FILE *f = fopen(path(name), "w");

	fputs(s, f);
	fclose(f);
}

/* The directory's names, sorted, space-separated. */
static const char *
listing(void)
{
	static char buf[1024];
	char *names[32];
	struct dirent *e;
	DIR *dp = opendir(dir);
	size_t n = 0, i, j;

	while ((e = readdir(dp)) != NULL && n < 32)
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
			names[n++] = strdup(e->d_name);
	closedir(dp);
	for (i = 1; i < n; i++)
		for (j = i; j > 0 && strcmp(names[j - 1], names[j]) > 0; j--) {
			char *t = names[j];

			names[j] = names[j - 1];
			names[j - 1] = t;
		}
	buf[0] = '\0';
	for (i = 0; i < n; i++) {
		strcat(buf, i ? " " : "");
		strcat(buf, names[i]);
		free(names[i]);
	}
	return buf;
}

static const char *
slurp(const char *name)
{
	static char buf[4096];
	FILE *f = fopen(path(name), "r");
	size_t n;

	if (f == NULL)
		return "(missing)";
	n = fread(buf, 1, sizeof buf - 1, f);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

#define SAVE(t, entries, n) \
	"{\"entry\":{\"" NS "RoleHistoryHeader\":{\"version\":1,\"saved\":" t \
	",\"savedx\":\"x\",\"savedate\":\"d\",\"roles\":1}}}\n" entries \
	"{\"entry\":{\"" NS "RoleHistoryFooter\":{\"count\":" n "}}}"
#define ENT(host, active, used) \
	"{\"entry\":{\"" NS "NodeEntryRecord\":{\"host\":\"" host "\"," \
	"\"role\":0,\"active\":" active ",\"last_used\":" used "}}}\n"

static void
test_lock(void)
{
	struct diag d = DIAG_INIT("t");
	int fd1, fd2;

	d.sink = diag_drop;
	is_int(rh_dir_lock(dir, 0, &fd1, &d), 0, "the lock is taken");
	is_int(rh_dir_lock(dir, 0, &fd2, &d), EXIT_TEMPFAIL,
	    "a second lock on the directory is busy");
	is_int(fd2, -1, "... and leaves no descriptor");
	close(fd1);
	is_int(rh_dir_lock(dir, 0, &fd2, &d), 0, "free again once closed");
	close(fd2);
	is_int(rh_dir_lock(path("none"), 0, &fd2, &d), EXIT_NOINPUT,
	    "no such directory");
	is_int(rh_dir_lock(dir, RH_LOCK_SHARED, &fd1, &d), 0, "a reader's lock");
	is_int(rh_dir_lock(dir, RH_LOCK_SHARED | RH_LOCK_WAIT, &fd2, &d), 0,
	    "readers share it");
	close(fd2);
	is_int(rh_dir_lock(dir, 0, &fd2, &d), EXIT_TEMPFAIL,
	    "the job's lock waits for readers");
	close(fd1);
}

static int
job(int64_t now, long keep, int dry_run, unsigned long *nwarn)
{
	struct diag d = DIAG_INIT("t");
	struct rh_job j;
	int rc;

	d.sink = diag_drop;
	memset(&j, 0, sizeof j);
	j.dir = dir;
	j.now = now;
	j.max_age = INT64_C(7) * 86400000;
	j.keep = keep;
	j.dry_run = dry_run;
	rc = rh_job_run(&j, &d);
	if (nwarn != NULL)
		*nwarn = d.nwarn;
	return rc;
}

static void
test_job(void)
{
	unsigned long nwarn;
	int fd;
	struct diag d = DIAG_INIT("t");

	spit("rolehistory-0000000000000001.json",
	    SAVE("1", ENT("a", "false", "1"), "1"));
	spit("rolehistory-0000000000000002.json", "");
	spit("rolehistory-0000000000000003.json",
	    SAVE("3", ENT("a", "false", "3") ENT("b", "true", "0"), "2"));
	spit("rolehistory-0000000000000004.json", "{broken");
	spit("other.json", "x");

	is_int(job(INT64_C(0x100000000), 1, 1, NULL), 0, "a dry run");
	is_str(listing(), "other.json rolehistory-0000000000000001.json "
	    "rolehistory-0000000000000002.json "
	    "rolehistory-0000000000000003.json "
	    "rolehistory-0000000000000004.json", "... changes nothing");

	is_int(rh_dir_lock(dir, 0, &fd, &d), 0, "lock held");
	is_int(job(INT64_C(0x100000000), 1, 0, NULL), EXIT_TEMPFAIL,
	    "a held lock is EXIT_TEMPFAIL");
	close(fd);

	is_int(job(INT64_C(0x100000000), 2, 0, &nwarn), 0, "keep 2");
	is_int(nwarn, 1, "one warning: the broken file skipped");
	is_str(listing(), "other.json rolehistory-0000000000000003.json "
	    "rolehistory-0000000000000004.json "
	    "rolehistory-0000000100000000.json",
	    "the new save, the loaded one, the newer broken one");
	is_str(slurp("rolehistory-0000000100000000.json"),
	    "{\"entry\":{\"" NS "RoleHistoryHeader\":{\"version\":1,"
	    "\"saved\":4294967296,\"savedx\":\"100000000\","
	    "\"savedate\":\"19 Feb 1970 17:02:47 GMT\",\"roles\":1}}}\n"
	    "{\"entry\":{\"" NS "RoleHistoryMapping\":{\"rolemap\":{}}}}\n"
	    "{\"entry\":{\"" NS "NodeEntryRecord\":{\"host\":\"b\",\"role\":0,"
	    "\"active\":true,\"last_used\":0}}}\n"
	    "{\"entry\":{\"" NS "RoleHistoryFooter\":{\"count\":1}}}\n",
	    "the old entry dropped, the active one kept as it was");

	/* again at the same time: the loaded save is replaced in place */
	is_int(job(INT64_C(0x100000000), 1, 0, NULL), 0, "the same now again");
	is_str(listing(), "other.json rolehistory-0000000100000000.json",
	    "the new save replaced itself, the older ones went");

	/* a file of the new save's name that is not the loaded one */
	spit("rolehistory-0000000000000005.json", "");
	is_int(job(5, 1, 0, NULL), EXIT_TEMPFAIL,
	    "the name is taken by a file not loaded");

	/* history files, none loadable: an error of its own, nothing changes */
	unlink(path("rolehistory-0000000100000000.json"));
	is_int(job(6, 1, 0, &nwarn), EXIT_DATAERR, "nothing loadable: 65");
	is_int(nwarn, 1, "... the empty file warned about");
	is_str(listing(), "other.json rolehistory-0000000000000005.json",
	    "... nothing changed");

	/* no history file at all: nothing to do, nothing said */
	unlink(path("rolehistory-0000000000000005.json"));
	is_int(job(6, 1, 0, &nwarn), 0, "no history file: a success");
	is_int(nwarn, 0, "... without a word");
	unlink(path("other.json"));
}

int
main(void)
{
	test_names();
	test_plan();
	if (mkdtemp(dir) == NULL)
		return 1;
	test_lock();
	test_job();
	rmdir(dir);
	return tap_done();
}
