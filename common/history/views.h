/*
 * views.h - role histories for people: the table and the available lists.
 */
#ifndef PK_VIEWS_H
#define PK_VIEWS_H

#include "outbuf.h"
#include "rolehistory.h"

/* A human view: per host and role, counters, last use, availability. */
void rh_write_table(struct rh *, struct ob *);
/* Each role's available list, in order. */
void rh_write_lists(struct rh *, struct ob *);

#endif
