/*
 * krel.c - the shim release table (krel.h).
 */
#include <string.h>

#include "krel.h"

/* Short names, for a table that reads as one. */
#define A	KR_APPID_ANNOT
#define C	KR_APPID_CANONICAL
#define TK	KR_TERM_KEPT
#define TA	KR_TERM_ASSIGNED
#define TS	KR_TERM_SKIPPED
#define SA	KR_USER_SA
#define UL	KR_USER_LABEL
#define UI	KR_USER_INFO
#define QL	KR_QUEUE_LABEL
#define QA	KR_QUEUE_ANNOT
#define QC	KR_QUEUE_CANONICAL
#define CF	KR_CONF_FILE
#define CD	KR_CONF_DATA
#define CZ64	KR_CONF_GZ64
#define CZ	KR_CONF_GZ
#define SB	"root.sandbox"
#define RD	"root.default"
#define T012	KR_TAG_STATEAWARE
#define T10	(T012 | KR_TAG_GANG | KR_TAG_CTIME_RECOVERY)
#define T12	(T10 | KR_TAG_PULLSECRETS)
#define T15	(T012 | KR_TAG_GANG | KR_TAG_PULLSECRETS | KR_TAG_CTIME)
#define T16	(KR_TAG_GANG | KR_TAG_PULLSECRETS | KR_TAG_FORCE | KR_TAG_CTIME)

/*
 * The columns are those of struct kr_rel: name, appid, found_empty,
 * autogen, unique, ignore, terminated, gates, user, queue, queue_default,
 * tags, assigned_first, conf.
 */
static const struct kr_rel rels[] = {
	{ "0.10.0", A, 1, 0, 0, 0, TK, 0, SA, QL, SB, 0,    1, CF   },
	{ "0.11.0", A, 1, 0, 0, 0, TK, 0, UL, QL, SB, 0,    1, CF   },
	{ "0.12.1", A, 1, 0, 0, 0, TK, 0, UL, QL, SB, T012, 1, CF   },
	{ "0.12.2", A, 1, 0, 0, 0, TK, 0, UL, QL, SB, T012, 1, CF   },
	{ "1.0.0",  A, 1, 0, 0, 0, TK, 0, UL, QA, SB, T10,  1, CF   },
	{ "1.1.0",  A, 1, 0, 0, 0, TK, 0, UL, QA, SB, T10,  1, CF   },
	{ "1.2.0",  A, 0, 0, 0, 0, TK, 0, UI, QA, SB, T12,  1, CD   },
	{ "1.3.0",  A, 0, 0, 0, 1, TA, 0, UI, QA, SB, T12,  1, CD   },
	{ "1.4.0",  A, 0, 1, 0, 0, TA, 0, UI, QA, SB, T12,  1, CZ64 },
	{ "1.5.0",  A, 0, 1, 1, 0, TS, 0, UI, QA, RD, T15,  0, CZ   },
	{ "1.5.1",  A, 0, 1, 1, 0, TS, 0, UI, QA, RD, T15,  0, CZ   },
	{ "1.5.2",  A, 0, 1, 1, 0, TS, 0, UI, QA, "", T15,  0, CZ   },
	{ "1.6.0",  C, 0, 1, 1, 0, TS, 0, UI, QC, "", T16,  0, CZ   },
	{ "1.6.1",  C, 0, 1, 1, 0, TS, 0, UI, QC, "", T16,  0, CZ   },
	{ "1.6.2",  C, 0, 1, 1, 0, TS, 0, UI, QC, "", T16,  0, CZ   },
	{ "1.6.3",  C, 0, 1, 1, 0, TS, 0, UI, QC, "", T16,  0, CZ   },
	{ "1.7.0",  C, 0, 1, 1, 0, TS, 1, UI, QC, "", T16,  0, CZ   },
	{ "1.8.0",  C, 0, 1, 1, 0, TS, 1, UI, QC, "", T16,  0, CZ   },
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
