/*
 * hashtable.c - the hash table and hash function (hashtable.h).
 */
#include <stdlib.h>
#include <string.h>

#include "hashtable.h"
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

/* Put (idx, tag) in the first empty slot from its home. */
static void
place(struct ht *t, uint32_t idx, uint32_t tag)
{
	size_t at = (size_t)tag & t->mask;

	while (t->slot[at].idx != 0)
		at = (at + 1) & t->mask;
	t->slot[at].idx = idx;
	t->slot[at].tag = tag;
}

static void
grow(struct ht *t)
{
	size_t i, ocap = t->slot != NULL ? t->mask + 1 : 0;
	size_t ncap = ocap != 0 ? 2 * ocap : 16;
	struct ht_slot *old = t->slot;

	t->slot = xcalloc(ncap, sizeof *t->slot);
	t->mask = ncap - 1;
	for (i = 0; i < ocap; i++)
		if (old[i].idx != 0)
			place(t, old[i].idx, old[i].tag);
	free(old);
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
	if (t->slot != NULL)
		memset(t->slot, 0, (t->mask + 1) * sizeof *t->slot);
	t->n = 0;
}

void
ht_free(struct ht *t)
{
	free(t->slot);
	t->slot = NULL;
	t->mask = t->n = 0;
}
