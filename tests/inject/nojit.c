/*
 * nojit.c - preloaded by 'make check-valgrind': PCRE2's JIT compiler
 * declines, so patterns run in the interpreter. Valgrind cannot follow
 * JIT-compiled code and reports uninitialised reads inside it that the
 * interpreter, given the same subject, does not make.
 */
#define PCRE2_CODE_UNIT_WIDTH 8
#include <stdint.h>
#include <pcre2.h>

int
pcre2_jit_compile_8(pcre2_code_8 *code, uint32_t options)
{
	(void)code;
	(void)options;
	return PCRE2_ERROR_JIT_BADOPTION;
}
