#!/usr/bin/env bats
# rh-load.bats - rh-load: options, behaviour and errors. "Case N" numbers
# a behaviour of Apache Slider's role history that a test checks, taken
# from Slider's own tests and code.

load test_helper

SAMPLES="$DATA/slider-samples"
HIST="$DATA/history"
NS=org.apache.slider.server.avro
NOW=1500000000000

# Records of a save, one per line.
hdr() {	# SAVED [ROLES]
	printf '{"entry":{"%s.RoleHistoryHeader":{"version":1,"saved":%s,"savedx":"%x","savedate":"1 Jan 1970 00:00:01 GMT","roles":%s}}}\n' \
	    "$NS" "$1" "$1" "${2:-3}"
}
map() {	# JSON-OBJECT
	printf '{"entry":{"%s.RoleHistoryMapping":{"rolemap":%s}}}\n' "$NS" "$1"
}
ent() {	# HOST ROLE ACTIVE LAST_USED [EXTRA-FIELDS]
	printf '{"entry":{"%s.NodeEntryRecord":{"host":"%s","role":%s,"active":%s,"last_used":%s%s}}}\n' \
	    "$NS" "$1" "$2" "$3" "$4" "${5:+,$5}"
}
foot() {	# COUNT
	printf '{"entry":{"%s.RoleHistoryFooter":{"count":%s}}}\n' "$NS" "$1"
}
pk() {	# TYPE FIELDS
	printf '{"entry":{"placekit.%s":{%s}}}\n' "$1" "$2"
}

setup() {
	T=$BATS_TEST_TMPDIR
}

# --- Slider's three sample files (cases 8-11) ---

@test "3-role sample against MOCK3: nothing discarded, Slider's rebuild at restart" {
	# Slider purges nothing: --max-age 0 does as it does
	run --separate-stderr rh-load -R "$HIST/mock3.json" --now $NOW \
	    --max-age 0 --format lists "$SAMPLES/history-v01-3-role.json"
	assert_success
	assert_stderr ""
	assert_output "0 role0: 192.168.1.85
1 role1: 192.168.1.85
2 role2: 192.168.1.86 192.168.1.85"
	run --separate-stderr rh-load -R "$HIST/mock3.json" --now $NOW \
	    --max-age 0 "$SAMPLES/history-v01-3-role.json"
	assert_success
	assert_line --index 0 "{\"entry\":{\"$NS.RoleHistoryHeader\":{\"version\":1,\"saved\":1415296260647,\"savedx\":\"149863b1a27\",\"savedate\":\"6 Nov 2014 17:51:00 GMT\",\"roles\":3}}}"
	assert_line "{\"entry\":{\"$NS.NodeEntryRecord\":{\"host\":\"192.168.1.85\",\"role\":0,\"active\":false,\"last_used\":0}}}"
	assert_line "{\"entry\":{\"$NS.NodeEntryRecord\":{\"host\":\"192.168.1.86\",\"role\":2,\"active\":false,\"last_used\":1415296260647}}}"
	assert_line "{\"entry\":{\"$NS.RoleHistoryFooter\":{\"count\":4}}}"
	# the design's purge (7 days by default): the entries never released go
	run --separate-stderr rh-load -R "$HIST/mock3.json" --now $NOW \
	    --format lists "$SAMPLES/history-v01-3-role.json"
	assert_success
	assert_output "0 role0:
1 role1:
2 role2: 192.168.1.86"
}

@test "3-role sample against MOCK3 plus role3: 0 discarded, a role-count warning, r3 empty" {
	run --separate-stderr rh-load -R "$HIST/mock3-role3.json" --now $NOW \
	    --format lists "$SAMPLES/history-v01-3-role.json"
	assert_success
	assert_stderr "rh-load: $SAMPLES/history-v01-3-role.json: warning: the history was saved with 3 roles, 4 are defined"
	assert_line "3 role3:"
}

@test "6-role sample against MOCK3: 3 discarded, only .85 left (case 9)" {
	run --separate-stderr rh-load -R "$HIST/mock3.json" --now $NOW \
	    --max-age 0 --format lists "$SAMPLES/history-v01-6-role.json"
	assert_success
	assert_stderr "rh-load: $SAMPLES/history-v01-6-role.json: warning: 3 entries of unknown roles discarded (role 4, 5, 6)
rh-load: $SAMPLES/history-v01-6-role.json: warning: the history was saved with 6 roles, 3 are defined"
	assert_output "0 role0: 192.168.1.85
1 role1: 192.168.1.85
2 role2: 192.168.1.85"
	run rh-load -q -R "$HIST/mock3.json" --now $NOW --format table \
	    "$SAMPLES/history-v01-6-role.json"
	assert_line --index 1 "3 entries of unknown roles were discarded"
	refute_output --partial 192.168.1.86
}

@test "6-role sample against roles 0-6: nothing discarded, .86 used at the save" {
	run --separate-stderr rh-load -q -R "$HIST/seven.json" --now $NOW \
	    --format lists "$SAMPLES/history-v01-6-role.json"
	assert_success
	assert_line "4 role4: 192.168.1.86"
	assert_line "6 role6: 192.168.1.86"
	run rh-load -q -R "$HIST/seven.json" --now $NOW "$SAMPLES/history-v01-6-role.json"
	assert_line "{\"entry\":{\"$NS.NodeEntryRecord\":{\"host\":\"192.168.1.86\",\"role\":5,\"active\":false,\"last_used\":1415296260647}}}"
}

@test "pretty-printed v01b sample: one entry, its mapping, no discard (case 11)" {
	run --separate-stderr rh-load -R "$HIST/mock3.json" --now $NOW \
	    --format lists "$SAMPLES/history_v01b_1_role.json"
	assert_success
	assert_stderr "rh-load: $SAMPLES/history_v01b_1_role.json: warning: the history was saved with 2 roles, 3 are defined"
	assert_line "1 role1: 192.168.56.1"
	# without roles, the mapping names them
	run --separate-stderr rh-load --now $NOW "$SAMPLES/history_v01b_1_role.json"
	assert_success
	assert_stderr ""
	assert_line --index 1 "{\"entry\":{\"$NS.RoleHistoryMapping\":{\"rolemap\":{\"slider-appmaster\":0,\"echo\":1}}}}"
	assert_line "{\"entry\":{\"$NS.NodeEntryRecord\":{\"host\":\"192.168.56.1\",\"role\":1,\"active\":false,\"last_used\":1450435691617}}}"
}

@test "every sample passes --strict (Slider reads them all)" {
	for f in "$SAMPLES"/*; do
		run --separate-stderr rh-load --strict --now $NOW "$f"
		assert_success
		assert_stderr ""
	done
}

# --- the rebuild (cases 2-4, 123, 124) ---

@test "active entries are used at the save; every counter restarts at 0 (case 3)" {
	{ hdr 4096; map '{"role0":0,"role1":1,"role2":2}'
	  ent localhost 0 false 16; ent localhost 1 true 32
	  ent rack1server5 1 true 0; foot 3; } > "$T/h.json"
	run --separate-stderr rh-load -R "$HIST/mock3.json" --now $NOW "$T/h.json"
	assert_success
	assert_line "{\"entry\":{\"$NS.NodeEntryRecord\":{\"host\":\"localhost\",\"role\":0,\"active\":false,\"last_used\":16}}}"
	assert_line "{\"entry\":{\"$NS.NodeEntryRecord\":{\"host\":\"localhost\",\"role\":1,\"active\":false,\"last_used\":4096}}}"
	assert_line "{\"entry\":{\"$NS.NodeEntryRecord\":{\"host\":\"rack1server5\",\"role\":1,\"active\":false,\"last_used\":4096}}}"
	run rh-load -R "$HIST/mock3.json" --now $NOW --format lists "$T/h.json"
	assert_output "0 role0: localhost
1 role1: localhost rack1server5
2 role2:"
}

@test "a duplicate (host, role) record: the last one wins (case 123)" {
	{ hdr 1000; ent h1 0 false 5; ent h1 0 false 9; foot 2; } > "$T/h.json"
	run rh-load --now $NOW "$T/h.json"
	assert_success
	assert_line "{\"entry\":{\"$NS.NodeEntryRecord\":{\"host\":\"h1\",\"role\":0,\"active\":false,\"last_used\":9}}}"
	assert_line "{\"entry\":{\"$NS.RoleHistoryFooter\":{\"count\":1}}}"
}

@test "a role id past the header's count is kept when the role is known (case 124)" {
	{ hdr 1000 4; ent h 6 false 7; foot 1; } > "$T/h.json"
	cat > "$T/r.json" <<-'EOF'
	{"components":{"a":{"yarn.role.priority":"0"},"b":{"yarn.role.priority":"1"},
	 "c":{"yarn.role.priority":"2"},"dynamic-6":{"yarn.role.priority":"6"}}}
	EOF
	run --separate-stderr rh-load -R "$T/r.json" --now $NOW --format lists "$T/h.json"
	assert_success
	assert_stderr ""
	assert_line "6 dynamic-6: h"
}

@test "--max-age drops entries older than the save minus the age, last_used 0 too; 0 keeps all" {
	day=86400000
	{ hdr $((20 * day)); ent old 0 false $((12 * day)); ent recent 0 false $((14 * day))
	  ent never 0 false 0; ent busy 0 true $((1 * day)); ent busy0 0 true 0; foot 5; } > "$T/h.json"
	run --separate-stderr rh-load --now $NOW --format lists "$T/h.json"
	assert_success
	assert_stderr ""
	assert_output "0 -: busy busy0 recent"
	run rh-load --now $NOW --max-age 1w1d --format lists "$T/h.json"
	assert_output "0 -: busy busy0 recent old"
	run rh-load --now $NOW --max-age 0 --format lists "$T/h.json"
	assert_output "0 -: busy busy0 recent old never"
	run rh-load --now $NOW --max-age 1h --format lists "$T/h.json"
	assert_output "0 -: busy busy0"
}

@test "nodes left without entries are dropped" {
	day=86400000
	{ hdr $((20 * day)); ent gone 0 false 5000; ent gone 1 false 6000
	  ent kept 0 false $((19 * day)); foot 3; } > "$T/h.json"
	run rh-load --now $NOW "$T/h.json"
	assert_success
	refute_output --partial '"gone"'
	assert_line "{\"entry\":{\"$NS.RoleHistoryFooter\":{\"count\":1}}}"
}

@test "roles unknown to -R are discarded and counted" {
	{ hdr 1000; ent h1 0 false 5; ent h1 7 false 5; ent h2 9 false 5; ent h3 7 false 1; foot 4; } > "$T/h.json"
	run --separate-stderr rh-load -R "$HIST/mock3.json" --now $NOW "$T/h.json"
	assert_success
	assert_stderr "rh-load: $T/h.json: warning: 3 entries of unknown roles discarded (role 7, 9)"
	refute_output --partial '"h2"'
}

@test "a mapping that disagrees with the roles: entries are remapped by name" {
	{ hdr 1000 3; map '{"role0":0,"role1":2,"role2":1,"gone":5}'
	  ent h1 1 false 11; ent h1 2 false 22; ent h2 5 false 55; ent h3 8 false 88; foot 4; } > "$T/h.json"
	run --separate-stderr rh-load -R "$HIST/mock3.json" --now $NOW "$T/h.json"
	assert_success
	assert_stderr "rh-load: $T/h.json: warning: the file's role mapping and the roles disagree ('role1' is 2 in the file, 1 in the roles): entries remapped by name
rh-load: $T/h.json: warning: 2 entries of unknown roles discarded"
	assert_line "{\"entry\":{\"$NS.NodeEntryRecord\":{\"host\":\"h1\",\"role\":1,\"active\":false,\"last_used\":22}}}"
	assert_line "{\"entry\":{\"$NS.NodeEntryRecord\":{\"host\":\"h1\",\"role\":2,\"active\":false,\"last_used\":11}}}"
	refute_output --partial '"h2"'
}

@test "a mapping that agrees: ids are used as they are" {
	{ hdr 1000 3; map '{"role0":0,"other":1}'; ent h1 1 false 11; foot 1; } > "$T/h.json"
	run --separate-stderr rh-load -R "$HIST/mock3.json" --now $NOW "$T/h.json"
	assert_success
	assert_stderr ""
	assert_line "{\"entry\":{\"$NS.NodeEntryRecord\":{\"host\":\"h1\",\"role\":1,\"active\":false,\"last_used\":11}}}"
}

@test "a mapping of 100,000 names that disagrees with 100,000 roles: remapped in one pass, not name by name" {
	# each entry's id was looked up in the mapping, each name among the
	# roles, one after the other: most of a minute for this file, now a
	# second (20 s is the bound: a sanitizer build takes 3)
	[[ -z ${PK_VALGRIND:-} ]] || skip "a time bound, not under valgrind"
	awk 'BEGIN { printf "{\"schema\":\"x\",\"metadata\":{},\"global\":{},\"components\":{";
	    for (i = 0; i < 100000; i++)
		printf "%s\"r%d\":{\"yarn.role.priority\":\"%d\"}", i ? "," : "", i, i + 1;
	    print "}}" }' > "$T/R.json"
	{ hdr 1000 100000
	  awk 'BEGIN { printf "{\"entry\":{\"'$NS'.RoleHistoryMapping\":{\"rolemap\":{";
	      for (i = 0; i < 100000; i++) printf "%s\"r%d\":%d", i ? "," : "", i, i;
	      print "}}}}" }'
	  awk 'BEGIN { for (i = 0; i < 100000; i++) printf "{\"entry\":{\"'$NS'.NodeEntryRecord\":{\"host\":\"h%d\",\"role\":%d,\"active\":false,\"last_used\":%d}}}\n", i % 7, i, i + 1 }'
	  foot 100000; } > "$T/h.json"
	run --separate-stderr timeout 20 rh-load -R "$T/R.json" --now $NOW --format lists "$T/h.json"
	assert_success
	assert_stderr "rh-load: $T/h.json: warning: the file's role mapping and the roles disagree ('r0' is 0 in the file, 1 in the roles): entries remapped by name"
	assert_line --index 0 "1 r0: h0"
	assert_line --index 99999 "100000 r99999: h4"
}

# --- file variants ---

@test "saves glued together: the first is the history, as Slider reads it; the rest is not read (case 117)" {
	{ hdr 1000; ent h1 0 false 5; foot 1 | tr -d '\n'; hdr 2000; ent h2 0 false 6; foot 1; } > "$T/h.json"
	for strict in "" --strict; do
		run --separate-stderr rh-load $strict --now $NOW "$T/h.json"
		assert_success
		assert_stderr "rh-load: $T/h.json:3:74: warning: the input goes on after the RoleHistoryFooter: not read, as Slider does not read it"
		assert_line --index 0 --partial '"saved":1000,'
		assert_line --partial '"host":"h1"'
		refute_output --partial '"host":"h2"'
	done
	# a second save without its footer: the same
	{ hdr 1000; ent h1 0 false 5; foot 1 | tr -d '\n'; hdr 2000; ent h2 0 false 6; } > "$T/h.json"
	run --separate-stderr rh-load --now $NOW "$T/h.json"
	assert_success
	assert_stderr "rh-load: $T/h.json:3:74: warning: the input goes on after the RoleHistoryFooter: not read, as Slider does not read it"
	assert_line --partial '"host":"h1"'
}

@test "the design document's examples load: no savedate, saves glued" {
	printf '%s\n' \
	    '{"entry":{"org.apache.slider.server.avro.RoleHistoryHeader":{"version":1,"saved":1384183475949,"savedx":"14247c3aeed","roles":3}}}' \
	    '{"entry":{"org.apache.slider.server.avro.NodeEntryRecord":{"host":"192.168.1.85","role":1,"active":true,"last_used":0}}}' \
	    '{"entry":{"org.apache.slider.server.avro.NodeEntryRecord":{"host":"192.168.1.85","role":2,"active":false,"last_used":0}}}' \
	    '{"entry":{"org.apache.slider.server.avro.RoleHistoryFooter":{"count":2}}}{"entry":{"org.apache.slider.server.avro.RoleHistoryHeader":{"version":1,"saved":1384183476010,"savedx":"14247c3af2a","roles":3}}}' \
	    '{"entry":{"org.apache.slider.server.avro.NodeEntryRecord":{"host":"192.168.1.85","role":1,"active":true,"last_used":0}}}' \
	    '{"entry":{"org.apache.slider.server.avro.NodeEntryRecord":{"host":"192.168.1.85","role":2,"active":true,"last_used":0}}}' \
	    '{"entry":{"org.apache.slider.server.avro.RoleHistoryFooter":{"count":2}}}' > "$T/doc.json"
	run --separate-stderr rh-load --max-age 0 --now $NOW "$T/doc.json"
	assert_success
	assert_line "{\"entry\":{\"$NS.NodeEntryRecord\":{\"host\":\"192.168.1.85\",\"role\":1,\"active\":false,\"last_used\":1384183475949}}}"
	assert_line "{\"entry\":{\"$NS.NodeEntryRecord\":{\"host\":\"192.168.1.85\",\"role\":2,\"active\":false,\"last_used\":0}}}"
	# Slider itself needs a savedate
	assert_stderr "rh-load: $T/doc.json:4:74: warning: the input goes on after the RoleHistoryFooter: not read
rh-load: $T/doc.json:1:61: warning: read, but Slider refuses this file: RoleHistoryHeader has no 'savedate'; Slider: \"Expected field name not found: savedate\""
}

@test "a footer count that does not match: accepted with a warning (case 121)" {
	{ hdr 1000; ent h1 0 false 5; foot 5; } > "$T/h.json"
	for strict in "" --strict; do
		run --separate-stderr rh-load $strict --now $NOW "$T/h.json"
		assert_success
		assert_stderr "rh-load: $T/h.json:3:70: warning: the footer counts 5 entries, the save has 1"
		assert_line "{\"entry\":{\"$NS.RoleHistoryFooter\":{\"count\":1}}}"
	done
}

@test "reordered fields and pretty-printing are accepted, also under --strict (case 120)" {
	cat > "$T/h.json" <<-EOF
	{"entry":{"$NS.RoleHistoryHeader":{"roles":3,"savedate":"d","savedx":"3e8","saved":1000,"version":1}}}
	{ "entry" : {
	    "$NS.NodeEntryRecord" : { "last_used" : 5, "active" : false,
	        "role" : 0, "host" : "h1" } } }
	{"entry":{"$NS.RoleHistoryFooter":{"count":1}}}
	EOF
	run --separate-stderr rh-load --strict --now $NOW "$T/h.json"
	assert_success
	assert_stderr ""
	assert_line --partial '"host":"h1","role":0,"active":false,"last_used":5'
}

@test "a duplicate mapping: the first is kept, with a warning" {
	{ hdr 1000; map '{"a":0}'; map '{"b":0}'; ent h1 0 false 5; foot 1; } > "$T/h.json"
	run --separate-stderr rh-load --now $NOW "$T/h.json"
	assert_success
	assert_stderr "rh-load: $T/h.json:3:1: warning: a second RoleHistoryMapping ignored: the first is kept"
	assert_line --index 1 "{\"entry\":{\"$NS.RoleHistoryMapping\":{\"rolemap\":{\"a\":0}}}}"
}

@test "unknown fields are ignored with one warning; --strict refuses them" {
	{ hdr 1000; ent h1 0 false 5 '"color":"red"'; ent h2 0 false 5 '"color":"blue"'; foot 2; } > "$T/h.json"
	run --separate-stderr rh-load --now $NOW "$T/h.json"
	assert_success
	assert_stderr "rh-load: $T/h.json:2:110: warning: unknown field 'color' in NodeEntryRecord ignored
rh-load: $T/h.json:2:110: warning: read, but Slider refuses this file: unknown field 'color' in NodeEntryRecord; Slider: \"Expected record-end. Got FIELD_NAME\""
	run --separate-stderr rh-load --strict --now $NOW "$T/h.json"
	assert_failure "$EXIT_DATAERR"
	assert_output ""
	assert_stderr "rh-load: $T/h.json:2:110: unknown field 'color' in NodeEntryRecord; Slider: \"Expected record-end. Got FIELD_NAME\""
	# before a field Slider reads, an unknown one is kept aside, then named
	{ hdr 1000; ent h1 0 false 5; foot 1; } | sed 's/"host"/"color":"red","host"/' > "$T/o.json"
	run --separate-stderr rh-load --strict --now $NOW "$T/o.json"
	assert_stderr "rh-load: $T/o.json:2:59: fields unknown to Slider, or given twice, in NodeEntryRecord; Slider: \"Expected Unknown fields: [color]. Got END_OBJECT\""
}

# --- --strict: why Slider would refuse a file ---

@test "--strict: a header without savedate (case 120)" {
	{ printf '{"entry":{"%s.RoleHistoryHeader":{"version":1,"saved":1000,"savedx":"3e8","roles":3}}}\n' "$NS"
	  ent h1 0 false 5; foot 1; } > "$T/h.json"
	run -0 rh-load --now $NOW "$T/h.json"
	run --separate-stderr rh-load --strict --now $NOW "$T/h.json"
	assert_failure "$EXIT_DATAERR"
	assert_output ""
	assert_stderr "rh-load: $T/h.json:1:61: RoleHistoryHeader has no 'savedate'; Slider: \"Expected field name not found: savedate\""
	# the last field missing: Slider reads the end of the record as it
	{ hdr 1000; ent h1 0 false 5; foot 1; } | sed 's/,"last_used":5//' > "$T/l.json"
	run --separate-stderr rh-load --strict --now $NOW "$T/l.json"
	assert_stderr "rh-load: $T/l.json:2:95: NodeEntryRecord has no 'last_used'; Slider: \"Expected long. Got END_OBJECT\""
}

@test "--strict: version, first record, second header, trailing data, placekit records" {
	{ printf '{"entry":{"%s.RoleHistoryHeader":{"version":2,"saved":1000,"savedx":"3e8","savedate":"d","roles":3}}}\n' "$NS"
	  foot 0; } > "$T/v.json"
	run --separate-stderr rh-load --strict "$T/v.json"
	assert_failure "$EXIT_DATAERR"
	assert_stderr "rh-load: $T/v.json:1:72: version 2 is not 1; Slider: \"Can't read role file version 0002 -need 0001\""
	run --separate-stderr rh-load "$T/v.json"
	assert_failure "$EXIT_DATAERR"
	assert_stderr "rh-load: $T/v.json:1:72: version 2 is not 1"

	{ ent h1 0 false 5; hdr 1000; foot 1; } > "$T/first.json"
	run --separate-stderr rh-load --strict "$T/first.json"
	assert_failure "$EXIT_DATAERR"
	assert_stderr "rh-load: $T/first.json:1:1: the first record is not a RoleHistoryHeader; Slider: \"Role History Header not found at start of file\""

	{ hdr 1000; ent h1 0 false 5; hdr 2000; foot 1; } > "$T/dup.json"
	run --separate-stderr rh-load --strict "$T/dup.json"
	assert_failure "$EXIT_DATAERR"
	assert_stderr "rh-load: $T/dup.json:3:1: a second RoleHistoryHeader before the footer; Slider: \"Duplicate Role History Header found\""

	# data after the footer: Slider sees it only past the 4,000 bytes its
	# parser read the footer in
	{ hdr 1000; ent h1 0 false 5; foot 1; ent h2 0 false 5; } > "$T/trail.json"
	run --separate-stderr rh-load --strict "$T/trail.json"
	assert_success
	assert_stderr "rh-load: $T/trail.json:4:1: warning: the input goes on after the RoleHistoryFooter: not read, as Slider does not read it"
	{ hdr 1000; ent h1 0 false 5; foot 1; printf '%4000s\n'; ent h2 0 false 5; } > "$T/trail.json"
	run --separate-stderr rh-load --strict "$T/trail.json"
	assert_failure "$EXIT_DATAERR"
	assert_stderr "rh-load: $T/trail.json:5:1: the input goes on after the RoleHistoryFooter, past the 4,000-byte block Slider's parser read it in; Slider: \"File footer reached before end of file -after 1 records\""
	run --separate-stderr rh-load --now $NOW "$T/trail.json"
	assert_success
	assert_stderr "rh-load: $T/trail.json:5:1: warning: the input goes on after the RoleHistoryFooter: not read, and Slider refuses the file for it; Slider: \"File footer reached before end of file -after 1 records\""

	{ hdr 1000; pk Role '"name":"a","id":0'; foot 0; } > "$T/pk.json"
	run --separate-stderr rh-load --strict "$T/pk.json"
	assert_failure "$EXIT_DATAERR"
	assert_stderr "rh-load: $T/pk.json:2:11: 'placekit.Role' is a placekit record, not one of Slider's; Slider: \"Unknown union branch placekit.Role\""
}

@test "--strict: wrong types say what Slider's decoder says" {
	{ hdr 1000; ent h1 '"0"' false 5; foot 1; } > "$T/h.json"
	run --separate-stderr rh-load --strict "$T/h.json"
	assert_failure "$EXIT_DATAERR"
	assert_stderr "rh-load: $T/h.json:2:79: 'role' must be an integer, not a string; Slider: \"Expected int. Got VALUE_STRING\""
	# a fraction is an integer to Slider: it truncates it
	{ hdr 1000; ent h1 1.9 false 5.5; foot 1; } > "$T/f.json"
	for strict in "" --strict; do
		run --separate-stderr rh-load $strict --max-age 0 "$T/f.json"
		assert_success
		assert_stderr ""
		assert_line "{\"entry\":{\"$NS.NodeEntryRecord\":{\"host\":\"h1\",\"role\":1,\"active\":false,\"last_used\":5}}}"
	done
	{ hdr 1000; ent h1 0 1 5; foot 1; } > "$T/b.json"
	run --separate-stderr rh-load "$T/b.json"
	assert_failure "$EXIT_DATAERR"
	assert_stderr "rh-load: $T/b.json:2:90: 'active' must be true or false, not an integer"
	{ hdr 1000; ent h1 3000000000 false 5; foot 1; } > "$T/r.json"
	run --separate-stderr rh-load --strict "$T/r.json"
	assert_failure "$EXIT_DATAERR"
	assert_stderr "rh-load: $T/r.json:2:79: 'role' is out of range for int; Slider: \"Numeric value (3000000000) out of range of int  at [Source: ...; line: 2, column: 89]\""
}

@test "an unknown record type is refused (case 119)" {
	{ hdr 1000; printf '{"entry":{"%s.Future":{}}}\n' "$NS"; foot 0; } > "$T/h.json"
	run --separate-stderr rh-load "$T/h.json"
	assert_failure "$EXIT_DATAERR"
	assert_stderr "rh-load: $T/h.json:2:11: unknown record type '$NS.Future'"
	run --separate-stderr rh-load --strict "$T/h.json"
	assert_stderr "rh-load: $T/h.json:2:11: unknown record type '$NS.Future'; Slider: \"Unknown union branch $NS.Future\""
	run --separate-stderr rh-load --strict "$T/nothing"
	assert_failure "$EXIT_NOINPUT"
}

@test "a missing footer, a broken file, an empty file: exit 65 naming the place" {
	{ hdr 1000; ent h1 0 false 5; } > "$T/nofoot.json"
	run --separate-stderr rh-load "$T/nofoot.json"
	assert_failure "$EXIT_DATAERR"
	assert_output ""
	assert_stderr "rh-load: $T/nofoot.json:1:1: the input ends before the RoleHistoryFooter of the save begun here"
	printf '{broken:true}' > "$T/broken.json"
	run --separate-stderr rh-load "$T/broken.json"
	assert_failure "$EXIT_DATAERR"
	assert_stderr_partial "rh-load: $T/broken.json:1:2: "
	: > "$T/empty.json"
	run --separate-stderr rh-load "$T/empty.json"
	assert_failure "$EXIT_DATAERR"
	assert_stderr "rh-load: $T/empty.json: no history: the input is empty"
	printf '{"entry":{"a":{},"b":{}}}\n' > "$T/two.json"
	run --separate-stderr rh-load "$T/two.json"
	assert_failure "$EXIT_DATAERR"
	assert_stderr "rh-load: $T/two.json:1:10: 'entry' must be an object with one key, the record type"
	printf '{"record":1}\n' > "$T/no.json"
	run --separate-stderr rh-load "$T/no.json"
	assert_stderr "rh-load: $T/no.json:1:1: not a history record: no 'entry'"
	{ hdr 1000; ent h1 0 false; } > "$T/miss.json"
	sed -i 's/,"last_used":}/}/' "$T/miss.json"
	run --separate-stderr rh-load "$T/miss.json"
	assert_failure "$EXIT_DATAERR"
	assert_stderr "rh-load: $T/miss.json:2:59: NodeEntryRecord has no 'last_used'"
	run --separate-stderr rh-load "$T/missing.json"
	assert_failure "$EXIT_NOINPUT"
	assert_stderr "rh-load: cannot open '$T/missing.json': No such file or directory"
}

# tests/data/cut: the second save of examples/history damaged three ways.
CUT="$DATA/cut"
RUNS="this record is not closed: it runs into the record at"

@test "a record cut short is reported where it begins, not at the end of the file" {
	# a line cut short in the middle of the file
	run --separate-stderr rh-load --now $NOW "$CUT/line.json"
	assert_failure "$EXIT_DATAERR"
	assert_output ""
	assert_stderr "rh-load: $CUT/line.json:4:1: $RUNS 5:1 (a line cut short?)"
	# a record that does not close swallows the lines after it
	run --separate-stderr rh-load --now $NOW "$CUT/swallow.json"
	assert_failure "$EXIT_DATAERR"
	assert_stderr "rh-load: $CUT/swallow.json:6:1: $RUNS 7:1 (a line cut short?)"
	# the file ends inside a record: where it ends, and where the record starts
	run --separate-stderr rh-load --now $NOW "$CUT/end.json"
	assert_failure "$EXIT_DATAERR"
	assert_stderr "rh-load: $CUT/end.json:10:80: unexpected end of file: the record that starts at 10:1 is not closed"
	# standard input too; a record broken before its cut is reported where it breaks
	run --separate-stderr bash -c "rh-load --now $NOW < '$CUT/line.json'"
	assert_stderr "rh-load: <stdin>:4:1: $RUNS 5:1 (a line cut short?)"
	{ hdr 1000; printf '{"entry" {\n'; ent h1 0 false 5; foot 1; } > "$T/b.json"
	run --separate-stderr rh-load "$T/b.json"
	assert_stderr "rh-load: $T/b.json:2:10: object property name separator ':' expected"
}

@test "--strict: a record cut short says where Slider's reader stops, in its words" {
	JSON="not JSON as Slider's parser reads it; Slider:"
	run --separate-stderr rh-load --strict "$CUT/line.json"
	assert_failure "$EXIT_DATAERR"
	assert_stderr "rh-load: $CUT/line.json:4:75: $JSON \"Illegal unquoted character ((CTRL-CHAR, code 10)): has to be escaped using backslash to be included in string value  at [Source: ...; line: 4, column: 76]\""
	run --separate-stderr rh-load --strict "$CUT/swallow.json"
	assert_stderr "rh-load: $CUT/swallow.json:7:1: $JSON \"Unexpected character ('{' (code 123)): was expecting comma to separate OBJECT entries  at [Source: ...; line: 7, column: 2]\""
	# at the end of the input Jackson counts on by its last read's length
	run --separate-stderr rh-load --strict "$CUT/end.json"
	assert_stderr "rh-load: $CUT/end.json:10:80: $JSON \"Unexpected end-of-input in VALUE_STRING  at [Source: ...; line: 10, column: 1380]\""
	# a pretty-printed record: Jackson's own position of the object, columns from 0
	{ hdr 1000; printf '{"entry":{"%s.NodeEntryRecord":{\n  "host": "h1",\n  "role": 0' "$NS"; } > "$T/p.json"
	run --separate-stderr rh-load --strict "$T/p.json"
	assert_stderr "rh-load: $T/p.json:4:12: $JSON \"Unexpected end-of-input: expected close marker for OBJECT (from [Source: ...; line: 2, column: 10])  at [Source: ...; line: 4, column: 726]\""
	# a record Slider refuses for its type, before the cut
	{ hdr 1000; printf '{"entry":{"placekit.Container":{"id":"c\n'; ent h1 0 false 5; foot 1; } > "$T/pk.json"
	run --separate-stderr rh-load --strict "$T/pk.json"
	assert_stderr "rh-load: $T/pk.json:2:11: 'placekit.Container' is a placekit record, not one of Slider's; Slider: \"Unknown union branch placekit.Container\""
}

@test "a directory: a file with a record cut short is skipped, saying where" {
	mkdir "$T/h"
	cp_fixture "$EXAMPLES/history/rolehistory-000001a1fd8c6900.json" "$T/h/"
	cp_fixture "$CUT/line.json" "$T/h/rolehistory-000001a201692e00.json"
	run --separate-stderr rh-load --strict --now $NOW "$T/h"
	assert_success
	assert_stderr "rh-load: $T/h/rolehistory-000001a201692e00.json:4:75: warning: skipping this file: not JSON as Slider's parser reads it; Slider: \"Illegal unquoted character ((CTRL-CHAR, code 10)): has to be escaped using backslash to be included in string value  at [Source: ...; line: 4, column: 76]\""
	assert_line --partial '"saved":1795255200000'
}

# --- history directories (cases 6, 7, 15, 118, 122, 132) ---

@test "a directory: the newest loadable save wins; empty and broken ones are skipped; nothing deleted" {
	d=$T/history
	mkdir "$d"
	{ hdr 0; foot 0; } > "$d/rolehistory-0000000000000000.json"
	{ hdr 1; ent localhost 0 false 61453; foot 1; } > "$d/rolehistory-0000000000000001.json"
	: > "$d/rolehistory-0000000000000003.json"
	printf '{broken:true}' > "$d/rolehistory-0000000000000002.json"
	printf 'hello, world' > "$d/file.json"
	mkdir "$d/rolehistory-0000000000000009.json"
	run --separate-stderr rh-load --now $NOW "$d"
	assert_success
	assert_stderr "rh-load: $d/rolehistory-0000000000000003.json: warning: skipping this file: it is empty
rh-load: $d/rolehistory-0000000000000002.json:1:2: warning: skipping this file: not JSON as Slider's parser reads it; Slider: \"Unexpected character ('b' (code 98)): was expecting double-quote to start field name  at [Source: ...; line: 1, column: 3]\""
	assert_line --partial '"host":"localhost","role":0,"active":false,"last_used":61453'
	run --separate-stderr rh-load --now $NOW "$d/"
	assert_success
	assert_stderr_partial "rh-load: $d/rolehistory-0000000000000003.json: warning"
	run ls "$d"
	assert_output "file.json
rolehistory-0000000000000000.json
rolehistory-0000000000000001.json
rolehistory-0000000000000002.json
rolehistory-0000000000000003.json
rolehistory-0000000000000009.json"
}

@test "a directory: a newer file without footer is skipped; a valid empty newer save wins (cases 118, 122)" {
	d=$T/history
	mkdir "$d"
	{ hdr 1; ent h1 0 false 5; foot 1; } > "$d/rolehistory-0000000000000001.json"
	{ hdr 3; ent h3 0 false 5; } > "$d/rolehistory-0000000000000003.json"
	run --separate-stderr rh-load --now $NOW "$d"
	assert_success
	assert_stderr "rh-load: $d/rolehistory-0000000000000003.json:3:1: warning: skipping this file: the input ends before the RoleHistoryFooter; Slider: \"End of file reached after 1 records\""
	assert_line --partial '"host":"h1"'
	{ hdr 2; foot 0; } > "$d/rolehistory-0000000000000002.json"
	run rh-load -q --now $NOW "$d"
	assert_success
	refute_output --partial NodeEntryRecord
	assert_line --index 0 --partial '"saved":2,'
}

@test "a directory: names are compared as names, so rolehistory-zzz.json comes first (case 132)" {
	d=$T/history
	mkdir "$d"
	{ hdr 1000; ent old 0 false 5; foot 1; } > "$d/rolehistory-00000000000003e8.json"
	{ hdr 2000; ent zzz 0 false 5; foot 1; } > "$d/rolehistory-zzz.json"
	run -0 rh-load --now $NOW "$d"
	assert_line --partial '"host":"zzz"'
}

@test "a directory under --strict: refused files are skipped with Slider's reason" {
	d=$T/history
	mkdir "$d"
	{ hdr 1; ent h1 0 false 5; foot 1; } > "$d/rolehistory-0000000000000001.json"
	{ hdr 2; pk Node '"host":"h2"'; foot 0; } > "$d/rolehistory-0000000000000002.json"
	run --separate-stderr rh-load --strict --now $NOW "$d"
	assert_success
	assert_stderr "rh-load: $d/rolehistory-0000000000000002.json:2:11: warning: skipping this file: 'placekit.Node' is a placekit record, not one of Slider's; Slider: \"Unknown union branch placekit.Node\""
	assert_line --partial '"host":"h1"'
}

@test "a directory with nothing loadable: an empty history saved now (bootstrap, case 1)" {
	mkdir "$T/empty"
	run --separate-stderr rh-load -R "$HIST/mock3.json" --now 1000 "$T/empty"
	assert_success
	assert_stderr "rh-load: $T/empty: warning: no loadable history: starting empty"
	assert_line --index 0 "{\"entry\":{\"$NS.RoleHistoryHeader\":{\"version\":1,\"saved\":1000,\"savedx\":\"3e8\",\"savedate\":\"1 Jan 1970 00:00:01 GMT\",\"roles\":3}}}"
	assert_line --index 1 "{\"entry\":{\"$NS.RoleHistoryMapping\":{\"rolemap\":{\"role0\":0,\"role1\":1,\"role2\":2}}}}"
	assert_line --index 5 "{\"entry\":{\"$NS.RoleHistoryFooter\":{\"count\":0}}}"
	run --separate-stderr rh-load "$T/no-such-dir/"
	assert_failure "$EXIT_NOINPUT"
}

# --- state streams ---

@test "a state stream is taken as it is: rh-load x | rh-load - changes nothing" {
	run -0 bash -c "rh-load -R '$EXAMPLES/resources.json' --now 2026-11-22T10:00:00Z \
	    --events '$EXAMPLES/events.ndjson' '$EXAMPLES/history' > '$T/s1' &&
	    rh-load --now 2026-11-22T12:00:00Z - < '$T/s1' > '$T/s2' && cmp '$T/s1' '$T/s2'"
	run -0 bash -c "rh-load --now $NOW '$SAMPLES/history-v01-6-role.json' > '$T/p1' &&
	    rh-load --now $NOW '$T/p1' | cmp - '$T/p1'"
}

@test "a state stream with nothing in flight is a valid persisted history" {
	rh-load --now $NOW "$SAMPLES/history_v01b_1_role.json" > "$T/s"
	run --separate-stderr rh-load --strict --now $NOW "$T/s"
	assert_success
	assert_stderr ""
}

@test "state records: counters, roles, nodes, containers and requests round trip" {
	{ hdr 1000 2; map '{"web":0,"db":1}'
	  pk Role '"name":"web","id":0,"desired":2,"policy":4,"failure_threshold":-1,"escalate_ms":5000,"label":"gpu"'
	  pk Role '"name":"db","id":1,"desired":0,"policy":0,"failure_threshold":3,"escalate_ms":30000'
	  pk Node '"host":"h1","state":"LOST"'
	  pk Node '"host":"h2","state":"RUNNING","label":"gpu"'
	  ent h1 0 true 900 '"starting":1,"live":2,"releasing":1,"failed":4,"failed_recently":3,"start_failed":2,"preempted":1'
	  ent h2 1 false 800 '"untrusted":true'
	  pk Container '"id":"c1","host":"h1","role":0,"state":"live","since":700'
	  pk Container '"id":"c2","host":"h1","role":0,"state":"releasing","since":710,"surplus":true'
	  pk Request '"role":0,"kind":"aa","hosts":["h1","h2"],"priority":0,"issued":950'
	  pk Request '"role":1,"kind":"placed","host":"h2","priority":1,"issued":960,"deadline":990'
	  pk Request '"role":1,"kind":"escalated","host":"h2","label":"x","priority":1073741825,"issued":970'
	  foot 2; } > "$T/s.json"
	run --separate-stderr rh-load --now $NOW "$T/s.json"
	assert_success
	assert_stderr ""
	assert_output "$(cat "$T/s.json")"
}

@test "state records: bad values are refused with their position" {
	{ hdr 1000; pk Container '"id":"c1","host":"h1","role":0,"state":"sleeping","since":7'; foot 0; } > "$T/a.json"
	run --separate-stderr rh-load "$T/a.json"
	assert_failure "$EXIT_DATAERR"
	assert_stderr "rh-load: $T/a.json:2:72: 'sleeping' is not a container state (allocated, starting, live, releasing)"
	{ hdr 1000; pk Request '"role":0,"kind":"placed","issued":1,"deadline":2'; foot 0; } > "$T/b.json"
	run --separate-stderr rh-load "$T/b.json"
	assert_stderr "rh-load: $T/b.json:2:1: a placed request needs a 'host'"
	{ hdr 1000; ent h1 0 false 5 '"live":-1'; foot 1; } > "$T/c.json"
	run --separate-stderr rh-load "$T/c.json"
	assert_stderr "rh-load: $T/c.json:2:117: 'live' must not be negative"
	{ hdr 1000; pk Node '"host":"h1","state":"running"'; foot 0; } > "$T/d.json"
	run --separate-stderr rh-load "$T/d.json"
	assert_stderr "rh-load: $T/d.json:2:48: 'running' is not a YARN node state"
	{ hdr 1000; pk Role '"name":"a","id":0'; pk Role '"name":"a","id":1'; foot 0; } > "$T/e.json"
	run --separate-stderr rh-load "$T/e.json"
	assert_stderr "rh-load: $T/e.json:3:1: role 'a' (id 1) is defined twice"
}

@test "state: the stream's roles define which entries are kept; -R replaces them" {
	{ hdr 1000 1; pk Role '"name":"a","id":0'; ent h1 0 false 5; ent h1 4 false 5; foot 2; } > "$T/s.json"
	run --separate-stderr rh-load --now $NOW "$T/s.json"
	assert_success
	assert_stderr "rh-load: $T/s.json: warning: 1 entry of unknown roles discarded (role 4)"
	run --separate-stderr rh-load -R "$HIST/mock3.json" --now $NOW "$T/s.json"
	assert_stderr "rh-load: $T/s.json:2:1: warning: placekit.Role records ignored: the roles given (-R) replace them
rh-load: $T/s.json: warning: 1 entry of unknown roles discarded (role 4)
rh-load: $T/s.json: warning: the history was saved with 1 roles, 3 are defined"
	assert_line --partial '"placekit.Role":{"name":"role0"'
}

@test "--max-age on a state stream: a warning, nothing dropped" {
	{ hdr 100000000000 1; ent h1 0 false 5 '"failed":1'; foot 1; } > "$T/s.json"
	run --separate-stderr rh-load --max-age 1d --now $NOW "$T/s.json"
	assert_success
	assert_stderr "rh-load: $T/s.json: warning: --max-age applies to persisted saves, not to a state stream"
	assert_line --partial '"host":"h1"'
}

# --- events: outstanding requests, container lifecycle, outcomes ---

# A MOCK3 state with fixture F5's idle hosts (list[0] = [age3, age2]).
f5() {
	{ hdr 1000; map '{"role0":0,"role1":1,"role2":2}'
	  ent age2 0 false 2; ent age3 0 false 3; foot 2; } > "$T/f5.json"
}

# ENTRY-of HOST ROLE from the state in $output
entry_of() {
	grep -F "NodeEntryRecord\":{\"host\":\"$1\",\"role\":$2," <<< "$output"
}

@test "events: start failure keeps the host off the list (cases 57, 58)" {
	f5
	printf '%s\n' \
	    '{"event":"allocated","container":"c1","host":"age3","priority":0,"time":10}' \
	    '{"event":"start_failed","container":"c1","time":20}' > "$T/ev"
	run --separate-stderr rh-load -R "$HIST/mock3.json" --now $NOW --events "$T/ev" "$T/f5.json"
	assert_success
	assert_stderr ""
	run entry_of age3 0
	assert_output "{\"entry\":{\"$NS.NodeEntryRecord\":{\"host\":\"age3\",\"role\":0,\"active\":false,\"last_used\":3,\"failed\":1,\"failed_recently\":1,\"start_failed\":1,\"untrusted\":true}}}"
	run rh-load -q -R "$HIST/mock3.json" --now $NOW --events "$T/ev" --format lists "$T/f5.json"
	assert_line "0 role0: age2"
}

@test "events: a long-lived failure puts the host back at the head (case 59, 97)" {
	f5
	printf '%s\n' \
	    '{"event":"allocated","container":"c1","host":"age2","role":0,"time":10}' \
	    '{"event":"started","container":"c1","time":20}' \
	    '{"event":"completed","container":"c1","exit_status":1,"time":3600020}' > "$T/ev"
	run -0 rh-load -R "$HIST/mock3.json" --now $NOW --events "$T/ev" "$T/f5.json"
	run entry_of age2 0
	assert_output "{\"entry\":{\"$NS.NodeEntryRecord\":{\"host\":\"age2\",\"role\":0,\"active\":false,\"last_used\":3600020,\"failed\":1,\"failed_recently\":1}}}"
	run rh-load -R "$HIST/mock3.json" --now $NOW --events "$T/ev" --format lists "$T/f5.json"
	assert_line "0 role0: age2 age3"
}

@test "events: a short-lived failure is a start failure whatever the exit (cases 96, 129)" {
	f5
	for how in '"exit_status":1' '"exit_status":-100' '"outcome":"preempted"'; do
		printf '%s\n' \
		    '{"event":"allocated","container":"c1","host":"age2","role":0,"time":10}' \
		    '{"event":"started","container":"c1","time":20}' \
		    "{\"event\":\"completed\",\"container\":\"c1\",$how,\"time\":59999}" > "$T/ev"
		run -0 rh-load -R "$HIST/mock3.json" --now $NOW --events "$T/ev" "$T/f5.json"
		run entry_of age2 0
		assert_output "{\"entry\":{\"$NS.NodeEntryRecord\":{\"host\":\"age2\",\"role\":0,\"active\":false,\"last_used\":2,\"failed\":1,\"failed_recently\":1,\"start_failed\":1,\"untrusted\":true}}}"
	done
	# never started at all (case 129)
	printf '%s\n' \
	    '{"event":"allocated","container":"c1","host":"age2","role":0,"time":10}' \
	    '{"event":"completed","container":"c1","exit_status":-100,"time":900000}' > "$T/ev"
	run -0 rh-load -R "$HIST/mock3.json" --now $NOW --events "$T/ev" "$T/f5.json"
	run entry_of age2 0
	assert_output --partial '"failed":1,"failed_recently":1,"start_failed":1,"untrusted":true'
	# 60 s exactly is long-lived
	printf '%s\n' \
	    '{"event":"allocated","container":"c1","host":"age2","role":0,"time":10}' \
	    '{"event":"started","container":"c1","time":20}' \
	    '{"event":"completed","container":"c1","exit_status":1,"time":60020}' > "$T/ev"
	run -0 rh-load -R "$HIST/mock3.json" --now $NOW --events "$T/ev" "$T/f5.json"
	run entry_of age2 0
	assert_output --partial '"last_used":60020,"failed":1,"failed_recently":1}}}'
}

@test "events: exit statuses and outcomes map to counters as Slider's ContainerOutcome does (cases 76-80, 86)" {
	f5
	check() {	# COMPLETION-FIELDS EXPECTED-COUNTER-FIELDS
		printf '%s\n' \
		    '{"event":"allocated","container":"c1","host":"age2","role":0,"time":10}' \
		    '{"event":"started","container":"c1","time":20}' \
		    "{\"event\":\"completed\",\"container\":\"c1\",$1,\"time\":100020}" > "$T/ev"
		run -0 rh-load -R "$HIST/mock3.json" --now $NOW --events "$T/ev" "$T/f5.json"
		run entry_of age2 0
		assert_output "{\"entry\":{\"$NS.NodeEntryRecord\":{\"host\":\"age2\",\"role\":0,\"active\":false,\"last_used\":100020$2}}}"
	}
	for s in 0 -100 -105 -106 -107 -103 -104; do check "\"exit_status\":$s" ""; done
	check '"exit_status":-101' ',"failed":1,"failed_recently":1'
	check '"exit_status":-102' ',"preempted":1'
	for s in 1 2 -1000; do check "\"exit_status\":$s" ',"failed":1,"failed_recently":1'; done
	check '"outcome":"completed"' ""
	check '"outcome":"limits_exceeded"' ""
	check '"outcome":"failed"' ',"failed":1,"failed_recently":1'
	check '"outcome":"node_failure"' ',"failed":1,"failed_recently":1'
	check '"outcome":"preempted"' ',"preempted":1'
}

@test "events: a released container completes as a release, whatever its exit" {
	{ hdr 1000; map '{"role0":0,"role1":1,"role2":2}'
	  ent h1 0 true 5 '"live":2,"releasing":1'
	  pk Container '"id":"c1","host":"h1","role":0,"state":"releasing","since":900'
	  pk Container '"id":"c2","host":"h1","role":0,"state":"live","since":800'
	  foot 1; } > "$T/s.json"
	printf '%s\n' '{"event":"completed","container":"c1","exit_status":-102,"time":5000}' > "$T/ev"
	run -0 rh-load -R "$HIST/mock3.json" --now $NOW --events "$T/ev" "$T/s.json"
	run entry_of h1 0
	assert_output "{\"entry\":{\"$NS.NodeEntryRecord\":{\"host\":\"h1\",\"role\":0,\"active\":true,\"last_used\":5}}}"
	printf '%s\n' '{"event":"completed","container":"c2","exit_status":0,"time":100000}' >> "$T/ev"
	run -0 rh-load -R "$HIST/mock3.json" --now $NOW --events "$T/ev" "$T/s.json"
	run entry_of h1 0
	assert_output "{\"entry\":{\"$NS.NodeEntryRecord\":{\"host\":\"h1\",\"role\":0,\"active\":false,\"last_used\":100000}}}"
}

@test "events: allocations match placed, then aa, then the oldest open request (cases 37, 39)" {
	{ hdr 1000; map '{"role0":0,"role1":1,"role2":2}'
	  pk Role '"name":"role0","id":0,"desired":3'
	  pk Role '"name":"role1","id":1,"desired":5'
	  ent age2 0 false 2; ent age3 0 false 3
	  pk Request '"role":0,"kind":"placed","host":"age3","priority":0,"issued":100,"deadline":1100'
	  pk Request '"role":0,"kind":"placed","host":"age2","priority":0,"issued":101,"deadline":1101'
	  pk Request '"role":0,"kind":"open","priority":1073741824,"issued":102'
	  pk Request '"role":1,"kind":"aa","hosts":["h7","h8"],"priority":1,"issued":103'
	  pk Request '"role":1,"kind":"open","priority":1073741825,"issued":104'
	  foot 2; } > "$T/s.json"
	printf '%s\n' '{"event":"allocated","container":"c1","host":"age3","priority":0}' > "$T/ev"
	run -0 rh-load --now $NOW --events "$T/ev" "$T/s.json"
	refute_output --partial '"host":"age3","priority"'
	assert_output --partial '"host":"age2","priority"'
	assert_output --partial '"kind":"open","priority":1073741824'
	# an unlocated container on another host takes the open request (Open)
	printf '%s\n' '{"event":"allocated","container":"c2","host":"three","priority":1073741824}' >> "$T/ev"
	run -0 rh-load --now $NOW --events "$T/ev" "$T/s.json"
	refute_output --partial '"kind":"open","priority":1073741824'
	assert_output --partial '"host":"age2","priority"'
	# a placed priority on an unrequested host matches nothing; the role is
	# now fully allocated, so its remaining requests go (case 39)
	printf '%s\n' '{"event":"allocated","container":"c3","host":"four","priority":0}' >> "$T/ev"
	run -0 rh-load --now $NOW --events "$T/ev" "$T/s.json"
	refute_output --partial '"placekit.Request":{"role":0'
	run rh-load --now $NOW --events "$T/ev" --format lists "$T/s.json"
	assert_line "0 role0: age2"
	# an aa request listing the host
	printf '%s\n' '{"event":"allocated","container":"c4","host":"h8","role":1}' >> "$T/ev"
	run -0 rh-load --now $NOW --events "$T/ev" "$T/s.json"
	refute_output --partial '"kind":"aa"'
	assert_output --partial '"kind":"open","priority":1073741825'
	assert_line "{\"entry\":{\"placekit.Container\":{\"id\":\"c4\",\"host\":\"h8\",\"role\":1,\"state\":\"allocated\",\"since\":$NOW}}}"
	run entry_of h8 1
	assert_output --partial '"active":false,"last_used":0,"starting":1}}}'
}

@test "events: an allocation beyond desired is surplus, released and not counted (case 107)" {
	{ hdr 1000; pk Role '"name":"r","id":0,"desired":1'; foot 0; } > "$T/s.json"
	printf '%s\n' \
	    '{"event":"allocated","container":"c1","host":"h1","role":0,"time":10}' \
	    '{"event":"allocated","container":"c2","host":"h2","role":0,"time":11}' > "$T/ev"
	run -0 rh-load --now $NOW --events "$T/ev" "$T/s.json"
	assert_line '{"entry":{"placekit.Container":{"id":"c2","host":"h2","role":0,"state":"releasing","since":11,"surplus":true}}}'
	refute_output --partial '"host":"h2","role":0,"active"'
	printf '%s\n' '{"event":"completed","container":"c2","exit_status":-105,"time":20}' >> "$T/ev"
	run -0 rh-load --now $NOW --events "$T/ev" "$T/s.json"
	refute_output --partial '"c2"'
	refute_output --partial '"host":"h2"'
}

@test "events: live containers after an AM restart, last used now (case 101)" {
	f5
	printf '%s\n' \
	    '{"event":"live","container":"c1","host":"00000000","role":0}' \
	    '{"event":"live","container":"c2","host":"00000000","role":1}' \
	    '{"event":"live","container":"c3","host":"00000000","role":1}' > "$T/ev"
	run -0 rh-load -R "$HIST/mock3.json" --now $NOW --events "$T/ev" "$T/f5.json"
	run entry_of 00000000 1
	assert_output "{\"entry\":{\"$NS.NodeEntryRecord\":{\"host\":\"00000000\",\"role\":1,\"active\":true,\"last_used\":$NOW,\"live\":2}}}"
	run rh-load -R "$HIST/mock3.json" --now $NOW --events "$T/ev" --format lists "$T/f5.json"
	assert_line "0 role0: age3 age2"
}

@test "events: node reports create and update nodes; a changed cluster drops aa requests (case 62)" {
	{ hdr 1000; ent age3 0 false 3
	  pk Request '"role":2,"kind":"aa","hosts":["age3"],"priority":2,"issued":5'; foot 1; } > "$T/s.json"
	# a node going offline is no change for anti-affinity
	printf '%s\n' '{"event":"node","host":"age3","state":"LOST"}' > "$T/ev"
	run -0 rh-load --now $NOW --events "$T/ev" "$T/s.json"
	assert_line '{"entry":{"placekit.Node":{"host":"age3","state":"LOST"}}}'
	assert_output --partial '"kind":"aa"'
	# coming back is
	printf '%s\n' '{"event":"node","host":"age3","state":"RUNNING"}' >> "$T/ev"
	run -0 rh-load --now $NOW --events "$T/ev" "$T/s.json"
	assert_line '{"entry":{"placekit.Node":{"host":"age3","state":"RUNNING"}}}'
	refute_output --partial '"kind":"aa"'
	# so is a new node, even one that is down; and a label change
	for ev in '{"event":"node","host":"newhost","state":"LOST","label":"gpu"}' \
	    '{"event":"node","host":"age3","state":"RUNNING","label":"gpu"}'; do
		printf '%s\n' "$ev" > "$T/ev"
		run -0 rh-load --now $NOW --events "$T/ev" "$T/s.json"
		refute_output --partial '"kind":"aa"'
	done
	printf '%s\n' '{"event":"node","host":"newhost","state":"LOST","label":"gpu"}' > "$T/ev"
	run -0 rh-load --now $NOW --events "$T/ev" "$T/s.json"
	assert_line '{"entry":{"placekit.Node":{"host":"newhost","state":"LOST","label":"gpu"}}}'
	run rh-load --now $NOW --events "$T/ev" --format table "$T/s.json"
	assert_line --regexp '^newhost +\(no entries\) node LOST, label gpu$'
}

@test "events and --reset-failures clear failed_recently only" {
	{ hdr 1000; ent h1 0 false 5 '"failed":4,"failed_recently":3'; foot 1; } > "$T/s.json"
	run -0 rh-load --now $NOW --reset-failures "$T/s.json"
	run entry_of h1 0
	assert_output "{\"entry\":{\"$NS.NodeEntryRecord\":{\"host\":\"h1\",\"role\":0,\"active\":false,\"last_used\":5,\"failed\":4}}}"
	echo '{"event":"reset_failures"}' > "$T/ev"
	run -0 rh-load --now $NOW --events "$T/ev" "$T/s.json"
	run entry_of h1 0
	assert_output --partial '"last_used":5,"failed":4}}}'
}

@test "events: unknown containers are ignored with a warning; bad events stop with 65" {
	f5
	echo '{"event":"started","container":"nope"}' > "$T/ev"
	run --separate-stderr rh-load --now $NOW --events "$T/ev" "$T/f5.json"
	assert_success
	assert_stderr "rh-load: $T/ev:1:32: warning: start of unknown container 'nope' ignored"
	bad() {	# EVENT-LINE MESSAGE
		printf '%s\n' '{"event":"reset_failures"}' "$1" > "$T/ev"
		run --separate-stderr rh-load -R "$HIST/mock3.json" --now $NOW --events "$T/ev" "$T/f5.json"
		assert_failure "$EXIT_DATAERR"
		assert_output ""
		assert_stderr "rh-load: $T/ev:2:$2"
	}
	bad '{"event":"exploded"}' "10: unknown event 'exploded'"
	bad '{"kind":"started"}' "1: an event needs \"event\": its kind as a string"
	bad '{"event":"started"}' "1: a 'started' event needs 'container'"
	bad '{"event":"started","container":"c","exit_status":1}' "36: unknown field 'exit_status' in a 'started' event"
	bad '{"event":"completed","container":"c"}' "1: a 'completed' event needs one of 'exit_status' and 'outcome'"
	bad '{"event":"completed","container":"c","outcome":"ok"}' "48: 'ok' is not an outcome (completed, failed, node_failure, preempted, limits_exceeded)"
	bad '{"event":"allocated","container":"c","host":"h"}' "1: an allocation needs 'priority' or 'role'"
	bad '{"event":"allocated","container":"c","host":"h","role":9}' "56: unknown role 9"
	bad '{"event":"allocated","container":"c","host":"h","role":"0"}' "56: 'role' must be an integer, not a string"
	bad '{"event":"allocated","container":"c","host":"h","role":1,"priority":0}' "56: role 1 does not match priority 0"
	bad '{"event":"node","host":"h","state":"up"}' "36: 'up' is not a YARN node state"
	bad '{"event":"started","container":"c","time":"noon"}' "43: 'time' must be milliseconds since the epoch, not a string"
	bad 'not json' "1: expected a JSON object"
	printf '%s\n' '{"event":"live","container":"c","host":"h","role":0}' \
	    '{"event":"live","container":"c","host":"h","role":0}' > "$T/ev"
	run --separate-stderr rh-load --now $NOW --events "$T/ev" "$T/f5.json"
	assert_failure "$EXIT_DATAERR"
	assert_stderr "rh-load: $T/ev:2:29: container 'c' is already known"
	run --separate-stderr rh-load --now $NOW --events "$T/none" "$T/f5.json"
	assert_failure "$EXIT_NOINPUT"
}

@test "invalid UTF-8 in a save: read as Slider's parser decodes it, else bad input with its position; in an event or -R, bad input" {
	# Slider's parser decodes overlong forms and encoded surrogates as
	# they come; the host is that Java string, its surrogates escaped
	for bad in '\xc0\xaf:a/b' '\xed\xa0\x80:a\ud800b' '\xf4\x90\x80\x80:a\udc00\udc00b' '\xe0\x80\xaf:a/b'; do
		{ hdr 1000; printf '%b\n' "{\"entry\":{\"$NS.NodeEntryRecord\":{\"host\":\"a${bad%%:*}b\",\"role\":0,\"active\":false,\"last_used\":2}}}"
		  foot 1; } > "$T/h.json"
		run -0 rh-load --now $NOW --max-age 0 "$T/h.json"
		assert_line --partial "\"host\":\"${bad#*:}\","
		# with a field Slider refuses, placekit reads it: not UTF-8
		{ hdr 1000; printf '%b\n' "{\"entry\":{\"$NS.NodeEntryRecord\":{\"role\":0,\"host\":\"a${bad%%:*}b\",\"active\":false,\"last_used\":2,\"x\":1}}}"
		  foot 1; } > "$T/h.json"
		run --separate-stderr rh-load --now $NOW "$T/h.json"
		assert_failure "$EXIT_DATAERR"
		assert_stderr "rh-load: $T/h.json:2:78: invalid UTF-8 in string"
	done
	# a stray continuation byte: Slider's parser refuses it too
	{ hdr 1000; printf '%b\n' "{\"entry\":{\"$NS.NodeEntryRecord\":{\"host\":\"a\x80b\",\"role\":0,\"active\":false,\"last_used\":2}}}"
	  foot 1; } > "$T/h.json"
	run --separate-stderr rh-load --now $NOW "$T/h.json"
	assert_failure "$EXIT_DATAERR"
	assert_output ""
	assert_stderr "rh-load: $T/h.json:2:69: invalid UTF-8 in string"
	run --separate-stderr rh-load --strict --now $NOW "$T/h.json"
	assert_stderr "rh-load: $T/h.json:2:69: not JSON as Slider's parser reads it; Slider: \"Invalid UTF-8 start byte 0x80  at [Source: ...; line: 2, column: 70]\""
	f5
	printf '%b\n' '{"event":"node","host":"h\xed\xa0\x80","state":"RUNNING"}' > "$T/ev"
	run --separate-stderr rh-load --now $NOW --events "$T/ev" "$T/f5.json"
	assert_failure "$EXIT_DATAERR"
	assert_stderr "rh-load: $T/ev:1:26: invalid UTF-8 in string"
	printf '%b\n' '{"schema":"x","metadata":{},"global":{},"components":{"r\xc0\xaf":{"yarn.role.priority":"1"}}}' > "$T/R.json"
	run --separate-stderr rh-load -R "$T/R.json" --now $NOW "$T/f5.json"
	assert_failure "$EXIT_CONFIG"
	assert_stderr "rh-load: $T/R.json:1:57: invalid UTF-8 in string"
	# valid UTF-8 goes through as it is
	{ hdr 1000; printf '%b\n' "{\"entry\":{\"$NS.NodeEntryRecord\":{\"host\":\"h\xc3\xa9\xf0\x9f\x98\x80\",\"role\":0,\"active\":false,\"last_used\":2}}}"
	  foot 1; } > "$T/h.json"
	run -0 rh-load --now $NOW "$T/h.json"
	assert_output --partial "$(printf '"host":"h\xc3\xa9\xf0\x9f\x98\x80"')"
}

@test "events and saves: a time outside 1970 to 9999 is bad input, never a wrapped difference" {
	f5
	# near INT64_MIN and INT64_MAX, 'completed - started' overflowed
	printf '%s\n' \
	    '{"event":"allocated","container":"c1","host":"age2","role":0,"time":-9223372036854775807}' \
	    '{"event":"started","container":"c1","time":-9223372036854775807}' \
	    '{"event":"completed","container":"c1","exit_status":0,"time":9223372036854775807}' > "$T/ev"
	run --separate-stderr rh-load -R "$HIST/mock3.json" --now $NOW --events "$T/ev" "$T/f5.json"
	assert_failure "$EXIT_DATAERR"
	assert_output ""
	assert_stderr "rh-load: $T/ev:1:69: 'time' is out of range for a time (1970 to 9999)"
	printf '%s\n' '{"event":"started","container":"c1","time":253402300800000}' > "$T/ev"
	run --separate-stderr rh-load --now $NOW --events "$T/ev" "$T/f5.json"
	assert_failure "$EXIT_DATAERR"
	assert_stderr "rh-load: $T/ev:1:44: 'time' is out of range for a time (1970 to 9999)"
	# the last millisecond of 9999 is a time
	printf '%s\n' \
	    '{"event":"allocated","container":"c1","host":"age2","role":0,"time":0}' \
	    '{"event":"started","container":"c1","time":0}' \
	    '{"event":"completed","container":"c1","exit_status":0,"time":253402300799999}' > "$T/ev"
	run --separate-stderr rh-load -R "$HIST/mock3.json" --now $NOW --events "$T/ev" "$T/f5.json"
	assert_success
	assert_stderr ""
	run entry_of age2 0
	assert_output --partial '"last_used":253402300799999'
	# a save's container and request times
	{ hdr 1000; map '{"role0":0,"role1":1,"role2":2}'
	  pk Container '"id":"c","host":"h","role":0,"state":"live","since":-1'
	  foot 0; } > "$T/c.json"
	run --separate-stderr rh-load --now $NOW "$T/c.json"
	assert_failure "$EXIT_DATAERR"
	assert_stderr "rh-load: $T/c.json:3:85: 'since' is out of range for a time (1970 to 9999)"
	{ hdr 1000; map '{"role0":0,"role1":1,"role2":2}'
	  pk Request '"role":0,"kind":"placed","host":"h","issued":1,"deadline":9223372036854775807'
	  foot 0; } > "$T/q.json"
	run --separate-stderr rh-load --now $NOW "$T/q.json"
	assert_failure "$EXIT_DATAERR"
	assert_stderr "rh-load: $T/q.json:3:89: 'deadline' is out of range for a time (1970 to 9999)"
	# --now too
	run --separate-stderr rh-load --now -1 "$T/f5.json"
	assert_failure "$EXIT_USAGE"
	run --separate-stderr rh-load --now 10000-01-01 "$T/f5.json"
	assert_failure "$EXIT_USAGE"
}

# --- views ---

@test "--format table: counters, last use as a date, availability or why not" {
	{ hdr 1795320000000 3; map '{"a":0,"b":1,"c":2}'
	  pk Role '"name":"a","id":0,"failure_threshold":1'
	  pk Role '"name":"b","id":1'
	  pk Node '"host":"h2","state":"UNHEALTHY"'
	  ent h1 0 true 1795316400000 '"live":2'
	  ent h1 1 false 0 '"untrusted":true,"failed":1,"failed_recently":1,"start_failed":1'
	  ent h2 0 false 1795316400000
	  ent h3 0 false 1795302000000 '"failed_recently":2'
	  ent h4 1 false 1795302000000
	  pk Request '"role":1,"kind":"placed","host":"h4","priority":1,"issued":1795320000000,"deadline":1795320030000'
	  foot 5; } > "$T/s.json"
	run --separate-stderr rh-load --now $NOW --format table "$T/s.json"
	assert_success
	assert_stderr ""
	assert_output "history saved 2026-11-22T04:00:00Z (1795320000000): 4 hosts, 5 entries, 2 roles, 0 containers

HOST  ROLE  LIVE START  REQ  REL FAILED RECENT SFAIL PREEMPT  LAST USED                AVAILABLE
h1    a        2     0    0    0      0      0     0       0  2026-11-22T03:00:00Z     no: 2 live
h1    b        0     0    0    0      1      1     1       0  never                    no: untrusted after a failed start
h2    a        0     0    0    0      0      0     0       0  2026-11-22T03:00:00Z     yes, #1 (node UNHEALTHY)
      node UNHEALTHY
h3    a        0     0    0    0      0      2     0       0  2026-11-21T23:00:00Z     yes, #2 (over the failure threshold 1)
h4    b        0     0    0    0      0      0     0       0  2026-11-21T23:00:00Z     no: a placed request is outstanding

requests:
  b  placed  h4  issued 2026-11-22T04:00:00Z, escalates after 2026-11-22T04:00:30Z"
}

@test "--format table and lists: control characters and invalid UTF-8 in names are shown escaped, one line per row" {
	{ hdr 1000 1; map '{"r\u001b]0;x\u0007":0}'
	  pk Node '"host":"n\u001b[2J","state":"LOST","label":"l\nx"'
	  ent 'a\u001b[31mb\nc' 0 false 1795316400000
	  pk Container '"id":"c\r1","host":"h\t","role":0,"state":"live","since":1795316400000'
	  foot 1; } > "$T/h.json"
	run --separate-stderr rh-load --now $NOW --format lists "$T/h.json"
	assert_success
	assert_output '0 r\x1b]0;x\x07: a\x1b[31mb\nc'
	run --separate-stderr rh-load --now $NOW --format table "$T/h.json"
	assert_success
	refute_output --partial "$(printf '\033')"
	refute_output --partial "$(printf '\r')"
	assert_line --index 2 'a\x1b[31mb\nc  r\x1b]0;x\x07     0     0    0    0      0      0     0       0  2026-11-22T03:00:00Z     yes, #1'
	assert_line --index 3 'h\t            (no entries) node RUNNING'
	assert_line --index 4 'n\x1b[2J       (no entries) node LOST, label l\nx'
	assert_line --index 6 '  c\r1  h\t  r\x1b]0;x\x07  live since 2026-11-22T03:00:00Z'
}

@test "--format lists: each role's available list, most recent first, host as tie-break" {
	{ hdr 5000; ent b 0 false 10; ent a 0 false 10; ent c 0 false 30; ent d 1 true 0; foot 4; } > "$T/h.json"
	run -0 rh-load --now $NOW --format lists "$T/h.json"
	assert_output "0 -: c a b
1 -: d"
}

# --- options and output ---

@test "rh-load --help names every option of the synopsis" {
	run -0 rh-load --help
	assert_line --index 0 --regexp '^usage: rh-load '
	for o in -q --strict --reset-failures -R --events --max-age --now --format -o; do
		assert_output --partial -- "$o"
	done
}

@test "usage errors: a bad --format, an extra operand, a bad --max-age" {
	run --separate-stderr rh-load --format json
	assert_failure "$EXIT_USAGE"
	assert_stderr "rh-load: --format: 'json' is not state, table or lists
Try 'rh-load --help'."
	run --separate-stderr rh-load a b
	assert_failure "$EXIT_USAGE"
	assert_stderr "rh-load: one history at most: 'b' is extra
Try 'rh-load --help'."
	run --separate-stderr rh-load --max-age -1d
	assert_failure "$EXIT_USAGE"
}

@test "stdin is read when no operand or '-' is given" {
	run -0 bash -c "rh-load --now $NOW < '$SAMPLES/history_v01b_1_role.json'"
	assert_line --partial '"host":"192.168.56.1"'
	run --separate-stderr bash -c "printf '{' | rh-load -"
	assert_failure "$EXIT_DATAERR"
	assert_stderr "rh-load: <stdin>:1:2: unexpected end of file: the record that starts at 1:1 is not closed"
}

@test "-o writes atomically; on failure the destination is left as it was" {
	run -0 rh-load --now $NOW -o "$T/out.json" "$SAMPLES/history_v01b_1_role.json"
	assert_output ""
	run -0 grep -c . "$T/out.json"
	assert_output 4
	echo keep > "$T/keep.json"
	run --separate-stderr rh-load -o "$T/keep.json" "$T/missing"
	assert_failure "$EXIT_NOINPUT"
	run cat "$T/keep.json"
	assert_output keep
	run --separate-stderr rh-load -o "$T/no/dir/x.json" "$SAMPLES/history_v01b_1_role.json"
	assert_failure "$EXIT_CANTCREAT"
	run --separate-stderr bash -c "rh-load '$SAMPLES/history_v01b_1_role.json' > /dev/full"
	assert_failure "$EXIT_IOERR"
	assert_stderr "rh-load: write error: No space left on device"
	run --separate-stderr closed_pipe rh-load "$SAMPLES/history_v01b_1_role.json"
	assert_success
	assert_stderr ""
}

@test "-R errors are bad configuration (78) with their position" {
	printf '{"components":{"a":{"yarn.role.priority":"1"},\n "b":{"yarn.role.priority":"1"}}}\n' > "$T/dup.json"
	run --separate-stderr rh-load -R "$T/dup.json" "$SAMPLES/history_v01b_1_role.json"
	assert_failure "$EXIT_CONFIG"
	assert_output ""
	assert_stderr "rh-load: $T/dup.json:2:28: components 'a' and 'b' have the same yarn.role.priority 1"
	printf '{"components":{"a":{"yarn.role.priority":"x1"}}}\n' > "$T/nan.json"
	run --separate-stderr rh-load -R "$T/nan.json" "$SAMPLES/history_v01b_1_role.json"
	assert_failure "$EXIT_CONFIG"
	assert_stderr "rh-load: $T/nan.json:1:42: yarn.role.priority: 'x1' is not a whole number"
	printf '{"components":{"a":{"yarn.component.instances":"1"}}}\n' > "$T/nop.json"
	run --separate-stderr rh-load -R "$T/nop.json" "$SAMPLES/history_v01b_1_role.json"
	assert_stderr "rh-load: $T/nop.json:1:20: component 'a' has no yarn.role.priority"
	printf '{"global":{"yarn.label.expression":"a&&b"},"components":{"a":{"yarn.role.priority":"1"}}}\n' > "$T/lab.json"
	run --separate-stderr rh-load -R "$T/lab.json" "$SAMPLES/history_v01b_1_role.json"
	assert_stderr "rh-load: $T/lab.json:1:36: yarn.label.expression: 'a&&b': a role takes one label, not an expression"
	printf '{"metadata":{}}\n' > "$T/none.json"
	run --separate-stderr rh-load -R "$T/none.json" "$SAMPLES/history_v01b_1_role.json"
	assert_stderr "rh-load: $T/none.json:1:1: no 'components' object: not a Slider resources.json"
	printf '{"components":{}} {}\n' > "$T/two.json"
	run --separate-stderr rh-load -R "$T/two.json" "$SAMPLES/history_v01b_1_role.json"
	assert_stderr "rh-load: $T/two.json:1:19: data after the resources object"
	run --separate-stderr rh-load -R "$T/absent.json" "$SAMPLES/history_v01b_1_role.json"
	assert_failure "$EXIT_NOINPUT"
}

@test "-R: globals are inherited, slider-appmaster defaults to id 0 and one instance" {
	cat > "$T/r.json" <<-'EOF'
	{"global":{"yarn.node.failure.threshold":"-1","yarn.placement.escalate.seconds":"5",
	  "yarn.component.placement.policy":"1","yarn.label.expression":"ssd"},
	 "components":{"slider-appmaster":{"yarn.memory":"256"},
	  "w":{"yarn.role.priority":3,"yarn.component.instances":"2","yarn.label.expression":""}}}
	EOF
	{ hdr 1000 0; foot 0; } > "$T/h.json"
	run -0 rh-load -R "$T/r.json" --now $NOW "$T/h.json"
	assert_line '{"entry":{"placekit.Role":{"name":"slider-appmaster","id":0,"desired":1,"policy":1,"failure_threshold":-1,"escalate_ms":5000,"label":"ssd"}}}'
	assert_line '{"entry":{"placekit.Role":{"name":"w","id":3,"desired":2,"policy":1,"failure_threshold":-1,"escalate_ms":5000}}}'
}
