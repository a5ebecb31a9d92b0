/*
 * compat.c - the YuniKorn releases placekit knows and what each does
 * (confmsg.h): one row of switches per behaviour class, and --compat parsing.
 */
#include <stdio.h>

#include "compat.h"

/* Name patterns: the characters besides letters and digits (1.3, 1.6). */
#define NAMES_OLD	.queue_chars = "-_", .user_chars = "_.@-", \
			.group_chars = "_-"
#define NAMES_13	.queue_chars = "-_", .user_chars = "_.@-:", \
			.group_chars = "_-:."
#define NAMES_16	.queue_chars = "-_:#/@", .user_chars = "_.@-:#/", \
			.group_chars = "_-:."

/* The switches that, once on, stay on: by the release that turned them on. */
#define SINCE_011	.checksum_key = 1, .max_undef_unlimited = 1
#define SINCE_012	.resourceweights_key = 1, .unique_partitions = 1
#define SINCE_10	.quantity_units = 1
#define SINCE_12	.default_config = 1
#define SINCE_13	.limit_list_checks = 1
#define SINCE_14	.always_on = 1, .recovery = 1, .yaml_v3 = 1, \
			.guaranteed_undef_unlimited = 1
#define SINCE_15	.partition_limits_root = 1, .template_maxapps = 1
#define SINCE_16	.forced_bypass = 1, .rule_name_checks = 1, \
			.recovery_refused = 1, .user_check_at_submit = 1, \
			.create_cause = 1, .texts16 = 1
#define SINCE_17	.draining_skipped = 1
#define SINCE_18	.resolver_key = 1, .quotapreemption_key = 1

/*
 * The shim's switches, in the order of their fields in struct pl_ver:
 * pod_app, pod_found_empty, pod_autogen, pod_unique, pod_ignore,
 * pod_terminated, pod_gates, pod_user, pod_queue, pod_queue_default,
 * pod_tags, pod_assigned_first, configmaps. Within a class every release's
 * shim behaves alike; one line a class, so the table reads as one.
 */
#define SHIM(app, empty, autogen, unique, ignore, term, gates, user, queue, \
    qdefault, tags, first, cm) \
	.pod_app = app, .pod_found_empty = empty, .pod_autogen = autogen, \
	.pod_unique = unique, .pod_ignore = ignore, .pod_terminated = term, \
	.pod_gates = gates, .pod_user = user, .pod_queue = queue, \
	.pod_queue_default = qdefault, .pod_tags = tags, \
	.pod_assigned_first = first, .configmaps = cm
#define A	PL_PODAPP_ANNOT
#define C	PL_PODAPP_CANONICAL
#define TK	PL_PODTERM_KEPT
#define TA	PL_PODTERM_ASSIGNED
#define TS	PL_PODTERM_SKIPPED
#define SA	PL_PODUSER_SA
#define UL	PL_PODUSER_LABEL
#define UI	PL_PODUSER_INFO
#define QL	PL_PODQUEUE_LABEL
#define QA	PL_PODQUEUE_ANNOT
#define QC	PL_PODQUEUE_CANONICAL
#define SB	"root.sandbox"
#define RD	"root.default"
#define T012	PL_PODTAG_STATEAWARE
#define T10	(T012 | PL_PODTAG_GANG | PL_PODTAG_CTIME_RECOVERY)
#define T12	(T10 | PL_PODTAG_PULLSECRETS)
#define T15	(T012 | PL_PODTAG_GANG | PL_PODTAG_PULLSECRETS | PL_PODTAG_CTIME)
#define T16	(PL_PODTAG_GANG | PL_PODTAG_PULLSECRETS | PL_PODTAG_FORCE | \
	PL_PODTAG_CTIME)
#define SHIM_010 SHIM(A, 1, 0, 0, 0, TK, 0, SA, QL, SB, 0,    1, PL_CM_FILE)
#define SHIM_011 SHIM(A, 1, 0, 0, 0, TK, 0, UL, QL, SB, 0,    1, PL_CM_FILE)
#define SHIM_012 SHIM(A, 1, 0, 0, 0, TK, 0, UL, QL, SB, T012, 1, PL_CM_FILE)
#define SHIM_10  SHIM(A, 1, 0, 0, 0, TK, 0, UL, QA, SB, T10,  1, PL_CM_FILE)
#define SHIM_12  SHIM(A, 0, 0, 0, 0, TK, 0, UI, QA, SB, T12,  1, PL_CM_DATA)
#define SHIM_13  SHIM(A, 0, 0, 0, 1, TA, 0, UI, QA, SB, T12,  1, PL_CM_DATA)
#define SHIM_14  SHIM(A, 0, 1, 0, 0, TA, 0, UI, QA, SB, T12,  1, PL_CM_GZ64)
#define SHIM_150 SHIM(A, 0, 1, 1, 0, TS, 0, UI, QA, RD, T15,  0, PL_CM_GZ)
#define SHIM_152 SHIM(A, 0, 1, 1, 0, TS, 0, UI, QA, "", T15,  0, PL_CM_GZ)
#define SHIM_16  SHIM(C, 0, 1, 1, 0, TS, 0, UI, QC, "", T16,  0, PL_CM_GZ)
#define SHIM_17  SHIM(C, 0, 1, 1, 0, TS, 1, UI, QC, "", T16,  0, PL_CM_GZ)

/* One row a class: the switches it has, then those that change again. */
const struct pl_ver pl_versions[PL_NCOMPAT] = {
	[PL_010] = { .name = "0.10", NAMES_OLD, .placement_typo = 1,
		SHIM_010 },
	[PL_011] = { .name = "0.11", NAMES_OLD, .placement_typo = 1, SINCE_011,
		SHIM_011 },
	[PL_012] = { .name = "0.12", NAMES_OLD, .placement_typo = 1, SINCE_011,
		SINCE_012, .childtemplate = PL_TEMPLATE_IGNORED, SHIM_012 },
	[PL_10] = { .name = "1.0", NAMES_OLD, SINCE_011, SINCE_012, SINCE_10,
		.childtemplate = PL_TEMPLATE_IGNORED,
		.statedump = PL_STATEDUMP_CHECKED, SHIM_10 },
	[PL_12] = { .name = "1.2", NAMES_OLD, SINCE_011, SINCE_012, SINCE_10,
		SINCE_12, .childtemplate = PL_TEMPLATE_IGNORED,
		.statedump = PL_STATEDUMP_IGNORED, .maxapps = PL_MAXAPPS_12,
		SHIM_12 },
	[PL_13] = { .name = "1.3", NAMES_13, SINCE_011, SINCE_012, SINCE_10,
		SINCE_12, SINCE_13, .childtemplate = PL_TEMPLATE_IGNORED,
		.statedump = PL_STATEDUMP_IGNORED, .static_path = PL_STATIC_130,
		.maxapps = PL_MAXAPPS_12, .limit_vs_queue_max = PL_LIMITMAX_130,
		SHIM_13 },
	[PL_14] = { .name = "1.4", NAMES_13, SINCE_011, SINCE_012, SINCE_10,
		SINCE_12, SINCE_13, SINCE_14, .childtemplate = PL_TEMPLATE_IGNORED,
		.statedump = PL_STATEDUMP_IGNORED, .static_path = PL_STATIC_14,
		.maxapps = PL_MAXAPPS_14, .limit_vs_queue_max = PL_LIMITMAX_14,
		.limit_zero = PL_LIMITZERO_14, .hier_limits = PL_HIERLIMITS_14,
		SHIM_14 },
	[PL_150] = { .name = "1.5.0", NAMES_13, SINCE_011, SINCE_012, SINCE_10,
		SINCE_12, SINCE_13, SINCE_14, SINCE_15,
		.childtemplate = PL_TEMPLATE_IGNORED, .static_path = PL_STATIC_14,
		.maxapps = PL_MAXAPPS_15, .limit_vs_queue_max = PL_LIMITMAX_14,
		.limit_zero = PL_LIMITZERO_15, .hier_limits = PL_HIERLIMITS_15,
		SHIM_150 },
	[PL_152] = { .name = "1.5.2", NAMES_13, SINCE_011, SINCE_012, SINCE_10,
		SINCE_12, SINCE_13, SINCE_14, SINCE_15,
		.childtemplate = PL_TEMPLATE_IGNORED, .static_path = PL_STATIC_14,
		.maxapps = PL_MAXAPPS_15, .limit_vs_queue_max = PL_LIMITMAX_14,
		.limit_zero = PL_LIMITZERO_15, .hier_limits = PL_HIERLIMITS_15,
		.fallback = PL_FALLBACK_NO_ACL,
		SHIM_152 },
	[PL_16] = { .name = "1.6", NAMES_16, SINCE_011, SINCE_012, SINCE_10,
		SINCE_12, SINCE_13, SINCE_14, SINCE_15, SINCE_16,
		.childtemplate = PL_TEMPLATE_FATAL, .static_path = PL_STATIC_14,
		.maxapps = PL_MAXAPPS_15, .limit_vs_queue_max = PL_LIMITMAX_14,
		.limit_zero = PL_LIMITZERO_15, .hier_limits = PL_HIERLIMITS_15,
		.fallback = PL_FALLBACK_ACL,
		SHIM_16 },
	[PL_17] = { .name = "1.7", NAMES_16, SINCE_011, SINCE_012, SINCE_10,
		SINCE_12, SINCE_13, SINCE_14, SINCE_15, SINCE_16, SINCE_17,
		.childtemplate = PL_TEMPLATE_FATAL, .static_path = PL_STATIC_14,
		.maxapps = PL_MAXAPPS_15, .limit_vs_queue_max = PL_LIMITMAX_14,
		.limit_zero = PL_LIMITZERO_15, .hier_limits = PL_HIERLIMITS_15,
		.fallback = PL_FALLBACK_ACL,
		SHIM_17 },
	[PL_18] = { .name = "1.8", NAMES_16, SINCE_011, SINCE_012, SINCE_10,
		SINCE_12, SINCE_13, SINCE_14, SINCE_15, SINCE_16, SINCE_17,
		SINCE_18, .childtemplate = PL_TEMPLATE_FATAL,
		.static_path = PL_STATIC_14, .maxapps = PL_MAXAPPS_15,
		.limit_vs_queue_max = PL_LIMITMAX_14,
		.limit_zero = PL_LIMITZERO_15, .hier_limits = PL_HIERLIMITS_15,
		.fallback = PL_FALLBACK_ACL,
		SHIM_17 },
};

/* Every release tag, oldest first (there is no 0.12.0). */
static const struct {
	const char *name;
	enum pl_compat c;
} rel[] = {
	{ "0.10.0", PL_010 }, { "0.11.0", PL_011 }, { "0.12.1", PL_012 },
	{ "0.12.2", PL_012 }, { "1.0.0", PL_10 }, { "1.1.0", PL_10 },
	{ "1.2.0", PL_12 }, { "1.3.0", PL_13 }, { "1.4.0", PL_14 },
	{ "1.5.0", PL_150 }, { "1.5.1", PL_150 }, { "1.5.2", PL_152 },
	{ "1.6.0", PL_16 }, { "1.6.1", PL_16 }, { "1.6.2", PL_16 },
	{ "1.6.3", PL_16 }, { "1.7.0", PL_17 }, { "1.8.0", PL_18 },
};
#define NREL (sizeof rel / sizeof rel[0])

int
pl_compat_parse(const char *s, enum pl_compat *c, struct buf *err)
{
	const char *arg = s;
	size_t i, n;
	int found = -1;

	if (strcmp(s, "latest") == 0) {
		*c = rel[NREL - 1].c;
		return 0;
	}
	if (*s == 'v')
		s++;
	n = strlen(s);
	for (i = 0; i < NREL; i++)
		if (strcmp(s, rel[i].name) == 0 || (n > 0 &&
		    strncmp(s, rel[i].name, n) == 0 && rel[i].name[n] == '.' &&
		    strchr(rel[i].name + n + 1, '.') == NULL))
			found = (int)i;	/* a line: its last release */
	if (found >= 0) {
		*c = rel[found].c;
		return 0;
	}
	buf_clear(err);
	buf_printf(err, "unknown YuniKorn version '%s'; known are", arg);
	for (i = 0; i < NREL; i++)
		buf_printf(err, " %s", rel[i].name);
	buf_printf(err, ", a line such as 1.5 (its last release) and latest "
	    "(%s)", rel[NREL - 1].name);
	return -1;
}
