/*
 * jhashmap.c - java.util.HashMap's layout (jhashmap.h): HashMap.putVal,
 * removeNode, resize and treeifyBin, HashMap.TreeNode's treeify,
 * untreeify, putTreeVal, removeTreeNode, split, moveRootToFront and its
 * red-black balancing, as Java 17 has them, on nodes by index (NIL for
 * null). A TreeNode is a node whose tree flag is set; its prev, parent,
 * left, right and red mean what they mean in Java.
 */
#include <stdlib.h>

#include "jhashmap.h"
#include "xalloc.h"

#define NIL	(-1)
#define TREEIFY_THRESHOLD	8
#define UNTREEIFY_THRESHOLD	6
#define MIN_TREEIFY_CAPACITY	64

struct rh_jhm_node {
	const uint16_t *u;
	size_t n;
	int32_t hash;
	int32_t next, prev, parent, left, right;
	uint8_t red, tree;
};

#define E(i)	(m->v[i])

int32_t
rh_jhm_hash(const uint16_t *u, size_t n)
{
	uint32_t h = 0;
	size_t i;

	for (i = 0; i < n; i++)
		h = 31 * h + u[i];
	return (int32_t)(h ^ (h >> 16));
}

/* String.compareTo, the keys' order where their hashes tie. */
static int
compare(const struct rh_jhm *m, int32_t a, int32_t b)
{
	size_t i, n = E(a).n < E(b).n ? E(a).n : E(b).n;

	for (i = 0; i < n; i++)
		if (E(a).u[i] != E(b).u[i])
			return E(a).u[i] < E(b).u[i] ? -1 : 1;
	return E(a).n < E(b).n ? -1 : E(a).n > E(b).n;
}

/* The side of p that x goes to: hash, then String order (never a tie). */
static int
dir_of(const struct rh_jhm *m, int32_t x, int32_t p)
{
	if (E(p).hash > E(x).hash)
		return -1;
	if (E(p).hash < E(x).hash)
		return 1;
	return compare(m, x, p);
}

static int32_t
bin_of(const struct rh_jhm *m, int32_t hash)
{
	return (int32_t)((uint32_t)hash & (uint32_t)(m->tabcap - 1));
}

/* --- TreeNode --- */

static int32_t
root_of(const struct rh_jhm *m, int32_t r)
{
	while (E(r).parent != NIL)
		r = E(r).parent;
	return r;
}

static void
move_root_to_front(struct rh_jhm *m, int32_t root)
{
	int32_t index, first, rn, rp;

	if (root == NIL)
		return;
	index = bin_of(m, E(root).hash);
	first = m->tab[index];
	if (root == first)
		return;
	m->tab[index] = root;
	rp = E(root).prev;
	if ((rn = E(root).next) != NIL)
		E(rn).prev = rp;
	if (rp != NIL)
		E(rp).next = rn;
	if (first != NIL)
		E(first).prev = root;
	E(root).next = first;
	E(root).prev = NIL;
}

static int32_t
rotate_left(struct rh_jhm *m, int32_t root, int32_t p)
{
	int32_t r, pp, rl;

	if (p != NIL && (r = E(p).right) != NIL) {
		if ((rl = E(p).right = E(r).left) != NIL)
			E(rl).parent = p;
		if ((pp = E(r).parent = E(p).parent) == NIL) {
			root = r;
			E(r).red = 0;
		} else if (E(pp).left == p)
			E(pp).left = r;
		else
			E(pp).right = r;
		E(r).left = p;
		E(p).parent = r;
	}
	return root;
}

static int32_t
rotate_right(struct rh_jhm *m, int32_t root, int32_t p)
{
	int32_t l, pp, lr;

	if (p != NIL && (l = E(p).left) != NIL) {
		if ((lr = E(p).left = E(l).right) != NIL)
			E(lr).parent = p;
		if ((pp = E(l).parent = E(p).parent) == NIL) {
			root = l;
			E(l).red = 0;
		} else if (E(pp).right == p)
			E(pp).right = l;
		else
			E(pp).left = l;
		E(l).right = p;
		E(p).parent = l;
	}
	return root;
}

static int32_t
balance_insertion(struct rh_jhm *m, int32_t root, int32_t x)
{
	int32_t xp, xpp, xppl, xppr;

	E(x).red = 1;
	for (;;) {
		if ((xp = E(x).parent) == NIL) {
			E(x).red = 0;
			return x;
		}
		if (!E(xp).red || (xpp = E(xp).parent) == NIL)
			return root;
		if (xp == (xppl = E(xpp).left)) {
			if ((xppr = E(xpp).right) != NIL && E(xppr).red) {
				E(xppr).red = 0;
				E(xp).red = 0;
				E(xpp).red = 1;
				x = xpp;
				continue;
			}
			if (x == E(xp).right) {
				root = rotate_left(m, root, x = xp);
				xpp = (xp = E(x).parent) == NIL ? NIL :
				    E(xp).parent;
			}
			if (xp != NIL) {
				E(xp).red = 0;
				if (xpp != NIL) {
					E(xpp).red = 1;
					root = rotate_right(m, root, xpp);
				}
			}
		} else {
			if (xppl != NIL && E(xppl).red) {
				E(xppl).red = 0;
				E(xp).red = 0;
				E(xpp).red = 1;
				x = xpp;
				continue;
			}
			if (x == E(xp).left) {
				root = rotate_right(m, root, x = xp);
				xpp = (xp = E(x).parent) == NIL ? NIL :
				    E(xp).parent;
			}
			if (xp != NIL) {
				E(xp).red = 0;
				if (xpp != NIL) {
					E(xpp).red = 1;
					root = rotate_left(m, root, xpp);
				}
			}
		}
	}
}

static int
red(const struct rh_jhm *m, int32_t x)
{
	return x != NIL && E(x).red;
}

static int32_t
balance_deletion(struct rh_jhm *m, int32_t root, int32_t x)
{
	int32_t xp, xpl, xpr, sl, sr;

	for (;;) {
		if (x == NIL || x == root)
			return root;
		if ((xp = E(x).parent) == NIL) {
			E(x).red = 0;
			return x;
		}
		if (E(x).red) {
			E(x).red = 0;
			return root;
		}
		if ((xpl = E(xp).left) == x) {
			if ((xpr = E(xp).right) != NIL && E(xpr).red) {
				E(xpr).red = 0;
				E(xp).red = 1;
				root = rotate_left(m, root, xp);
				xpr = (xp = E(x).parent) == NIL ? NIL :
				    E(xp).right;
			}
			if (xpr == NIL) {
				x = xp;
				continue;
			}
			sl = E(xpr).left;
			sr = E(xpr).right;
			if (!red(m, sr) && !red(m, sl)) {
				E(xpr).red = 1;
				x = xp;
				continue;
			}
			if (!red(m, sr)) {
				if (sl != NIL)
					E(sl).red = 0;
				E(xpr).red = 1;
				root = rotate_right(m, root, xpr);
				xpr = (xp = E(x).parent) == NIL ? NIL :
				    E(xp).right;
			}
			if (xpr != NIL) {
				E(xpr).red = xp == NIL ? 0 : E(xp).red;
				if ((sr = E(xpr).right) != NIL)
					E(sr).red = 0;
			}
			if (xp != NIL) {
				E(xp).red = 0;
				root = rotate_left(m, root, xp);
			}
			x = root;
		} else {
			if (xpl != NIL && E(xpl).red) {
				E(xpl).red = 0;
				E(xp).red = 1;
				root = rotate_right(m, root, xp);
				xpl = (xp = E(x).parent) == NIL ? NIL :
				    E(xp).left;
			}
			if (xpl == NIL) {
				x = xp;
				continue;
			}
			sl = E(xpl).left;
			sr = E(xpl).right;
			if (!red(m, sl) && !red(m, sr)) {
				E(xpl).red = 1;
				x = xp;
				continue;
			}
			if (!red(m, sl)) {
				if (sr != NIL)
					E(sr).red = 0;
				E(xpl).red = 1;
				root = rotate_left(m, root, xpl);
				xpl = (xp = E(x).parent) == NIL ? NIL :
				    E(xp).left;
			}
			if (xpl != NIL) {
				E(xpl).red = xp == NIL ? 0 : E(xp).red;
				if ((sl = E(xpl).left) != NIL)
					E(sl).red = 0;
			}
			if (xp != NIL) {
				E(xp).red = 0;
				root = rotate_right(m, root, xp);
			}
			x = root;
		}
	}
}

/* treeify(): the tree of the list from head, its root put first. */
static void
treeify(struct rh_jhm *m, int32_t head)
{
	int32_t root = NIL, x, next, p, xp;
	int dir;

	for (x = head; x != NIL; x = next) {
		next = E(x).next;
		E(x).left = E(x).right = NIL;
		if (root == NIL) {
			E(x).parent = NIL;
			E(x).red = 0;
			root = x;
			continue;
		}
		for (p = root;;) {
			dir = dir_of(m, x, p);
			xp = p;
			if ((p = dir <= 0 ? E(p).left : E(p).right) == NIL) {
				E(x).parent = xp;
				if (dir <= 0)
					E(xp).left = x;
				else
					E(xp).right = x;
				root = balance_insertion(m, root, x);
				break;
			}
		}
	}
	move_root_to_front(m, root);
}

/* untreeify(): plain nodes again, in the same order. */
static int32_t
untreeify(struct rh_jhm *m, int32_t head)
{
	int32_t q;

	for (q = head; q != NIL; q = E(q).next)
		E(q).tree = 0;
	return head;
}

static void
put_tree_val(struct rh_jhm *m, int32_t first, int32_t x)
{
	int32_t root = E(first).parent != NIL ? root_of(m, first) : first;
	int32_t p, xp, xpn;
	int dir;

	for (p = root;;) {
		dir = dir_of(m, x, p);
		xp = p;
		if ((p = dir <= 0 ? E(p).left : E(p).right) == NIL)
			break;
	}
	xpn = E(xp).next;
	E(x).tree = 1;
	E(x).next = xpn;
	if (dir <= 0)
		E(xp).left = x;
	else
		E(xp).right = x;
	E(xp).next = x;
	E(x).parent = E(x).prev = xp;
	if (xpn != NIL)
		E(xpn).prev = x;
	move_root_to_front(m, balance_insertion(m, root, x));
}

static void
remove_tree_node(struct rh_jhm *m, int32_t node)
{
	int32_t index = bin_of(m, E(node).hash);
	int32_t first = m->tab[index], root = first, rl;
	int32_t succ = E(node).next, pred = E(node).prev;
	int32_t p = node, pl = E(node).left, pr = E(node).right, replacement;
	int32_t s, sl, sr, pp, sp, r;
	uint8_t c;

	if (pred == NIL)
		m->tab[index] = first = succ;
	else
		E(pred).next = succ;
	if (succ != NIL)
		E(succ).prev = pred;
	if (first == NIL)
		return;
	if (E(root).parent != NIL)
		root = root_of(m, root);
	if (E(root).right == NIL || (rl = E(root).left) == NIL ||
	    E(rl).left == NIL) {
		m->tab[index] = untreeify(m, first);	/* too small */
		return;
	}
	if (pl != NIL && pr != NIL) {
		s = pr;
		while ((sl = E(s).left) != NIL)		/* the successor */
			s = sl;
		c = E(s).red;
		E(s).red = E(p).red;
		E(p).red = c;
		sr = E(s).right;
		pp = E(p).parent;
		if (s == pr) {
			E(p).parent = s;
			E(s).right = p;
		} else {
			sp = E(s).parent;
			if ((E(p).parent = sp) != NIL) {
				if (s == E(sp).left)
					E(sp).left = p;
				else
					E(sp).right = p;
			}
			if ((E(s).right = pr) != NIL)
				E(pr).parent = s;
		}
		E(p).left = NIL;
		if ((E(p).right = sr) != NIL)
			E(sr).parent = p;
		if ((E(s).left = pl) != NIL)
			E(pl).parent = s;
		if ((E(s).parent = pp) == NIL)
			root = s;
		else if (p == E(pp).left)
			E(pp).left = s;
		else
			E(pp).right = s;
		replacement = sr != NIL ? sr : p;
	} else if (pl != NIL)
		replacement = pl;
	else if (pr != NIL)
		replacement = pr;
	else
		replacement = p;
	if (replacement != p) {
		pp = E(replacement).parent = E(p).parent;
		if (pp == NIL) {
			root = replacement;
			E(replacement).red = 0;
		} else if (p == E(pp).left)
			E(pp).left = replacement;
		else
			E(pp).right = replacement;
		E(p).left = E(p).right = E(p).parent = NIL;
	}
	r = E(p).red ? root : balance_deletion(m, root, replacement);
	if (replacement == p) {			/* detach */
		pp = E(p).parent;
		E(p).parent = NIL;
		if (pp != NIL) {
			if (p == E(pp).left)
				E(pp).left = NIL;
			else if (p == E(pp).right)
				E(pp).right = NIL;
		}
	}
	move_root_to_front(m, r);
}

/* split(): a tree bin of the old table into bins index and index + bit. */
static void
split(struct rh_jhm *m, int32_t b, int32_t index, int32_t bit)
{
	int32_t lohead = NIL, lotail = NIL, hihead = NIL, hitail = NIL;
	int32_t e, next;
	int lc = 0, hc = 0;

	for (e = b; e != NIL; e = next) {
		next = E(e).next;
		E(e).next = NIL;
		if ((E(e).hash & bit) == 0) {
			if ((E(e).prev = lotail) == NIL)
				lohead = e;
			else
				E(lotail).next = e;
			lotail = e;
			lc++;
		} else {
			if ((E(e).prev = hitail) == NIL)
				hihead = e;
			else
				E(hitail).next = e;
			hitail = e;
			hc++;
		}
	}
	if (lohead != NIL) {
		if (lc <= UNTREEIFY_THRESHOLD)
			m->tab[index] = untreeify(m, lohead);
		else {
			m->tab[index] = lohead;
			if (hihead != NIL)	/* else it is the tree still */
				treeify(m, lohead);
		}
	}
	if (hihead != NIL) {
		if (hc <= UNTREEIFY_THRESHOLD)
			m->tab[index + bit] = untreeify(m, hihead);
		else {
			m->tab[index + bit] = hihead;
			if (lohead != NIL)
				treeify(m, hihead);
		}
	}
}

/* --- HashMap --- */

static void
resize(struct rh_jhm *m)
{
	int32_t *old = m->tab, e, next, lohead, lotail, hihead, hitail;
	size_t oldcap = m->tabcap, j;

	m->tabcap = oldcap == 0 ? 16 : oldcap * 2;
	m->threshold = oldcap == 0 ? 12 : m->threshold * 2;
	m->tab = xreallocarray(NULL, m->tabcap, sizeof *m->tab);
	for (j = 0; j < m->tabcap; j++)
		m->tab[j] = NIL;
	for (j = 0; j < oldcap; j++) {
		if ((e = old[j]) == NIL)
			continue;
		if (E(e).next == NIL)
			m->tab[bin_of(m, E(e).hash)] = e;
		else if (E(e).tree)
			split(m, e, (int32_t)j, (int32_t)oldcap);
		else {				/* preserve order */
			lohead = lotail = hihead = hitail = NIL;
			for (; e != NIL; e = next) {
				next = E(e).next;
				if ((E(e).hash & (int32_t)oldcap) == 0) {
					if (lotail == NIL)
						lohead = e;
					else
						E(lotail).next = e;
					lotail = e;
				} else {
					if (hitail == NIL)
						hihead = e;
					else
						E(hitail).next = e;
					hitail = e;
				}
			}
			if (lotail != NIL) {
				E(lotail).next = NIL;
				m->tab[j] = lohead;
			}
			if (hitail != NIL) {
				E(hitail).next = NIL;
				m->tab[j + oldcap] = hihead;
			}
		}
	}
	free(old);
}

static void
treeify_bin(struct rh_jhm *m, int32_t hash)
{
	int32_t e, tl = NIL;

	if (m->tabcap < MIN_TREEIFY_CAPACITY) {
		resize(m);
		return;
	}
	if ((e = m->tab[bin_of(m, hash)]) == NIL)
		return;
	for (; e != NIL; e = E(e).next) {
		E(e).tree = 1;
		E(e).prev = tl;
		tl = e;
	}
	treeify(m, m->tab[bin_of(m, hash)]);
}

void
rh_jhm_put(struct rh_jhm *m, const uint16_t *u, size_t n)
{
	int32_t x = (int32_t)m->n, p, bin;
	int count;

	if (m->n == m->cap)
		xgrow((void **)&m->v, &m->cap, m->n + 1, sizeof *m->v);
	m->n++;
	E(x).u = u;
	E(x).n = n;
	E(x).hash = rh_jhm_hash(u, n);
	E(x).next = E(x).prev = E(x).parent = E(x).left = E(x).right = NIL;
	E(x).red = E(x).tree = 0;
	if (m->tabcap == 0)
		resize(m);
	bin = bin_of(m, E(x).hash);
	if ((p = m->tab[bin]) == NIL)
		m->tab[bin] = x;
	else if (E(p).tree)
		put_tree_val(m, p, x);
	else {
		for (count = 0; E(p).next != NIL; count++)
			p = E(p).next;
		E(p).next = x;
		if (count >= TREEIFY_THRESHOLD - 1)
			treeify_bin(m, E(x).hash);
	}
	if (++m->size > m->threshold)
		resize(m);
}

void
rh_jhm_remove(struct rh_jhm *m, size_t i)
{
	int32_t node = (int32_t)i, index = bin_of(m, E(node).hash), p;

	p = m->tab[index];
	if (E(node).tree)
		remove_tree_node(m, node);
	else if (node == p)
		m->tab[index] = E(node).next;
	else {
		while (E(p).next != node)
			p = E(p).next;
		E(p).next = E(node).next;
	}
	m->size--;
}

size_t
rh_jhm_order(const struct rh_jhm *m, size_t *ids)
{
	size_t j, k = 0;
	int32_t e;

	for (j = 0; j < m->tabcap; j++)
		for (e = m->tab[j]; e != NIL; e = E(e).next)
			ids[k++] = (size_t)e;
	return k;
}

void
rh_jhm_free(struct rh_jhm *m)
{
	free(m->v);
	free(m->tab);
}
