/*
 * krel.h - the releases of YuniKorn's Kubernetes shim that placekit
 * knows, and what each does its own way when it turns pods into
 * applications and ConfigMaps into the queue configuration: one row per
 * release, one column per behaviour (placectl(1), PODS and CLUSTER
 * CONFIGURATION, say what each means).
 */
#ifndef PK_KREL_H
#define PK_KREL_H

/* Where the application ID comes from, in order. */
enum kr_appid {
	KR_APPID_ANNOT,		/* annotation app-id, label applicationId,
				   label spark-app-selector */
	KR_APPID_CANONICAL	/* label app-id first, then as above */
};

/* Where the user comes from. */
enum kr_user {
	KR_USER_SA,		/* spec.serviceAccountName */
	KR_USER_LABEL,		/* label yunikorn.apache.org/username, nobody */
	KR_USER_INFO		/* annotation user.info (JSON), the label, nobody */
};

/* Where the queue comes from. */
enum kr_queue {
	KR_QUEUE_LABEL,		/* label queue */
	KR_QUEUE_ANNOT,		/* label queue, annotation queue */
	KR_QUEUE_CANONICAL	/* label yunikorn.apache.org/queue, annotation
				   yunikorn.apache.org/queue, label queue */
};

/* Pods in phase Succeeded or Failed. */
enum kr_term {
	KR_TERM_KEPT,		/* make applications like any other */
	KR_TERM_ASSIGNED,	/* skipped when assigned to a node */
	KR_TERM_SKIPPED		/* never make an application */
};

/* Where the queues document comes from. */
enum kr_conf {
	KR_CONF_FILE,		/* the file mounted from yunikorn-configs: its
				   data and raw binaryData; required */
	KR_CONF_DATA,		/* defaults then configs, data only */
	KR_CONF_GZ64,		/* ... and binaryData *.gz holding base64 */
	KR_CONF_GZ		/* ... and binaryData *.gz */
};

/* The tags sent besides namespace (and namespace.parentqueue). */
enum {
	KR_TAG_STATEAWARE = 1,	/* application.stateaware.disable */
	KR_TAG_GANG = 2,	/* task-groups, schedulingPolicyParameters */
	KR_TAG_PULLSECRETS = 4,	/* imagePullSecrets */
	KR_TAG_FORCE = 8,	/* application.create.force */
	KR_TAG_CTIME_RECOVERY = 16,	/* creationTime, recovered apps only */
	KR_TAG_CTIME = 32	/* creationTime, always */
};

struct kr_rel {
	const char *name;	/* "1.5.2" */
	unsigned char appid;	/* enum kr_appid */
	unsigned char found_empty;	/* a key present with "" counts */
	unsigned char autogen;	/* no application ID: generate one */
	unsigned char unique;	/* an ID ending "-uniqueautogen" gets the UID */
	unsigned char ignore;	/* annotation ignore-application honoured */
	unsigned char terminated;	/* enum kr_term */
	unsigned char gates;	/* pods with scheduling gates wait */
	unsigned char user;	/* enum kr_user */
	unsigned char queue;	/* enum kr_queue */
	const char *queue_default;	/* when no queue is given */
	unsigned char tags;	/* KR_TAG_* */
	unsigned char assigned_first;	/* recovery: assigned pods go first */
	unsigned char conf;	/* enum kr_conf */
};

/*
 * The release named "X.Y.Z", or "X.Y" for the last release of that line
 * ("1.5" is 1.5.2); NULL if placekit does not know it.
 */
const struct kr_rel *kr_find(const char *version);
/* Every release name, ", "-separated, for messages. */
const char *kr_names(void);

#endif
