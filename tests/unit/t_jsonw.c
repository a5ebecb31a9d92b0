/* t_jsonw - JSON writer: escaping, exact integers, commas */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "jsonwrite.h"
#include "tap.h"

static struct ob ob;
static struct jw w;
static FILE *tmp;

static void
start(void)
{
	tmp = tmpfile();
	ob_init(&ob, fileno(tmp));
	jw_init(&w, &ob);
}

static const char *
result(void)
{
	static char buf[4096];
	size_t n;

	ob_finish(&ob);
	rewind(tmp);
	n = fread(buf, 1, sizeof buf - 1, tmp);
	buf[n] = '\0';
	fclose(tmp);
	return buf;
}

int
main(void)
{
	struct json_object *o;

	start();
	jw_obj(&w);
	jw_key(&w, "a"); jw_int(&w, 1);
	jw_key(&w, "b"); jw_arr(&w); jw_str(&w, "x"); jw_bool(&w, 0); jw_null(&w);
	jw_obj(&w); jw_end(&w); jw_end(&w);
	jw_key(&w, "c"); jw_bool(&w, 1);
	jw_end(&w); jw_nl(&w);
	jw_obj(&w); jw_end(&w); jw_nl(&w);
	is_str(result(), "{\"a\":1,\"b\":[\"x\",false,null,{}],\"c\":true}\n{}\n",
	    "commas and nesting, records reset");

	start();
	jw_arr(&w);
	jw_int(&w, INT64_MAX); jw_int(&w, INT64_MIN); jw_int(&w, 0); jw_int(&w, -1);
	jw_end(&w);
	is_str(result(), "[9223372036854775807,-9223372036854775808,0,-1]",
	    "64-bit integers are exact");

	start();
	jw_str(&w, "q\"b\\s/\n\r\t\b\f\x01\x1f\x7f\xc3\xa9");
	is_str(result(), "\"q\\\"b\\\\s/\\n\\r\\t\\b\\f\\u0001\\u001f\x7f\xc3\xa9\"",
	    "escapes: quote, backslash, controls; slash and UTF-8 as they are");

	start();
	jw_strn(&w, "a\0b", 3);
	is_str(result(), "\"a\\u0000b\"", "NUL inside a string is escaped");

	/* the UTF-8 of Java strings: NUL as C0 80, a surrogate without its pair */
	start();
	jw_str(&w, "a\xc0\x80" "b\xed\xa0\x80" "c\xed\xbf\xbf\xed\x9f\xbf\xc0\xaf");
	is_str(result(), "\"a\\u0000" "b\\ud800" "c\\udfff\xed\x9f\xbf\xc0\xaf\"",
	    "a Java string's NUL and lone surrogates as \\u escapes, the rest as it is");
	start();
	jw_strn(&w, "\xed\xa0", 2);
	is_str(result(), "\"\xed\xa0\"", "a form cut short is left as it is");

	start();
	o = json_tokener_parse("{\"k\":[1,\"a/b\",2.50,18446744073709551615]}");
	jw_json(&w, o);
	json_object_put(o);
	is_str(result(), "{\"k\":[1,\"a/b\",2.50,18446744073709551615]}",
	    "json-c values: no slash escaping, numbers as written");

	start();
	{
		char big[100000];

		memset(big, 'x', sizeof big);
		jw_strn(&w, big, sizeof big);
		ob_finish(&ob);
		fseek(tmp, 0, SEEK_END);
		is_int(ftell(tmp), sizeof big + 2, "strings longer than the buffer");
		fclose(tmp);
	}
	return tap_done();
}
