/*
 * showtree.c - printing the queue tree (showtree.h).
 */
#include <stdlib.h>
#include <string.h>

#include "jsonwrite.h"
#include "showtree.h"
#include "utf8.h"
#include "xalloc.h"

static void
line(struct ob *o, const struct pl_queue *q, size_t depth, const uint64_t *n)
{
	size_t i;

	for (i = 0; i < depth; i++)
		ob_write(o, "  ", 2);
	ob_text(o, q->name, strlen(q->name));
	ob_puts(o, q->leaf ? " (leaf" : " (parent");
	if (q->dynamic)
		ob_puts(o, q->recovery ? ", recovery" : ", dynamic");
	if (q->draining)
		ob_puts(o, ", draining");
	ob_putc(o, ')');
	if (q->conf != NULL && q->conf->submit_text != NULL) {
		ob_puts(o, " submitacl=");
		jw_escape(o, q->conf->submit_text, strlen(q->conf->submit_text));
	}
	if (q->conf != NULL && q->conf->admin_text != NULL) {
		ob_puts(o, " adminacl=");
		jw_escape(o, q->conf->admin_text, strlen(q->conf->admin_text));
	}
	if (n != NULL) {
		ob_puts(o, " apps=");
		ob_u64(o, n[q->idx]);
	}
	ob_putc(o, '\n');
}

void
pl_show_text(struct ob *o, const struct pl_tree *t, int counts,
    unsigned long rejected)
{
	uint64_t *n = counts ? pl_tree_totals(t) : NULL;
	const struct pl_queue *q = t->root;
	size_t depth = 0;

	while (q != NULL) {		/* depth first, without recursion */
		line(o, q, depth, n);
		if (q->kids != NULL) {
			q = q->kids;
			depth++;
			continue;
		}
		while (q != NULL && q->next == NULL) {
			q = q->parent;
			depth--;
		}
		if (q != NULL)
			q = q->next;
	}
	if (counts) {		/* in no queue; no queue name has parentheses */
		ob_puts(o, "(rejected) apps=");
		ob_u64(o, rejected);
		ob_putc(o, '\n');
	}
	free(n);
}

/*
 * A DOT string: quotes and backslashes escaped, a newline a line break,
 * other control characters and invalid UTF-8 shown as \xHH.
 */
static void
dotstr(struct ob *o, const char *s)
{
	size_t n = strlen(s), i, k;

	for (i = 0; i < n; i += k) {
		unsigned char c = (unsigned char)s[i];

		k = 1;
		if (c == '"' || c == '\\') {
			ob_putc(o, '\\');
			ob_putc(o, (char)c);
		} else if (c == '\n')
			ob_puts(o, "\\n");
		else if (c < 0x20 || c == 0x7f ||
		    (c >= 0x80 && (k = u8_seq(s + i, n - i)) == 0)) {
			ob_printf(o, "\\\\x%02x", c);
			k = 1;
		} else
			ob_write(o, s + i, k);
	}
}

void
pl_show_dot(struct ob *o, const struct pl_tree *t, int counts,
    unsigned long rejected)
{
	uint64_t *n = counts ? pl_tree_totals(t) : NULL;
	size_t i;

	ob_puts(o, "digraph queues {\n"
	    "\tnode [shape=box, fontname=\"monospace\"];\n");
	for (i = 0; i < t->nall; i++) {
		const struct pl_queue *q = t->all[i];

		ob_puts(o, "\t\"");
		dotstr(o, q->path);
		ob_puts(o, "\" [label=\"");
		dotstr(o, q->name);
		ob_puts(o, q->leaf ? "\\nleaf" : "\\nparent");
		if (q->conf != NULL && q->conf->submit_text != NULL) {
			ob_puts(o, "\\nsubmit: ");
			dotstr(o, q->conf->submit_text);
		}
		if (q->conf != NULL && q->conf->admin_text != NULL) {
			ob_puts(o, "\\nadmin: ");
			dotstr(o, q->conf->admin_text);
		}
		if (n != NULL) {
			ob_puts(o, "\\napps: ");
			ob_u64(o, n[q->idx]);
		}
		ob_putc(o, '"');
		if (q->dynamic)
			ob_puts(o, ", style=dashed");
		if (q->draining)
			ob_puts(o, ", color=gray");
		ob_puts(o, "];\n");
		if (q->parent != NULL) {
			ob_puts(o, "\t\"");
			dotstr(o, q->parent->path);
			ob_puts(o, "\" -> \"");
			dotstr(o, q->path);
			ob_puts(o, "\";\n");
		}
	}
	if (counts) {
		ob_puts(o, "\t\"(rejected)\" [label=\"rejected\\napps: ");
		ob_u64(o, rejected);
		ob_puts(o, "\", shape=note];\n");
	}
	ob_puts(o, "}\n");
	free(n);
}
