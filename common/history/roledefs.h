/*
 * roledefs.h - role definitions from a Slider resources.json.
 */
#ifndef PK_ROLEDEFS_H
#define PK_ROLEDEFS_H

#include "diag.h"
#include "rolehistory.h"

/*
 * Roles from a Slider resources.json: one per component, id from
 * yarn.role.priority (slider-appmaster defaults to 0), desired from
 * yarn.component.instances, policy, failure threshold, escalation and
 * label from the component or "global". Replaces the model's roles and
 * sets roles_given. 0, EXIT_NOINPUT, EXIT_IOERR or EXIT_CONFIG.
 */
int rh_read_resources(struct rh *, const char *path, struct diag *);

#endif
