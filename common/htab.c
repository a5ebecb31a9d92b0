/*
 * htab.c - the hash table and hash function (htab.h).
 */
#include <stdlib.h>
#include <string.h>

#include "htab.h"
#include "xalloc.h"

uint64_t
ht_hash_from(uint64_t h, const void *p, size_t n)
{
	const unsigned char *s = p;

	while (n-- > 0)
		h = ht_step(h, *s++);
	return ht_fin(h);
}

uint64_t
ht_hash(const void *p, size_t n)
{
	return ht_hash_from(HT_SEED, p, n);
}

/* Put (slot, tag) in the first empty slot from its home. */
static void
place(struct ht *t, uint32_t slot, uint32_t tag)
{
	size_t at = (size_t)tag & t->mask;

	while (t->slot[at] != 0)
		at = (at + 1) & t->mask;
	t->slot[at] = slot;
	t->tag[at] = tag;
}

static void
grow(struct ht *t)
{
	size_t i, ocap = t->slot != NULL ? t->mask + 1 : 0;
	size_t ncap = ocap != 0 ? 2 * ocap : 16;
	uint32_t *oslot = t->slot, *otag = t->tag;

	t->slot = xcalloc(ncap, sizeof *t->slot);
	t->tag = xcalloc(ncap, sizeof *t->tag);
	t->mask = ncap - 1;
	for (i = 0; i < ocap; i++)
		if (oslot[i] != 0)
			place(t, oslot[i], otag[i]);
	free(oslot);
	free(otag);
}

void
ht_add(struct ht *t, uint64_t h, uint32_t i)
{
	if (t->slot == NULL || 2 * (t->n + 1) > t->mask + 1)
		grow(t);
	place(t, i + 1, (uint32_t)h);
	t->n++;
}

void
ht_clear(struct ht *t)
{
	if (t->slot != NULL) {
		memset(t->slot, 0, (t->mask + 1) * sizeof *t->slot);
		memset(t->tag, 0, (t->mask + 1) * sizeof *t->tag);
	}
	t->n = 0;
}

void
ht_free(struct ht *t)
{
	free(t->slot);
	free(t->tag);
	t->slot = t->tag = NULL;
	t->mask = t->n = 0;
}
