/*
 * save.h - one save of a history file as the reader found it (its
 * model, and what its header, mapping and footer said), and what becomes
 * of it once the file is read: roles given or mapped, ids remapped by
 * name, entries of unknown roles discarded, then the restart rebuild of
 * a persisted save or rh-compact's purge (reader.h says when each
 * applies). The record reader (records.h) fills a save field by field;
 * rh_save_finish() turns the last complete one into the caller's model.
 */
#ifndef PK_SAVE_H
#define PK_SAVE_H

#include <stddef.h>
#include <stdint.h>

#include "diag.h"
#include "reader.h"
#include "rolehistory.h"

#define RH_NOROLES INT64_MIN	/* a header without "roles" */

struct rh_save {
	struct rh m;		/* the entries, and the stream's records */
	struct pos pos;		/* of its header */
	int64_t saved;		/* header "saved" */
	int64_t hroles;		/* header "roles", RH_NOROLES when absent */
	int is_state;		/* placekit records or counters seen */
	int role_records;	/* placekit.Role records taken */
	int have_map;		/* a RoleHistoryMapping was read */
	struct rh_mapent *map;	/* the mapping: nmap names and their ids */
	size_t nmap, capmap;
	size_t nread;		/* NodeEntryRecords read */
	size_t badrole;		/* entries of ids that cannot be roles */
};

void rh_save_init(struct rh_save *);
void rh_save_free(struct rh_save *);
/* Add name -> id to the mapping (name copied). */
void rh_save_map(struct rh_save *, const char *name, int32_t id);

/*
 * Make the save s, the complete one read from file, the model m (whose
 * given roles, if any, replace the save's), warning at file as reader.h
 * says; s is left empty. Fills info (may be NULL) but its path.
 */
void rh_save_finish(struct rh_save *s, struct rh *m, const char *file,
    const struct rh_loadopt *, struct rh_loadinfo *info, struct diag *);

#endif
