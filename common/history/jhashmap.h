/*
 * jhashmap.h - java.util.HashMap's layout, for the order it iterates in
 * (sliderread.c: Avro lists the fields a record kept aside in it, as
 * savedFields.keySet() prints them).
 *
 * Java 8 and later keep a table of bins, 16 at first and doubled when the
 * map holds more than three quarters of it; a bin is a list in the order
 * its keys came, until it holds nine and the table 64 or more (a smaller
 * table doubles instead): then a red-black tree by hash and String order
 * whose root goes first in the bin's list, and whose new nodes go after
 * their parent there. Iteration is bin by bin, along the lists. This
 * transcribes putVal, removeNode, resize, treeifyBin and HashMap.TreeNode
 * for String keys (whose order has no ties), so that every layout, and
 * so the order, is Java's.
 *
 * Nodes are the caller's entries by their index, added in order 0, 1, 2,
 * ...; the map keeps a key's units by pointer, which must outlive it.
 * Finding a key is the caller's business: HashMap finds it too.
 */
#ifndef PK_JHASHMAP_H
#define PK_JHASHMAP_H

#include <stddef.h>
#include <stdint.h>

struct rh_jhm_node;

struct rh_jhm {
	struct rh_jhm_node *v;	/* by index */
	size_t n, cap;
	int32_t *tab;		/* bins: first node, -1 if empty */
	size_t tabcap;
	size_t size, threshold;
};

#define RH_JHM_INIT { NULL, 0, 0, NULL, 0, 0, 0 }

/* String.hashCode() of u[0..n), spread as HashMap.hash() spreads it. */
int32_t rh_jhm_hash(const uint16_t *u, size_t n);

/* put(): node m->n, a key not in the map. */
void rh_jhm_put(struct rh_jhm *m, const uint16_t *u, size_t n);
/* remove() of node i, in the map. */
void rh_jhm_remove(struct rh_jhm *m, size_t i);
/* The nodes in iteration order into ids (room for m->size); their count. */
size_t rh_jhm_order(const struct rh_jhm *m, size_t *ids);
void rh_jhm_free(struct rh_jhm *m);

#endif
