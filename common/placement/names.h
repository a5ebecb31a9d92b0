/*
 * names.h - YuniKorn's name rules, exactly: the queue, user, group, ACL
 * and rule name patterns of each version, dot replacement, and the case
 * handling Go's strings.ToLower, strings.EqualFold and strconv.ParseBool
 * give the scheduler. Pure functions on counted strings.
 */
#ifndef PK_NAMES_H
#define PK_NAMES_H

#include <stddef.h>

#include "compat.h"

#define PL_NAME_MAX 64		/* longest queue name element */

/* One queue name element: ^[a-zA-Z0-9_-]{1,64}$, 1.6 adds : # / @. */
int pl_queue_name_ok(const char *, size_t, enum pl_compat);
/* Every dot-separated element of a path is a valid queue name. */
int pl_queue_path_ok(const char *, size_t, enum pl_compat);
/* User names: ^[_a-zA-Z][a-zA-Z0-9_.@-]*[$]?$, 1.3 adds :, 1.6 # and /. */
int pl_user_name_ok(const char *, size_t, enum pl_compat);
/* Group names: ^[_a-zA-Z][a-zA-Z0-9_-]*$, 1.3 adds : and . */
int pl_group_name_ok(const char *, size_t, enum pl_compat);
/* ACL names use the old patterns in every version. */
int pl_acl_user_ok(const char *, size_t);
int pl_acl_group_ok(const char *, size_t);
/* Rule names are Go identifiers: ^[_a-zA-Z][a-zA-Z0-9_]*$. */
int pl_rule_name_ok(const char *, size_t);
/* Holds a character that makes a single filter entry a regexp: ^$*+?()[{}| */
int pl_regex_special(const char *, size_t);

/* Append s with every '.' replaced by "_dot_". */
void pl_dot_replace(struct buf *, const char *, size_t);
/* Append s lower-cased as Go does for the names that can matter (ASCII, and
 * U+212A KELVIN SIGN, which lower-cases to an ASCII 'k'). */
void pl_lower(struct buf *, const char *, size_t);
/* Go's strings.EqualFold for ASCII, plus the two non-ASCII letters that fold
 * to ASCII (U+017F long s, U+212A Kelvin sign); other bytes compare exactly. */
int pl_fold_eq(const char *, size_t, const char *, size_t);
/* Go's strconv.ParseBool: 1 true, 0 false, -1 not a boolean. */
int pl_parse_bool(const char *, size_t);

#endif
