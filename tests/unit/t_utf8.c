/* t_utf8 - UTF-8 checking and escaping for people (utf8.c) */
#include <string.h>

#include "tap.h"
#include "utf8.h"

#define CHECK(s) u8_check(s, sizeof(s) - 1)

static const char *
esc(const char *s, size_t n)
{
	static struct buf b;

	buf_clear(&b);
	u8_escape(&b, s, n);
	return b.s != NULL ? b.s : "";
}

#define ESC(s) esc(s, sizeof(s) - 1)

int
main(void)
{
	is_int(CHECK("plain ascii"), 11, "ASCII is valid");
	is_int(CHECK("h\xc3\xa9llo \xe2\x82\xac \xf0\x9f\x98\x80"), 15,
	    "2, 3 and 4-byte sequences are valid");
	is_int(CHECK("\xed\x9f\xbf\xee\x80\x80\xf4\x8f\xbf\xbf"), 10,
	    "U+D7FF, U+E000 and U+10FFFF, the edges, are valid");
	is_int(CHECK("a\xc0\xaf"), 1, "an overlong '/' (C0 AF) is not");
	is_int(CHECK("a\xc1\xbf"), 1, "nor C1 BF");
	is_int(CHECK("ab\xe0\x80\xaf"), 2, "nor an overlong 3-byte form");
	is_int(CHECK("\xf0\x80\x80\xaf"), 0, "nor an overlong 4-byte form");
	is_int(CHECK("x\xed\xa0\x80"), 1, "an encoded surrogate (U+D800) is not");
	is_int(CHECK("x\xed\xbf\xbf"), 1, "nor U+DFFF");
	is_int(CHECK("\xf4\x90\x80\x80"), 0, "nor U+110000");
	is_int(CHECK("\xf5\x80\x80\x80"), 0, "nor a lead byte past F4");
	is_int(CHECK("ok\xff"), 2, "nor 0xff");
	is_int(CHECK("ok\x80"), 2, "nor a stray continuation byte");
	is_int(CHECK("ok\xe2\x82"), 2, "nor a sequence cut short");
	is_int(CHECK("\xe2\x28\xa1"), 0, "nor a bad continuation");
	is_int(u8_seq("\xc3\xa9", 1), 0, "a sequence longer than the bytes left");
	ok(u8_cut("\xc3", 1) && u8_cut("\xe2\x82", 2) &&
	    u8_cut("\xf0\x9f\x98", 3) && u8_cut("\xf4\x8f", 2),
	    "valid sequences cut short: more bytes may complete them");
	ok(!u8_cut("\xc0", 1) && !u8_cut("\xe0\x80", 2) && !u8_cut("\xed\xa0", 2) &&
	    !u8_cut("\xf4\x90", 2) && !u8_cut("\xf5", 1) && !u8_cut("\x80", 1) &&
	    !u8_cut("\xe2\x28", 2), "invalid starts are not");
	ok(!u8_cut("\xc3\xa9", 2) && !u8_cut("a", 1),
	    "nor complete sequences");

	is_int(u8_escaped_len("a\x1b\n\xc3\xa9\xc0", 6), 13,
	    "the escaped length, for columns");
	is_str(ESC("plain"), "plain", "printable text is kept");
	is_str(ESC("a\nb\tc\rd"), "a\\nb\\tc\\rd", "newline, tab, CR escaped");
	is_str(ESC("\x1b[31mred"), "\\x1b[31mred", "ESC escaped");
	is_str(ESC("del\x7f"), "del\\x7f", "DEL escaped");
	is_str(ESC("nul\0x"), "nul\\x00x", "NUL escaped");
	is_str(ESC("caf\xc3\xa9"), "caf\xc3\xa9", "valid UTF-8 kept");
	is_str(ESC("c1\xc2\x9b"), "c1\\xc2\\x9b", "a C1 control escaped");
	is_str(ESC("bad\xc0\xaf!"), "bad\\xc0\\xaf!", "invalid bytes escaped one by one");
	is_str(ESC("s\xed\xa0\x80"), "s\\xed\\xa0\\x80", "a surrogate escaped");
	return tap_done();
}
