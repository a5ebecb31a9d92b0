/* t_htab - the hash table and hash function of hashtable.c */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hashtable.h"
#include "tap.h"

static char keys[20000][12];

static uint32_t
find(const struct ht *t, const char *k, struct ht_probe *pr)
{
	uint32_t i;

	ht_probe(t, ht_hash(k, strlen(k)), pr);
	while ((i = ht_next(t, pr)) != HT_NONE && strcmp(keys[i], k) != 0)
		;
	return i;
}

int
main(void)
{
	struct ht t = HT_INIT;
	struct ht_probe pr;
	uint64_t h;
	size_t i, bad = 0;
	const char *s = "root.a.b";

	is_int(find(&t, "x", &pr), HT_NONE, "an empty table finds nothing");
	h = HT_SEED;
	for (i = 0; i < strlen(s); i++)
		h = ht_step(h, (unsigned char)s[i]);
	ok(ht_fin(h) == ht_hash(s, strlen(s)), "a byte at a time hashes the same");
	ok(ht_hash_from(ht_step(HT_SEED, 'r'), "oot", 3) == ht_hash("root", 4),
	    "ht_hash_from continues a running hash");
	ok(ht_hash("ab", 2) != ht_hash("ba", 2), "order matters");
	for (i = 0; i < 20000; i++) {
		snprintf(keys[i], sizeof keys[i], "k%zu", i);
		if (find(&t, keys[i], &pr) != HT_NONE)
			bad++;
		ht_add(&t, ht_hash(keys[i], strlen(keys[i])), (uint32_t)i);
	}
	is_int(bad, 0, "20000 new keys were not there");
	is_int(t.n, 20000, "and are counted");
	ok(2 * t.n <= t.mask + 1, "the table is at most half full");
	for (i = 0; i < 20000; i++)
		if (find(&t, keys[i], &pr) != i)
			bad++;
	is_int(bad, 0, "every key is found after the table grew");
	is_int(find(&t, "k20000", &pr), HT_NONE, "an absent key is not");
	ok(find(&t, "k7", &pr) == 7, "found again");
	ht_set(&t, &pr, 19999);
	ok(find(&t, "k19999", &pr) == 19999, "ht_set replaced the index");
	ht_probe(&t, ht_hash("k7", 2), &pr);
	is_int(ht_next(&t, &pr), 19999, "under the old key's hash");
	ht_clear(&t);
	is_int(find(&t, "k1", &pr), HT_NONE, "a cleared table is empty");
	ht_add(&t, ht_hash("k1", 2), 1);
	is_int(find(&t, "k1", &pr), 1, "and usable");
	ht_free(&t);
	is_int(find(&t, "k1", &pr), HT_NONE, "a freed table is empty");
	return tap_done();
}
