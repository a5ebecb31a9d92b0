/*
 * plvsw.h - what loading a queue configuration does in each YuniKorn
 * release: one row of switches per behaviour class (enum pl_compat) for
 * the YAML decoder, the validator and the queue build at registration.
 * Code asks pl_vsw(c) for a switch; it never compares versions.
 */
#ifndef PK_PLVSW_H
#define PK_PLVSW_H

#include "buf.h"
#include "pl.h"

/* A childtemplate key: unknown, dropped when it does not parse, fatal. */
enum pl_vtmpl { PL_VTMPL_UNKNOWN, PL_VTMPL_DROPPED, PL_VTMPL_FATAL };
/* A statedumpfilepath key: unknown, the file must be creatable, ignored. */
enum pl_vdump { PL_VDUMP_UNKNOWN, PL_VDUMP_CHECKED, PL_VDUMP_IGNORED };
/* The static path of leading fixed rules: not checked, 1.3.0's, 1.4's. */
enum pl_vstatic { PL_VSTATIC_NONE, PL_VSTATIC_130, PL_VSTATIC_14 };
/* A limit against its queue's maximums: not checked, 1.3.0's, 1.4's. */
enum pl_vlimitmax { PL_VLIMITMAX_NONE, PL_VLIMITMAX_130, PL_VLIMITMAX_14 };
/* All-zero maxresources in a limit: allowed, 1.4's IsZero, 1.5's
 * StrictlyGreaterThanZero (each with its text). */
enum pl_vzero { PL_VZERO_NONE, PL_VZERO_14, PL_VZERO_15 };
/* Limits against the same name's limits above: none, 1.4's, 1.5's. */
enum pl_vhier { PL_VHIER_NONE, PL_VHIER_14, PL_VHIER_15 };
/* maxapplications of a parent against its children: none, 1.2's text,
 * 1.4's text, 1.5's two checks. */
enum pl_vmaxapps { PL_VMAXAPPS_NONE, PL_VMAXAPPS_12, PL_VMAXAPPS_14,
	PL_VMAXAPPS_15 };

struct pl_vsw {
	const char *name;		/* the class's first release */

	/* ---- names (the characters besides letters and digits) ---- */
	const char *queue_chars;	/* 1.6 adds : # / @ */
	const char *user_chars;		/* 1.3 adds :, 1.6 # / */
	const char *group_chars;	/* 1.3 adds : . */

	/* ---- YAML decoding ---- */
	unsigned char yaml_v3;		/* 1.4: yaml.v3 (quoted 1.1 booleans,
					   its duplicate-key texts, merges
					   after the keys) */
	unsigned char checksum_key;	/* 0.11 */
	enum pl_vtmpl childtemplate;	/* 0.12 dropped when bad, 1.6 fatal */
	unsigned char resourceweights_key;	/* 0.12 */
	enum pl_vdump statedump;	/* 1.0 checked, 1.2 ignored, 1.5 gone */
	unsigned char resolver_key;	/* 1.8: usergroupresolver */
	unsigned char quotapreemption_key;	/* 1.8 */

	/* ---- the validator ---- */
	unsigned char unique_partitions;	/* 0.12: names unique ignoring
						   case (before: one default) */
	unsigned char max_undef_unlimited;	/* 0.11: a type a max lacks is
						   unlimited; texts print the
						   resources */
	unsigned char guaranteed_undef_unlimited;	/* 1.4: so too against
							   the children's sum */
	unsigned char quantity_units;	/* 1.0: 10Gi, 500m, vcore thousandths */
	enum pl_vmaxapps maxapps;	/* 1.2, 1.4, 1.5 */
	unsigned char limit_list_checks;	/* 1.3: duplicates, wildcards;
						   texts name the limit */
	enum pl_vlimitmax limit_vs_queue_max;	/* 1.3.0, 1.4 */
	enum pl_vzero limit_zero;	/* 1.4, 1.5 */
	enum pl_vhier hier_limits;	/* 1.4, 1.5 */
	unsigned char partition_limits_root;	/* 1.5: equal to root's, which
						   they become; the 1.5 order */
	enum pl_vstatic static_path;	/* 1.3.0, 1.4 */
	unsigned char texts16;		/* 1.6: quoted names in duplicate
					   texts, the queue name text, a line
					   break after "configured queue
					   creation failed: " */

	/* ---- registration ---- */
	unsigned char default_config;	/* 1.2: an empty configuration is the
					   built-in one */
	unsigned char template_maxapps;	/* 1.5: maxapplications alone makes
					   a child template worth parsing */
	unsigned char broken_rules_reject;	/* 1.4: rules that do not build
						   leave none (every application
						   rejected); before, placement
						   is off */
};

const struct pl_vsw *pl_vsw(enum pl_compat);
/*
 * A release as --compat takes it: a release (1.5.2, v1.5.2), a line (1.5:
 * its last release) or latest. Returns 0, or -1 with why in err.
 */
int pl_vsw_compat(const char *, enum pl_compat *, struct buf *err);

#endif
