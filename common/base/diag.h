/*
 * diag.h - error and warning reporting in the one placekit format:
 *
 *	TOOL: FILE:LINE:COL: message
 *	TOOL: FILE:LINE:COL: warning: message
 *
 * A struct diag is created in main() and passed to library code; the
 * library never prints anywhere else and never exits, except through
 * diag_die() which only commands call.
 *
 * A diag prints to stderr unless it has a sink: then every message it
 * lets through (counted, and not silenced by quiet) goes to the sink as a
 * struct diag_msg instead. A sink collects messages (a parser thread
 * keeps them for the thread that writes output in order), or passes them
 * on changed (diag_demote: the errors of a file a caller will skip become
 * warnings of the caller's diag).
 */
#ifndef PK_DIAG_H
#define PK_DIAG_H

#include <stdarg.h>
#include <stddef.h>

/* A position in an input: any field may be 0/NULL when unknown. */
struct pos {
	const char *file;
	unsigned long line;
	unsigned long col;
};

/* One message, as a sink receives it. Valid only during the call. */
struct diag_msg {
	int warning;		/* 0: an error */
	const struct pos *pos;	/* NULL: none */
	const char *text;	/* the message, ": strerror" included */
};

struct diag;
typedef void diag_sink(void *arg, const struct diag_msg *);

struct diag {
	const char *prog;	/* tool name, e.g. "rh-load" */
	int quiet;		/* -q: drop warnings */
	unsigned long nwarn;	/* warnings issued (counted even when quiet) */
	unsigned long nerr;	/* errors issued */
	diag_sink *sink;	/* NULL: print to stderr */
	void *sink_arg;
};

#define DIAG_INIT(prog) { (prog), 0, 0, 0, NULL, NULL }
#define POS_NONE ((const struct pos *)0)

#if defined(__GNUC__)
#define PK_PRINTF(a, b) __attribute__((format(printf, a, b)))
#define PK_NORETURN __attribute__((noreturn))
#else
#define PK_PRINTF(a, b)
#define PK_NORETURN
#endif

/* Report an error; returns status so callers can write "return diag_err(...)". */
int diag_err(struct diag *, int status, const struct pos *, const char *, ...)
    PK_PRINTF(4, 5);
/* The same with ": strerror(errno)" appended. ENOMEM is no error of the
 * input's: it ends the tool as xalloc does (xoom, EXIT_OSERR). */
int diag_syserr(struct diag *, int status, const struct pos *, const char *, ...)
    PK_PRINTF(4, 5);
void diag_warn(struct diag *, const struct pos *, const char *, ...)
    PK_PRINTF(3, 4);
/* A warning (warning set) or an error, from a va_list. */
void diag_vmsg(struct diag *, int warning, const struct pos *, const char *,
    va_list) PK_PRINTF(4, 0);
/* Report a message another diag's sink received, counting it here. */
void diag_put(struct diag *, const struct diag_msg *);
/*
 * A diag whose errors become warnings of outer, their text after prefix
 * ("skipping this file: "), for reading an input the caller may skip:
 * they count as outer's warnings, and -q silences them. Its warnings
 * pass to outer as they are. Use &dd.d; nothing to free.
 */
struct diag_demoted {
	struct diag d;
	struct diag *outer;
	const char *prefix;
};
void diag_demote(struct diag_demoted *, struct diag *outer, const char *prefix);
/* Append the line a message prints as ("PROG: FILE:L:C: warning: ..."),
 * for a sink that keeps text. */
struct buf;
void diag_format(struct buf *, const char *prog, const struct diag_msg *);
/*
 * A document kept inside another file (a ConfigMap's entry), as a value
 * that begins at line0:col0 of file: from now on a message this diag
 * reports at a position of the document (named name) gives the file's
 * position first, then the document's:
 *	cm.yaml:63:7: yunikorn-configs/queues.yaml:59:3: message
 * With indent 0 or more, the document is the file's text from line0 + 1
 * on, each line indented by indent (a YAML literal block), so its
 * line:col is the file's line0 + line : indent + col; else, or for a
 * message without a line, the file's position is line0:col0. Given again
 * for the same name, the new one replaces the old. The diag gets a sink
 * that does this and passes the messages on to its sink or stderr; the
 * strings are copied. diag_free gives the diag its own sink back and
 * frees them.
 */
void diag_nest(struct diag *, const char *name, const char *file,
    const char *inner, unsigned long line0, unsigned long col0, long indent);
/* Free what diag_nest gave the diag. */
void diag_free(struct diag *);
/* A sink that drops every message: for probing an input quietly. */
diag_sink diag_drop;
/* Report and exit(status). For commands, not for library code. */
PK_NORETURN void diag_die(struct diag *, int status, const struct pos *,
    const char *, ...) PK_PRINTF(4, 5);

#endif
