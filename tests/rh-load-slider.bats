#!/usr/bin/env bats
# rh-load-slider.bats - rh-load reads what Slider's own reader reads: the
# encodings it detects, Java strings, the first save and what follows it,
# the choice in a history directory. The verdicts and words of Slider's
# reader on many more files are the golden cases of tests/data/slider
# (tests/unit/t_slider); tests/slider/slider-diff.py finds new ones.

load test_helper

NS=org.apache.slider.server.avro
NOW=1500000000000

hdr() {	# SAVED
	printf '{"entry":{"%s.RoleHistoryHeader":{"version":1,"saved":%s,"savedx":"%x","savedate":"1 Jan 1970 00:00:01 GMT","roles":3}}}\n' \
	    "$NS" "$1" "$1"
}
ent() {	# HOST ROLE ACTIVE LAST_USED [EXTRA-FIELDS]
	printf '{"entry":{"%s.NodeEntryRecord":{"host":"%s","role":%s,"active":%s,"last_used":%s%s}}}\n' \
	    "$NS" "$1" "$2" "$3" "$4" "${5:+,$5}"
}
foot() {	# COUNT
	printf '{"entry":{"%s.RoleHistoryFooter":{"count":%s}}}\n' "$NS" "$1"
}

setup() {
	T=$BATS_TEST_TMPDIR
}

@test "UTF-16 and UTF-32, with or without a byte order mark, and UTF-8 with one: read as Slider reads them, written as UTF-8" {
	{ hdr 1000; ent "h\\u00e9" 0 false 5; foot 1; } > "$T/u8.json"
	run -0 rh-load --strict --max-age 0 --now $NOW "$T/u8.json"
	want=$output
	for enc in UTF-16LE UTF-16BE UTF-32LE UTF-32BE; do
		iconv -f UTF-8 -t $enc "$T/u8.json" > "$T/x.json"
		run --separate-stderr rh-load --strict --max-age 0 --now $NOW "$T/x.json"
		assert_success
		assert_stderr ""
		assert_output "$want"
		{ printf '\xef\xbb\xbf' | iconv -f UTF-8 -t $enc; cat "$T/x.json"; } > "$T/bom.json"
		run -0 rh-load --strict --max-age 0 --now $NOW "$T/bom.json"
		assert_output "$want"
	done
	{ printf '\xef\xbb\xbf'; cat "$T/u8.json"; } > "$T/bom.json"
	run -0 rh-load --strict --max-age 0 --now $NOW "$T/bom.json"
	assert_output "$want"
}

@test "a NUL and a surrogate without its pair are kept, and written as \\u escapes; the output reads back the same" {
	{ hdr 1000; ent 'a\u0000b' 0 false 5; ent 'c\ud800' 0 false 6; foot 2; } > "$T/h.json"
	run -0 rh-load --strict --max-age 0 --now $NOW "$T/h.json"
	assert_line "{\"entry\":{\"$NS.NodeEntryRecord\":{\"host\":\"a\\u0000b\",\"role\":0,\"active\":false,\"last_used\":5}}}"
	assert_line "{\"entry\":{\"$NS.NodeEntryRecord\":{\"host\":\"c\\ud800\",\"role\":0,\"active\":false,\"last_used\":6}}}"
	printf '%s\n' "$output" > "$T/out.json"
	run -0 rh-load --strict --max-age 0 --now $NOW "$T/out.json"
	cmp - "$T/out.json" <<< "$output"
}

@test "Slider stops at the footer's own brace: what follows within its 4,000-byte read is not read, with a warning" {
	{ hdr 1000; ent h1 0 false 5; foot 1; } | head -c -3 > "$T/h.json"
	printf '}xyz' >> "$T/h.json"
	for strict in "" --strict; do
		run --separate-stderr rh-load $strict --now $NOW "$T/h.json"
		assert_success
		assert_stderr "rh-load: $T/h.json:3:73: warning: the input goes on after the RoleHistoryFooter: not read, as Slider does not read it"
	done
	# a field given twice is refused, but only where Slider reads the
	# record's end: the footer's never is
	{ hdr 1000; ent h1 0 false 5 '"role":1'; foot 1; } > "$T/dup.json"
	run --separate-stderr rh-load --strict --now $NOW "$T/dup.json"
	assert_failure "$EXIT_DATAERR"
	assert_stderr "rh-load: $T/dup.json:2:110: 'role' given twice in NodeEntryRecord; Slider: \"Expected record-end. Got FIELD_NAME\""
	{ hdr 1000; ent h1 0 false 5; foot 1; } | sed 's/"host"/"role":1,"host"/' > "$T/dup2.json"
	run --separate-stderr rh-load --strict --now $NOW "$T/dup2.json"
	assert_stderr "rh-load: $T/dup2.json:2:59: fields unknown to Slider, or given twice, in NodeEntryRecord; Slider: \"Expected Unknown fields: [role]. Got END_OBJECT\""
	{ hdr 1000; ent h1 0 false 5; foot 1; } | sed 's/"count":1/"count":1,"count":2/' > "$T/dupf.json"
	run --separate-stderr rh-load --strict --now $NOW "$T/dupf.json"
	assert_success
	assert_stderr "rh-load: $T/dupf.json:3:72: warning: the input goes on after the RoleHistoryFooter: not read, as Slider does not read it"
}

@test "data after the footer past Slider's read-ahead: refused under --strict, not read otherwise; a 0 byte there Slider does not see" {
	{ hdr 1000; ent h1 0 false 5; foot 1; } > "$T/h.json"
	size=$(wc -c < "$T/h.json")
	{ cat "$T/h.json"; head -c $((4000 - size)) /dev/zero | tr '\0' ' '; printf 'x'; } > "$T/x.json"
	run --separate-stderr rh-load --strict --now $NOW "$T/x.json"
	assert_failure "$EXIT_DATAERR"
	assert_stderr "rh-load: $T/x.json:4:$((4001 - size)): the input goes on after the RoleHistoryFooter, past the 4,000-byte block Slider's parser read it in; Slider: \"File footer reached before end of file -after 1 records\""
	run --separate-stderr rh-load --now $NOW "$T/x.json"
	assert_success
	assert_line --partial '"host":"h1"'
	{ cat "$T/h.json"; head -c $((4000 - size)) /dev/zero | tr '\0' ' '; printf '\0x'; } > "$T/nul.json"
	run --separate-stderr rh-load --strict --now $NOW "$T/nul.json"
	assert_success
}

@test "a state stream is read without a word of Slider's; --strict refuses it in Slider's words" {
	{ hdr 1000; ent h1 0 false 5 '"live":2'; foot 1; } > "$T/s.json"
	run --separate-stderr rh-load --now $NOW "$T/s.json"
	assert_success
	assert_stderr ""
	assert_line --partial '"live":2'
	run --separate-stderr rh-load --strict --now $NOW "$T/s.json"
	assert_failure "$EXIT_DATAERR"
	assert_stderr "rh-load: $T/s.json:2:110: unknown field 'live' in NodeEntryRecord; Slider: \"Expected record-end. Got FIELD_NAME\""
}

@test "a history directory: the newest file Slider's reader takes, with or without --strict" {
	d=$T/history
	mkdir "$d"
	{ hdr 1; ent old 0 false 5; foot 1; } > "$d/rolehistory-0000000000000001.json"
	# placekit could read these two; Slider refuses them, so the AM skips them
	{ hdr 2; ent state 0 false 5 '"live":1'; foot 1; } > "$d/rolehistory-0000000000000002.json"
	{ hdr 3; ent twice 0 false 5 '"role":0'; foot 1; } > "$d/rolehistory-0000000000000003.json"
	for strict in "" --strict; do
		run --separate-stderr rh-load $strict --now $NOW "$d"
		assert_success
		assert_stderr "rh-load: $d/rolehistory-0000000000000003.json:2:113: warning: skipping this file: 'role' given twice in NodeEntryRecord; Slider: \"Expected record-end. Got FIELD_NAME\"
rh-load: $d/rolehistory-0000000000000002.json:2:113: warning: skipping this file: unknown field 'live' in NodeEntryRecord; Slider: \"Expected record-end. Got FIELD_NAME\""
		assert_line --partial '"host":"old"'
	done
	# one Slider takes, fractions and all, wins
	{ hdr 4; ent new 0.9 false 5.5; foot 1; } > "$d/rolehistory-0000000000000004.json"
	run --separate-stderr rh-load --max-age 0 --now $NOW "$d"
	assert_success
	assert_stderr ""
	assert_line "{\"entry\":{\"$NS.NodeEntryRecord\":{\"host\":\"new\",\"role\":0,\"active\":false,\"last_used\":5}}}"
}

@test "a history directory: a file Slider's parser read to its end leaves its names to the next, names that differ only in NUL bytes are one" {
	d=$T/history
	mkdir "$d"
	{ hdr 1; ent old 0 false 5; foot 1; } > "$d/rolehistory-0000000000000001.json"
	# no footer: read to the end, "acti\u0000ve" left in the parsers' names
	{ hdr 2; printf '{"entry":{"%s.RoleHistoryMapping":{"rolemap":{"acti\\u0000ve":1}}}}\n' $NS; } \
	    > "$d/rolehistory-0000000000000002.json"
	run -0 rh-load --strict --now $NOW "$d/rolehistory-0000000000000001.json"
	assert_line --partial '"host":"old"'
	run --separate-stderr rh-load --now $NOW "$d"
	assert_success
	assert_stderr "rh-load: $d/rolehistory-0000000000000002.json:3:1: warning: skipping this file: the input ends before the RoleHistoryFooter; Slider: \"End of file reached after 0 records\"
rh-load: $d/rolehistory-0000000000000001.json:2:59: warning: skipping this file: NodeEntryRecord has no 'active' (Slider's parser read a name as 'acti\\u0000ve', a name it read before that differs only in NUL bytes); Slider: \"Expected field name not found: active\"
rh-load: $d: warning: no loadable history: starting empty"
	# a parser that read more than 6,000 names to the end leaves none
	{ hdr 2; printf '{"entry":{"%s.RoleHistoryMapping":{"rolemap":{"acti\\u0000ve":1' $NS
	  awk 'BEGIN { for (i = 0; i < 5991; i++) printf ",\"k%d\":%d", i, i }'
	  printf '}}}}\n'; } > "$d/rolehistory-0000000000000002.json"
	run -0 rh-load --strict --now $NOW "$d"
	assert_line --partial '"host":"old"'
	# the same file newer: read first, alone, it is taken
	mv "$d/rolehistory-0000000000000001.json" "$d/rolehistory-0000000000000003.json"
	run --separate-stderr rh-load --strict --now $NOW "$d"
	assert_success
	assert_stderr ""
	assert_line --partial '"host":"old"'
}

@test "against Slider's own reader (SLIDER_READ set): a short differential run finds nothing" {
	[[ -n ${SLIDER_READ:-} && -x ${SLIDER_READ:-} ]] ||
	    skip "SLIDER_READ (Slider's reader, printing its verdicts) not set"
	command -v python3 > /dev/null || skip "no python3"
	run python3 "$TOP_SRCDIR/tests/slider/slider-diff.py" fuzz --seed 1 \
	    --files 300 --rh-load "$(command -v rh-load)" --out "$T/found"
	assert_success
	assert_line --partial "findings=0"
}
