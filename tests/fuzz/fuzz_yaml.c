/*
 * fuzz_yaml - the safe YAML loader (yl_*), from a string and from a file.
 *
 * Both must agree. A loaded tree must be well formed: children present,
 * scalars NUL-terminated, each node's weight one more than its children's,
 * no duplicate scalar keys, every key found again by yl_get().
 */
#include <string.h>
#include <unistd.h>

#include "exitcode.h"
#include "fuzz.h"
#include "yamlload.h"

static void
check_node(const struct yl_node *n)
{
	unsigned long w = 1;
	size_t i, nkids;

	FUZZ_ASSERT(n->line >= 1 && n->col >= 1);
	switch (n->kind) {
	case YL_SCALAR:
		FUZZ_ASSERT(n->str != NULL && n->str[n->len] == '\0');
		FUZZ_ASSERT(n->n == 0 && n->weight == 1);
		(void)yl_is_null(n);
		return;
	case YL_SEQ:
		nkids = n->n;
		break;
	case YL_MAP:
		nkids = 2 * n->n;
		break;
	default:
		FUZZ_ASSERT(!"bad node kind");
	}
	FUZZ_ASSERT(nkids == 0 || n->kids != NULL);
	for (i = 0; i < nkids; i++) {
		FUZZ_ASSERT(n->kids[i] != NULL);
		w += n->kids[i]->weight;
	}
	FUZZ_ASSERT(n->weight == w);
	if (n->kind != YL_MAP)
		return;
	for (i = 0; i < n->n && i < 64; i++) {	/* yl_get() is linear */
		const struct yl_node *k = n->kids[2 * i];
		size_t j;

		if (k->kind != YL_SCALAR)
			continue;
		for (j = 0; j < i; j++) {
			const struct yl_node *o = n->kids[2 * j];

			FUZZ_ASSERT(o->kind != YL_SCALAR || o->len != k->len ||
			    memcmp(o->str, k->str, k->len) != 0);
		}
		if (strlen(k->str) == k->len)
			FUZZ_ASSERT(yl_get(n, k->str) == n->kids[2 * i + 1]);
	}
}

static void
check_doc(const struct yl_doc *doc)
{
	size_t i;

	FUZZ_ASSERT(doc->root == NULL || doc->nall > 0);
	for (i = 0; i < doc->nall; i++)
		check_node(doc->all[i]);
	if (doc->root != NULL)
		FUZZ_ASSERT(doc->root->weight <= doc->nall + YL_MAXNODES);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct diag d = DIAG_INIT("fuzz_yaml");
	struct yl_doc a, b;
	char path[64];
	int ra, rb, fd;

	ra = yl_load_string(&a, "fuzz", (const char *)data, size, &d, EXIT_CONFIG);
	if (ra == 0) {
		check_doc(&a);
		FUZZ_ASSERT(d.nerr == 0);
	} else
		FUZZ_ASSERT(d.nerr > 0 && a.nall == 0 && a.root == NULL);

	if ((fd = fuzz_file(data, size, path)) >= 0) {
		rb = yl_load_file(&b, path, &d, EXIT_CONFIG);
		FUZZ_ASSERT(rb == ra);
		if (rb == 0) {
			FUZZ_ASSERT(b.nall == a.nall);
			yl_free(&b);
		}
		close(fd);
	}
	if (ra == 0)
		yl_free(&a);
	return 0;
}
