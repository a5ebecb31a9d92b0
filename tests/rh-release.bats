#!/usr/bin/env bats
# rh-release.bats - rh-release: options, behaviour and errors, and the
# rh-load | rh-request | rh-release | rh-compact pipelines. "Case N"
# numbers a behaviour of Apache Slider's role history that a test checks,
# taken from Slider's own tests and code.
# tests/data/reqrel/release-table.json: role worker (0) live on a4 (4
# containers), a2 (2), a1 (1), idle on a0; role master (1) on a4.

load test_helper

NS=org.apache.slider.server.avro
TABLE="$DATA/reqrel/release-table.json"
F5="$DATA/reqrel/f5.json"
NOW=9000

hdr() {	# SAVED [ROLES]
	printf '{"entry":{"%s.RoleHistoryHeader":{"version":1,"saved":%s,"savedx":"%x","savedate":"1 Jan 1970 00:00:01 GMT","roles":%s}}}\n' \
	    "$NS" "$1" "$1" "${2:-3}"
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
ctr() {	# ID HOST ROLE STATE SINCE
	pk Container "\"id\":\"$1\",\"host\":\"$2\",\"role\":$3,\"state\":\"$4\",\"since\":$5"
}
rel() {	# ID HOST ROLE REASON
	pk Release "\"id\":\"$1\",\"host\":\"$2\",\"role\":$3,\"reason\":\"$4\""
}

setup() {
	T=$BATS_TEST_TMPDIR
}

@test "rh-release --help names every option of the synopsis" {
	run -0 rh-release --help
	assert_line --index 0 --regexp '^usage: rh-release '
	for o in -q -r -n --now --emit -o; do
		assert_output --partial "$o"
	done
}

# --- Slider's release table: how many containers go from which host ---

@test "the release table: a4=4, a2=2, a1=1, a0=0" {
	# count | hosts released, in order
	while IFS='|' read -r count want; do
		run --separate-stderr rh-release -r worker -n "$count" --now $NOW \
		    --emit releases "$TABLE"
		assert_success
		got=$(sed 's/.*"host":"\([^"]*\)".*/\1/' <<<"$output" | tr '\n' ' ')
		assert_equal "$count: ${got% }" "$count: $want"
	done <<-'EOF'
	1|a4
	2|a4 a4
	3|a4 a4 a4
	4|a4 a4 a4 a2
	5|a4 a4 a4 a2 a1
	6|a4 a4 a4 a2 a1 a4
	7|a4 a4 a4 a2 a1 a4 a2
	8|a4 a4 a4 a2 a1 a4 a2
	EOF
}

@test "the release table: the containers, newest first on a node, and why" {
	run --separate-stderr rh-release -r worker -n 8 --now $NOW --emit releases "$TABLE"
	assert_success
	assert_output "$(rel a4-4 a4 0 multi-instance)
$(rel a4-3 a4 0 multi-instance)
$(rel a4-2 a4 0 multi-instance)
$(rel a2-2 a2 0 multi-instance)
$(rel a1-1 a1 0 one-per-node)
$(rel a4-1 a4 0 one-per-node)
$(rel a2-1 a2 0 one-per-node)"
	assert_stderr "rh-release: warning: role 'worker': 7 of 8 instances removed (0 requests cancelled, 7 containers released): no other outstanding request or live container"
}

@test "the state: containers releasing since now, entries count them" {
	run -0 rh-release -r worker -n 5 --now $NOW "$TABLE"
	assert_output "$(sed -n 1,5p "$TABLE")
$(ent a1 0 true 50 '"releasing":1')
$(ent a2 0 true 50 '"live":2,"releasing":1')
$(ent a4 0 true 50 '"live":4,"releasing":3')
$(sed -n 9p "$TABLE")
$(ctr a1-1 a1 0 releasing $NOW)
$(ctr a2-1 a2 0 live 100)
$(ctr a2-2 a2 0 releasing $NOW)
$(ctr a4-1 a4 0 live 100)
$(ctr a4-2 a4 0 releasing $NOW)
$(ctr a4-3 a4 0 releasing $NOW)
$(ctr a4-4 a4 0 releasing $NOW)
$(sed -n '17,$p' "$TABLE")"
}

@test "a second shrink continues where the first left off" {
	rh-release -r worker -n 2 --now $NOW "$TABLE" > "$T/s.json"
	run -0 rh-release -r worker -n 3 --now $NOW --emit releases "$T/s.json"
	# active now: a2=2, a4=2 (a tie: host names), a1=1
	assert_output "$(rel a2-2 a2 0 multi-instance)
$(rel a4-2 a4 0 multi-instance)
$(rel a1-1 a1 0 one-per-node)"
}

@test "equal counts: host names decide; equal times: the greater id goes first" {
	{ hdr 0 1; ent b 0 true 0 '"live":2'; ent a 0 true 0 '"live":2'
	  ctr x1 b 0 live 5; ctr x2 b 0 live 5; ctr y1 a 0 live 7; ctr y2 a 0 live 6; foot 2; } > "$T/t.json"
	run -0 rh-release -r 0 -n 4 --now $NOW --emit releases "$T/t.json"
	assert_output "$(rel y1 a 0 multi-instance)
$(rel x2 b 0 multi-instance)
$(rel y2 a 0 one-per-node)
$(rel x1 b 0 one-per-node)"
}

@test "only live containers are released: not releasing, allocated, starting or surplus ones" {
	{ hdr 0 1; ent a 0 true 0 '"starting":2,"live":2,"releasing":1'
	  ctr c1 a 0 releasing 9; ctr c2 a 0 allocated 8; ctr c3 a 0 starting 7; ctr c4 a 0 live 1
	  pk Container '"id":"c5","host":"a","role":0,"state":"releasing","since":9,"surplus":true'
	  foot 1; } > "$T/t.json"
	run --separate-stderr rh-release -r 0 -n 3 --now $NOW --emit releases "$T/t.json"
	assert_success
	assert_output "$(rel c4 a 0 one-per-node)"
	assert_stderr "rh-release: warning: role '0': 1 of 3 instances removed (0 requests cancelled, 1 container released): no other outstanding request or live container"
}

@test "entries counting more instances than the state has containers: a warning" {
	{ hdr 0 1; ent a 0 true 0 '"live":3'; ctr c1 a 0 live 1; foot 1; } > "$T/t.json"
	run --separate-stderr rh-release -r 0 -n 2 --now $NOW --emit releases "$T/t.json"
	assert_success
	assert_output "$(rel c1 a 0 one-per-node)"
	assert_stderr "rh-release: warning: role '0': 1 of 2 instances removed (0 requests cancelled, 1 container released): no other outstanding request or live container
rh-release: warning: role '0': the entries count 3 active instances but the state holds 1 live container; only containers can be released"
	run --separate-stderr rh-release -q -r 0 -n 2 --now $NOW --emit releases "$T/t.json"
	assert_stderr ""
}

# --- cancelling requests first (cases 113-115, 127) ---

@test "testRequestThenCancelOps: outstanding requests are cancelled before anything is released (case 113)" {
	# one placed request (a0, the only idle host) and four open ones
	rh-request -r worker -n 5 --now 100 "$TABLE" > "$T/s.json"
	run -0 rh-release -r worker -n 2 --now $NOW --emit releases "$T/s.json"
	assert_output "$(pk Cancel '"role":0,"kind":"open","priority":1073741824,"issued":100')
$(pk Cancel '"role":0,"kind":"open","priority":1073741824,"issued":100')"
	run -0 rh-release -r worker -n 2 --now $NOW "$T/s.json"
	[ "$(grep -c placekit.Request <<<"$output")" -eq 3 ]
	refute_output --partial '"state":"releasing"'
	run -0 rh-release -r worker -n 5 --now $NOW --emit releases "$T/s.json"
	assert_line --index 4 "$(pk Cancel '"role":0,"kind":"placed","host":"a0","priority":0,"issued":100,"deadline":30100')"
}

@test "testCancelAllOutstandingRequests: open ones first, oldest first, then placed ones newest first (case 114)" {
	{ hdr 0 1; ent a 0 false 5; ent b 0 false 4; ent c 0 false 3
	  pk Request '"role":0,"kind":"placed","host":"a","priority":0,"issued":10,"deadline":99'
	  pk Request '"role":0,"kind":"open","priority":1073741824,"issued":20'
	  pk Request '"role":0,"kind":"placed","host":"b","priority":0,"issued":30,"deadline":99'
	  pk Request '"role":0,"kind":"escalated","host":"c","priority":1073741824,"issued":5'
	  pk Request '"role":0,"kind":"open","priority":1073741824,"issued":50'
	  foot 3; } > "$T/s.json"
	run -0 rh-release -r 0 -n 5 --now $NOW --emit releases "$T/s.json"
	assert_output "$(pk Cancel '"role":0,"kind":"open","priority":1073741824,"issued":20')
$(pk Cancel '"role":0,"kind":"escalated","host":"c","priority":1073741824,"issued":5')
$(pk Cancel '"role":0,"kind":"open","priority":1073741824,"issued":50')
$(pk Cancel '"role":0,"kind":"placed","host":"b","priority":0,"issued":30,"deadline":99')
$(pk Cancel '"role":0,"kind":"placed","host":"a","priority":0,"issued":10,"deadline":99')"
	run -0 rh-release -r 0 -n 5 --now $NOW "$T/s.json"
	refute_output --partial placekit.Request
}

@test "testFlexDownOutstandingRequests: 2 cancels and 1 release for a shrink of 3 (case 115)" {
	{ hdr 0 1; ent 00000000 0 true 0 '"live":2'
	  ctr c1 00000000 0 live 1; ctr c2 00000000 0 live 2
	  pk Request '"role":0,"kind":"open","priority":1073741824,"issued":1'
	  pk Request '"role":0,"kind":"open","priority":1073741824,"issued":1'
	  foot 1; } > "$T/s.json"
	run -0 rh-release -r 0 -n 3 --now $NOW --emit releases "$T/s.json"
	assert_output "$(pk Cancel '"role":0,"kind":"open","priority":1073741824,"issued":1')
$(pk Cancel '"role":0,"kind":"open","priority":1073741824,"issued":1')
$(rel c2 00000000 0 multi-instance)"
	run -0 rh-release -r 0 -n 3 --now $NOW "$T/s.json"
	assert_line "$(ent 00000000 0 true 0 '"live":2,"releasing":1')"
}

@test "an anti-affinity role's outstanding request is cancelled too" {
	{ hdr 0 1; pk Role '"name":"aa","id":0,"desired":0,"policy":4,"failure_threshold":3,"escalate_ms":1000'
	  pk Node '"host":"n1","state":"RUNNING"'; foot 0; } > "$T/t.json"
	rh-request -r aa -n 1 --now 7 "$T/t.json" > "$T/s.json"
	run -0 rh-release -r aa -n 1 --now $NOW --emit releases "$T/s.json"
	assert_output "$(pk Cancel '"role":0,"kind":"aa","hosts":["n1"],"priority":0,"issued":7')"
}

@test "a cancelled placed request's host is available again (unlike Slider, case 127)" {
	rh-request -r role0 -n 1 --now 100 "$F5" > "$T/s.json"
	run -0 rh-load --format lists "$T/s.json"
	assert_line --index 0 "0 role0: age2-[0,0,0]"
	run -0 bash -c "rh-release -r role0 -n 1 --now $NOW '$T/s.json' | rh-load --format lists -"
	assert_line --index 0 "0 role0: age3-[0,0,0] age2-[0,0,0]"
}

@test "other roles' requests and containers are left alone" {
	rh-request -r master -n 1 --now 100 "$TABLE" > "$T/s.json"
	run -0 rh-release -r worker -n 1 --now $NOW --emit releases "$T/s.json"
	assert_output "$(rel a4-4 a4 0 multi-instance)"
	run -0 rh-release -r master -n 2 --now $NOW --emit releases "$T/s.json"
	assert_output "$(pk Cancel '"role":1,"kind":"open","priority":1073741825,"issued":100')
$(rel m-1 a4 1 one-per-node)"
}

# --- output, options ---

@test "-n 0 is a valid no-op: the state comes back byte for byte" {
	run --separate-stderr rh-release -r worker -n 0 --now $NOW "$TABLE"
	assert_success
	assert_stderr ""
	assert_output "$(cat "$TABLE")"
	run -0 rh-release -r worker -n 0 --now $NOW --emit releases "$TABLE"
	assert_output ""
}

@test "the role by name or id, input from a file, stdin or '-': the same bytes" {
	run -0 rh-release -r worker -n 3 --now $NOW "$TABLE"
	want=$output
	run -0 rh-release --role 0 --count 3 --now $NOW "$TABLE"
	assert_output "$want"
	run -0 bash -c "rh-release -r worker -n 3 --now $NOW < '$TABLE'"
	assert_output "$want"
	run -0 bash -c "rh-release -r worker -n 3 --now $NOW - < '$TABLE'"
	assert_output "$want"
	# and what it prints, rh-load takes as it is
	rh-load - <<<"$want" > "$T/again"
	assert_equal "$(cat "$T/again")" "$want"
}

@test "--now: ISO-8601 or milliseconds" {
	run -0 rh-release -r worker -n 1 --now 1970-01-01T00:00:09Z "$TABLE"
	assert_line "$(ctr a4-4 a4 0 releasing 9000)"
}

@test "-o FILE writes atomically; a failed run leaves it as it was" {
	run -0 rh-release -r worker -n 1 --now $NOW -o "$T/out.json" "$TABLE"
	assert_output ""
	grep -qF "$(ctr a4-4 a4 0 releasing $NOW)" "$T/out.json"
	cp "$T/out.json" "$T/before"
	run rh-release -r nosuch -n 1 --now $NOW -o "$T/out.json" "$TABLE"
	assert_failure "$EXIT_DATAERR"
	cmp "$T/before" "$T/out.json"
	run rh-release -r worker -n 1 --now $NOW -o "$T/nodir/out.json" "$TABLE"
	assert_failure "$EXIT_CANTCREAT"
}

# --- errors ---

@test "a role not in the history is bad data, exit 65" {
	run --separate-stderr rh-release -r nosuch -n 1 --now $NOW "$TABLE"
	assert_failure "$EXIT_DATAERR"
	assert_output ""
	assert_stderr "rh-release: $TABLE: role 'nosuch' is not in the history; its roles are 0 worker, 1 master"
	run --separate-stderr rh-release -r 2 -n 1 --now $NOW "$TABLE"
	assert_failure "$EXIT_DATAERR"
	assert_stderr "rh-release: $TABLE: role '2' is not in the history; its roles are 0 worker, 1 master"
}

@test "a bad -r or -n form is a usage error, exit 64" {
	for args in "-r worker -n -3:-n: -3 is too small (at least 0)" \
	    "-r worker -n three:-n: 'three' is not a number" \
	    "-r worker -n 2000000:-n: 2000000 is too large (at most 1000000)" \
	    "-r worker:-r needs -n COUNT" \
	    "-n 1:-n needs -r ROLE" \
	    ":-r ROLE and -n COUNT are needed" \
	    "-r worker -n 1 --emit requests:--emit: 'requests' is not state or releases"; do
		run --separate-stderr rh-release ${args%%:*} --now $NOW "$TABLE"
		assert_failure "$EXIT_USAGE"
		assert_output ""
		assert_stderr "rh-release: ${args#*:}
Try 'rh-release --help'."
	done
	run --separate-stderr rh-release --escalate -r worker -n 1 "$TABLE"
	assert_failure "$EXIT_USAGE"
	run --separate-stderr rh-release -r '' -n 1 "$TABLE"
	assert_failure "$EXIT_USAGE"
	assert_stderr "rh-release: -r: the role is empty
Try 'rh-release --help'."
}

@test "an inconsistent state (a container on a host with no entry) is bad data naming it" {
	{ hdr 0 1; ent a 0 true 0; ctr c1 a 0 live 1; ctr c2 b 0 live 2; foot 1; } > "$T/t.json"
	run --separate-stderr rh-release -r 0 -n 1 --now $NOW "$T/t.json"
	assert_failure "$EXIT_DATAERR"
	assert_output ""
	assert_stderr "rh-release: $T/t.json: inconsistent state: container 'c2' is on host 'b', which has no entry for role 0"
}

@test "input errors: missing file 66, broken input 65; a full stdout 74; a closed pipe quiet" {
	run --separate-stderr rh-release -r 0 -n 1 "$T/nope.json"
	assert_failure "$EXIT_NOINPUT"
	printf '{"entry":' > "$T/b.json"
	run --separate-stderr rh-release -r 0 -n 1 "$T/b.json"
	assert_failure "$EXIT_DATAERR"
	assert_output ""
	run --separate-stderr bash -c "rh-release -r worker -n 1 --now $NOW '$TABLE' > /dev/full"
	assert_failure "$EXIT_IOERR"
	run --separate-stderr closed_pipe rh-release -r worker -n 1 --now $NOW "$TABLE"
	assert_success
	assert_stderr ""
}

@test "a record cut short in the middle of the history is reported where it begins" {
	run --separate-stderr rh-release -r regionserver -n 1 --now 2026-11-22T10:00:00Z "$DATA/cut/swallow.json"
	assert_failure "$EXIT_DATAERR"
	assert_output ""
	assert_stderr "rh-release: $DATA/cut/swallow.json:6:1: this record is not closed: it runs into the record at 7:1 (a line cut short?)"
	run --separate-stderr bash -c "rh-release -r regionserver -n 1 < '$DATA/cut/line.json'"
	assert_stderr "rh-release: <stdin>:4:1: this record is not closed: it runs into the record at 5:1 (a line cut short?)"
}

# --- pipelines ---

@test "rh-load | rh-request | rh-release: a release completes through rh-load's events" {
	# two more instances started on age3 and age2 (7 are live, 9 desired),
	# then a shrink by one: both are single-instance nodes, age2 sorts first
	sed 's/"name":"role0","id":0,"desired":0/"name":"role0","id":0,"desired":9/' "$F5" > "$T/f5.json"
	printf '%s\n' \
	    '{"event":"allocated","container":"c1","host":"age3-[0,0,0]","priority":0,"time":5100}' \
	    '{"event":"allocated","container":"c2","host":"age2-[0,0,0]","priority":0,"time":5200}' \
	    '{"event":"started","container":"c1","time":5300}' \
	    '{"event":"started","container":"c2","time":5400}' > "$T/ev1"
	rh-load "$T/f5.json" | rh-request -r role0 -n 2 --now 5000 |
	    rh-load --events "$T/ev1" - | rh-release -r role0 -n 1 --now 6000 > "$T/s.json"
	run -0 grep -F -e placekit.Container -e placekit.Request "$T/s.json"
	assert_output "$(ctr c1 'age3-[0,0,0]' 0 live 5300)
$(ctr c2 'age2-[0,0,0]' 0 releasing 6000)"
	run -0 cat "$T/s.json"
	assert_line "$(ent 'age2-[0,0,0]' 0 true 2 '"releasing":1')"
	# an entry whose instances are all being released is available (Slider's
	# isAvailable, case 70)
	run -0 rh-load --format lists "$T/s.json"
	assert_line --index 0 "0 role0: age2-[0,0,0]"
	# the release completes: the entry is idle, last used then
	echo '{"event":"completed","container":"c2","exit_status":-105,"time":7000}' > "$T/ev2"
	run -0 rh-load --events "$T/ev2" "$T/s.json"
	assert_line "$(ent 'age2-[0,0,0]' 0 false 7000)"
	refute_output --partial '"id":"c2"'

}

@test "rh-load | rh-request | rh-release | rh-compact, end to end" {
	rh-load -R "$DATA/history/mock3.json" --now 1500000000000 --max-age 0 \
	    "$DATA/slider-samples/history-v01-3-role.json" |
	    rh-request -r role0 -n 2 --now 1500000000000 |
	    rh-release -r role0 -n 1 --now 1500000001000 > "$T/s.json"
	# .85 is role0's only host: a placed request and an open one; the
	# shrink cancels the open one
	run -0 grep -F placekit.Request "$T/s.json"
	assert_output "$(pk Request '"role":0,"kind":"placed","host":"192.168.1.85","priority":0,"issued":1500000000000,"deadline":1500000001000')"
	run -0 rh-compact --now 1500000002000 - < "$T/s.json"
	refute_output --partial placekit.
	rh-compact --now 1500000002000 - < "$T/s.json" > "$T/c.json"
	run -0 rh-load --strict --max-age 0 --now 1500000002000 "$T/c.json"
}
