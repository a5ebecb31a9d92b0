/*
 * showtree.h - the queue tree for people: indented text, or Graphviz dot,
 * with leaf/parent, dynamic and draining queues, ACLs as written, and
 * optionally (counts) how many applications were placed in and below
 * each queue, and how many were rejected.
 */
#ifndef PK_SHOWTREE_H
#define PK_SHOWTREE_H

#include "outbuf.h"
#include "queuetree.h"

void pl_show_text(struct ob *, const struct pl_tree *, int counts,
    unsigned long rejected);
void pl_show_dot(struct ob *, const struct pl_tree *, int counts,
    unsigned long rejected);

#endif
