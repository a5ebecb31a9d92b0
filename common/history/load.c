/*
 * load.c - a history operand loaded (load.h): a directory through
 * histdir.h under its shared lock, anything else through reader.h.
 */
#include <sys/stat.h>

#include <string.h>
#include <unistd.h>

#include "histdir.h"
#include "load.h"
#include "reader.h"

/* A directory: its newest loadable save, else an empty history saved now. */
static int
load_dir(struct rh *m, const char *dir, const struct rh_loadopt *opt,
    struct rh_loadinfo *info, struct diag *d)
{
	struct pos p = { dir, 0, 0 };
	struct rh_dirscan s;
	int rc, fd;

	if ((rc = rh_dir_lock(dir, RH_LOCK_SHARED | RH_LOCK_WAIT, &fd, d)) != 0)
		return rc;
	rc = rh_dir_load(m, dir, opt, RH_DIR_SKIP, &s, info, d);
	close(fd);
	if (info != NULL)
		info->dir = 1;
	if (rc == 0 && s.loaded == s.n) {
		diag_warn(d, &p, "no loadable history: starting empty");
		m->saved = opt->now;
		m->roles_count = (int32_t)m->nroles;
	}
	rh_dirscan_free(&s);
	return rc;
}

int
rh_load(struct rh *m, const char *path, const struct rh_loadopt *opt,
    struct rh_loadinfo *info, struct diag *d)
{
	struct stat st;

	if (path != NULL && strcmp(path, "-") != 0 && stat(path, &st) == 0 &&
	    S_ISDIR(st.st_mode))
		return load_dir(m, path, opt, info, d);
	return rh_load_file(m, path, opt, info, d);
}
