/*
 * krel.c - the shim release table (krel.h).
 */
#include <string.h>

#include "krel.h"

#define SB "root.sandbox"
#define RD "root.default"
#define T_012 KR_TAG_STATEAWARE
#define T_10 (KR_TAG_STATEAWARE | KR_TAG_GANG | KR_TAG_CTIME_RECOVERY)
#define T_12 (T_10 | KR_TAG_PULLSECRETS)
#define T_15 (KR_TAG_STATEAWARE | KR_TAG_GANG | KR_TAG_PULLSECRETS | KR_TAG_CTIME)
#define T_16 (KR_TAG_GANG | KR_TAG_PULLSECRETS | KR_TAG_FORCE | KR_TAG_CTIME)

#define A KR_APPID_ANNOT
#define C KR_APPID_CANONICAL

/*	name	  appid empty gen uniq ign terminated    gates user	    queue
	    default tags assigned_first conf */
static const struct kr_rel rels[] = {
	{ "0.10.0", A, 1, 0, 0, 0, KR_TERM_KEPT,     0, KR_USER_SA,    KR_QUEUE_LABEL,
	    SB, 0,    1, KR_CONF_FILE },
	{ "0.11.0", A, 1, 0, 0, 0, KR_TERM_KEPT,     0, KR_USER_LABEL, KR_QUEUE_LABEL,
	    SB, 0,    1, KR_CONF_FILE },
	{ "0.12.1", A, 1, 0, 0, 0, KR_TERM_KEPT,     0, KR_USER_LABEL, KR_QUEUE_LABEL,
	    SB, T_012, 1, KR_CONF_FILE },
	{ "0.12.2", A, 1, 0, 0, 0, KR_TERM_KEPT,     0, KR_USER_LABEL, KR_QUEUE_LABEL,
	    SB, T_012, 1, KR_CONF_FILE },
	{ "1.0.0",  A, 1, 0, 0, 0, KR_TERM_KEPT,     0, KR_USER_LABEL, KR_QUEUE_ANNOT,
	    SB, T_10, 1, KR_CONF_FILE },
	{ "1.1.0",  A, 1, 0, 0, 0, KR_TERM_KEPT,     0, KR_USER_LABEL, KR_QUEUE_ANNOT,
	    SB, T_10, 1, KR_CONF_FILE },
	{ "1.2.0",  A, 0, 0, 0, 0, KR_TERM_KEPT,     0, KR_USER_INFO,  KR_QUEUE_ANNOT,
	    SB, T_12, 1, KR_CONF_DATA },
	{ "1.3.0",  A, 0, 0, 0, 1, KR_TERM_ASSIGNED, 0, KR_USER_INFO,  KR_QUEUE_ANNOT,
	    SB, T_12, 1, KR_CONF_DATA },
	{ "1.4.0",  A, 0, 1, 0, 0, KR_TERM_ASSIGNED, 0, KR_USER_INFO,  KR_QUEUE_ANNOT,
	    SB, T_12, 1, KR_CONF_GZ64 },
	{ "1.5.0",  A, 0, 1, 1, 0, KR_TERM_SKIPPED,  0, KR_USER_INFO,  KR_QUEUE_ANNOT,
	    RD, T_15, 0, KR_CONF_GZ },
	{ "1.5.1",  A, 0, 1, 1, 0, KR_TERM_SKIPPED,  0, KR_USER_INFO,  KR_QUEUE_ANNOT,
	    RD, T_15, 0, KR_CONF_GZ },
	{ "1.5.2",  A, 0, 1, 1, 0, KR_TERM_SKIPPED,  0, KR_USER_INFO,  KR_QUEUE_ANNOT,
	    "", T_15, 0, KR_CONF_GZ },
	{ "1.6.0",  C, 0, 1, 1, 0, KR_TERM_SKIPPED,  0, KR_USER_INFO,  KR_QUEUE_CANONICAL,
	    "", T_16, 0, KR_CONF_GZ },
	{ "1.6.1",  C, 0, 1, 1, 0, KR_TERM_SKIPPED,  0, KR_USER_INFO,  KR_QUEUE_CANONICAL,
	    "", T_16, 0, KR_CONF_GZ },
	{ "1.6.2",  C, 0, 1, 1, 0, KR_TERM_SKIPPED,  0, KR_USER_INFO,  KR_QUEUE_CANONICAL,
	    "", T_16, 0, KR_CONF_GZ },
	{ "1.6.3",  C, 0, 1, 1, 0, KR_TERM_SKIPPED,  0, KR_USER_INFO,  KR_QUEUE_CANONICAL,
	    "", T_16, 0, KR_CONF_GZ },
	{ "1.7.0",  C, 0, 1, 1, 0, KR_TERM_SKIPPED,  1, KR_USER_INFO,  KR_QUEUE_CANONICAL,
	    "", T_16, 0, KR_CONF_GZ },
	{ "1.8.0",  C, 0, 1, 1, 0, KR_TERM_SKIPPED,  1, KR_USER_INFO,  KR_QUEUE_CANONICAL,
	    "", T_16, 0, KR_CONF_GZ },
};

#define NRELS (sizeof rels / sizeof rels[0])

const struct kr_rel *
kr_find(const char *v)
{
	const struct kr_rel *last = NULL;
	const char *dot = strchr(v, '.');
	size_t i, n = strlen(v);

	for (i = 0; i < NRELS; i++) {
		if (strcmp(rels[i].name, v) == 0)
			return &rels[i];
		/* "X.Y": the last release whose name is "X.Y." and more */
		if (dot != NULL && strchr(dot + 1, '.') == NULL &&
		    strncmp(rels[i].name, v, n) == 0 && rels[i].name[n] == '.')
			last = &rels[i];
	}
	return last;
}

const char *
kr_names(void)
{
	return "0.10.0, 0.11.0, 0.12.1, 0.12.2, 1.0.0, 1.1.0, 1.2.0, 1.3.0, "
	    "1.4.0, 1.5.0, 1.5.1, 1.5.2, 1.6.0, 1.6.1, 1.6.2, 1.6.3, 1.7.0, "
	    "1.8.0";
}
