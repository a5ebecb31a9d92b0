/*
 * plvsw.c - the configuration-loading switches of each YuniKorn release
 * (plvsw.h), and --compat's names for the releases.
 */
#include <stdio.h>

#include "plvsw.h"

#define QUEUE_OLD	"-_"
#define QUEUE_16	"-_:#/@"
#define USER_OLD	"_.@-"
#define USER_13		"_.@-:"
#define USER_16		"_.@-:#/"
#define GROUP_OLD	"_-"
#define GROUP_13	"_-:."

/* What every class from 1.0 has; and from 1.4, 1.5 (names and the
 * childtemplate switch are set by each row). */
#define FROM_10 \
	.checksum_key = 1, .resourceweights_key = 1, \
	.unique_partitions = 1, .max_undef_unlimited = 1, .quantity_units = 1
#define FROM_14 \
	FROM_10, .default_config = 1, .broken_rules_reject = 1, \
	.yaml_v3 = 1, .guaranteed_undef_unlimited = 1, \
	.limit_list_checks = 1, .limit_vs_queue_max = PL_VLIMITMAX_14, \
	.static_path = PL_VSTATIC_14
#define FROM_15 \
	FROM_14, .maxapps = PL_VMAXAPPS_15, .limit_zero = PL_VZERO_15, \
	.hier_limits = PL_VHIER_15, .partition_limits_root = 1, \
	.template_maxapps = 1
#define NAMES(q, u, g) .queue_chars = (q), .user_chars = (u), .group_chars = (g)

static const struct pl_vsw sw[PL_NCOMPAT] = {
	[PL_010] = { .name = "0.10", NAMES(QUEUE_OLD, USER_OLD, GROUP_OLD) },
	[PL_011] = {
		.name = "0.11", NAMES(QUEUE_OLD, USER_OLD, GROUP_OLD),
		.checksum_key = 1, .max_undef_unlimited = 1,
	},
	[PL_012] = {
		.name = "0.12", NAMES(QUEUE_OLD, USER_OLD, GROUP_OLD),
		.checksum_key = 1, .max_undef_unlimited = 1,
		.childtemplate = PL_VTMPL_DROPPED, .resourceweights_key = 1,
		.unique_partitions = 1,
	},
	[PL_10] = {
		.name = "1.0", NAMES(QUEUE_OLD, USER_OLD, GROUP_OLD), FROM_10,
		.childtemplate = PL_VTMPL_DROPPED, .statedump = PL_VDUMP_CHECKED,
	},
	[PL_12] = {
		.name = "1.2", NAMES(QUEUE_OLD, USER_OLD, GROUP_OLD), FROM_10,
		.childtemplate = PL_VTMPL_DROPPED, .statedump = PL_VDUMP_IGNORED,
		.maxapps = PL_VMAXAPPS_12, .default_config = 1,
	},
	[PL_13] = {
		.name = "1.3", NAMES(QUEUE_OLD, USER_13, GROUP_13), FROM_10,
		.childtemplate = PL_VTMPL_DROPPED, .statedump = PL_VDUMP_IGNORED,
		.maxapps = PL_VMAXAPPS_12, .default_config = 1,
		.limit_list_checks = 1, .limit_vs_queue_max = PL_VLIMITMAX_130,
		.static_path = PL_VSTATIC_130,
	},
	[PL_14] = {
		.name = "1.4", NAMES(QUEUE_OLD, USER_13, GROUP_13), FROM_14,
		.childtemplate = PL_VTMPL_DROPPED, .statedump = PL_VDUMP_IGNORED,
		.maxapps = PL_VMAXAPPS_14, .limit_zero = PL_VZERO_14,
		.hier_limits = PL_VHIER_14,
	},
	[PL_150] = {
		.name = "1.5.0", NAMES(QUEUE_OLD, USER_13, GROUP_13), FROM_15,
		.childtemplate = PL_VTMPL_DROPPED,
	},
	[PL_152] = {
		.name = "1.5.2", NAMES(QUEUE_OLD, USER_13, GROUP_13), FROM_15,
		.childtemplate = PL_VTMPL_DROPPED,
	},
	[PL_16] = {
		.name = "1.6", NAMES(QUEUE_16, USER_16, GROUP_13), FROM_15,
		.childtemplate = PL_VTMPL_FATAL, .texts16 = 1,
	},
	[PL_17] = {
		.name = "1.7", NAMES(QUEUE_16, USER_16, GROUP_13), FROM_15,
		.childtemplate = PL_VTMPL_FATAL, .texts16 = 1,
	},
	[PL_18] = {
		.name = "1.8", NAMES(QUEUE_16, USER_16, GROUP_13), FROM_15,
		.childtemplate = PL_VTMPL_FATAL, .texts16 = 1,
		.resolver_key = 1, .quotapreemption_key = 1,
	},
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

const struct pl_vsw *
pl_vsw(enum pl_compat c)
{
	return &sw[c];
}

int
pl_vsw_compat(const char *s, enum pl_compat *c, struct buf *err)
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
