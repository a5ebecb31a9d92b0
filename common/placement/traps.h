/*
 * traps.h - what placectl check warns about: configurations the scheduler
 * accepts that do not do what they seem to (placectl(1), TRAPS): filter
 * type DENY, unanchored and single-entry regular expressions, filter and
 * ACL entries dropped silently, filters that match nobody, rules that can
 * never match or always fail, rules after a catch-all, ACLs that cannot
 * restrict what a parent grants, and a tree where nobody may submit.
 */
#ifndef PK_TRAPS_H
#define PK_TRAPS_H

#include "diag.h"
#include "partition.h"

/* Warn about every trap in a loaded partition; returns how many. */
unsigned long pl_traps(struct pl_part *, struct diag *);

#endif
