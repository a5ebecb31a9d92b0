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
};

/*
 * Read the pods in path ("-" or NULL: stdin) and write their
 * applications to out; nothing is written if the input has an error.
 * Returns 0, or EXIT_NOINPUT, EXIT_DATAERR, EXIT_IOERR after reporting.
 */
int kp_run(const char *path, const struct kp_opts *, struct ob *out,
    struct diag *);

#endif
