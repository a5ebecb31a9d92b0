/*
 * suggest.h - "did you mean": the known name closest to a word that is
 * not one, for messages about unknown names.
 */
#ifndef PK_SUGGEST_H
#define PK_SUGGEST_H

#include <stddef.h>

/*
 * Of the n names (NULL ones skipped), the one word most likely stands
 * for: a name it begins (at least two bytes), else the nearest by edit
 * distance (insertions, deletions, substitutions and swaps of two bytes
 * next to each other), if at most a third of its length away. NULL when
 * none is close or the closest is word itself; ties go to the first.
 * Case is ignored for ASCII.
 */
const char *sg_closest(const char *word, const char *const *names, size_t n);

#endif
