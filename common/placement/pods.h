/*
 * pods.h - pods to applications: what the YuniKorn shim of a release
 * would send the core for the pods of a cluster (kubectl get pods -A -o
 * json) when it starts, as application lines
 *
 *	{"app":ID,"user":U,"groups":[...],"queue":Q,"tags":{...}}
 *
 * one per application, made from its first pod, in the order the shim
 * would send them (placectl(1), PODS, has every rule per release).
 */
#ifndef PK_PODS_H
#define PK_PODS_H

#include "compat.h"
#include "diag.h"
#include "outbuf.h"

struct kp_opts {
	enum pl_compat compat;		/* the release (pl_ver(compat)->pod_*) */
	const char *namespaces;		/* kubectl get ns -o json, or NULL */
	const char *release;		/* its name, for warnings */
	enum pl_compat old;		/* kp_diff: the old release */
};

/* Why a pod makes no application. */
enum { KP_SKIP_SCHED, KP_SKIP_DONE, KP_SKIP_GATED, KP_SKIP_IGNORED,
	KP_SKIP_NOID, KP_NSKIP };

/* What a release made of the pods. */
struct kp_counts {
	unsigned long pods, apps;
	unsigned long skipped[KP_NSKIP];	/* pods, by why */
};

/*
 * Read the pods in path ("-" or NULL: stdin) and write their
 * applications to out; nothing is written if the input has an error.
 * Then warn, with the counts, about pods carrying an annotation the
 * release does not read (user.info) and pods without an application ID
 * it makes no application of. Returns 0, or EXIT_NOINPUT, EXIT_DATAERR,
 * EXIT_IOERR after reporting; what was made and skipped in *c (NULL: not
 * wanted).
 */
int kp_run(const char *path, const struct kp_opts *, struct ob *out,
    struct diag *, struct kp_counts *c);
/* "YuniKorn R makes N applications of M pods; skipped: K why, ...". */
void kp_counts_text(struct buf *, const struct kp_counts *,
    const char *release);
/*
 * The same pods under the old release and the new one: one line for
 * each application the two make differently,
 *
 *	{"app":ID,"old":LINE|null,"new":LINE|null,"by":[CHANGE,...]}
 *
 * LINE as kp_run writes it (null: that release makes none), CHANGE as
 * pl_why_json (upgrade.h) names the changes of the release table that
 * made the difference; the new release's order, then the applications
 * only the old one makes. The warnings and *c are the new release's; the
 * counts of applications and of those made differently go to *napps,
 * *ndiff.
 */
int kp_diff(const char *path, const struct kp_opts *, struct ob *out,
    struct diag *, unsigned long *ndiff, unsigned long *napps,
    struct kp_counts *c);

#endif
