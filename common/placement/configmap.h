/*
 * configmap.h - the queue configuration a Kubernetes cluster holds, read the
 * way the YuniKorn shim of a given release reads it.
 *
 * A file is recognised by its content:
 *	partitions: (or checksum:)	a queue configuration, used as it is
 *	kind: ConfigMap			a ConfigMap, YAML or JSON (kubectl get -o)
 *	kind: List, ConfigMapList	its yunikorn-defaults and yunikorn-configs
 *	data:, binaryData:		a ConfigMap without its header
 *	"KEY.yaml": TEXT, ...		the data map alone
 *	yunikornDefaults:, configuration:  Helm values, rendered as the chart
 *					of that release renders them
 * The ConfigMaps are merged key by key as the shim merges them
 * (yunikorn-defaults, then yunikorn-configs; in each, data, then the
 * binaryData the release decodes), and the document under
 * "<policy group>.yaml" is loaded; without one, the release's built-in
 * configuration, or (before 1.2) an error. A binaryData entry is decoded
 * only when its key is read (service.policyGroup, the document), within
 * one gzip budget for the whole input (gunzip.h); Kubernetes' base64 is
 * checked in all.
 *
 * Messages about the document name it "FILE: CONFIGMAP/KEY", so an error
 * in it reads "FILE: CONFIGMAP/KEY:LINE:COL: message", the position being
 * the document's own; problems with the ConfigMap itself are at their
 * FILE:LINE:COL.
 */
#ifndef PK_CONFIGMAP_H
#define PK_CONFIGMAP_H

#include "compat.h"
#include "diag.h"
#include "yamlload.h"

struct kcm_opts {
	const char *policy_group;	/* NULL: service.policyGroup, or "queues" */
	const char *defaults;		/* yunikorn-defaults from this file, or NULL */
};

/* kcm_load flags */
#define KCM_RELOAD 1	/* a reload: every file must be a regular file (a
			   FIFO would be waited for), else it is refused */

/*
 * Load the queues document that path (and o->defaults; o may be NULL)
 * amounts to into doc, as the shim and core of the compat release read
 * them (pl_ver(compat)->configmaps, ->default_config). *name receives the
 * name messages give the document, allocated: path itself for a plain
 * queue configuration, "FILE: CONFIGMAP/KEY" for a ConfigMap entry,
 * "FILE: built-in configuration" for the built-in one; doc->file points
 * to it, so free it after the doc and whatever was decoded from it. A
 * file is read once, a FIFO too (but with KCM_RELOAD); a directory is
 * refused. Returns 0, or EXIT_NOINPUT or EXIT_CONFIG after reporting
 * (*name is then NULL).
 */
int kcm_load(struct yl_doc *doc, char **name, const char *path,
    enum pl_compat compat, const struct kcm_opts *o, int flags,
    struct diag *);

/* The built-in configuration of YuniKorn 1.2 and later, as its text. */
extern const char kcm_builtin[];
extern const size_t kcm_builtin_len;

#endif
