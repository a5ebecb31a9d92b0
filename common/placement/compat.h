/*
 * compat.h - which YuniKorn release placekit behaves like.
 *
 * The releases from 0.10 to 1.8 fall into the behaviour classes of enum
 * pl_compat; struct pl_ver is what one class does, one named switch per
 * behaviour that changed between releases. The values are in compat.tab,
 * one line a switch with every class's value, and the words for each
 * change; compat.awk makes compat.c's constant tables of it at build
 * time. Code asks pl_ver(c) for a switch; it never compares versions.
 */
#ifndef PK_COMPAT_H
#define PK_COMPAT_H

#include "buffer.h"

/* The behaviour classes, oldest first: releases that behave alike share one. */
enum pl_compat {
	PL_010,			/* 0.10.0 */
	PL_011,			/* 0.11.0 */
	PL_012,			/* 0.12.1, 0.12.2 */
	PL_10,			/* 1.0.0, 1.1.0 */
	PL_12,			/* 1.2.0 */
	PL_13,			/* 1.3.0 */
	PL_14,			/* 1.4.0 */
	PL_150,			/* 1.5.0, 1.5.1 */
	PL_152,			/* 1.5.2 */
	PL_16,			/* 1.6.0 to 1.6.3 */
	PL_17,			/* 1.7.0 */
	PL_18,			/* 1.8.0 */
	PL_NCOMPAT
};

/* The root.default fallback after the last rule (1.5.2). */
enum pl_fallback { PL_FALLBACK_NONE, PL_FALLBACK_NO_ACL, PL_FALLBACK_ACL };
/* The validator's check of the static path of fixed rules (1.3.0, 1.4). */
enum pl_static { PL_STATIC_NONE, PL_STATIC_130, PL_STATIC_14 };
/* A childtemplate key: unknown, parsed and dropped when bad, or fatal. */
enum pl_template { PL_TEMPLATE_UNKNOWN, PL_TEMPLATE_IGNORED, PL_TEMPLATE_FATAL };
/* The statedumpfilepath key: unknown, the file must be creatable, ignored. */
enum pl_statedump { PL_STATEDUMP_UNKNOWN, PL_STATEDUMP_CHECKED,
	PL_STATEDUMP_IGNORED };
/* A limit against its queue's maximums: no check, 1.3.0's, 1.4's. */
enum pl_limitmax { PL_LIMITMAX_NONE, PL_LIMITMAX_130, PL_LIMITMAX_14 };
/* All-zero maxresources in a limit: allowed, 1.4's IsZero, 1.5's
 * StrictlyGreaterThanZero (each with its text). */
enum pl_limitzero { PL_LIMITZERO_NONE, PL_LIMITZERO_14, PL_LIMITZERO_15 };
/* Limits against the same user's or group's limits above: none, 1.4, 1.5. */
enum pl_hierlimits { PL_HIERLIMITS_NONE, PL_HIERLIMITS_14, PL_HIERLIMITS_15 };
/* maxapplications of a parent against its children: none, 1.2's text,
 * 1.4's text, 1.5's two checks. */
enum pl_maxapps { PL_MAXAPPS_NONE, PL_MAXAPPS_12, PL_MAXAPPS_14,
	PL_MAXAPPS_15 };

/*
 * The Kubernetes shim (placectl(1), PODS and CLUSTER CONFIGURATION, say
 * what each means). Where a pod's application ID comes from, in order:
 * annotation app-id, label applicationId, label spark-app-selector; or
 * (1.6) label app-id first.
 */
enum pl_podapp { PL_PODAPP_ANNOT, PL_PODAPP_CANONICAL };
/* A pod's user: spec.serviceAccountName; label username, else nobody;
 * (1.2) annotation user.info (JSON), the label, nobody. */
enum pl_poduser { PL_PODUSER_SA, PL_PODUSER_LABEL, PL_PODUSER_INFO };
/* A pod's queue: label queue; then annotation queue (1.0); (1.6) label
 * yunikorn.apache.org/queue, that annotation, label queue. */
enum pl_podqueue { PL_PODQUEUE_LABEL, PL_PODQUEUE_ANNOT,
	PL_PODQUEUE_CANONICAL };
/* Pods in phase Succeeded or Failed: applications like any other,
 * skipped when assigned to a node (1.3), never applications (1.5). */
enum pl_podterm { PL_PODTERM_KEPT, PL_PODTERM_ASSIGNED, PL_PODTERM_SKIPPED };
/* The tags a pod's application gets besides namespace (and
 * namespace.parentqueue). */
enum {
	PL_PODTAG_STATEAWARE = 1,	/* application.stateaware.disable */
	PL_PODTAG_GANG = 2,		/* task-groups, schedulingPolicyParameters */
	PL_PODTAG_PULLSECRETS = 4,	/* imagePullSecrets */
	PL_PODTAG_FORCE = 8,		/* application.create.force */
	PL_PODTAG_CTIME_RECOVERY = 16,	/* creationTime of recovered apps */
	PL_PODTAG_CTIME = 32		/* creationTime, always */
};
/* Where the queues document comes from: the file mounted from
 * yunikorn-configs, its data and raw binaryData, required; (1.2)
 * yunikorn-defaults then yunikorn-configs, data only; (1.4) and binaryData
 * *.gz holding base64; (1.5) and binaryData *.gz. */
enum pl_cmsrc { PL_CM_FILE, PL_CM_DATA, PL_CM_GZ64, PL_CM_GZ };

/* What a behaviour class does. */
struct pl_ver {
	const char *name;	/* its first release, as placectl(1) names it */

	/* ---- names ---- */
	const char *queue_chars;	/* a queue name: alphanumerics and these */
	const char *user_chars;		/* a user name after its first letter */
	const char *group_chars;	/* a group name after its first letter */

	/* ---- placement ---- */
	unsigned char always_on;	/* 1.4: the manager is always active (no
					   rules: an implicit provided rule; rules
					   that fail to build: no rules, every
					   application rejected; before, rules
					   that fail to build leave placement
					   off) and admission does not check
					   the ACL again */
	unsigned char recovery;		/* 1.4: the recovery rule, forced
					   applications, root.@recovery@ */
	unsigned char forced_bypass;	/* 1.6: a forced application given
					   root.@recovery@ by any rule skips every
					   check (1.4: only the recovery rule's
					   result, and only the ACL check) */
	enum pl_fallback fallback;	/* 1.5.2: root.default after the last rule */
	unsigned char draining_skipped;	/* 1.7: placement skips draining queues */
	unsigned char rule_name_checks;	/* 1.6: rules check the names they make
					   (an error), fixed its value when built */
	unsigned char recovery_refused;	/* 1.6: "recovery" as a configured rule
					   name has its own message */
	unsigned char user_check_at_submit;	/* 1.6: a user name with groups
						   must match the user pattern */
	unsigned char placement_typo;	/* to 0.12: "no placment rule matched" */
	unsigned char create_cause;	/* 1.6: a failed creation says why */
	enum pl_static static_path;	/* 1.3.0, 1.4: the validator's check */
	unsigned char resolver_key;	/* 1.8: usergroupresolver (os, ldap, test) */

	/* ---- configuration loading ---- */
	unsigned char yaml_v3;		/* 1.4: yaml.v3 (quoted 1.1 booleans,
					   its duplicate-key texts, merges
					   after the keys) */
	unsigned char checksum_key;	/* 0.11 */
	unsigned char max_undef_unlimited;	/* 0.11: a type a max leaves out
						   is unlimited; texts print the
						   resources */
	unsigned char guaranteed_undef_unlimited;	/* 1.4: so too for the
							   children's guaranteed */
	enum pl_template childtemplate;	/* 0.12: ignored when bad; 1.6: fatal */
	unsigned char resourceweights_key;	/* 0.12: nodesortpolicy */
	unsigned char unique_partitions;	/* 0.12: names differ ignoring
						   case (before: one default) */
	unsigned char quantity_units;	/* 1.0: 10Gi, 500m; vcore in thousandths */
	enum pl_statedump statedump;	/* 1.0 checked, 1.2 ignored, 1.5 unknown */
	enum pl_maxapps maxapps;	/* a parent's against its children:
					   1.2, 1.4, 1.5 */
	unsigned char default_config;	/* 1.2: an empty configuration is the
					   built-in one */
	unsigned char limit_list_checks;	/* 1.3: duplicates, wildcard order;
						   texts name the limit */
	enum pl_limitmax limit_vs_queue_max;	/* 1.3.0, 1.4 */
	enum pl_limitzero limit_zero;	/* all-zero maxresources: 1.4, 1.5 */
	enum pl_hierlimits hier_limits;	/* 1.4, 1.5 */
	unsigned char partition_limits_root;	/* 1.5: equal to root's, which
						   they become; the 1.5 order */
	unsigned char template_maxapps;	/* 1.5: maxapplications alone makes
					   a child template worth parsing */
	unsigned char texts16;		/* 1.6: quoted names in duplicate
					   texts, the queue name text */
	unsigned char quotapreemption_key;	/* 1.8 */

	/* ---- the Kubernetes shim: pods (pods.c), ConfigMaps (configmap.c) ---- */
	enum pl_podapp pod_app;		/* 1.6: label app-id first */
	unsigned char pod_found_empty;	/* to 1.1: a key present with "" counts */
	unsigned char pod_autogen;	/* 1.4: no application ID, one is made */
	unsigned char pod_unique;	/* 1.5: an ID ending "-uniqueautogen"
					   gets the pod's UID */
	unsigned char pod_ignore;	/* 1.3 only: annotation
					   ignore-application honoured */
	enum pl_podterm pod_terminated;	/* 1.3, 1.5 */
	unsigned char pod_gates;	/* 1.7: pods with scheduling gates wait */
	enum pl_poduser pod_user;	/* 0.11, 1.2 */
	enum pl_podqueue pod_queue;	/* 1.0, 1.6 */
	const char *pod_queue_default;	/* no queue given: root.sandbox,
					   root.default (1.5.0), none (1.5.2) */
	unsigned char pod_tags;		/* PL_PODTAG_* */
	unsigned char pod_assigned_first;	/* to 1.4: recovery sends assigned
						   pods' applications first */
	enum pl_cmsrc configmaps;	/* 1.2, 1.4, 1.5 */
};

/*
 * The switches of a class (the table is read-only). Past the classes,
 * pl_nrows - PL_NCOMPAT rows for naming what changed: for every change
 * (pl_changes), the class before with that change alone, and the class
 * without it. They are rows like any other: pl_ver() of one is what
 * that mix of releases would do.
 */
extern const struct pl_ver pl_versions[];
extern const size_t pl_nrows;

static inline const struct pl_ver *
pl_ver(enum pl_compat c)
{
	return &pl_versions[c];
}

/* Every release tag, oldest first, with its class. */
struct pl_release {
	const char *name;	/* 1.5.2 */
	enum pl_compat c;
};
extern const struct pl_release pl_releases[];
extern const size_t pl_nreleases;

/*
 * A change of one switch, in the class that brought it (compat.tab's
 * words, which placectl(1) lists), by class, then as compat.tab lists
 * the switches.
 */
struct pl_change {
	const char *sw;		/* the switch: a member of struct pl_ver, or
				   MEMBER:FLAG for one flag of it */
	enum pl_compat c;	/* the class that brought it */
	const char *what;	/* what that release does, in words */
	enum pl_compat with;	/* the class before c, with this change */
	enum pl_compat without;	/* c without this change */
	int pods;		/* a switch of the shim's reading of pods
				   (named pod_*): only pods depends on it */
};
extern const struct pl_change pl_changes[];
extern const size_t pl_nchanges;

/*
 * A release as --compat takes it: a release (1.5.2, v1.5.2), a line (1.5:
 * its last release) or latest. Returns 0 with its index in pl_releases
 * (pl_release_parse) or its class (pl_compat_parse), or -1 with why in err
 * (the releases known).
 */
int pl_release_parse(const char *, size_t *, struct buf *err);
int pl_compat_parse(const char *, enum pl_compat *, struct buf *err);
/*
 * A range of releases: A..B (each as above, but a line is all its
 * releases: 1.5..1.6 is 1.5.0 to 1.6.3; A.. up to the latest, ..B from
 * the first), all, or one release. Returns 0 with the indexes of the
 * first and the last, or -1 with why in err.
 */
int pl_release_range(const char *, size_t *from, size_t *to, struct buf *err);

#endif
