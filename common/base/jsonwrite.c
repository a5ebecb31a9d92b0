/*
 * jsonwrite.c - the JSON writer: compact, escaped, exact integers.
 */
#include "jsonlex.h"
#include "jsonwrite.h"

void
jw_init(struct jw *w, struct ob *o)
{
	w->o = o;
	w->depth = 0;
	w->need_comma[0] = 0;
}

/* Before any value or key: a comma if a sibling came first. */
static void
sep(struct jw *w)
{
	if (w->need_comma[w->depth])
		ob_putc(w->o, ',');
	w->need_comma[w->depth] = 1;
}

static void
open(struct jw *w, char c, char closer)
{
	sep(w);
	ob_putc(w->o, c);
	if (w->depth < JW_MAXDEPTH)
		w->depth++;
	w->need_comma[w->depth] = 0;
	w->closer[w->depth] = closer;
}

void
jw_obj(struct jw *w)
{
	open(w, '{', '}');
}

void
jw_arr(struct jw *w)
{
	open(w, '[', ']');
}

void
jw_end(struct jw *w)
{
	if (w->depth == 0)
		return;
	ob_putc(w->o, w->closer[w->depth]);
	w->depth--;
}

void
jw_key(struct jw *w, const char *k)
{
	sep(w);
	jw_escape(w->o, k, strlen(k));
	ob_putc(w->o, ':');
	/* The value must not print a comma; its own sep() re-arms one. */
	w->need_comma[w->depth] = 0;
}

void
jw_str(struct jw *w, const char *s)
{
	sep(w);
	jw_escape(w->o, s, strlen(s));
}

void
jw_strn(struct jw *w, const char *s, size_t n)
{
	sep(w);
	jw_escape(w->o, s, n);
}

void
jw_int(struct jw *w, int64_t v)
{
	sep(w);
	ob_i64(w->o, v);
}

void
jw_bool(struct jw *w, int b)
{
	sep(w);
	if (b)
		ob_write(w->o, "true", 4);
	else
		ob_write(w->o, "false", 5);
}

void
jw_null(struct jw *w)
{
	sep(w);
	ob_write(w->o, "null", 4);
}

void
jw_raw(struct jw *w, const char *p, size_t n)
{
	sep(w);
	ob_write(w->o, p, n);
}

void
jw_json(struct jw *w, struct json_object *v)
{
	size_t n;
	const char *s;

	if (json_object_is_type(v, json_type_string)) {
		jw_strn(w, json_object_get_string(v),
		    (size_t)json_object_get_string_len(v));
		return;
	}
	s = json_object_to_json_string_length(v,
	    JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE, &n);
	jw_raw(w, s, n);
}

void
jw_nl(struct jw *w)
{
	ob_putc(w->o, '\n');
	w->depth = 0;
	w->need_comma[0] = 0;
}

/*
 * s as a JSON string: the bytes that cannot appear raw escaped, UTF-8 as
 * it is but for the two forms a Java string's UTF-8 may have that UTF-8
 * has not (C0 80 for NUL, ED A0..BF xx for a surrogate without its
 * pair), escaped as the characters they are.
 */
void
jw_escape(struct ob *o, const char *s, size_t n)
{
	static const char hex[] = "0123456789abcdef";
	size_t i = 0, run = 0;

	ob_putc(o, '"');
	for (;;) {
		unsigned char c;
		unsigned u;
		char e[6];

		i += jl_plain((const unsigned char *)s + i, n - i);
		if (i == n)
			break;
		if ((c = (unsigned char)s[i]) >= 0x80) {
			if (c == 0xc0 && i + 1 < n && (unsigned char)s[i + 1] ==
			    0x80)
				u = 0;
			else if (c == 0xed && i + 2 < n &&
			    (unsigned char)s[i + 1] >= 0xa0)
				u = 0xd000 | ((unsigned char)s[i + 1] & 0x3f) << 6 |
				    ((unsigned char)s[i + 2] & 0x3f);
			else {
				i++;
				continue;
			}
			ob_write(o, s + run, i - run);
			e[0] = '\\';
			e[1] = 'u';
			e[2] = hex[u >> 12];
			e[3] = hex[u >> 8 & 15];
			e[4] = hex[u >> 4 & 15];
			e[5] = hex[u & 15];
			ob_write(o, e, 6);
			run = i += u == 0 ? 2 : 3;
			continue;
		}
		ob_write(o, s + run, i - run);
		run = ++i;
		e[0] = '\\';
		switch (c) {
		case '"':  e[1] = '"'; break;
		case '\\': e[1] = '\\'; break;
		case '\b': e[1] = 'b'; break;
		case '\f': e[1] = 'f'; break;
		case '\n': e[1] = 'n'; break;
		case '\r': e[1] = 'r'; break;
		case '\t': e[1] = 't'; break;
		default:
			e[1] = 'u'; e[2] = '0'; e[3] = '0';
			e[4] = hex[c >> 4]; e[5] = hex[c & 15];
			ob_write(o, e, 6);
			continue;
		}
		ob_write(o, e, 2);
	}
	ob_write(o, s + run, n - run);
	ob_putc(o, '"');
}
