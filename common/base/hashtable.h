/*
 * hashtable.h - the one hash table of placekit, and its hash function.
 *
 * A table maps keys to indexes into an array the caller owns. It keeps
 * no keys: each slot holds an index and part of its key's hash, and the
 * caller compares the candidates it is handed, so one table serves every
 * kind of key (host names, queue paths, YAML keys, anchors):
 *
 *	uint64_t h = ht_hash(key, n);
 *	struct ht_probe pr;
 *	uint32_t i;
 *
 *	ht_probe(t, h, &pr);
 *	while ((i = ht_next(t, &pr)) != HT_NONE && !same(&array[i], key, n))
 *		;
 *	if (i == HT_NONE)
 *		ht_add(t, h, new_index);	(or ht_set(t, &pr, i) to replace)
 *
 * Open addressing with linear probing, at most half full; no removal.
 * A key's home slot is its hash's low bits, which the slot keeps (as a
 * 32-bit tag that also filters candidates), so growing needs no keys.
 * Indexes are below HT_NONE. Memory: 8 bytes a slot, 2 to 4 slots a key.
 *
 * The hash is 64-bit FNV-1a with a final mix, also usable a byte at a
 * time (ht_step) for a key built incrementally, e.g. every prefix of a
 * path: ht_fin(h) after the bytes equals ht_hash of them.
 */
#ifndef PK_HASHTABLE_H
#define PK_HASHTABLE_H

#include <stddef.h>
#include <stdint.h>

#define HT_NONE UINT32_MAX
#define HT_SEED UINT64_C(14695981039346656037)

/* A slot: side by side, so that a probe reads one cache line. */
struct ht_slot {
	uint32_t idx;		/* index + 1; 0: empty */
	uint32_t tag;		/* the low half of the key's hash */
};

struct ht {
	struct ht_slot *slot;
	size_t mask;		/* slots - 1 (0 while there are none) */
	size_t n;		/* keys */
};

/* Where a lookup stands; ht_set replaces what ht_next last handed out. */
struct ht_probe {
	uint32_t tag;
	size_t at;
	int started;
};

#define HT_INIT { NULL, 0, 0 }

static inline uint64_t
ht_step(uint64_t h, unsigned char c)
{
	return (h ^ c) * UINT64_C(1099511628211);
}

static inline uint64_t
ht_fin(uint64_t h)
{
	return h ^ (h >> 29);
}

uint64_t ht_hash(const void *, size_t);
/* The hash of a seed's bytes followed by these (seed: HT_SEED or a
 * running value of ht_step, not a finished hash). */
uint64_t ht_hash_from(uint64_t seed, const void *, size_t);

static inline void
ht_probe(const struct ht *t, uint64_t h, struct ht_probe *p)
{
	p->tag = (uint32_t)h;
	p->at = (size_t)p->tag & t->mask;
	p->started = 0;
}

/* The next candidate index for the probe's hash, or HT_NONE. */
static inline uint32_t
ht_next(const struct ht *t, struct ht_probe *p)
{
	if (t->slot == NULL)
		return HT_NONE;
	if (p->started)
		p->at = (p->at + 1) & t->mask;
	p->started = 1;
	for (; t->slot[p->at].idx != 0; p->at = (p->at + 1) & t->mask)
		if (t->slot[p->at].tag == p->tag)
			return t->slot[p->at].idx - 1;
	return HT_NONE;
}

/*
 * A hint that the memory at p is wanted soon: lookups of many keys, each
 * waiting for memory, go faster when all of it is asked for first. The
 * home slot of h, for one.
 */
#if defined(__GNUC__)
#define HT_PREFETCH(p) __builtin_prefetch(p)
#else
#define HT_PREFETCH(p) ((void)(p))
#endif
static inline void
ht_prefetch(const struct ht *t, uint64_t h)
{
	if (t->slot != NULL)
		HT_PREFETCH(&t->slot[(uint32_t)h & t->mask]);
}

/* Add index i under hash h (the caller knows its key is not there). */
void ht_add(struct ht *, uint64_t h, uint32_t i);
/* Replace the index ht_next last returned. */
static inline void
ht_set(struct ht *t, const struct ht_probe *p, uint32_t i)
{
	t->slot[p->at].idx = i + 1;
}
void ht_clear(struct ht *);
void ht_free(struct ht *);

#endif
