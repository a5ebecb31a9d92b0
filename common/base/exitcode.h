/*
 * exitcode.h - the exit statuses of every placekit tool (sysexits(3) values).
 * This header is the one place they are defined; man pages and tests follow it.
 */
#ifndef PK_EXITCODE_H
#define PK_EXITCODE_H

enum {
	EXIT_OK = 0,		/* success */
	EXIT_DIFFER = 1,	/* a question answered "different" (placectl diff) */
	EXIT_USAGE = 64,	/* bad command line */
	EXIT_DATAERR = 65,	/* bad input data */
	EXIT_NOINPUT = 66,	/* an input file is missing or unreadable */
	EXIT_OSERR = 71,	/* the system failed us: out of memory, fork */
	EXIT_CANTCREAT = 73,	/* an output file cannot be created */
	EXIT_IOERR = 74,	/* a read or write failed */
	EXIT_TEMPFAIL = 75,	/* try again later: a lock is held */
	EXIT_CONFIG = 78	/* bad configuration */
};

#endif
