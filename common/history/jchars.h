/*
 * jchars.h - Java's character classes where Slider's JSON parser shows
 * them (jackson.c): a token it cannot read runs on over the characters
 * Java takes for part of an identifier.
 */
#ifndef PK_JCHARS_H
#define PK_JCHARS_H

#include <stdint.h>

/* Character.isJavaIdentifierPart(char c), as Java 17 (Unicode 13) says. */
int rh_java_identpart(uint16_t c);

#endif
