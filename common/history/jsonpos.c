/*
 * jsonpos.c - JSON helpers for the role-history readers: positions of
 * members inside a value that json-c already accepted.
 */
#include <string.h>

#include "jsonpos.h"

static size_t
skip_ws(const char *t, size_t len, size_t i)
{
	while (i < len && (t[i] == ' ' || t[i] == '\t' || t[i] == '\r' ||
	    t[i] == '\n'))
		i++;
	return i;
}

/* t[i] is '"': the index after the closing quote. */
static size_t
skip_string(const char *t, size_t len, size_t i)
{
	for (i++; i < len && t[i] != '"'; i++)
		if (t[i] == '\\')
			i++;
	return i < len ? i + 1 : len;
}

static size_t
skip_value(const char *t, size_t len, size_t i)
{
	unsigned depth = 0;

	do {
		if (i >= len)
			return len;
		switch (t[i]) {
		case '"':
			i = skip_string(t, len, i);
			continue;
		case '{': case '[':
			depth++;
			break;
		case '}': case ']':
			if (depth == 0)
				return i;
			depth--;
			break;
		case ',':
			if (depth == 0)
				return i;
			break;
		}
		i++;
	} while (depth > 0 || (i < len && t[i] != ',' && t[i] != '}' &&
	    t[i] != ']' && t[i] != ' ' && t[i] != '\n' && t[i] != '\t' &&
	    t[i] != '\r'));
	return i;
}

size_t
rh_json_locate(const char *text, size_t len, const char *const *path, size_t n,
    int want_key)
{
	size_t i = skip_ws(text, len, 0), found = 0, k;

	for (k = 0; k < n; k++) {
		size_t klen = strlen(path[k]);

		if (i >= len || text[i] != '{')
			return found;
		i = skip_ws(text, len, i + 1);
		for (;;) {
			size_t ks = i, ke;

			if (i >= len || text[i] != '"')
				return found;
			ke = skip_string(text, len, i);
			i = skip_ws(text, len, ke);
			if (i < len && text[i] == ':')
				i = skip_ws(text, len, i + 1);
			if (ke - ks == klen + 2 && memcmp(text + ks + 1, path[k],
			    klen) == 0) {
				found = want_key && k + 1 == n ? ks : i;
				break;
			}
			i = skip_ws(text, len, skip_value(text, len, i));
			if (i >= len || text[i] != ',')
				return found;
			i = skip_ws(text, len, i + 1);
		}
	}
	return found;
}

struct pos
rh_json_pos(const struct nj_value *v, size_t off)
{
	struct pos p = v->pos;

	nj_pos_advance(&p, v->text, off > v->len ? v->len : off);
	return p;
}

struct pos
rh_json_member(const struct nj_value *v, const char *const *path, size_t n,
    int want_key)
{
	return rh_json_pos(v, rh_json_locate(v->text, v->len, path, n, want_key));
}
