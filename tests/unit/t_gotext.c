/* t_gotext - Go's text of a float64 (fmt's %v), against Go's own */
#include <stdio.h>
#include <string.h>

#include "gotext.h"
#include "tap.h"

int
main(void)
{
	/* what Go 1.23 prints with %v */
	static const struct {
		double f;
		const char *go;
	} t[] = {
		{ 0, "0" }, { -0.0, "-0" }, { 1, "1" }, { -1, "-1" },
		{ 1.5, "1.5" }, { 123456789, "1.23456789e+08" },
		{ 1e6, "1e+06" }, { 999999, "999999" }, { 100000, "100000" },
		{ 1234567, "1.234567e+06" }, { 0.0001, "0.0001" },
		{ 0.00001, "1e-05" }, { 0.000123, "0.000123" },
		{ 1e21, "1e+21" }, { 1e100, "1e+100" }, { 0.1, "0.1" },
		{ 1.0 / 3, "0.3333333333333333" },
		{ 9007199254740993.0, "9.007199254740992e+15" },
		{ 12345678901234567890.0, "1.2345678901234567e+19" },
		{ 5e-324, "5e-324" },
		{ 1.7976931348623157e308, "1.7976931348623157e+308" },
		{ 685230.15, "685230.15" }, { 2.5e-8, "2.5e-08" }
	};
	size_t i;

	for (i = 0; i < sizeof t / sizeof t[0]; i++) {
		struct buf b = { 0 };

		pl_go_float(&b, t[i].f);
		is_str(b.s, t[i].go, "%%v of %s", t[i].go);
		buf_free(&b);
	}
	return tap_done();
}
