/*
 * fuzz_kobj - the object stream reader (ko_read) against json-c reading
 * the whole input: whatever ko_read accepts, json-c must parse too, and
 * the objects handed out must be those json-c finds (a top-level Pod, or
 * the items of a List or PodList), in order. Whatever ko_valid takes for
 * one JSON value, json-c parses as one.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "exitcode.h"
#include "fuzz.h"
#include "kubeobj.h"

struct got {
	struct json_object **o;
	size_t n;
};

static int
keep(void *arg, const struct ko_item *it)
{
	struct got *g = arg;

	g->o = realloc(g->o, (g->n + 1) * sizeof *g->o);
	FUZZ_ASSERT(g->o != NULL);
	g->o[g->n++] = json_object_get(it->obj);
	FUZZ_ASSERT(it->pos.line >= 1 && it->pos.col >= 1);
	return 0;
}

static const char *
kind(struct json_object *o)
{
	struct json_object *k;

	if (!json_object_object_get_ex(o, "kind", &k) ||
	    !json_object_is_type(k, json_type_string))
		return NULL;
	return json_object_get_string(k);
}

/* The objects json-c finds; -1 where ko_read must have failed. */
static int
reference(const char *s, size_t n, struct got *g)
{
	struct json_tokener *tok = json_tokener_new_ex(200);
	size_t off = 0, i;
	int rc = 0;

	json_tokener_set_flags(tok, JSON_TOKENER_STRICT |
	    JSON_TOKENER_ALLOW_TRAILING_CHARS);
	for (;;) {
		struct json_object *o, *items;
		const char *k;

		while (off < n && strchr(" \t\r\n", s[off]) != NULL && s[off])
			off++;
		if (off == n)
			break;
		json_tokener_reset(tok);
		o = json_tokener_parse_ex(tok, s + off, (int)(n - off));
		if (json_tokener_get_error(tok) != json_tokener_success ||
		    !json_object_is_type(o, json_type_object)) {
			json_object_put(o);
			rc = -1;
			break;
		}
		off += json_tokener_get_parse_end(tok);
		if ((k = kind(o)) != NULL && strcmp(k, "Pod") == 0) {
			struct ko_item it = { o, { "x", 1, 1 }, 0 };

			keep(g, &it);
		} else if (k != NULL && (strcmp(k, "List") == 0 ||
		    strcmp(k, "PodList") == 0)) {
			if (json_object_object_get_ex(o, "items", &items) &&
			    json_object_is_type(items, json_type_array))
				for (i = 0; i < json_object_array_length(items); i++) {
					struct json_object *it =
					    json_object_array_get_idx(items, i);
					const char *ik = kind(it);
					struct ko_item ki = { it, { "x", 1, 1 }, i + 1 };

					if (!json_object_is_type(it, json_type_object) ||
					    (ik == NULL ? strcmp(k, "PodList") != 0 :
					    strcmp(ik, "Pod") != 0))
						rc = -1;
					else
						keep(g, &ki);
				}
		} else
			rc = -1;
		json_object_put(o);
		if (rc != 0)
			break;
	}
	json_tokener_free(tok);
	return rc;
}

static void
drop(struct got *g)
{
	size_t i;

	for (i = 0; i < g->n; i++)
		json_object_put(g->o[i]);
	free(g->o);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t n)
{
	struct diag d = DIAG_INIT("fuzz_kobj");
	struct got a = { NULL, 0 }, b = { NULL, 0 };
	char path[64];
	size_t i;
	int fd, rc;

	if ((fd = fuzz_file(data, n, path)) < 0)
		return 0;
	d.sink = diag_drop;
	if (ko_valid((const char *)data, n)) {	/* with a NUL to end a number */
		struct json_tokener *tok = json_tokener_new_ex(200);
		struct json_object *o;
		char *z = malloc(n + 1);

		FUZZ_ASSERT(z != NULL);
		memcpy(z, data, n);
		z[n] = '\0';
		o = json_tokener_parse_ex(tok, z, (int)n + 1);
		FUZZ_ASSERT(json_tokener_get_error(tok) == json_tokener_success);
		json_object_put(o);
		json_tokener_free(tok);
		free(z);
	}
	rc = ko_read(path, "Pod", keep, &a, &d);
	FUZZ_ASSERT(rc == 0 || rc == EXIT_DATAERR);
	FUZZ_ASSERT((rc == 0) == (d.nerr == 0));
	if (rc == 0) {
		FUZZ_ASSERT(reference((const char *)data, n, &b) == 0);
		FUZZ_ASSERT(a.n == b.n);
		for (i = 0; i < a.n; i++)
			FUZZ_ASSERT(json_object_equal(a.o[i], b.o[i]));
	}
	drop(&a);
	drop(&b);
	close(fd);
	return 0;
}
